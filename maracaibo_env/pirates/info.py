"""Pirates of Maracaibo's row of the game table (maracaibo_env/registry.py),
by "module:attribute" strings imported on first use (no engine is imported here)."""
from ..registry import GameInfo, register

GAME = register(GameInfo(
    id="pirates", title="Pirates of Maracaibo",
    game="maracaibo_env.pirates.game:Game", replay_format="pirates-replay",
    adapter="maracaibo_env.pirates.match:PiratesAdapter",
    hint_agent="strongest",
    # docs/agents.md: mcts beats every heuristic (2-3 players) and Jordan (k = 0) most often
    strongest={1: "mcts", 2: "mcts", 3: "mcts", 4: "mcts"},
    solo_opponent="Jordan", solo_log="jordan_log",
    solo_note=("jordan = Pirates' solo opponent (SOLO-35): raids / effects = his raid / explore track "
               "VP, card_vp = 6 per card acquired, residences = 15 each, quests = 5 each; a tie "
               "goes to him (SOLO-37)."),
    gym_id="maracaibo_env/Pirates-v0", gym_entry="maracaibo_env.pirates.single:PiratesSingleEnv",
    openspiel="maracaibo_env.pirates.openspiel:PIRATES",
    determinize="maracaibo_env.pirates.game:Game.determinize",
    view="maracaibo_env.pirates.view",
    vector="maracaibo_env.pirates.vector",
    compile_parts="maracaibo_env.pirates.warm:COMPILE_PARTS",
    calibration_stats="maracaibo_env.pirates.calibration_stats",
    calibration_targets="maracaibo_env.pirates:data/calibration.toml",
    agents="maracaibo_env.pirates.agents.kinds",
    ladder=("random", "raider:eps=0.8", "raider:eps=0.6", "raider:eps=0.4", "raider:eps=0.2", "raider", "tuned",
            "strategist:eps=0.2", "strategist:eps=0.1", "strategist:eps=0.05", "strategist")))

"""Maracaibo's row of the game table (maracaibo_env/registry.py): everything a
tool needs to find about the game, by "module:attribute" strings imported on
first use, so importing this module imports no engine."""
from ..registry import GameInfo, register

GAME = register(GameInfo(
    id="maracaibo", title="Maracaibo",
    game="maracaibo_env.maracaibo.game:Game", replay_format="maracaibo-replay",
    adapter="maracaibo_env.maracaibo.match:MaracaiboAdapter",
    hint_agent="strongest",
    # docs/agents.md "strongest". On the data before issue 25's calibration mcts was the
    # strongest 1-2 player agent; on the calibrated data tuned beats it (2p: 62.3% [55, 69]
    # of 200 games; solo vs Jean easy / medium: 68% / 52% against mcts's 60% / 43%, 60 deals)
    # and beats fast (54.5% [51, 58] of 1,000); in 3-4 player games the re-weighted heuristics
    # win 47-48% / 40%: fast (tuned's weights, lean lookahead) as often as tuned in 1.7x fewer
    # seconds (measured on the earlier data)
    strongest={1: "tuned", 2: "tuned", 3: "fast", 4: "fast"},
    solo_opponent="Jean", solo_log="jean_log",
    solo_note=("automa = VP Jean scores by the Automa rules: the VP on her cards and her "
               "end-of-game bonuses (quests, Automa-track and explorer leads). Her influence, "
               "noble-rank and other VP are in their own rows."),
    gym_id="maracaibo_env/Maracaibo-v1", gym_entry="maracaibo_env.maracaibo.single:MaracaiboSingleEnv",
    openspiel="maracaibo_env.maracaibo.openspiel:MARACAIBO",
    determinize="maracaibo_env.maracaibo.game:Game.determinize",
    view="maracaibo_env.maracaibo.view",
    vector="maracaibo_env.maracaibo.vector",
    compile_parts="maracaibo_env.maracaibo.warm:COMPILE_PARTS",
    calibration_stats="maracaibo_env.maracaibo.calibration_stats",
    calibration_targets="maracaibo_env.maracaibo:data/calibration.toml",
    data_ensemble="maracaibo_env.maracaibo.ensemble",
    demo="maracaibo_env.maracaibo.demo:MaracaiboDemo",
    # the weak rungs play a random move with chance eps and look `depth` own decisions ahead
    agents="maracaibo_env.maracaibo.agents.kinds",
    ladder=("random", "balanced:eps=0.9:depth=0", "balanced:eps=0.6:depth=0", "balanced:eps=0.3:depth=0",
            "balanced:depth=0", "balanced:eps=0.2:depth=1",
            "balanced:eps=0.1:depth=1", "balanced:depth=1", "balanced", "tuned")))

"""Maracaibo's vector training env: N games, one learner seat each, the
opponents played inside numba. The env itself is the framework's
(maracaibo_env/framework/vector.py, shared with Pirates); this module is
Maracaibo's plug-in: its Batch, its pass kernels
(maracaibo_env/maracaibo/agents/opponents.py), its seats' tables and its
set-up row (story, solo level, campaign start).

    from maracaibo_env.maracaibo.vector import LearnerGames, sb3_vec_env
    v = LearnerGames(1024, num_players=2, opponents="balanced", seed=0)
    obs = v.reset()                                   # (N, OBS_SIZE) learner observations
    obs, rewards, dones, infos = v.step(actions)      # one learner action per game
    masks = v.action_masks()                          # (N, NUM_ACTIONS) bool

    env = sb3_vec_env(1024, opponents="curriculum", obs_type="float")   # a stable-baselines3 VecEnv
    # sb3-contrib MaskablePPO("MlpPolicy", env) finds env.env_method("action_masks")

Each game has one learner seat (random per game, or fixed with
`learner_seat`); every other seat is an opponent: an agent spec of a kind
the compiled engine plays (the agent table's ``compiled`` kinds: "random", a
heuristic such as "balanced" or a ladder rung such as "balanced:eps=0.3:depth=0"),
a `Curriculum` ("curriculum": the game's opponent ladder, maracaibo_env.agents.ladder,
climbed by the learner's win rate), or a Python policy `policy(observations, masks) -> actions`
asked once for all games where that policy must act (one forward pass for
the whole batch: self-play against frozen snapshots costs one call per
opponent move, not one per game). `num_players=1` plays against Jean
(`difficulty=...`); her turns are the engine's. Finished games restart at once
(auto-reset); the step that ends a game returns its reward, done=True and
the final observation in `infos[i]["terminal_observation"]`; the other
games' infos are one shared, read-only empty dict (`NO_INFO`).

``obs_type="float"``: every observation that leaves the class (returned,
terminal, and those given to policy opponents) is float32 in [-1, 1], the
whole (N, OBS_SIZE) array converted at once (`framework.obs_spec.FloatTransform`,
docs/observation.md); "int" (default): the int32 arrays as they are.

Rewards (the single-agent env's): "win_loss" +1 a sole win, 0 a shared win,
-1 a loss (solo: a tie goes to Jean, END-02); "vp_margin" (learner VP - best
other VP) / 100. Zero before the end.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from ..agents.ladder import ladder
from ..agents.registry import compiled_opponent
from ..framework import vector as V
from ..framework.vector import NO_INFO, Policy, REWARD_MODES  # re-exported (__all__)
from .batch import Batch
from .core import constants as L
from .core.actions import NUM_ACTIONS
from .core.obs_spec import OBS
from .core.observe import OBS_SIZE
from .core.options import LEGACY_TILES
from .game import option_bits

__all__ = ["LearnerGames", "sb3_vec_env", "gym_vector_env", "observation_space", "NO_INFO", "REWARD_MODES",
           "Policy", "VECTOR"]


def _seat_tables(agents: list, catalog) -> tuple[np.ndarray, tuple]:
    """The heuristics' stacked tables (agents: HeuristicAgent or None = random),
    in play_rows' order: W, lookahead, card_base, card_bonus, career_val, deck_val, shared."""
    from .agents.fast_play import SeatTables
    t = SeatTables(agents, catalog)
    return t.kinds, (t.W, t.lookahead, t.card_base, t.card_bonus, t.career_val, t.deck_val, *t.shared)


def _setup(batch, campaign=None) -> tuple[np.ndarray, dict]:
    """play_rows' set-up row: num_players, story, difficulty, automa table (as
    Batch's reset); a campaign game: story -1 and its start (core/story.start_from's
    array) after them. The env's `campaign` attribute: the start, or None."""
    if campaign is None:
        return np.array([batch.num_players, *batch._opts], np.int64), {"campaign": None}
    from .description import campaign_start
    from .campaign_start import start_template
    start = campaign_start(campaign, batch.catalog)
    table = option_bits(legacy=[t for t in LEGACY_TILES if t in start["legacy"]])
    _, diff, _ = batch._opts
    setup = np.array([batch.num_players, -1, diff, table, *start_template(start, batch.catalog)], np.int64)
    return setup, {"campaign": start}


GAME = "maracaibo"
VECTOR = V.VectorGame(
    game=GAME, batch_class=Batch, kernels="maracaibo_env.maracaibo.agents.opponents",
    obs_size=OBS_SIZE, num_actions=NUM_ACTIONS, obs=OBS, max_players=L.MAX_P,
    read_opponent=partial(compiled_opponent, game=GAME), ladder=partial(ladder, GAME),
    seat_tables=_seat_tables, setup=_setup,
    tie_break=None,      # END-01: seats tied for the most VP share the win
    solo_tie=-1.0)       # END-02: a tie goes to Jean


class LearnerGames(V.LearnerGames):
    """N Maracaibo games advanced to their learner's turn (see the module docstring).

    :param n: games.
    :param num_players: 1 (solo vs Jean), 2, 3 or 4.
    :param opponents: one spec for every opponent seat, or one per seat
        (num_players entries; the learner's entry is ignored): an agent spec
        the compiled engine plays ("random", a heuristic such as "balanced"
        or "balanced:eps=0.5:depth=0"; see maracaibo_env.agents.registry), or
        a callable policy; or a `Curriculum` (or "curriculum": one over the
        game's opponent ladder, maracaibo_env.agents.ladder) that picks each new
        game's opponents, all seats from one rung, by the learner's win rate.
    :param learner_seat: None = a random seat per game (drawn at every reset),
        or a fixed seat.
    :param seed: game i's first seed is seed + i; later games continue.
    :param reward: "win_loss" or "vp_margin".
    :param difficulty: solo only: Jean's level. :param story: story card 75, 76 or 77.
    :param data_dir: play with your edited game data.
    :param obs_type: "int" (int32 observations) or "float" (float32 in [-1, 1];
        policy opponents get the same kind).
    :param campaign: every game a campaign game from this start: "new" (story
        card 01), a chapter 2..11, a ``maracaibo_env.maracaibo.campaign.Campaign`` (its
        archive now) or a start dict (see ``Game``), e.g. to train on a chapter.
    """
    plugin = VECTOR

    def __init__(self, n: int, num_players: int = 2, opponents="random",
                 learner_seat: int | None = None, seed: int = 0, reward: str = "win_loss",
                 difficulty: str = "medium", story: int = 75, data_dir=None, obs_type: str = "int",
                 campaign=None):
        super().__init__(n, num_players, opponents, learner_seat, seed, reward, obs_type,
                         options={"story": story, "difficulty": difficulty, "data_dir": data_dir},
                         extra={"campaign": campaign})



# observation_space(obs_type), sb3_vec_env(n, **kwargs), gym_vector_env(n, **kwargs) over LearnerGames
observation_space, sb3_vec_env, gym_vector_env = V.env_builders(LearnerGames)

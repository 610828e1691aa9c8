"""Pirates of Maracaibo's vector training env: N games, one learner seat
each, the opponents played inside numba. The env is the framework's
(maracaibo_env/framework/vector.py, shared with Maracaibo, whose docstring
has the details); this module is Pirates' plug-in: its Batch, its pass
kernels (maracaibo_env/pirates/agents/opponents.py), its heuristics' tables,
its set-up row and its tie-break.

    from maracaibo_env.pirates.vector import LearnerGames, sb3_vec_env
    v = LearnerGames(1024, num_players=3, opponents="raider:eps=0.4", seed=0)
    obs = v.reset()                                   # (N, OBS_SIZE) learner observations
    obs, rewards, dones, infos = v.step(actions)      # one learner action per game
    masks = v.action_masks()                          # (N, NUM_ACTIONS) bool

    env = sb3_vec_env(1024, opponents="curriculum", obs_type="float")   # a stable-baselines3 VecEnv
    # sb3-contrib MaskablePPO("MlpPolicy", env) finds env.env_method("action_masks")

Opponents: "random", a heuristic of maracaibo_env.pirates.agents.heuristics
("raider", "explorer", "builder", "tuned", "strategist", ... with ``:eps=X``, a
random move with chance X), one spec per seat, a Python policy
``policy(observations, masks) -> actions`` (asked once for all games where
it must act), or "curriculum" (Pirates' opponent ladder, climbed by win rate).
`num_players=1` is the solo game against Jordan (``difficulty=k``: k B cards in
his deck, SOLO-05); the engine plays his turns, the learner is seat 0.

Rewards: "win_loss" +1 a sole win, 0 a shared win, -1 a loss, a tie in VP
broken by buried treasures (TIE-01..03, as ``Game.winners()``); solo: +1 only
with more VP than Jordan (a tie goes to him, SOLO-37), else -1. "vp_margin"
(learner VP - best other VP) / 100. Zero before the end.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from ..agents.ladder import ladder
from ..agents.registry import compiled_opponent
from ..framework import vector as V
from ..framework.options import unknown_options
from ..framework.vector import NO_INFO, Policy, REWARD_MODES  # re-exported (__all__)
from .batch import Batch
from .core.actions import NUM_ACTIONS
from .core.layout import MAX_P
from .core.observe import OBS, OBS_SIZE
from .game import OPTIONS

__all__ = ["LearnerGames", "sb3_vec_env", "gym_vector_env", "observation_space", "NO_INFO", "REWARD_MODES",
           "Policy", "VECTOR"]


def _seat_tables(seats: list, catalog) -> tuple[np.ndarray, tuple]:
    from .agents.opponents import seat_tables
    return seat_tables(seats, catalog)


def _setup(batch) -> tuple[np.ndarray, dict]:
    """play_rows' set-up row: num_players and the core's set-up int (layout,
    modules, difficulty), as Batch's reset; no attributes."""
    return np.array([batch.num_players, batch._layout], np.int64), {}


def _buried_treasures(states: np.ndarray, seats: int) -> np.ndarray:
    """(k, seats): each seat's buried treasures, Poseidon's included (TIE-02):
    Game.winners()'s tie-break, with the same function."""
    from .core.common import buried_total
    return np.array([[buried_total(st, p) for p in range(seats)] for st in states], np.int64).reshape(-1, seats)


GAME = "pirates"
VECTOR = V.VectorGame(
    game=GAME, batch_class=Batch, kernels="maracaibo_env.pirates.agents.opponents",
    obs_size=OBS_SIZE, num_actions=NUM_ACTIONS, obs=OBS, max_players=MAX_P,
    read_opponent=partial(compiled_opponent, game=GAME), ladder=partial(ladder, GAME),
    seat_tables=_seat_tables, setup=_setup,
    tie_break=_buried_treasures,   # TIE-02: most buried treasures; still tied: shared (TIE-03)
    solo_tie=-1.0)                 # SOLO-37: a tie goes to Jordan


class LearnerGames(V.LearnerGames):
    """N Pirates games advanced to their learner's turn (see the module docstring
    and maracaibo_env.framework.vector).

    :param n: games.
    :param num_players: 1 (solo against Jordan), 2, 3 or 4.
    :param opponents: one spec for every opponent seat, or one per seat
        (num_players entries; the learner's entry is ignored): an agent spec
        the compiled engine plays ("random", "raider", "strategist:eps=0.1",
        ...; see maracaibo_env.agents.registry), or a callable policy; or a
        `Curriculum` (or "curriculum": one over Pirates' opponent ladder,
        maracaibo_env.agents.ladder) that picks each new game's opponents,
        all seats from one rung, by the learner's win rate.
    :param learner_seat: None = a random seat per game (drawn at every reset),
        or a fixed seat.
    :param seed: game i's first seed is seed + i; later games continue.
    :param reward: "win_loss" or "vp_margin".
    :param obs_type: "int" (int32 observations) or "float" (float32 in [-1, 1];
        policy opponents get the same kind).
    :param layout: a Caribbean layout key (default: the data's).
    :param data_dir: play with your edited game data.
    :param options: the options of `Game` for every game: the modules
        (fog_locations, fog_improvements, skirmish, quest_hunters, rubies,
        retirement: True/False) and difficulty (solo only: Jordan's B cards).
    """
    plugin = VECTOR

    def __init__(self, n: int, num_players: int = 2, opponents="random", learner_seat: int | None = None,
                 seed: int = 0, reward: str = "win_loss", obs_type: str = "int", layout: str | None = None,
                 data_dir=None, **options):
        # only Game's options: Batch's own keywords (auto_reset, catalog) would break the env
        unknown_options({k: v for k, v in options.items() if k not in {o.name for o in OPTIONS}}, OPTIONS,
                        "n, num_players, opponents, learner_seat, seed, reward, "
                        "obs_type, layout, data_dir")
        super().__init__(n, num_players, opponents, learner_seat, seed, reward, obs_type,
                         options={"layout": layout, "data_dir": data_dir, **options})



# observation_space(obs_type), sb3_vec_env(n, **kwargs), gym_vector_env(n, **kwargs) over LearnerGames
observation_space, sb3_vec_env, gym_vector_env = V.env_builders(LearnerGames)

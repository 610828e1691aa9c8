"""Observation transforms and the single-agent env factory (gymnasium only; no torch here).

The envs' observations are int32 vectors whose fields range from 0..1 flags
to packed task words in the tens of thousands (see
`maracaibo_env.Game.observation_spec()` and docs/observation.md). An MLP
learns poorly from such raw magnitudes. Three ways to a network-ready float32
vector, named in `OBS_TRANSFORMS` (the trainer's ``--obs-transform``):

* ``scaled`` (`ScaledObservation`): each entry scaled into [-1, 1] by its
  declared bounds, symlog on the few very wide fields
  (`framework.obs_spec.FloatTransform`): what ``obs_type="float"`` gives on
  the envs themselves (AEC, single-agent and vector envs);
* ``symlog`` (`SymlogObservation`): every entry through ``sign(x) * log1p(|x|)``
  (0 -> 0, 1 -> 0.69, 8 -> 2.2, 156 -> 5.1, 65547 -> 11.1), no per-field
  scale, keeps the ordering and sign of every value;
* ``float`` (`FloatObservation`): a plain cast.

Each is a `gymnasium.ObservationWrapper` that passes `action_masks()` through
unchanged, and its ``transform(box)`` gives the array function and the new Box
for whole batches (the trainer, `maracaibo_env.training.ppo`, applies it to
the vector env). `make_env_fn` builds a picklable factory of wrapped
`MaracaiboSingleEnv` instances, its opponents read from agent specs by
`maracaibo_env.agents.registry` (`env_config`).
"""
from __future__ import annotations

from typing import Any, Callable

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..framework.obs_spec import FloatTransform

EnvFactory = Callable[[], Any]
Transform = Callable[[np.ndarray], np.ndarray]

__all__ = ["symlog", "SymlogObservation", "FloatObservation", "ScaledObservation", "OBS_TRANSFORMS",
           "EnvFactory", "opponent_specs", "env_config", "make_env_fn"]


def symlog(x: np.ndarray) -> np.ndarray:
    """sign(x) * log1p(|x|) as float32 (float64 math, so int32 extremes stay finite)."""
    x = np.asarray(x, np.float64)
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


def _cast(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float32)


class _MaskedObservation(gym.ObservationWrapper):
    """An observation wrapper given by ``transform(box) -> (function, new Box)``."""

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = env.observation_space
        if not isinstance(box, spaces.Box):
            raise TypeError(f"{type(self).__name__} needs a Box observation space, got {box!r}")
        self._fn, self.observation_space = self.transform(box)

    @staticmethod
    def transform(box: spaces.Box) -> tuple[Transform, spaces.Box]:
        raise NotImplementedError

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """One observation, transformed (float32)."""
        return self._fn(observation)

    def action_masks(self) -> np.ndarray:
        """The wrapped env's legal-action mask (what MaskablePPO reads)."""
        return self.env.get_wrapper_attr("action_masks")()


class SymlogObservation(_MaskedObservation):
    """float32 ``symlog`` of the wrapped env's integer Box observation.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    @staticmethod
    def transform(box: spaces.Box) -> tuple[Transform, spaces.Box]:
        """(symlog, the Box of its values) for observations in `box` (any leading shape)."""
        return symlog, spaces.Box(low=symlog(box.low), high=symlog(box.high), shape=box.shape,
                                  dtype=np.float32)


class FloatObservation(_MaskedObservation):
    """The wrapped env's observation cast to float32, values unchanged.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    @staticmethod
    def transform(box: spaces.Box) -> tuple[Transform, spaces.Box]:
        """(a float32 cast, the Box of its values) for observations in `box`."""
        return _cast, spaces.Box(low=box.low.astype(np.float32), high=box.high.astype(np.float32),
                                 shape=box.shape, dtype=np.float32)


class ScaledObservation(_MaskedObservation):
    """Each entry scaled into [-1, 1] by the wrapped int Box's bounds: the
    transform of ``obs_type="float"`` (`framework.obs_spec.FloatTransform`),
    for an env built with the default ``obs_type="int"``.

    :param env: an env with a 1-D integer ``Box`` observation space.
    """

    @staticmethod
    def transform(box: spaces.Box) -> tuple[Transform, spaces.Box]:
        """(the FloatTransform of `box`'s bounds, its [-1, 1] Box); `box` a 1-D integer Box."""
        if box.dtype.kind not in "iu" or len(box.shape) != 1:
            raise TypeError(f"ScaledObservation needs a 1-D integer Box, got {box!r}")
        fn = FloatTransform(box.low, box.high)
        return fn, fn.box()


OBS_TRANSFORMS = {"symlog": SymlogObservation, "float": FloatObservation, "scaled": ScaledObservation}


# ---- the single-agent env factory -------------------------------------------------------
GAME = "maracaibo"


def opponent_specs(opponent: str) -> list[str]:
    """The agent specs of an ``--opponent`` text: comma-separated, one per opponent."""
    return [s.strip() for s in opponent.split(",")]


def env_config(players: int | None, opponent: str, game: str = GAME) -> tuple[int, dict[str, Any]]:
    """(num_players, the solo game's options) of the ``--opponent`` and ``--players`` options.

    The specs are read by the agent registry (`maracaibo_env.agents.registry`):
    a seat's agent (``random``, ``balanced``, ``balanced:eps=0.3:depth=0``, ...),
    one for every opponent or one per opponent, or the game's solo opponent
    (``jean:<level>``; ``jean`` alone: the game's default level), which is the
    only opponent of a solo game: its row's ``solo_game`` gives the options
    ({"difficulty": "hard"}).

    :param players: 1 (solo), 2, 3 or 4; None picks 1 for the solo opponent, else 2.
    :param opponent: comma-separated agent specs.
    :param game: the game whose agent table reads them (a registered game id).
    :raises ValueError: for an unknown spec or a line-up that does not fit `players`.
    """
    from ..agents.registry import kind_of, parse_spec, solo_kind
    specs = opponent_specs(opponent)
    solo_row = solo_kind(game)
    parsed = [None if solo_row is not None and s == solo_row.kind else parse_spec(s, game) for s in specs]
    solo = [p is None or not kind_of(p).seat for p in parsed]
    if any(solo):
        if len(specs) != 1:
            raise ValueError(f"{specs[solo.index(True)]!r} is the solo opponent: the only one (a solo game)")
        if players not in (None, 1):
            raise ValueError(f"{specs[0]!r} is the solo opponent: a solo game (--players 1), "
                             f"got --players {players}")
        return 1, {} if parsed[0] is None else kind_of(parsed[0]).solo_game(parsed[0])
    n = 2 if players is None else players
    if n == 1:
        raise ValueError("--players 1 is a solo game: its opponent is "
                         + (", ".join(solo_row.spec_forms()) if solo_row is not None else "none"))
    if len(specs) not in (1, n - 1):
        raise ValueError(f"--opponent needs 1 or {n - 1} comma-separated specs for {n} players, "
                         f"got {len(specs)}")
    return n, {}


def make_env_fn(players: int | None = 2, opponent: str = "random", reward: str = "win_loss",
                obs_transform: str = "symlog", learner_seat: int | None = None) -> EnvFactory:
    """A picklable factory of wrapped MaracaiboSingleEnv instances (for DummyVecEnv/SubprocVecEnv,
    or to play a trained model game by game).

    :param players: see `env_config`.
    :param opponent: comma-separated agent specs (see `env_config`); the env
        builds its agents, so each (sub)process gets its own objects.
    :param reward: "win_loss" or "vp_margin" (MaracaiboSingleEnv's reward modes).
    :param obs_transform: a key of `OBS_TRANSFORMS`: "symlog" (default), "float"
        or "scaled" (the same as the env's obs_type="float").
    :param learner_seat: the learner's seat, or None for a random seat each game.
    """
    n, solo = env_config(players, opponent)
    if obs_transform not in OBS_TRANSFORMS:
        raise ValueError(f"obs_transform must be one of {sorted(OBS_TRANSFORMS)}, got {obs_transform!r}")
    specs = opponent_specs(opponent)
    opponents = () if n == 1 else specs if len(specs) == n - 1 else specs[0]

    def factory():
        from ..maracaibo.single import MaracaiboSingleEnv
        env = MaracaiboSingleEnv(num_players=n, opponents=opponents, learner_seat=learner_seat,
                                 reward=reward, **solo)
        return OBS_TRANSFORMS[obs_transform](env)

    return factory

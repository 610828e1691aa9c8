"""Observation wrappers and the training env factory (gymnasium only; no torch here).

The envs' observations are int32 vectors whose fields range from 0..1 flags
to packed task words in the tens of thousands (see
`maracaibo_env.Game.observation_spec()` and docs/observation.md). An MLP
learns poorly from such raw magnitudes. Two ways to a network-ready float32
vector:

* ``obs_type="float"`` on the env itself (AEC, single-agent and vector envs):
  each entry scaled into [-1, 1] by its declared bounds
  (`framework.obs_spec.FloatTransform`); the `ScaledObservation` wrapper
  applies the same transform to an int env from outside;
* `SymlogObservation`: every entry through ``sign(x) * log1p(|x|)`` (0 -> 0,
  1 -> 0.69, 8 -> 2.2, 156 -> 5.1, 65547 -> 11.1), no per-field scale, keeps
  the ordering and sign of every value; `FloatObservation`: a plain cast.

All three pass `action_masks()` through unchanged (gymnasium wrappers forward
unknown attributes via `get_wrapper_attr`). `OBS_TRANSFORMS` names them
(training's ``--obs-transform``); `make_env_fn` builds the picklable
MaskablePPO env factory of training/train_maskable_ppo.py.
"""
from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .framework.obs_spec import FloatTransform

EnvFactory = Callable[[], Any]

__all__ = ["symlog", "SymlogObservation", "FloatObservation", "ScaledObservation", "OBS_TRANSFORMS",
           "EnvFactory", "heuristic_agent", "env_config", "make_env_fn"]


def symlog(x: np.ndarray) -> np.ndarray:
    """sign(x) * log1p(|x|) as float32 (float64 math, so int32 extremes stay finite)."""
    x = np.asarray(x, np.float64)
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


def _box_of(env: gym.Env, who: str) -> spaces.Box:
    box = env.observation_space
    if not isinstance(box, spaces.Box):
        raise TypeError(f"{who} needs a Box observation space, got {box!r}")
    return box


class _MaskedObservation(gym.ObservationWrapper):
    def action_masks(self) -> np.ndarray:
        """The wrapped env's legal-action mask (what MaskablePPO reads)."""
        return self.env.get_wrapper_attr("action_masks")()


class SymlogObservation(_MaskedObservation):
    """float32 ``symlog`` of the wrapped env's integer Box observation.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = _box_of(env, "SymlogObservation")
        self.observation_space = spaces.Box(low=symlog(box.low), high=symlog(box.high),
                                            shape=box.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """The float32 symlog of one observation."""
        return symlog(observation)


class FloatObservation(_MaskedObservation):
    """The wrapped env's observation cast to float32, values unchanged.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = _box_of(env, "FloatObservation")
        self.observation_space = spaces.Box(low=box.low.astype(np.float32),
                                            high=box.high.astype(np.float32),
                                            shape=box.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """One observation as float32."""
        return np.asarray(observation, np.float32)


class ScaledObservation(_MaskedObservation):
    """Each entry scaled into [-1, 1] by the wrapped int Box's bounds: the
    transform of ``obs_type="float"`` (`framework.obs_spec.FloatTransform`),
    for an env built with the default ``obs_type="int"``.

    :param env: an env with a 1-D integer ``Box`` observation space.
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = _box_of(env, "ScaledObservation")
        if box.dtype.kind not in "iu" or len(box.shape) != 1:
            raise TypeError(f"ScaledObservation needs a 1-D integer Box, got {box!r}")
        self._to_float = FloatTransform(box.low, box.high)
        self.observation_space = self._to_float.box()

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """One observation, scaled (float32)."""
        return self._to_float(observation)


OBS_TRANSFORMS = {"symlog": SymlogObservation, "float": FloatObservation, "scaled": ScaledObservation}


# ---- the training env factory ------------------------------------------------------------
def heuristic_agent(name: str):
    """The agent called `name` from ``agents.heuristics``.

    Looks for, in order: a factory ``make_agent(name)`` / ``get_agent(name)``,
    a dict ``HEURISTICS`` / ``AGENTS`` mapping names to classes or agents,
    then any class in the module whose ``name`` attribute equals `name`.

    :param name: the heuristic's name.
    :raises ValueError: when the module or the name does not exist.
    """
    try:
        mod = importlib.import_module("agents.heuristics")
    except ImportError as exc:
        raise ValueError(f"unknown opponent {name!r}: expected 'random', 'jean[:difficulty]' "
                         f"or a heuristic from agents.heuristics, which is not available ({exc})") from None
    for attr in ("make_agent", "get_agent"):
        factory = getattr(mod, attr, None)
        if callable(factory):
            return factory(name)
    for attr in ("HEURISTICS", "AGENTS"):
        table = getattr(mod, attr, None)
        if isinstance(table, dict) and name in table:
            entry = table[name]
            return entry() if inspect.isclass(entry) else entry
    known = []
    for obj in vars(mod).values():
        if inspect.isclass(obj) and hasattr(obj, "act") and isinstance(getattr(obj, "name", None), str):
            known.append(obj.name)
            if obj.name == name:
                return obj()
    raise ValueError(f"unknown opponent {name!r}: not 'random', 'jean[:difficulty]' nor one of "
                     f"agents.heuristics {sorted(known)}")


def env_config(players: int | None, opponent: str) -> tuple[int, dict[str, Any]]:
    """(num_players, MaracaiboSingleEnv keyword arguments except opponents) for the CLI options.

    :param players: 1 (solo vs Jean), 2, 3 or 4; None picks 1 for a ``jean`` opponent, else 2.
    :param opponent: the ``--opponent`` spec (see training/train_maskable_ppo.py).
    :raises ValueError: for inconsistent or unknown options.
    """
    from .maracaibo.core.enums import DIFFICULTIES
    from .maracaibo.single import MaracaiboSingleEnv
    specs = [s.strip() for s in opponent.split(",")]
    if specs[0].startswith("jean"):
        if len(specs) != 1:
            raise ValueError("a 'jean' opponent is the only opponent (solo game)")
        _, _, difficulty = specs[0].partition(":")
        difficulty = difficulty or "medium"
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"Jean's difficulty must be one of {DIFFICULTIES}, got {difficulty!r}")
        if players not in (None, 1):
            raise ValueError(f"a 'jean' opponent means a solo game (--players 1), got --players {players}")
        kwargs: dict[str, Any] = {}
        if "difficulty" in inspect.signature(MaracaiboSingleEnv.__init__).parameters:
            kwargs["difficulty"] = difficulty
        elif difficulty != "medium":
            raise ValueError("this MaracaiboSingleEnv takes no difficulty option; only 'jean' / "
                             "'jean:medium' (the Game default) can be trained against")
        return 1, kwargs
    n = 2 if players is None else players
    if n == 1:
        raise ValueError("--players 1 is a solo game: use --opponent jean[:difficulty]")
    if len(specs) not in (1, n - 1):
        raise ValueError(f"--opponent needs 1 or {n - 1} comma-separated specs for {n} players, "
                         f"got {len(specs)}")
    for s in specs:  # fail early on unknown names
        if s != "random":
            heuristic_agent(s)
    return n, {}


def make_env_fn(players: int | None = 2, opponent: str = "random", reward: str = "win_loss",
                obs_transform: str = "symlog", learner_seat: int | None = None) -> EnvFactory:
    """A picklable factory of wrapped MaracaiboSingleEnv instances (for DummyVecEnv/SubprocVecEnv).

    :param players: see `env_config`.
    :param opponent: the ``--opponent`` spec; heuristics are built inside the factory,
        so each (sub)process gets its own agent objects.
    :param reward: "win_loss" or "vp_margin" (MaracaiboSingleEnv's reward modes).
    :param obs_transform: a key of `OBS_TRANSFORMS`: "symlog" (default), "float"
        or "scaled" (the same as the env's obs_type="float").
    :param learner_seat: the learner's seat, or None for a random seat each game.
    """
    from .maracaibo.single import MaracaiboSingleEnv
    n, kwargs = env_config(players, opponent)
    if obs_transform not in OBS_TRANSFORMS:
        raise ValueError(f"obs_transform must be one of {sorted(OBS_TRANSFORMS)}, got {obs_transform!r}")
    specs = [s.strip() for s in opponent.split(",")]

    def factory():
        if n == 1:
            opponents: Any = "random"  # unused: Jean is played by the engine
            seat = 0
        else:
            built = ["random" if s == "random" else heuristic_agent(s) for s in specs]
            opponents = built if len(built) == n - 1 else built[0]
            seat = learner_seat
        env = MaracaiboSingleEnv(num_players=n, opponents=opponents, learner_seat=seat,
                                 reward=reward, **kwargs)
        return OBS_TRANSFORMS[obs_transform](env)

    return factory

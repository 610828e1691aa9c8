"""Observation wrappers for training (gymnasium only; no torch here).

The env's observations are int32 vectors whose fields range from 0..1 flags
to packed task words in the tens of thousands (see
`maracaibo_env.Game.observation_spec()`). An MLP learns poorly from such raw
magnitudes, so `SymlogObservation` maps every entry through
``sign(x) * log1p(|x|)`` to float32 (0 -> 0, 1 -> 0.69, 8 -> 2.2,
156 -> 5.1, 65547 -> 11.1). It needs no per-field scale and keeps the
ordering and sign of every value; `action_masks()` passes through unchanged
(gymnasium wrappers forward unknown attributes via `get_wrapper_attr`).
"""
from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces


def symlog(x: np.ndarray) -> np.ndarray:
    """sign(x) * log1p(|x|) as float32 (float64 math, so int32 extremes stay finite)."""
    x = np.asarray(x, np.float64)
    return (np.sign(x) * np.log1p(np.abs(x))).astype(np.float32)


class SymlogObservation(gym.ObservationWrapper):
    """float32 ``symlog`` of the wrapped env's integer Box observation.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = env.observation_space
        if not isinstance(box, spaces.Box):
            raise TypeError(f"SymlogObservation needs a Box observation space, got {box!r}")
        self.observation_space = spaces.Box(low=symlog(box.low), high=symlog(box.high),
                                            shape=box.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """The float32 symlog of one observation."""
        return symlog(observation)

    def action_masks(self) -> np.ndarray:
        """The wrapped env's legal-action mask (what MaskablePPO reads)."""
        return self.env.get_wrapper_attr("action_masks")()


class FloatObservation(gym.ObservationWrapper):
    """The wrapped env's observation cast to float32, values unchanged.

    :param env: an env with a 1-D ``Box`` observation space (any dtype).
    """

    def __init__(self, env: gym.Env):
        super().__init__(env)
        box = env.observation_space
        if not isinstance(box, spaces.Box):
            raise TypeError(f"FloatObservation needs a Box observation space, got {box!r}")
        self.observation_space = spaces.Box(low=box.low.astype(np.float32),
                                            high=box.high.astype(np.float32),
                                            shape=box.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        """One observation as float32."""
        return np.asarray(observation, np.float32)

    def action_masks(self) -> np.ndarray:
        """The wrapped env's legal-action mask (what MaskablePPO reads)."""
        return self.env.get_wrapper_attr("action_masks")()


OBS_TRANSFORMS = {"symlog": SymlogObservation, "float": FloatObservation}

"""RandomAgent: picks uniformly among the legal actions."""
from __future__ import annotations

import numpy as np


class RandomAgent:
    """Uniform random choice over the ids the mask marks legal."""

    name = "random"

    def act(self, observation: np.ndarray, action_mask: np.ndarray,
            rng: np.random.Generator) -> int:
        """A uniformly random legal action id; ValueError if nothing is legal."""
        legal = np.asarray(action_mask).astype(bool, copy=False).ravel().nonzero()[0]
        if legal.size == 0:
            raise ValueError("RandomAgent.act: the action mask has no legal action")
        return int(legal[rng.integers(legal.size)])

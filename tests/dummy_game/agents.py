"""Harbour Race's rule-of-thumb strategies: each reads only its own observation.

* ``greedy``: take the bonus if a sail reaches it, else sail two (sail one
  without a coin), buy gems once in the harbour;
* ``trader``: buy a gem whenever it can, else trade; sail only to take the bonus.

``eps`` is the chance of a uniformly random legal move instead (the ladder's weak rungs).
"""
from __future__ import annotations

import numpy as np

from .game import BUY, SAIL1, SAIL2, TRACK, TRADE

STRATEGIES = ("greedy", "trader")


def decide(strategy: str, obs, mask) -> int:
    bonus, pos = int(obs[2]), int(obs[4])
    for a, step in ((SAIL1, 1), (SAIL2, 2)):
        if mask[a] and pos + step == bonus:
            return a
    order = ((SAIL2, SAIL1, BUY, TRADE) if strategy == "greedy" and pos < TRACK else (BUY, TRADE, SAIL1))
    return next(a for a in order if mask[a])


class RaceHeuristicAgent:
    """One of STRATEGIES, with a random move at chance eps."""

    def __init__(self, strategy: str = "greedy", eps: float = 0.0):
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {STRATEGIES}, got {strategy!r}")
        self.name, self.strategy, self.eps = strategy, strategy, float(eps)

    def act(self, observation: np.ndarray, action_mask: np.ndarray, rng: np.random.Generator) -> int:
        if self.eps > 0 and rng.random() < self.eps:
            legal = np.flatnonzero(action_mask)
            return int(legal[rng.integers(legal.size)])
        return decide(self.strategy, observation, action_mask)

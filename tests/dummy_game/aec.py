"""Harbour Race as a PettingZoo AEC environment (`race_v0`): the framework's
adapter (maracaibo_env.framework.aec) with the game's description, nothing more.

    from dummy_game.aec import env
    e = env(num_players=3)
    e.reset(seed=1)
"""
from __future__ import annotations

from maracaibo_env.framework.aec import GameAECEnv, make_env

from .description import RACE

__all__ = ["env", "raw_env"]


class raw_env(GameAECEnv):
    """Harbour Race as a PettingZoo AECEnv (2-4 players)."""

    description = RACE


env = make_env(raw_env)

"""Maracaibo, version 1 of its env API (PettingZoo's versioned-module convention,
as ``pettingzoo.classic.connect_four_v3``):

    from maracaibo_env import maracaibo_v1
    e = maracaibo_v1.env(num_players=3)

The single-agent Gymnasium env of the same version is registered as
``"maracaibo_env/Maracaibo-v1"`` (``gymnasium.make`` after ``import maracaibo_env``).
"""
from .maracaibo.aec import env, raw_env

__all__ = ["env", "raw_env"]

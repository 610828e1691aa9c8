"""Agents for maracaibo_env. Every agent has one interface:

    agent.act(observation, action_mask, rng) -> int

`observation` is the int32 vector of `Game.observe(player)` (or the AEC
observation's "observation" entry), `action_mask` the int8 mask of legal ids,
`rng` a numpy Generator; the return value is a legal action id.
"""
from .random_agent import RandomAgent

__all__ = ["RandomAgent"]

"""What every agent shares, for any game: the interface and how to ask it.

    agent.act(observation, action_mask, rng) -> int
    agent.act(observation, action_mask, rng, game=g) -> int    # when agent.accepts_game

`act_with(agent, game, rng)` asks any agent for the current player's move the
right way. This module imports no game and no agent, so a game's agents (and
the tools that play them) use it without loading another game's heuristics.
"""
from __future__ import annotations

__all__ = ["act_with"]


def act_with(agent, game, rng) -> int:
    """The current player's action from `agent`: passes the read-only game to
    agents that accept it (accepts_game), else observation and mask only."""
    p = game.current_player
    obs, mask = game.observe(p), game.action_mask()
    if getattr(agent, "accepts_game", False):
        return int(agent.act(obs, mask, rng, game=game))
    return int(agent.act(obs, mask, rng))

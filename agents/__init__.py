"""Agents for maracaibo_env. Every agent has one interface:

    agent.act(observation, action_mask, rng) -> int

`observation` is the int32 vector of `Game.observe(player)` (or the AEC
observation's "observation" entry), `action_mask` the int8 mask of legal ids,
`rng` a numpy Generator; the return value is a legal action id.

The rule-of-thumb agents (agents.heuristics) also take an optional read-only
``game=`` keyword (``accepts_game = True``): with the Game they look ahead on
a copy whose hidden information is replaced by placeholders. ``act_with(agent,
game, rng)`` calls any agent the right way.
"""
from .random_agent import RandomAgent
from .heuristics import (HeuristicAgent, CombatInfluenceAgent, ExplorerQuestsAgent,
                         AssistantsAgent, ShipIncomeAgent, BalancedAgent, HEURISTICS,
                         make_agent, act_with)

__all__ = ["RandomAgent", "HeuristicAgent", "CombatInfluenceAgent", "ExplorerQuestsAgent",
           "AssistantsAgent", "ShipIncomeAgent", "BalancedAgent", "HEURISTICS", "make_agent",
           "act_with"]

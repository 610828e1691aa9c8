"""Agents for maracaibo_env. Every agent has one interface:

    agent.act(observation, action_mask, rng) -> int

`observation` is the int32 vector of `Game.observe(player)` (or the AEC
observation's "observation" entry), `action_mask` the int8 mask of legal ids,
`rng` a numpy Generator; the return value is a legal action id.

The rule-of-thumb agents (agents.heuristics, agents.pirates_heuristics) also
take an optional read-only ``game=`` keyword (``accepts_game = True``): with
the Game they look ahead on a copy whose hidden information is replaced by
placeholders. ``act_with(agent, game, rng)`` (agents.base) calls any agent
the right way.

Which agents exist, by spec string ("random", "balanced", "mcts:iters=200",
"raider", ...), is maracaibo_env.agent_registry's table.

The names below are imported when first used, so ``import agents.base`` (or
a Pirates agent) does not load Maracaibo's heuristics.
"""
from importlib import import_module

_WHERE = {"RandomAgent": "random_agent", "act_with": "base",
          **{name: "heuristics" for name in ("HeuristicAgent", "CombatInfluenceAgent",
                                             "ExplorerQuestsAgent", "AssistantsAgent",
                                             "ShipIncomeAgent", "BalancedAgent", "HEURISTICS",
                                             "make_agent")}}

__all__ = ["RandomAgent", "HeuristicAgent", "CombatInfluenceAgent", "ExplorerQuestsAgent",
           "AssistantsAgent", "ShipIncomeAgent", "BalancedAgent", "HEURISTICS", "make_agent",
           "act_with"]


def __getattr__(name):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)

"""Harbour Race's rows of the agent table (maracaibo_env/agents/registry.py): its
heuristics, built with the table's ``heuristic_kind`` (named by the game's registry
row, GameInfo.agents). The rows every game has (random, strongest, python:) are
the table's own."""
from __future__ import annotations

from maracaibo_env.agents.registry import AgentSpec, heuristic_kind, heuristic_options, register

GAME = "race"
#: a heuristic's options (``greedy:eps=0.5``): key -> (type, low, high, help)
HEURISTIC_OPTIONS = {"eps": (float, 0.0, 1.0, "chance of a random move")}


def _strategies() -> dict:
    from .agents import STRATEGIES
    return dict.fromkeys(STRATEGIES)


def _make(spec: AgentSpec):
    from .agents import RaceHeuristicAgent
    name, opts = heuristic_options(spec.arg, HEURISTIC_OPTIONS)
    return RaceHeuristicAgent(name, opts.get("eps", 0.0))


ROWS = (register(heuristic_kind(
    GAME, help="the rule-of-thumb strategies (dummy_game/agents.py): greedy sails for the bonus and "
               "the harbour, trader buys gems",
    strategies=_strategies, options=HEURISTIC_OPTIONS, make=_make,
    compiled=None,          # no compiled engine: every seat is played in Python
    examples=lambda: (*_strategies(), "greedy:eps=0.5"), page_help="the heuristics (option eps)")),)

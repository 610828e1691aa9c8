"""Pirates of Maracaibo's rows of the agent table (maracaibo_env/agents/registry.py):
its heuristics, its search and its solo opponent Jordan. The game's registry
row names this module (GameInfo.agents); nothing here imports an agent or the
engine until a row's parser or maker runs."""
from __future__ import annotations

from ...agents.registry import (AgentKind, AgentSpec, SearchOptions, heuristic_kind, heuristic_options,
                                load_attr, mcts_kind, register)

GAME = "pirates"
#: a heuristic's options (``raider:eps=0.5``): key -> (type, low, high, help)
HEURISTIC_OPTIONS = {"eps": (float, 0.0, 1.0, "chance of a random move")}
#: caps on mcts options for specs from a page or a saved session: its iterations are
#: cheaper than Maracaibo's (its default is 4000, mcts.py)
MCTS_CAPS = {"iterations": 8000, "rollout_depth": 50, "dets": 100}


def _strategies() -> dict:
    return load_attr("maracaibo_env.pirates.agents.heuristics", "STRATEGIES")


def _heuristic(spec: AgentSpec) -> tuple[str, float]:
    """(strategy name, eps): the compiled engine's weights row and random share."""
    name, opts = heuristic_options(spec.arg, HEURISTIC_OPTIONS)
    return name, float(opts.get("eps", 0.0))


def _jordan_max() -> int:
    return load_attr("maracaibo_env.pirates.core.options", "MAX_DIFFICULTY")


def _parse_jordan(s: str) -> AgentSpec | None:
    k = s[7:]
    if s.startswith("jordan:") and k.isdigit() and int(k) <= _jordan_max():
        return AgentSpec(s, "jordan", k)
    return None


register(heuristic_kind(
    GAME,
    help="the rule-of-thumb strategies (maracaibo_env.pirates.agents.heuristics): one-step "
         "lookahead, hidden cards redrawn",
    strategies=_strategies, options=HEURISTIC_OPTIONS,
    make=lambda spec: load_attr("maracaibo_env.pirates.agents.heuristics", "PiratesHeuristicAgent")(
        *_heuristic(spec)),
    compiled=_heuristic,
    examples=lambda: (*_strategies(), "raider:eps=0.5"),
    page_help="the heuristics (option eps)"))

register(mcts_kind(
    GAME,
    "information-set MCTS (maracaibo_env/pirates/agents/mcts.py, the same search as Maracaibo's): "
    "N iterations a decision (default 4000), exploration c (0.2), rollouts of D moves (0; R = "
    "random or balanced = the explorer heuristic's) scored by the explorer heuristic's value, "
    "only the explorer heuristic's K best root moves (3; 0 = all), M reused "
    "determinisations, or a time budget of T ms; guide=<heuristic> another guide, widen=W "
    "progressive widening (the guide's one-ply best first), turn=T the leaf first finishes the "
    "turn greedily",
    SearchOptions(agent="maracaibo_env.pirates.agents.mcts:PiratesMCTSAgent",
                  num_actions=lambda: load_attr("maracaibo_env.pirates.core.actions", "NUM_ACTIONS"),
                  caps=MCTS_CAPS,
                  guides=lambda: load_attr("maracaibo_env.pirates.agents.mcts", "PiratesSearch").guides)))

register(AgentKind(
    kind="jordan", games=(GAME,), seat=False,
    help="the solo opponent Jordan with k B cards (SOLO-05), played by the engine: not a seat; "
         "tournaments: --format solo --levels K (or a line-up of one agent and jordan:<k>)",
    forms=lambda: (f"jordan:<0-{_jordan_max()}>",), parse=_parse_jordan,
    examples=lambda: [f"jordan:{k}" for k in range(_jordan_max() + 1)],
    solo_use="a line-up of one agent and jordan:<k> plays the solo game",
    solo_game=lambda spec: {"difficulty": int(spec.arg)},
    claims=lambda s: s.startswith("jordan:"), order=70))

"""Maracaibo's rows of the agent table (maracaibo_env/agents/registry.py): its
heuristics, its solo opponent Jean, its search and its trained policy. The
game's registry row names this module (GameInfo.agents); the table imports it
the first time it is asked about the game. Nothing here imports an agent or
the engine until a row's parser or maker runs."""
from __future__ import annotations

from ...agents.registry import (AgentKind, AgentSpec, AgentSpecError, SearchOptions, heuristic_kind,
                                heuristic_options, load_attr, mcts_kind, register)

GAME = "maracaibo"
#: a heuristic's options (``name:eps=0.5:depth=0``): key -> (type, low, high, help).
#: eps = the chance of a uniformly random move instead of the heuristic's; depth = own
#: decisions of greedy lookahead after each legal action (0 = a one-ply evaluation).
#: The opponent ladder (maracaibo_env/agents/ladder.py) is made of such specs.
HEURISTIC_OPTIONS = {"eps": (float, 0.0, 1.0, "chance of a random move"),
                     "depth": (int, 0, 24, "lookahead decisions (balanced 12, quick 5, 0 = one ply)")}
#: caps on mcts options (mcts.py) for specs from a page or a saved session
MCTS_CAPS = {"iterations": 2000, "rollout_depth": 50, "dets": 100}


def _heuristics() -> dict:
    return load_attr("maracaibo_env.maracaibo.agents.heuristics", "AGENTS")  # five strategies, quick, tuned, fast


def _heuristic(spec: AgentSpec):
    name, opts = heuristic_options(spec.arg, HEURISTIC_OPTIONS)
    return _heuristics()[name](**opts)


def _difficulties() -> tuple[str, ...]:
    return load_attr("maracaibo_env.maracaibo.core.enums", "DIFFICULTIES")


def _parse_jean(s: str) -> AgentSpec | None:
    return AgentSpec(s, "jean", s[5:]) if s.startswith("jean:") and s[5:] in _difficulties() else None


def _check_value(text: str, value: str) -> str:
    """A learned value's name or file, loaded now so that a bad one fails before any game."""
    from .value_net import ValueFileError, load_value
    try:
        load_value(value)
    except ValueFileError as e:
        raise AgentSpecError(f"agent spec {text!r}: {e}") from None
    return value


def _shipped_policies() -> list[str]:
    return load_attr("maracaibo_env.maracaibo.agents.policy", "shipped_policies")()


def _parse_policy(s: str) -> AgentSpec | None:
    if not (s.startswith("policy:") and len(s) > 7):
        return None
    from .policy import PolicyFileError, load_policy
    try:
        load_policy(s[7:])  # a missing or malformed file fails now
    except PolicyFileError as e:
        raise AgentSpecError(f"agent spec {s!r}: {e}") from None
    return AgentSpec(s, "policy", s[7:])


def _shipped_only(s: str) -> str | None:
    """A page names a policy by shipped name only, decided on the text: no path is ever opened."""
    shipped = _shipped_policies()
    if s[7:] not in shipped:
        return (f"only shipped policies may be chosen here "
                f"({', '.join('policy:' + p for p in shipped) or 'none shipped'})")
    return None


register(heuristic_kind(
    GAME,
    help="the rule-of-thumb strategies (maracaibo_env.maracaibo.agents.heuristics): one-step "
         "lookahead on a sanitised copy; quick = balanced with a shorter lookahead; tuned = "
         "balanced's terms re-weighted by a search; fast = tuned with cheaper lookahead probes",
    strategies=_heuristics, options=HEURISTIC_OPTIONS, make=_heuristic,
    compiled=_heuristic,   # SeatTables reads its weights, lookahead and eps
    examples=lambda: (*_heuristics(), "balanced:eps=0.5:depth=0"),
    page_help="the heuristics (options eps, depth)"))

register(AgentKind(
    kind="jean", games=(GAME,), seat=False,
    help="the solo opponent Jean at a level, played by the engine: not a seat, the opponent "
         "of a solo game (tournaments: --format solo --levels)",
    forms=lambda: tuple(f"jean:{d}" for d in _difficulties()), parse=_parse_jean,
    solo_use="use a solo game with difficulty=<level>",
    solo_game=lambda spec: {"difficulty": spec.arg},
    claims=lambda s: s.startswith("jean:"), order=20))

register(mcts_kind(
    GAME,
    "information-set MCTS (maracaibo_env/maracaibo/agents/mcts.py): N iterations a decision "
    "(default 1000), exploration c (0.2), rollouts of D moves (0; R = random or balanced) scored "
    "by the heuristic evaluation, only the balanced heuristic's K best root moves (3; 0 = all), "
    "M reused determinisations, or a time budget of T ms; guide=<heuristic> the guide of prior "
    "and leaf (balanced), widen=W progressive widening (a node keeps W sqrt(visits) children, "
    "the guide's one-ply best first), turn=T the leaf first finishes the turn greedily; "
    "value=<name|file.npz> scores the leaves with a learned value "
    "(maracaibo_env/maracaibo/agents/value_net.py) instead",
    SearchOptions(agent="maracaibo_env.maracaibo.agents.mcts:MCTSAgent",
                  num_actions=lambda: load_attr("maracaibo_env.maracaibo.core.actions", "NUM_ACTIONS"),
                  caps=MCTS_CAPS, value=_check_value,
                  guides=lambda: tuple(_heuristics()))))

register(AgentKind(
    kind="policy", games=(GAME,),
    help="a trained neural policy played in numpy (maracaibo_env/maracaibo/agents/policy.py): a "
         "shipped one (policy:maracaibo-2p) or weights written by maracaibo_env/training/selfplay.py; "
         "greedy over legal moves",
    forms=("policy:<name|file.npz>",), parse=_parse_policy,
    examples=lambda: [f"policy:{p}" for p in _shipped_policies()],
    make=lambda spec: load_attr("maracaibo_env.maracaibo.agents.policy", "PolicyAgent")(spec.arg),
    claims=lambda s: s.split(":", 1)[0] == "policy",
    page=True, page_help="policy:<shipped name>", page_precheck=_shipped_only, order=50))

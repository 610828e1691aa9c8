"""What a page, or a saved session opened without --allow-code, may seat at a
table: one allowlist, checked on the spec's text before anything is imported
or opened.

    check_safe_spec("mcts:iters=2000", "maracaibo")     # -> "mcts:iters=2000"
    check_safe_spec("python:os:system", "maracaibo")    # UnsafeSpecError

The allowlist is the agent table's (maracaibo_env.agents.registry: each
kind's ``page``, ``page_precheck``, ``page_check`` and ``page_worst``).
Allowed today: random, the game's heuristics, `strongest`, `policy:<shipped name>` and
`mcts` with every option that makes a decision expensive capped (each game's MCTS_CAPS, in its agents/kinds.py),
so that the most expensive allowed decision stays well under a second on one
core (`worst_allowed_specs()` lists the corners; tests/tools/test_web_attacks.py
times them). Not allowed: `python:` classes (they run code), policy files (a
path is a file read), `ms=` budgets (open-ended), the solo opponents (they
are played by the engine, not seated).
"""
from __future__ import annotations

from ..agents.registry import agent_kinds, kind_of, parse_spec
from ..registry import DEFAULT_GAME


class UnsafeSpecError(ValueError):
    """An agent spec that would run code, read a file or take unbounded time."""


def limits_help(game: str | None = None) -> str:
    """What a page may choose (of one game, or of every game): 'random, the
    heuristics, policy:<shipped name>, mcts with iters <= 2000, ...' (the
    capped kinds last)."""
    rows = [r for r in agent_kinds(game) if r.page]
    rows.sort(key=lambda r: r.page_check is not None)
    return ", ".join(dict.fromkeys(r.page_help or r.kind for r in rows))


def check_safe_spec(spec, game: str) -> str:
    """The stripped spec if a page (or a save) may choose it, else UnsafeSpecError
    (AgentSpecError, a ValueError too, listing the known specs for an unknown one)."""
    if not isinstance(spec, str):
        raise UnsafeSpecError(f"an agent spec is a string, got {spec!r}")
    s = spec.strip()
    for row in agent_kinds():      # kinds whose parser would import code or open a file
        if row.page_precheck is not None and row.claimed(s):
            reason = row.page_precheck(s)
            if reason:
                raise UnsafeSpecError(f"{s[:80]!r}: {reason}")
    parsed = parse_spec(s, game)
    row = kind_of(parsed)
    if not row.page:
        raise UnsafeSpecError(f"{s!r} cannot sit at a table here (allowed: {limits_help(game)})")
    reason = row.page_check(parsed) if row.page_check is not None else None
    if reason:
        raise UnsafeSpecError(f"{s!r}: {reason} (allowed: {limits_help(game)})")
    return s


def worst_allowed_specs(game: str = DEFAULT_GAME) -> list[str]:
    """The allowed specs at the corners of the caps: the most expensive decisions of a game."""
    return [w for r in agent_kinds(game) if r.page for w in r.page_worst]

"""What a page, or a saved session opened without --allow-code, may seat at a
table: one allowlist, checked on the spec's text before anything is imported
or opened.

    check_safe_spec("mcts:iters=2000", "maracaibo")     # -> "mcts:iters=2000"
    check_safe_spec("python:os:system", "maracaibo")    # UnsafeSpecError

Allowed: random, the game's heuristics, `policy:<shipped name>` and `mcts`
with every option that makes a decision expensive capped, so that the most
expensive allowed decision stays well under a second on one core
(`worst_allowed_specs()` lists the corners; tests/test_web_attacks.py times
them). Not allowed: `python:` classes (they run code), policy files (a path
is a file read), `ms=` budgets (open-ended), the solo opponents (they are
played by the engine, not seated).
"""
from __future__ import annotations

#: caps on mcts options (agents/mcts.py) for specs from a page or a save
MCTS_CAPS = {"iterations": 2000, "rollout_depth": 50, "dets": 100}
#: with rollout=balanced every rollout step is a full heuristic decision
#: (~0.2 ms), so iterations x rollout_depth is capped instead of depth alone
BALANCED_ROLLOUT_STEPS = 2000
LIMITS_HELP = (f"random, the heuristics, policy:<shipped name>, mcts with iters <= {MCTS_CAPS['iterations']}, "
               f"depth <= {MCTS_CAPS['rollout_depth']} (iters x depth <= {BALANCED_ROLLOUT_STEPS} with "
               f"rollout=balanced), dets <= {MCTS_CAPS['dets']} and no ms= budget")


class UnsafeSpecError(ValueError):
    """An agent spec that would run code, read a file or take unbounded time."""


def check_safe_spec(spec, game: str) -> str:
    """The stripped spec if a page (or a save) may choose it, else UnsafeSpecError."""
    if not isinstance(spec, str):
        raise UnsafeSpecError(f"an agent spec is a string, got {spec!r}")
    s = spec.strip()
    head = s.split(":", 1)[0]
    if head == "python":
        raise UnsafeSpecError(f"{s[:80]!r}: python: agents run code; start them from Python or the "
                              "command line (play --allow-code), not from a page or a saved file")
    if head == "policy":
        # by shipped name only, decided on the text: no path is ever opened
        from agents.policy import shipped_policies
        name, shipped = s[7:], shipped_policies()
        if name not in shipped:
            raise UnsafeSpecError(f"{s[:80]!r}: only shipped policies may be chosen here "
                                  f"({', '.join('policy:' + p for p in shipped) or 'none shipped'})")
    from ..adapters import get_adapter
    parsed = get_adapter(game).parse_spec(s)          # AgentSpecError (a ValueError) lists the known
    if parsed.kind not in ("random", "heuristic", "mcts", "policy"):
        raise UnsafeSpecError(f"{s!r} cannot sit at a table here (allowed: {LIMITS_HELP})")
    if parsed.kind == "mcts":
        from ..match import mcts_options
        _check_mcts(s, mcts_options(s))
    return s


def _check_mcts(s: str, o: dict) -> None:
    if o.get("ms", 0):
        raise UnsafeSpecError(f"{s!r}: no ms= time budget here (allowed: {LIMITS_HELP})")
    for name, cap in MCTS_CAPS.items():
        if o.get(name, 0) > cap:
            raise UnsafeSpecError(f"{s!r}: {name} at most {cap} here (allowed: {LIMITS_HELP})")
    if o.get("rollout") == "balanced":
        steps = o.get("iterations", 1000) * o.get("rollout_depth", 0)
        if steps > BALANCED_ROLLOUT_STEPS:
            raise UnsafeSpecError(f"{s!r}: with rollout=balanced, iters x depth at most "
                                  f"{BALANCED_ROLLOUT_STEPS} here, got {steps} (allowed: {LIMITS_HELP})")


def worst_allowed_specs() -> list[str]:
    """The allowed mcts specs at the corners of the caps: the most expensive decisions."""
    it, depth, dets = MCTS_CAPS["iterations"], MCTS_CAPS["rollout_depth"], MCTS_CAPS["dets"]
    return [f"mcts:iters={it}:top=0:depth={depth}",
            f"mcts:iters={it}:top=0:depth={BALANCED_ROLLOUT_STEPS // it}:rollout=balanced",
            f"mcts:iters={BALANCED_ROLLOUT_STEPS // 2}:top=0:depth=2:rollout=balanced",
            f"mcts:iters={it}:top=0:depth={depth}:dets={dets}"]

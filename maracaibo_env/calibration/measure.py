"""Each target's statistic over the records, with its 95% interval, against its range."""
from __future__ import annotations

from ..framework.statistics import Statistics
from ..registry import game_part


def statistics(game: str) -> Statistics:
    """The statistics a game measures: the module its registry row names
    (GameInfo.calibration_stats, e.g. maracaibo_env/pirates/calibration_stats.py)."""
    mod = game_part(game, "calibration_stats")
    return Statistics(mod.STATISTICS, mod.FIELDS, getattr(mod, "Tracker", None))


def read_times(game: str, at: str) -> list[str]:
    """When a target's statistic is read: "interims" = after every interim scoring."""
    if at != "interims":
        return [at]
    from ..agents.adapter import get_adapter
    return [f"interim{k}" for k in range(1, get_adapter(game).rounds)]


def measure(game: str, records: list[dict], targets, players=None) -> list[dict]:
    """One row per target, player count and read time: name, kind, statistic,
    at, players, value, lo, hi (95%), games, n (values: per player or per
    game), low, high, range ("low-high"; an illustration's "example N"),
    example, source, reference and in_range (a constraint's verdict; None for
    an illustration, and when no game of that count was played). players:
    only these player counts (default: every count a target names)."""
    from ..balance.stats import mean_ci
    from ..tournament.ratings import wilson
    stats = statistics(game)
    rows = []
    for t, at in ((t, at) for t in targets for at in read_times(game, t.at)):
        st = stats[t.statistic]
        for n in t.players:
            if players is not None and n not in players:
                continue
            games = [r for r in records if r["players"] == n]
            values = [v for r in games for v in st.fn(r, at)]
            constraint = t.kind == "constraint"
            row = {"name": t.name, "kind": t.kind, "statistic": t.statistic, "at": at, "players": n,
                   "low": t.low, "high": t.high, "example": t.example,
                   "range": f"{t.low:g}-{t.high:g}" if constraint else f"example {t.example:g}",
                   "source": t.source, "reference": t.reference, "games": len(games),
                   "n": len(values)}
            if not values:
                row.update(value=None, lo=None, hi=None, in_range=None)
            elif st.kind == "share":
                k = float(sum(values))
                lo, hi = wilson(k, len(values))
                row.update(value=k / len(values), lo=lo, hi=hi)
            else:
                ci = mean_ci(values)
                row.update(value=ci["mean"], lo=_num(ci["lo"]), hi=_num(ci["hi"]))
            if values:
                row["in_range"] = bool(t.low <= row["value"] <= t.high) if constraint else None
            rows.append(row)
    return rows


def _num(x):
    return None if x != x else float(x)     # NaN (one value: no interval) -> None

"""Each target's statistic over the records, with its 95% interval, against its range."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Statistic:
    """How a game's records give one statistic: fn(record, at) -> the values
    of that game (one per deciding seat, or one for the game). kind "mean": the
    target is on the mean (Student-t interval); "share": the values are 0/1 and
    the target is on the share (Wilson interval)."""
    help: str
    fn: Callable
    kind: str = "mean"
    per_scoring: bool = False     # may be read after an interim scoring (at="interimK")


# ---- building blocks of the games' statistics (maracaibo_env/<game>/calibration_stats.py) ----
def seats(r):
    """The deciding seats of a record (a solo game's seat 1 is the solo opponent)."""
    return range(r["players"])


def field(name: str, transform=int):
    """The statistic of a per-seat state field at the record's snapshot `at`."""
    def fn(r, at):
        snap = r["snaps"].get(at)
        return [] if snap is None else [transform(snap[p][name]) for p in seats(r)]
    return fn


def best_of(fn):
    """The statistic of the game's best deciding seat by a per-seat statistic fn
    (one value a game: the most any seat reached)."""
    def best(r, at):
        values = fn(r, at)
        return [max(values)] if values else []
    return best


def final_scores(r, at):
    return [r["scores"][p] for p in seats(r)]


def winner_score(r, at):
    return [max(r["scores"][p] for p in seats(r))]


def solo_win(r, at):
    return [1.0 if r["players"] == 1 and 0 in r["winners"] else 0.0]


def turns_per_round(rounds: int):
    """Each deciding seat's turns a round, over the game's `rounds` rounds."""
    def fn(r, at):
        return [sum(r["turns"][p][:rounds]) / rounds for p in seats(r)]
    return fn


class Statistics(dict):
    """name -> Statistic, the per-seat state fields the records snapshot, and
    the game's Tracker class (None: none): Tracker(game) before the re-run's
    first move, after_step(game) after every move, result() -> a dict, the
    record's "tracked"."""

    def __init__(self, stats: dict, fields: tuple[str, ...], tracker=None):
        super().__init__(stats)
        self.fields = fields
        self.tracker = tracker


def statistics(game: str) -> Statistics:
    """The statistics a game measures (maracaibo_env/<game>/calibration_stats.py)."""
    from ..agents.adapter import get_adapter
    mod = importlib.import_module(f"maracaibo_env.{get_adapter(game).name}.calibration_stats")
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

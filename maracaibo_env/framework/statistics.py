"""What a game measures of its recorded games: a `Statistic` (a function of
one game's record, with the kind of its interval) and the building blocks the
games' statistics are written with (maracaibo_env/<game>/calibration_stats.py).
The calibration (maracaibo_env/calibration/) reads them against its targets.

A record is a dict of one played game: "players" (deciding seats), "scores",
"winners", "turns" and "snaps" ({read time: per-seat state fields})."""
from __future__ import annotations

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


# ---- building blocks of the games' statistics ------------------------------------------------------
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

"""The calibration targets of a game: its data folder's calibration.toml,
validated like every data file (file, target and field named)."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from ..framework.datafiles import DataError, Strict, parse_file

FILE = "calibration.toml"
SOURCES = ("rulebook", "published", "reasoning")


KINDS = ("constraint", "illustration")


class Target(Strict):
    """One statistic of played games, and what the sources say of it: a
    `constraint` (a stated fact: the range a faithful game stays in; the
    report fails on it) or an `illustration` (a worked example's figure:
    reported beside the measurement, never a range to fit)."""
    name: str = Field(min_length=1, max_length=80, pattern=r"^[a-z0-9_]+$")
    kind: Literal["constraint", "illustration"]
    statistic: str = Field(min_length=1, max_length=80)
    #: when the statistic is read: after interim scoring k ("interim1" ...), after
    #: every interim scoring ("interims": a source that names no round), or at the end
    at: Literal["interim1", "interim2", "interim3", "interims", "end"] = "end"
    #: the player counts the target applies to (1 = solo against the solo opponent)
    players: list[int] = Field(min_length=1, max_length=4)
    #: a constraint's range (finite: JSON has no Infinity)
    low: float | None = Field(None, allow_inf_nan=False)
    high: float | None = Field(None, allow_inf_nan=False)
    #: an illustration's figure (the worked example's number)
    example: float | None = Field(None, allow_inf_nan=False)
    source: Literal["rulebook", "published", "reasoning"]
    #: the rulebook line, the published figure's reference, or the reasoning
    reference: str = Field(min_length=10, max_length=600)


class CalibrationFile(Strict):
    target: list[Target] = Field(min_length=1)


def targets_path(game: str, data_dir=None) -> Path:
    """Where a game's targets are: data_dir/calibration.toml, else the file its
    registry row names (GameInfo.calibration_targets, "package:path"); DataError
    for a game that ships none."""
    if data_dir is not None:
        return Path(data_dir) / FILE
    import importlib
    from ..registry import game_info
    info = game_info(game)
    if not info.calibration_targets:
        raise DataError(f"{info.title} ships no calibration targets (GameInfo.calibration_targets): "
                        f"give a targets file or a data folder with a {FILE}")
    package, _, where = info.calibration_targets.partition(":")
    return Path(importlib.import_module(package).__file__).parent / where


def load_targets(game: str, data_dir=None, path=None) -> list[Target]:
    """The targets of `game` (DataError naming the file, target and field when
    one is malformed or names a statistic the game does not measure)."""
    from .measure import statistics
    path = Path(path) if path is not None else targets_path(game, data_dir)
    if not path.is_file():
        raise DataError(f"{path}: no calibration targets file")
    parsed = parse_file(path, CalibrationFile)
    stats = statistics(game)
    rounds = _rounds(game)
    seen = set()
    for i, t in enumerate(parsed.target):
        where = f"{path.name}: target[{i}] ({t.name})"
        if t.name in seen:
            raise DataError(f"{where}: the name is used twice")
        seen.add(t.name)
        if t.statistic not in stats:
            raise DataError(f"{where}: unknown statistic {t.statistic!r}; known: {', '.join(stats)}")
        st = stats[t.statistic]
        if t.kind == "constraint" and (t.low is None or t.high is None or t.example is not None):
            raise DataError(f"{where}: a constraint has low and high (its range) and no example")
        if t.kind == "illustration" and (t.example is None or t.low is not None or t.high is not None):
            raise DataError(f"{where}: an illustration has an example (the worked example's figure) "
                            f"and no low or high: it is reported, never fitted")
        if t.kind == "constraint" and t.source == "reasoning":
            raise DataError(f"{where}: a constraint states a fact (source rulebook or published), "
                            f"not reasoning; make it an illustration")
        if t.at != "end" and not st.per_scoring:
            raise DataError(f"{where}: {t.statistic} is read at the end only, not at {t.at!r}")
        if t.at.startswith("interim") and t.at != "interims" and int(t.at[-1]) >= rounds:
            raise DataError(f"{where}: the game has {rounds - 1} interim scorings, not {t.at!r}")
        counts = player_counts(game)
        bad = [n for n in t.players if n not in counts]
        if bad or len(set(t.players)) != len(t.players):
            raise DataError(f"{where}: players {t.players}: each of {counts} at most once")
        if t.kind == "constraint" and not t.low <= t.high:
            raise DataError(f"{where}: low {t.low} is above high {t.high}")
    return parsed.target


def _rounds(game: str) -> int:
    from ..agents.adapter import get_adapter
    return get_adapter(game).rounds


def player_counts(game: str) -> tuple[int, ...]:
    """The player counts a game's targets may name: 1 (solo) when it has a solo opponent, 2-4."""
    from ..agents.adapter import get_adapter
    ad = get_adapter(game)
    return ((1,) if ad.solo else ()) + tuple(n for n in ad.player_counts if n > 1)

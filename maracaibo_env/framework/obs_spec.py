"""`ObsSpec`: a game's observation, declared once.

Each game lists the slices of its int32 observation vector in order, one row
per slice: ``(name, size, meaning, low, high)`` (low/high bound every entry of
the slice). Everything else is computed here from those rows, so the numba
kernel's size, ``Game.observation_spec()``, the envs' Box bounds, the
OpenSpiel observer's named views and the agents' feature offsets all read the
same table:

    OBS = ObsSpec([("round", 1, "round 1..4", 0, 5), ("hand", 12, "own hand (-1 empty)", -1, 109), ...])
    OBS.size                  # OBS_SIZE, the kernel writes exactly this many entries
    OBS.offsets["hand"]       # (offset, size)
    OBS.rows3                 # [(name, size, meaning)]: the older OBS_SPEC form
    OBS.slices()              # [(name, offset, size, meaning)]: Game.observation_spec()
    low, high = OBS.bounds()  # int32 vectors of length size (the Box)

This module imports no game.
"""
from __future__ import annotations

import numpy as np

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


class ObsSpec:
    """The slices of one game's observation: (name, size, meaning, low, high) rows.

    A row given as (name, size, meaning) has the whole int32 range as bounds.
    Names are unique, sizes positive, INT32_MIN <= low <= high <= INT32_MAX
    (checked here: a wrong row fails at import)."""

    __slots__ = ("rows", "size", "offsets", "_bounds")

    def __init__(self, rows):
        full = []
        for row in rows:
            if len(row) == 3:
                row = (*row, INT32_MIN, INT32_MAX)
            name, size, meaning, low, high = row
            if not (isinstance(name, str) and isinstance(meaning, str)):
                raise ValueError(f"observation slice {row!r}: name and meaning are strings")
            if not (isinstance(size, int) and size > 0):
                raise ValueError(f"observation slice {name!r}: size must be a positive int, got {size!r}")
            if not INT32_MIN <= int(low) <= int(high) <= INT32_MAX:
                raise ValueError(f"observation slice {name!r}: bounds {low}..{high} are not an int32 range")
            full.append((name, size, meaning, int(low), int(high)))
        self.rows: tuple = tuple(full)
        self.offsets: dict[str, tuple[int, int]] = {}
        off = 0
        for name, size, *_ in self.rows:
            if name in self.offsets:
                raise ValueError(f"observation slice {name!r} is listed twice")
            self.offsets[name] = (off, size)
            off += size
        self.size: int = off
        self._bounds = None

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    @property
    def rows3(self) -> list[tuple[str, int, str]]:
        """[(name, size, meaning)] in order (the OBS_SPEC form)."""
        return [(name, size, meaning) for name, size, meaning, _, _ in self.rows]

    def slices(self) -> list[tuple[str, int, int, str]]:
        """[(name, offset, size, meaning)] in order (Game.observation_spec())."""
        return [(name, self.offsets[name][0], size, meaning) for name, size, meaning, _, _ in self.rows]

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """(low, high): int32 vectors of length size (fresh copies)."""
        if self._bounds is None:
            low = np.empty(self.size, np.int32)
            high = np.empty(self.size, np.int32)
            for name, size, _, lo, hi in self.rows:
                off = self.offsets[name][0]
                low[off:off + size] = lo
                high[off:off + size] = hi
            self._bounds = (low, high)
        return self._bounds[0].copy(), self._bounds[1].copy()

    def slice(self, name: str) -> slice:
        """The slice of the observation vector named `name`."""
        off, size = self.offsets[name]
        return slice(off, off + size)

    def name_at(self, i: int) -> str:
        """The name of the slice holding entry i."""
        for name, (off, size) in self.offsets.items():
            if off <= i < off + size:
                return name
        raise IndexError(f"entry {i} is outside the observation (size {self.size})")


def obs_spec_of(game_class) -> ObsSpec:
    """A Game class's ObsSpec: its ``OBS`` attribute, else one built from its
    (name, size, meaning) ``OBS_SPEC`` rows (no bounds)."""
    spec = getattr(game_class, "OBS", None)
    if isinstance(spec, ObsSpec):
        return spec
    return ObsSpec(game_class.OBS_SPEC)

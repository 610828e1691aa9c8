"""`ObsSpec`: a game's observation, declared once.

Each game lists the slices of its int32 observation vector in order, one row
per slice: ``(name, size, meaning, low, high)``; low/high bound every entry of
the slice, or are sequences of `size` ints, one bound per entry (a slice such
as Maracaibo's pending ``task`` whose entries mean different things).
Everything else is computed here from those rows, so the numba kernel's size,
``Game.observation_spec()``, the envs' Box bounds, their ``obs_type="float"``
view, the OpenSpiel observer's named views, the agents' feature offsets and
docs/observation.md all read the same table:

    OBS = ObsSpec([("round", 1, "round 1..4", 0, 5), ("hand", 12, "own hand (-1 empty)", -1, 109), ...])
    OBS.size                  # OBS_SIZE, the kernel writes exactly this many entries
    OBS.offsets["hand"]       # (offset, size)
    OBS.slices()              # [(name, offset, size, meaning)]: Game.observation_spec()
    low, high = OBS.bounds()  # int32 vectors of length size (the Box)
    f = OBS.float_transform() # FloatTransform: f(obs) float32 in [-1, 1], f.box()

The float view (`FloatTransform`, the one place it is defined) scales each
entry by its bounds: with M = max(|low|, |high|), an entry with M <= LINEAR_MAX
becomes x / M (0 stays 0; in [0, 1] when low >= 0, else in [-1, 1]); a wider
one (VP, doubloons, packed words, long bitmasks) becomes symlog(x) / symlog(M),
symlog(x) = sign(x) * log(1 + |x|). Both are monotone, so the float Box is the
transform of the int Box and every observation inside the one is inside the
other.

This module imports no game.
"""
from __future__ import annotations

import numpy as np

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1
OBS_TYPES = ("int", "float")     # the envs' obs_type values
LINEAR_MAX = 1024                # entries bounded by |x| <= LINEAR_MAX scale linearly, wider ones by symlog


def check_obs_type(obs_type) -> str:
    """obs_type itself when it is one of OBS_TYPES, else a ValueError naming them."""
    if not isinstance(obs_type, str) or obs_type not in OBS_TYPES:
        raise ValueError(f"obs_type must be one of {OBS_TYPES}, got {obs_type!r}")
    return obs_type


def _bound_vector(value, size: int, what: str, name: str) -> tuple[int, ...]:
    """A row's low or high as `size` ints (one int is repeated)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return (int(value),) * size
    values = tuple(value) if isinstance(value, (list, tuple, np.ndarray)) else None
    if (values is None or len(values) != size
            or not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values)):
        raise ValueError(f"observation slice {name!r}: {what} must be an int or {size} ints, got {value!r}")
    return tuple(int(v) for v in values)


class ObsSpec:
    """The slices of one game's observation: (name, size, meaning, low, high) rows.

    A row given as (name, size, meaning) has the whole int32 range as bounds;
    low and high are ints, or tuples of `size` ints (per entry). Names are
    unique, sizes positive, INT32_MIN <= low <= high <= INT32_MAX entry by
    entry (checked here: a wrong row fails at import)."""

    __slots__ = ("rows", "size", "offsets", "_bounds", "_float")

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
            lows, highs = _bound_vector(low, size, "low", name), _bound_vector(high, size, "high", name)
            for lo, hi in zip(lows, highs):
                if not INT32_MIN <= lo <= hi <= INT32_MAX:
                    raise ValueError(f"observation slice {name!r}: bounds {lo}..{hi} are not an int32 range")
            if len(set(lows)) == 1 and len(set(highs)) == 1:   # one bound for the slice: keep ints
                lows, highs = lows[0], highs[0]
            full.append((name, size, meaning, lows, highs))
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
        self._float = None

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    @property
    def rows3(self) -> list[tuple[str, int, str]]:
        """[(name, size, meaning)] in order."""
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

    def float_transform(self) -> "FloatTransform":
        """The float32 view of this observation (one object, made on first use)."""
        if self._float is None:
            self._float = FloatTransform(*self.bounds())
        return self._float

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


class FloatTransform:
    """int observations (any leading shape, last axis = entries) -> float32 in [-1, 1].

    Per entry, with M = max(|low|, |high|) (1 when both are 0): x / M when
    M <= LINEAR_MAX, else symlog(x) / symlog(M). The scales are precomputed:
    a call is one float32 cast and division over the whole array plus symlog
    on the few wide columns (about 0.3 ms for 1024 Maracaibo observations).

    :param low, high: the int bounds of each entry (the int Box's).
    """

    __slots__ = ("size", "bound", "scale", "log_cols", "log_scale", "low", "high")

    def __init__(self, low: np.ndarray, high: np.ndarray):
        low, high = np.asarray(low, np.int64), np.asarray(high, np.int64)
        if low.ndim != 1 or low.shape != high.shape or (low > high).any():
            raise ValueError("FloatTransform needs two 1-D bound vectors of one length with low <= high")
        m = np.maximum(np.abs(low), np.abs(high))
        m[m == 0] = 1
        wide = m > LINEAR_MAX
        self.size = int(low.shape[0])
        self.bound = m                  #: M of each entry (int64)
        #: float32 divisor of each entry (1 on the symlog columns, which are overwritten)
        self.scale = np.where(wide, 1, m).astype(np.float32)
        #: the symlog columns and their divisors symlog(M) (float64)
        self.log_cols = np.flatnonzero(wide)
        self.log_scale = np.log1p(m[wide].astype(np.float64))
        self.low = self(low.astype(np.int32))
        self.high = self(high.astype(np.int32))

    def __call__(self, obs: np.ndarray) -> np.ndarray:
        """A fresh float32 array of obs's shape (obs: integers within the bounds)."""
        obs = np.asarray(obs)
        out = obs.astype(np.float32)            # exact on the linear columns (|x| <= LINEAR_MAX)
        np.divide(out, self.scale, out=out)     # correctly rounded: |x| <= M gives |x / M| <= 1
        if len(self.log_cols):
            x = obs[..., self.log_cols].astype(np.float64)
            out[..., self.log_cols] = np.sign(x) * np.log1p(np.abs(x)) / self.log_scale
        return out

    def rule(self, i: int) -> str:
        """Entry i's rule as text: "x/99" or "symlog(x)/symlog(9999)"."""
        m = int(self.bound[i])
        return f"symlog(x)/symlog({m})" if m > LINEAR_MAX else f"x/{m}"

    def box(self):
        """The float32 gymnasium Box of the transformed observations (finite bounds)."""
        from gymnasium import spaces
        return spaces.Box(low=self.low.copy(), high=self.high.copy(), shape=(self.size,), dtype=np.float32)


def obs_spec_of(game_class) -> ObsSpec:
    """A Game class's ObsSpec: its ``OBS`` attribute (TypeError when it has none)."""
    spec = getattr(game_class, "OBS", None)
    if not isinstance(spec, ObsSpec):
        raise TypeError(f"{getattr(game_class, '__name__', game_class)!r} has no OBS "
                        "(a framework.obs_spec.ObsSpec)")
    return spec

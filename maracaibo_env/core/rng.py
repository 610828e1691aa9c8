"""In-state random numbers: xorshift64* kept in two int32 slots of the state.

The same seed and the same actions always give the same game; copying the
state copies the generator.
"""
import numpy as np
from .jit import njit

from .layout import G_RNG

_MASK32 = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def _load(state):
    lo = np.uint64(np.int64(state[G_RNG]) & np.int64(0xFFFFFFFF))
    hi = np.uint64(np.int64(state[G_RNG + 1]) & np.int64(0xFFFFFFFF))
    return (hi << np.uint64(32)) | lo


@njit(cache=True)
def _store(state, x):
    lo = np.int64(x & _MASK32)
    hi = np.int64(x >> np.uint64(32))
    state[G_RNG] = np.int32(lo - (np.int64(1) << 32) if lo >= (np.int64(1) << 31) else lo)
    state[G_RNG + 1] = np.int32(hi - (np.int64(1) << 32) if hi >= (np.int64(1) << 31) else hi)


@njit(cache=True)
def rng_seed(state, seed):
    """Seed the generator from any non-negative int (splitmix-style scramble)."""
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)
    x ^= x >> np.uint64(31)
    if x == np.uint64(0):
        x = np.uint64(1)
    _store(state, x)


@njit(cache=True)
def rand_below(state, n):
    """Uniform int in [0, n) from the state's generator (n >= 1)."""
    x = _load(state)
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    _store(state, x)
    r = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(33)
    return np.int64(r % np.uint64(n))


@njit(cache=True)
def shuffle_slice(state, off, n):
    """Fisher-Yates shuffle of state[off:off+n] in place."""
    for i in range(n - 1, 0, -1):
        j = rand_below(state, i + 1)
        t = state[off + i]
        state[off + i] = state[off + j]
        state[off + j] = t

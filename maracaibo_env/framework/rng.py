"""In-state random numbers: xorshift64* kept in two int32 slots of a state
vector at offset ``off``. The same seed and actions give the same game;
copying the state copies the generator. Both games use these functions."""
import numpy as np

from .jit import njit_noalloc

_MASK32 = np.uint64(0xFFFFFFFF)


@njit_noalloc
def _load(state, off):
    lo = np.uint64(np.int64(state[off]) & np.int64(0xFFFFFFFF))
    hi = np.uint64(np.int64(state[off + 1]) & np.int64(0xFFFFFFFF))
    return (hi << np.uint64(32)) | lo


@njit_noalloc
def _store(state, off, x):
    lo = np.int64(x & _MASK32)
    hi = np.int64(x >> np.uint64(32))
    state[off] = np.int32(lo - (np.int64(1) << 32) if lo >= (np.int64(1) << 31) else lo)
    state[off + 1] = np.int32(hi - (np.int64(1) << 32) if hi >= (np.int64(1) << 31) else hi)


@njit_noalloc
def seed_at(state, off, seed):
    """Seed the generator from any non-negative int (splitmix-style scramble)."""
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x632BE59BD9B4E019)
    x ^= x >> np.uint64(31)
    if x == np.uint64(0):
        x = np.uint64(1)
    _store(state, off, x)


@njit_noalloc
def below_at(state, off, n):
    """Uniform int in [0, n) (n >= 1)."""
    x = _load(state, off)
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    _store(state, off, x)
    r = (x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(33)
    return np.int64(r % np.uint64(n))


@njit_noalloc
def shuffle_at(state, off, start, n):
    """Fisher-Yates shuffle of state[start:start+n] in place."""
    for i in range(n - 1, 0, -1):
        j = below_at(state, off, i + 1)
        t = state[start + i]
        state[start + i] = state[start + j]
        state[start + j] = t


@njit_noalloc
def shuffle_array_at(state, off, arr, n):
    """Fisher-Yates shuffle of arr[:n] (a scratch array, not the state)."""
    for i in range(n - 1, 0, -1):
        j = below_at(state, off, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t

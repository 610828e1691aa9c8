"""Uniform random legal play inside numba, shared by both games.

Its generator (xorshift64 on one uint64) is the player's, not the game's: the
game's chance comes only from the RNG in the state, so a game stays
reproducible from its seed whoever plays it.
"""
import numpy as np

from .jit import njit


@njit(cache=True)
def xorshift(x):
    """Next state of a (nonzero) xorshift64 generator."""
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    return x


@njit(cache=True)
def pick_uniform(mask, x):
    """(a uniformly random legal action, the generator's next state); the
    action is -1 (and x unchanged) when nothing is legal."""
    m = mask.shape[0]
    n = 0
    for a in range(m):  # a branch-free sum: LLVM vectorises it
        n += mask[a]
    if n == 0:
        return -1, x
    x = xorshift(x)
    r = np.int64(x % np.uint64(n))
    for a in range(m):
        if mask[a]:
            if r == 0:
                return a, x
            r -= 1
    return -1, x

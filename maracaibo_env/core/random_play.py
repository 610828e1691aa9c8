"""Uniform random legal play inside numba: the random player of the batch API,
the single-agent env's "random" opponents, benchmarks and fuzzing.

Its generator (xorshift64 on one uint64) is the player's, not the game's: the
game's chance (shuffles, tokens) comes only from the RNG in the state, so a
game stays reproducible from its seed whoever plays it.
"""
import numpy as np
from .jit import njit

from .layout import G_CUR, G_OVER
from .actions import NUM_ACTIONS
from .engine import step_unchecked


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
    n = 0
    for a in range(NUM_ACTIONS):  # a branch-free sum: LLVM vectorises it
        n += mask[a]
    if n == 0:
        return -1, x
    x = xorshift(x)
    r = np.int64(x % np.uint64(n))
    for a in range(NUM_ACTIONS):
        if mask[a]:
            if r == 0:
                return a, x
            r -= 1
    return -1, x


@njit(cache=True)
def play_random(state, cat, mask, stop_seats, rng, actions):
    """Uniform random legal moves until the game ends, a seat in the bitmask
    stop_seats is to act, or `actions` (which records the moves) is full.
    rng[0] is the generator state (advanced). Returns the number of moves."""
    x = rng[0]
    k = 0
    while state[G_OVER] == 0 and not (stop_seats >> state[G_CUR]) & 1 and k < actions.shape[0]:
        a, x = pick_uniform(mask, x)
        actions[k] = a
        step_unchecked(state, cat, a, mask)
        k += 1
    rng[0] = x
    return k

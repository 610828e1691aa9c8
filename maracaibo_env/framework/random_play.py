"""Uniform random legal play inside numba, shared by both games.

Its generator (xorshift64 on one uint64) is the player's, not the game's: the
game's chance comes only from the RNG in the state, so a game stays
reproducible from its seed whoever plays it.

A game's ``play_random`` is one line, ``play_random_with(<its step>, ...)``:
the loop below is inlined into it (numba IR inlining), so each game compiles
and caches its own copy with its own step, called directly as before (a kernel
that took the step as an argument would miss numba's on-disk cache in every
process: see framework/search.py).
"""
import numpy as np

from .jit import njit_noalloc
from .masks import count_legal, nth_legal


@njit_noalloc
def xorshift(x):
    """Next state of a (nonzero) xorshift64 generator."""
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    return x


@njit_noalloc
def pick_uniform(mask, x):
    """(a uniformly random legal action, the generator's next state); the
    action is -1 (and x unchanged) when nothing is legal."""
    n = count_legal(mask)
    if n == 0:
        return -1, x
    x = xorshift(x)
    return nth_legal(mask, np.int64(x % np.uint64(n))), x


@njit_noalloc(inline="always")
def play_random_with(step, over, cur, state, cat, mask, stop_seats, rng, actions):
    """Uniform random legal moves, each applied with the game's
    step(state, cat, action, mask), until the game ends (state[over] set), a
    seat in the bitmask stop_seats is to act (state[cur]), or `actions` (which
    records the moves) is full. rng[0] is the generator state (advanced).
    Returns the number of moves."""
    x = rng[0]
    k = 0
    while state[over] == 0 and not (stop_seats >> state[cur]) & 1 and k < actions.shape[0]:
        a, x = pick_uniform(mask, x)
        actions[k] = a
        step(state, cat, a, mask)
        k += 1
    rng[0] = x
    return k

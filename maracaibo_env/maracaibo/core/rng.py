"""In-state random numbers: the shared xorshift64* of maracaibo_env.framework.rng,
kept in the two int32 slots G_RNG of Maracaibo's state.

The same seed and the same actions always give the same game; copying the
state copies the generator.
"""
from ...framework.jit import njit_noalloc

from ...framework.rng import seed_at, below_at, shuffle_at, shuffle_array_at
from .constants import G_RNG


@njit_noalloc
def rng_seed(state, seed):
    """Seed the generator from any non-negative int (splitmix-style scramble)."""
    seed_at(state, G_RNG, seed)


@njit_noalloc
def rand_below(state, n):
    """Uniform int in [0, n) from the state's generator (n >= 1)."""
    return below_at(state, G_RNG, n)


@njit_noalloc
def shuffle_slice(state, off, n):
    """Fisher-Yates shuffle of state[off:off+n] in place."""
    shuffle_at(state, G_RNG, off, n)


@njit_noalloc
def shuffle_array(state, arr, n):
    """Fisher-Yates shuffle of arr[:n] (a scratch array) with the state's generator."""
    shuffle_array_at(state, G_RNG, arr, n)

"""Uniform random legal play inside numba: the random player of the batch API,
the single-agent env's "random" opponents, benchmarks and fuzzing.

Its generator (xorshift64 on one uint64) is the player's, not the game's: the
game's chance (shuffles, tokens) comes only from the RNG in the state, so a
game stays reproducible from its seed whoever plays it.
"""
from ...framework.jit import njit_noalloc

from ...framework.random_play import play_random_with
from ...framework.random_play import xorshift, pick_uniform  # noqa: F401  (re-exported)
from .constants import G_CUR, G_OVER
from .engine import step_unchecked


@njit_noalloc
def play_random(state, cat, mask, stop_seats, rng, actions):
    """Uniform random legal moves until the game ends, a seat in the bitmask
    stop_seats is to act, or `actions` (which records the moves) is full.
    rng[0] is the generator state (advanced). Returns the number of moves."""
    return play_random_with(step_unchecked, G_OVER, G_CUR, state, cat, mask, stop_seats, rng, actions)

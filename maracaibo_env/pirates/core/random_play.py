"""Uniform random play of Pirates inside numba (random opponents, benchmarks, fuzzing)."""
import numpy as np

from ...framework.jit import njit, njit_noalloc
from ...framework.random_play import pick_uniform, play_random_with
from .constants import G_CUR, G_OVER, STATE_SIZE, NUM_ACTIONS
from .engine import step, new_game


@njit_noalloc
def play_random(state, cat, mask, stop_seats, rng, actions):
    """Uniform random legal moves until the game ends, a seat in the bitmask
    stop_seats is to act, or `actions` (which records the moves) is full.
    rng[0] is the generator state (advanced). Returns the number of moves."""
    return play_random_with(step, G_OVER, G_CUR, state, cat, mask, stop_seats, rng, actions)


@njit(cache=True)
def random_games(cat, n_games, num_players, seed, layout):
    """Play n_games whole random games; returns the decisions made."""
    state = np.zeros(STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    x = np.uint64(seed) * np.uint64(2654435761) + np.uint64(1)
    total = 0
    for g in range(n_games):
        new_game(state, cat, num_players, seed + g, layout, mask)
        while state[G_OVER] == 0:
            a, x = pick_uniform(mask, x)
            step(state, cat, a, mask)
            total += 1
    return total

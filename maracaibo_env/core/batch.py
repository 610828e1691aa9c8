"""Batch kernels: many games in one 2-D state array, stepped in parallel
(numba prange over games). Rows are independent games."""
import numpy as np
from numba import njit, prange

from .layout import STATE_SIZE, G_OVER, G_CUR
from .actions import NUM_ACTIONS
from .engine import new_game_with, step_unchecked
from .observe import observe, OBS_SIZE


@njit(cache=True, parallel=True)
def reset_rows(states, masks, cat, rows, num_players, seeds, story, difficulty, table):
    for k in prange(rows.shape[0]):
        i = rows[k]
        new_game_with(states[i], cat, num_players, seeds[k], story, difficulty, table, masks[i])


@njit(cache=True)
def first_illegal(masks, actions):
    """Index of the first game whose action is illegal (or out of range), -1 if none.
    Finished games must be given -1."""
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0:
            continue
        if a >= NUM_ACTIONS or masks[i, a] == 0:
            return i
    return -1


@njit(cache=True, parallel=True)
def step_rows(states, masks, cat, actions):
    """Apply actions[i] to game i (skipped where actions[i] < 0)."""
    for i in prange(actions.shape[0]):
        if actions[i] >= 0:
            step_unchecked(states[i], cat, actions[i], masks[i])


@njit(cache=True, parallel=True)
def observe_rows(states, out):
    """Observation of each game's acting player (zeros for finished games)."""
    for i in prange(states.shape[0]):
        p = states[i, G_CUR]
        if p >= 0:
            observe(states[i], p, out[i])
        else:
            out[i, :] = 0


@njit(cache=True)
def _xorshift(x):
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    return x


@njit(cache=True, parallel=True)
def random_actions(masks, rng, out):
    """out[i] = a uniformly random legal action of game i, -1 when none is
    legal (the game is over); rng[i] is row i's xorshift64 state, advanced."""
    for i in prange(masks.shape[0]):
        n = 0
        for a in range(NUM_ACTIONS):
            n += masks[i, a]
        if n == 0:
            out[i] = -1
            continue
        x = _xorshift(rng[i])
        rng[i] = x
        r = np.int64(x % np.uint64(n))
        for a in range(NUM_ACTIONS):
            if masks[i, a]:
                if r == 0:
                    out[i] = a
                    break
                r -= 1


@njit(cache=True, parallel=True)
def random_playouts(states, masks, cat, num_players, seed, games_per_row, story, difficulty, table):
    """Each row plays games_per_row uniform-random games; returns decisions per row."""
    n = states.shape[0]
    decisions = np.zeros(n, np.int64)
    for i in prange(n):
        x = np.uint64(seed * 1000003 + i * 7919 + 1)
        idx = np.empty(NUM_ACTIONS, np.int64)
        for gidx in range(games_per_row):
            new_game_with(states[i], cat, num_players, seed + i * games_per_row + gidx, story,
                          difficulty, table, masks[i])
            while states[i, G_OVER] == 0:
                k = 0
                for a in range(NUM_ACTIONS):
                    if masks[i, a]:
                        idx[k] = a
                        k += 1
                x = _xorshift(x)
                step_unchecked(states[i], cat, idx[np.int64(x % np.uint64(k))], masks[i])
                decisions[i] += 1
    return decisions

"""Batch kernels for Pirates: many games in one 2-D state array, stepped in
parallel (numba prange over games). Rows are independent games."""
import numpy as np
from numba import prange

from ...framework.jit import njit
from ...framework.random_play import pick_uniform
from ...framework.batch_kernels import first_illegal, random_actions  # noqa: F401  (re-exported)
from .constants import G_OVER, G_CUR
from .engine import step, new_game
from .observe import observe


@njit(cache=True, parallel=True)
def reset_rows(states, masks, cat, rows, num_players, seeds, layout):
    for k in prange(rows.shape[0]):
        i = rows[k]
        new_game(states[i], cat, num_players, seeds[k], layout, masks[i])


@njit(cache=True, parallel=True)
def step_rows(states, masks, cat, actions):
    for i in prange(actions.shape[0]):
        if actions[i] >= 0:
            step(states[i], cat, actions[i], masks[i])


@njit(cache=True, parallel=True)
def observe_rows(states, out):
    """Observation of each game's acting player (zeros for finished games)."""
    for i in prange(states.shape[0]):
        if states[i, G_OVER] == 0:
            observe(states[i], states[i, G_CUR], out[i])
        else:
            out[i, :] = 0


@njit(cache=True, parallel=True)
def random_playouts(states, masks, cat, num_players, seed, games_per_row, layout):
    """Each row plays games_per_row uniform-random games; returns decisions per row."""
    n = states.shape[0]
    decisions = np.zeros(n, np.int64)
    for i in prange(n):
        x = np.uint64(seed * 1000003 + i * 7919 + 1)
        for gidx in range(games_per_row):
            new_game(states[i], cat, num_players, seed + i * games_per_row + gidx, layout, masks[i])
            while states[i, G_OVER] == 0:
                a, x = pick_uniform(masks[i], x)
                step(states[i], cat, a, masks[i])
                decisions[i] += 1
    return decisions

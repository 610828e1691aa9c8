"""Batch kernels: many games in one 2-D state array, stepped in parallel
(framework/parallel.ChunkLoop: chunks of games over numba's threads). Rows
are independent games."""
import numpy as np
from numba import prange

from ...framework.jit import njit, njit_noalloc
from ...framework.parallel import ChunkLoop
from .constants import STATE_SIZE, G_OVER, G_CUR, NUM_ACTIONS  # noqa: F401
from .engine import step_unchecked
from .setup import reset
from .observe import observe, OBS_SIZE
from ...framework.random_play import pick_uniform
from ...framework.batch_kernels import first_illegal, random_actions # noqa: F401  (re-exported)


@njit_noalloc
def _reset_chunk(lo, hi, states, masks, cat, rows, num_players, seeds, story, difficulty, table):
    for k in range(lo, hi):
        i = rows[k]
        # = engine.new_game_with, reusing step_unchecked's compiled engine (cold start)
        reset(states[i], cat, num_players, seeds[k], story, difficulty, table)
        step_unchecked(states[i], cat, -1, masks[i])


@njit_noalloc
def _step_chunk(lo, hi, states, masks, cat, actions):
    for i in range(lo, hi):
        if actions[i] >= 0:
            step_unchecked(states[i], cat, actions[i], masks[i])


@njit_noalloc
def _playout_chunk(lo, hi, states, masks, cat, num_players, seed, games_per_row, story, difficulty, table,
                   decisions):
    for i in range(lo, hi):
        x = np.uint64(seed * 1000003 + i * 7919 + 1)
        for gidx in range(games_per_row):
            reset(states[i], cat, num_players, seed + i * games_per_row + gidx, story, difficulty,
                  table)
            step_unchecked(states[i], cat, -1, masks[i])
            while states[i, G_OVER] == 0:
                a, x = pick_uniform(masks[i], x)
                step_unchecked(states[i], cat, a, masks[i])
                decisions[i] += 1


_reset_loop, _step_loop, _playout_loop = ChunkLoop(_reset_chunk), ChunkLoop(_step_chunk), ChunkLoop(_playout_chunk)


def reset_rows(states, masks, cat, rows, num_players, seeds, story, difficulty, table):
    """New games in states[rows[k]] from seeds[k]."""
    _reset_loop(len(rows), states, masks, cat, rows, int(num_players), seeds, int(story),
                int(difficulty), int(table))


def step_rows(states, masks, cat, actions):
    """Apply actions[i] to game i (skipped where actions[i] < 0)."""
    _step_loop(len(actions), states, masks, cat, actions)


@njit(cache=True, parallel=True)
def observe_rows(states, out):
    """Observation of each game's acting player (zeros for finished games)."""
    for i in prange(states.shape[0]):
        p = states[i, G_CUR]
        if p >= 0:
            observe(states[i], p, out[i])
        else:
            out[i, :] = 0


def random_playouts(states, masks, cat, num_players, seed, games_per_row, story, difficulty, table):
    """Each row plays games_per_row uniform-random games; returns decisions per row."""
    decisions = np.zeros(states.shape[0], np.int64)
    _playout_loop(len(states), states, masks, cat, int(num_players), int(seed), int(games_per_row),
                  int(story), int(difficulty), int(table), decisions)
    return decisions

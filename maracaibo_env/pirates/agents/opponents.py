"""Opponents played inside numba for many Pirates games at once: the pass
kernels of Pirates' vector env (maracaibo_env/pirates/vector.py, on the
framework's env, maracaibo_env/framework/vector.py, whose docstring gives
the contract).

`play_rows` steps the learners' actions, starts new games and moves every
game forward until its learner seat is to act, the game is over, or a seat
played by a Python policy must act (that game then waits for the policy,
asked once for all waiting games). Jordan, the solo opponent, is no seat
here: the engine plays his turns inside `step`. Random seats draw from the
row's xorshift64 generator; heuristic seats decide with `heuristics.decide`,
the function the Python agent and the tournaments' compiled engine call,
after a random move with chance eps (the ladder's weakened rungs), drawn
from the same generator.
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.framework.jit import njit_noalloc
from maracaibo_env.framework.parallel import ChunkLoop
from maracaibo_env.framework.scratch import stack_array
from maracaibo_env.framework.random_play import pick_uniform, xorshift
from maracaibo_env.pirates.core import drop_stale_cache
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core.batch import step_rows
from maracaibo_env.pirates.core.engine import new_game, step
from maracaibo_env.pirates.core.layout import G_CUR, G_OVER, MAX_P, STATE_SIZE
from maracaibo_env.pirates.core.observe import observe
from .heuristics import STRATEGIES, decide
from . import heuristics as _heuristics

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the engine's and the heuristics' code

RANDOM = -1   # kinds[row, seat]: uniform random moves
POLICY = -2   # a Python policy, asked in batches
LEARNER = -3  # the learner: the env stops here
EPS_SCALE = 1_000_000   # eps[k]: the chance of a random move, in millionths
CHUNK = 16    # games per parallel work item: they share one heuristic scratch space


@njit_noalloc
def table_move(state, cat, mask, k, weights, eps, x, base, scratch, mask2, bufs):
    """(the move of agent row k, the generator's next state): a uniformly
    random move with chance eps[k] (no draw when 0), else heuristics.decide
    with the row's weights."""
    if eps[k] > 0:
        x = xorshift(x)
        if np.int64(x % np.uint64(EPS_SCALE)) < eps[k]:
            return pick_uniform(mask, x)
    return decide(state, cat, mask, weights[k], x, base, scratch, mask2, bufs)


@njit_noalloc
def _advance_one(state, mask, cat, kinds, weights, eps, x, base, scratch, mask2, bufs):
    """Advance one game; returns (seat that must act now: -1 when over, the
    generator state)."""
    while state[G_OVER] == 0:
        p = state[G_CUR]
        k = kinds[p]
        if k == LEARNER or k == POLICY:
            return p, x
        if k == RANDOM:
            a, x = pick_uniform(mask, x)
        else:
            a, x = table_move(state, cat, mask, k, weights, eps, x, base, scratch, mask2, bufs)
        step(state, cat, a, mask)
    return -1, x


@njit_noalloc
def _play_chunk(lo, hi, states, masks, cat, rows, actions, seeds, setup, kinds, learners, weights, eps,
                rng, waiting, obs, final_obs):
    """play_rows for games rows[lo:hi]."""
    base = stack_array(STATE_SIZE, np.int32)
    scratch = stack_array(STATE_SIZE, np.int32)
    mask2 = stack_array(NUM_ACTIONS, np.int8)
    bufs = (stack_array(STATE_SIZE, np.int32), stack_array(STATE_SIZE, np.int32),
            stack_array(NUM_ACTIONS, np.int8), stack_array(NUM_ACTIONS, np.int8))
    for j in range(lo, hi):
        i = rows[j]
        if actions.shape[0] > 0:
            step(states[i], cat, actions[j], masks[i])
        if seeds.shape[0] > 0:
            new_game(states[i], cat, setup[0], seeds[j], setup[1], masks[i])
        waiting[i], rng[i] = _advance_one(states[i], masks[i], cat, kinds[i], weights, eps, rng[i],
                                          base, scratch, mask2, bufs)
        if waiting[i] >= 0 and waiting[i] == learners[i]:
            observe(states[i], learners[i], obs[i])
        elif waiting[i] < 0 and final_obs.shape[0] > 0:
            observe(states[i], learners[i], final_obs[i])


_play_loop = ChunkLoop(_play_chunk, CHUNK)


def play_rows(states, masks, cat, rows, actions, seeds, setup, kinds, learners, weights, eps,
              rng, waiting, obs, final_obs):
    """The vector env's one pass, for each game i = rows[j] in parallel:

    1. with `actions` (one per row; legality checked by the caller): the learner's action;
    2. with `seeds` (one per row): a new game from seeds[j] (setup = num_players,
       the core's set-up int: layout, modules, difficulty; as Batch's reset);
    3. its opponents play until the learner (or a policy seat) must act or the
       game ends: waiting[i] = that seat, -1 when over; obs[i] = the learner's
       observation when it is the learner's turn, and final_obs[i] (when
       final_obs has rows) the learner's view of a game that ended in this pass.

    Games go to the threads in chunks of CHUNK, each chunk with its own
    heuristic scratch space (on the stack)."""
    _play_loop(len(rows), states, masks, cat, rows, actions, seeds, setup, kinds, learners, weights, eps,
               rng, waiting, obs, final_obs)


def step_rows_checked(states, masks, cat, rows, actions) -> None:
    """Apply actions[j] to game rows[j] (legality checked by the caller), with
    the Batch's compiled step_rows (-1 elsewhere: those games are left alone),
    so the env compiles no second kernel for its policy seats."""
    full = np.full(states.shape[0], -1, np.int64)
    full[rows] = actions
    step_rows(states, masks, cat, full)


def seat_tables(seats: list, catalog) -> tuple[np.ndarray, tuple]:
    """(kinds, (weights, eps)) of a line-up: seats[j] is the compiled engine's
    value of a seat (the agent table's ``compiled``: None for random, else
    (strategy name, eps)); kinds[j] is RANDOM or its row in weights
    (float64[rows, len(WEIGHT_NAMES)]) and eps (int64 millionths). catalog:
    unused (Pirates' heuristics read no per-catalog table)."""
    rows = list(dict.fromkeys(s for s in seats if s is not None))   # one row per distinct agent
    kinds = np.full(max(MAX_P, len(seats)), RANDOM, np.int64)
    for j, s in enumerate(seats):
        if s is not None:
            kinds[j] = rows.index(s)
    # at least one row, so the kernel's argument types never change
    weights = np.stack([STRATEGIES[name] for name, _ in rows] or [STRATEGIES["raider"]])
    eps = np.array([round(e * EPS_SCALE) for _, e in rows] or [0], np.int64)
    return kinds, (np.ascontiguousarray(weights, np.float64), eps)

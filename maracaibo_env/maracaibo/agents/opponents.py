"""Opponents played inside numba for many games at once: the vector env's
engine (maracaibo_env/maracaibo/vector.py).

`play_rows` steps the learners' actions, restarts finished games and moves
every game forward until its learner seat is to act, the game is over, or a
seat played by a Python policy must act (that game then waits for the
policy, asked once for all waiting games). Random seats draw
from the row's xorshift64 generator; heuristic seats decide with
`heuristics.decide_values`, the function the Python agents call.
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.framework.jit import njit_noalloc
from maracaibo_env.framework.parallel import ChunkLoop
from maracaibo_env.framework.scratch import stack_array

from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.engine import step_unchecked
from maracaibo_env.maracaibo.core.layout import G_OVER, G_CUR, STATE_SIZE
from maracaibo_env.maracaibo.core.observe import observe
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from maracaibo_env.maracaibo.core.setup import reset
from maracaibo_env.maracaibo.core.story import start_from
from .heuristics import table_move

from maracaibo_env.maracaibo.core import drop_stale_cache  # noqa: E402
from . import heuristics as _heuristics  # noqa: E402

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the engine's and the heuristics' code

RANDOM = -1   # kinds[row, seat]: uniform random moves
POLICY = -2   # a Python policy, asked in batches
LEARNER = -3  # the learner: the env stops here


@njit_noalloc
def _advance_one(state, mask, cat, kinds, W, lookahead, card_base, card_bonus, career_val, deck_val,
                 area_full, area_ongoing, exp_prog, dval, fake_token, x, legal, vals, root):
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
            a, x = table_move(state, cat, mask, k, W, lookahead, card_base, card_bonus, career_val,
                              deck_val, area_full, area_ongoing, exp_prog, dval, fake_token, x,
                              legal, vals, root)
        step_unchecked(state, cat, a, mask)
    return -1, x


CHUNK = 16    # games per parallel work item: they share one heuristic scratch space


@njit_noalloc
def _play_chunk(lo, hi, states, masks, cat, rows, actions, seeds, setup, kinds, learners, W, lookahead,
                card_base, card_bonus, career_val, deck_val, area_full, area_ongoing, exp_prog, dval,
                fake_token, rng, waiting, obs, final_obs):
    """play_rows for games rows[lo:hi]."""
    legal = stack_array(NUM_ACTIONS, np.int64)
    vals = stack_array(NUM_ACTIONS, np.float64)
    root = stack_array(STATE_SIZE, np.int32)
    for j in range(lo, hi):
        i = rows[j]
        if actions.shape[0] > 0:
            step_unchecked(states[i], cat, actions[j], masks[i])
        if seeds.shape[0] > 0:
            reset(states[i], cat, setup[0], seeds[j], setup[1], setup[2], setup[3])
            if setup[1] < 0:   # a campaign game: its start follows in setup[4:]
                start_from(states[i], cat, setup[4:])
            step_unchecked(states[i], cat, -1, masks[i])
        waiting[i], rng[i] = _advance_one(states[i], masks[i], cat, kinds[i], W, lookahead,
                                          card_base, card_bonus, career_val, deck_val, area_full,
                                          area_ongoing, exp_prog, dval, fake_token, rng[i], legal,
                                          vals, root)
        if waiting[i] >= 0 and waiting[i] == learners[i]:
            observe(states[i], learners[i], obs[i])
        elif waiting[i] < 0 and final_obs.shape[0] > 0:
            observe(states[i], learners[i], final_obs[i])


_play_loop = ChunkLoop(_play_chunk, CHUNK)


def play_rows(states, masks, cat, rows, actions, seeds, setup, kinds, learners, W, lookahead, card_base,
              card_bonus, career_val, deck_val, area_full, area_ongoing, exp_prog, dval, fake_token,
              rng, waiting, obs, final_obs):
    """The vector env's one pass, for each game i = rows[j] in parallel:

    1. with `actions` (one per row; legality checked by the caller): the learner's action;
    2. with `seeds` (one per row): a new game from seeds[j] (setup = num_players,
       story, difficulty, automa table, as Batch's reset; story -1: a campaign
       game whose start, core/story.start_from's array, is setup[4:]);
    3. its opponents play until the learner (or a policy seat) must act or the
       game ends: waiting[i] = that seat, -1 when over; obs[i] = the learner's
       observation when it is the learner's turn, and final_obs[i] (when
       final_obs has rows) the learner's view of a game that ended in this pass.

    One kernel for stepping, restarting and advancing: one compile, and a
    step's auto-resets cost one more pass, not four. Games go to the threads
    in chunks of CHUNK, each chunk with its own heuristic scratch space (on
    the stack)."""
    _play_loop(len(rows), states, masks, cat, rows, actions, seeds, setup, kinds, learners, W, lookahead,
               card_base, card_bonus, career_val, deck_val, area_full, area_ongoing, exp_prog, dval,
               fake_token, rng, waiting, obs, final_obs)


@njit_noalloc
def _step_checked_chunk(lo, hi, states, masks, cat, rows, actions):
    for j in range(lo, hi):
        step_unchecked(states[rows[j]], cat, actions[j], masks[rows[j]])


_step_checked_loop = ChunkLoop(_step_checked_chunk, CHUNK)


def step_rows_checked(states, masks, cat, rows, actions):
    """Apply actions[j] to game rows[j] (legality checked by the caller)."""
    _step_checked_loop(len(rows), states, masks, cat, rows, actions)

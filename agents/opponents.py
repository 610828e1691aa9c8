"""Opponents played inside numba for many games at once: the vector env's
engine (maracaibo_env/maracaibo/vector.py).

`advance_rows` moves every game forward until its learner seat is to act, the
game is over, or a seat played by a Python policy must act (that game then
waits for the policy, asked once for all waiting games). Random seats draw
from the row's xorshift64 generator; heuristic seats decide with
`heuristics.decide_values`, the function the Python agents call.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.engine import step_unchecked
from maracaibo_env.maracaibo.core.layout import G_OVER, G_CUR
from maracaibo_env.maracaibo.core.observe import observe
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from .heuristics import table_move

from maracaibo_env.maracaibo.core import drop_stale_cache  # noqa: E402
from . import heuristics as _heuristics  # noqa: E402

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the engine's and the heuristics' code

RANDOM = -1   # kinds[row, seat]: uniform random moves
POLICY = -2   # a Python policy, asked in batches
LEARNER = -3  # the learner: the env stops here


@njit(cache=True)
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


@njit(cache=True)
def _advance_and_observe(i, states, masks, cat, kinds, learners, W, lookahead, card_base, card_bonus,
                         career_val, deck_val, area_full, area_ongoing, exp_prog, dval, fake_token,
                         rng, waiting, obs):
    heuristic = False  # scratch space only for a heuristic seat: random play needs none
    for p in range(kinds.shape[1]):
        if kinds[i, p] >= 0:
            heuristic = True
    n = NUM_ACTIONS if heuristic else 0
    legal = np.empty(n, np.int64)
    vals = np.empty(n, np.float64)
    root = np.empty(states.shape[1] if heuristic else 0, states.dtype)
    waiting[i], rng[i] = _advance_one(states[i], masks[i], cat, kinds[i], W, lookahead, card_base,
                                      card_bonus, career_val, deck_val, area_full, area_ongoing,
                                      exp_prog, dval, fake_token, rng[i], legal, vals, root)
    if waiting[i] >= 0 and waiting[i] == learners[i]:
        observe(states[i], learners[i], obs[i])


@njit(cache=True, parallel=True)
def advance_rows(states, masks, cat, rows, kinds, learners, W, lookahead, card_base, card_bonus,
                 career_val, deck_val, area_full, area_ongoing, exp_prog, dval, fake_token, rng,
                 waiting, obs):
    """For the games in `rows`: play their opponents until the learner (or a
    policy seat) must act or the game ends; waiting[i] = the seat to act, -1
    when over; obs[i] = the learner's observation when it is the learner's turn."""
    for j in prange(rows.shape[0]):
        _advance_and_observe(rows[j], states, masks, cat, kinds, learners, W, lookahead, card_base,
                             card_bonus, career_val, deck_val, area_full, area_ongoing, exp_prog,
                             dval, fake_token, rng, waiting, obs)


@njit(cache=True, parallel=True)
def step_advance_rows(states, masks, cat, actions, kinds, learners, W, lookahead, card_base, card_bonus,
                      career_val, deck_val, area_full, area_ongoing, exp_prog, dval, fake_token,
                      rng, waiting, obs):
    """Every game: the learner's action (legality checked by the caller), then
    advance_rows' work, in one parallel pass."""
    for i in prange(states.shape[0]):
        step_unchecked(states[i], cat, actions[i], masks[i])
        _advance_and_observe(i, states, masks, cat, kinds, learners, W, lookahead, card_base,
                             card_bonus, career_val, deck_val, area_full, area_ongoing, exp_prog,
                             dval, fake_token, rng, waiting, obs)


@njit(cache=True, parallel=True)
def step_rows_checked(states, masks, cat, rows, actions):
    """Apply actions[j] to game rows[j] (legality checked by the caller)."""
    for j in prange(rows.shape[0]):
        step_unchecked(states[rows[j]], cat, actions[j], masks[rows[j]])

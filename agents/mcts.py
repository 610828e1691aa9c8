"""Information-set Monte Carlo tree search (single-observer ISMCTS) in numba,
for Maracaibo: its kernel and search adapter on the shared tree and agent of
maracaibo_env/framework/search.py (agents/pirates_mcts.py is Pirates').

Every iteration samples a *determinisation* of the game that the searching
player cannot tell from the real one, then walks one shared tree of action
sequences on it:

* hidden information is redrawn from what the searcher cannot see
  (maracaibo/core/hidden.py `redraw`, the game's one definition): the cards
  that are neither face up nor its own (draw and discard piles, opponents'
  hands and planning areas) are pooled and dealt back in random order; the
  opponents' career cards are dealt from the careers the searcher was not
  offered; the two combat-token piles, Jean's Automa deck, the quest pile
  below its public top tile and the face-down prestige buildings are
  shuffled; the game's RNG is reseeded. Pools are built from public
  information and the searcher's own cards only, sorted, then shuffled, so
  two games that differ only in hidden information search identically;
* selection: UCB1 over the children whose actions are legal in this
  determinisation, with availability counts (Cowling et al. 2012); every
  node's statistics are from the view of the player who acts there;
* expansion of one untried legal action, then a rollout: uniform random
  moves for up to `rollout_depth` decisions, scored by the heuristic
  evaluation (agents.heuristics.evaluate, the balanced weights) of every
  player, as each player's margin over the best other (divided by 100), or by
  the final VP margin when the game ended.

Options (spec `mcts:iters=2000:c=0.2:depth=0:top=3`): `iterations` per
decision (default 1000) or `ms` per decision, `exploration` constant c (0.2),
`rollout_depth` (0: the heuristic evaluation right after the expanded move),
`rollout` (random or balanced moves), `top` (3: only the balanced
heuristic's three best root moves are searched; 0 = all), `dets` (0: a fresh
determinisation per iteration). The search seed comes from the `rng` passed
to act(), so a decision is reproducible.

The defaults were tuned by 2-player duplicate gauntlets against `balanced`
(40 deals x 2 seatings, seed 11, win share with Wilson 95 %; docs/agents.md):
unguided with random rollouts of 40 (the first default) 48.3 % of 30 games
and 35.5 % [27, 45] of 100 fresh ones; top=3 with rollouts of 40: 52.8 %
(53 games); top=3 depth=0: 57.5 % [47, 68]; top=2: 50.0 %; top=5: 45.0 %;
300 iterations: 50.0 %; c=0.2: 65.6 % [55, 75]; c=0.05: 55.1 % (49 games);
top=3 depth=5: 54.8 % (31 games).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.core import engine
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.layout import (
    PLAYERS, PLAYER_SIZE, MAX_P, G_NP, G_CUR, G_OVER, G_SOLO, P_VP)
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from maracaibo_env.maracaibo.core.hidden import redraw as determinize, xs_below as _rand  # noqa: F401
from maracaibo_env.framework.search import (SearchAdapter, SearchAgent, backpropagate, descend,
                                            margins, new_tree, root_visits)
from .heuristics import evaluate, table_move, HeuristicAgent

from maracaibo_env.maracaibo.core import drop_stale_cache  # noqa: E402
from . import heuristics as _heuristics  # noqa: E402

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the engine's and the heuristics' code

N_TOKEN_SLOTS = 64


# the determinisation (and its generator helpers) is the game's one definition of
# what a seat cannot see: maracaibo/core/hidden.py (`determinize` stays importable)


@njit(cache=True)
def _values(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, out):
    """out[p] = player p's margin over the best other player / 100: final VP
    when the game is over, else the heuristic evaluation (solo: the human's
    evaluation, which is its margin over Jean's estimate, and its negation)."""
    np_ = st[G_NP]
    if st[G_SOLO]:  # the human's evaluation is already its margin over Jean's estimated final VP
        if st[G_OVER]:
            m = st[PLAYERS + P_VP] - st[PLAYERS + PLAYER_SIZE + P_VP]
        else:
            m = evaluate(st, cat, 0, W, area_full, area_ongoing, exp_prog, card_bonus, dval)
        out[0] = m / 100.0
        out[1] = -m / 100.0
        return
    est = np.empty(MAX_P, np.float64)
    for p in range(np_):
        if st[G_OVER]:
            est[p] = st[PLAYERS + p * PLAYER_SIZE + P_VP]
        else:
            est[p] = evaluate(st, cat, p, W, area_full, area_ongoing, exp_prog, card_bonus, dval)
    margins(est, np_, 100.0, out)


@njit(cache=True)
def search(real, cat, me, iterations, c, rollout_depth, x, W, area_full, area_ongoing,
           exp_prog, card_bonus, dval, visits_out, root_allowed, dets, heuristic_rollout,
           depth_t, card_base, career_val, deck_val, fake_token):
    """visits_out[a] = root visits of action a after `iterations` iterations
    (the tree: framework/search.py).

    root_allowed: int8 per action id, the root moves the search may try;
    dets: 0 = a fresh determinisation every iteration, else that many drawn
    once and used in turn; heuristic_rollout: rollout moves by the balanced
    heuristic (W .. fake_token, as for agents.fast_play) instead of uniform."""
    t = new_tree(iterations + 2)
    pool = np.empty((max(dets, 1), real.shape[0]), real.dtype)
    for d in range(dets):
        pool[d, :] = real
        x = determinize(pool[d], me, x)
    W2 = W.reshape(1, W.shape[0])
    cb2 = card_bonus.reshape(1, card_bonus.shape[0])
    legal_buf = np.zeros(NUM_ACTIONS, np.int64)
    vals_buf = np.zeros(NUM_ACTIONS, np.float64)
    root_buf = np.zeros_like(real)
    st = np.empty_like(real)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    vals = np.zeros(MAX_P, np.float64)
    path = np.empty(iterations + 2, np.int64)
    has_child = np.zeros(NUM_ACTIONS, np.int64)
    for it in range(iterations):
        if dets > 0:
            st[:] = pool[it % dets]
        else:
            st[:] = real
            x = determinize(st, me, x)
        engine.legal_mask(st, cat, mask)
        for b in range(NUM_ACTIONS):
            if root_allowed[b] == 0:
                mask[b] = 0
        node = 0
        depth = 0
        path[0] = 0
        expanded = False
        while st[G_OVER] == 0 and not expanded:
            child, a, expanded, x = descend(t, node, mask, st[G_CUR], c, has_child, x)
            if child < 0:
                break
            engine.step_unchecked(st, cat, a, mask)
            node = child
            depth += 1
            path[depth] = node
        k = 0
        if depth == 0 and st[G_OVER] == 0:  # nothing tried at the root: rebuild the full mask
            engine.legal_mask(st, cat, mask)
        while st[G_OVER] == 0 and k < rollout_depth:
            if heuristic_rollout:
                a, x = table_move(st, cat, mask, 0, W2, depth_t, card_base, cb2, career_val,
                                  deck_val, area_full, area_ongoing, exp_prog, dval, fake_token,
                                  x, legal_buf, vals_buf, root_buf)
            else:
                a, x = pick_uniform(mask, x)
            engine.step_unchecked(st, cat, a, mask)
            k += 1
        _values(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, vals)
        backpropagate(t, path, depth, vals)
    root_visits(t, visits_out)
    return x


ROLLOUTS = ("random", "balanced")


class MaracaiboSearch(SearchAdapter):
    """Maracaibo for the shared search (framework/search.py): the kernel
    `search`, the prior = the balanced heuristic's lookahead values, the leaf
    evaluation = its tables."""
    game = "maracaibo"
    num_actions = NUM_ACTIONS
    rollouts = ROLLOUTS
    prior_name = "balanced"

    def __init__(self):
        self._eval = HeuristicAgent()

    def prior(self, game, legal):
        return self._eval.values(game, legal)

    def search(self, agent, game, x, iterations, root_allowed, out):
        t = self._eval.tables(game.catalog)
        W, area_full, area_ongoing, exp_prog, dval = t[0], t[6], t[7], t[8], t[9]
        search(game.state, game._cat, int(game.state[G_CUR]), iterations, agent.exploration,
               agent.rollout_depth, x, W, area_full, area_ongoing, exp_prog, t[3], dval, out,
               root_allowed, agent.dets, agent.rollout == "balanced",
               np.array([t[1]], np.int64), t[2][None], t[4][None], t[5][None], t[10])


class MCTSAgent(SearchAgent):
    """ISMCTS for Maracaibo (see the module docstring; the options:
    framework.search.SearchAgent). act(observation, mask, rng, game)."""
    adapter = MaracaiboSearch()

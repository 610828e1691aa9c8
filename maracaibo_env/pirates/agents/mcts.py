"""Information-set MCTS for Pirates of Maracaibo: its kernel and search
adapter on the shared tree, loop and agent (maracaibo_env/framework/search.py; the
same options and spec grammar as Maracaibo's `mcts`, maracaibo_env/maracaibo/agents/mcts.py).

* Determinisation: the searcher's view is made canonical once per search
  (pirates/core/hidden.py `sort_hidden`: everything it cannot see sorted),
  then every iteration redraws it (hidden.py `redraw`: decks, facedown cards,
  Jordan's deck, the other seats' quests, the generator). So the search never
  reads hidden information: two games that differ only in it search alike.
* The tree branches on the seats' decisions only. In the solo game Jordan
  plays his whole turn inside the engine's step (engine.advance calls
  jordan_turn, SOLO-10..30): every decision the search meets is the human's
  (G_CUR = 0), and Jordan's draws are samples of the redrawn generator.
* Leaf evaluation: maracaibo_env.pirates.agents.heuristics `value` with the explorer
  weights (VP now + endgame VP now + income x rounds left + bonuses + the
  tempo term; solo: minus 2 x Jordan's VP), each seat's margin over the best
  other / 100 (solo: the human's value, which already counts Jordan, and its
  negation); once the game is over, the final VP margin. The tempo term's
  paces are the searcher's view (others' quests left out), computed once per
  search; a leaf counts turns from the seat after the one to act (its turn is
  under way).
* Prior (top=K): the K root moves the explorer heuristic's lookahead values
  best (pirates_heuristics `action_values`, on the canonical view).
* Rollouts: `random` (uniform) or `balanced` (the explorer heuristic's
  decisions: a full lookahead each, costly).
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.framework.jit import njit
from maracaibo_env.framework.arrays import copy_into
from maracaibo_env.framework.search import SearchAdapter, SearchAgent, expand_uniform, margins, search_with
from maracaibo_env.pirates.core import drop_stale_cache
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core.engine import fill_mask, step
from maracaibo_env.pirates.core.hidden import redraw, sort_hidden
from maracaibo_env.pirates.core.layout import G_CUR, G_NP, G_OVER, G_SOLO, MAX_P, P_TURNS, P_VP, STATE_SIZE
from . import heuristics as H

drop_stale_cache(__file__, H.__file__)  # its compiled functions link the engine's and the heuristics' code

GUIDE = "explorer"   # the heuristic of the prior, the leaf value and balanced rollouts


@njit(cache=True)
def _values(st, cat, w, ctx, scratch, est, out):
    """out[p] = seat p's margin over the best other / 100: the final VP once
    the game is over, else the heuristic value (solo: the human's, and its negation)."""
    np_ = st[G_NP]
    over = st[G_OVER] == 1
    if st[G_SOLO] == 1:
        if over:
            m = np.float64(st[K.pb(0) + P_VP] - st[K.pb(1) + P_VP])
        else:
            copy_into(scratch, st)
            m = H.value_at(scratch, cat, 0, w, ctx, True)
        out[0] = m / 100.0
        out[1] = -m / 100.0
        return
    for p in range(np_):
        if over:
            est[p] = st[K.pb(p) + P_VP]
        else:
            copy_into(scratch, st)
            est[p] = H.value_at(scratch, cat, p, w, ctx, True)
    margins(est, np_, 100.0, out)


@njit(cache=True)
def _turn_values(st, cat, w, ctx, scratch, est, turn, s, mask, s2, m2, out):
    """`_values` after the acting seat's turn is played on greedily (the
    heuristic's own lookahead, H._greedy) for up to `turn` decisions."""
    if turn <= 0 or st[G_OVER] == 1:
        _values(st, cat, w, ctx, scratch, est, out)
        return
    copy_into(s, st)
    p = s[G_CUR]
    turns = s[K.pb(p) + P_TURNS]
    fill_mask(s, cat, mask)
    for _ in range(turn):
        if s[G_OVER] == 1 or s[G_CUR] != p or s[K.pb(p) + P_TURNS] != turns:
            break
        b = H._greedy(s, cat, mask, p, w, s2, m2, ctx)
        if b < 0:
            break
        step(s, cat, b, mask)
    _values(s, cat, w, ctx, scratch, est, out)


@njit(cache=True)
def _expand(st, cat, mask, has_child, x, greedy, w, ctx, s2, m2):
    """The next child of a node: with greedy, the untried legal move of best
    one-ply value (H.value) for the seat to act, else one at random."""
    if not greedy:
        return expand_uniform(st, cat, mask, has_child, x)
    p = st[G_CUR]
    best = -1
    best_v = -1e18
    for a in range(mask.shape[0]):
        if mask[a] == 0 or has_child[a] >= 0:
            continue
        copy_into(s2, st)
        copy_into(m2, mask)
        step(s2, cat, a, m2)
        v = H.value(s2, cat, p, w, ctx)
        if v > best_v:
            best_v = v
            best = a
    return best, x


@njit(cache=True)
def _root_legal(st, cat, mask, root_mask):
    """The root's legal mask (a determinisation has the real game's moves)."""
    copy_into(mask, root_mask)


@njit(cache=True)
def _policy(st, cat, mask, x, w, base, scratch, bufs):
    """The heuristic w's rollout move (`H.decide` in the shape search_with calls)."""
    return H.decide(st, cat, mask, w, x, base, scratch, mask, bufs)


@njit(cache=True)
def search(real, cat, root_mask, me, iterations, c, rollout_depth, x, w, visits_out,
           root_allowed, dets, heuristic_rollout, widen, turn):
    """visits_out[a] = root visits of action a after `iterations` iterations
    (the loop: framework/search.py `search_with`).

    root_mask: the legal mask of real (int8); root_allowed: the root moves the
    search may try; dets: 0 = a fresh determinisation every iteration, else
    that many drawn once and used in turn; heuristic_rollout: rollout moves by
    the heuristic w instead of uniform; widen > 0: progressive widening, new
    children by w's one-ply value (`_expand`); turn: the leaf first finishes
    the acting seat's turn greedily for up to that many decisions."""
    view = real.copy()
    sort_hidden(view, cat, me)            # the searcher's view, canonical
    scratch = np.empty_like(real)
    ctx = np.zeros(2 * MAX_P + 1)
    if w[H.W_TEMPO] != 0.0:               # the seats' paces as `me` sees them
        copy_into(scratch, view)
        x = redraw(scratch, cat, me, x)
        H.paces(scratch, cat, me, view.copy(), ctx)
    policy_args = (w, np.empty(STATE_SIZE, np.int32), scratch, H.make_bufs())
    leaf_args = (w, ctx, scratch, np.zeros(MAX_P, np.float64), turn, np.empty_like(real),
                 np.zeros(NUM_ACTIONS, np.int8), np.empty_like(real), np.zeros(NUM_ACTIONS, np.int8))
    expand_args = (widen > 0, w, ctx, np.empty_like(real), np.zeros(NUM_ACTIONS, np.int8))
    return search_with(step, redraw, _root_legal, _policy, _turn_values, G_OVER, G_CUR, MAX_P, NUM_ACTIONS,
                       view, cat, me, iterations, c, rollout_depth, x, dets, heuristic_rollout,
                       root_allowed, visits_out, (root_mask,), policy_args, leaf_args,
                       _expand, expand_args, widen)


@njit(cache=True)
def prior_values(real, cat, root_mask, me, w, out):
    """The guide's lookahead value of each legal root action, on the
    searcher's canonical view (its decks redrawn from a fixed seed)."""
    view = real.copy()
    sort_hidden(view, cat, me)
    base = np.empty(STATE_SIZE, np.int32)
    H.action_values(view, cat, root_mask, w, np.uint64(0x2545F4914F6CDD1D), base, H.make_bufs(), out)


class PiratesSearch(SearchAdapter):
    """Pirates of Maracaibo for the shared search: the kernel `search`, the
    explorer heuristic as prior, leaf value and `balanced` rollout policy."""
    game = "pirates"
    num_actions = NUM_ACTIONS
    rollouts = ("random", "balanced")
    prior_name = GUIDE

    guides = (GUIDE, *[g for g in H.STRATEGIES if g != GUIDE])

    def prior(self, game, legal, guide):
        out = np.zeros(NUM_ACTIONS, np.float64)
        prior_values(game.state, game._cat, game._mask, int(game.state[G_CUR]), H.STRATEGIES[guide], out)
        return out[legal]

    def search(self, agent, game, x, iterations, root_allowed, out):
        search(game.state, game._cat, game._mask, int(game.state[G_CUR]), iterations,
               agent.exploration, agent.rollout_depth, x, H.STRATEGIES[agent.guide], out, root_allowed,
               agent.dets, agent.rollout == "balanced", agent.widen, agent.turn)


class PiratesMCTSAgent(SearchAgent):
    """ISMCTS for Pirates of Maracaibo (see the module docstring; the
    options: framework.search.SearchAgent, but 4000 iterations by default:
    80 % [63, 90] of 30 games against 1000, seeds 1000+, about 5 ms a
    decision). act(observation, mask, rng, game)."""
    adapter = PiratesSearch()

    def __init__(self, iterations: int = 4000, **options):
        super().__init__(iterations, **options)

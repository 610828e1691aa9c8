"""Information-set Monte Carlo tree search (single-observer ISMCTS) in numba.

Every iteration samples a *determinisation* of the game that the searching
player cannot tell from the real one, then walks one shared tree of action
sequences on it:

* hidden information is redrawn from what the searcher cannot see: the cards
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

Options (spec `mcts:iters=2000:c=0.7:depth=40`): `iterations` per decision
(default 1000), `exploration` constant c (0.7), `rollout_depth` (40); the
search seed comes from the `rng` passed to act(), so a decision is
reproducible. The default depth was picked by 2-player duplicate tournaments
against `balanced` (30 games each, seed 7): depth 20: 35.0% [21, 53] wins,
depth 40: 48.3% [32, 65], depth 80: 43.3% [27, 61]; 3000 iterations at depth
20: 43.3% [27, 61]. The intervals overlap: a first tuning, not a final one;
on 50 fresh deals (seed 11, 100 games) the default won 35.5% [27, 45].
"""
from __future__ import annotations

import numpy as np
from numba import njit

from maracaibo_env.core import engine
from maracaibo_env.core.actions import NUM_ACTIONS
from maracaibo_env.core.layout import (
    PLAYERS, PLAYER_SIZE, N_CARDS, N_CAREERS, N_BUILDINGS, N_PRESTIGE, PLAN_CAP,
    MAX_P, G_NP, G_CUR, G_OVER, G_SOLO, G_RNG, G_DRAW, G_DRAW_N, G_DISCARD, G_DISCARD_N,
    G_TPILE0, G_TPILE1, G_TPILE_N, G_AUTOMA_DECK, G_AUTOMA_N, G_QPILE, G_QPILE_N,
    G_PR_BUILD, G_PR_REVEALED, P_VP, P_HAND_N, P_HAND, P_PLAN,
    P_CAREER, P_CAREER_OPT)
from maracaibo_env.core.random_play import xorshift, pick_uniform
from .heuristics import evaluate, unseen_cards, HeuristicAgent

N_TOKEN_SLOTS = 64


@njit(cache=True)
def _rand(x, n):
    x = xorshift(x)
    return np.int64(x % np.uint64(n)), x


@njit(cache=True)
def _shuffle(a, n, x):
    for i in range(n - 1, 0, -1):
        j, x = _rand(x, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
    return x


@njit(cache=True)
def determinize(st, me, x):
    """Redraw, in place, everything st hides from player `me` (see the module
    docstring); returns the generator state."""
    np_ = st[G_NP]
    bm = PLAYERS + me * PLAYER_SIZE
    pool = np.empty(N_CARDS, np.int64)
    n = unseen_cards(st, me, pool)
    x = _shuffle(pool, n, x)
    k = 0
    hidden_players = np.zeros(MAX_P, np.bool_)
    for q in range(np_):
        hidden_players[q] = q != me and not (st[G_SOLO] and q == 1)
    # deal the shuffled pool into the hidden slots in a fixed order: draw pile,
    # discard pile, opponents' hands and plans (cards out of the game are in
    # the pool too: which ones they are is not known either)
    if n > 0:
        for i in range(st[G_DRAW_N]):
            st[G_DRAW + i] = pool[k % n]
            k += 1
        for i in range(st[G_DISCARD_N]):
            st[G_DISCARD + i] = pool[k % n]
            k += 1
        for q in range(np_):
            if hidden_players[q]:
                bq = PLAYERS + q * PLAYER_SIZE
                for i in range(st[bq + P_HAND_N]):
                    st[bq + P_HAND + i] = pool[k % n]
                    k += 1
                for j in range(PLAN_CAP):
                    if st[bq + P_PLAN + j] >= 0:
                        st[bq + P_PLAN + j] = pool[k % n]
                        k += 1
    # careers: dealt from those the searcher was not offered
    car = np.empty(N_CAREERS, np.int64)
    nc = 0
    for c in range(N_CAREERS):
        if c != st[bm + P_CAREER_OPT] and c != st[bm + P_CAREER_OPT + 1] and c != st[bm + P_CAREER]:
            car[nc] = c
            nc += 1
    x = _shuffle(car, nc, x)
    kc = 0
    for q in range(np_):
        if hidden_players[q]:
            bq = PLAYERS + q * PLAYER_SIZE
            for j in range(2):
                if st[bq + P_CAREER_OPT + j] >= 0 and kc < nc:
                    st[bq + P_CAREER_OPT + j] = car[kc]
                    kc += 1
            if st[bq + P_CAREER] >= 0 and kc < nc:
                st[bq + P_CAREER] = car[kc]
                kc += 1
    # combat-token piles: their union, sorted, shuffled, dealt back
    n0 = st[G_TPILE_N]
    n1 = st[G_TPILE_N + 1]
    tok = np.empty(n0 + n1, np.int64)
    for i in range(n0):
        tok[i] = st[G_TPILE0 + i]
    for i in range(n1):
        tok[n0 + i] = st[G_TPILE1 + i]
    tok.sort()
    x = _shuffle(tok, n0 + n1, x)
    for i in range(n0):
        st[G_TPILE0 + i] = tok[i]
    for i in range(n1):
        st[G_TPILE1 + i] = tok[n0 + i]
    # Jean's deck
    na = st[G_AUTOMA_N]
    deck = np.empty(na, np.int64)
    for i in range(na):
        deck[i] = st[G_AUTOMA_DECK + i]
    deck.sort()
    x = _shuffle(deck, na, x)
    for i in range(na):
        st[G_AUTOMA_DECK + i] = deck[i]
    # the quest pile below its public top tile
    qn = st[G_QPILE_N]
    if qn > 1:
        qs = np.empty(qn - 1, np.int64)
        for i in range(qn - 1):
            qs[i] = st[G_QPILE + i]
        qs.sort()
        x = _shuffle(qs, qn - 1, x)
        for i in range(qn - 1):
            st[G_QPILE + i] = qs[i]
    # face-down prestige buildings: from those not revealed
    rev = st[G_PR_REVEALED]
    if rev < N_BUILDINGS:
        used = np.zeros(N_PRESTIGE, np.bool_)
        for s in range(rev):
            used[st[G_PR_BUILD + s]] = True
        free = np.empty(N_PRESTIGE, np.int64)
        nf = 0
        for b in range(N_PRESTIGE):
            if not used[b]:
                free[nf] = b
                nf += 1
        x = _shuffle(free, nf, x)
        for s in range(rev, N_BUILDINGS):
            st[G_PR_BUILD + s] = free[s - rev]
    x = xorshift(x)
    st[G_RNG] = np.int32(np.int64(x & np.uint64(0x7FFFFFFF)) | 1)
    x = xorshift(x)
    st[G_RNG + 1] = np.int32(np.int64(x & np.uint64(0x7FFFFFFF)) | 1)
    return x


@njit(cache=True)
def _values(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, out):
    """out[p] = player p's margin over the best other player / 100: final VP
    when the game is over, else the heuristic evaluation."""
    np_ = st[G_NP]
    est = np.empty(MAX_P, np.float64)
    for p in range(np_):
        if st[G_OVER]:
            est[p] = st[PLAYERS + p * PLAYER_SIZE + P_VP]
        else:
            est[p] = evaluate(st, cat, p, W, area_full, area_ongoing, exp_prog, card_bonus, dval)
    for p in range(np_):
        best = -1e18
        for q in range(np_):
            if q != p and est[q] > best:
                best = est[q]
        out[p] = (est[p] - best) / 100.0


@njit(cache=True)
def search(real, cat, me, iterations, c, rollout_depth, x, W, area_full, area_ongoing,
           exp_prog, card_bonus, dval, visits_out):
    """visits_out[a] = root visits of action a after `iterations` iterations."""
    cap = iterations + 2
    parent = np.full(cap, -1, np.int64)
    action = np.full(cap, -1, np.int64)
    first = np.full(cap, -1, np.int64)
    sibling = np.full(cap, -1, np.int64)
    mover = np.full(cap, -1, np.int64)      # the player who chose this node's action
    visits = np.zeros(cap, np.float64)
    avail = np.zeros(cap, np.float64)
    total = np.zeros(cap, np.float64)       # summed value for `mover`
    nodes = 1
    st = np.empty_like(real)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    vals = np.zeros(MAX_P, np.float64)
    path = np.empty(cap, np.int64)
    has_child = np.zeros(NUM_ACTIONS, np.int64)
    for _ in range(iterations):
        st[:] = real
        x = determinize(st, me, x)
        engine.legal_mask(st, cat, mask)
        node = 0
        depth = 0
        path[0] = 0
        expanded = False
        while st[G_OVER] == 0 and not expanded:
            p = st[G_CUR]
            has_child[:] = -1
            ch = first[node]
            while ch >= 0:
                if mask[action[ch]]:
                    has_child[action[ch]] = ch
                    avail[ch] += 1.0
                ch = sibling[ch]
            untried = 0
            for a in range(NUM_ACTIONS):
                if mask[a] and has_child[a] < 0:
                    untried += 1
            if untried > 0 and nodes < cap:
                r, x = _rand(x, untried)
                a = 0
                for b in range(NUM_ACTIONS):
                    if mask[b] and has_child[b] < 0:
                        if r == 0:
                            a = b
                            break
                        r -= 1
                child = nodes
                nodes += 1
                parent[child] = node
                action[child] = a
                mover[child] = p
                sibling[child] = first[node]
                first[node] = child
                avail[child] = 1.0
                expanded = True
            else:
                best = -1e18
                child = -1
                for b in range(NUM_ACTIONS):
                    ch = has_child[b]
                    if ch >= 0:
                        u = total[ch] / visits[ch] + c * np.sqrt(np.log(avail[ch]) / visits[ch])
                        if u > best:
                            best = u
                            child = ch
                if child < 0:
                    break
                a = action[child]
            engine.step_unchecked(st, cat, a, mask)
            node = child
            depth += 1
            path[depth] = node
        k = 0
        while st[G_OVER] == 0 and k < rollout_depth:
            a, x = pick_uniform(mask, x)
            engine.step_unchecked(st, cat, a, mask)
            k += 1
        _values(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, vals)
        for d in range(1, depth + 1):
            nd = path[d]
            visits[nd] += 1.0
            total[nd] += vals[mover[nd]]
    visits_out[:] = 0
    ch = first[0]
    while ch >= 0:
        visits_out[action[ch]] = visits[ch]
        ch = sibling[ch]
    return x


class MCTSAgent:
    """ISMCTS (see the module docstring). act(observation, mask, rng, game)."""

    name = "mcts"
    accepts_game = True

    def __init__(self, iterations: int = 1000, exploration: float = 0.7, rollout_depth: int = 40):
        if not (isinstance(iterations, int) and 1 <= iterations <= 10**7):
            raise ValueError(f"iterations must be an int 1..10000000, got {iterations!r}")
        if not (isinstance(rollout_depth, int) and 0 <= rollout_depth <= 10**5):
            raise ValueError(f"rollout_depth must be an int 0..100000, got {rollout_depth!r}")
        if not (isinstance(exploration, (int, float)) and 0 <= exploration <= 100):
            raise ValueError(f"exploration must be a number 0..100, got {exploration!r}")
        self.iterations, self.exploration, self.rollout_depth = iterations, float(exploration), rollout_depth
        self._eval = HeuristicAgent()

    def __repr__(self):
        return (f"MCTSAgent(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_depth={self.rollout_depth})")

    def visits(self, game, seed: int) -> np.ndarray:
        """Root visit counts of every action id after a search with this seed."""
        t = self._eval.tables(game.catalog)
        W, area_full, area_ongoing, exp_prog, dval = t[0], t[6], t[7], t[8], t[9]
        out = np.zeros(NUM_ACTIONS, np.float64)
        x = np.uint64((int(seed) * 0x9E3779B97F4A7C15 + 1) % 2**64 or 1)
        search(game.state, game._cat, int(game.state[G_CUR]), self.iterations, self.exploration,
               self.rollout_depth, x, W, area_full, area_ongoing, exp_prog, t[3], dval, out)
        return out

    def act(self, observation, action_mask, rng, game=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("MCTSAgent.act: the action mask has no legal action")
        if legal.size == 1:
            return int(legal[0])
        if game is None:
            raise ValueError("MCTSAgent needs the game (act(..., game=g)); it reads only what "
                             "the acting player may know")
        v = self.visits(game, int(rng.integers(2**62)))[legal]
        return int(legal[int(np.argmax(v))])

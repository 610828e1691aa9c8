"""Information-set Monte Carlo tree search (single-observer ISMCTS) in numba.

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

import time

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.core import engine
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.layout import (
    PLAYERS, PLAYER_SIZE, MAX_P, G_NP, G_CUR, G_OVER, G_SOLO, P_VP)
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from maracaibo_env.maracaibo.core.hidden import redraw as determinize, xs_below as _rand  # noqa: F401
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
    for p in range(np_):
        best = -1e18
        for q in range(np_):
            if q != p and est[q] > best:
                best = est[q]
        out[p] = (est[p] - best) / 100.0


@njit(cache=True)
def search(real, cat, me, iterations, c, rollout_depth, x, W, area_full, area_ongoing,
           exp_prog, card_bonus, dval, visits_out, root_allowed, dets, heuristic_rollout,
           depth_t, card_base, career_val, deck_val, fake_token):
    """visits_out[a] = root visits of action a after `iterations` iterations.

    root_allowed: int8 per action id, the root moves the search may try;
    dets: 0 = a fresh determinisation every iteration, else that many drawn
    once and used in turn; heuristic_rollout: rollout moves by the balanced
    heuristic (W .. fake_token, as for agents.fast_play) instead of uniform."""
    cap = iterations + 2
    pool = np.empty((max(dets, 1), real.shape[0]), real.dtype)
    for d in range(dets):
        pool[d, :] = real
        x = determinize(pool[d], me, x)
    W2 = W.reshape(1, W.shape[0])
    cb2 = card_bonus.reshape(1, card_bonus.shape[0])
    legal_buf = np.zeros(NUM_ACTIONS, np.int64)
    vals_buf = np.zeros(NUM_ACTIONS, np.float64)
    root_buf = np.zeros_like(real)
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


ROLLOUTS = ("random", "balanced")


class MCTSAgent:
    """ISMCTS (see the module docstring). act(observation, mask, rng, game).

    :param iterations: iterations per decision (ignored when `ms` is set).
    :param exploration: the UCB1 constant c.
    :param rollout_depth: rollout decisions before the heuristic evaluation.
    :param top: 0 = search every legal root move; K > 0 = only the K moves the
        balanced heuristic's lookahead values best (heuristic-guided search).
    :param dets: 0 = a fresh determinisation per iteration; D > 0 = D drawn
        per decision and used in turn.
    :param rollout: "random" (uniform moves) or "balanced" (the balanced
        heuristic's moves: about 50 engine steps each, so keep depth small).
    :param ms: > 0 = a time budget per decision in milliseconds instead of
        `iterations`, turned into iterations from the rate the previous
        search measured (results then depend on the machine's speed).
    """

    name = "mcts"
    accepts_game = True

    def __init__(self, iterations: int = 1000, exploration: float = 0.2, rollout_depth: int = 0,
                 top: int = 3, dets: int = 0, rollout: str = "random", ms: float = 0.0):
        for name, v, hi in (("iterations", iterations, 10**7), ("rollout_depth", rollout_depth, 10**5),
                            ("top", top, NUM_ACTIONS), ("dets", dets, 10**4)):
            lo = 1 if name == "iterations" else 0
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
                raise ValueError(f"{name} must be an int {lo}..{hi}, got {v!r}")
        if not (isinstance(exploration, (int, float)) and 0 <= exploration <= 100):
            raise ValueError(f"exploration must be a number 0..100, got {exploration!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if not (isinstance(ms, (int, float)) and 0 <= ms <= 3.6e6):
            raise ValueError(f"ms must be a number 0..3600000, got {ms!r}")
        self.iterations, self.exploration, self.rollout_depth = int(iterations), float(exploration), int(rollout_depth)
        self.top, self.dets, self.rollout, self.ms = int(top), int(dets), rollout, float(ms)
        self._eval = HeuristicAgent()
        self._rate = None  # iterations per second of the last search (for ms budgets)

    def __repr__(self):
        return (f"MCTSAgent(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_depth={self.rollout_depth}, top={self.top}, dets={self.dets}, "
                f"rollout={self.rollout!r}, ms={self.ms})")

    def root_moves(self, game) -> np.ndarray:
        """int8 per action id: the root moves this search may try."""
        allowed = game.action_mask().astype(np.int8)
        legal = np.flatnonzero(allowed)
        if 0 < self.top < legal.size:
            vals = self._eval.values(game, legal)
            keep = legal[np.argsort(-vals, kind="stable")[:self.top]]
            allowed[:] = 0
            allowed[keep] = 1
        return allowed

    def visits(self, game, seed: int, iterations: int | None = None) -> np.ndarray:
        """Root visit counts of every action id after a search with this seed."""
        t = self._eval.tables(game.catalog)
        W, area_full, area_ongoing, exp_prog, dval = t[0], t[6], t[7], t[8], t[9]
        out = np.zeros(NUM_ACTIONS, np.float64)
        x = np.uint64((int(seed) * 0x9E3779B97F4A7C15 + 1) % 2**64 or 1)
        n = self.iterations if iterations is None else iterations
        search(game.state, game._cat, int(game.state[G_CUR]), n, self.exploration,
               self.rollout_depth, x, W, area_full, area_ongoing, exp_prog, t[3], dval, out,
               self.root_moves(game), self.dets, self.rollout == "balanced",
               np.array([t[1]], np.int64), t[2][None], t[4][None], t[5][None], t[10])
        return out

    def _budget(self, game, seed: int) -> int:
        if self.ms <= 0:
            return self.iterations
        if self._rate is None:  # calibrate once on this position
            t0 = time.perf_counter()
            self.visits(game, seed, 100)
            self._rate = 100 / max(time.perf_counter() - t0, 1e-6)
        return max(1, int(self._rate * self.ms / 1000))

    def act(self, observation, action_mask, rng, game=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("MCTSAgent.act: the action mask has no legal action")
        if legal.size == 1:
            return int(legal[0])
        if game is None:
            raise ValueError("MCTSAgent needs the game (act(..., game=g)); it reads only what "
                             "the acting player may know")
        seed = int(rng.integers(2**62))
        n = self._budget(game, seed)
        t0 = time.perf_counter()
        v = self.visits(game, seed, n)[legal]
        if self.ms > 0:
            self._rate = n / max(time.perf_counter() - t0, 1e-6)
        return int(legal[int(np.argmax(v))])

"""Information-set MCTS for any game on the framework: the tree and its loop,
in numba, and the agent around them. Knows no game.

`search_with` is the search: each iteration it determinises the state with
the game's hidden-information redraw (its core/hidden.py: what the searcher
cannot see), walks the shared tree with ``descend`` and the game's own step,
plays out a rollout, evaluates the leaf and calls ``backpropagate``. A game's
kernel (its agents' ``mcts.py``) is one call of it with the game's functions:

    @njit(cache=True)
    def search(real, cat, me, iterations, ...):
        ... the buffers its functions need ...
        return search_with(step, redraw, legal, policy, leaf, G_OVER, G_CUR, MAX_P, NUM_ACTIONS,
                           real, cat, me, iterations, ..., legal_args, policy_args, leaf_args)

`search_with` is inlined into that kernel (numba IR inlining), so each game
compiles and caches its own copy, calling its functions directly: a kernel
that took the game's step as an argument missed numba's on-disk cache in every
process (the same pattern as framework/random_play.py `play_random_with`). A
new game writes only those functions, its kernel and a `SearchAdapter`.
The functions' arrays travel as tuples spread into the call (``*leaf_args``),
so a game's existing evaluation is the leaf as it is: a wrapper that unpacked
a tuple of 20 arrays cost 20 reference-count pairs an iteration (3 % of a
Maracaibo search).

Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012): one tree of action
sequences over all determinisations; selection is UCB1 over the children
whose actions are legal in this determinisation, with availability counts
(a child's "parent visits" are the times it was available); every node's
statistics are from the view of the seat that chose its action (``mover``).

`SearchAgent` is the agent: option checks, the root prior (the K best root
moves of a guide, or all), an iteration or millisecond budget, act(). What
differs by game is its `SearchAdapter`.
"""
from __future__ import annotations

import time

import numpy as np

from .arrays import copy_into
from .jit import njit
from .random_play import pick_uniform, xorshift

# the tree: a tuple of arrays indexed by node (node 0 is the root)
T_PARENT, T_ACTION, T_FIRST, T_SIBLING, T_MOVER = 0, 1, 2, 3, 4      # int64 arrays
T_VISITS, T_AVAIL, T_TOTAL = 5, 6, 7                                 # float64 arrays
T_SIZE = 8                                                           # int64[1]: nodes used


@njit(cache=True)
def new_tree(cap):
    """An empty tree of at most cap nodes: (parent, action, first child,
    next sibling, mover = the seat that chose the node's action, visits,
    availability, total value for the mover, [nodes used])."""
    size = np.ones(1, np.int64)
    return (np.full(cap, -1, np.int64), np.full(cap, -1, np.int64), np.full(cap, -1, np.int64),
            np.full(cap, -1, np.int64), np.full(cap, -1, np.int64), np.zeros(cap, np.float64),
            np.zeros(cap, np.float64), np.zeros(cap, np.float64), size)


@njit(cache=True)
def below(x, n):
    """(a draw 0..n-1, the next state) of the xorshift64 generator x."""
    x = xorshift(x)
    return np.int64(x % np.uint64(n)), x


@njit(cache=True)
def descend(t, node, mask, p, c, has_child, x):
    """One step down from `node`, where seat p chooses among the actions legal
    in mask (int8 per action id) in this determinisation. Counts the legal
    children as available; expands one untried legal action chosen uniformly
    at random if there is one (and room), else picks the legal child of best
    UCB1 (mean value for p + c sqrt(ln availability / visits)).
    Returns (child, its action, expanded, x); child = -1 when nothing is legal.
    has_child: int64 scratch, one per action id."""
    parent, action, first, sibling, mover = t[T_PARENT], t[T_ACTION], t[T_FIRST], t[T_SIBLING], t[T_MOVER]
    visits, avail, total, size = t[T_VISITS], t[T_AVAIL], t[T_TOTAL], t[T_SIZE]
    n_actions = mask.shape[0]
    has_child[:] = -1
    ch = first[node]
    while ch >= 0:
        if mask[action[ch]]:
            has_child[action[ch]] = ch
            avail[ch] += 1.0
        ch = sibling[ch]
    untried = 0
    for a in range(n_actions):
        if mask[a] and has_child[a] < 0:
            untried += 1
    nodes = size[0]
    if untried > 0 and nodes < parent.shape[0]:
        r, x = below(x, untried)
        a = 0
        for b in range(n_actions):
            if mask[b] and has_child[b] < 0:
                if r == 0:
                    a = b
                    break
                r -= 1
        child = nodes
        size[0] = nodes + 1
        parent[child] = node
        action[child] = a
        mover[child] = p
        sibling[child] = first[node]
        first[node] = child
        avail[child] = 1.0
        return child, a, True, x
    best = -1e18
    child = -1
    for b in range(n_actions):
        ch = has_child[b]
        if ch >= 0:
            u = total[ch] / visits[ch] + c * np.sqrt(np.log(avail[ch]) / visits[ch])
            if u > best:
                best = u
                child = ch
    if child < 0:
        return -1, -1, False, x
    return child, action[child], False, x


@njit(cache=True)
def backpropagate(t, path, depth, vals):
    """Add one visit and vals[mover] to the nodes path[1..depth] (vals[p]: the
    leaf's value for seat p)."""
    visits, total, mover = t[T_VISITS], t[T_TOTAL], t[T_MOVER]
    for d in range(1, depth + 1):
        nd = path[d]
        visits[nd] += 1.0
        total[nd] += vals[mover[nd]]


@njit(cache=True)
def root_visits(t, out):
    """out[a] = the visits of the root's child for action a (0 if none)."""
    out[:] = 0
    action, visits, sibling = t[T_ACTION], t[T_VISITS], t[T_SIBLING]
    ch = t[T_FIRST][0]
    while ch >= 0:
        out[action[ch]] = visits[ch]
        ch = sibling[ch]


@njit(cache=True, inline="always")
def search_with(step, redraw, legal, policy, leaf, over, cur, seats, num_actions, view, cat, me,
                iterations, c, rollout_depth, x, dets, heuristic_rollout, root_allowed, visits_out,
                legal_args, policy_args, leaf_args):
    """visits_out[a] = root visits of action a after `iterations` iterations of
    seat `me`'s search from `view` (what `me` sees; its hidden parts are
    redrawn). Returns x, the search's xorshift64 state, advanced.

    The game's compiled functions (each *_args: the tuple of the further
    arrays that function takes, spread where the `*` stands):
    step(st, cat, a, mask) applies action a and refills mask (int8 per action
    id) for the seat to act (st[cur]), until the game is over (st[over] set);
    redraw(st, cat, me, x) -> x determinises st for `me`;
    legal(st, cat, mask, *legal_args) fills mask with st's legal moves;
    policy(st, cat, mask, x, *policy_args) -> (a, x) is a rollout move;
    leaf(st, cat, *leaf_args, out) sets out[p] = seat p's value of st for
    every p < seats (margins / 100). over, cur, seats and num_actions are the
    game's constants (a constant size lets LLVM unroll the mask loops).

    root_allowed: int8 per action id, the root moves the search may try;
    rollout_depth: rollout moves before the leaf; dets: 0 = a fresh
    determinisation every iteration, else that many drawn once and used in
    turn; heuristic_rollout: rollout moves by `policy` instead of uniform."""
    t = new_tree(iterations + 2)
    pool = np.empty((max(dets, 1), view.shape[0]), view.dtype)
    for d in range(dets):
        copy_into(pool[d], view)
        x = redraw(pool[d], cat, me, x)
    st = np.empty_like(view)
    mask = np.zeros(num_actions, np.int8)
    vals = np.zeros(seats, np.float64)
    path = np.empty(iterations + 2, np.int64)
    has_child = np.zeros(num_actions, np.int64)
    for it in range(iterations):
        if dets > 0:
            copy_into(st, pool[it % dets])
        else:
            copy_into(st, view)
            x = redraw(st, cat, me, x)
        legal(st, cat, mask, *legal_args)
        for b in range(num_actions):
            if root_allowed[b] == 0:
                mask[b] = 0
        node = 0
        depth = 0
        path[0] = 0
        expanded = False
        while st[over] == 0 and not expanded:
            child, a, expanded, x = descend(t, node, mask, st[cur], c, has_child, x)
            if child < 0:
                break
            step(st, cat, a, mask)
            node = child
            depth += 1
            path[depth] = node
        if depth == 0 and st[over] == 0:  # nothing tried at the root: the full mask
            legal(st, cat, mask, *legal_args)
        k = 0
        while st[over] == 0 and k < rollout_depth:
            if heuristic_rollout:
                a, x = policy(st, cat, mask, x, *policy_args)
            else:
                a, x = pick_uniform(mask, x)
            step(st, cat, a, mask)
            k += 1
        leaf(st, cat, *leaf_args, vals)
        backpropagate(t, path, depth, vals)
    root_visits(t, visits_out)
    return x


@njit(cache=True)
def margins(est, n, scale, out):
    """out[p] = (est[p] - the best other est[q]) / scale, for p < n (n >= 2)."""
    for p in range(n):
        best = -1e18
        for q in range(n):
            if q != p and est[q] > best:
                best = est[q]
        out[p] = (est[p] - best) / scale


def seed_state(seed: int) -> np.uint64:
    """The search's xorshift64 state for a decision seed (never 0)."""
    return np.uint64((int(seed) * 0x9E3779B97F4A7C15 + 1) % 2**64 or 1)


class SearchAdapter:
    """What a game gives the search: override `prior` and `search`.

    :attr game: the registry id.
    :attr num_actions: the size of the action space.
    :attr rollouts: the rollout policies it offers (the first is the default;
        "random" = uniform moves).
    :attr prior_name: the guide whose best root moves `top` keeps (help texts).
    """
    game = ""
    num_actions = 0
    rollouts: tuple = ("random",)
    prior_name = ""

    def prior(self, game, legal: np.ndarray) -> np.ndarray:
        """A score per legal action (higher = searched first by top=K)."""
        raise NotImplementedError

    def search(self, agent: "SearchAgent", game, x: np.uint64, iterations: int,
               root_allowed: np.ndarray, out: np.ndarray) -> None:
        """Run the game's kernel: out[a] = root visits of action a."""
        raise NotImplementedError


class SearchAgent:
    """ISMCTS over a game's `SearchAdapter`. act(observation, mask, rng, game).

    :param iterations: iterations per decision (ignored when `ms` is set).
    :param exploration: the UCB1 constant c (values are margins / 100).
    :param rollout_depth: rollout decisions before the leaf evaluation.
    :param top: 0 = search every legal root move; K > 0 = only the K moves the
        adapter's prior scores best (guided search).
    :param dets: 0 = a fresh determinisation per iteration; D > 0 = D drawn
        per decision and used in turn.
    :param rollout: one of the adapter's rollout policies.
    :param ms: > 0 = a time budget per decision in milliseconds instead of
        `iterations`, turned into iterations from the rate the previous
        search measured (results then depend on the machine's speed).
    """

    name = "mcts"
    accepts_game = True
    adapter: SearchAdapter = SearchAdapter()

    def __init__(self, iterations: int = 1000, exploration: float = 0.2, rollout_depth: int = 0,
                 top: int = 3, dets: int = 0, rollout: str = "random", ms: float = 0.0):
        ad = self.adapter
        for name, v, hi in (("iterations", iterations, 10**7), ("rollout_depth", rollout_depth, 10**5),
                            ("top", top, ad.num_actions), ("dets", dets, 10**4)):
            lo = 1 if name == "iterations" else 0
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
                raise ValueError(f"{name} must be an int {lo}..{hi}, got {v!r}")
        if not (isinstance(exploration, (int, float)) and 0 <= exploration <= 100):
            raise ValueError(f"exploration must be a number 0..100, got {exploration!r}")
        if rollout not in ad.rollouts:
            raise ValueError(f"rollout must be one of {', '.join(ad.rollouts)}, got {rollout!r}")
        if not (isinstance(ms, (int, float)) and 0 <= ms <= 3.6e6):
            raise ValueError(f"ms must be a number 0..3600000, got {ms!r}")
        self.iterations, self.exploration, self.rollout_depth = int(iterations), float(exploration), int(rollout_depth)
        self.top, self.dets, self.rollout, self.ms = int(top), int(dets), rollout, float(ms)
        self._rate = None  # iterations per second of the last search (for ms budgets)

    def __repr__(self):
        return (f"{type(self).__name__}(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_depth={self.rollout_depth}, top={self.top}, dets={self.dets}, "
                f"rollout={self.rollout!r}, ms={self.ms})")

    def root_moves(self, game) -> np.ndarray:
        """int8 per action id: the root moves this search may try."""
        allowed = game.action_mask().astype(np.int8)
        legal = np.flatnonzero(allowed)
        if 0 < self.top < legal.size:
            vals = self.adapter.prior(game, legal)
            keep = legal[np.argsort(-vals, kind="stable")[:self.top]]
            allowed[:] = 0
            allowed[keep] = 1
        return allowed

    def visits(self, game, seed: int, iterations: int | None = None) -> np.ndarray:
        """Root visit counts of every action id after a search with this seed."""
        out = np.zeros(self.adapter.num_actions, np.float64)
        n = self.iterations if iterations is None else iterations
        self.adapter.search(self, game, seed_state(seed), n, self.root_moves(game), out)
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
            raise ValueError(f"{type(self).__name__}.act: the action mask has no legal action")
        if legal.size == 1:
            return int(legal[0])
        if game is None:
            raise ValueError(f"{type(self).__name__} needs the game (act(..., game=g)); it reads only "
                             "what the acting player may know")
        seed = int(rng.integers(2**62))
        n = self._budget(game, seed)
        t0 = time.perf_counter()
        v = self.visits(game, seed, n)[legal]
        if self.ms > 0:
            self._rate = n / max(time.perf_counter() - t0, 1e-6)
        return int(legal[int(np.argmax(v))])

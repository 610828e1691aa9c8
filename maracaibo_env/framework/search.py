"""Information-set MCTS for any game on the framework: the tree and its loop,
in numba, and the agent around them. Knows no game.

`search_with` is the search: each iteration it determinises the state with
the game's hidden-information redraw (its core/hidden.py: what the searcher
cannot see), walks the shared tree (``legal_children``, ``may_expand``, ``best_child``) with the game's own step,
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
A node grows a child for an untried legal action while it may
(``may_expand``): at once for every legal action (the default), or with
progressive widening only while it has fewer than widen x sqrt(visits + 1)
children, the game's ``expand`` choosing which (its guide's one-ply
favourite): without widening a node of 30 moves spreads its first 30 visits
over all of them, so a move's value is the mean of mostly poor follow-ups
rather than of its best one.

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
def expand_uniform(st, cat, mask, has_child, x):
    """An untried legal action (mask[a] and has_child[a] < 0) chosen uniformly
    at random: the default expansion. Returns (action, x); -1 when none."""
    untried = 0
    for a in range(mask.shape[0]):
        if mask[a] and has_child[a] < 0:
            untried += 1
    if untried == 0:
        return -1, x
    r, x = below(x, untried)
    for b in range(mask.shape[0]):
        if mask[b] and has_child[b] < 0:
            if r == 0:
                return b, x
            r -= 1
    return -1, x


@njit(cache=True)
def legal_children(t, node, mask, has_child):
    """Marks the children of `node` whose actions are legal in mask: has_child[a]
    = the child for action a (else -1), counts them as available. Returns
    (legal children, untried legal actions)."""
    action, first, sibling, avail = t[T_ACTION], t[T_FIRST], t[T_SIBLING], t[T_AVAIL]
    has_child[:] = -1
    ch = first[node]
    k = 0
    while ch >= 0:
        if mask[action[ch]]:
            has_child[action[ch]] = ch
            avail[ch] += 1.0
            k += 1
        ch = sibling[ch]
    untried = 0
    for a in range(mask.shape[0]):
        if mask[a] and has_child[a] < 0:
            untried += 1
    return k, untried


@njit(cache=True)
def may_expand(t, node, k, untried, widen, it):
    """Whether `node`, with k legal children and `untried` legal actions
    without one, grows a child now: always while there is room, when widen is
    0; with progressive widening (widen > 0), only while k < widen * sqrt(its
    visits) (at least one child; the root's visits are the iterations so far, it)."""
    if untried == 0 or t[T_SIZE][0] >= t[T_PARENT].shape[0]:
        return False
    if widen <= 0.0 or k == 0:
        return True
    n = float(it) if node == 0 else t[T_VISITS][node]
    return k < widen * np.sqrt(n + 1.0)


@njit(cache=True)
def add_child(t, node, a, p):
    """A new child of `node` for action a chosen by seat p; returns it."""
    size = t[T_SIZE]
    child = size[0]
    size[0] = child + 1
    t[T_PARENT][child] = node
    t[T_ACTION][child] = a
    t[T_MOVER][child] = p
    t[T_SIBLING][child] = t[T_FIRST][node]
    t[T_FIRST][node] = child
    t[T_AVAIL][child] = 1.0
    return child


@njit(cache=True)
def best_child(t, has_child, c):
    """The legal child (has_child) of best UCB1: mean value for its mover +
    c sqrt(ln availability / visits); -1 when there is none."""
    visits, avail, total = t[T_VISITS], t[T_AVAIL], t[T_TOTAL]
    best = -1e18
    child = -1
    for b in range(has_child.shape[0]):
        ch = has_child[b]
        if ch >= 0:
            u = total[ch] / visits[ch] + c * np.sqrt(np.log(avail[ch]) / visits[ch])
            if u > best:
                best = u
                child = ch
    return child


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
                legal_args, policy_args, leaf_args, expand=expand_uniform, expand_args=(), widen=0.0):
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
    turn; heuristic_rollout: rollout moves by `policy` instead of uniform;
    expand(st, cat, mask, has_child, x, *expand_args) -> (a, x) picks the
    untried legal action a node grows (default: uniformly); widen: 0 = a node
    tries every legal action before UCB1, W > 0 = progressive widening
    (`may_expand`)."""
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
            k, untried = legal_children(t, node, mask, has_child)
            if may_expand(t, node, k, untried, widen, it):
                a, x = expand(st, cat, mask, has_child, x, *expand_args)
                child = add_child(t, node, a, st[cur])
                expanded = True
            else:
                child = best_child(t, has_child, c)
                if child < 0:
                    break
                a = t[T_ACTION][child]
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
    :attr prior_name: the default guide: the heuristic whose best root moves
        `top` keeps, whose evaluation scores the leaves and (with widen > 0)
        orders new children.
    :attr guides: the guides a search may choose (guide=), the default first.
    """
    game = ""
    num_actions = 0
    rollouts: tuple = ("random",)
    prior_name = ""
    guides: tuple = ()

    def prior(self, game, legal: np.ndarray, guide: str) -> np.ndarray:
        """A score per legal action by the guide (higher = searched first by top=K)."""
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
    :param widen: 0 = every legal move of a node is tried before UCB1 picks
        among them; W > 0 = progressive widening: a node grows children only
        while it has fewer than W sqrt(visits + 1), the next one being the
        guide's best untried move by its one-ply value (the game's expansion;
        uniform where the game has none).
    :param guide: the adapter's guide heuristic ("" = its default).
    :param turn: 0 = a leaf is evaluated as it is; T > 0 = the acting seat's
        turn is first finished greedily by the guide (as its own lookahead
        does) for up to T decisions, so a leaf mid-turn is judged by the best
        way to end the turn.
    """

    name = "mcts"
    accepts_game = True
    adapter: SearchAdapter = SearchAdapter()

    def __init__(self, iterations: int = 1000, exploration: float = 0.2, rollout_depth: int = 0,
                 top: int = 3, dets: int = 0, rollout: str = "random", ms: float = 0.0,
                 widen: float = 0.0, guide: str = "", turn: int = 0):
        ad = self.adapter
        for name, v, hi in (("iterations", iterations, 10**7), ("rollout_depth", rollout_depth, 10**5),
                            ("top", top, ad.num_actions), ("dets", dets, 10**4), ("turn", turn, 40)):
            lo = 1 if name == "iterations" else 0
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
                raise ValueError(f"{name} must be an int {lo}..{hi}, got {v!r}")
        if not (isinstance(exploration, (int, float)) and 0 <= exploration <= 100):
            raise ValueError(f"exploration must be a number 0..100, got {exploration!r}")
        if rollout not in ad.rollouts:
            raise ValueError(f"rollout must be one of {', '.join(ad.rollouts)}, got {rollout!r}")
        if not (isinstance(ms, (int, float)) and 0 <= ms <= 3.6e6):
            raise ValueError(f"ms must be a number 0..3600000, got {ms!r}")
        if not (isinstance(widen, (int, float)) and 0 <= widen <= 100):
            raise ValueError(f"widen must be a number 0..100, got {widen!r}")
        if guide and guide not in ad.guides:
            raise ValueError(f"guide must be one of {', '.join(ad.guides) or '(none here)'}, got {guide!r}")
        self.iterations, self.exploration, self.rollout_depth = int(iterations), float(exploration), int(rollout_depth)
        self.top, self.dets, self.rollout, self.ms = int(top), int(dets), rollout, float(ms)
        self.widen, self.turn = float(widen), int(turn)
        self.guide = guide or ad.prior_name
        self._rate = None  # iterations per second of the last search (for ms budgets)

    def __repr__(self):
        return (f"{type(self).__name__}(iterations={self.iterations}, exploration={self.exploration}, "
                f"rollout_depth={self.rollout_depth}, top={self.top}, dets={self.dets}, "
                f"rollout={self.rollout!r}, ms={self.ms}, widen={self.widen}, guide={self.guide!r}, "
                f"turn={self.turn})")

    def root_moves(self, game) -> np.ndarray:
        """int8 per action id: the root moves this search may try."""
        allowed = game.action_mask().astype(np.int8)
        legal = np.flatnonzero(allowed)
        if 0 < self.top < legal.size:
            vals = self.adapter.prior(game, legal, self.guide)
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

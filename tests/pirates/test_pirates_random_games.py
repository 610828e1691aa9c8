"""Random Pirates games: 300 per player count (2, 3, 4), with invariants
checked after every step inside numba (doubloons >= 0, island cubes >= 0,
buried <= treasures per type, VP = the sum of its sources, a non-empty mask
while the game runs, every legal action steps without error, every seat's
observation stays within its OBS_SIZE entries) and, every CHUNK steps in
Python, the observation shapes and an exact JSON round trip.
At the end: round 3, the same number of turns for every seat (END3-02) and
scores equal to the sums of their breakdowns.
"""
from __future__ import annotations

import numpy as np
import numba
import pytest

from maracaibo_env.framework.random_play import pick_uniform
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as K
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core.common import pb, poseidon_count
from maracaibo_env.pirates.core.engine import step
from maracaibo_env.pirates.core.observe import OBS_SIZE, observe
from maracaibo_env.pirates.core import drop_stale_cache

drop_stale_cache(__file__)   # the checks below are compiled against the engine's offsets

GAMES_PER_COUNT = 300
CHUNK = 200                      # steps between the Python-side checks
MAX_STEPS = 20000                # a game far longer than this is a fault

# what _walk returns as its code
OK, EMPTY_MASK, ILLEGAL_LEGAL, BAD_STATE = 0, 1, 2, 3
BAD = {1: "negative doubloons", 2: "negative island cubes", 3: "buried > treasures",
       4: "negative treasures", 5: "VP != sum of VP sources",
       6: "an observation written past its OBS_SIZE entries"}
GUARD, SENTINEL = 64, -777       # entries after an observation buffer that must stay untouched


@numba.njit(cache=True)
def _check(state):
    """0, or the BAD code of the first broken invariant."""
    for t in range(3):
        if state[K.G_ISLAND + t] < 0:
            return 2
    for p in range(state[K.G_NP]):
        b = pb(p)
        if state[b + K.P_COINS] < 0:
            return 1
        for t in range(3):
            if state[b + K.P_TRE + t] < 0:
                return 4
            if state[b + K.P_BUR + t] + poseidon_count(state, p, t) > state[b + K.P_TRE + t]:
                return 3
        s = 0
        for i in range(L.N_VP_SRC):
            s += state[b + K.P_VP_SRC + i]
        if s != state[b + K.P_VP]:
            return 5
    return 0


@numba.njit(cache=True)
def _observe_all(state, obuf):
    """Every seat's observation into obuf[:OBS_SIZE]; 6 if one wrote past it."""
    for p in range(state[K.G_NP]):
        observe(state, p, obuf[:OBS_SIZE])
        for i in range(OBS_SIZE, OBS_SIZE + GUARD):
            if obuf[i] != SENTINEL:
                return 6
    return 0


@numba.njit(cache=True)
def _walk(state, cat, mask, scratch, smask, obuf, rng, max_steps):
    """Up to max_steps uniformly random steps; before each, every legal action
    is tried on a copy (it must step and keep the invariants); after each, the
    invariants and every observation. rng[0] is the generator state (advanced).
    Returns (steps made, code, detail)."""
    x = rng[0]
    k = 0
    while k < max_steps and state[K.G_OVER] == 0:
        n = 0
        for a in range(NUM_ACTIONS):
            n += mask[a]
        if n == 0:
            return k, EMPTY_MASK, 0
        for a in range(NUM_ACTIONS):
            if mask[a] == 1:
                scratch[:] = state
                smask[:] = mask
                if not step(scratch, cat, a, smask):
                    return k, ILLEGAL_LEGAL, a
                c = _check(scratch)
                if c != 0:
                    return k, BAD_STATE, c * 1000 + a
        a, x = pick_uniform(mask, x)
        rng[0] = x
        step(state, cat, a, mask)
        k += 1
        c = _check(state)
        if c != 0:
            return k, BAD_STATE, c * 1000 + a
    return k, OK, 0


def _play(n, seed):
    g = Game(n, seed=seed)
    g.history = None                                    # numba steps bypass the record
    scratch = np.zeros_like(g.state)
    smask = np.zeros_like(g._mask)
    obuf = np.full(OBS_SIZE + GUARD, SENTINEL, np.int32)
    rng = np.array([seed * 2654435761 + 12345], np.uint64)
    steps = 0
    while not g.is_over:
        k, code, detail = _walk(g.state, g._cat, g._mask, scratch, smask, obuf, rng, CHUNK)
        steps += k
        where = f"{n} players, seed {seed}, step {steps}, phase {g.phase}"
        assert code != EMPTY_MASK, f"nothing legal while the game runs ({where})"
        assert code != ILLEGAL_LEGAL, f"legal action {g.action_name(detail)} refused ({where})"
        assert code != BAD_STATE, \
            f"{BAD[detail // 1000]} after {g.action_name(detail % 1000)} ({where})"
        for p in range(n):
            assert g.observe(p).shape == (Game.OBS_SIZE,)
        h = Game.from_json(g.to_json())
        assert np.array_equal(h.state, g.state), where
        assert h.legal_actions() == g.legal_actions(), where
        assert steps < MAX_STEPS, where
    return g, steps


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end_properly(n):
    for seed in range(GAMES_PER_COUNT):
        g, steps = _play(n, seed)
        assert g.round == 3 and g.current_player == -1 and g.legal_actions() == []
        turns = [int(g.state[L.LAYOUT.field_slice("TURNS", p)][0]) for p in range(n)]
        assert len(set(turns)) == 1, (n, seed, turns)                   # END3-02
        bd = g.score_breakdown()
        assert g.scores() == [sum(b.values()) for b in bd], (n, seed)
        assert g.winners() and set(g.winners()) <= set(range(n))

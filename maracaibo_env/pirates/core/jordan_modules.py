"""The modules' solo rules for Jordan (checklist FOWL-06/07, FOWI-05, SKIR-05,
RUBY-05; QH-05 and RET-06 leave him unchanged), hooked into core/jordan.py:
the path his ship takes and what it turns up, combat where his move ends,
Rubies on his way and at the Gulf, and his Rubies at the end."""
import numpy as np

from ...framework.jit import njit, njit_noalloc
from .common import BASE_MOVE, add_vp, pb, rand_below
from .constants import (C_CARD_KIND, C_LAY_NBR, G_LAYOUT, G_MODULES, G_ROUND, G_RUBY_MKT,
                        G_SLOT_CARD, G_SLOT_COINS, G_SLOT_FOG, KIND_LOC, N_RUBY_SPACES, N_SLOTS,
                        N_SPACES, P_RUBIES, SP_GULF, SP_MARA, VS_EFFECTS)
from .options import MOD_FOG_LOCATIONS, MOD_FOG_IMPROVEMENTS, MOD_RUBIES
from .fog import turn_up
from .skirmish import skirmish_due, resolve_skirmish
from .rubies import ruby_supply_here

JORDAN_SEAT = 1
FOG_VP = (1, 3, 5)              # FOWL-06: per Location turned up in round 1 / 2 / 3


@njit_noalloc
def _fog_count(state, path, n):
    """Facedown cards among the first n spaces of path (each counted once)."""
    k = 0
    for i in range(n):
        s = path[i]
        if s < N_SLOTS and state[G_SLOT_FOG + s] == 1:
            dup = False
            for j in range(i):
                if path[j] == s:
                    dup = True
            if not dup:
                k += 1
    return k


@njit(cache=True)
def fog_path(state, cat, here, dest):
    """FOWL-07 / FOWI-05: of his paths of 1-3 orthogonal steps to dest
    (MOVE-02/05), the one that visits the most facedown cards (the first
    found on a tie). Returns (path array, its length); length 0 if none."""
    lay = state[G_LAYOUT]
    best = np.full(BASE_MOVE, -1, np.int32)
    best_n = 0
    best_k = -1
    path = np.full(BASE_MOVE, -1, np.int32)
    # depth-first over step choices: idx[d] = next neighbour to try at depth d
    idx = np.zeros(BASE_MOVE + 1, np.int32)
    cur = np.full(BASE_MOVE + 1, -1, np.int32)
    cur[0] = here
    d = 0
    while d >= 0:
        if d == BASE_MOVE or idx[d] >= N_SPACES or (d > 0 and (cur[d] == SP_GULF or cur[d] == SP_MARA)):
            d -= 1
            if d >= 0:
                idx[d] += 1
            continue
        s = idx[d]
        if (cat[C_LAY_NBR + lay * N_SPACES + cur[d]] >> s) & 1 == 0:
            idx[d] += 1
            continue
        path[d] = s
        cur[d + 1] = s
        if s == dest:
            k = _fog_count(state, path, d + 1)
            if k > best_k:
                best_k = k
                best_n = d + 1
                for i in range(BASE_MOVE):
                    best[i] = path[i]
        idx[d + 1] = 0
        d += 1
    return best, best_n


@njit(cache=True)
def jordan_fog(state, cat, here, dest):
    """FOWL-06 / FOWI-05: each facedown card on his path, dest included, turns
    up (its doubloons go back to the supply); with Fog of War: Locations he
    gains 1 / 3 / 5 VP per Location so turned up in round 1 / 2 / 3."""
    path, n = fog_path(state, cat, here, dest)
    for i in range(n):
        s = path[i]
        if s >= N_SLOTS or state[G_SLOT_FOG + s] == 0:
            continue
        state[G_SLOT_COINS + s] = 0
        turn_up(state, cat, JORDAN_SEAT, s)
        c = state[G_SLOT_CARD + s]
        if (state[G_MODULES] & MOD_FOG_LOCATIONS) != 0 and c >= 0 and cat[C_CARD_KIND + c] == KIND_LOC:
            add_vp(state, JORDAN_SEAT, FOG_VP[state[G_ROUND] - 1], VS_EFFECTS)


@njit_noalloc
def jordan_sell_ruby(state):
    """RUBY-05: at the Gulf he sells 1 Ruby to a random empty space (a die;
    an occupied space passes to the next empty one, ascending, wrapping);
    he takes no bonus (checklist default)."""
    b = pb(JORDAN_SEAT)
    if state[b + P_RUBIES] == 0:
        return
    free = 0
    for i in range(N_RUBY_SPACES):
        if state[G_RUBY_MKT + i] == 0:
            free += 1
    if free == 0:
        return
    i = rand_below(state, N_RUBY_SPACES)
    while state[G_RUBY_MKT + i] != 0:
        i = (i + 1) % N_RUBY_SPACES
    state[G_RUBY_MKT + i] = JORDAN_SEAT + 1
    state[b + P_RUBIES] -= 1


@njit_noalloc
def jordan_module_move(state, cat, here, dest):
    """After his ship sailed from here to dest (and SOLO-09's doubloon): the
    modules' solo rules, in the order of the multiplayer rules (cards turned
    up on the way, combat, then the space)."""
    mods = state[G_MODULES]
    if mods == 0 or dest == SP_MARA:
        return
    if (mods & (MOD_FOG_LOCATIONS | MOD_FOG_IMPROVEMENTS)) != 0:
        jordan_fog(state, cat, here, dest)
    if skirmish_due(state, JORDAN_SEAT, dest):
        resolve_skirmish(state, cat, dest)                         # SKIR-05
    if (mods & MOD_RUBIES) != 0:
        if dest == SP_GULF:
            jordan_sell_ruby(state)
        elif dest < N_SLOTS:
            c = state[G_SLOT_CARD + dest]
            if c >= 0 and state[G_SLOT_FOG + dest] == 0 and cat[C_CARD_KIND + c] == KIND_LOC \
                    and ruby_supply_here(state, cat, c):
                state[pb(JORDAN_SEAT) + P_RUBIES] += 1              # RUBY-05: he too gains 1


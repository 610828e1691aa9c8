"""Phase A, sailing (checklist §3): 1-7 MP along the arrows, forks, must-stop
locations, per-arrow MP costs from the data, homeward routes by round."""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import pb
from .constants import (A_SAIL, CA_HOME21A, CA_HOME22, C_LEG_CITY_GOOD, C_LEG_CITY_SPACES,
                        C_LOC_ACT, C_LOC_ACT_AMT, C_LOC_COST, C_LOC_FLAG, C_LOC_FLAG_AMT,
                        C_LOC_GOOD, C_LOC_MUST_STOP, C_LOC_NEXT, C_LOC_NEXT_N, C_LOC_R0, C_LOC_R1,
                        C_LOC_SPACES, C_TILE_ACT, C_TILE_ACT_AMT, C_TILE_FLAG, C_TILE_FLAG_AMT,
                        C_TILE_GOOD, C_TILE_SPACES, G_CUR, G_LEGACY, G_LOC_FROM, G_LOC_TILE,
                        G_ROUND, G_ROUND_END, MAX_LOC, MAX_MP, MAX_OUT, P_SHIP)
from . import legacy

_LOC_MP = MAX_LOC * MAX_MP  # one flag per (location, MP) pair
_ROUTE_STACK = MAX_LOC * MAX_MP + 1  # (location, MP) pairs on the route stack

# MAIN-06: the MP spent from which a main action in a village gives 2 / 3 village actions
VILLAGE2_MP, VILLAGE3_MP = 4, 7
VILLAGE2_MP_SHIP01, VILLAGE3_MP_SHIP01 = 2, 5     # with the ship upgrade SHIP-01


@njit_noalloc
def arrow_open(state, cat, k):
    r = state[G_ROUND]
    return cat[C_LOC_R0 + k] <= r <= cat[C_LOC_R1 + k]


@njit_noalloc
def reachable(state, cat, start, reach, cap=MAX_MP):
    """reach[l * 7 + m - 1] = 1 when location l can be reached spending exactly
    m MP (SAIL-01..06). Must-stop locations end a route; nobody sails past."""
    if state[G_LEGACY] != 0:  # §28: re-priced routes, the L4/L7 fork, the L11 toll
        legacy.reachable(state, cat, state[G_CUR], start, reach, cap)
        return
    reach[:] = 0
    # each (location, MP) pair is pushed at most once (reach guards it)
    st_loc = stack_array(_ROUTE_STACK, np.int64)
    st_mp = stack_array(_ROUTE_STACK, np.int64)
    n = 1
    st_loc[0] = start
    st_mp[0] = 0
    while n > 0:
        n -= 1
        loc = st_loc[n]
        m = st_mp[n]
        for j in range(cat[C_LOC_NEXT_N + loc]):
            k = loc * MAX_OUT + j
            if not arrow_open(state, cat, k):
                continue
            nxt = cat[C_LOC_NEXT + k]
            nm = m + cat[C_LOC_COST + k]
            if nm > cap:
                continue
            idx = nxt * MAX_MP + nm - 1
            if reach[idx]:
                continue
            reach[idx] = 1
            if not cat[C_LOC_MUST_STOP + nxt]:
                st_loc[n] = nxt
                st_mp[n] = nm
                n += 1


@njit_noalloc
def legal_sail(state, cat, mask, cap):
    p = state[G_CUR]
    reach = stack_array(_LOC_MP, np.int8)  # reachable() clears it
    reachable(state, cat, state[pb(p) + P_SHIP], reach, cap)
    for i in range(MAX_LOC * MAX_MP):
        if reach[i]:
            mask[A_SAIL + i] = 1


@njit_noalloc
def apply_sail(state, cat, p, idx):
    """Move the ship; returns the MP spent. The round ends when it stops on
    21a / 22 (TURN-01)."""
    b = pb(p)
    dest = idx // MAX_MP
    if state[G_LEGACY] != 0:
        legacy.pay_toll(state, cat, p, state[b + P_SHIP], idx)  # LEG-L11
    state[G_LOC_FROM] = state[b + P_SHIP]
    state[b + P_SHIP] = dest
    act = location_action(state, cat, dest)
    if act == CA_HOME21A or act == CA_HOME22:
        state[G_ROUND_END] = 1
    return idx % MAX_MP + 1


@njit_noalloc
def location_action(state, cat, loc):
    """The city action at loc: a city tile's when one lies there, else printed."""
    if state[G_LEGACY] != 0 and legacy.legacy_city(state, cat, loc) >= 0:
        return legacy.CA_LEGACY  # L1/L4/L7 (city.start_city_action runs the tile's action)
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_ACT + t] if t >= 0 else cat[C_LOC_ACT + loc]


@njit_noalloc
def location_action_amount(state, cat, loc):
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_ACT_AMT + t] if t >= 0 else cat[C_LOC_ACT_AMT + loc]


@njit_noalloc
def market_good(state, cat, loc):
    if state[G_LEGACY] != 0 and legacy.is_l1_city(state, cat, loc):
        return cat[C_LEG_CITY_GOOD + legacy.L1]
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_GOOD + t] if t >= 0 else cat[C_LOC_GOOD + loc]


@njit_noalloc
def market_spaces(state, cat, loc):
    if state[G_LEGACY] != 0 and legacy.is_l1_city(state, cat, loc):
        return cat[C_LEG_CITY_SPACES + legacy.L1]
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_SPACES + t] if t >= 0 else cat[C_LOC_SPACES + loc]


@njit_noalloc
def flag_kind(state, cat, loc):
    """The flag printed at loc (a tile's own flag, if the data gives one, wins)."""
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_FLAG + t] if t >= 0 and cat[C_TILE_FLAG + t] != 0 else cat[C_LOC_FLAG + loc]


@njit_noalloc
def flag_amount(state, cat, loc):
    t = state[G_LOC_TILE + loc]
    return cat[C_TILE_FLAG_AMT + t] if t >= 0 and cat[C_TILE_FLAG + t] != 0 else cat[C_LOC_FLAG_AMT + loc]


@njit_noalloc
def village_count(mp, thresholds_upgrade):
    """MAIN-06: 1-3 / 4-6 / 7 MP -> 1 / 2 / 3; with SHIP-01 1 / 2-4 / 5+."""
    if thresholds_upgrade:
        return 3 if mp >= VILLAGE3_MP_SHIP01 else (2 if mp >= VILLAGE2_MP_SHIP01 else 1)
    return 3 if mp >= VILLAGE3_MP else (2 if mp >= VILLAGE2_MP else 1)

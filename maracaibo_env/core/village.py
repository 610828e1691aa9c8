"""Village actions (checklist §9, SHIP-08/09/10): discard hand for 2, take 1,
buy / invest, and the ship-upgrade options. A batch is one stack task:
a = village actions left, b = 1 when it is the main action."""
from numba import njit

from .common import *  # noqa: F401,F403
from .actions import (A_PASS, A_VIL_DISCARD, A_VIL_DOUBLOON, A_VIL_CP_DOUBLOON,
                      A_VIL_GOODS, A_VIL_MARKER, A_BUY_HAND, A_BUY_PLAN, A_INVEST)
from .cards import legal_buys, apply_buy
from .city import discard_hand


@njit(cache=True)
def legal(state, cat, p, mask):
    b = pb(p)
    mask[A_PASS] = 1
    mask[A_VIL_DOUBLOON] = 1
    if state[b + P_HAND_N] > 0:
        mask[A_VIL_DISCARD] = 1
    legal_buys(state, cat, p, mask, A_BUY_HAND, A_BUY_PLAN, A_INVEST)
    if has_upgrade(state, p, AREA_VILLAGE_CP_DOUBLOON):
        mask[A_VIL_CP_DOUBLOON] = 1
    if has_upgrade(state, p, AREA_VILLAGE_GOODS):
        for g in range(cat[C_NGOODS]):
            if not cat[C_GOOD_OBJECT + g] and count_symbol_in_hand(state, cat, p, g, -1) >= 3:
                mask[A_VIL_GOODS + g] = 1
    if has_upgrade(state, p, AREA_VILLAGE_MARKER):
        loc = state[b + P_SHIP]
        if cat[C_LOC_KIND + loc] == LK_VILLAGE and state[G_LOC_MARKER + loc] < 0:
            for n in range(N_NATIONS):
                if supply_left(state, n) > 0:
                    mask[A_VIL_MARKER + n] = 1


@njit(cache=True)
def apply(state, cat, o, action):
    p = state[o + 1]
    b = pb(p)
    if action == A_PASS:  # the rest of the batch is given up
        remove_entry(state, o)
        return
    state[o + 2] -= 1
    if state[o + 2] <= 0:
        remove_entry(state, o)
    if action == A_VIL_DISCARD:
        if discard_hand(state, p) > 0:
            state[b + P_DOUBLOONS] += 2
    elif action == A_VIL_DOUBLOON:
        state[b + P_DOUBLOONS] += 1
    elif action == A_VIL_CP_DOUBLOON:
        gain_cp(state, p, 1)
        state[b + P_DOUBLOONS] += 1
    elif A_VIL_GOODS <= action < A_VIL_GOODS + MAX_GOODS:
        state[b + P_DOUBLOONS] += 2
        add_vp(state, p, 2, VS_SHIP_UPGRADES)
        push(state, OP_PAY, p, action - A_VIL_GOODS, 3)
    elif A_VIL_MARKER <= action < A_VIL_MARKER + N_NATIONS:
        n = action - A_VIL_MARKER
        place_marker(state, state[b + P_SHIP], n)
        gain_influence(state, cat, p, n, 1)
        state[b + P_DOUBLOONS] += 1
    else:
        apply_buy(state, cat, p, action, A_BUY_HAND, A_BUY_PLAN, A_INVEST)

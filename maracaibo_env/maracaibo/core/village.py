"""Village actions (checklist §9, SHIP-08/09/10): discard hand for 2, take 1,
buy / invest, and the ship-upgrade options. A batch is one stack task:
a = village actions left, b = 1 when it is the main action."""
from ...framework.jit import njit_noalloc

from .common import (add_vp, count_effect, count_symbol_in_hand, gain_cp, gain_influence,
                     has_upgrade, is_village, pb, permanent_objects, place_marker, push,
                     remove_entry, supply_left)
from .constants import (AREA_VILLAGE_CP_DOUBLOON, AREA_VILLAGE_GOODS, AREA_VILLAGE_MARKER,
                        A_BUY_HAND, A_BUY_PLAN, A_INVEST, A_PASS, A_VIL_CARD_QUEST,
                        A_VIL_CP_DOUBLOON, A_VIL_DISCARD, A_VIL_DOUBLOON, A_VIL_GOODS, A_VIL_MARKER,
                        A_VIL_NVA, CARD_EFFS, CARD_QUEST_CAP, CH_GOODS, C_BOOKS, C_CARD_EFF,
                        C_CARD_EFF_AMT, C_GOOD_OBJECT, C_MAPS, C_NGOODS, EF_NVA_BOOKS,
                        EF_NVA_GOODS_DOUBLOONS, EF_NVA_MAPS_DOUBLOONS_EXPLORE,
                        EF_NVA_MAPS_VP_EXPLORE, G_LOC_MARKER, MAX_GOODS, N_NATIONS, OP_CHOICE,
                        OP_EXPLORE, OP_PAY, P_CARD_QUEST, P_DOUBLOONS, P_HAND_N, P_SHIP, P_TABLEAU,
                        P_TABLEAU_N, VS_CARDS, VS_SHIP_UPGRADES)
from .quests import can_fulfil, fulfil

# NVA-01..04 in action order, and the object each pays with (-1: 2 identical goods)
NVA_KINDS = (EF_NVA_MAPS_VP_EXPLORE, EF_NVA_MAPS_DOUBLOONS_EXPLORE, EF_NVA_BOOKS,
             EF_NVA_GOODS_DOUBLOONS)
NVA_MAPS_VP, NVA_MAPS_DOUBLOONS, NVA_BOOKS, NVA_GOODS = 0, 1, 2, 3   # index into NVA_KINDS
NVA_LAST = 3                 # NVA-01..03 are "last village action"s (VILL-05), NVA-04 is not
NVA_OBJECTS = 2              # NVA-01..03: pay 2 maps / 2 books
NVA_GOODS_PAID = 2           # NVA-04: pay 2 identical goods ...
NVA_GOODS_DOUBLOONS = 4      # ... for 4 doubloons
NVA_MAPS_VP_VP = 2           # NVA-01: 2 VP ...
NVA_MAPS_DOUBLOONS_DBL = 3   # NVA-02: 3 doubloons ...
NVA_EXPLORE = 2              # NVA-01/02: ... and the explorer up to 2
DISCARD_DOUBLOONS = 2        # VILL-02 A: discard the hand (at least 1 card) for 2 doubloons
TAKE_DOUBLOONS = 1           # VILL-02 B
SHIP09_GOODS = 3             # SHIP-09: 3 identical goods ...
SHIP09_DOUBLOONS, SHIP09_VP = 2, 2    # ... for 2 doubloons and 2 VP


@njit_noalloc
def _nva_payable(state, cat, p, k):
    if k == NVA_GOODS:
        for g in range(cat[C_NGOODS]):
            if not cat[C_GOOD_OBJECT + g] and count_symbol_in_hand(state, cat, p, g, -1) >= NVA_GOODS_PAID:
                return True
        return False
    obj = cat[C_BOOKS] if k == NVA_BOOKS else cat[C_MAPS]
    need = NVA_OBJECTS - permanent_objects(state, cat, p, obj)
    return need <= 0 or count_symbol_in_hand(state, cat, p, obj, -1) >= need
from .cards import legal_buys, apply_buy
from .city import discard_hand


@njit_noalloc
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
            if not cat[C_GOOD_OBJECT + g] and count_symbol_in_hand(state, cat, p, g, -1) >= SHIP09_GOODS:
                mask[A_VIL_GOODS + g] = 1
    for k in range(len(NVA_KINDS)):  # new village actions from bought cards
        if count_effect(state, cat, p, NVA_KINDS[k]) > 0 and _nva_payable(state, cat, p, k):
            mask[A_VIL_NVA + k] = 1
    for j in range(CARD_QUEST_CAP):  # IMM-06 quests lying on cards
        t = state[b + P_CARD_QUEST + j]
        if t >= 0 and can_fulfil(state, cat, p, t):
            mask[A_VIL_CARD_QUEST + j] = 1
    if has_upgrade(state, p, AREA_VILLAGE_MARKER):
        loc = state[b + P_SHIP]
        if is_village(state, cat, loc) and state[G_LOC_MARKER + loc] < 0:
            for n in range(N_NATIONS):
                if supply_left(state, n) > 0:
                    mask[A_VIL_MARKER + n] = 1


@njit_noalloc
def apply(state, cat, o, action):
    p = state[o + 1]
    b = pb(p)
    last = (A_VIL_NVA <= action < A_VIL_NVA + NVA_LAST
            or A_VIL_CARD_QUEST <= action < A_VIL_CARD_QUEST + CARD_QUEST_CAP)
    if action == A_PASS or last:  # VILL-05: the rest of the batch is given up
        remove_entry(state, o)
        if action == A_PASS:
            return
    else:
        state[o + 2] -= 1
        if state[o + 2] <= 0:
            remove_entry(state, o)
    if action == A_VIL_DISCARD:
        if discard_hand(state, p) > 0:
            state[b + P_DOUBLOONS] += DISCARD_DOUBLOONS
    elif action == A_VIL_DOUBLOON:
        state[b + P_DOUBLOONS] += TAKE_DOUBLOONS
    elif action == A_VIL_CP_DOUBLOON:
        gain_cp(state, p, 1)
        state[b + P_DOUBLOONS] += 1
    elif A_VIL_GOODS <= action < A_VIL_GOODS + MAX_GOODS:
        state[b + P_DOUBLOONS] += SHIP09_DOUBLOONS
        add_vp(state, p, SHIP09_VP, VS_SHIP_UPGRADES)
        push(state, OP_PAY, p, action - A_VIL_GOODS, SHIP09_GOODS)
    elif A_VIL_NVA <= action < A_VIL_NVA + len(NVA_KINDS):
        _apply_nva(state, cat, p, action - A_VIL_NVA)
    elif A_VIL_CARD_QUEST <= action < A_VIL_CARD_QUEST + CARD_QUEST_CAP:
        j = action - A_VIL_CARD_QUEST
        t = state[b + P_CARD_QUEST + j]
        state[b + P_CARD_QUEST + j] = -1
        fulfil(state, cat, p, t)
    elif A_VIL_MARKER <= action < A_VIL_MARKER + N_NATIONS:
        n = action - A_VIL_MARKER
        place_marker(state, state[b + P_SHIP], n)
        gain_influence(state, cat, p, n, 1)
        state[b + P_DOUBLOONS] += 1
    else:
        apply_buy(state, cat, p, action, A_BUY_HAND, A_BUY_PLAN, A_INVEST)


@njit_noalloc
def _apply_nva(state, cat, p, k):
    """NVA-01..04 (several cards of one kind give the same option; NVA-03
    pays the best X among them)."""
    b = pb(p)
    if k == NVA_GOODS:
        state[b + P_DOUBLOONS] += NVA_GOODS_DOUBLOONS
        push(state, OP_CHOICE, p, CH_GOODS, NVA_GOODS_PAID)
        return
    obj = cat[C_BOOKS] if k == NVA_BOOKS else cat[C_MAPS]
    if k == NVA_MAPS_VP:
        add_vp(state, p, NVA_MAPS_VP_VP, VS_CARDS)
        push(state, OP_EXPLORE, p, NVA_EXPLORE, 0)
    elif k == NVA_MAPS_DOUBLOONS:
        state[b + P_DOUBLOONS] += NVA_MAPS_DOUBLOONS_DBL
        push(state, OP_EXPLORE, p, NVA_EXPLORE, 0)
    else:
        x = 0
        for i in range(state[b + P_TABLEAU_N]):
            card = state[b + P_TABLEAU + i]
            for e in range(CARD_EFFS):
                if cat[C_CARD_EFF + card * CARD_EFFS + e] == EF_NVA_BOOKS:
                    x = max(x, cat[C_CARD_EFF_AMT + card * CARD_EFFS + e])
        state[b + P_DOUBLOONS] += x
        add_vp(state, p, x, VS_CARDS)
    need = NVA_OBJECTS - permanent_objects(state, cat, p, obj)
    if need > 0:
        push(state, OP_PAY, p, obj, need)

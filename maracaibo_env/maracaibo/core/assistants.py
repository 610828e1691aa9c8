"""Assistants (checklist §14) and assistant actions (§11.6, AA-01..17).

An assistant is a figure on a board location, placed when its card was bought
(REQ-03). The card's `assistant` effect names its action; the card's
assistant requirement names the location.
"""
from ...framework.jit import njit_noalloc

from .common import add_vp, count_symbol_in_hand, gain_cp, gain_figures, pb, push
from .constants import (CARD_EFFS, CARD_REQS, CH_GOODS, C_CARD_EFF, C_CARD_EFF_ARG, C_CARD_REQ,
                        C_CARD_REQ_ARG, C_GOOD_OBJECT, C_LOC_NUMBER, C_NGOODS, C_NLOC, EF_ASSISTANT,
                        EF_PERM_ASSISTANT_INCOME, G_ASSIST_USED, G_NP, NK_INFLUENCE, OP_CHOICE,
                        OP_EXPLORE, OP_EXTRA_SAIL, OP_NATION, OP_REMOVE_DISC, OP_VILLAGE, P_ASSIST,
                        P_ASSIST_NEW, P_CP, P_DOUBLOONS, P_FIG_BOARD, P_SHIP, P_TABLEAU,
                        P_TABLEAU_N, P_TOKENS, RQ_ASSISTANT, VS_ASSISTANTS)


@njit_noalloc
def card_assistant(cat, card):
    """(location, action index) of an assistant card, or (-1, -1)."""
    loc, aa = -1, -1
    for i in range(CARD_REQS):
        if cat[C_CARD_REQ + card * CARD_REQS + i] == RQ_ASSISTANT:
            loc = cat[C_CARD_REQ_ARG + card * CARD_REQS + i]
    for i in range(CARD_EFFS):
        if cat[C_CARD_EFF + card * CARD_EFFS + i] == EF_ASSISTANT:
            aa = cat[C_CARD_EFF_ARG + card * CARD_EFFS + i]
    return loc, aa


@njit_noalloc
def usable_here(state, p, loc):
    """ASST-03: own assistants at loc placed before this turn."""
    b = pb(p)
    return state[b + P_ASSIST + loc] - state[b + P_ASSIST_NEW + loc]


@njit_noalloc
def has_usable_action(state, cat, p, loc, aa):
    """Is one of p's assistants at loc, placed before this turn, an aa card?
    The newest assistants at a location are the last cards in the tableau."""
    b = pb(p)
    usable = usable_here(state, p, loc)
    seen = 0
    for i in range(state[b + P_TABLEAU_N]):
        l2, a2 = card_assistant(cat, state[b + P_TABLEAU + i])
        if l2 == loc and a2 >= 0:
            seen += 1
            if seen > usable:
                return False
            if a2 == aa:
                return True
    return False


@njit_noalloc
def goods_kinds_with(state, cat, p, n):
    """Bitmask of goods (not objects) of which p holds at least n cards."""
    m = 0
    for g in range(cat[C_NGOODS]):
        if not cat[C_GOOD_OBJECT + g] and count_symbol_in_hand(state, cat, p, g, -1) >= n:
            m |= 1 << g
    return m


@njit_noalloc
def payable(state, cat, p, aa):
    """The action's cost can be paid (AA-05/08/09/17: 3 identical goods;
    AA-15/16: 2 CP, not figures)."""
    if aa == 4 or aa == 7 or aa == 8 or aa == 16:
        return goods_kinds_with(state, cat, p, 3) != 0
    if aa == 14 or aa == 15:
        return state[pb(p) + P_CP] >= 2
    return True


@njit_noalloc
def legal_main_assistant(state, cat, p, loc, mask, a_base):
    if usable_here(state, p, loc) <= state[G_ASSIST_USED]:
        return
    for aa in range(17):
        if has_usable_action(state, cat, p, loc, aa) and payable(state, cat, p, aa):
            mask[a_base + aa] = 1


@njit_noalloc
def apply_action(state, cat, p, aa):
    """Carry out assistant action aa (0-based: aa = 0 is AA-01) in printed
    order; decisions are queued last-first so they resolve first-first."""
    b = pb(p)
    state[G_ASSIST_USED] += 1
    n = aa + 1
    if n == 1:
        add_vp(state, p, 3, VS_ASSISTANTS)
        state[b + P_DOUBLOONS] += 5
    elif n == 2:
        gain_figures(state, p, 1)
        push(state, OP_VILLAGE, p, 1, 0)
        push(state, OP_REMOVE_DISC, p, 1, 1)
    elif n == 3:
        push(state, OP_VILLAGE, p, 2, 0)
        push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif n == 4 or n == 14:
        if n == 4:
            gain_cp(state, p, 2)
        else:
            add_vp(state, p, 3, VS_ASSISTANTS)
        push(state, OP_EXTRA_SAIL, p, 3, 0)
    elif n == 5:
        state[b + P_DOUBLOONS] += 5
        push(state, OP_VILLAGE, p, 2, 0)
        push(state, OP_CHOICE, p, CH_GOODS, 3)
    elif n == 6 or n == 7:
        if n == 6:
            gain_cp(state, p, 1)
        else:
            state[b + P_DOUBLOONS] += 2
        push(state, OP_VILLAGE, p, 2, 0)
        push(state, OP_REMOVE_DISC, p, 1, 1)
    elif n == 8 or n == 9:
        state[b + P_DOUBLOONS] += 5
        add_vp(state, p, 2, VS_ASSISTANTS)
        if n == 8:
            gain_cp(state, p, 2)
        else:
            push(state, OP_NATION, p, 1, NK_INFLUENCE)
        push(state, OP_CHOICE, p, CH_GOODS, 3)
    elif n == 10:
        state[b + P_DOUBLOONS] += 2
        push(state, OP_EXPLORE, p, 3, 0)
    elif n == 11:
        add_vp(state, p, 4, VS_ASSISTANTS)
        push(state, OP_EXPLORE, p, 2, 0)
    elif n == 12:
        state[b + P_DOUBLOONS] += 3
        add_vp(state, p, 2 * state[b + P_FIG_BOARD], VS_ASSISTANTS)
    elif n == 13:
        add_vp(state, p, state[b + P_TOKENS], VS_ASSISTANTS)
        push(state, OP_VILLAGE, p, 3, 0)
    elif n == 15:
        state[b + P_CP] -= 2
        state[b + P_DOUBLOONS] += 5
        push(state, OP_VILLAGE, p, 3, 0)
    elif n == 16:
        state[b + P_CP] -= 2
        state[b + P_DOUBLOONS] += 7
        push(state, OP_VILLAGE, p, 2, 0)
    elif n == 17:
        state[b + P_DOUBLOONS] += 4
        add_vp(state, p, 4, VS_ASSISTANTS)
        push(state, OP_CHOICE, p, CH_GOODS, 3)


@njit_noalloc
def score_unused_here(state, cat, p):
    """ASST-07 (b)/(c): 2 VP per own assistant at the ship's location that
    was not used this turn (assistants placed this turn do not count)."""
    loc = state[pb(p) + P_SHIP]
    k = usable_here(state, p, loc) - state[G_ASSIST_USED]
    if k > 0:
        add_vp(state, p, 2 * k, VS_ASSISTANTS)
    state[G_ASSIST_USED] = 0


@njit_noalloc
def score_skipped(state, cat, p, frm, to):
    """ASST-07 (a), by number ([CAP]): own assistants on locations numbered
    strictly between where the ship left and where it stopped."""
    b = pb(p)
    lo = cat[C_LOC_NUMBER + frm]
    hi = cat[C_LOC_NUMBER + to]
    for loc in range(cat[C_NLOC]):
        num = cat[C_LOC_NUMBER + loc]
        if lo < num < hi:
            k = usable_here(state, p, loc)
            if k > 0:
                add_vp(state, p, 2 * k, VS_ASSISTANTS)


@njit_noalloc
def location_income(state, cat, loc):
    """PERM-07: a ship stops at loc; every player with an assistant there gets,
    per assistant-location card, its 1 VP or 2 doubloons (once per event)."""
    for q in range(state[G_NP]):
        b = pb(q)
        if state[b + P_ASSIST + loc] <= 0:
            continue
        for i in range(state[b + P_TABLEAU_N]):
            card = state[b + P_TABLEAU + i]
            for e in range(CARD_EFFS):
                o = card * CARD_EFFS + e
                if cat[C_CARD_EFF + o] == EF_PERM_ASSISTANT_INCOME:
                    if cat[C_CARD_EFF_ARG + o] == 0:
                        add_vp(state, q, 1, VS_ASSISTANTS)
                    else:
                        state[b + P_DOUBLOONS] += 2

"""Buying project cards and investing in prestige buildings (checklist §10,
§11 income + immediate effects, §12 synergy, §24 investing)."""
from ...framework.jit import njit_noalloc

from .common import (add_vp, compasses, count_symbol_in_hand, empty_village_exists, gain_cp,
                     gain_figures, gain_influence, gain_synergy, hand_take, income_doubloons,
                     income_vp, markers_on_board, pb, permanent_objects, popcount, push,
                     return_figure, sum_effect_amount)
from .constants import (CARD_EFFS, CARD_QUEST_CAP, CARD_REQS, CH_ANY_SYNERGY, CH_FIGURES_INCOME,
                        C_CARD_COST, C_CARD_EFF, C_CARD_EFF_AMT, C_CARD_EFF_ARG, C_CARD_EFF_COND,
                        C_CARD_REQ, C_CARD_REQ_ARG, C_CARD_SYN, C_HERBS, C_PRE_COST, C_PRE_SYN,
                        EF_IMM_ANY_SYNERGY, EF_IMM_CP, EF_IMM_FIGURES2, EF_IMM_FIGURES_INCOME,
                        EF_IMM_INFLUENCE1, EF_IMM_INFLUENCE2, EF_IMM_QUEST_ON_CARD,
                        EF_IMM_REMOVE_DISC, EF_IMM_VILLAGE_MARKER, EF_IMM_VILLAGE_MARKER_RANK,
                        EF_IMM_VP_PER_ASSISTANT, EF_IMM_VP_PER_COMPASS, EF_IMM_VP_PER_NATION3,
                        EF_IMM_VP_PER_QUEST, EF_IMM_VP_PER_SYNERGY, EF_IMM_VP_PER_TOKEN,
                        EF_INCOME_DOUBLOONS, EF_INCOME_VP, EF_PERM_DISCOUNT, G_PR_BUILD,
                        G_PR_INVESTORS, G_PR_REVEALED, G_QPILE, G_QPILE_N, HAND_CAP, NK_INFLUENCE,
                        NK_VILLAGE_MARKER, NK_VILLAGE_MARKER_RANK, N_BUILDINGS, N_NATIONS,
                        N_SYNERGY, OP_CHOICE, OP_NATION, OP_PAY, OP_REMOVE_DISC, PLAN_CAP, P_ASSIST,
                        P_ASSIST_NEW, P_CARD_QUEST, P_CP, P_DOUBLOONS, P_FIG_BOARD, P_FIG_CARDS,
                        P_FIG_PRESTIGE, P_FIG_SUPPLY, P_HAND, P_HAND_N, P_INF, P_PLAN, P_PRESTIGE,
                        P_QUESTS, P_SYNERGY, P_TABLEAU, P_TABLEAU_N, P_TOKENS, RQ_ASSISTANT, RQ_CP,
                        RQ_FIGURE, RQ_FIGURE_ON_CARD, RQ_HERBS, RQ_NATION, TABLEAU_CAP, VS_CARDS,
                        VS_PRESTIGE)


@njit_noalloc
def discount(state, cat, p):
    """PERM-02: what p's cards take off every purchase (summed once where many
    costs are compared: legal_buys)."""
    return sum_effect_amount(state, cat, p, EF_PERM_DISCOUNT)


@njit_noalloc
def card_cost(state, cat, p, card):
    """REQ-01 + PERM-02: printed cost minus discounts, never below 0 (BUY-05)."""
    return _less(cat[C_CARD_COST + card], discount(state, cat, p))


@njit_noalloc
def _less(cost, disc):
    c = cost - disc
    return c if c > 0 else 0


@njit_noalloc
def can_buy(state, cat, p, card, hand_slot, disc):
    """BUY-03: every requirement met and every cost payable. hand_slot is the
    card's own hand slot (it cannot pay for itself), -1 from the planning area;
    disc = discount(state, cat, p)."""
    b = pb(p)
    if state[b + P_TABLEAU_N] >= TABLEAU_CAP:
        return False  # the tableau's array is full (never in play): buy() stays in bounds
    if state[b + P_DOUBLOONS] < _less(cat[C_CARD_COST + card], disc):
        return False
    figures = 0
    for i in range(CARD_REQS):
        k = cat[C_CARD_REQ + card * CARD_REQS + i]
        arg = cat[C_CARD_REQ_ARG + card * CARD_REQS + i]
        if k == RQ_FIGURE or k == RQ_ASSISTANT or k == RQ_FIGURE_ON_CARD:
            figures += 1
        elif k == RQ_HERBS:
            need = arg - permanent_objects(state, cat, p, cat[C_HERBS])
            if need > 0 and count_symbol_in_hand(state, cat, p, cat[C_HERBS], hand_slot) < need:
                return False
        elif k == RQ_NATION:
            if markers_on_board(state, cat, arg) < 3:
                return False
        elif k == RQ_CP:
            if state[b + P_CP] < arg:
                return False
    return state[b + P_FIG_SUPPLY] >= figures


@njit_noalloc
def buy(state, cat, p, card):
    """Pay, put the card in the tableau, take its synergy token(s), then apply
    its income and immediate effects. The card has already left the hand /
    planning area.

    Order (ruling BUY-04 / SYN-02): every cost and requirement is paid first
    (a figure returned, placed as an assistant or on the card; CP); then the
    card is in the tableau and its tan synergy token is taken, so the card's
    own token counts for its own "per synergy token" and conditional-income
    effects; then its effects (decisions they need are queued to resolve in
    printed order). A herbs payment is queued last, so it resolves first."""
    b = pb(p)
    state[b + P_DOUBLOONS] -= card_cost(state, cat, p, card)
    herbs = 0  # as can_buy counts them: the card's own objects do not pay for it
    for i in range(CARD_REQS):
        k = cat[C_CARD_REQ + card * CARD_REQS + i]
        arg = cat[C_CARD_REQ_ARG + card * CARD_REQS + i]
        if k == RQ_HERBS:
            herbs = arg - permanent_objects(state, cat, p, cat[C_HERBS])
        elif k == RQ_FIGURE:
            return_figure(state, p)
        elif k == RQ_ASSISTANT:  # REQ-03: the figure becomes an assistant there
            state[b + P_FIG_SUPPLY] -= 1
            state[b + P_FIG_BOARD] += 1
            state[b + P_ASSIST + arg] += 1
            state[b + P_ASSIST_NEW + arg] += 1
        elif k == RQ_FIGURE_ON_CARD:
            state[b + P_FIG_SUPPLY] -= 1
            state[b + P_FIG_CARDS] += 1
        elif k == RQ_CP:
            state[b + P_CP] -= arg
    state[b + P_TABLEAU + state[b + P_TABLEAU_N]] = card
    state[b + P_TABLEAU_N] += 1
    had = state[b + P_SYNERGY]
    syn = cat[C_CARD_SYN + card]
    for s in range(N_SYNERGY):
        if (syn >> s) & 1:
            gain_synergy(state, cat, p, s)  # also this card's incomes that need s
    new_tokens = state[b + P_SYNERGY] & ~had
    for i in range(CARD_EFFS - 1, -1, -1):
        _effect(state, cat, p, card, i, new_tokens)
    if herbs > 0:
        push(state, OP_PAY, p, cat[C_HERBS], herbs)


@njit_noalloc
def _effect(state, cat, p, card, i, new_tokens):
    """Effect i of a card just bought; new_tokens = synergy tokens this purchase
    gave (their conditional incomes were applied when the token was taken)."""
    o = card * CARD_EFFS + i
    e = cat[C_CARD_EFF + o]
    arg = cat[C_CARD_EFF_ARG + o]
    amt = cat[C_CARD_EFF_AMT + o]
    b = pb(p)
    if e == EF_INCOME_DOUBLOONS or e == EF_INCOME_VP:
        cond = cat[C_CARD_EFF_COND + o]
        if cond >= 0 and not (state[b + P_SYNERGY] >> cond) & 1:
            return  # INC-03: applied later, when the token arrives
        if cond >= 0 and (new_tokens >> cond) & 1:
            return  # SYN-03: already applied with this purchase's own token
        if e == EF_INCOME_DOUBLOONS:
            income_doubloons(state, cat, p, amt)
        else:
            income_vp(state, cat, p, amt)
    elif e == EF_IMM_INFLUENCE2:
        gain_influence(state, cat, p, arg, 2)
    elif e == EF_IMM_VILLAGE_MARKER:
        if empty_village_exists(state, cat):
            push(state, OP_NATION, p, 1, NK_VILLAGE_MARKER)
    elif e == EF_IMM_REMOVE_DISC:
        push(state, OP_REMOVE_DISC, p, 1, 1)
    elif e == EF_IMM_INFLUENCE1:
        push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif e == EF_IMM_QUEST_ON_CARD:  # IMM-06: the pile's top tile onto this card
        if state[G_QPILE_N] > 0:
            for j in range(CARD_QUEST_CAP):
                if state[b + P_CARD_QUEST + j] < 0:
                    state[G_QPILE_N] -= 1
                    state[b + P_CARD_QUEST + j] = state[G_QPILE + state[G_QPILE_N]]
                    state[G_QPILE + state[G_QPILE_N]] = -1
                    break
    elif e == EF_IMM_VP_PER_TOKEN:
        add_vp(state, p, state[b + P_TOKENS], VS_CARDS)
    elif e == EF_IMM_VP_PER_ASSISTANT:
        add_vp(state, p, 2 * state[b + P_FIG_BOARD], VS_CARDS)
    elif e == EF_IMM_VP_PER_QUEST:
        add_vp(state, p, state[b + P_QUESTS], VS_CARDS)
    elif e == EF_IMM_VP_PER_COMPASS:
        add_vp(state, p, 2 * compasses(state, cat, p), VS_CARDS)
    elif e == EF_IMM_FIGURES2:
        gain_figures(state, p, 2)
    elif e == EF_IMM_ANY_SYNERGY:
        if state[b + P_SYNERGY] != (1 << N_SYNERGY) - 1:
            push(state, OP_CHOICE, p, CH_ANY_SYNERGY, 0)
    elif e == EF_IMM_VILLAGE_MARKER_RANK:
        push(state, OP_NATION, p, 1, NK_VILLAGE_MARKER_RANK)
    elif e == EF_IMM_FIGURES_INCOME:
        if state[b + P_FIG_SUPPLY] > 0:
            push(state, OP_CHOICE, p, CH_FIGURES_INCOME, 0)
    elif e == EF_IMM_CP:
        gain_cp(state, p, amt)
    elif e == EF_IMM_VP_PER_SYNERGY:
        add_vp(state, p, 2 * popcount(state[b + P_SYNERGY]), VS_CARDS)
    elif e == EF_IMM_VP_PER_NATION3:
        c = 0
        for n in range(N_NATIONS):
            if state[b + P_INF + n] >= 3:
                c += 1
        add_vp(state, p, 3 * c, VS_CARDS)


@njit_noalloc
def invest_cost(state, cat, p, building):
    return _less(cat[C_PRE_COST + building], discount(state, cat, p))


@njit_noalloc
def can_invest(state, cat, p, slot, disc):
    """PRES-02..04: a revealed building, once per player, a figure and the cost
    (disc = discount(state, cat, p))."""
    if slot >= state[G_PR_REVEALED]:
        return False
    if (state[G_PR_INVESTORS + slot] >> p) & 1:
        return False
    b = pb(p)
    if state[b + P_FIG_SUPPLY] < 1:
        return False
    return state[b + P_DOUBLOONS] >= _less(cat[C_PRE_COST + state[G_PR_BUILD + slot]], disc)


@njit_noalloc
def invest(state, cat, p, slot):
    b = pb(p)
    building = state[G_PR_BUILD + slot]
    state[b + P_DOUBLOONS] -= invest_cost(state, cat, p, building)
    state[b + P_FIG_SUPPLY] -= 1
    place_investment(state, cat, p, slot)


@njit_noalloc
def place_investment(state, cat, p, slot):
    """PRES-03 once paid: the figure on the building, +2 VP for the first investor, the synergy token."""
    b = pb(p)
    building = state[G_PR_BUILD + slot]
    state[b + P_FIG_PRESTIGE] += 1
    if state[G_PR_INVESTORS + slot] == 0:
        add_vp(state, p, 2, VS_PRESTIGE)  # first investor
    state[G_PR_INVESTORS + slot] |= 1 << p
    state[b + P_PRESTIGE] |= 1 << building
    gain_synergy(state, cat, p, cat[C_PRE_SYN + building])


@njit_noalloc
def legal_buys(state, cat, p, mask, a_hand, a_plan, a_invest):
    """Every card purchase / investment p can make now (village C, scoring step 1)."""
    b = pb(p)
    disc = discount(state, cat, p)
    found = False
    for i in range(state[b + P_HAND_N]):
        if can_buy(state, cat, p, state[b + P_HAND + i], i, disc):
            mask[a_hand + i] = 1
            found = True
    for j in range(PLAN_CAP):
        c = state[b + P_PLAN + j]
        if c >= 0 and can_buy(state, cat, p, c, -1, disc):
            mask[a_plan + j] = 1
            found = True
    for s in range(N_BUILDINGS):
        if can_invest(state, cat, p, s, disc):
            mask[a_invest + s] = 1
            found = True
    return found


@njit_noalloc
def apply_buy(state, cat, p, action, a_hand, a_plan, a_invest):
    b = pb(p)
    if a_hand <= action < a_hand + HAND_CAP:
        buy(state, cat, p, hand_take(state, p, action - a_hand))
    elif a_plan <= action < a_plan + PLAN_CAP:
        j = action - a_plan
        card = state[b + P_PLAN + j]
        state[b + P_PLAN + j] = -1
        buy(state, cat, p, card)
    else:
        invest(state, cat, p, action - a_invest)

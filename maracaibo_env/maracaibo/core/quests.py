"""Quests (checklist §15): costs, rewards with the compass multiplier, the
quest track's 4th/5th+ VP. A quest tile index t refers to the catalog."""
from ...framework.jit import njit_noalloc

from .common import (add_vp, compasses, count_symbol_in_hand, gain_cp, gain_figures, gain_influence,
                     pb, permanent_objects, push, return_figure)
from .constants import (CH_SKULL_TILE, C_Q_COST, C_Q_COST_AMT, C_Q_COST_ARG, C_Q_REW, C_Q_REW_AMT,
                        G_EXTRA_MP, G_MP_SPENT, G_SC_PLAY, G_SC_TAKER, G_STILE_TAKEN, NAT_SPAIN,
                        NK_INFLUENCE, N_QUESTS, OP_CHOICE, OP_COMBAT, OP_EXPLORE, OP_NATION, OP_PAY,
                        OP_REMOVE_DISC, P_CP, P_DOUBLOONS, P_FIG_SUPPLY, P_QUESTS, QC_CP,
                        QC_DOUBLOONS, QC_FIGURE, QC_GOODS, QC_MP4, QC_OBJECTS, QR_COMBAT, QR_CP,
                        QR_DISCS2, QR_DOUBLOONS, QR_EXPLORE, QR_FIGURE, QR_INFLUENCE,
                        QR_PER_COMPASS_DOUBLOONS, QR_PER_COMPASS_VP, QR_REMOVE_SKULL, QR_SPAIN2,
                        QR_VP, Q_COSTS, Q_REWARDS, SC_PLAY_CAP, VS_QUESTS)

# QUEST-06: the 4th quest scores 3 VP at once, every later one 2
QUEST_VP_FROM, QUEST_VP_FIRST, QUEST_VP_LATER = 4, 3, 2
QCOST_MP = 4                       # QCOST-04: the "at least 4 MP spent" quest cost


@njit_noalloc
def story_tile_taken(state, t, p):
    """STILE-01/QREW-01: the story tile of story quest row t (N_QUESTS + the
    card's slot) goes onto p's quest track; its card's back is read at the end
    of the round (STORY-03; p = Jean: SOLO-20). The caller counts the quest."""
    slot1 = t - N_QUESTS + 1
    for i in range(SC_PLAY_CAP):
        if state[G_SC_PLAY + i] == slot1 and state[G_SC_TAKER + i] == 0:
            state[G_SC_TAKER + i] = p + 1
            break
    state[G_STILE_TAKEN] += 1


@njit_noalloc
def _cards_needed(state, cat, p, kind, sym, amt):
    """Hand cards still to discard for a goods/objects cost (PERM-01 lowers objects)."""
    if kind == QC_OBJECTS:
        amt -= permanent_objects(state, cat, p, sym)
    return amt if amt > 0 else 0


@njit_noalloc
def can_fulfil(state, cat, p, t):
    """QUEST-02: the whole cost must be payable."""
    b = pb(p)
    need_sym0, need_n0, need_sym1, need_n1 = -1, 0, -1, 0
    cp, doubloons = 0, 0   # summed: a cost may name one kind twice (paid in full by fulfil)
    for i in range(Q_COSTS):
        o = t * Q_COSTS + i
        k = cat[C_Q_COST + o]
        amt = cat[C_Q_COST_AMT + o]
        if k == QC_CP:
            cp += amt
        if k == QC_DOUBLOONS:
            doubloons += amt
        if cp > state[b + P_CP] or doubloons > state[b + P_DOUBLOONS]:
            return False
        if k == QC_MP4 and state[G_MP_SPENT] + state[G_EXTRA_MP] < QCOST_MP:
            return False
        if k == QC_FIGURE and state[b + P_FIG_SUPPLY] < 1:
            return False
        if k == QC_OBJECTS or k == QC_GOODS:
            sym = cat[C_Q_COST_ARG + o]
            n = _cards_needed(state, cat, p, k, sym, amt)
            if i == 0:
                need_sym0, need_n0 = sym, n
            else:
                need_sym1, need_n1 = sym, n
    if need_sym0 >= 0 and need_sym0 == need_sym1:
        return count_symbol_in_hand(state, cat, p, need_sym0, -1) >= need_n0 + need_n1
    if need_sym0 >= 0 and count_symbol_in_hand(state, cat, p, need_sym0, -1) < need_n0:
        return False
    if need_sym1 >= 0 and count_symbol_in_hand(state, cat, p, need_sym1, -1) < need_n1:
        return False
    return True


@njit_noalloc
def fulfil(state, cat, p, t):
    """Pay the cost, queue the reward, put the tile on the quest track (QUEST-02..06)."""
    b = pb(p)
    # rewards are queued first so that card payments (pushed last) resolve first
    comp = compasses(state, cat, p)
    for i in range(Q_REWARDS - 1, -1, -1):
        o = t * Q_REWARDS + i
        k = cat[C_Q_REW + o]
        amt = cat[C_Q_REW_AMT + o]
        if k == QR_DOUBLOONS:
            state[b + P_DOUBLOONS] += amt
        elif k == QR_PER_COMPASS_VP:
            add_vp(state, p, amt * comp, VS_QUESTS)
        elif k == QR_PER_COMPASS_DOUBLOONS:
            state[b + P_DOUBLOONS] += amt * comp
        elif k == QR_INFLUENCE:
            push(state, OP_NATION, p, 1, NK_INFLUENCE)
        elif k == QR_FIGURE:
            gain_figures(state, p, 1)
        elif k == QR_CP:
            gain_cp(state, p, amt)
        elif k == QR_SPAIN2:
            gain_influence(state, cat, p, NAT_SPAIN, 2)
        elif k == QR_DISCS2:
            push(state, OP_REMOVE_DISC, p, 2, 1)
        elif k == QR_VP:
            add_vp(state, p, amt, VS_QUESTS)
        elif k == QR_COMBAT:
            push(state, OP_COMBAT, p, -1, 0)
        elif k == QR_EXPLORE:  # up to the printed N (QREW-12: 2; TV-08: 3)
            push(state, OP_EXPLORE, p, amt, 0)
        elif k == QR_REMOVE_SKULL:  # QREW-08: which skull tile (lapses without one)
            push(state, OP_CHOICE, p, CH_SKULL_TILE, 0)
    for i in range(Q_COSTS):
        o = t * Q_COSTS + i
        k = cat[C_Q_COST + o]
        amt = cat[C_Q_COST_AMT + o]
        if k == QC_CP:
            state[b + P_CP] -= amt
        elif k == QC_DOUBLOONS:
            state[b + P_DOUBLOONS] -= amt
        elif k == QC_FIGURE:
            return_figure(state, p)
        elif k == QC_OBJECTS or k == QC_GOODS:
            sym = cat[C_Q_COST_ARG + o]
            n = _cards_needed(state, cat, p, k, sym, amt)
            if n > 0:
                push(state, OP_PAY, p, sym, n)
    if t >= N_QUESTS:
        story_tile_taken(state, t, p)
    state[b + P_QUESTS] += 1
    q = state[b + P_QUESTS]
    if q == QUEST_VP_FROM:
        add_vp(state, p, QUEST_VP_FIRST, VS_QUESTS)  # QUEST-06
    elif q > QUEST_VP_FROM:
        add_vp(state, p, QUEST_VP_LATER, VS_QUESTS)

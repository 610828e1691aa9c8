"""Combat (checklist §6): token piles, fighting nation, modifiers, raising the
value with CP and figures, and the once-per-Combat combat actions.

A Combat is one task on the stack: a = the token (-2: both piles were empty),
b packs stage | nation << 2 | used-actions << 4 | NCA-01 uses << 7 |
NCA-02 uses << 10 | value << 13, so a Combat started from inside another
effect nests safely.
"""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import (add_vp, count_effect, gain_cp, gain_figures, gain_influence, has_upgrade,
                     is_village, markers_on_board, pb, place_marker, push, return_figure,
                     supply_left)
from .constants import (AREA_VILLAGE_ANNEX, A_CB_CP, A_CB_FIGURE, A_CB_FLAG, A_CB_INF1, A_CB_INF2,
                        A_CB_LEGACY, A_CB_NATION, A_CB_NCA, A_CB_PILE, A_CB_VILLAGE, A_PASS,
                        CARD_EFFS, C_CARD_EFF, C_CARD_EFF_AMT, C_CARD_EFF_ARG, C_CARD_EFF_COND,
                        C_NLOC, C_TOK_AMT, C_TOK_BONUS, C_TOK_MOD, C_TOK_VAL, EF_NCA_DOUBLOONS,
                        EF_NCA_INFLUENCE_VP, EF_PERM_COMBAT_CP, EF_PERM_DISPLACE_VP,
                        EF_PERM_NATION_CP, FL_CP, FL_DOUBLOONS, FL_FIGURE, FL_INFLUENCE, FL_NONE,
                        FL_REMOVE_DISC, FL_VP, G_LEGACY, G_LEG_CB_USED, G_LOC_MARKER, G_NP,
                        G_TOKENS_OUT, G_TPILE0, G_TPILE1, G_TPILE_N, LK_CITY, N_NATIONS,
                        OP_REMOVE_DISC, PH_COMBAT, PH_COMBAT_NATION, PH_COMBAT_PILE, P_ASSIST, P_CP,
                        P_DOUBLOONS, P_FIG_SUPPLY, P_SYNERGY, P_TABLEAU, P_TABLEAU_N, P_TOKENS,
                        TB_DOUBLOONS, TB_FIGURE, TB_INFLUENCE, TB_VP, TM_FEWEST_PLUS3,
                        TM_MOST_MINUS2, TM_NONE, VS_COMBAT)
from .sailing import flag_kind, flag_amount
from . import legacy

ST_START, ST_PILE, ST_NATION, ST_ACT = 0, 1, 2, 3
USED_INFLUENCE, USED_FLAG, USED_VILLAGE = 1, 2, 4
NO_TOKEN = -2
# combat-action costs, in combat value
INF1_COST, INF1_GAIN = 2, 1        # COMBAT-12: pay 2 for +1 influence ...
INF2_COST, INF2_GAIN = 5, 2        # ... or 5 for +2
ANNEX_COST = 4                     # COMBAT-13: a flag location with no marker
DISPLACE_COST = 6                  # COMBAT-13: a flag location with another nation's marker
VILLAGE_ANNEX_COST = 2             # SHIP-07: an empty village
VILLAGE_DISPLACE_COST = 5          # SHIP-07: a village with another nation's marker
NCA1_COST = 2                      # NCA-01: -2 -> +1 influence and X VP
NCA2_COST = 1                      # NCA-02: -1 -> 3 doubloons (+2 VP with the synergy)
NCA2_DOUBLOONS, NCA2_SYNERGY_VP = 3, 2


@njit_noalloc
def pack(stage, nation, used, value):
    return stage | (nation << 2) | (used << 4) | (value << 13)


@njit_noalloc
def unpack(b):
    """stage, nation, used bits (incl. NCA counts at bits 3..8), value."""
    return b & 3, (b >> 2) & 3, (b >> 4) & 511, b >> 13


@njit_noalloc
def nca_used(used, k):
    return (used >> (3 + 3 * k)) & 7


@njit_noalloc
def kth_best(state, cat, p, eff, k, synergy_first):
    """The card effect of kind eff that is the k-th best (0-based) among p's
    cards: by amount, or (NCA-02) those whose synergy p holds first.
    Returns the effect offset, -1 if none."""
    b = pb(p)
    best = stack_array(16, np.int64)
    best[:] = -1
    score = stack_array(16, np.int64)
    score[:] = -1
    n = 0
    for i in range(state[b + P_TABLEAU_N]):
        card = state[b + P_TABLEAU + i]
        for e in range(CARD_EFFS):
            o = card * CARD_EFFS + e
            if cat[C_CARD_EFF + o] == eff and n < 16:
                if synergy_first:
                    c = cat[C_CARD_EFF_COND + o]
                    v = 1 if c >= 0 and (state[b + P_SYNERGY] >> c) & 1 else 0
                else:
                    v = cat[C_CARD_EFF_AMT + o]
                j = n
                while j > 0 and score[j - 1] < v:  # insertion sort, descending
                    score[j] = score[j - 1]
                    best[j] = best[j - 1]
                    j -= 1
                score[j] = v
                best[j] = o
                n += 1
    return best[k] if k < n else -1


@njit_noalloc
def token_value(cat, t, n):
    return 3 if t < 0 else cat[C_TOK_VAL + t * N_NATIONS + n]


@njit_noalloc
def nation_affordable(state, cat, p, t, n):
    """COMBAT-04 ruling: a nation whose doubloon cost you cannot pay cannot be chosen."""
    if t < 0:
        return True
    o = t * N_NATIONS + n
    if cat[C_TOK_BONUS + o] == TB_DOUBLOONS and cat[C_TOK_AMT + o] < 0:
        return state[pb(p) + P_DOUBLOONS] >= -cat[C_TOK_AMT + o]
    return True


@njit_noalloc
def modifier_bonus(state, cat, t, n):
    """COMBAT-05/06: sole leader in markers on locations -2; strictly fewest +3."""
    if t < 0:
        return 0
    m = cat[C_TOK_MOD + t]
    if m == TM_NONE:
        return 0
    mine = markers_on_board(state, cat, n)
    sole_max, sole_min = True, True
    for k in range(N_NATIONS):
        if k != n:
            c = markers_on_board(state, cat, k)
            if c >= mine:
                sole_max = False
            if c <= mine:
                sole_min = False
    if m == TM_MOST_MINUS2 and sole_max:
        return -2
    if m == TM_FEWEST_PLUS3 and sole_min:
        return 3
    return 0


@njit_noalloc
def start(state, cat, o):
    """Begin a Combat: PERM-03 CP first, then a pile (or value 3 when both are empty)."""
    p = state[o + 1]
    state[G_LEG_CB_USED] = 0  # LEG-L6/L9: once per Combat (COMBAT-11)
    gain_cp(state, p, count_effect(state, cat, p, EF_PERM_COMBAT_CP))
    if state[G_TPILE_N] + state[G_TPILE_N + 1] == 0:
        state[o + 2] = NO_TOKEN
        state[o + 3] = pack(ST_NATION, 0, 0, 0)
    else:
        state[o + 3] = pack(ST_PILE, 0, 0, 0)


@njit_noalloc
def phase_of(state, o):
    st = state[o + 3] & 3
    if st == ST_PILE:
        return PH_COMBAT_PILE
    if st == ST_NATION:
        return PH_COMBAT_NATION
    return PH_COMBAT


@njit_noalloc
def flag_target_cost(state, cat, loc, nation):
    """Annex (4) an empty flag location, displace (6) another nation's marker; -1 if neither."""
    if legacy.loc_kind(state, cat, loc) != LK_CITY or flag_kind(state, cat, loc) == FL_NONE:
        return -1
    m = state[G_LOC_MARKER + loc]
    if m < 0:
        return ANNEX_COST
    if m != nation:
        return DISPLACE_COST
    return -1


@njit_noalloc
def village_target_cost(state, cat, loc, nation):
    """SHIP-07: empty village 2, another nation's marker 5."""
    if not is_village(state, cat, loc):
        return -1
    m = state[G_LOC_MARKER + loc]
    if m < 0:
        return VILLAGE_ANNEX_COST
    if m != nation:
        return VILLAGE_DISPLACE_COST
    return -1


@njit_noalloc
def legal(state, cat, o, mask):
    p = state[o + 1]
    b = pb(p)
    t = state[o + 2]
    st, n, used, v = unpack(state[o + 3])
    if st == ST_PILE:
        for k in range(2):
            if state[G_TPILE_N + k] > 0:
                mask[A_CB_PILE + k] = 1
        return
    if st == ST_NATION:
        any_ok = False
        for k in range(N_NATIONS):
            if nation_affordable(state, cat, p, t, k):
                mask[A_CB_NATION + k] = 1
                any_ok = True
        if not any_ok:
            mask[A_PASS] = 1
        return
    mask[A_PASS] = 1
    if state[b + P_CP] > 0:
        mask[A_CB_CP] = 1
    if state[b + P_FIG_SUPPLY] > 0:
        mask[A_CB_FIGURE] = 1
    if not used & USED_INFLUENCE:
        if v >= INF1_COST:
            mask[A_CB_INF1] = 1
        if v >= INF2_COST:
            mask[A_CB_INF2] = 1
    # NCA-01 (-2) and NCA-02 (-1): each card once per Combat (COMBAT-16)
    if v >= NCA1_COST and kth_best(state, cat, p, EF_NCA_INFLUENCE_VP, nca_used(used, 0), False) >= 0:
        mask[A_CB_NCA] = 1
    if v >= NCA2_COST and kth_best(state, cat, p, EF_NCA_DOUBLOONS, nca_used(used, 1), True) >= 0:
        mask[A_CB_NCA + 1] = 1
    has_marker = supply_left(state, n) > 0
    if has_marker and not used & USED_FLAG:
        for loc in range(cat[C_NLOC]):
            c = flag_target_cost(state, cat, loc, n)
            if c >= 0 and v >= c and legacy.marker_allowed(state, cat, loc, p):  # COMBAT-19
                mask[A_CB_FLAG + loc] = 1
    if has_marker and not used & USED_VILLAGE and has_upgrade(state, p, AREA_VILLAGE_ANNEX):
        for loc in range(cat[C_NLOC]):
            c = village_target_cost(state, cat, loc, n)
            if c >= 0 and v >= c:
                mask[A_CB_VILLAGE + loc] = 1
    if state[G_LEGACY] != 0:
        legacy.combat_legal(state, cat, p, n, v, mask)  # LEG-L6, LEG-L9


@njit_noalloc
def _displaced(state, cat, p, loc):
    """PERM-10: +3 VP per displace-bonus card."""
    if state[G_LOC_MARKER + loc] >= 0:
        add_vp(state, p, 3 * count_effect(state, cat, p, EF_PERM_DISPLACE_VP), VS_COMBAT)


@njit_noalloc
def apply(state, cat, o, action):
    """Apply one Combat decision. Returns True when the Combat is over."""
    p = state[o + 1]
    b = pb(p)
    t = state[o + 2]
    st, n, used, v = unpack(state[o + 3])
    if st == ST_PILE:
        k = action - A_CB_PILE
        state[G_TPILE_N + k] -= 1
        off = (G_TPILE0 if k == 0 else G_TPILE1) + state[G_TPILE_N + k]
        state[o + 2] = state[off]
        state[off] = -1
        state[o + 3] = pack(ST_NATION, 0, 0, 0)
        return False
    if st == ST_NATION:
        if action == A_PASS:  # no affordable nation: the token is set aside
            if t >= 0:
                state[G_TOKENS_OUT] += 1
            return True
        n = action - A_CB_NATION
        if t >= 0:
            k = t * N_NATIONS + n
            bonus = cat[C_TOK_BONUS + k]
            amt = cat[C_TOK_AMT + k]
            if bonus == TB_DOUBLOONS:
                state[b + P_DOUBLOONS] += amt
            elif bonus == TB_INFLUENCE:
                gain_influence(state, cat, p, n, 1)
            elif bonus == TB_VP:
                add_vp(state, p, amt, VS_COMBAT)
            elif bonus == TB_FIGURE:
                gain_figures(state, p, 1)
        # PERM-09: +2 CP per card showing the fighting nation
        for i in range(state[b + P_TABLEAU_N]):
            card = state[b + P_TABLEAU + i]
            for e in range(CARD_EFFS):
                if (cat[C_CARD_EFF + card * CARD_EFFS + e] == EF_PERM_NATION_CP
                        and cat[C_CARD_EFF_ARG + card * CARD_EFFS + e] == n):
                    gain_cp(state, p, 2)
        v = token_value(cat, t, n) + modifier_bonus(state, cat, t, n)
        if v < 0:
            v = 0
        state[o + 3] = pack(ST_ACT, n, 0, v)
        return False
    # acting
    if action == A_PASS:
        if t >= 0:
            state[b + P_TOKENS] += 1  # COMBAT-17: token onto the ship board
        return True
    if action == A_CB_CP:
        state[b + P_CP] -= 1
        v += 1
    elif action == A_CB_FIGURE:
        return_figure(state, p)
        v += 1
    elif action == A_CB_INF1:
        v -= INF1_COST
        used |= USED_INFLUENCE
        gain_influence(state, cat, p, n, INF1_GAIN)
    elif action == A_CB_INF2:
        v -= INF2_COST
        used |= USED_INFLUENCE
        gain_influence(state, cat, p, n, INF2_GAIN)
    elif action == A_CB_NCA:
        o2 = kth_best(state, cat, p, EF_NCA_INFLUENCE_VP, nca_used(used, 0), False)
        used += 1 << 3
        v -= NCA1_COST
        gain_influence(state, cat, p, n, 1)
        add_vp(state, p, cat[C_CARD_EFF_AMT + o2], VS_COMBAT)
    elif action == A_CB_NCA + 1:
        o2 = kth_best(state, cat, p, EF_NCA_DOUBLOONS, nca_used(used, 1), True)
        used += 1 << 6
        v -= NCA2_COST
        state[b + P_DOUBLOONS] += NCA2_DOUBLOONS
        c = cat[C_CARD_EFF_COND + o2]
        if c >= 0 and (state[b + P_SYNERGY] >> c) & 1:
            add_vp(state, p, NCA2_SYNERGY_VP, VS_COMBAT)
    elif action >= A_CB_LEGACY:  # LEG-L6 silver fleet / LEG-L9 gold mine
        v -= legacy.combat_apply(state, cat, p, n, action)
    elif action < A_CB_VILLAGE:  # flag: annex / displace
        loc = action - A_CB_FLAG
        v -= flag_target_cost(state, cat, loc, n)
        used |= USED_FLAG
        _displaced(state, cat, p, loc)
        place_marker(state, loc, n)
        gain_influence(state, cat, p, n, 1)
        _flag_bonus(state, cat, p, loc, n)
    else:  # SHIP-07 village annex / displace
        loc = action - A_CB_VILLAGE
        v -= village_target_cost(state, cat, loc, n)
        used |= USED_VILLAGE
        _displaced(state, cat, p, loc)
        place_marker(state, loc, n)
        gain_influence(state, cat, p, n, 1)
        for q in range(state[G_NP]):  # 3 per own assistant there, 1 per other
            k = state[pb(q) + P_ASSIST + loc]
            state[b + P_DOUBLOONS] += 3 * k if q == p else k
    state[o + 3] = pack(ST_ACT, n, used, v)
    return False


@njit_noalloc
def _flag_bonus(state, cat, p, loc, nation):
    """COMBAT-13: the flag's printed bonus, at once."""
    k = flag_kind(state, cat, loc)
    amt = flag_amount(state, cat, loc)
    b = pb(p)
    if k == FL_DOUBLOONS:
        state[b + P_DOUBLOONS] += amt
    elif k == FL_VP:
        add_vp(state, p, amt, VS_COMBAT)
    elif k == FL_CP:
        gain_cp(state, p, amt)
    elif k == FL_INFLUENCE:
        gain_influence(state, cat, p, nation, amt)
    elif k == FL_FIGURE:
        gain_figures(state, p, amt)
    elif k == FL_REMOVE_DISC:
        push(state, OP_REMOVE_DISC, p, amt, 1)

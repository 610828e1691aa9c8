"""Income (checklist §15 ROUND) and endgame scoring (§17 SCORE, GRS, GQ)."""
from ...framework.jit import njit_noalloc
from .common import (BURIED_VP, COINS_PER_VP, JORDAN_RUBY_VP, QH_FACTOR, QH_MISSED_VP,
                     QUESTS_BONUS_AT, QUESTS_BONUS_VP, RIVER_VP, add_vp, buried_total, pb,
                     treasure_value, treasures)
from .constants import (ANY, C_CARD_END_N, C_CARD_END_S, C_CARD_VP, C_EFF_ARG, C_EFF_DO, C_EFF_N,
                        C_J_SCORE, C_Q_ARG, C_Q_HIGH_A, C_Q_HIGH_B, C_Q_HIGH_VP, C_Q_KIND,
                        C_Q_LOW_A, C_Q_LOW_B, C_Q_LOW_VP, C_Q_TYPES, C_RES_CAP, C_RES_FORMULA,
                        C_RES_PER, E_END_PER3_QUESTS, E_END_PER3_TREASURE, E_END_PER_BURIED,
                        GQ_BURIED, GQ_BURIED_AND_INCOME_VP, GQ_CARDS, GQ_CREW_AND_RIVERS,
                        GQ_EACH_TYPE, GQ_EQUIPMENT_AND_CREW, GQ_EQUIPMENT_AND_RIVERS,
                        GQ_INCOME_COINS, GQ_INCOME_VP, GQ_LIGHTNING, GQ_RIVERS, GQ_SHIP,
                        GQ_SHIP_AND_RESIDENCES, GQ_TREASURES, GQ_TYPE_COUNT, GQ_UPGRADES,
                        GRS_BURIED, GRS_CREW, GRS_EMERALD, GRS_EQUIPMENT, GRS_GOLD,
                        GRS_INCOME_COINS, GRS_INCOME_VP, GRS_PEARL, GRS_QUESTS_SCORED, GRS_SETS,
                        GRS_SHIP, G_ISLAND, G_MODULES, G_NP, G_SLOT_CARD, G_SLOT_RES, G_SOLO,
                        JSC_BONUS, JSC_BONUS_AT, JSC_CARD, JSC_QUEST, JSC_RESIDENCE, JSC_RIVER,
                        N_SLOTS, P_COINS, P_CREW, P_EQUIP, P_INC_COINS, P_INC_VP, P_LIGHTNING,
                        P_NRES, P_NUPG, P_QHAND, P_QN, P_RIVERS, P_RUBIES, P_SHIPCARDS, P_TAB,
                        P_TAB_N, P_TRE, P_WHALE, TY_CREW, TY_EQUIPMENT, VS_BURIED, VS_CARD_ENDGAME,
                        VS_CARD_VP, VS_DOUBLOONS, VS_EFFECTS, VS_INCOME, VS_QUESTS, VS_QUEST_BONUS,
                        VS_RESIDENCES, VS_RIVERS, VS_TREASURES)
from .options import MOD_QUEST_HUNTERS, MOD_FOG_LOCATIONS, MOD_RUBIES
from .fog import fog_income


@njit_noalloc
def income(state, cat):
    """ROUND-01/02: the income icons of improvements and the figurehead; the
    Whale adds 1 doubloon per quest held (not an income icon, GFH-D)."""
    for p in range(state[G_NP]):
        b = pb(p)
        state[b + P_COINS] += state[b + P_INC_COINS]
        if state[b + P_WHALE] > 0:
            state[b + P_COINS] += state[b + P_QN]
        add_vp(state, p, state[b + P_INC_VP], VS_INCOME)
    if (state[G_MODULES] & MOD_FOG_LOCATIONS) != 0:
        fog_income(state, cat)                                  # FOWL-04


@njit_noalloc
def quest_measures(state, cat, p, q):
    """The one or two numbers a quest's conditions compare against (GQ-01..17)."""
    b = pb(p)
    k = cat[C_Q_KIND + q]
    a = cat[C_Q_ARG + q]
    bur = buried_total(state, p)
    riv = state[b + P_RIVERS]
    crew = state[b + P_CREW]
    eq = state[b + P_EQUIP]
    sh = state[b + P_SHIPCARDS]
    if k == GQ_TREASURES:
        x = treasures(state, p) if a == ANY else state[b + P_TRE + a]
        return x, x
    if k == GQ_BURIED:
        return bur, bur
    if k == GQ_TYPE_COUNT:
        x = crew if a == TY_CREW else (eq if a == TY_EQUIPMENT else sh)
        return x, x
    if k == GQ_INCOME_COINS:
        return state[b + P_INC_COINS], state[b + P_INC_COINS]
    if k == GQ_INCOME_VP:
        return state[b + P_INC_VP], state[b + P_INC_VP]
    if k == GQ_CARDS:                       # GQ-06: residences count too
        x = state[b + P_TAB_N] + state[b + P_NRES]
        return x, x
    if k == GQ_RIVERS:
        return riv, riv
    if k == GQ_EACH_TYPE:
        m = 1000
        mask = cat[C_Q_TYPES + q]
        if mask & 1:
            m = min(m, crew)
        if mask & 2:
            m = min(m, eq)
        if mask & 4:
            m = min(m, sh)
        return m, m
    if k == GQ_SHIP:
        return sh, sh
    if k == GQ_BURIED_AND_INCOME_VP:
        return bur, state[b + P_INC_VP]
    if k == GQ_LIGHTNING:
        return state[b + P_LIGHTNING], state[b + P_LIGHTNING]
    if k == GQ_UPGRADES:
        return state[b + P_NUPG], state[b + P_NUPG]
    if k == GQ_CREW_AND_RIVERS:
        return crew, riv
    if k == GQ_EQUIPMENT_AND_RIVERS:
        return eq, riv
    if k == GQ_EQUIPMENT_AND_CREW:
        return eq, crew
    if k == GQ_SHIP_AND_RESIDENCES:         # GQ-16: "Ship Equipment" read as Ship Improvements
        return sh, state[b + P_NRES]
    return bur, riv                          # GQ_BURIED_AND_RIVERS


@njit_noalloc
def quest_vp(state, cat, p, q):
    """SCORE-08: the higher condition met, else the lower, else 0 (GQ-NOTE:
    each part of an "X and Y" condition has its own threshold)."""
    x, y = quest_measures(state, cat, p, q)
    if x >= cat[C_Q_HIGH_A + q] and y >= cat[C_Q_HIGH_B + q]:
        return cat[C_Q_HIGH_VP + q]
    if x >= cat[C_Q_LOW_A + q] and y >= cat[C_Q_LOW_B + q]:
        return cat[C_Q_LOW_VP + q]
    return 0


@njit_noalloc
def quests_scoring(state, cat, p):
    """(VP from quests, number of quests that score)."""
    if (state[G_MODULES] & MOD_QUEST_HUNTERS) != 0:
        return quests_scoring_hunters(state, cat, p)
    vp = 0
    n = 0
    for i in range(state[pb(p) + P_QN]):
        v = quest_vp(state, cat, p, state[pb(p) + P_QHAND + i])
        vp += v
        if v > 0:
            n += 1
    return vp, n


@njit_noalloc
def quests_scoring_hunters(state, cat, p):
    """Quest Hunters (QH-02/03): a quest is done only if its harder (higher-VP)
    condition is met, and then scores double; each other quest costs 5 VP.
    Only done quests count as scored (SCORE-09, GRS-07, GIC-36)."""
    vp = 0
    n = 0
    for i in range(state[pb(p) + P_QN]):
        q = state[pb(p) + P_QHAND + i]
        x, y = quest_measures(state, cat, p, q)
        if x >= cat[C_Q_HIGH_A + q] and y >= cat[C_Q_HIGH_B + q]:
            vp += QH_FACTOR * cat[C_Q_HIGH_VP + q]
            n += 1
        else:
            vp -= QH_MISSED_VP
    return vp, n


@njit_noalloc
def residence_vp(state, cat, p, c, quests_scored):
    """GRS-01..12: per unit, capped."""
    b = pb(p)
    f = cat[C_RES_FORMULA + c]
    if f == GRS_INCOME_COINS:
        u = state[b + P_INC_COINS]
    elif f == GRS_INCOME_VP:
        u = state[b + P_INC_VP]
    elif f == GRS_SHIP:
        u = state[b + P_SHIPCARDS]
    elif f == GRS_EQUIPMENT:
        u = state[b + P_EQUIP]
    elif f == GRS_CREW:
        u = state[b + P_CREW]
    elif f == GRS_BURIED:
        u = buried_total(state, p)
    elif f == GRS_QUESTS_SCORED:
        u = quests_scored
    elif f == GRS_EMERALD:
        u = state[b + P_TRE + 1]
    elif f == GRS_GOLD:
        u = state[b + P_TRE]
    elif f == GRS_PEARL:
        u = state[b + P_TRE + 2]
    elif f == GRS_SETS:
        u = min(state[b + P_TRE], min(state[b + P_TRE + 1], state[b + P_TRE + 2]))
    else:
        u = state[b + P_RIVERS]
    v = u * cat[C_RES_PER + c]
    return v if v < cat[C_RES_CAP + c] else cat[C_RES_CAP + c]


@njit_noalloc
def jordan_final_scoring(state, cat, p):
    """SOLO-35: his track VP (already on the VP track) plus rivers, acquired
    cards, residences, treasures at the multiplayer values (no buried bonus),
    quests and the quest bonus; the amounts are jordan.toml's [scoring]."""
    b = pb(p)
    add_vp(state, p, cat[C_J_SCORE + JSC_RIVER] * state[b + P_RIVERS], VS_RIVERS)
    add_vp(state, p, cat[C_J_SCORE + JSC_CARD] * state[b + P_TAB_N], VS_CARD_VP)
    add_vp(state, p, cat[C_J_SCORE + JSC_RESIDENCE] * state[b + P_NRES], VS_RESIDENCES)
    for t in range(3):
        add_vp(state, p, state[b + P_TRE + t] * treasure_value(cat, state[G_ISLAND + t]), VS_TREASURES)
    qn = state[b + P_QN]
    add_vp(state, p, cat[C_J_SCORE + JSC_QUEST] * qn, VS_QUESTS)
    if qn >= cat[C_J_SCORE + JSC_BONUS_AT]:
        add_vp(state, p, cat[C_J_SCORE + JSC_BONUS], VS_QUEST_BONUS)
    if (state[G_MODULES] & MOD_RUBIES) != 0:
        add_vp(state, p, JORDAN_RUBY_VP * state[b + P_RUBIES], VS_EFFECTS)      # RUBY-05


@njit_noalloc
def final_scoring(state, cat):
    """SCORE-01..09, each into its own VP source."""
    for p in range(state[G_NP]):
        b = pb(p)
        if state[G_SOLO] == 1 and p == 1:
            jordan_final_scoring(state, cat, p)             # SOLO-35
            continue
        qvp, qn = quests_scoring(state, cat, p)             # SCORE-10: quests first
        add_vp(state, p, RIVER_VP * state[b + P_RIVERS], VS_RIVERS)
        add_vp(state, p, state[b + P_COINS] // COINS_PER_VP, VS_DOUBLOONS)
        bur = buried_total(state, p)
        for i in range(state[b + P_TAB_N]):
            c = state[b + P_TAB + i]
            add_vp(state, p, cat[C_CARD_VP + c], VS_CARD_VP)
            s = cat[C_CARD_END_S + c]
            for j in range(cat[C_CARD_END_N + c]):
                e = s + j
                d = cat[C_EFF_DO + e]
                n = cat[C_EFF_N + e]
                if d == E_END_PER3_TREASURE:
                    add_vp(state, p, n * (state[b + P_TRE + cat[C_EFF_ARG + e]] // 3), VS_CARD_ENDGAME)
                elif d == E_END_PER3_QUESTS:
                    add_vp(state, p, n * (qn // 3), VS_CARD_ENDGAME)
                elif d == E_END_PER_BURIED:
                    add_vp(state, p, n * bur, VS_CARD_ENDGAME)
        for s in range(N_SLOTS):
            if (state[G_SLOT_RES + s] >> p) & 1 == 1:
                add_vp(state, p, residence_vp(state, cat, p, state[G_SLOT_CARD + s], qn), VS_RESIDENCES)
        for t in range(3):
            add_vp(state, p, state[b + P_TRE + t] * treasure_value(cat, state[G_ISLAND + t]), VS_TREASURES)
        add_vp(state, p, BURIED_VP * bur, VS_BURIED)
        add_vp(state, p, qvp, VS_QUESTS)
        if qn >= QUESTS_BONUS_AT:
            add_vp(state, p, QUESTS_BONUS_VP, VS_QUEST_BONUS)

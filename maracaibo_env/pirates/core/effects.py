"""Effects of cards, ship slots, track spaces, black markets, figureheads and
the hideout (checklist §21), and the acquisitions they lead to: improvements
(§5.1 IMP, §10 ACQ), residences (§5.2 RES), upgrades (§11 UPG), figureheads
(§12 FIG), black-market tiles (§13 BM), quests (§9 QST)."""
from ...framework.jit import njit_noalloc
from .common import (DISCARD_QUEST_COINS, FIGUREHEAD_COST, FIRST_RES_VP, LIST_ALL, OP_ACQUIRE,
                     OP_BM_ACTIVATE, OP_BM_TILE, OP_BURY, OP_DISCARDQ, OP_FIGUREHEAD, OP_ISLAND,
                     OP_LIST, OP_QUEST, OP_REFILL, OP_RESIDENCE, OP_TCHOICE, OP_UPGRADE, TC_AS_IF,
                     TC_TREASURE, add_vp, buried_total, cost_after_discount, pb, push, treasures)
from .constants import (ANY, BM_CODE, CNT_BURIED, CNT_CREW, CNT_EMERALD, CNT_EQUIPMENT, CNT_GOLD,
                        CNT_PEARL, CNT_QUESTS, CNT_RIVERS, CNT_SHIP, C_BARRIERS, C_BM_EFF_N,
                        C_BM_EFF_S, C_BM_TILE_EFF, C_CARD_COST, C_CARD_INC_C, C_CARD_INC_V,
                        C_CARD_KIND, C_CARD_LIGHT_N, C_CARD_LIGHT_S, C_CARD_ONG_N, C_CARD_ONG_S,
                        C_CARD_TYPE, C_EFF_ARG, C_EFF_CAP, C_EFF_DO, C_EFF_N, C_FIG_INC_C,
                        C_FIG_INC_V, C_FIG_LIGHT_N, C_FIG_LIGHT_S, C_FIG_ONG_N, C_FIG_ONG_S,
                        C_N_SHIP_SLOTS, C_SLOT_COST, C_SLOT_N, C_SLOT_S, C_SLOT_SECTION, C_TR_N,
                        E_ACQUIRE, E_ACTIVATE_BM, E_BUILD_RESIDENCE, E_BURY, E_COINS,
                        E_COLOUR_POWER, E_DISCARD_QUEST, E_DISCOUNT, E_EXPLORE, E_EXPLORER_SPACE,
                        E_EXPLORE_BONUS, E_FIGUREHEAD, E_FORFEIT, E_INCOME_COINS, E_INCOME_VP,
                        E_ISLAND_CUBE, E_MOVE_BONUS, E_PLACE_BM, E_POSEIDON, E_QUEST, E_RAID,
                        E_RAID_ACTION, E_RAID_AS_IF, E_RAID_COLOUR, E_RAID_POWER, E_REROLL,
                        E_TREASURE, E_UPGRADE, E_VP, E_VP_PER, E_WHALE, FIGM_CAP, FORFEIT_CAP,
                        G_BM_SIDE, G_FIGM, G_QDECK, G_QDECK_N, G_QMARKET, G_QMARKET_N, G_RAID_EXTRA,
                        G_REMOVED, G_REMOVED_N, G_SLOT_BM, G_SLOT_CARD, G_SLOT_DOWN, G_SLOT_FOG,
                        G_SLOT_RES, G_T2, G_T2_FOG, G_T2_N, KIND_IMP, KIND_LOC, KIND_RES, N_BM,
                        N_SLOTS, P_BM_AT, P_COINS, P_COLOUR_POW, P_CREW, P_DISCOUNT, P_EQUIP,
                        P_EXPL, P_EXPL_BONUS, P_FIG, P_FORFEIT, P_FORFEIT_N, P_HAS_POSEIDON,
                        P_INC_COINS, P_INC_VP, P_LIGHTNING, P_MOVE_BONUS, P_NRES, P_NUPG, P_QHAND,
                        P_QN, P_RAID_ACTS, P_RAID_POW, P_REROLL, P_RIVERS, P_SHIPCARDS, P_TAB,
                        P_TAB_N, P_TRE, P_UPG, P_WHALE, QDECK_CAP, QHAND_CAP, QMARKET_CAP,
                        TABLEAU_CAP, TY_CREW, TY_EQUIPMENT, VS_EFFECTS, VS_RESIDENCE_FIRST)
from .treasures import gain_treasure, add_cubes, can_bury
from .raid import start_raid
from .explore import start_explore, reachable, explore_max, push_space_icons
from .retirement import retire_spot


# ---- counts -------------------------------------------------------------------
@njit_noalloc
def count_of(state, p, cnt):
    b = pb(p)
    if cnt == CNT_BURIED:
        return buried_total(state, p)
    if cnt == CNT_QUESTS:
        return state[b + P_QN]
    if cnt == CNT_RIVERS:
        return state[b + P_RIVERS]
    if cnt == CNT_CREW:
        return state[b + P_CREW]
    if cnt == CNT_EQUIPMENT:
        return state[b + P_EQUIP]
    if cnt == CNT_SHIP:
        return state[b + P_SHIPCARDS]
    if cnt == CNT_GOLD:
        return state[b + P_TRE]
    if cnt == CNT_EMERALD:
        return state[b + P_TRE + 1]
    if cnt == CNT_PEARL:
        return state[b + P_TRE + 2]
    return treasures(state, p)


@njit_noalloc
def vp_per(state, cat, p, e):
    """n VP per counted thing, capped when a cap is printed (GBM-02..10, GIC-31..34)."""
    v = cat[C_EFF_N + e] * count_of(state, p, cat[C_EFF_ARG + e])
    cap = cat[C_EFF_CAP + e]
    return v if cap == 0 or v < cap else cap


# ---- ongoing effects and income ------------------------------------------------------
@njit_noalloc
def apply_ongoing_one(state, cat, p, e):
    b = pb(p)
    d = cat[C_EFF_DO + e]
    n = cat[C_EFF_N + e]
    if d == E_RAID_POWER:
        state[b + P_RAID_POW] += n
    elif d == E_COLOUR_POWER:
        state[b + P_COLOUR_POW + cat[C_EFF_ARG + e]] += n
    elif d == E_EXPLORE_BONUS:
        state[b + P_EXPL_BONUS] += n
    elif d == E_DISCOUNT:
        state[b + P_DISCOUNT] += n
    elif d == E_MOVE_BONUS:
        state[b + P_MOVE_BONUS] += n
    elif d == E_REROLL:
        state[b + P_REROLL] += n
    elif d == E_RAID_ACTION:
        state[b + P_RAID_ACTS] |= 1 << cat[C_EFF_ARG + e]
    elif d == E_WHALE:
        state[b + P_WHALE] = 1
    elif d == E_POSEIDON:
        state[b + P_HAS_POSEIDON] = 1
    elif d == E_FORFEIT:
        k = state[b + P_FORFEIT_N]
        if k < FORFEIT_CAP:
            state[b + P_FORFEIT + k] = e
            state[b + P_FORFEIT_N] = k + 1


@njit_noalloc
def apply_ongoing(state, cat, p, s, n):
    for i in range(n):
        apply_ongoing_one(state, cat, p, s + i)


@njit_noalloc
def is_ongoing(d):
    return E_RAID_POWER <= d <= E_POSEIDON


# ---- immediate effects -----------------------------------------------------------------
@njit_noalloc
def is_automatic(cat, e):
    """Effects with nothing to decide (and never harmful): applied without asking."""
    d = cat[C_EFF_DO + e]
    return d == E_VP or d == E_COINS or d == E_INCOME_VP or d == E_INCOME_COINS \
        or d == E_VP_PER or is_ongoing(d) or (d == E_ISLAND_CUBE and cat[C_EFF_ARG + e] != ANY)


@njit_noalloc
def effect_possible(state, cat, p, e):
    """Whether choosing effect e would let the player do something (exact masks)."""
    b = pb(p)
    d = cat[C_EFF_DO + e]
    if d == E_UPGRADE:
        return any_upgrade(state, cat, p)
    if d == E_BURY:
        return can_bury(state, cat, p, -1)
    if d == E_EXPLORE:
        return reachable(state, cat, p, explore_max(state, p, cat[C_EFF_N + e])) != 0
    if d == E_EXPLORER_SPACE:
        return cat[C_TR_N + state[b + P_EXPL]] > 0 and not retire_spot(state, cat, state[b + P_EXPL])
    if d == E_ACTIVATE_BM:
        for k in range(N_BM):
            if state[b + P_BM_AT + k] >= 0:
                return True
        return False
    if d == E_FIGUREHEAD:
        return figurehead_possible(state, p, 0)
    if d == E_DISCARD_QUEST:
        return state[b + P_QN] > 0
    if d == E_BUILD_RESIDENCE:
        return any_residence(state, cat, p)
    if d == E_ACQUIRE:
        return any_acquire(state, cat, p, cat[C_EFF_ARG + e], cat[C_EFF_N + e])
    if d == E_QUEST:
        return quest_available(state)
    if d == E_PLACE_BM:
        return bm_possible(state, cat, p, cat[C_EFF_N + e])
    return True


@njit_noalloc
def start_effect(state, cat, p, e):
    """Carry out effect e now, or push the decision it needs."""
    b = pb(p)
    d = cat[C_EFF_DO + e]
    n = cat[C_EFF_N + e]
    a = cat[C_EFF_ARG + e]
    if d == E_VP:
        add_vp(state, p, n, VS_EFFECTS)
    elif d == E_COINS:
        state[b + P_COINS] += n
    elif d == E_UPGRADE:
        push(state, OP_UPGRADE, 0, 0, 0)
    elif d == E_BURY:
        push(state, OP_BURY, -1, 0, 0)
    elif d == E_RAID:
        start_raid(state, cat, p, n, -1)
    elif d == E_RAID_AS_IF:
        state[G_RAID_EXTRA] = 0
        push(state, OP_TCHOICE, TC_AS_IF, n, 0)
    elif d == E_RAID_COLOUR:
        start_raid(state, cat, p, n, a)
    elif d == E_EXPLORE:
        start_explore(state, cat, p, n)
    elif d == E_EXPLORER_SPACE:
        push_space_icons(state, cat, state[b + P_EXPL])
    elif d == E_ACTIVATE_BM:
        push(state, OP_BM_ACTIVATE, 0, 0, 0)
    elif d == E_FIGUREHEAD:
        push(state, OP_FIGUREHEAD, 0, 0, 0)
    elif d == E_DISCARD_QUEST:
        push(state, OP_DISCARDQ, 0, 0, 0)
    elif d == E_ISLAND_CUBE:
        if a == ANY:
            push(state, OP_ISLAND, n, 0, 0)
        else:
            add_cubes(state, a, n)
    elif d == E_BUILD_RESIDENCE:
        push(state, OP_RESIDENCE, 0, 0, 0)
    elif d == E_ACQUIRE:
        push(state, OP_ACQUIRE, a, n, 0)
    elif d == E_INCOME_VP:
        add_vp(state, p, state[b + P_INC_VP], VS_EFFECTS)
    elif d == E_INCOME_COINS:
        state[b + P_COINS] += state[b + P_INC_COINS]
    elif d == E_VP_PER:
        add_vp(state, p, vp_per(state, cat, p, e), VS_EFFECTS)
    elif d == E_TREASURE:
        if a == ANY:
            push(state, OP_TCHOICE, TC_TREASURE, n, 0)
        else:
            for _ in range(n):
                gain_treasure(state, cat, p, a)
    elif d == E_QUEST:
        push(state, OP_QUEST, 0, 0, 0)
    elif d == E_PLACE_BM:
        state[b + P_COINS] -= n
        push(state, OP_BM_TILE, 1, 0, 0)
    elif is_ongoing(d):
        apply_ongoing_one(state, cat, p, e)


@njit_noalloc
def push_effects(state, cat, s, n):
    """Offer effects s..s+n-1, each optional, in the player's order."""
    if n > 0:
        push(state, OP_LIST, s, n, 0)


@njit_noalloc
def push_effects_all(state, cat, s, n):
    """Effects the player gains (all of them, in their order; only those that
    cannot be carried out lapse): hideout bonuses, black-market activations,
    upgrade benefits, a figurehead's lightning."""
    if n > 0:
        push(state, OP_LIST, s, n, LIST_ALL)


# ---- improvements ----------------------------------------------------------------------
@njit_noalloc
def faceup_kind(state, cat, slot, kind):
    c = state[G_SLOT_CARD + slot]
    return c >= 0 and state[G_SLOT_DOWN + slot] == 0 and state[G_SLOT_FOG + slot] == 0 \
        and cat[C_CARD_KIND + c] == kind


@njit_noalloc
def acquire_price(state, cat, p, slot, surcharge):
    """IMP-02 / ACQ-02: max(0, printed - discounts) + surcharge."""
    return cost_after_discount(state, cat, p, cat[C_CARD_COST + state[G_SLOT_CARD + slot]]) + surcharge


@njit_noalloc
def acquire_legal(state, cat, p, slot, typ, surcharge):
    if not faceup_kind(state, cat, slot, KIND_IMP):
        return False
    if typ >= 0 and cat[C_CARD_TYPE + state[G_SLOT_CARD + slot]] != typ:
        return False
    return state[pb(p) + P_COINS] >= acquire_price(state, cat, p, slot, surcharge)


@njit_noalloc
def any_acquire(state, cat, p, typ, surcharge):
    for s in range(N_SLOTS):
        if acquire_legal(state, cat, p, s, typ, surcharge):
            return True
    return False


@njit_noalloc
def refill_slot(state, slot):
    """IMP-06/08: the top Tier II card, else a facedown removed Tier I card; ships stay."""
    if state[G_T2_N] > 0:
        state[G_T2_N] -= 1
        state[G_SLOT_CARD + slot] = state[G_T2 + state[G_T2_N]]
        state[G_T2 + state[G_T2_N]] = -1
        state[G_SLOT_DOWN + slot] = 0
        state[G_SLOT_FOG + slot] = state[G_T2_FOG + state[G_T2_N]]    # FOWI-02: as it lies
        state[G_T2_FOG + state[G_T2_N]] = 0
    elif state[G_REMOVED_N] > 0:
        state[G_REMOVED_N] -= 1
        state[G_SLOT_CARD + slot] = state[G_REMOVED + state[G_REMOVED_N]]
        state[G_REMOVED + state[G_REMOVED_N]] = -1
        state[G_SLOT_DOWN + slot] = 1
    else:
        state[G_SLOT_CARD + slot] = -1


@njit_noalloc
def add_to_tableau(state, cat, p, c):
    """Card c into p's acquired cards; an Improvement counts for its type (crew, equipment, ship)."""
    b = pb(p)
    n = state[b + P_TAB_N]
    if n < TABLEAU_CAP:
        state[b + P_TAB + n] = c
        state[b + P_TAB_N] = n + 1
    if cat[C_CARD_KIND + c] == KIND_IMP:
        t = cat[C_CARD_TYPE + c]
        if t == TY_CREW:
            state[b + P_CREW] += 1
        elif t == TY_EQUIPMENT:
            state[b + P_EQUIP] += 1
        else:
            state[b + P_SHIPCARDS] += 1


@njit_noalloc
def acquire(state, cat, p, slot, surcharge):
    """Pay, take the card into the tableau (ongoing benefits and income start at
    once, IMP-05), then the lightning effects (IMP-04), and lastly refill the
    slot (IMP-06: queued beneath them)."""
    b = pb(p)
    c = state[G_SLOT_CARD + slot]
    state[b + P_COINS] -= acquire_price(state, cat, p, slot, surcharge)
    add_to_tableau(state, cat, p, c)
    state[b + P_INC_COINS] += cat[C_CARD_INC_C + c]
    state[b + P_INC_VP] += cat[C_CARD_INC_V + c]
    apply_ongoing(state, cat, p, cat[C_CARD_ONG_S + c], cat[C_CARD_ONG_N + c])
    if cat[C_CARD_LIGHT_N + c] > 0:
        state[b + P_LIGHTNING] += 1
    state[G_SLOT_CARD + slot] = -1
    push(state, OP_REFILL, slot, 0, 0)
    push_effects(state, cat, cat[C_CARD_LIGHT_S + c], cat[C_CARD_LIGHT_N + c])


# ---- residences ------------------------------------------------------------------------
@njit_noalloc
def residence_legal(state, cat, p, slot):
    """RES-01/03: a residence without the player's token, paid in full."""
    if not faceup_kind(state, cat, slot, KIND_RES):
        return False
    if (state[G_SLOT_RES + slot] >> p) & 1 == 1:
        return False
    c = state[G_SLOT_CARD + slot]
    return state[pb(p) + P_COINS] >= cost_after_discount(state, cat, p, cat[C_CARD_COST + c])


@njit_noalloc
def any_residence(state, cat, p):
    for s in range(N_SLOTS):
        if residence_legal(state, cat, p, s):
            return True
    return False


@njit_noalloc
def build_residence(state, cat, p, slot):
    b = pb(p)
    c = state[G_SLOT_CARD + slot]
    state[b + P_COINS] -= cost_after_discount(state, cat, p, cat[C_CARD_COST + c])
    if state[G_SLOT_RES + slot] == 0:
        add_vp(state, p, FIRST_RES_VP, VS_RESIDENCE_FIRST)      # RES-02
    state[G_SLOT_RES + slot] |= 1 << p
    state[b + P_NRES] += 1


# ---- upgrades (UPG) ------------------------------------------------------------------------
@njit_noalloc
def upgrade_legal(state, cat, p, k, bm_ok):
    """bm_ok: whether a black-market tile could be placed at all
    (bm_possible(.., 0), computed once per mask)."""
    b = pb(p)
    if k >= cat[C_N_SHIP_SLOTS] or (state[b + P_UPG] >> k) & 1 == 1:
        return False
    sec = cat[C_SLOT_SECTION + k]
    if sec > 0 and state[b + P_NUPG] < cat[C_BARRIERS + sec - 1]:      # UPG-02
        return False
    need = cat[C_SLOT_COST + k]                                          # UPG-04
    s = cat[C_SLOT_S + k]
    for i in range(cat[C_SLOT_N + k]):
        d = cat[C_EFF_DO + s + i]
        if d == E_FIGUREHEAD:                   # FIG-05: only if it can be carried out
            if not figurehead_possible(state, p, need):
                return False
            need += FIGUREHEAD_COST
        elif d == E_PLACE_BM:
            if not bm_ok:
                return False
            need += cat[C_EFF_N + s + i]
    return state[b + P_COINS] >= need


@njit_noalloc
def any_upgrade(state, cat, p):
    bm_ok = bm_possible(state, cat, p, 0)
    for k in range(cat[C_N_SHIP_SLOTS]):
        if upgrade_legal(state, cat, p, k, bm_ok):
            return True
    return False


@njit_noalloc
def do_upgrade(state, cat, p, k):
    """Fill slot k: pay its red number, ongoing benefits at once, one-time
    benefits next (UPG-03); a figurehead or black-market benefit is owed."""
    b = pb(p)
    state[b + P_COINS] -= cat[C_SLOT_COST + k]
    state[b + P_UPG] |= 1 << k
    state[b + P_NUPG] += 1
    s = cat[C_SLOT_S + k]
    n = cat[C_SLOT_N + k]
    others = 0
    for i in range(n):
        d = cat[C_EFF_DO + s + i]
        if is_ongoing(d):
            apply_ongoing_one(state, cat, p, s + i)
        elif d == E_FIGUREHEAD:
            push(state, OP_FIGUREHEAD, 1, 0, 0)
        elif d == E_PLACE_BM:
            state[b + P_COINS] -= cat[C_EFF_N + s + i]
            push(state, OP_BM_TILE, 1, 0, 0)
        else:
            others += 1
    if others == n:
        push_effects_all(state, cat, s, n)
    elif others > 0:
        for i in range(n):
            d = cat[C_EFF_DO + s + i]
            if not (is_ongoing(d) or d == E_FIGUREHEAD or d == E_PLACE_BM):
                push_effects_all(state, cat, s + i, 1)


# ---- figureheads (FIG) --------------------------------------------------------------------
@njit_noalloc
def figurehead_possible(state, p, already_owed):
    b = pb(p)
    if state[b + P_FIG] >= 0 or state[b + P_COINS] < already_owed + FIGUREHEAD_COST:
        return False
    for i in range(FIGM_CAP):
        if state[G_FIGM + i] >= 0:
            return True
    return False


@njit_noalloc
def take_figurehead(state, cat, p, i):
    b = pb(p)
    f = state[G_FIGM + i]
    state[G_FIGM + i] = -1
    state[b + P_COINS] -= FIGUREHEAD_COST
    state[b + P_FIG] = f
    state[b + P_INC_COINS] += cat[C_FIG_INC_C + f]
    state[b + P_INC_VP] += cat[C_FIG_INC_V + f]
    apply_ongoing(state, cat, p, cat[C_FIG_ONG_S + f], cat[C_FIG_ONG_N + f])
    push_effects_all(state, cat, cat[C_FIG_LIGHT_S + f], cat[C_FIG_LIGHT_N + f])


# ---- black markets (BM) -------------------------------------------------------------------
@njit_noalloc
def bm_slot_legal(state, cat, slot):
    """BM-01/07: a faceup Location without any tile."""
    return faceup_kind(state, cat, slot, KIND_LOC) and state[G_SLOT_BM + slot] == 0


@njit_noalloc
def bm_possible(state, cat, p, coins_needed):
    b = pb(p)
    if state[b + P_COINS] < coins_needed:
        return False
    has_tile = False
    for k in range(N_BM):
        if state[b + P_BM_AT + k] < 0:
            has_tile = True
    if not has_tile:
        return False
    for s in range(N_SLOTS):
        if bm_slot_legal(state, cat, s):
            return True
    return False


@njit_noalloc
def bm_effect(state, cat, k):
    return cat[C_BM_TILE_EFF + 2 * k + state[G_BM_SIDE + k]]


@njit_noalloc
def activate_bm(state, cat, k):
    e = bm_effect(state, cat, k)
    push_effects_all(state, cat, cat[C_BM_EFF_S + e], cat[C_BM_EFF_N + e])


@njit_noalloc
def place_bm(state, cat, p, k, slot):
    """BM-01/02: the tile goes onto the Location and is activated at once."""
    state[G_SLOT_BM + slot] = p * BM_CODE + k + 1
    state[pb(p) + P_BM_AT + k] = slot
    activate_bm(state, cat, k)


# ---- quests (QST) ---------------------------------------------------------------------------
@njit_noalloc
def quest_available(state):
    if state[G_QDECK_N] > 0:
        return True
    for i in range(QMARKET_CAP):
        if state[G_QMARKET + i] >= 0:
            return True
    return False


@njit_noalloc
def draw_quest(state):
    n = state[G_QDECK_N]
    if n == 0:
        return -1
    q = state[G_QDECK + n - 1]
    state[G_QDECK + n - 1] = -1
    state[G_QDECK_N] = n - 1
    return q


@njit_noalloc
def quest_to_bottom(state, q):
    n = state[G_QDECK_N]
    if n >= QDECK_CAP:
        return
    for i in range(n, 0, -1):
        state[G_QDECK + i] = state[G_QDECK + i - 1]
    state[G_QDECK] = q
    state[G_QDECK_N] = n + 1


@njit_noalloc
def give_quest(state, p, q):
    b = pb(p)
    n = state[b + P_QN]
    if q >= 0 and n < QHAND_CAP:
        state[b + P_QHAND + n] = q
        state[b + P_QN] = n + 1


@njit_noalloc
def take_market_quest(state, p, i):
    """QST-01/06: the replacement goes into the emptied slot."""
    give_quest(state, p, state[G_QMARKET + i])
    state[G_QMARKET + i] = draw_quest(state)


@njit_noalloc
def whale_refresh(state):
    """QST-03: the market cards go under the deck, new ones are revealed."""
    for i in range(state[G_QMARKET_N]):
        q = state[G_QMARKET + i]
        if q >= 0:
            quest_to_bottom(state, q)
    for i in range(state[G_QMARKET_N]):
        state[G_QMARKET + i] = draw_quest(state)


@njit_noalloc
def discard_quest(state, p, i):
    """GIC-22: +8 doubloons, the quest goes under the deck."""
    b = pb(p)
    n = state[b + P_QN]
    q = state[b + P_QHAND + i]
    state[b + P_QHAND + i] = state[b + P_QHAND + n - 1]
    state[b + P_QHAND + n - 1] = -1
    state[b + P_QN] = n - 1
    quest_to_bottom(state, q)
    state[b + P_COINS] += DISCARD_QUEST_COINS

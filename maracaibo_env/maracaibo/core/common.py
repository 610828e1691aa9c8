"""Helpers every rule area uses: player fields, the task stack, VP, influence,
markers, income tracks (§7, §13), ship-board discs (§18), hands and decks.

Numba kernels only: arrays and ints in, no Python objects.
"""
from ...framework.jit import njit_noalloc
from ...framework.constants_check import verify as _verify
# the int constants (capacities, G_*/P_* state and C_* catalog offsets, enum
# indices, A_* action ids) are written out in the generated core/constants.py
from .constants import (AREA_CHOICE, AREA_DOUBLOONS5, AREA_FREE_MARKET, AREA_HAND_LIMIT, AREA_VP10,
                        AREA_VP3, AREA_VP6, BOARD_QUEST_CAP, CARD_EFFS, CH_SHIP_CHOICE,
                        C_AREA_REQ_AREA, C_AREA_REQ_COUNT, C_CARD_EFF, C_CARD_EFF_AMT,
                        C_CARD_EFF_ARG, C_CARD_EFF_COND, C_CARD_SYMBOL, C_DINC_MAX, C_INF_SPACES,
                        C_LEG_LOC, C_LOC_KIND, C_NEXT_RANK_POS, C_NLOC, C_RANK_AT, C_VINC_MAX,
                        EF_INCOME_DOUBLOONS, EF_INCOME_VP, EF_PERM_COMPASS, EF_PERM_OBJECT,
                        G_BQ_AGE, G_BQ_LOC, G_BQ_NEXT_AGE, G_BQ_TILE, G_CC_DISCARD, G_CC_PILE,
                        G_DISCARD, G_DISCARD_N, G_DRAW, G_DRAW_N, G_INCOME_DONE, G_LEGACY,
                        G_LEG_MINE, G_LEG_SILVER, G_LOC_MARKER, G_QPILE, G_QPILE_N, G_ROUND, G_STK,
                        G_STK_N, G_SUP_OUT, G_SUP_TAKEN, LK_VILLAGE, MARKERS_PER_NATION, N_AREAS,
                        OP_CHOICE, PLAYERS, PLAYER_SIZE, P_CP, P_DINC, P_DISCS, P_DISCS_OUT,
                        P_DOUBLOONS, P_FIG_GENERAL, P_FIG_SUPPLY, P_HAND, P_HAND_N, P_INF,
                        P_SYNERGY, P_TABLEAU, P_TABLEAU_N, P_UPGRADES, P_VINC, P_VP, P_VP_SRC,
                        STACK_CAP, STACK_W, VS_OVERFLOW, VS_SHIP_UPGRADES)
from .rng import shuffle_slice

_verify(__package__)  # ImportError if constants.py is stale

CP_MAX = 8


@njit_noalloc
def pb(p):
    """Offset of player p's block."""
    return PLAYERS + p * PLAYER_SIZE


# ---- pending-task stack ------------------------------------------------------
@njit_noalloc
def push(state, op, p, a, b):
    n = state[G_STK_N]
    if n >= STACK_CAP:
        raise ValueError("internal: task stack overflow")
    o = G_STK + n * STACK_W
    state[o] = op
    state[o + 1] = p
    state[o + 2] = a
    state[o + 3] = b
    state[G_STK_N] = n + 1


@njit_noalloc
def top_off(state):
    return G_STK + (state[G_STK_N] - 1) * STACK_W


@njit_noalloc
def pop(state):
    state[G_STK_N] -= 1
    o = G_STK + state[G_STK_N] * STACK_W
    state[o] = 0
    state[o + 1] = 0
    state[o + 2] = 0
    state[o + 3] = 0


# ---- victory points, money, CP, figures --------------------------------------
@njit_noalloc
def add_vp(state, p, amount, src):
    b = pb(p)
    state[b + P_VP] += amount
    state[b + P_VP_SRC + src] += amount


@njit_noalloc
def gain_cp(state, p, n):
    """+n CP, capped at 8 (COMBAT-10)."""
    b = pb(p)
    v = state[b + P_CP] + n
    state[b + P_CP] = CP_MAX if v > CP_MAX else v


@njit_noalloc
def gain_figures(state, p, n):
    """Take up to n figures of p's colour from the general supply."""
    b = pb(p)
    k = n if state[b + P_FIG_GENERAL] >= n else state[b + P_FIG_GENERAL]
    state[b + P_FIG_GENERAL] -= k
    state[b + P_FIG_SUPPLY] += k
    return k


@njit_noalloc
def return_figure(state, p):
    """Personal supply -> general supply."""
    b = pb(p)
    state[b + P_FIG_SUPPLY] -= 1
    state[b + P_FIG_GENERAL] += 1


# ---- influence and ownership markers (§7) ------------------------------------
@njit_noalloc
def gain_influence(state, cat, p, nation, n):
    """Move p's marker n spaces; each step past the last space scores 2 VP (INF-03)."""
    b = pb(p) + P_INF + nation
    last = cat[C_INF_SPACES] - 1
    for _ in range(n):
        if state[b] < last:
            state[b] += 1
        else:
            add_vp(state, p, 2, VS_OVERFLOW)


@njit_noalloc
def noble_rank(cat, pos):
    return cat[C_RANK_AT + pos]


@njit_noalloc
def move_to_next_rank(state, cat, p, nation):
    """INF-05: move to the next red band; nothing if already at/after the last."""
    b = pb(p) + P_INF + nation
    nxt = cat[C_NEXT_RANK_POS + state[b]]
    if nxt > state[b]:
        state[b] = nxt


@njit_noalloc
def supply_left(state, nation):
    return MARKERS_PER_NATION - state[G_SUP_TAKEN + nation]


@njit_noalloc
def markers_on_board(state, cat, nation):
    """Markers on locations, legacy tiles included (INF-08: L6 silver fleet, L9 gold mine)."""
    c = 0
    for loc in range(cat[C_NLOC]):
        if state[G_LOC_MARKER + loc] == nation:
            c += 1
    if state[G_LEGACY] != 0:
        for k in range(2):
            if state[G_LEG_SILVER + k] == nation + 1:
                c += 1
        if state[G_LEG_MINE] == nation + 1:
            c += 1
    return c


@njit_noalloc
def is_village(state, cat, loc):
    """A village now: Puerto Cabezas is a city while L1 is in play (LEG-L1)."""
    if cat[C_LOC_KIND + loc] != LK_VILLAGE:
        return False
    return state[G_LEGACY] & 1 == 0 or cat[C_LEG_LOC] != loc


@njit_noalloc
def empty_supply_spaces(state, nation):
    """INF-07: ceil(t / 2) for t markers ever taken."""
    return (state[G_SUP_TAKEN + nation] + 1) // 2


@njit_noalloc
def place_marker(state, loc, nation):
    """Take nation's leftmost supply marker onto loc; a marker already there
    leaves the game (COMBAT-13). Caller checks the supply is not empty."""
    old = state[G_LOC_MARKER + loc]
    if old >= 0:
        state[G_SUP_OUT + old] += 1
    state[G_SUP_TAKEN + nation] += 1
    state[G_LOC_MARKER + loc] = nation


@njit_noalloc
def empty_village_exists(state, cat):
    for loc in range(cat[C_NLOC]):
        if is_village(state, cat, loc) and state[G_LOC_MARKER + loc] < 0:
            return True
    return False


# ---- income tracks (§13) -----------------------------------------------------
@njit_noalloc
def remaining_scorings(state):
    """Scorings whose income step is still to come (INCT-06 default reading)."""
    return 5 - state[G_ROUND] - state[G_INCOME_DONE]


@njit_noalloc
def income_vp(state, cat, p, n):
    """VP income +n; reaching 20 scores 20 VP per remaining scoring (INCT-06)."""
    b = pb(p)
    v = state[b + P_VINC] + n
    top = cat[C_VINC_MAX]
    while v >= top:
        v -= top
        add_vp(state, p, top * remaining_scorings(state), VS_OVERFLOW)
    state[b + P_VINC] = v


@njit_noalloc
def income_doubloons(state, cat, p, n):
    """Doubloon income +n; beyond the maximum it becomes VP income (INCT-05)."""
    b = pb(p)
    room = cat[C_DINC_MAX] - state[b + P_DINC]
    if n <= room:
        state[b + P_DINC] += n
    else:
        state[b + P_DINC] = cat[C_DINC_MAX]
        income_vp(state, cat, p, n - room)


# ---- tableau-derived counts --------------------------------------------------
@njit_noalloc
def count_effect(state, cat, p, eff):
    """How many effects of kind eff p's bought cards carry (EFF-02: they stack)."""
    b = pb(p)
    c = 0
    for i in range(state[b + P_TABLEAU_N]):
        card = state[b + P_TABLEAU + i]
        for k in range(CARD_EFFS):
            if cat[C_CARD_EFF + card * CARD_EFFS + k] == eff:
                c += 1
    return c


@njit_noalloc
def sum_effect_amount(state, cat, p, eff):
    b = pb(p)
    c = 0
    for i in range(state[b + P_TABLEAU_N]):
        card = state[b + P_TABLEAU + i]
        for k in range(CARD_EFFS):
            if cat[C_CARD_EFF + card * CARD_EFFS + k] == eff:
                c += cat[C_CARD_EFF_AMT + card * CARD_EFFS + k]
    return c


@njit_noalloc
def compasses(state, cat, p):
    """1 printed on the ship board + 1 per compass card (PERM-04)."""
    return 1 + count_effect(state, cat, p, EF_PERM_COMPASS)


@njit_noalloc
def permanent_objects(state, cat, p, obj):
    b = pb(p)
    c = 0
    for i in range(state[b + P_TABLEAU_N]):
        card = state[b + P_TABLEAU + i]
        for k in range(CARD_EFFS):
            o = card * CARD_EFFS + k
            if cat[C_CARD_EFF + o] == EF_PERM_OBJECT and cat[C_CARD_EFF_ARG + o] == obj:
                c += 1
    return c


# ---- synergy tokens (§12) ----------------------------------------------------
@njit_noalloc
def gain_synergy(state, cat, p, s):
    """Take synergy token s if p lacks it, then apply every conditional income
    on p's bought cards that needs it (SYN-03, retroactive once)."""
    b = pb(p)
    if (state[b + P_SYNERGY] >> s) & 1:
        return
    state[b + P_SYNERGY] |= 1 << s
    for i in range(state[b + P_TABLEAU_N]):
        card = state[b + P_TABLEAU + i]
        for k in range(CARD_EFFS):
            o = card * CARD_EFFS + k
            if cat[C_CARD_EFF_COND + o] == s:
                e = cat[C_CARD_EFF + o]
                if e == EF_INCOME_DOUBLOONS:
                    income_doubloons(state, cat, p, cat[C_CARD_EFF_AMT + o])
                elif e == EF_INCOME_VP:
                    income_vp(state, cat, p, cat[C_CARD_EFF_AMT + o])


@njit_noalloc
def popcount(x):
    c = 0
    while x:
        c += x & 1
        x >>= 1
    return c


# ---- ship board (§18) --------------------------------------------------------
@njit_noalloc
def completed_areas(state, p):
    return popcount(state[pb(p) + P_UPGRADES])


@njit_noalloc
def has_upgrade(state, p, area):
    return (state[pb(p) + P_UPGRADES] >> area) & 1 == 1


@njit_noalloc
def disc_removable(state, cat, p, area):
    """SHIP-00c: a disc may leave an area only once its prerequisite is met."""
    b = pb(p)
    if state[b + P_DISCS + area] <= 0:
        return False
    ra = cat[C_AREA_REQ_AREA + area]
    if ra >= 0 and not has_upgrade(state, p, ra):
        return False
    rc = cat[C_AREA_REQ_COUNT + area]
    if rc > 0 and completed_areas(state, p) < rc:
        return False
    return True


@njit_noalloc
def any_disc_removable(state, cat, p):
    for a in range(N_AREAS):
        if disc_removable(state, cat, p, a):
            return True
    return False


@njit_noalloc
def remove_disc(state, cat, p, area, to_market):
    """Take one disc off an area; completing it applies the upgrade at once.
    Tan upgrades that need a decision push a task (SHIP-11)."""
    b = pb(p)
    state[b + P_DISCS + area] -= 1
    if not to_market:
        state[b + P_DISCS_OUT] += 1
    if state[b + P_DISCS + area] == 0:
        state[b + P_UPGRADES] |= 1 << area
        if area == AREA_FREE_MARKET or area == AREA_VP3:
            add_vp(state, p, 3, VS_SHIP_UPGRADES)
        elif area == AREA_DOUBLOONS5:
            state[b + P_DOUBLOONS] += 5
        elif area == AREA_VP6:
            add_vp(state, p, 6, VS_SHIP_UPGRADES)
        elif area == AREA_VP10:
            add_vp(state, p, 10, VS_SHIP_UPGRADES)
        elif area == AREA_CHOICE:
            push(state, OP_CHOICE, p, CH_SHIP_CHOICE, 0)


# ---- hands and decks (§17) ---------------------------------------------------
@njit_noalloc
def hand_limit(state, p):
    return 6 if has_upgrade(state, p, AREA_HAND_LIMIT) else 4


@njit_noalloc
def hand_take(state, p, i):
    """Remove and return the card in hand slot i (later slots shift left)."""
    b = pb(p)
    n = state[b + P_HAND_N]
    card = state[b + P_HAND + i]
    for j in range(i, n - 1):
        state[b + P_HAND + j] = state[b + P_HAND + j + 1]
    state[b + P_HAND + n - 1] = -1
    state[b + P_HAND_N] = n - 1
    return card


@njit_noalloc
def hand_add(state, p, card):
    b = pb(p)
    n = state[b + P_HAND_N]
    state[b + P_HAND + n] = card
    state[b + P_HAND_N] = n + 1


@njit_noalloc
def discard_card(state, card):
    state[G_DISCARD + state[G_DISCARD_N]] = card
    state[G_DISCARD_N] += 1


@njit_noalloc
def count_symbol_in_hand(state, cat, p, sym, exclude_slot):
    b = pb(p)
    c = 0
    for i in range(state[b + P_HAND_N]):
        if i != exclude_slot and cat[C_CARD_SYMBOL + state[b + P_HAND + i]] == sym:
            c += 1
    return c


@njit_noalloc
def board_quest_free(state):
    """A free BQ_* entry (-1 when BOARD_QUEST_CAP tiles lie on the board)."""
    for k in range(BOARD_QUEST_CAP):
        if state[G_BQ_TILE + k] < 0:
            return k
    return -1


@njit_noalloc
def place_board_quest(state, t, loc):
    """Quest tile t (or a campaign's story quest row) face up at location loc,
    the newest on the board (BQ_AGE: Jean takes the oldest, SOLO-13); the
    caller checks board_quest_free first."""
    k = board_quest_free(state)
    state[G_BQ_TILE + k] = t
    state[G_BQ_LOC + k] = loc
    state[G_BQ_AGE + k] = state[G_BQ_NEXT_AGE]
    state[G_BQ_NEXT_AGE] += 1


@njit_noalloc
def quest_from_pile_to(state, loc):
    """The face-up pile's top tile to location loc; False when the pile is
    empty (QUEST-09 ruling: then nothing is placed) or BOARD_QUEST_CAP tiles
    lie on the board already (then the tile stays in the pile; ruling)."""
    if state[G_QPILE_N] == 0 or board_quest_free(state) < 0:
        return False
    state[G_QPILE_N] -= 1
    t = state[G_QPILE + state[G_QPILE_N]]
    state[G_QPILE + state[G_QPILE_N]] = -1
    place_board_quest(state, t, loc)
    return True


@njit_noalloc
def draw_top(state):
    """Top card of the draw pile, reshuffling the discard pile when it is empty
    (DRAW-04); -1 when both are empty. A campaign's C-cards on the discard pile
    join the draw pile then (STORY-02c, L1465 "or in the current game if the
    draw pile runs out"; they are tracked, not drawn: docs/rulings.md)."""
    if state[G_DRAW_N] == 0:
        state[G_CC_PILE] |= state[G_CC_DISCARD]
        state[G_CC_DISCARD] = 0
        n = state[G_DISCARD_N]
        if n == 0:
            return -1
        for i in range(n):
            state[G_DRAW + i] = state[G_DISCARD + i]
            state[G_DISCARD + i] = -1
        state[G_DISCARD_N] = 0
        state[G_DRAW_N] = n
        shuffle_slice(state, G_DRAW, n)
    state[G_DRAW_N] -= 1
    card = state[G_DRAW + state[G_DRAW_N]]
    state[G_DRAW + state[G_DRAW_N]] = -1
    return card


@njit_noalloc
def remove_entry(state, o):
    """Remove the stack entry at offset o (entries above it shift down)."""
    end = G_STK + state[G_STK_N] * STACK_W
    for i in range(o, end - STACK_W):
        state[i] = state[i + STACK_W]
    for i in range(end - STACK_W, end):
        state[i] = 0
    state[G_STK_N] -= 1

"""Legacy tiles (checklist §28, JLEG-01..03): the rules of the tiles in
state[G_LEGACY] (bit i = tile index i = L-number - 1), read from the catalog's
LEG_* tables (data/legacy_tiles.toml).

Every function here is reached through a hook guarded by state[G_LEGACY] != 0
(or a field that stays 0 without tiles), so a game without tiles runs the
base rules unchanged. Other modules call in; this one imports only common and
quests (sailing, combat and automa import it).
"""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import (add_vp, any_disc_removable, gain_cp, gain_figures, gain_influence, pb, push,
                     return_figure, supply_left)
from .constants import (A_CB_LEGACY, CH_LEG_DISC, CH_LEG_FIGURE_VP, C_EXP_NUMBER, C_LEG_ACT,
                        C_LEG_AMT, C_LEG_AR_COST, C_LEG_AR_FROM, C_LEG_AR_N, C_LEG_AR_NEW,
                        C_LEG_AR_TILE, C_LEG_AR_TO, C_LEG_COST, C_LEG_COST_AMT, C_LEG_EXP,
                        C_LEG_INF, C_LEG_KIND, C_LEG_LOC, C_LEG_REW, C_LEG_REW_AMT, C_LEG_SILVER,
                        C_LEG_SPACES, C_LEG_TOLL, C_LEG_TWO_P, C_LOC_BRANCH, C_LOC_COST, C_LOC_KIND,
                        C_LOC_MUST_STOP, C_LOC_NEW_TILE, C_LOC_NEXT, C_LOC_NEXT_N, C_LOC_R0,
                        C_LOC_R1, C_NLOC, C_TILE_MARACAIBO, C_TILE_PLAYERS, G_CITY_DISCS_OUT,
                        G_LEGACY, G_LEG_CB_USED, G_LEG_DISCS, G_LEG_MINE, G_LEG_QUEST, G_LEG_SILVER,
                        G_LOC_MARKER, G_LOC_MARKET, G_LOC_TILE, G_NP, G_QPILE, G_QPILE_N, G_ROUND,
                        G_SOLO, G_STK_N, G_SUP_OUT, G_SUP_TAKEN, LACT_CP3_COMBAT,
                        LACT_VILLAGES2_FIGURE_VP, LCOST_CP, LCOST_DOUBLOONS, LCOST_FIGURE, LK_CITY,
                        LREW_CP, LREW_DOUBLOONS, LREW_FIGURE, LREW_INFLUENCE, LREW_VP, LT_DISC,
                        LT_FIGURE, LT_PLAGUE, LT_SKULL, LT_VP, MAX_LOC, MAX_MP, MAX_OUT,
                        NK_INFLUENCE, N_LEG, N_TILES, OP_CHOICE, OP_COMBAT, OP_LEG_MAIN, OP_NATION,
                        OP_REMOVE_DISC, OP_VILLAGE, P_CP, P_DOUBLOONS, P_EXPLORER, P_FIG_SUPPLY,
                        P_QUESTS, VS_CITY_ACTIONS, VS_OTHER)
from .quests import can_fulfil, fulfil
from .rng import rand_below

_LOC_MP = MAX_LOC * MAX_MP  # one flag per (location, MP) pair
_LOC_MP2 = 2 * MAX_LOC * MAX_MP  # (location, MP) pairs, toll paid or not
_ROUTE_STACK2 = 2 * MAX_LOC * MAX_MP + 1

CA_LEGACY = 100            # location_action() of a legacy city (no printed city action)
L1, L3, L6, L9, L11 = 0, 2, 5, 8, 10   # tile indices (L-number - 1)
FIRST_DISC = 9             # L10..L17 are disc slots 0..7
N_DISC_SLOTS = 8
SILVER_USED, MINE_USED = 1, 2
JEAN = 1
FIGURE_VP = 5              # LEG-L4: a returned figure scores 5 VP


@njit_noalloc
def tile_on(state, i):
    return (state[G_LEGACY] >> i) & 1 == 1


@njit_noalloc
def explorer_reached(state, cat, p, number):
    """EXPL-14: 'reached or passed space N' = the explorer's space number >= N."""
    return cat[C_EXP_NUMBER + state[pb(p) + P_EXPLORER]] >= number


# ---- the board: which locations exist, what kind they are ------------------------
@njit_noalloc
def loc_kind(state, cat, loc):
    """The location's kind with the tiles in play: a new city (L4/L7) is a
    city while its tile is in play (else -1, absent), Puerto Cabezas is a city
    under L1."""
    t = cat[C_LOC_NEW_TILE + loc]
    if t > 0:
        return LK_CITY if tile_on(state, t - 1) else -1
    if state[G_LEGACY] != 0 and tile_on(state, L1) and cat[C_LEG_LOC + L1] == loc:
        return LK_CITY
    return cat[C_LOC_KIND + loc]


@njit_noalloc
def legacy_city(state, cat, loc):
    """The tile index of a legacy city at loc (L1, L4, L7), -1 if none."""
    if tile_on(state, L1) and cat[C_LEG_LOC + L1] == loc:
        return L1
    t = cat[C_LOC_NEW_TILE + loc]
    if t > 0 and tile_on(state, t - 1):
        return t - 1
    return -1


@njit_noalloc
def is_l1_city(state, cat, loc):
    return tile_on(state, L1) and cat[C_LEG_LOC + L1] == loc


@njit_noalloc
def marker_allowed(state, cat, loc, p):
    """COMBAT-19: no marker at Cartagena under L3 [EN]; at the L4/L7 city only
    once p's explorer has reached its space (JLEG-01 for Jean)."""
    if state[G_LEGACY] == 0:
        return True
    if tile_on(state, L3) and cat[C_LEG_LOC + L3] == loc:
        return False
    t = cat[C_LOC_NEW_TILE + loc]
    if t > 0:
        return tile_on(state, t - 1) and explorer_reached(state, cat, p, cat[C_LEG_EXP + t - 1])
    return True


@njit_noalloc
def village_blocked(state, cat, loc):
    """VILL-07: no village main action at a skull tile (L20-L23) or Cartagena under L3."""
    for i in range(N_LEG):
        if tile_on(state, i) and cat[C_LEG_LOC + i] == loc:
            k = cat[C_LEG_KIND + i]
            if k == LT_SKULL or k == LT_PLAGUE:
                return True
    return False


@njit_noalloc
def city_blocked(state, cat, loc):
    """LEG-L3: no city main action in Cartagena."""
    return tile_on(state, L3) and cat[C_LEG_LOC + L3] == loc


# ---- sailing (LEG-L2/L8/L18, L4, L7, L11) -------------------------------------------
@njit_noalloc
def _route_cost(state, cat, frm, to, cost):
    for a in range(cat[C_LEG_AR_N]):
        if (not cat[C_LEG_AR_NEW + a] and cat[C_LEG_AR_FROM + a] == frm and cat[C_LEG_AR_TO + a] == to
                and tile_on(state, cat[C_LEG_AR_TILE + a] - 1)):
            return cat[C_LEG_AR_COST + a]
    return cost


@njit_noalloc
def _toll(state, cat):
    """(location, doubloons) of the L11 toll; (-1, 0) without one."""
    for i in range(N_LEG):
        if tile_on(state, i) and cat[C_LEG_TOLL + i] > 0:
            return cat[C_LEG_LOC + i], cat[C_LEG_TOLL + i]
    return -1, 0


@njit_noalloc
def reachable(state, cat, p, start, reach, cap):
    """sailing.reachable with the tiles: reach[l * 7 + m - 1] = 1 when l is
    reachable spending exactly m MP without the toll, 2 only by passing the
    L11 location and paying its toll. Route tiles re-price their arrow
    (LEG-L2/L8/L18); the L4/L7 fork opens once p's explorer reached its space
    (LEG-L4/L7); who cannot pay the toll stops at L11 (LEG-L11)."""
    reach[:] = 0
    n_idx = MAX_LOC * MAX_MP
    seen = stack_array(_LOC_MP2, np.int8)
    seen[:] = 0
    st_loc = stack_array(_ROUTE_STACK2, np.int64)
    st_mp = stack_array(_ROUTE_STACK2, np.int64)
    st_paid = stack_array(_ROUTE_STACK2, np.int64)
    toll_loc, toll = _toll(state, cat)
    can_pay = state[pb(p) + P_DOUBLOONS] >= toll
    r = state[G_ROUND]
    n = 1
    st_loc[0], st_mp[0], st_paid[0] = start, 0, 0
    while n > 0:
        n -= 1
        loc, m, paid = st_loc[n], st_mp[n], st_paid[n]
        nout = cat[C_LOC_NEXT_N + loc]
        for j in range(nout + cat[C_LEG_AR_N]):
            if j < nout:
                k = loc * MAX_OUT + j
                if not cat[C_LOC_R0 + k] <= r <= cat[C_LOC_R1 + k]:
                    continue
                nxt = cat[C_LOC_NEXT + k]
                cost = _route_cost(state, cat, loc, nxt, cat[C_LOC_COST + k])
            else:
                a = j - nout
                if (not cat[C_LEG_AR_NEW + a] or cat[C_LEG_AR_FROM + a] != loc
                        or not tile_on(state, cat[C_LEG_AR_TILE + a] - 1)):
                    continue
                nxt = cat[C_LEG_AR_TO + a]
                cost = cat[C_LEG_AR_COST + a]
                t = cat[C_LOC_NEW_TILE + nxt]
                if t > 0 and not explorer_reached(state, cat, p, cat[C_LEG_EXP + t - 1]):
                    continue
            nm = m + cost
            if nm > cap:
                continue
            idx = nxt * MAX_MP + nm - 1
            if paid == 0:
                reach[idx] = 1
            elif reach[idx] == 0:
                reach[idx] = 2
            if seen[paid * n_idx + idx]:
                continue
            seen[paid * n_idx + idx] = 1
            if cat[C_LOC_MUST_STOP + nxt]:
                continue
            now_paid = paid
            if nxt == toll_loc and paid == 0:
                if not can_pay:
                    continue  # LEG-L11: who cannot pay must stop here
                now_paid = 1
            st_loc[n], st_mp[n], st_paid[n] = nxt, nm, now_paid
            n += 1


@njit_noalloc
def pay_toll(state, cat, p, start, idx):
    """LEG-L11: a move that reaches its end only through the toll pays it."""
    toll_loc, toll = _toll(state, cat)
    if toll_loc < 0:
        return
    reach = stack_array(_LOC_MP, np.int8)  # reachable() clears it
    reachable(state, cat, p, start, reach, MAX_MP)
    if reach[idx] == 2:
        state[pb(p) + P_DOUBLOONS] -= toll


@njit_noalloc
def arrive(state, cat, p, dest):
    """A ship ended its movement at dest (SAIL-11): L5 figure, L25 VP, the
    L10-L17 disc offer before the main action."""
    for i in range(N_LEG):
        if not tile_on(state, i) or cat[C_LEG_LOC + i] != dest:
            continue
        k = cat[C_LEG_KIND + i]
        if k == LT_FIGURE:
            gain_figures(state, p, cat[C_LEG_AMT + i])
        elif k == LT_VP:
            add_vp(state, p, cat[C_LEG_AMT + i], VS_OTHER)
        elif k == LT_DISC and disc_offer_possible(state, cat, p, i - FIRST_DISC):
            if state[G_STK_N] == 0:  # Phase A: come back to the main-action choice
                push(state, OP_LEG_MAIN, p, 0, 0)
            push(state, OP_CHOICE, p, CH_LEG_DISC, i - FIRST_DISC)


# ---- disc tiles L10-L17 --------------------------------------------------------------
@njit_noalloc
def _can_pay(state, cat, p, i):
    b = pb(p)
    c = cat[C_LEG_COST + i]
    amt = cat[C_LEG_COST_AMT + i]
    if c == LCOST_DOUBLOONS:
        return state[b + P_DOUBLOONS] >= amt
    if c == LCOST_CP:
        return state[b + P_CP] >= amt
    if c == LCOST_FIGURE:
        return state[b + P_FIG_SUPPLY] >= amt
    return True


@njit_noalloc
def disc_offer_possible(state, cat, p, slot):
    """LEG-L10..L17: a free space, the cost payable, a disc that may leave the ship board."""
    i = FIRST_DISC + slot
    return (state[G_LEG_DISCS + slot] < cat[C_LEG_SPACES + i] and _can_pay(state, cat, p, i)
            and any_disc_removable(state, cat, p))


@njit_noalloc
def use_disc_tile(state, cat, p, slot):
    """Pay, take the reward, then move one ship-board disc onto the tile."""
    i = FIRST_DISC + slot
    b = pb(p)
    c = cat[C_LEG_COST + i]
    amt = cat[C_LEG_COST_AMT + i]
    if c == LCOST_DOUBLOONS:
        state[b + P_DOUBLOONS] -= amt
    elif c == LCOST_CP:
        state[b + P_CP] -= amt
    elif c == LCOST_FIGURE:
        for _ in range(amt):
            return_figure(state, p)
    r = cat[C_LEG_REW + i]
    amt = cat[C_LEG_REW_AMT + i]
    if r == LREW_VP:
        add_vp(state, p, amt, VS_OTHER)
    elif r == LREW_DOUBLOONS:
        state[b + P_DOUBLOONS] += amt
    elif r == LREW_CP:
        gain_cp(state, p, amt)
    elif r == LREW_INFLUENCE:
        push(state, OP_NATION, p, amt, NK_INFLUENCE)
    elif r == LREW_FIGURE:
        gain_figures(state, p, amt)
    # the disc (mandatory); remove_disc completes an area at once (SHIP-00a)
    push(state, OP_REMOVE_DISC, p, 1, 4 | (slot << 4))


# ---- legacy cities L1, L4, L7 -------------------------------------------------------------
@njit_noalloc
def refill_l1_quest(state):
    """LEG-L1: a new quest tile from the pile onto the empty quest space."""
    if state[G_LEG_QUEST] == 0 and state[G_QPILE_N] > 0:
        state[G_QPILE_N] -= 1
        state[G_LEG_QUEST] = state[G_QPILE + state[G_QPILE_N]] + 1
        state[G_QPILE + state[G_QPILE_N]] = -1


@njit_noalloc
def start_city_action(state, cat, p, i):
    """The city action of legacy city i (after the optional delivery)."""
    act = cat[C_LEG_ACT + i]
    if i == L1:  # LEG-L1: fulfil the quest lying there, then refill the space
        t = state[G_LEG_QUEST] - 1
        if t >= 0 and can_fulfil(state, cat, p, t):
            state[G_LEG_QUEST] = 0
            fulfil(state, cat, p, t)
            refill_l1_quest(state)
    elif act == LACT_VILLAGES2_FIGURE_VP:  # LEG-L4: 2 village actions, then figure -> 5 VP
        push(state, OP_CHOICE, p, CH_LEG_FIGURE_VP, 0)
        push(state, OP_VILLAGE, p, 2, 0)
    elif act == LACT_CP3_COMBAT:  # LEG-L7: 3 CP, then a Combat (COMBAT-20)
        gain_cp(state, p, 3)
        push(state, OP_COMBAT, p, -1, 0)


@njit_noalloc
def figure_for_vp(state, p):
    return_figure(state, p)
    add_vp(state, p, FIGURE_VP, VS_CITY_ACTIONS)


@njit_noalloc
def jean_takes_quest(state, cat, loc):
    """SOLO-13 at L1's quest space (JLEG-02: Jean is subject to L1; ruling):
    she takes the tile, the space is refilled. True when she took one."""
    if not is_l1_city(state, cat, loc) or state[G_LEG_QUEST] == 0:
        return False
    state[G_LEG_QUEST] = 0
    state[pb(JEAN) + P_QUESTS] += 1
    refill_l1_quest(state)
    return True


@njit_noalloc
def jean_next(state, cat, cur, route):
    """Jean's next location (SOLO-09) with the L4/L7 fork (its arrow counts as
    the upper branch; JLEG-01: open once her explorer reached the space)."""
    nxt = -1
    nout = cat[C_LOC_NEXT_N + cur]
    r = state[G_ROUND]
    for j in range(nout + cat[C_LEG_AR_N]):
        if j < nout:
            k = cur * MAX_OUT + j
            if not cat[C_LOC_R0 + k] <= r <= cat[C_LOC_R1 + k]:
                continue
            to = cat[C_LOC_NEXT + k]
            br = cat[C_LOC_BRANCH + k]
        else:
            a = j - nout
            if (not cat[C_LEG_AR_NEW + a] or cat[C_LEG_AR_FROM + a] != cur
                    or not tile_on(state, cat[C_LEG_AR_TILE + a] - 1)):
                continue
            to = cat[C_LEG_AR_TO + a]
            br = 1
            t = cat[C_LOC_NEW_TILE + to]
            if t > 0 and not explorer_reached(state, cat, JEAN, cat[C_LEG_EXP + t - 1]):
                continue
        if nxt < 0 or br == route:
            nxt = to
    return nxt


# ---- combat actions L6, L9 ------------------------------------------------------------------
@njit_noalloc
def combat_legal(state, cat, p, n, v, mask):
    """LEG-L6/L9: each once per Combat (COMBAT-11), a marker of the fighting
    nation, a free space, enough combat value; L9 needs the explorer on space 5."""
    if supply_left(state, n) <= 0:
        return
    used = state[G_LEG_CB_USED]
    if tile_on(state, L6) and not used & SILVER_USED:
        for k in range(2):
            if state[G_LEG_SILVER + k] == 0 and v >= cat[C_LEG_SILVER + k]:
                mask[A_CB_LEGACY + k] = 1
    if (tile_on(state, L9) and not used & MINE_USED and state[G_LEG_MINE] == 0
            and v >= cat[C_LEG_COST_AMT + L9] and explorer_reached(state, cat, p, cat[C_LEG_EXP + L9])):
        mask[A_CB_LEGACY + 2] = 1


@njit_noalloc
def combat_apply(state, cat, p, n, action):
    """Apply a legacy combat action; returns the combat value it costs. The
    marker is never displaced: it lies on the tile, not on a location."""
    k = action - A_CB_LEGACY
    state[G_SUP_TAKEN + n] += 1
    if k < 2:
        state[G_LEG_SILVER + k] = n + 1
        state[G_LEG_CB_USED] |= SILVER_USED
        gain_influence(state, cat, p, n, cat[C_LEG_INF + L6])
        state[pb(p) + P_DOUBLOONS] += cat[C_LEG_AMT + L6]
        return cat[C_LEG_SILVER + k]
    state[G_LEG_MINE] = n + 1
    state[G_LEG_CB_USED] |= MINE_USED
    state[pb(p) + P_DOUBLOONS] += cat[C_LEG_AMT + L9]
    return cat[C_LEG_COST_AMT + L9]


# ---- set-up ---------------------------------------------------------------------------
@njit_noalloc
def setup(state, cat, np_, solo):
    """The tiles' set-up after the base set-up (no random draws)."""
    for i in range(N_LEG):
        if tile_on(state, i):
            _tile_setup(state, cat, i, np_, solo)


@njit_noalloc
def _tile_setup(state, cat, i, np_, solo):
    if i == L3:  # LEG-L3: Cartagena's city tile and any marker leave the game
        loc = cat[C_LEG_LOC + L3]
        state[G_LOC_TILE + loc] = -1
        state[G_CITY_DISCS_OUT] += state[G_LOC_MARKET + loc]   # and its delivered goods (only
        state[G_LOC_MARKET + loc] = 0                          # mid-game, a story card's L3)
        m = state[G_LOC_MARKER + loc]
        if m >= 0:
            state[G_SUP_OUT + m] += 1
            state[G_LOC_MARKER + loc] = -1
    elif i == L1:  # LEG-L1: at once a quest tile from the pile
        refill_l1_quest(state)
    elif FIRST_DISC <= i < FIRST_DISC + N_DISC_SLOTS and cat[C_LEG_KIND + i] == LT_DISC:
        d = 0  # JLEG-03: the 2-player rule, solo one more disc
        if np_ == 2 and cat[C_LEG_TWO_P + i]:
            d += 1
        if solo:
            d += 1
        state[G_LEG_DISCS + i - FIRST_DISC] = min(d, cat[C_LEG_SPACES + i])


@njit_noalloc
def add_tile(state, cat, i):
    """STORY-02e / LEG-00a: a story card adds tile i during the game: it goes
    onto its location with its set-up (a tile already in play stays as it is)."""
    if cat[C_LEG_KIND + i] == 0 or tile_on(state, i):
        return
    state[G_LEGACY] |= 1 << i
    _tile_setup(state, cat, i, state[G_NP], state[G_SOLO] == 1)


SKULLS = (2, 19, 20, 21, 22)   # LEG-00d: L3, L20-L23 (tile indices)


@njit_noalloc
def skull_in_play(state, k):
    """The k-th skull tile in play (index order), -1 if fewer are in play."""
    for i in SKULLS:
        if tile_on(state, i):
            if k == 0:
                return i
            k -= 1
    return -1


@njit_noalloc
def remove_skull(state, cat, k):
    """QREW-08: the k-th skull tile in play goes to the box; without L3,
    Cartagena gets a random city tile of those for this player count not on
    the board (rulebook: "take the city tiles ... and place a randomly-drawn
    city tile at Cartagena")."""
    i = skull_in_play(state, k)
    if i < 0:
        return
    state[G_LEGACY] &= ~(1 << i)
    if i == L3:
        loc = cat[C_LEG_LOC + L3]
        pbit = 1 << state[G_NP]
        free = stack_array(N_TILES, np.int64)
        n = 0
        for t in range(N_TILES):
            if cat[C_TILE_PLAYERS + t] & pbit and not cat[C_TILE_MARACAIBO + t]:
                used = False
                for l in range(cat[C_NLOC]):
                    if state[G_LOC_TILE + l] == t:
                        used = True
                if not used:
                    free[n] = t
                    n += 1
        if n > 0:
            state[G_LOC_TILE + loc] = free[rand_below(state, n)]

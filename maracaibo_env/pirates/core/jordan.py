"""The solo opponent Jordan (checklist §19 SOLO): his deck, his turn, his
movement and targets, main and bonus actions, upgrades. Jordan is seat 1 when
state[G_SOLO]; `engine.advance` plays his whole turn here when his move is
due, so every decision an agent sees is the human's (seat 0). His endgame
points are scoring.jordan_final_scoring (SOLO-35).

What he did in his last turn is written to J_LOG as (event, argument) pairs
(JEV_*), read by `Game.jordan_log()`.

Module rules (FOWL-06/07, FOWI-05, SKIR-05, RUBY-05) hook into
`jordan_targets` (which spaces an action may sail to), `jordan_move` (the
sailing itself) and `jordan_turn` (the Gulf).
"""
import numpy as np

from ...framework.jit import njit, njit_noalloc
from ...framework.scratch import stack_array
from ...framework.rng import shuffle_array_at
from ...framework.event_log import log_event
from .common import (BASE_MOVE, FIRST_RES_VP, GULF_EXPLORE, MARA_VP, N_ROUNDS, add_vp, pb, pop,
                     rand_below, shuffle)
from .constants import (ANY, C_CARD_KIND, C_CARD_TYPE, C_J_ACT, C_J_ACT_TYPES, C_J_BONUS,
                        C_J_BONUS_N, C_J_DIE, C_J_EXPL_MOVE, C_J_EXPL_VP, C_J_LETTER, C_J_LOC_ACTS,
                        C_J_LOC_EXPL, C_J_LONG_NEXT, C_J_NACT, C_J_N_CARDS, C_J_N_SLOTS,
                        C_J_RAID_CUBE, C_J_RAID_N, C_J_RAID_VP, C_J_SLOT, C_J_T2_LOC, C_LAY_ROW,
                        C_TR_RIVERS, G_DIFFICULTY, G_END3, G_FIGM, G_ISLAND, G_J_CARD, G_J_DECK,
                        G_J_DRAWN, G_J_LEVEL, G_J_LOG, G_J_LOG_N, G_J_UPG, G_LAYOUT, G_QMARKET,
                        G_QMARKET_N, G_RNG, G_ROUND, G_ROUND_END, G_SLOT_CARD, G_SLOT_DOWN,
                        G_SLOT_FOG, G_SLOT_RES, G_SLOT_TV, G_T2, G_T2_FOG, G_T2_N, JA_BUY,
                        JA_EXPLORE, JA_QUEST, JA_RAID, JA_TIER2, JB_RAID, JB_UPGRADE, JS_ADVANCE,
                        JS_FIGUREHEAD, JS_QUEST, J_ACT_CAP, J_DECK_N, J_LEVELS, J_LOG_CAP, KIND_IMP,
                        KIND_LOC, KIND_RES, N_SLOTS, N_SPACES, P_COINS, P_EXPL, P_FIG, P_NRES, P_QN,
                        P_RIVERS, P_SHIP, P_TAB_N, P_TRE, QHAND_CAP, SP_GULF, SP_MARA, SP_START,
                        TABLEAU_CAP, VS_EFFECTS, VS_MARACAIBO, VS_RAIDS, VS_RESIDENCE_FIRST)
from .sailing import column, neighbours
from .effects import refill_slot, draw_quest, give_quest, add_to_tableau
from .treasures import add_cubes
from .jordan_modules import jordan_module_move

HUMAN = 0
JORDAN = 1
TURN_CARDS = 6              # SOLO-13 guard: at most this many cards a turn, then he passes
RESIDENCE_NUMBERS = 4       # SOLO-29: the Residences are numbered 1-4, a 5 or 6 is rerolled

# log events (argument in brackets)
JEV_NAMES = ("card", "shuffle", "bonus", "action", "discard", "pass", "sail", "doubloon_to_human",
             "tv_cube", "upgrade", "level", "die", "treasure", "vp", "island_cube", "explore",
             "quest", "tier2", "buy", "figurehead", "residence", "maracaibo")
JEV_CARD, JEV_SHUFFLE, JEV_BONUS, JEV_ACTION, JEV_DISCARD, JEV_PASS, JEV_SAIL, JEV_PAY, \
    JEV_TV, JEV_UPGRADE, JEV_LEVEL, JEV_DIE, JEV_TREASURE, JEV_VP, JEV_CUBE, JEV_EXPLORE, \
    JEV_QUEST, JEV_TIER2, JEV_BUY, JEV_FIGUREHEAD, JEV_RESIDENCE, JEV_MARACAIBO = range(22)


@njit_noalloc
def jlog(state, ev, arg):
    log_event(state, G_J_LOG, G_J_LOG_N, J_LOG_CAP, ev, arg)


# ---- set-up and the deck -------------------------------------------------------------
@njit(cache=True)
def jordan_setup(state, cat):
    """SOLO-04/05: his marker on level 1; k = DIFFICULTY random B cards replace
    k random A cards; the 6 are shuffled into his deck."""
    n = cat[C_J_N_CARDS]
    a_ids = np.empty(n, np.int32)
    b_ids = np.empty(n, np.int32)
    na = nb = 0
    for c in range(n):
        if cat[C_J_LETTER + c] == 0:
            a_ids[na] = c
            na += 1
        else:
            b_ids[nb] = c
            nb += 1
    shuffle_array_at(state, G_RNG, a_ids, na)
    shuffle_array_at(state, G_RNG, b_ids, nb)
    k = state[G_DIFFICULTY]
    for i in range(J_DECK_N):
        state[G_J_DECK + i] = b_ids[i] if i < k else a_ids[i - k]
    shuffle(state, G_J_DECK, J_DECK_N)
    state[G_J_DRAWN] = 0
    state[G_J_CARD] = -1
    state[G_J_LEVEL] = 0
    state[G_J_UPG] = 0


@njit_noalloc
def draw_card(state):
    """SOLO-11: the top card; once all 6 are revealed they are shuffled into a new deck."""
    if state[G_J_DRAWN] >= J_DECK_N:
        shuffle(state, G_J_DECK, J_DECK_N)
        state[G_J_DRAWN] = 0
        jlog(state, JEV_SHUFFLE, -1)
    c = state[G_J_DECK + state[G_J_DRAWN]]
    state[G_J_DRAWN] += 1
    state[G_J_CARD] = c
    jlog(state, JEV_CARD, c)
    return c


# ---- movement and targets (SOLO-14..16) ---------------------------------------------------
@njit_noalloc
def jordan_reach(state, cat):
    """SOLO-14 default: bitmask of the spaces his ship can end a legal move on:
    1-3 orthogonal steps (MOVE-01/02), ending in a column nearer Maracaibo
    (MOVE-04), entering the Gulf ends the move (MOVE-05)."""
    here = state[pb(JORDAN) + P_SHIP]
    start = column(state, cat, here)
    stops = (np.int64(1) << SP_GULF) | (np.int64(1) << SP_MARA)
    frontier = np.int64(1) << here
    seen = np.int64(0)
    for _ in range(BASE_MOVE):
        f = frontier & ~stops
        nxt = np.int64(0)
        x = 0
        while f != 0:
            if f & 1:
                nxt |= np.int64(neighbours(state, cat, x))
            f >>= 1
            x += 1
        seen |= nxt
        frontier = nxt
    out = np.int64(0)
    for s in range(N_SPACES):
        if (seen >> s) & 1 and s != SP_MARA and column(state, cat, s) > start:
            out |= np.int64(1) << s
    return out


@njit_noalloc
def jordan_best(state, cat, cands):
    """SOLO-15: the space in the column nearest Maracaibo, then the topmost; -1 if none."""
    best = -1
    bc = -1
    br = 0
    lay = state[G_LAYOUT]
    for s in range(N_SPACES):
        if (cands >> s) & 1:
            c = column(state, cat, s)
            r = cat[C_LAY_ROW + lay * N_SLOTS + s] if s < N_SLOTS else -1
            if c > bc or (c == bc and r < br):
                best = s
                bc = c
                br = r
    return best


@njit_noalloc
def rightmost_quest(state):
    """Index of the rightmost faceup market quest (the last slot; slot 0 lies next to the deck), -1."""
    for i in range(state[G_QMARKET_N] - 1, -1, -1):
        if state[G_QMARKET + i] >= 0:
            return i
    return -1


@njit_noalloc
def jordan_targets(state, cat, reach, act, typ):
    """Bitmask of the spaces in reach where he can carry out main action act
    (JA_*; typ: the improvement type a buy looks for): a faceup Location showing
    the action (DATA-16), the Gulf for a Raid or Explore (SOLO-16), one of the
    two Tier-II-draw Locations (SOLO-23), a faceup improvement of the type
    (SOLO-24). 0 when the action cannot be completed anywhere."""
    out = np.int64(0)
    me = pb(JORDAN)
    if act == JA_QUEST and (rightmost_quest(state) < 0 or state[me + P_QN] >= QHAND_CAP):
        return out
    if (act == JA_TIER2 and state[G_T2_N] == 0) or \
            ((act == JA_TIER2 or act == JA_BUY) and state[me + P_TAB_N] >= TABLEAU_CAP):
        return out
    if (act == JA_RAID or act == JA_EXPLORE) and (reach >> SP_GULF) & 1:
        out |= np.int64(1) << SP_GULF
    for s in range(N_SLOTS):
        if (reach >> s) & 1 == 0:
            continue
        c = state[G_SLOT_CARD + s]
        if c < 0 or state[G_SLOT_DOWN + s] == 1 or state[G_SLOT_FOG + s] == 1:   # FOWL-07: unknown
            continue
        kind = cat[C_CARD_KIND + c]
        if act == JA_BUY:
            ok = kind == KIND_IMP and cat[C_CARD_TYPE + c] == typ
        elif act == JA_TIER2:
            ok = c == cat[C_J_T2_LOC] or c == cat[C_J_T2_LOC + 1]
        else:
            ok = kind == KIND_LOC and (cat[C_J_LOC_ACTS + c] >> act) & 1 == 1
        if ok:
            out |= np.int64(1) << s
    return out


@njit_noalloc
def jordan_target(state, cat, reach, card, k):
    """Where main action k of solo card `card` sends him (-1: it cannot be
    completed): the Gulf for a Raid or Explore when in range (SOLO-16), else
    by the tie-breaker (SOLO-15); a buy tries its 3 types in order (SOLO-24)."""
    act = cat[C_J_ACT + card * J_ACT_CAP + k]
    if act == JA_BUY:
        for t in range(3):
            typ = cat[C_J_ACT_TYPES + (card * J_ACT_CAP + k) * 3 + t]
            cands = jordan_targets(state, cat, reach, act, typ)
            if cands != 0:
                return jordan_best(state, cat, cands)
        return -1
    cands = jordan_targets(state, cat, reach, act, -1)
    if (cands >> SP_GULF) & 1:
        return SP_GULF
    return jordan_best(state, cat, cands)


@njit_noalloc
def jordan_move(state, cat, dest):
    """His ship sails to dest. SOLO-09: ending on a card with the human's ship,
    the human takes 1 doubloon from the supply (Jordan never pays, SOLO-02)."""
    here = state[pb(JORDAN) + P_SHIP]
    state[pb(JORDAN) + P_SHIP] = dest
    jlog(state, JEV_SAIL, dest)
    if dest < N_SLOTS and state[pb(HUMAN) + P_SHIP] == dest:
        state[pb(HUMAN) + P_COINS] += 1
        jlog(state, JEV_PAY, 1)
    jordan_module_move(state, cat, here, dest)       # the modules' solo rules (core/jordan_modules.py)


# ---- the effects ---------------------------------------------------------------------
@njit_noalloc
def treasure_die(state, cat):
    """SOLO-19: one die; a face shows a treasure, or the island with the most
    cubes (ties: Gold > Emerald > Pearl)."""
    roll = 1 + rand_below(state, 6)
    jlog(state, JEV_DIE, roll)
    f = cat[C_J_DIE + roll - 1]
    if f != ANY:
        return f
    best = 0
    for t in range(1, 3):
        if state[G_ISLAND + t] > state[G_ISLAND + best]:
            best = t
    return best


@njit_noalloc
def take_treasure(state, t):
    """TRE-01: the island's top cube (the supply's if it is empty); Jordan never
    uses bonus spaces and never buries (SOLO-19 default)."""
    if state[G_ISLAND + t] > 0:
        state[G_ISLAND + t] -= 1
    state[pb(JORDAN) + P_TRE + t] += 1
    jlog(state, JEV_TREASURE, t)


@njit_noalloc
def jordan_vp(state, n, src):
    if n > 0:
        add_vp(state, JORDAN, n, src)
        jlog(state, JEV_VP, n)


@njit_noalloc
def jordan_raid(state, cat):
    """SOLO-18 by his track level: VP, 1 or 2 treasures of one die's type, then
    (L3/L4) +1 cube on that island if he now has more of it than the human."""
    lv = state[G_J_LEVEL]
    jordan_vp(state, cat[C_J_RAID_VP + lv], VS_RAIDS)
    t = treasure_die(state, cat)
    for _ in range(cat[C_J_RAID_N + lv]):
        take_treasure(state, t)
    if cat[C_J_RAID_CUBE + lv] == 1 and state[pb(JORDAN) + P_TRE + t] > state[pb(HUMAN) + P_TRE + t]:
        add_cubes(state, t, 1)
        jlog(state, JEV_CUBE, t)


@njit_noalloc
def jordan_explore(state, cat, value):
    """SOLO-21: exactly value + the track's movement (at least 1) spaces, the
    longest branch at a fork, the human's explorer jumped for free (EXP-03);
    rivers count, space icons do not; then the track's VP."""
    lv = state[G_J_LEVEL]
    d = value + cat[C_J_EXPL_MOVE + lv]
    if d < 1:
        d = 1
    b = pb(JORDAN)
    cur = state[b + P_EXPL]
    other = state[pb(HUMAN) + P_EXPL]
    pos = cur
    for _ in range(d):
        nxt = cat[C_J_LONG_NEXT + pos]
        if nxt >= 0 and nxt == other and other != 0:
            nxt = cat[C_J_LONG_NEXT + nxt]
        if nxt < 0:
            break
        pos = nxt
    state[b + P_RIVERS] += cat[C_TR_RIVERS + pos] - cat[C_TR_RIVERS + cur]
    state[b + P_EXPL] = pos
    jlog(state, JEV_EXPLORE, pos)
    jordan_vp(state, cat[C_J_EXPL_VP + lv], VS_EFFECTS)


@njit_noalloc
def jordan_quest(state):
    """SOLO-22/28: the rightmost market quest, facedown onto his stack; the other
    slides over and a new one is revealed next to the deck."""
    i = rightmost_quest(state)
    if i < 0 or state[pb(JORDAN) + P_QN] >= QHAND_CAP:
        jlog(state, JEV_QUEST, -1)
        return
    q = state[G_QMARKET + i]
    give_quest(state, JORDAN, q)
    for j in range(i, 0, -1):
        state[G_QMARKET + j] = state[G_QMARKET + j - 1]
    state[G_QMARKET] = draw_quest(state)
    jlog(state, JEV_QUEST, q)


@njit_noalloc
def to_pile(state, cat, c):
    """A card into his bought pile (the tableau); he ignores its effects,
    income and points (SOLO-31/32), only its type is counted."""
    add_to_tableau(state, cat, JORDAN, c)


@njit_noalloc
def jordan_tier2(state, cat):
    """SOLO-23: the top Tier II card into his pile instead of a purchase."""
    n = state[G_T2_N] - 1
    c = state[G_T2 + n]
    state[G_T2 + n] = -1
    state[G_T2_FOG + n] = 0                     # FOWI-02: he takes it, whichever side is up
    state[G_T2_N] = n
    to_pile(state, cat, c)
    jlog(state, JEV_TIER2, c)


@njit_noalloc
def jordan_buy(state, cat, slot):
    """SOLO-24: the improvement for free; the slot is refilled from Tier II (IMP-06)."""
    c = state[G_SLOT_CARD + slot]
    to_pile(state, cat, c)
    state[G_SLOT_CARD + slot] = -1
    refill_slot(state, slot)
    jlog(state, JEV_BUY, c)


@njit_noalloc
def jordan_figurehead(state):
    """SOLO-27: a die picks the 1st (1-2), 2nd (3-4) or 3rd (5-6) market tile;
    none once the human has a figurehead, nor when he holds one (CON-10). It
    has no effect for him."""
    if state[pb(HUMAN) + P_FIG] >= 0 or state[pb(JORDAN) + P_FIG] >= 0:
        jlog(state, JEV_FIGUREHEAD, -1)
        return
    i = rand_below(state, 6) // 2
    f = state[G_FIGM + i]
    if f >= 0:
        state[G_FIGM + i] = -1
        state[pb(JORDAN) + P_FIG] = f
    jlog(state, JEV_FIGUREHEAD, f)


@njit_noalloc
def jordan_residence(state, cat):
    """SOLO-29: the Residences numbered 1-4 by their slots (left to right, top
    to bottom); a die, rerolling 5, 6 and a Residence he is already on; his token
    there, +2 VP if it is the first. Nothing once he is on every one."""
    slots = stack_array(RESIDENCE_NUMBERS, np.int64)
    n = 0
    free = 0
    for s in range(N_SLOTS):
        c = state[G_SLOT_CARD + s]
        if n < RESIDENCE_NUMBERS and c >= 0 and state[G_SLOT_DOWN + s] == 0 and cat[C_CARD_KIND + c] == KIND_RES:
            slots[n] = s
            n += 1
            if (state[G_SLOT_RES + s] >> JORDAN) & 1 == 0:
                free += 1
    if free == 0:
        jlog(state, JEV_RESIDENCE, -1)
        return
    s = -1
    for _ in range(1000):
        r = rand_below(state, 6)
        if r < n and (state[G_SLOT_RES + slots[r]] >> JORDAN) & 1 == 0:
            s = slots[r]
            break
    if s < 0:                   # (1000 rerolls in a row: the first free one)
        for i in range(n):
            if s < 0 and (state[G_SLOT_RES + slots[i]] >> JORDAN) & 1 == 0:
                s = slots[i]
    if state[G_SLOT_RES + s] == 0:
        jordan_vp(state, FIRST_RES_VP, VS_RESIDENCE_FIRST)
    state[G_SLOT_RES + s] |= 1 << JORDAN
    state[pb(JORDAN) + P_NRES] += 1
    jlog(state, JEV_RESIDENCE, s)


@njit_noalloc
def jordan_upgrade(state, cat):
    """SOLO-25..29: a cube on the next slot of the solo ship board (column by
    column, top to bottom), its effect at once. A full board: nothing."""
    k = state[G_J_UPG]
    if k >= cat[C_J_N_SLOTS]:
        jlog(state, JEV_UPGRADE, -1)
        return
    state[G_J_UPG] = k + 1
    kind = cat[C_J_SLOT + k]
    jlog(state, JEV_UPGRADE, kind)
    if kind == JS_ADVANCE:
        if state[G_J_LEVEL] < J_LEVELS - 1:          # SOLO-26: stays on level 4
            state[G_J_LEVEL] += 1
        jlog(state, JEV_LEVEL, state[G_J_LEVEL] + 1)
    elif kind == JS_FIGUREHEAD:
        jordan_figurehead(state)
    elif kind == JS_QUEST:
        jordan_quest(state)
    else:
        jordan_residence(state, cat)


# ---- the turn --------------------------------------------------------------------------
@njit_noalloc
def jordan_bonus(state, cat, card):
    """SOLO-30: a B card's bonus action, before his movement and without sailing."""
    b = cat[C_J_BONUS + card]
    jlog(state, JEV_BONUS, b)
    if b == JB_UPGRADE:
        jordan_upgrade(state, cat)
    elif b == JB_RAID:
        jordan_raid(state, cat)
    else:
        jordan_explore(state, cat, cat[C_J_BONUS_N + card])


@njit_noalloc
def jordan_main(state, cat, act, dest):
    """SOLO-17: sail to dest; at a Location its TV tile's cube, then an Upgrade
    (at the Gulf the Upgrade only; a buy goes to an Improvement: neither); then
    the action."""
    jordan_move(state, cat, dest)
    if act != JA_BUY:
        if dest < N_SLOTS and state[G_SLOT_TV + dest] > 0:
            t = state[G_SLOT_TV + dest] - 1
            add_cubes(state, t, 1)
            jlog(state, JEV_TV, t)
        jordan_upgrade(state, cat)
    if act == JA_RAID:
        jordan_raid(state, cat)
    elif act == JA_EXPLORE:
        jordan_explore(state, cat, GULF_EXPLORE if dest == SP_GULF
                       else cat[C_J_LOC_EXPL + state[G_SLOT_CARD + dest]])
    elif act == JA_QUEST:
        jordan_quest(state)
    elif act == JA_TIER2:
        jordan_tier2(state, cat)
    else:
        jordan_buy(state, cat, dest)


@njit_noalloc
def jordan_maracaibo(state, cat):
    """SOLO-10: from the Gulf he moves to Maracaibo, gains an Upgrade and 6 VP;
    the round (or in round 3 the game, END3) ends as usual."""
    jordan_move(state, cat, SP_MARA)
    jlog(state, JEV_MARACAIBO, -1)
    jordan_upgrade(state, cat)
    jordan_vp(state, MARA_VP, VS_MARACAIBO)
    if state[G_ROUND] < N_ROUNDS:
        state[G_ROUND_END] = 1
    else:
        state[G_END3] = 1


@njit_noalloc
def jordan_turn(state, cat):
    """His whole turn, in place of the move frame start_turn pushed (popped
    here); the end of the turn follows as for anyone."""
    pop(state)
    state[G_J_LOG_N] = 0
    if state[pb(JORDAN) + P_SHIP] == SP_GULF:
        jordan_maracaibo(state, cat)
        return
    reach = jordan_reach(state, cat)
    for _ in range(TURN_CARDS):
        c = draw_card(state)
        k, dest = jordan_choice(state, cat, reach, c)
        if k >= 0 and cat[C_J_BONUS + c] >= 0:
            # SOLO-12: the bonus first; SOLO-13: a card with no possible main action is
            # ignored whole, its bonus too ("ignore this whole solo card")
            jordan_bonus(state, cat, c)
            k, dest = jordan_choice(state, cat, reach, c)   # the bonus may have taken the quest
        if k >= 0:
            act = cat[C_J_ACT + c * J_ACT_CAP + k]
            jlog(state, JEV_ACTION, act)
            jordan_main(state, cat, act, dest)
            return
        jlog(state, JEV_DISCARD, c)                    # none: the next card
    jlog(state, JEV_PASS, -1)


@njit_noalloc
def jordan_choice(state, cat, reach, c):
    """SOLO-13: (k, destination) of card c's highest main action he can complete; (-1, -1)."""
    for k in range(cat[C_J_NACT + c]):
        dest = jordan_target(state, cat, reach, c, k)
        if dest >= 0:
            return k, dest
    return -1, -1


def jordan_log_names(game) -> list:
    """Game.jordan_log(): J_LOG with readable arguments (Python, not numba)."""
    st = game.state
    n = int(st[G_J_LOG_N])
    out = []
    for ev, arg in st[G_J_LOG:G_J_LOG + 2 * n].reshape(-1, 2).tolist():
        name = JEV_NAMES[ev]
        try:
            out.append((name, _readable(game.catalog, name, arg)))
        except IndexError:                              # a hand-edited log: the raw number
            out.append((name, arg))
    return out


def _readable(c, name, arg):
    from ..data_load import JORDAN_ACTIONS, JORDAN_BONUSES, JORDAN_SLOTS, TREASURES
    if arg < 0:
        return None                                     # nothing (a full board, no market quest, ...)
    if name in ("card", "discard"):
        return c.jordan_keys[arg]
    if name == "bonus":
        return JORDAN_BONUSES[arg]
    if name == "action":
        return JORDAN_ACTIONS[arg]
    if name == "upgrade":
        return JORDAN_SLOTS[arg]
    if name == "sail":
        return {SP_GULF: "gulf", SP_MARA: "maracaibo", SP_START: "start"}.get(arg, f"s{arg}")
    if name == "residence":
        return f"s{arg}"
    if name in ("tv_cube", "treasure", "island_cube"):
        return TREASURES[arg]
    if name == "explore":
        return c.track_keys[arg]
    if name == "quest":
        return c.quest_keys[arg]
    if name in ("tier2", "buy"):
        return c.card_names[arg]
    if name == "figurehead":
        return c.figurehead_names[arg]
    return arg

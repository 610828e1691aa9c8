"""Shared helpers of the Pirates core: constants, the pending-decision stack,
player fields, VP, costs and counts.

Fixed amounts of the rulebook (checklist CON-13) live here as named constants;
everything printed on components is in the catalog.
"""
from ...framework.jit import njit_noalloc
from ...framework.rng import below_at, shuffle_at
from ...framework.constants_check import verify as _verify
# the int constants (capacities, G_*/P_* state and C_* catalog offsets, A_*
# action ids) are written out in the generated core/constants.py
from .constants import (C_N_VAL, C_VAL, C_VAL_AT, G_RNG, G_STK, G_STK_N, N_POSEIDON, PLAYERS,
                        PLAYER_SIZE, P_BUR, P_DISCOUNT, P_POSEIDON, P_TRE, P_VP, P_VP_SRC,
                        STACK_CAP, STACK_W)

_verify(__package__)  # ImportError if constants.py is stale

# ---- fixed amounts (CON-13) -------------------------------------------------
SKIP_COINS = 5          # leave an improvement: +5 doubloons (IMP-01)
FIRST_RES_VP = 2        # first token on a residence (RES-02)
MARA_VP = 6             # reaching Maracaibo (MARA-02)
GULF_RAID = 2           # Gulf raid power bonus (GULF-03)
GULF_EXPLORE = 4        # Gulf explore value (GULF-03)
DISCARD_QUEST_COINS = 8 # GIC-22
FIGUREHEAD_COST = 3     # CON-10
BASE_MOVE = 3           # ship moves 1..3 spaces (MOVE-01)
RIVER_VP = 4            # SCORE-01
COINS_PER_VP = 5        # SCORE-02
BURIED_VP = 2           # SCORE-07
QUESTS_BONUS_AT = 6     # SCORE-09
QUESTS_BONUS_VP = 10
N_ROUNDS = 3            # CON-01

# ---- pending-decision frames: op codes = phases --------------------------------
OP_NONE = 0
OP_KEEPQ = 1            # setup: keep one of two quests
OP_MOVE = 2             # ship moving (a = -, state in MV_*)
OP_PAY = 3              # choose whom to pay (a = bitmask of opponents still unpaid)
OP_IMPROVEMENT = 4      # a = slot: take 5 or acquire
OP_RES_HERE = 5         # a = slot: build or pass
OP_BM_HERE = 6          # a = tile: activate own black market here or pass
OP_UPGRADE = 7          # a = 1 mandatory
OP_SIDE = 8             # a = card: choose a side of the "/"
OP_LIST = 9             # a = effect start, b = count, c = bitmask done (+ LIST_ALL)
LIST_ALL = 256          # OP_LIST c flag: every effect that can be carried out must be
OP_GULF = 10
OP_RAID_DICE = 11       # a = -1 all dice, else the only die
OP_RAID_SPEND = 12
OP_TCHOICE = 13         # a = purpose (TC_*), b = amount
OP_TPLACE = 14          # a = treasure just gained
OP_BURY = 15            # a = only this treasure (-1 any)
OP_EXPLORE = 16         # a = movement left, b = forfeits used (bitmask)
OP_QUEST = 17           # a = 1 after the Whale refresh
OP_DISCARDQ = 18
OP_ISLAND = 19          # a = cubes
OP_RESIDENCE = 20       # build any residence without own token
OP_ACQUIRE = 21         # a = type, b = surcharge
OP_FIGUREHEAD = 22      # a = 1 mandatory
OP_BM_TILE = 23         # a = 1 mandatory
OP_BM_PLACE = 24        # a = tile
OP_BM_ACTIVATE = 25
OP_END_TURN = 30        # automatic
OP_REFILL = 32          # automatic: a = slot to refill from Tier II (IMP-06 "lastly")
# the modules (§20): decisions 40-44, automatic 45 (core/modules.py)
OP_RETURNQ = 40         # Quest Hunters setup: return 1 of 3 drawn quests (a = seat, QH-01)
OP_RUBY_GAIN = 41       # Rubies: gain 1 ruby here or pass (RUBY-02)
OP_RUBY_SELL = 42       # sell 1 ruby onto a market space or pass (RUBY-03)
OP_RUBY_TRADE = 43      # trade 1 more ruby for 2 VP, again, or pass (RUBY-04)
OP_RETIRE = 44          # buy a residence at half price (RET-02/03)
OP_SKIRMISH = 45        # automatic: combat on slot a (SKIR-01..03)
N_OPS = 46
MODULE_OPS_FROM = 40
RUBY_TRADE_VP = 2       # RUBY-04
SKIRMISH_VP = 2         # SKIR-03
SKIRMISH_TAKE = 1       # SKIR-03: up to 1 doubloon from each other participant
SKIRMISH_SOLO_VP = 5    # SKIR-05: the winner of a combat with Jordan
JORDAN_RUBY_VP = 2      # RUBY-05: per Ruby Jordan has left at the end
QH_MISSED_VP = 5        # QH-02: each quest not done
QH_FACTOR = 2           # QH-02: a done quest scores double

TC_AS_IF = 0            # raid as if rolled b (GIC-11/12)
TC_TREASURE = 1         # b treasures of one type (Hawk, GIC-38 "any")
TC_POSEIDON = 2         # Poseidon's treasure reward


@njit_noalloc
def pb(p):
    """Offset of player p's block."""
    return PLAYERS + p * PLAYER_SIZE


@njit_noalloc
def rand_below(state, n):
    return below_at(state, G_RNG, n)


@njit_noalloc
def shuffle(state, start, n):
    shuffle_at(state, G_RNG, start, n)


# ---- the stack -----------------------------------------------------------------
@njit_noalloc
def push(state, op, a, b, c):
    n = state[G_STK_N]
    if n >= STACK_CAP:          # cannot happen with the shipped data; never write past it
        return
    o = G_STK + n * STACK_W
    state[o] = op
    state[o + 1] = a
    state[o + 2] = b
    state[o + 3] = c
    state[G_STK_N] = n + 1


@njit_noalloc
def top(state):
    """Offset of the top frame, -1 if the stack is empty."""
    n = state[G_STK_N]
    if n == 0:
        return -1
    return G_STK + (n - 1) * STACK_W


@njit_noalloc
def pop(state):
    n = state[G_STK_N]
    if n > 0:
        o = G_STK + (n - 1) * STACK_W
        for i in range(STACK_W):
            state[o + i] = 0
        state[G_STK_N] = n - 1


# ---- points, money, counts ---------------------------------------------------------
@njit_noalloc
def add_vp(state, p, n, src):
    b = pb(p)
    state[b + P_VP] += n
    state[b + P_VP_SRC + src] += n


@njit_noalloc
def cost_after_discount(state, cat, p, printed):
    """Printed cost minus all discounts, never below 0 (GIC-10, IMP-02)."""
    c = printed - state[pb(p) + P_DISCOUNT]
    return c if c > 0 else 0


@njit_noalloc
def treasures(state, p):
    b = pb(p)
    return state[b + P_TRE] + state[b + P_TRE + 1] + state[b + P_TRE + 2]


@njit_noalloc
def poseidon_count(state, p, t):
    """Treasures of type t buried on Poseidon (t = -1: all)."""
    n = 0
    for j in range(N_POSEIDON):
        v = state[pb(p) + P_POSEIDON + j]
        if v > 0 and (t < 0 or v - 1 == t):
            n += 1
    return n


@njit_noalloc
def buried_total(state, p):
    """Buried treasures, Poseidon's included (SCORE-07, TIE-02)."""
    b = pb(p)
    return state[b + P_BUR] + state[b + P_BUR + 1] + state[b + P_BUR + 2] + poseidon_count(state, p, -1)


@njit_noalloc
def unburied(state, p, t):
    b = pb(p)
    return state[b + P_TRE + t] - state[b + P_BUR + t] - poseidon_count(state, p, t)


@njit_noalloc
def treasure_value(cat, cubes):
    """VP of one treasure by its island's cubes (CON-06)."""
    v = 0
    for i in range(cat[C_N_VAL]):
        if cubes >= cat[C_VAL_AT + i]:
            v = cat[C_VAL + i]
    return v

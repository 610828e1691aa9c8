"""Raiding (checklist §6 RAID): dice, raiding power, Raiding actions."""
from ...framework.jit import njit_noalloc
from .common import OP_BURY, OP_ISLAND, OP_RAID_DICE, OP_RAID_SPEND, add_vp, pb, push, rand_below
from .constants import (C_EFF_DO, C_EFF_N, C_N_RA, C_RA_N, C_RA_POWER, C_RA_S, C_RA_STANDARD,
                        E_BURY, E_COINS, E_ISLAND_CUBE, E_TREASURE, E_VP, G_DICE, G_RAID_EXTRA,
                        G_RAID_POWER, G_RAID_T, G_RAID_USED, G_REROLLS, P_COINS, P_COLOUR_POW,
                        P_RAID_ACTS, P_RAID_POW, P_REROLL, VS_RAIDS)
from .treasures import gain_treasure, can_bury


@njit_noalloc
def roll(state):
    return 1 + rand_below(state, 6)


@njit_noalloc
def start_raid(state, cat, p, extra, only):
    """RAID-02: roll all 3 dice (only = -1), or only die `only` (GIC-13..15,
    RAID-16); one reroll of all rolled dice, one more with the Lion."""
    for c in range(3):
        state[G_DICE + c] = roll(state) if (only < 0 or only == c) else 0
    state[G_REROLLS] = 1 + state[pb(p) + P_REROLL]
    state[G_RAID_EXTRA] = extra
    push(state, OP_RAID_DICE, only, 0, 0)


@njit_noalloc
def reroll(state):
    for c in range(3):
        if state[G_DICE + c] > 0:
            state[G_DICE + c] = roll(state)
    state[G_REROLLS] -= 1


@njit_noalloc
def choose_die(state, cat, p, c):
    """RAID-03/04: the die's pips + the raid's extra + permanent bonuses; the
    colour fixes the treasure type."""
    power = state[G_DICE + c] + state[G_RAID_EXTRA] + state[pb(p) + P_RAID_POW] \
        + state[pb(p) + P_COLOUR_POW + c]
    begin_spending(state, c, power)


@njit_noalloc
def raid_as_if(state, cat, p, t, n):
    """RAID-15: no dice; base n, general bonuses only, treasure of choice."""
    begin_spending(state, t, n + state[G_RAID_EXTRA] + state[pb(p) + P_RAID_POW])


@njit_noalloc
def begin_spending(state, t, power):
    state[G_RAID_T] = t
    state[G_RAID_POWER] = power
    push(state, OP_RAID_SPEND, 0, 0, 0)


@njit_noalloc
def raid_action_legal(state, cat, p, k):
    """RAID-05: unlocked, not used this turn (RAID-10), affordable; a treasure
    action always works (TRE-01); a bury needs something to bury (RAID-08)."""
    if k >= cat[C_N_RA]:
        return False
    have = cat[C_RA_STANDARD] | state[pb(p) + P_RAID_ACTS]
    if (have >> k) & 1 == 0 or (state[G_RAID_USED] >> k) & 1 == 1:
        return False
    if cat[C_RA_POWER + k] > state[G_RAID_POWER]:
        return False
    s = cat[C_RA_S + k]
    for i in range(cat[C_RA_N + k]):
        if cat[C_EFF_DO + s + i] == E_BURY and not can_bury(state, cat, p, state[G_RAID_T]):
            return False
    return True


@njit_noalloc
def do_raid_action(state, cat, p, k):
    """Spend the power; the action's rewards use the raid's treasure (RAID-08)."""
    state[G_RAID_POWER] -= cat[C_RA_POWER + k]
    state[G_RAID_USED] |= 1 << k
    t = state[G_RAID_T]
    s = cat[C_RA_S + k]
    for i in range(cat[C_RA_N + k] - 1, -1, -1):   # pushed frames resolve in printed order
        e = s + i
        d = cat[C_EFF_DO + e]
        n = cat[C_EFF_N + e]
        if d == E_VP:
            add_vp(state, p, n, VS_RAIDS)
        elif d == E_COINS:
            state[pb(p) + P_COINS] += n
        elif d == E_TREASURE:
            for _ in range(n if n > 0 else 1):
                gain_treasure(state, cat, p, t)
        elif d == E_ISLAND_CUBE:
            push(state, OP_ISLAND, n if n > 0 else 1, 0, 0)
        elif d == E_BURY:
            push(state, OP_BURY, t, 0, 0)

"""Pirate Skirmish (checklist §20.3 SKIR): combat on a card where a move ends
beside opponents' ships."""
import numpy as np

from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array
from .common import SKIRMISH_SOLO_VP, SKIRMISH_TAKE, SKIRMISH_VP, add_vp, pb, rand_below
from .constants import (G_MODULES, G_NP, G_ROUND, G_SOLO, MAX_P, N_SLOTS, P_COINS, P_RAID_POW,
                        P_SHIP, VS_RAIDS)
from .options import MOD_SKIRMISH


@njit_noalloc
def skirmish_due(state, p, s):
    """SKIR-01: the move of p ended on card space s with an opponent's ship on it."""
    if (state[G_MODULES] & MOD_SKIRMISH) == 0 or s >= N_SLOTS:
        return False
    for q in range(state[G_NP]):
        if q != p and state[pb(q) + P_SHIP] == s:
            return True
    return False


@njit_noalloc
def resolve_skirmish(state, cat, s):
    """SKIR-02: every player with a ship on s rolls one Raiding die (in seat
    order, no reroll)."""
    rolls = stack_array(MAX_P, np.int32)
    rolls[:] = 0
    for q in range(state[G_NP]):
        if state[pb(q) + P_SHIP] == s:
            rolls[q] = 1 + rand_below(state, 6)
    settle_skirmish(state, s, rolls)


@njit_noalloc
def settle_skirmish(state, s, rolls):
    """SKIR-02/03: roll + the general permanent raiding power (colour bonuses
    do not count: no colour is chosen); a single highest total gains 2 VP and
    takes up to 1 doubloon from each other participant; a tie at the top: nothing.
    Solo (SKIR-05): Jordan (seat 1) adds the round number; the winner gains 5 VP, no doubloons."""
    solo = state[G_SOLO] == 1
    best = -1
    winner = -1
    for q in range(state[G_NP]):
        if state[pb(q) + P_SHIP] != s:
            continue
        t = rolls[q] + (state[G_ROUND] if solo and q == 1 else state[pb(q) + P_RAID_POW])
        if t > best:
            best = t
            winner = q
        elif t == best:
            winner = -1
    if winner < 0:
        return
    if solo:
        add_vp(state, winner, SKIRMISH_SOLO_VP, VS_RAIDS)
        return
    add_vp(state, winner, SKIRMISH_VP, VS_RAIDS)
    for q in range(state[G_NP]):
        if q != winner and state[pb(q) + P_SHIP] == s:
            take = min(SKIRMISH_TAKE, state[pb(q) + P_COINS])
            state[pb(q) + P_COINS] -= take
            state[pb(winner) + P_COINS] += take

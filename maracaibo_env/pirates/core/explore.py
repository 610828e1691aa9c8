"""Exploring (checklist §7 EXP): the directed, branching track, jumping
opposing explorers, rivers, space icons, forfeits."""
import numpy as np

from ...framework.jit import njit_noalloc
from .common import OP_EXPLORE, OP_LIST, pb, push
from .constants import (C_EFF_N, C_TR_N, C_TR_RIVERS, C_TR_S, C_TR_SUCC_HI, C_TR_SUCC_LO, G_NP,
                        P_EXPL, P_EXPL_BONUS, P_FORFEIT, P_FORFEIT_N, P_RIVERS)
from .retirement import explorer_arrives


@njit_noalloc
def _succ(cat, bits):
    """Bitmask of the successors of the track spaces in bits."""
    out = np.int64(0)
    s = 0
    while bits != 0:
        if bits & 1:
            out |= (np.int64(cat[C_TR_SUCC_LO + s]) & np.int64(0xFFFFFFFF)) \
                | (np.int64(cat[C_TR_SUCC_HI + s]) << 32)
        bits >>= 1
        s += 1
    return out


@njit_noalloc
def reachable(state, cat, p, maxd):
    """Bitmask of track spaces the explorer can stop on moving 1..maxd spaces
    forward (EXP-02); spaces with an opposing explorer are jumped for free and
    cannot be stopped on (EXP-03)."""
    out = np.int64(0)
    occ = np.int64(0)
    for q in range(state[G_NP]):
        e = state[pb(q) + P_EXPL]
        if q != p and e != 0:
            occ |= np.int64(1) << e
    frontier = np.int64(1) << state[pb(p) + P_EXPL]
    for _ in range(maxd):
        nxt = _succ(cat, frontier)
        jump = nxt & occ
        while jump != 0:                 # a jumped space costs nothing: its successors too
            more = _succ(cat, jump)
            jump = more & occ & ~nxt
            nxt |= more
        frontier = nxt & ~occ
        if frontier == 0:
            break
        out |= frontier
    return out


@njit_noalloc
def explore_max(state, p, n):
    """EXP-01/06: value n plus the optional extra movement (Dragon, GIC-07)."""
    return n + state[pb(p) + P_EXPL_BONUS]


@njit_noalloc
def start_explore(state, cat, p, n):
    push(state, OP_EXPLORE, explore_max(state, p, n), 0, 0)


@njit_noalloc
def forfeit_legal(state, cat, p, k, left, used):
    """EXP-07: ability k once per explore; movement stays at least 1 and some
    space stays reachable."""
    b = pb(p)
    if k >= state[b + P_FORFEIT_N] or (used >> k) & 1 == 1:
        return False
    e = state[b + P_FORFEIT + k]
    cost = cat[C_EFF_N + e]
    return left - cost >= 1 and reachable(state, cat, p, left - cost) != 0


@njit_noalloc
def move_explorer(state, cat, p, dest):
    """Move, count the rivers crossed (EXP-05), then the space's icons (EXP-04)."""
    b = pb(p)
    cur = state[b + P_EXPL]
    state[b + P_RIVERS] += cat[C_TR_RIVERS + dest] - cat[C_TR_RIVERS + cur]
    state[b + P_EXPL] = dest
    if explorer_arrives(state, cat, p, dest):     # the Residence Discount tile (RET-02)
        return
    push_space_icons(state, cat, dest)


@njit_noalloc
def push_space_icons(state, cat, s):
    if cat[C_TR_N + s] > 0:
        push(state, OP_LIST, cat[C_TR_S + s], cat[C_TR_N + s], 0)

"""Treasure islands, gaining treasures and the hideout, burying (checklist §6.1 TRE, §8 BURY)."""
from ...framework.jit import njit_noalloc
from .common import LIST_ALL, OP_LIST, OP_TPLACE, pb, push, unburied
from .constants import (C_HB_C, C_HB_N, C_HB_S, C_HU_C, C_HU_N, C_HU_S, C_POS_N, C_POS_S, G_ISLAND,
                        HB_CAP, HU_CAP, N_POSEIDON, P_BONUS, P_BUR, P_BURSP, P_HAS_POSEIDON,
                        P_POSEIDON, P_TRE)


@njit_noalloc
def add_cubes(state, t, n):
    """n supply cubes onto island t; the top space takes any number (LOC-02, CON-07)."""
    state[G_ISLAND + t] += n


@njit_noalloc
def free_bonus_space(state, cat, p, t):
    """Index of a free hideout bonus space of treasure t, -1 if none."""
    for j in range(cat[C_HB_N + t]):
        if state[pb(p) + P_BONUS + t * HB_CAP + j] == 0:
            return j
    return -1


@njit_noalloc
def gain_treasure(state, cat, p, t):
    """TRE-01/02: the top cube of island t (the supply if it is empty) goes to the
    hideout; if a bonus space of t is free, ask where it goes."""
    if state[G_ISLAND + t] > 0:
        state[G_ISLAND + t] -= 1
    state[pb(p) + P_TRE + t] += 1
    if free_bonus_space(state, cat, p, t) >= 0:
        push(state, OP_TPLACE, t, 0, 0)


@njit_noalloc
def place_on_bonus(state, cat, p, t, j):
    """The new treasure covers bonus space j: its effects follow (TRE-02)."""
    state[pb(p) + P_BONUS + t * HB_CAP + j] = 1
    k = t * HB_CAP + j
    if cat[C_HB_C + k] > 0:
        push(state, OP_LIST, cat[C_HB_S + k], cat[C_HB_C + k], LIST_ALL)


@njit_noalloc
def can_bury_type(state, cat, p, t):
    if unburied(state, p, t) <= 0:
        return False
    for i in range(cat[C_HU_N + t]):
        if state[pb(p) + P_BURSP + t * HU_CAP + i] == 0:
            return True
    if state[pb(p) + P_HAS_POSEIDON] > 0:
        for j in range(N_POSEIDON):
            if state[pb(p) + P_POSEIDON + j] == 0:
                return True
    return False


@njit_noalloc
def can_bury(state, cat, p, only):
    for t in range(3):
        if (only < 0 or only == t) and can_bury_type(state, cat, p, t):
            return True
    return False


@njit_noalloc
def _take_unburied_cube(state, cat, p, t):
    """The buried cube comes off a covered bonus space if there is one (that
    space is free again, TRE-07), else out of storage: never worse for the
    player, so the choice of TRE-08 is not asked (docs/rulings.md)."""
    for j in range(cat[C_HB_N + t] - 1, -1, -1):
        if state[pb(p) + P_BONUS + t * HB_CAP + j] == 1:
            state[pb(p) + P_BONUS + t * HB_CAP + j] = 0
            return


@njit_noalloc
def bury_at(state, cat, p, t, i):
    """BURY-02: an unburied t goes onto buried space i; its bonus follows."""
    _take_unburied_cube(state, cat, p, t)
    state[pb(p) + P_BURSP + t * HU_CAP + i] = 1
    state[pb(p) + P_BUR + t] += 1
    k = t * HU_CAP + i
    if cat[C_HU_C + k] > 0:
        push(state, OP_LIST, cat[C_HU_S + k], cat[C_HU_C + k], LIST_ALL)


@njit_noalloc
def bury_on_poseidon(state, cat, p, t, j):
    """BURY-07: onto Poseidon's space j, taking its reward; the cube keeps its type."""
    _take_unburied_cube(state, cat, p, t)
    state[pb(p) + P_POSEIDON + j] = t + 1
    if cat[C_POS_N + j] > 0:
        push(state, OP_LIST, cat[C_POS_S + j], cat[C_POS_N + j], LIST_ALL)

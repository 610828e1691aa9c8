"""Exploring (checklist §8): move up to N spaces, jumping occupied spaces and
emptied quest spaces, forks, barriers, space rewards, the last space."""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import add_vp, count_effect, gain_cp, gain_figures, pb, push
from .constants import (A_EXPLORE, BAR_NONE, BAR_RED, CH_QUEST_SPACE, C_EXP_BARRIER, C_EXP_LAST,
                        C_EXP_NEXT, C_EXP_NEXT_N, C_EXP_QUEST, C_EXP_REWARD, C_EXP_REWARD_AMT,
                        C_LAST_VP, C_NEXP, EF_PERM_EXPLORER, EF_PERM_STEAL_VP, ER_CP, ER_DOUBLOONS,
                        ER_DOUBLOONS_VP, ER_FIGURES2, ER_INFLUENCE, ER_REMOVE_DISC, ER_VP,
                        G_BARRIER_FIRST, G_EXP_LAST_N, G_EXQ_TILE, G_NP, MAX_EXP, NK_INFLUENCE,
                        OP_CHOICE, OP_NATION, OP_REMOVE_DISC, OP_VILLAGE, P_BARRIERS, P_DOUBLOONS,
                        P_EXPLORER, P_EXP_RANK, P_VP, VS_EXPLORER, VS_OTHER)
from .quests import can_fulfil
from . import retirement

INF = 1 << 20


@njit_noalloc
def occupied_by_other(state, cat, p, s):
    if cat[C_EXP_LAST + s]:
        return False
    for q in range(state[G_NP]):
        if q != p and state[pb(q) + P_EXPLORER] == s:
            return True
    return False


@njit_noalloc
def jumped(state, cat, p, s):
    """EXPL-03/04: spaces that are jumped over and do not count."""
    if occupied_by_other(state, cat, p, s):
        return True
    qi = cat[C_EXP_QUEST + s]
    return qi >= 0 and state[G_EXQ_TILE + qi] < 0


@njit_noalloc
def explore_range(state, cat, p, n):
    """Effective N: the source's N plus 1 per PERM-05 card."""
    return n + count_effect(state, cat, p, EF_PERM_EXPLORER)


@njit_noalloc
def shortest(state, cat, p, best, pred, cost):
    """best[s] = fewest counted spaces to reach s from p's explorer; pred for the
    path; cost[s] = 0 for spaces that are jumped (EXPL-03/04), else 1."""
    nexp = cat[C_NEXP]
    for s in range(nexp):
        cost[s] = 0 if jumped(state, cat, p, s) else 1
    best[:] = INF
    pred[:] = -1
    best[state[pb(p) + P_EXPLORER]] = 0
    changed = True
    while changed:  # one pass when spaces are listed in track order
        changed = False
        for s in range(nexp):
            if best[s] >= INF:
                continue
            for j in range(cat[C_EXP_NEXT_N + s]):
                t = cat[C_EXP_NEXT + s * 2 + j]
                c = best[s] + cost[t]
                if c < best[t]:
                    best[t] = c
                    pred[t] = s
                    changed = True


@njit_noalloc
def legal_explore(state, cat, p, n, mask):
    nexp = cat[C_NEXP]
    if cat[C_EXP_LAST + state[pb(p) + P_EXPLORER]]:
        return False  # EXPL-11: movement from the last space is lost
    best = stack_array(MAX_EXP, np.int64)
    pred = stack_array(MAX_EXP, np.int64)
    cost = stack_array(MAX_EXP, np.int64)
    shortest(state, cat, p, best, pred, cost)
    n = explore_range(state, cat, p, n)
    found = False
    for s in range(nexp):
        if 1 <= best[s] <= n and cost[s]:  # a jumped space is no destination
            mask[A_EXPLORE + s] = 1
            found = True
    return found


@njit_noalloc
def apply_explore(state, cat, p, dest):
    """Move along the counting-shortest route; barriers crossed on the way,
    then the stop space's reward (EXPL-05..10)."""
    b = pb(p)
    best = stack_array(MAX_EXP, np.int64)
    pred = stack_array(MAX_EXP, np.int64)
    cost = stack_array(MAX_EXP, np.int64)
    shortest(state, cat, p, best, pred, cost)
    steal = count_effect(state, cat, p, EF_PERM_STEAL_VP)
    s = dest
    while s >= 0 and s != state[b + P_EXPLORER]:
        bar = cat[C_EXP_BARRIER + s]
        if bar != BAR_NONE and not (state[b + P_BARRIERS] >> bar) & 1:
            state[b + P_BARRIERS] |= 1 << bar
            if bar == BAR_RED:
                push(state, OP_NATION, p, 3, NK_INFLUENCE)  # EXPL-07: 3 with one nation
            else:
                first = not (state[G_BARRIER_FIRST] >> bar) & 1
                state[G_BARRIER_FIRST] |= 1 << bar
                add_vp(state, p, 4 if first else 2, VS_EXPLORER)
        if steal > 0 and s != dest:  # PERM-06: jumping an explorer steals 1 VP
            for q in range(state[G_NP]):
                if q != p and state[pb(q) + P_EXPLORER] == s:
                    for _ in range(steal):
                        if state[pb(q) + P_VP] > 0:
                            add_vp(state, q, -1, VS_OTHER)
                            add_vp(state, p, 1, VS_EXPLORER)
        s = pred[s]
    state[b + P_EXPLORER] = dest
    if not retirement.on_stop(state, cat, p, dest):  # the tile covers its space's reward
        _space_reward(state, cat, p, dest)


@njit_noalloc
def _space_reward(state, cat, p, s):
    b = pb(p)
    if cat[C_EXP_LAST + s]:
        k = state[G_EXP_LAST_N]
        if k < 4:
            add_vp(state, p, cat[C_LAST_VP + k], VS_EXPLORER)
        state[G_EXP_LAST_N] = k + 1
        state[b + P_EXP_RANK] = k + 1
        push(state, OP_VILLAGE, p, 1, 0)  # EXPL-10: 1 village action
        return
    qi = cat[C_EXP_QUEST + s]
    if qi >= 0:
        t = state[G_EXQ_TILE + qi]
        if t >= 0 and can_fulfil(state, cat, p, t):
            push(state, OP_CHOICE, p, CH_QUEST_SPACE, qi)
        return
    k = cat[C_EXP_REWARD + s]
    amt = cat[C_EXP_REWARD_AMT + s]
    if k == ER_DOUBLOONS:
        state[b + P_DOUBLOONS] += amt
    elif k == ER_INFLUENCE:
        push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif k == ER_VP:
        add_vp(state, p, amt, VS_EXPLORER)
    elif k == ER_REMOVE_DISC:
        push(state, OP_REMOVE_DISC, p, 1, 1)
    elif k == ER_CP:
        gain_cp(state, p, amt)
    elif k == ER_DOUBLOONS_VP:
        state[b + P_DOUBLOONS] += amt
        add_vp(state, p, amt, VS_EXPLORER)
    elif k == ER_FIGURES2:
        gain_figures(state, p, 2)

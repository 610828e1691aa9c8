"""Career cards (checklist §22): three tasks, two thresholds, the admiral bonus."""
from ...framework.jit import njit_noalloc

from .common import add_vp, completed_areas, pb, popcount
from .constants import (CT_BARRIER, CT_COMBAT_TOKENS, CT_INFLUENCE_ONE, CT_INFLUENCE_TWO, CT_QUESTS,
                        CT_SYNERGY, CT_UPGRADES, C_CAR_DBL, C_CAR_HIGH, C_CAR_KIND, C_CAR_LOW,
                        C_CAR_VP, N_NATIONS, P_BARRIERS, P_CAREER, P_CAREER_DONE, P_DOUBLOONS,
                        P_FIG_BOARD, P_FIG_CAREER, P_FIG_SUPPLY, P_INF, P_QUESTS, P_SYNERGY,
                        P_TOKENS, VS_CAREER)


@njit_noalloc
def task_progress(state, cat, p, kind):
    """The quantity a task of this kind measures for player p now."""
    b = pb(p)
    if kind == CT_COMBAT_TOKENS:
        return state[b + P_TOKENS]
    if kind == CT_QUESTS:
        return state[b + P_QUESTS]
    if kind == CT_INFLUENCE_ONE:
        m = 0
        for n in range(N_NATIONS):
            m = max(m, state[b + P_INF + n])
        return m
    if kind == CT_INFLUENCE_TWO:  # CAR-06: the second-highest nation counts
        a, c = 0, 0
        for n in range(N_NATIONS):
            v = state[b + P_INF + n]
            if v > a:
                a, c = v, a
            elif v > c:
                c = v
        return c
    if kind == CT_UPGRADES:
        return completed_areas(state, p)
    if kind == CT_BARRIER:  # CAR-05f: barriers crossed (red, blue, green in this order)
        return popcount(state[b + P_BARRIERS])
    if kind == CT_SYNERGY:
        return popcount(state[b + P_SYNERGY])
    return state[b + P_FIG_BOARD]  # CT_ASSISTANTS


@njit_noalloc
def task_available(state, cat, p, t):
    b = pb(p)
    c = state[b + P_CAREER]
    if c < 0 or (state[b + P_CAREER_DONE] >> t) & 1:
        return False
    o = c * 3 + t
    return task_progress(state, cat, p, cat[C_CAR_KIND + o]) >= cat[C_CAR_LOW + o]


@njit_noalloc
def complete_task(state, cat, p, t):
    """CAR-02..04: doubloons + the task's figure; VP at the larger threshold."""
    b = pb(p)
    o = state[b + P_CAREER] * 3 + t
    state[b + P_CAREER_DONE] |= 1 << t
    state[b + P_DOUBLOONS] += cat[C_CAR_DBL + o]
    state[b + P_FIG_CAREER] -= 1
    state[b + P_FIG_SUPPLY] += 1
    if task_progress(state, cat, p, cat[C_CAR_KIND + o]) >= cat[C_CAR_HIGH + o]:
        add_vp(state, p, cat[C_CAR_VP + o], VS_CAREER)
    if state[b + P_CAREER_DONE] == 7:
        state[b + P_DOUBLOONS] += 2
        add_vp(state, p, 2, VS_CAREER)

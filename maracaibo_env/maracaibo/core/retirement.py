"""The Retirement module on Maracaibo's explorer track (checklist §29, RET-01..11).

The Residence Discount tile of Pirates of Maracaibo lies on one explorer
space (explorer.toml [retirement], covering that space's reward). Each player
puts a figure from the general supply on it at setup. An explorer that stops
on it must invest, with that figure, in a revealed prestige building at half
price (card discounts first, then halved, rounded up), and then goes back to
the start. Once per player; Jean ignores the tile (her explorer never takes
space rewards).
"""
from ...framework.jit import njit_noalloc

from .common import pb, push
from .constants import (A_CHOICE, CH_RETIRE, C_EXP_RETIRE, C_EXP_START, G_PR_BUILD, G_PR_INVESTORS,
                        G_PR_REVEALED, G_VARIANTS, N_BUILDINGS, OP_CHOICE, P_DOUBLOONS, P_EXPLORER,
                        P_RETIRE)
from .options import VAR_RETIREMENT
from .cards import invest_cost, place_investment


@njit_noalloc
def covers(state, cat, s):
    """Whether the tile lies on explorer space s in this game."""
    return (state[G_VARIANTS] & VAR_RETIREMENT) != 0 and s == cat[C_EXP_RETIRE]


@njit_noalloc
def retire_cost(state, cat, p, building):
    """RET-05: the cost after every card discount, halved and rounded up."""
    return (invest_cost(state, cat, p, building) + 1) // 2


@njit_noalloc
def can_retire_into(state, cat, p, slot):
    """A revealed building p has not invested in, affordable at half price (RET-04/05, PRES-04)."""
    if slot >= state[G_PR_REVEALED] or (state[G_PR_INVESTORS + slot] >> p) & 1:
        return False
    return state[pb(p) + P_DOUBLOONS] >= retire_cost(state, cat, p, state[G_PR_BUILD + slot])


@njit_noalloc
def on_stop(state, cat, p, s):
    """p's explorer stopped on s. True when the tile lies there (its space reward
    is covered); then, if p's figure is still on the tile and some building is
    affordable, the investment is owed (RET-07: mandatory; else nothing happens)."""
    if not covers(state, cat, s):
        return False
    if state[pb(p) + P_RETIRE]:
        for slot in range(N_BUILDINGS):
            if can_retire_into(state, cat, p, slot):
                push(state, OP_CHOICE, p, CH_RETIRE, 0)
                break
    return True


@njit_noalloc
def legal(state, cat, p, mask):
    for slot in range(N_BUILDINGS):
        if can_retire_into(state, cat, p, slot):
            mask[A_CHOICE + slot] = 1


@njit_noalloc
def retire(state, cat, p, slot):
    """RET-04/06/08: the tile's figure goes onto the building (an investment:
    first-investor VP and synergy token), then the explorer returns to the start."""
    b = pb(p)
    state[b + P_DOUBLOONS] -= retire_cost(state, cat, p, state[G_PR_BUILD + slot])
    state[b + P_RETIRE] = 0
    place_investment(state, cat, p, slot)
    state[b + P_EXPLORER] = cat[C_EXP_START]

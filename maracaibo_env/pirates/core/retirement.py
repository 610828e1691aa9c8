"""Retirement (checklist §20.6 RET): the Residence Discount tile on the
exploration track."""
from ...framework.jit import njit_noalloc
from .common import FIRST_RES_VP, OP_RETIRE, add_vp, cost_after_discount, pb, push
from .constants import (C_CARD_COST, C_CARD_KIND, C_TR_RETIRE, G_MODULES, G_SLOT_CARD, G_SLOT_DOWN,
                        G_SLOT_FOG, G_SLOT_RES, KIND_RES, P_COINS, P_EXPL, P_NRES, P_RETIRED,
                        VS_RESIDENCE_FIRST)
from .options import MOD_RETIREMENT


@njit_noalloc
def retire_spot(state, cat, s):
    """RET-01: track space s holds the Residence Discount tile (it covers the
    space's own icons, RET-04)."""
    return (state[G_MODULES] & MOD_RETIREMENT) != 0 and cat[C_TR_RETIRE + s] == 1


@njit_noalloc
def explorer_arrives(state, cat, p, s):
    """RET-02/04: an explorer stopping on the tile with its owner's token still
    there must buy a residence at half price, then goes back to the start
    (rivers already crossed stay counted, RET-05); once used, the tile does
    nothing for that player. True if the tile handled the stop."""
    if not retire_spot(state, cat, s):
        return False
    b = pb(p)
    if state[b + P_RETIRED] == 0:
        state[b + P_RETIRED] = 1
        state[b + P_EXPL] = 0
        push(state, OP_RETIRE, 0, 0, 0)
    return True


@njit_noalloc
def half_price(state, cat, p, c):
    """RET-03: the discounts first, then half, rounded up."""
    return (cost_after_discount(state, cat, p, cat[C_CARD_COST + c]) + 1) // 2


@njit_noalloc
def retire_legal(state, cat, p, slot):
    """A faceup residence without the player's token (RES-03), affordable at half price."""
    c = state[G_SLOT_CARD + slot]
    if c < 0 or cat[C_CARD_KIND + c] != KIND_RES or state[G_SLOT_DOWN + slot] == 1 \
            or state[G_SLOT_FOG + slot] == 1 or (state[G_SLOT_RES + slot] >> p) & 1 == 1:
        return False
    return state[pb(p) + P_COINS] >= half_price(state, cat, p, c)


@njit_noalloc
def retire_build(state, cat, p, slot):
    """Pay half, the token moves onto the residence (+2 VP if first, RES-02)."""
    b = pb(p)
    state[b + P_COINS] -= half_price(state, cat, p, state[G_SLOT_CARD + slot])
    if state[G_SLOT_RES + slot] == 0:
        add_vp(state, p, FIRST_RES_VP, VS_RESIDENCE_FIRST)
    state[G_SLOT_RES + slot] |= 1 << p
    state[b + P_NRES] += 1

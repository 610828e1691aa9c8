"""Fog of War (checklist §20.1 FOWL, §20.2 FOWI): facedown cards in the
Caribbean, turned up when a ship enters them (Improvements, Tier II cards) or
ends its move on them (Tier I Locations), doubloons on facedown Locations."""
from ...framework.jit import njit_noalloc
from .common import pb, shuffle
from .constants import (C_CARD_KIND, C_CARD_TIER, C_CARD_TV, G_MODULES, G_SLOT_CARD, G_SLOT_COINS,
                        G_SLOT_FOG, G_SLOT_TV, G_T2_FOG, G_T2_N, G_TV_POOL, G_TV_POOL_N, KIND_IMP,
                        KIND_LOC, N_SLOTS, P_COINS)
from .options import MOD_FOG_LOCATIONS, MOD_FOG_IMPROVEMENTS


@njit_noalloc
def fog_setup(state, cat):
    """FOWL-01: the Tier I Locations facedown with 1 doubloon each; their
    treasure-value tiles wait, in their shuffled order, until one is turned up
    (FOWL-03). FOWI-01/02: the Tier I Improvements facedown, and half the Tier
    II deck (the smaller half) facedown at random."""
    mods = state[G_MODULES]
    for s in range(N_SLOTS):
        c = state[G_SLOT_CARD + s]
        if c < 0:
            continue
        kind = cat[C_CARD_KIND + c]
        if (mods & MOD_FOG_LOCATIONS) != 0 and kind == KIND_LOC:
            state[G_SLOT_FOG + s] = 1
            state[G_SLOT_COINS + s] = 1
            if state[G_SLOT_TV + s] > 0:
                state[G_TV_POOL + state[G_TV_POOL_N]] = state[G_SLOT_TV + s]
                state[G_TV_POOL_N] += 1
                state[G_SLOT_TV + s] = 0
        elif (mods & MOD_FOG_IMPROVEMENTS) != 0 and kind == KIND_IMP:
            state[G_SLOT_FOG + s] = 1
    if (mods & MOD_FOG_IMPROVEMENTS) != 0:
        n2 = state[G_T2_N]
        for i in range(n2 // 2):
            state[G_T2_FOG + i] = 1
        shuffle(state, G_T2_FOG, n2)


@njit_noalloc
def turn_up(state, cat, p, s):
    """Turn the facedown card in slot s faceup: player p takes its doubloons
    (FOWL-02); a Location with the treasure-value symbol gets the next waiting
    tile (FOWL-03)."""
    state[G_SLOT_FOG + s] = 0
    state[pb(p) + P_COINS] += state[G_SLOT_COINS + s]
    state[G_SLOT_COINS + s] = 0
    c = state[G_SLOT_CARD + s]
    if c >= 0 and cat[C_CARD_TV + c] == 1 and state[G_TV_POOL_N] > 0:
        state[G_TV_POOL_N] -= 1
        state[G_SLOT_TV + s] = state[G_TV_POOL + state[G_TV_POOL_N]]
        state[G_TV_POOL + state[G_TV_POOL_N]] = 0


@njit_noalloc
def fog_enter(state, cat, p, s):
    """A ship enters slot s (FOWI-03/04): a facedown card turns up at once,
    except a Tier I Location, which turns up only where a move ends (FOWL-02)."""
    if s >= N_SLOTS or state[G_SLOT_FOG + s] == 0:
        return
    c = state[G_SLOT_CARD + s]
    if c >= 0 and cat[C_CARD_KIND + c] == KIND_LOC and cat[C_CARD_TIER + c] == 1:
        return
    turn_up(state, cat, p, s)


@njit_noalloc
def fog_end_move(state, cat, p, s):
    """The move ends on slot s: a card still facedown turns up (FOWL-02)."""
    if s < N_SLOTS and state[G_SLOT_FOG + s] == 1:
        turn_up(state, cat, p, s)


@njit_noalloc
def fog_income(state, cat):
    """FOWL-04: +1 doubloon on every Location still facedown."""
    for s in range(N_SLOTS):
        c = state[G_SLOT_CARD + s]
        if state[G_SLOT_FOG + s] == 1 and c >= 0 and cat[C_CARD_KIND + c] == KIND_LOC:
            state[G_SLOT_COINS + s] += 1

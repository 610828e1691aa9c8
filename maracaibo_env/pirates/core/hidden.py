"""What a seat cannot see in Pirates of Maracaibo, defined once: the parts of
the state (`HIDDEN`) and the numba functions that redraw them.

`observe` leaves these parts out; ``Game.determinize`` (hence the OpenSpiel
resampler) redraws them with `redraw`; the heuristics' lookahead runs on a
copy redrawn by `redraw_decks`, a coarser subset (maracaibo_env/pirates/agents/heuristics.py).

Hidden from every seat: the order of the quest deck, of the Tier II deck (and
which of its cards below the top lie facedown, Fog of War: Improvements), the
Tier I cards left out at setup, the identity of every facedown card in the
Caribbean (Fog of War, and the left-out cards refilled facedown, IMP-08), the
treasure-value tiles not placed yet (FOWL-03), Jordan's unrevealed solo
cards, and the game's random generator and recorded seed. Hidden from the
other seats: a seat's quests (their number is public) and its set-up draws.

All redraws use the state's own generator (`K.shuffle`), so a redraw is
reproducible from the generator state it starts from.
"""
import numpy as np

from ...framework.hidden import HiddenPart, check_parts
from ...framework.jit import njit, njit_noalloc
from ...framework.random_play import xorshift
from ...framework.rng import shuffle_array_at
from . import common as K
from .constants import (C_CARD_KIND, C_CARD_TIER, G_J_DECK, G_J_DRAWN, G_MODULES, G_NP, G_QDECK,
                        G_QDECK_N, G_REMOVED, G_REMOVED_N, G_RNG, G_SEED, G_SLOT_CARD, G_SLOT_DOWN,
                        G_SLOT_FOG, G_SOLO, G_T2, G_T2_FOG, G_T2_N, G_TV_POOL, G_TV_POOL_N,
                        J_DECK_N, KIND_IMP, KIND_LOC, KIND_RES, MAX_P, N_SLOTS, P_QHAND, P_QN,
                        P_SETUPQ, P_SETUPQ3, QDECK_CAP, QHAND_CAP, REMOVED_CAP)
from .layout import LAYOUT
from .options import MOD_FOG_IMPROVEMENTS, MOD_FOG_LOCATIONS

HIDDEN = check_parts((
    HiddenPart("quest deck", ("QDECK",), "all", "shuffled, then dealt again with the other seats' quests"),
    HiddenPart("Tier II deck", ("T2",), "all", "shuffled"),
    HiddenPart("Tier II facedown sides", ("T2_FOG",), "all", "shuffled below the top card"),
    HiddenPart("cards left out at setup", ("REMOVED",), "all",
               "shuffled, then dealt with the facedown Caribbean cards of their kind"),
    HiddenPart("facedown Caribbean cards", ("SLOT_CARD",), "all",
               "the slots shown as -2: dealt from the unseen cards of their kind"),
    HiddenPart("treasure-value tiles not placed", ("TV_POOL",), "all", "shuffled"),
    HiddenPart("Jordan's solo deck", ("J_DECK",), "all", "shuffled below the cards revealed"),
    HiddenPart("quests", ("QHAND",), "others", "dealt from the quest deck and the other seats' quests"),
    HiddenPart("set-up quests", ("SETUPQ", "SETUPQ3"), "others", "the same pool"),
    HiddenPart("random generator", ("RNG", "SEED"), "all", "reseeded"),
), LAYOUT)


@njit_noalloc
def _facedown_places(state, cat, fog, down, kind, tier, by_tier, pos):
    """pos[:n] = the slots lying facedown (flagged in G_SLOT_FOG if `fog`, in
    G_SLOT_DOWN if `down`) with a card of `kind` (and `tier`, if by_tier), then
    the left-out cards of that kind (and tier): the places whose cards a seat
    cannot tell apart. Returns n; 0 when no slot qualifies."""
    n = 0
    for s in range(N_SLOTS):
        c = state[G_SLOT_CARD + s]
        if ((fog and state[G_SLOT_FOG + s] == 1) or (down and state[G_SLOT_DOWN + s] == 1)) and c >= 0 \
                and cat[C_CARD_KIND + c] == kind and (not by_tier or cat[C_CARD_TIER + c] == tier):
            pos[n] = G_SLOT_CARD + s
            n += 1
    if n == 0:
        return 0
    for i in range(state[G_REMOVED_N]):
        c = state[G_REMOVED + i]
        if cat[C_CARD_KIND + c] == kind and (not by_tier or cat[C_CARD_TIER + c] == tier):
            pos[n] = G_REMOVED + i
            n += 1
    return n


@njit(cache=True)
def deal_facedown(state, cat, down_field, kinds, by_tier):
    """The facedown cards in the slots flagged in down_field (G_SLOT_FOG or
    G_SLOT_DOWN) of each kind in the bitmask `kinds` (bit KIND_*), with the
    left-out cards of that kind (and tier, if by_tier), dealt among those
    places at random: Locations first, then Improvements, then Residences."""
    pos = np.empty(N_SLOTS + REMOVED_CAP, np.int64)
    for kind in (KIND_LOC, KIND_IMP, KIND_RES):
        if (kinds >> kind) & 1 == 0:
            continue
        for tier in range(3 if by_tier else 1):
            n = _facedown_places(state, cat, down_field == G_SLOT_FOG, down_field == G_SLOT_DOWN,
                                 kind, tier, by_tier, pos)
            for i in range(n - 1, 0, -1):
                j = K.rand_below(state, i + 1)
                state[pos[i]], state[pos[j]] = state[pos[j]], state[pos[i]]


@njit_noalloc
def hide_facedown(state, cat):
    """Fog of War (FOWL-01, FOWI-01), the heuristics' coarse view: a facedown
    Location or Improvement is one of the unseen cards of its kind (the other
    facedown ones and those set aside at setup, whatever their tier), so their
    identities are dealt anew; the treasure-value tiles not placed yet are
    shuffled. (`redraw` keeps tiers too, so its states stay valid saves.)"""
    deal_facedown(state, cat, G_SLOT_FOG, (1 << KIND_LOC) | (1 << KIND_IMP), False)
    K.shuffle(state, G_TV_POOL, state[G_TV_POOL_N])


@njit_noalloc
def redraw_decks(state, cat):
    """The heuristics' lookahead view (maracaibo_env/pirates/agents/heuristics.py; the caller
    reseeds the state's generator first): the quest and Tier II decks' order,
    the cards left out at setup, the facedown Fog of War cards (`hide_facedown`)
    and unplaced treasure-value tiles, Jordan's unrevealed solo cards
    (SOLO-05) redrawn in place. Coarser than `redraw`: the other seats'
    quests stay, and a facedown card is dealt whatever its tier."""
    K.shuffle(state, G_QDECK, state[G_QDECK_N])
    K.shuffle(state, G_T2, state[G_T2_N])
    K.shuffle(state, G_REMOVED, state[G_REMOVED_N])
    if state[G_MODULES] & (MOD_FOG_LOCATIONS | MOD_FOG_IMPROVEMENTS):
        hide_facedown(state, cat)
    if state[G_SOLO] == 1:
        K.shuffle(state, G_J_DECK + state[G_J_DRAWN], J_DECK_N - state[G_J_DRAWN])


@njit_noalloc
def _gather_unseen_quests(state, me, pool):
    """pool[:n] = the quests seat `me` cannot see: the quest deck, then each other
    seat's quests and set-up draws, in seat order; returns n."""
    n = 0
    for i in range(state[G_QDECK_N]):
        pool[n] = state[G_QDECK + i]
        n += 1
    for q in range(state[G_NP]):
        if q == me:
            continue
        b = K.pb(q)
        for i in range(state[b + P_QN]):
            pool[n] = state[b + P_QHAND + i]
            n += 1
        for j in range(2):
            if state[b + P_SETUPQ + j] >= 0:
                pool[n] = state[b + P_SETUPQ + j]
                n += 1
        if state[b + P_SETUPQ3] > 0:
            pool[n] = state[b + P_SETUPQ3] - 1
            n += 1
    return n


@njit_noalloc
def _deal_unseen_quests(state, me, pool):
    """Deal pool back into the places `_gather_unseen_quests` read, in the same order."""
    k = 0
    for i in range(state[G_QDECK_N]):
        state[G_QDECK + i] = pool[k]
        k += 1
    for q in range(state[G_NP]):
        if q == me:
            continue
        b = K.pb(q)
        for i in range(state[b + P_QN]):
            state[b + P_QHAND + i] = pool[k]
            k += 1
        for j in range(2):
            if state[b + P_SETUPQ + j] >= 0:
                state[b + P_SETUPQ + j] = pool[k]
                k += 1
        if state[b + P_SETUPQ3] > 0:
            state[b + P_SETUPQ3] = pool[k] + 1
            k += 1


@njit(cache=True)
def redraw_quests(state, me):
    """The quests that seat `me` cannot see (the quest deck, the other seats'
    quests and set-up draws) dealt at random back into the same places."""
    pool = np.empty(QDECK_CAP + MAX_P * (QHAND_CAP + 3), np.int64)
    n = _gather_unseen_quests(state, me, pool)
    shuffle_array_at(state, G_RNG, pool, n)
    _deal_unseen_quests(state, me, pool)


@njit_noalloc
def redraw(state, cat, me, x):
    """Redraw, in place, everything seat `me` cannot see (a determinisation):
    reseed the state's generator from the xorshift64 state x, then shuffle the
    quest and Tier II decks and the left-out cards, deal the facedown cards
    (Fog of War, and the left-out cards refilled facedown, IMP-08) among the
    unseen cards of their kind and tier, shuffle the unplaced treasure-value
    tiles, Jordan's unrevealed solo cards and which Tier II cards below the
    top lie facedown, and deal the quests the seat cannot see
    (`redraw_quests`). Returns x advanced."""
    x = xorshift(x)
    state[G_RNG] = np.int32(x & np.uint64(0x7FFFFFFF)) | 1
    state[G_RNG + 1] = np.int32((x >> np.uint64(32)) & np.uint64(0x7FFFFFFF))
    K.shuffle(state, G_QDECK, state[G_QDECK_N])
    K.shuffle(state, G_T2, state[G_T2_N])
    K.shuffle(state, G_REMOVED, state[G_REMOVED_N])
    deal_facedown(state, cat, G_SLOT_FOG, 7, True)
    deal_facedown(state, cat, G_SLOT_DOWN, 7, True)
    K.shuffle(state, G_TV_POOL, state[G_TV_POOL_N])
    if state[G_SOLO] == 1:
        K.shuffle(state, G_J_DECK + state[G_J_DRAWN], J_DECK_N - state[G_J_DRAWN])
    if state[G_T2_N] > 1:
        K.shuffle(state, G_T2_FOG, state[G_T2_N] - 1)
    redraw_quests(state, me)
    return x


@njit(cache=True)
def _sort_at(state, start, n):
    """state[start:start+n] in increasing order."""
    if n > 1:
        state[start:start + n] = np.sort(state[start:start + n])


@njit(cache=True)
def sort_hidden(state, cat, me):
    """Put, in place, everything seat `me` cannot see into one canonical order
    (sorted), so that two states that differ only in what `me` cannot see
    become the same state, and a `redraw` that follows depends only on what
    `me` sees (a search calls it once, then redraws per iteration). The parts
    and groups are `redraw`'s: the decks, the left-out cards and the facedown
    cards of each kind and tier pooled, the unplaced treasure-value tiles,
    Jordan's unrevealed cards, the Tier II facedown sides, the quests `me`
    cannot see; the generator and the recorded seed are zeroed."""
    _sort_at(state, G_QDECK, state[G_QDECK_N])
    _sort_at(state, G_T2, state[G_T2_N])
    if state[G_T2_N] > 1:
        _sort_at(state, G_T2_FOG, state[G_T2_N] - 1)
    _sort_at(state, G_TV_POOL, state[G_TV_POOL_N])
    if state[G_SOLO] == 1:
        _sort_at(state, G_J_DECK + state[G_J_DRAWN], J_DECK_N - state[G_J_DRAWN])
    # facedown cards and left-out cards: the pool of each kind and tier, the
    # smallest to the facedown slots in slot order, then the left-out cards sorted
    _sort_at(state, G_REMOVED, state[G_REMOVED_N])
    pos = np.empty(N_SLOTS + REMOVED_CAP, np.int64)
    vals = np.empty(N_SLOTS + REMOVED_CAP, np.int64)
    for kind in (KIND_LOC, KIND_IMP, KIND_RES):
        for tier in range(3):
            n = _facedown_places(state, cat, True, True, kind, tier, True, pos)
            for i in range(n):
                vals[i] = state[pos[i]]
            v = np.sort(vals[:n])
            for i in range(n):
                state[pos[i]] = v[i]
    _sort_at(state, G_REMOVED, state[G_REMOVED_N])
    # the quests me cannot see: redraw_quests' pool, sorted, dealt in its order
    pool = np.empty(QDECK_CAP + MAX_P * (QHAND_CAP + 3), np.int64)
    n = _gather_unseen_quests(state, me, pool)
    pool[:n] = np.sort(pool[:n])
    _deal_unseen_quests(state, me, pool)
    state[G_RNG] = 0
    state[G_RNG + 1] = 0
    state[G_SEED] = 0

"""Setting up a game (checklist §2 SET)."""
import numpy as np

from ...framework.jit import njit, njit_noalloc
from ...framework.rng import seed_at, shuffle_array_at
from .common import OP_KEEPQ, OP_RETURNQ, pb, push, rand_below, shuffle
from .constants import (C_CARD_KIND, C_CARD_TIER, C_CARD_TV, C_N_CARDS, C_N_QUESTS, C_START_COINS,
                        C_START_CUBES, C_TV_TILES, FIGM_CAP, G_BM_SIDE, G_DIFFICULTY, G_FIGM,
                        G_ISLAND, G_LAYOUT, G_MARA_SEAT, G_MODULES, G_NP, G_QDECK, G_QDECK_N,
                        G_QMARKET, G_QMARKET_N, G_REMOVED, G_REMOVED_N, G_RNG, G_ROUND, G_SEED,
                        G_SLOT_CARD, G_SLOT_TV, G_SOLO, G_T2, G_T2_N, KIND_IMP, KIND_LOC, MAX_P,
                        N_BM, N_FIGS, N_SLOTS, P_BM_AT, P_COINS, P_FIG, P_QHAND, P_QN, P_SETUPQ,
                        P_SETUPQ3, P_SHIP, P_TAB, QDECK_CAP, QHAND_CAP, QMARKET_CAP, REMOVED_CAP,
                        SP_START, T2_CAP, TABLEAU_CAP)
from .options import MOD_QUEST_HUNTERS
from .fog import fog_setup
from .jordan import jordan_setup

OP_BEGIN = 31           # automatic: quests back into the deck, market, first turn


@njit(cache=True)
def reset(state, cat, num_players, seed, setup):
    """A new game; setup packs the layout, modules and difficulty (options.setup_bits)."""
    state[:] = 0
    solo = num_players == 1                     # SOLO-01: a 2-player game, Jordan in seat 1
    if solo:
        num_players = 2
    state[G_NP] = num_players
    state[G_SOLO] = 1 if solo else 0
    state[G_SEED] = seed
    seed_at(state, G_RNG, seed)
    state[G_ROUND] = 1
    state[G_LAYOUT] = setup & 15
    state[G_MODULES] = (setup >> 4) & 255
    state[G_DIFFICULTY] = (setup >> 12) & 7
    state[G_MARA_SEAT] = num_players - 1          # SET-21: seat 0 moves first (SET-20)
    # SET-03..06: 8 locations, 4 of 12 residences, 15 of 22 improvements
    ncard = cat[C_N_CARDS]
    locs = np.empty(ncard, np.int32)
    imps = np.empty(ncard, np.int32)
    ress = np.empty(ncard, np.int32)
    t2 = np.empty(ncard, np.int32)
    nl = ni = nr = n2 = 0
    for c in range(ncard):
        k = cat[C_CARD_KIND + c]
        if cat[C_CARD_TIER + c] == 2:
            t2[n2] = c
            n2 += 1
        elif k == KIND_LOC:
            locs[nl] = c
            nl += 1
        elif k == KIND_IMP:
            imps[ni] = c
            ni += 1
        else:
            ress[nr] = c
            nr += 1
    shuffle_array_at(state, G_RNG, ress, nr)
    shuffle_array_at(state, G_RNG, imps, ni)
    deck = np.empty(N_SLOTS, np.int32)
    nd = 0
    for i in range(nl):
        deck[nd] = locs[i]
        nd += 1
    for i in range(min(4, nr)):
        deck[nd] = ress[i]
        nd += 1
    for i in range(min(15, ni)):
        if nd < N_SLOTS:
            deck[nd] = imps[i]
            nd += 1
    removed = 0
    for i in range(4, nr):
        if removed < REMOVED_CAP:
            state[G_REMOVED + removed] = ress[i]
            removed += 1
    for i in range(15, ni):
        if removed < REMOVED_CAP:
            state[G_REMOVED + removed] = imps[i]
            removed += 1
    for i in range(removed, REMOVED_CAP):
        state[G_REMOVED + i] = -1
    state[G_REMOVED_N] = removed
    shuffle(state, G_REMOVED, removed)
    shuffle_array_at(state, G_RNG, deck, nd)
    # SET-07: dealt column by column (slot ids are in that order)
    for s in range(N_SLOTS):
        state[G_SLOT_CARD + s] = deck[s] if s < nd else -1
    # SET-13: the 6 treasure-value tiles at random onto the TV locations
    tiles = np.empty(6, np.int32)
    for i in range(6):
        tiles[i] = cat[C_TV_TILES + i]
    shuffle_array_at(state, G_RNG, tiles, 6)
    k = 0
    for s in range(N_SLOTS):
        c = state[G_SLOT_CARD + s]
        if c >= 0 and cat[C_CARD_TV + c] == 1 and k < 6:
            state[G_SLOT_TV + s] = tiles[k] + 1
            k += 1
    # SET-11: Tier II deck
    for i in range(T2_CAP):
        state[G_T2 + i] = t2[i] if i < n2 else -1
    n2 = min(n2, T2_CAP)
    state[G_T2_N] = n2
    shuffle(state, G_T2, n2)
    # SET-12: 4 cubes per island
    for t in range(3):
        state[G_ISLAND + t] = cat[C_START_CUBES]
    # SET-16: one player's random sides, copied by everyone
    for k in range(N_BM):
        state[G_BM_SIDE + k] = rand_below(state, 2)
    # SET-18: players + 2 figureheads
    figs = np.arange(N_FIGS).astype(np.int32)
    shuffle_array_at(state, G_RNG, figs, N_FIGS)
    for i in range(FIGM_CAP):
        state[G_FIGM + i] = figs[i] if i < (3 if solo else num_players + 2) else -1   # SOLO-02: 3
    # SET-17: quest deck; each player draws 2 and keeps 1 (decided below)
    nq = min(cat[C_N_QUESTS], QDECK_CAP)
    for i in range(QDECK_CAP):
        state[G_QDECK + i] = i if i < nq else -1
    state[G_QDECK_N] = nq
    shuffle(state, G_QDECK, nq)
    hunters = (state[G_MODULES] & MOD_QUEST_HUNTERS) != 0
    state[G_QMARKET_N] = 3 if hunters else 2                   # QH-01: 3 faceup
    for i in range(QMARKET_CAP):
        state[G_QMARKET + i] = -1
    for p in range(MAX_P):
        b = pb(p)
        state[b + P_FIG] = -1
        for k in range(N_BM):
            state[b + P_BM_AT + k] = -1
        for i in range(QHAND_CAP):
            state[b + P_QHAND + i] = -1
        for i in range(TABLEAU_CAP):
            state[b + P_TAB + i] = -1
        state[b + P_SETUPQ] = -1
        state[b + P_SETUPQ + 1] = -1
        if p < num_players:
            state[b + P_SHIP] = SP_START                      # SET-15
            state[b + P_COINS] = cat[C_START_COINS + p]       # SET-20
            for j in range(2):
                q = state[G_QDECK + state[G_QDECK_N] - 1]
                state[G_QDECK + state[G_QDECK_N] - 1] = -1
                state[G_QDECK_N] -= 1
                state[b + P_SETUPQ + j] = q
            if hunters:                                       # QH-01: a third quest
                state[G_QDECK_N] -= 1
                state[b + P_SETUPQ3] = state[G_QDECK + state[G_QDECK_N]] + 1
                state[G_QDECK + state[G_QDECK_N]] = -1
    if solo:
        solo_quest_setup(state)
    fog_setup(state, cat)                                     # FOWL-01, FOWI-01/02
    push(state, OP_BEGIN, 0, 0, 0)
    for p in range(0 if solo else num_players - 1, -1, -1):    # SOLO-06: Jordan does not choose
        push(state, OP_RETURNQ if hunters else OP_KEEPQ, p, 0, 0)
    if solo:
        jordan_setup(state, cat)                                # SOLO-04/05


@njit_noalloc
def solo_quest_setup(state):
    """SOLO-02/06: Jordan has no doubloons and one random quest, facedown: he
    keeps his first draw, the others go back on top of the deck as they were."""
    b = pb(1)
    state[b + P_COINS] = 0
    q3 = state[b + P_SETUPQ3] - 1
    if q3 >= 0:
        state[G_QDECK + state[G_QDECK_N]] = q3
        state[G_QDECK_N] += 1
        state[b + P_SETUPQ3] = 0
    state[G_QDECK + state[G_QDECK_N]] = state[b + P_SETUPQ + 1]
    state[G_QDECK_N] += 1
    state[b + P_QHAND] = state[b + P_SETUPQ]
    state[b + P_QN] = 1
    state[b + P_SETUPQ] = -1
    state[b + P_SETUPQ + 1] = -1


@njit_noalloc
def finish_quest_setup(state):
    """SET-17: the discarded quests are shuffled back; 2 are revealed."""
    for p in range(state[G_NP]):
        for j in range(2):
            q = state[pb(p) + P_SETUPQ + j]
            if q >= 0:
                state[G_QDECK + state[G_QDECK_N]] = q
                state[G_QDECK_N] += 1
                state[pb(p) + P_SETUPQ + j] = -1
        q = state[pb(p) + P_SETUPQ3] - 1                    # Quest Hunters (QH-01)
        if q >= 0:
            state[G_QDECK + state[G_QDECK_N]] = q
            state[G_QDECK_N] += 1
            state[pb(p) + P_SETUPQ3] = 0
    shuffle(state, G_QDECK, state[G_QDECK_N])
    for i in range(state[G_QMARKET_N]):
        n = state[G_QDECK_N]
        if n > 0:
            state[G_QMARKET + i] = state[G_QDECK + n - 1]
            state[G_QDECK + n - 1] = -1
            state[G_QDECK_N] = n - 1

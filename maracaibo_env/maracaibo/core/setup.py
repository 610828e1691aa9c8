"""Game set-up (checklist §1): board, decks, tiles, players, story quests."""
import numpy as np
from ...framework.jit import njit

from .common import draw_top, pb, place_marker
from .constants import (BOARD_QUEST_CAP, CARD_QUEST_CAP, C_CARD_DECK, C_DINC_START, C_EXP_START,
                        C_HAVANA, C_LOC_MARACAIBO, C_LOC_TILE_SLOT, C_NLOC, C_SETUP_MARKER,
                        C_TILE_MARACAIBO, C_TILE_PLAYERS, C_TILE_SPECIAL, EXP_QUESTS,
                        FIGURES_PER_COLOUR, G_AUTOMA_INCOME, G_AUTOMA_TABLE, G_BQ_AGE, G_BQ_LOC,
                        G_BQ_TILE, G_CAMPAIGN, G_CARDS_OUT, G_CUR, G_DIFFICULTY, G_DISCARD, G_DRAW,
                        G_DRAW_N, G_EXQ_TILE, G_LEGACY, G_LOC_MARKER, G_LOC_TILE, G_MARKET, G_NP,
                        G_PHASE, G_PR_BUILD, G_PR_REVEALED, G_QPILE, G_QPILE_N, G_ROUND, G_SEED,
                        G_SOLO, G_START, G_STORY, G_TPILE0, G_TPILE1, G_TPILE_N, G_TURN_P,
                        G_VARIANTS, HAND_CAP, MARKET_SIZE, MAX_LOC, N_AREAS, N_BUILDINGS, N_CARDS,
                        N_CAREERS, N_NATIONS, N_PRESTIGE, N_QUESTS, N_TILES, N_TOKENS,
                        PH_SETUP_PLAN, PLAN_CAP, P_CARD_QUEST, P_CAREER, P_CAREER_OPT, P_CP, P_DINC,
                        P_DISCS, P_DISCS_OUT, P_DOUBLOONS, P_EXPLORER, P_FIG_CAREER, P_FIG_GENERAL,
                        P_FIG_SUPPLY, P_HAND, P_HAND_N, P_PLAN, P_RETIRE, P_SHIP)
from .options import VAR_OPEN_PRESTIGE, VAR_RETIREMENT
from .rng import rng_seed, rand_below, shuffle_slice, shuffle_array
from .scoring import place_story_quests
from .automa import build_deck
from . import legacy


@njit(cache=True)
def reset(state, cat, num_players, seed, story, difficulty, table):
    """Fill state with a new game; the first decision is the start player's
    starting-card split (SETUP-19). num_players = 1 is the solo game against
    Jean (SOLO-01: the 2-player set-up; Jean is seat 1)."""
    state[:] = 0
    solo = num_players == 1
    np_ = 2 if solo else num_players
    state[G_NP] = np_
    state[G_SOLO] = 1 if solo else 0
    state[G_DIFFICULTY] = difficulty
    state[G_AUTOMA_TABLE] = table & 1            # solo options: bit 0 deck table (SOLO-06),
    state[G_AUTOMA_INCOME] = (table >> 1) & 1    # bit 1 income reading (SOLO-18)
    state[G_VARIANTS] = (table >> 2) & 3         # options.VAR_* (core/options.py)
    state[G_LEGACY] = table >> 4                 # legacy tiles: bit i-1 = Li
    state[G_SEED] = seed
    state[G_STORY] = story if story >= 0 else 0
    state[G_CAMPAIGN] = 1 if story < 0 else 0   # story -1: a campaign game (core/story.py)
    state[G_ROUND] = 1
    rng_seed(state, seed)
    for i in range(MAX_LOC):
        state[G_LOC_MARKER + i] = -1
        state[G_LOC_TILE + i] = -1
    for i in range(BOARD_QUEST_CAP):
        state[G_BQ_LOC + i] = -1
        state[G_BQ_TILE + i] = -1
        state[G_BQ_AGE + i] = -1
    for i in range(N_CARDS):
        state[G_DRAW + i] = -1
        state[G_DISCARD + i] = -1

    # SETUP-01: combat tokens in two face-down piles
    for i in range(N_TOKENS):
        state[G_TPILE0 + i] = -1
        state[G_TPILE1 + i] = -1
    order = np.arange(N_TOKENS)
    for i in range(N_TOKENS - 1, 0, -1):
        j = rand_below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    half = (N_TOKENS + 1) // 2
    for i in range(half):
        state[G_TPILE0 + i] = order[i]
    for i in range(N_TOKENS - half):
        state[G_TPILE1 + i] = order[half + i]
    state[G_TPILE_N] = half
    state[G_TPILE_N + 1] = N_TOKENS - half

    # SETUP-02: quest pile, 3 onto the explorer track (top of pile = last)
    for i in range(N_QUESTS):
        state[G_QPILE + i] = i
    shuffle_slice(state, G_QPILE, N_QUESTS)
    state[G_QPILE_N] = N_QUESTS
    for k in range(EXP_QUESTS):
        state[G_QPILE_N] -= 1
        state[G_EXQ_TILE + k] = state[G_QPILE + state[G_QPILE_N]]
        state[G_QPILE + state[G_QPILE_N]] = -1

    # SETUP-04/05: city tiles
    _place_city_tiles(state, cat, np_)

    # SETUP-06: deal 8 A-cards each; 40 B-cards + the other A-cards are the pile
    a_cards = np.empty(N_CARDS, np.int64)
    b_cards = np.empty(N_CARDS, np.int64)
    na, nb = 0, 0
    for c in range(N_CARDS):
        if cat[C_CARD_DECK + c] == 0:
            a_cards[na] = c
            na += 1
        else:
            b_cards[nb] = c
            nb += 1
    shuffle_array(state, a_cards, na)
    shuffle_array(state, b_cards, nb)
    k = 0
    for p in range(np_):
        b = pb(p)
        for i in range(HAND_CAP):
            state[b + P_HAND + i] = -1
        if solo and p == 1:
            continue  # SOLO-02: Jean gets no project cards
        for i in range(8):
            state[b + P_HAND + i] = a_cards[k]
            k += 1
        state[b + P_HAND_N] = 8
    n = 0
    for i in range(k, na):
        state[G_DRAW + n] = a_cards[i]
        n += 1
    nb_used = 40 if nb >= 40 else nb
    for i in range(nb_used):
        state[G_DRAW + n] = b_cards[i]
        n += 1
    state[G_CARDS_OUT] = nb - nb_used
    state[G_DRAW_N] = n
    shuffle_slice(state, G_DRAW, n)
    for i in range(MARKET_SIZE):
        state[G_MARKET + i] = draw_top(state)

    # SETUP-09: 2p starting markers in three villages
    if np_ == 2:
        for nat in range(N_NATIONS):
            loc = cat[C_SETUP_MARKER + nat]
            if loc >= 0:
                place_marker(state, loc, nat)

    # SETUP-10: 4 of the 8 prestige buildings, I face-up
    bld = np.arange(N_PRESTIGE)
    shuffle_array(state, bld, N_PRESTIGE)
    for i in range(N_BUILDINGS):
        state[G_PR_BUILD + i] = bld[i]
    # VAR-01 open prestige: all 4 face up (INT-05 then reveals nothing)
    state[G_PR_REVEALED] = N_BUILDINGS if state[G_VARIANTS] & VAR_OPEN_PRESTIGE else 1

    # SETUP-12..15, 20: players; a seeded start player; 8/9/10/11 doubloons
    start = 0 if solo else rand_below(state, np_)  # SOLO-07: you start
    state[G_START] = start
    careers = np.arange(N_CAREERS)
    shuffle_array(state, careers, N_CAREERS)
    for p in range(np_):
        b = pb(p)
        for a in range(N_AREAS):
            state[b + P_DISCS + a] = 2
        state[b + P_DOUBLOONS] = 8 + (p - start + np_) % np_
        state[b + P_CP] = 1
        state[b + P_DINC] = cat[C_DINC_START]
        state[b + P_FIG_SUPPLY] = 2
        state[b + P_FIG_CAREER] = 3
        state[b + P_FIG_GENERAL] = FIGURES_PER_COLOUR - 5
        state[b + P_SHIP] = cat[C_HAVANA]
        state[b + P_EXPLORER] = cat[C_EXP_START]
        for j in range(PLAN_CAP):
            state[b + P_PLAN + j] = -1
        for j in range(CARD_QUEST_CAP):
            state[b + P_CARD_QUEST + j] = -1
        state[b + P_CAREER_OPT] = careers[2 * p]
        state[b + P_CAREER_OPT + 1] = careers[2 * p + 1]
        state[b + P_CAREER] = -1
        if solo and p == 1:  # SOLO-02: Jean has no figures, doubloons, CP, ship board
            for a in range(N_AREAS):
                state[b + P_DISCS + a] = 0
            state[b + P_DISCS_OUT] = 2 * N_AREAS
            state[b + P_DOUBLOONS] = 0
            state[b + P_CP] = 0
            state[b + P_DINC] = 0
            state[b + P_FIG_SUPPLY] = 0
            state[b + P_FIG_CAREER] = 0
            state[b + P_FIG_GENERAL] = FIGURES_PER_COLOUR
            state[b + P_CAREER_OPT] = -1
            state[b + P_CAREER_OPT + 1] = -1
        elif state[G_VARIANTS] & VAR_RETIREMENT:  # RET-02: a figure from the general supply on the tile
            state[b + P_FIG_GENERAL] -= 1
            state[b + P_RETIRE] = 1
    if solo:
        build_deck(state, cat)

    # SETUP-16: the story card's set-up quests (a campaign's cards: story.start)
    if not state[G_CAMPAIGN]:
        place_story_quests(state, cat, 0)
    if state[G_LEGACY] != 0:
        legacy.setup(state, cat, np_, solo)  # §28: L1 quest, L3, JLEG-03 discs

    state[G_TURN_P] = start
    state[G_CUR] = start
    state[G_PHASE] = PH_SETUP_PLAN


@njit(cache=True)
def _place_city_tiles(state, cat, np_):
    """SETUP-05: tiles for this player count; the 2 marked ones + 2 random,
    shuffled onto the tile slots (4, 5, 13, 14). 2p: the Maracaibo tile."""
    pbit = 1 << np_
    chosen = np.empty(N_TILES, np.int64)
    others = np.empty(N_TILES, np.int64)
    nc, no = 0, 0
    for t in range(N_TILES):
        if not cat[C_TILE_PLAYERS + t] & pbit:
            continue
        if cat[C_TILE_MARACAIBO + t]:
            if np_ == 2:
                for loc in range(cat[C_NLOC]):
                    if cat[C_LOC_MARACAIBO + loc]:
                        state[G_LOC_TILE + loc] = t
            continue
        if cat[C_TILE_SPECIAL + t]:
            chosen[nc] = t
            nc += 1
        else:
            others[no] = t
            no += 1
    shuffle_array(state, others, no)
    i = 0
    while nc < 4 and i < no:
        chosen[nc] = others[i]
        nc += 1
        i += 1
    shuffle_array(state, chosen, nc)
    k = 0
    for loc in range(cat[C_NLOC]):
        if cat[C_LOC_TILE_SLOT + loc] and k < nc:
            state[G_LOC_TILE + loc] = chosen[k]
            k += 1

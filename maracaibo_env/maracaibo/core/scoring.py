"""Interim scoring (checklist §20), final scoring (§21), round hand-off."""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import (add_vp, completed_areas, discard_card, draw_top, empty_supply_spaces,
                     markers_on_board, noble_rank, pb, popcount, push, quest_from_pile_to)
from .constants import (B_ABBEY, B_ACADEMY, B_BASILICA, B_CATHEDRAL, B_CITADEL, B_MILITARY_BASE,
                        B_MINSTER, B_PALACE, C_CARD_VP, C_DINC_VP, C_HAVANA, C_LOC_NUMBER, C_NLOC,
                        C_PRE_KIND, C_SQ_LOC, C_SQ_N, C_SQ_PMASK, C_SQ_ROUND, G_CAMPAIGN,
                        G_CITY_DISCS_OUT, G_CUR, G_INCOME_DONE, G_LOC_MARKET, G_MARKET, G_NP,
                        G_OVER, G_PHASE, G_PR_BUILD, G_PR_INVESTORS, G_PR_REVEALED, G_ROUND,
                        G_ROUND_END, G_SCORING, G_SOLO, G_STORY, G_TRIGGER, G_TURN_P, MARKET_SIZE,
                        N_BUILDINGS, N_NATIONS, N_PRESTIGE, OP_SCORE_BUY, OP_SCORE_END,
                        OP_SCORE_REST, OP_STORY_CHECK, PH_GAME_OVER, PH_SAIL, P_ASSIST,
                        P_ASSIST_NEW, P_BARRIERS, P_CP, P_DINC, P_DOUBLOONS, P_FIG_BOARD,
                        P_FIG_SUPPLY, P_INF, P_PRESTIGE, P_QUESTS, P_SHIP, P_SYNERGY, P_TABLEAU,
                        P_TABLEAU_N, P_TOKENS, P_VINC, STORY_Q, VS_ASSISTANTS, VS_AUTOMA, VS_CARDS,
                        VS_DOUBLOON_TRACK, VS_INFLUENCE_MAJORITY, VS_NOBLE_RANKS, VS_PRESTIGE,
                        VS_VP_INCOME)
from .automa import jean_income, end_bonuses

SCORING_INTERIM, SCORING_FINAL = 1, 2   # G_SCORING while a scoring runs
FINAL_ROUND = 4                         # a scoring triggered in round 4 is the final one
INFLUENCE_LEAD_VP = 3                   # FIN-04: furthest on a nation's influence track
MAJORITY_BONUS = (2, 1, 0)              # FIN-05a: by the number of nations with more markers
CATHEDRAL_FACTOR = 2                    # PRES-17: the doubloon-track VP again, doubled
# prestige buildings' end scoring (PRES-10..16)
ABBEY_VP = 4                            # PRES-10: per barrier crossed
PALACE_VP = 2                           # PRES-11: per quest tile
BASILICA_VP, BASILICA_MAX = 4, 16       # PRES-12: per assistant, at most 16
CITADEL_VP = 2                          # PRES-13: per figure in the supply and per CP
MINSTER_VP = 3                          # PRES-14: per synergy token
MILITARY_BASE_VP = 2                    # PRES-15: per combat token on the ship board
ACADEMY_VP = 2                          # PRES-16: per ship upgrade


@njit_noalloc
def start_scoring(state, cat):
    """After the triggering player's Phase C: step 1 for each player in turn
    order from the trigger, then the automatic steps (INT-01, FIN-01)."""
    trig = state[G_TRIGGER]
    np_ = state[G_NP]
    state[G_SCORING] = SCORING_FINAL if state[G_ROUND] == FINAL_ROUND else SCORING_INTERIM
    push(state, OP_SCORE_REST, trig, 0, 0)
    for i in range(np_ - 1, -1, -1):
        q = (trig + i) % np_
        if not (state[G_SOLO] and q == 1):  # SOLO-17: Jean neither buys nor scores 2 VP
            push(state, OP_SCORE_BUY, q, 0, 0)


@njit_noalloc
def multipliers(state, cat, out):
    """FIN-05a: empty supply spaces + majority bonus (2 / 1 / 0, ties take the higher)."""
    counts = stack_array(N_NATIONS, np.int64)
    counts[:] = 0
    for n in range(N_NATIONS):
        counts[n] = markers_on_board(state, cat, n)
    for n in range(N_NATIONS):
        above = 0  # nations with strictly more markers: 0 -> 2, 1 -> 1, 2 -> 0
        for k in range(N_NATIONS):
            if counts[k] > counts[n]:
                above += 1
        out[n] = empty_supply_spaces(state, n) + MAJORITY_BONUS[above]


@njit_noalloc
def _income(state, cat):
    """INT-02 / FIN-02 income step."""
    final = state[G_SCORING] == SCORING_FINAL
    for p in range(state[G_NP]):
        b = pb(p)
        if state[G_SOLO] and p == 1:  # SOLO-18: Jean's income
            add_vp(state, p, jean_income(state, cat), VS_AUTOMA)
            continue
        add_vp(state, p, state[b + P_VINC], VS_VP_INCOME)
        if final:
            v = cat[C_DINC_VP + state[b + P_DINC]]
            if invested_in_kind(state, cat, p, B_CATHEDRAL):
                add_vp(state, p, CATHEDRAL_FACTOR * v, VS_PRESTIGE)  # PRES-17: an extra 2x
            add_vp(state, p, v, VS_DOUBLOON_TRACK)
        else:
            state[b + P_DOUBLOONS] += state[b + P_DINC]
    state[G_INCOME_DONE] = 1


@njit_noalloc
def invested_in_kind(state, cat, p, kind):
    """Has p invested in a building of this kind (enums.BUILDINGS)?"""
    for bld in range(N_PRESTIGE):
        if (state[pb(p) + P_PRESTIGE] >> bld) & 1 and cat[C_PRE_KIND + bld] == kind:
            return True
    return False


@njit_noalloc
def prestige_points(state, cat, p, building):
    """PRES-10..16 end scoring of a building of kind `building` for player p."""
    b = pb(p)
    if building == B_ABBEY:
        return ABBEY_VP * popcount(state[b + P_BARRIERS])
    if building == B_PALACE:
        return PALACE_VP * state[b + P_QUESTS]
    if building == B_BASILICA:
        v = BASILICA_VP * state[b + P_FIG_BOARD]
        return BASILICA_MAX if v > BASILICA_MAX else v
    if building == B_CITADEL:
        return CITADEL_VP * state[b + P_FIG_SUPPLY] + CITADEL_VP * state[b + P_CP]
    if building == B_MINSTER:
        return MINSTER_VP * popcount(state[b + P_SYNERGY])
    if building == B_MILITARY_BASE:
        return MILITARY_BASE_VP * state[b + P_TOKENS]
    if building == B_ACADEMY:
        return ACADEMY_VP * completed_areas(state, p)
    return 0  # cathedral scores with the income step


@njit_noalloc
def finish_scoring(state, cat):
    if state[G_SCORING] == SCORING_FINAL:
        _final_rest(state, cat)
    else:
        _interim_rest(state, cat)


@njit_noalloc
def _interim_rest(state, cat):
    _income(state, cat)
    # step 3: delivered discs leave the game
    for loc in range(cat[C_NLOC]):
        state[G_CITY_DISCS_OUT] += state[G_LOC_MARKET + loc]
        state[G_LOC_MARKET + loc] = 0
    # step 4: a new market
    for k in range(MARKET_SIZE):
        if state[G_MARKET + k] >= 0:
            discard_card(state, state[G_MARKET + k])
        state[G_MARKET + k] = draw_top(state)
    # step 5: reveal the next prestige building
    if state[G_PR_REVEALED] < N_BUILDINGS:
        state[G_PR_REVEALED] += 1
    # step 6: the story card's quests for this round; the campaign check (STORY-03)
    if state[G_CAMPAIGN]:
        push(state, OP_SCORE_END, state[G_TRIGGER], 0, 0)
        push(state, OP_STORY_CHECK, state[G_TRIGGER], 0, 0)
        return
    place_story_quests(state, cat, state[G_ROUND])
    _interim_end(state, cat)


@njit_noalloc
def end_scoring(state, cat):
    """OP_SCORE_END: the steps after a campaign check."""
    if state[G_SCORING] == SCORING_FINAL:
        _game_over(state)
    else:
        _interim_end(state, cat)


@njit_noalloc
def _interim_end(state, cat):
    np_ = state[G_NP]
    # step 7: ships home; unused assistants beyond the ship score 2 VP (ASST-07d)
    for p in range(np_):
        b = pb(p)
        here = cat[C_LOC_NUMBER + state[b + P_SHIP]]
        for loc in range(cat[C_NLOC]):
            k = state[b + P_ASSIST + loc] - state[b + P_ASSIST_NEW + loc]  # not just placed
            if k > 0 and cat[C_LOC_NUMBER + loc] > here:
                add_vp(state, p, 2 * k, VS_ASSISTANTS)
            state[b + P_ASSIST_NEW + loc] = 0
        state[b + P_SHIP] = cat[C_HAVANA]
    state[G_SCORING] = 0
    state[G_INCOME_DONE] = 0
    state[G_ROUND] += 1
    state[G_ROUND_END] = 0
    state[G_TURN_P] = (state[G_TRIGGER] + 1) % np_  # INT-08
    state[G_CUR] = state[G_TURN_P]
    state[G_PHASE] = PH_SAIL


@njit_noalloc
def _final_rest(state, cat):
    np_ = state[G_NP]
    _income(state, cat)
    # step 3: cards in the tableau and prestige buildings
    for p in range(np_):
        b = pb(p)
        for i in range(state[b + P_TABLEAU_N]):
            add_vp(state, p, cat[C_CARD_VP + state[b + P_TABLEAU + i]], VS_CARDS)
        for s in range(N_BUILDINGS):
            if (state[G_PR_INVESTORS + s] >> p) & 1:
                kind = cat[C_PRE_KIND + state[G_PR_BUILD + s]]
                add_vp(state, p, prestige_points(state, cat, p, kind), VS_PRESTIGE)
    # step 4: furthest on each influence track, 3 VP each (ties all score)
    for n in range(N_NATIONS):
        best = 0
        for p in range(np_):
            best = max(best, state[pb(p) + P_INF + n])
        if best > 0:
            for p in range(np_):
                if state[pb(p) + P_INF + n] == best:
                    add_vp(state, p, INFLUENCE_LEAD_VP, VS_INFLUENCE_MAJORITY)
    # step 5: noble ranks x multipliers
    mult = stack_array(N_NATIONS, np.int64)
    mult[:] = 0
    multipliers(state, cat, mult)
    for p in range(np_):
        for n in range(N_NATIONS):
            add_vp(state, p, noble_rank(cat, state[pb(p) + P_INF + n]) * mult[n], VS_NOBLE_RANKS)
    if state[G_SOLO]:
        end_bonuses(state, cat)
    if state[G_CAMPAIGN]:  # step 6 (FIN-06): the campaign check, as in interim scoring
        push(state, OP_SCORE_END, state[G_TRIGGER], 0, 0)
        push(state, OP_STORY_CHECK, state[G_TRIGGER], 0, 0)
        return
    _game_over(state)


@njit_noalloc
def _game_over(state):
    state[G_OVER] = 1
    state[G_PHASE] = PH_GAME_OVER
    state[G_CUR] = -1


@njit_noalloc
def place_story_quests(state, cat, round_):
    """SETUP-16 / INT-06: quest tiles from the pile onto the story card's locations."""
    s = state[G_STORY]
    pbit = 1 << state[G_NP]  # solo plays with the 2-player placements (SOLO-01)
    for i in range(cat[C_SQ_N + s]):
        o = s * STORY_Q + i
        if cat[C_SQ_ROUND + o] == round_ and cat[C_SQ_PMASK + o] & pbit:
            if not quest_from_pile_to(state, cat[C_SQ_LOC + o]):
                return  # QUEST-09 ruling: no tiles left, nothing placed

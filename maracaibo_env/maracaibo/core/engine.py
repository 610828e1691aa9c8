"""reset / legal_mask / step: the decision machine.

A turn is a sequence of atomic decisions. Top-level phases (set-up, sail,
main) live in state[G_PHASE]; everything a main action sets off is a task on
the state's stack (engine resolves automatic tasks, and a task that needs a
decision sets the phase). A decision with exactly one legal action is taken
automatically, so every decision an agent sees is a real choice.
"""
from ...framework.jit import njit_noalloc
from ...framework.masks import count_legal, nth_legal

from .common import (add_vp, compasses, count_effect, count_symbol_in_hand, disc_removable,
                     discard_card, draw_top, empty_village_exists, gain_cp, gain_influence,
                     gain_synergy, hand_add, hand_limit, hand_take, has_upgrade, income_doubloons,
                     is_village, move_to_next_rank, pb, place_marker, push, remove_disc,
                     remove_entry, return_figure, supply_left, top_off)
from .constants import (AREA_FREE_MARKET, AREA_VILLAGE_THRESHOLDS, A_BUY_HAND, A_BUY_PLAN, A_CAREER,
                        A_CHOICE, A_DELIVER, A_DISC, A_DRAW_DECK, A_DRAW_MARKET, A_EXPLORE,
                        A_FREE_CAREER, A_FREE_FIGURE_CP, A_FREE_PLAN, A_INVEST, A_MAIN_ASSISTANT,
                        A_MAIN_CITY, A_MAIN_QUEST, A_MAIN_VILLAGE, A_NATION, A_PASS, A_PAY, A_PLACE,
                        A_SAIL, A_SCORE_VP2, A_SETUP_DISCARD, A_SETUP_PLAN, BOARD_QUEST_CAP,
                        CA_NONE, CH_ANY_SYNERGY, CH_CITYACT10, CH_CITY_ACTION, CH_DISCARD_HAND4,
                        CH_FIGURES_INCOME, CH_GOODS, CH_HOME20, CH_LEG_DISC, CH_LEG_FIGURE_VP,
                        CH_PAY2CP, CH_QUEST_SPACE, CH_RETIRE, CH_SHIP_CHOICE, CH_SKULL_TILE,
                        CH_STORY_VOTE, C_CARD_SYMBOL, C_NGOODS, C_NLOC, C_SC_DEC_N,
                        EF_PERM_FIGURE_CP, FREE_ALL, FREE_FIGURE, FREE_NONE, G_ASSIST_USED,
                        G_BQ_AGE, G_BQ_LOC, G_BQ_TILE, G_COMPASS_AT_START, G_CUR, G_DISCARD_N,
                        G_DRAW_N, G_EXQ_TILE, G_EXTRA_MAIN, G_EXTRA_MP, G_LAST_ACTION, G_LEGACY,
                        G_LEG_DISCS, G_LOC_MARKER, G_LOC_MARKET, G_MAIN_DONE, G_MARKET, G_MP_SPENT,
                        G_NP, G_OVER, G_PHASE, G_ROUND_END, G_SCORING, G_SOLO, G_START, G_STEPS,
                        G_STK_N, G_TRIGGER, G_TURN_COUNT, G_TURN_P, LK_CITY, LK_HOME, LK_VILLAGE,
                        MARKET_SIZE, MAX_LOC, MAX_MP, NK_INFLUENCE, NK_NEXT_RANK, NK_VILLAGE_MARKER,
                        N_AA, N_AREAS, N_CHOICE_OPTIONS, N_NATIONS, N_SYNERGY,
                        OP_CHOICE, OP_CITY_ACTION, OP_COMBAT, OP_DELIVER, OP_DRAW, OP_EXPLORE,
                        OP_EXTRA_SAIL, OP_LEG_MAIN, OP_MAIN_DONE, OP_NATION, OP_PAY, OP_PLACE,
                        OP_REMOVE_DISC, OP_SCORE_BUY, OP_SCORE_END, OP_SCORE_REST, OP_STORY_CHECK,
                        OP_STORY_TALLY, OP_VILLAGE, PH_CHOICE, PH_COMBAT, PH_COMBAT_NATION,
                        PH_COMBAT_PILE, PH_DELIVER, PH_DISC, PH_DRAW, PH_EXPLORE, PH_GAME_OVER,
                        PH_MAIN, PH_NATION, PH_PAY, PH_PLACE, PH_SAIL, PH_SCORE_BUY,
                        PH_SETUP_CAREER, PH_SETUP_DISCARD, PH_SETUP_PLAN, PH_VILLAGE, PLAN_CAP,
                        P_ASSIST_NEW, P_CAREER, P_CAREER_OPT, P_CP, P_DOUBLOONS, P_FIG_BOARD,
                        P_FIG_CARDS, P_FIG_SUPPLY, P_HAND, P_HAND_N, P_PLAN, P_SHIP, P_SYNERGY,
                        VS_CITY_ACTIONS, VS_SCORING_CHOICE, VS_SHIP_UPGRADES)
from . import combat, village
from .cards import legal_buys, apply_buy
from .careers import task_available, complete_task
from .city import can_deliver, legal_deliver, apply_deliver, start_city_action, discard_hand
from .explorer import legal_explore, apply_explore
from .quests import can_fulfil, fulfil
from .sailing import legal_sail, apply_sail, village_count, location_action
from .assistants import (legal_main_assistant, apply_action as apply_assistant,
                         score_unused_here, score_skipped, location_income, goods_kinds_with)
from .scoring import start_scoring, finish_scoring, end_scoring
from .setup import reset
from .observe import observe
from . import automa
from . import retirement
from . import legacy
from . import story


# ---- phase of the top task ---------------------------------------------------
@njit_noalloc
def _task_phase(state, o):
    op = state[o]
    if op == OP_NATION:
        return PH_NATION
    if op == OP_REMOVE_DISC:
        return PH_DISC
    if op == OP_VILLAGE:
        return PH_VILLAGE
    if op == OP_EXPLORE:
        return PH_EXPLORE
    if op == OP_COMBAT:
        return combat.phase_of(state, o)
    if op == OP_CHOICE:
        return PH_CHOICE
    if op == OP_PAY:
        return PH_PAY
    if op == OP_DELIVER:
        return PH_DELIVER
    if op == OP_PLACE:
        return PH_PLACE
    if op == OP_SCORE_BUY:
        return PH_SCORE_BUY
    if op == OP_EXTRA_SAIL:
        return PH_SAIL
    return PH_DRAW  # OP_DRAW


# ---- legality ----------------------------------------------------------------
@njit_noalloc
def legal_mask(state, cat, mask):
    """mask[a] = 1 exactly for the legal actions of the acting player.
    Returns how many of them are free actions (§16)."""
    mask[:] = 0
    ph = state[G_PHASE]
    if ph == PH_GAME_OVER:
        return 0
    _legal_own(state, cat, ph, mask)
    free = free_actions_allowed(state)
    if free == FREE_NONE:
        return 0
    return _legal_free(state, cat, state[G_CUR], free == FREE_ALL, mask)


@njit_noalloc
def free_actions_allowed(state):
    """Which free actions the acting player may take at this decision.

    FREE-01/MAIN-04/CAR-02: planning and career tasks "before, during, or after
    your main action", so at every decision of the player's own Phase B (the
    main-action choice and every sub-decision it sets off, the AA-04/14 extra
    sail included), except in the middle of paying a cost (a payment is one
    step of the rules). PERM-08 (figure -> 2 CP) is allowed "at any time":
    also at the decisions of the scoring steps; in Phases A and C and set-up
    it could change nothing the next Phase B could not (ruling)."""
    ph = state[G_PHASE]
    if ph == PH_PAY or ph == PH_DRAW or ph == PH_GAME_OVER or ph < PH_SAIL:
        return FREE_NONE
    if ph == PH_CHOICE and state[top_off(state) + 2] == CH_GOODS:
        return FREE_NONE  # choosing the kind of goods to pay: part of a payment
    if ph == PH_SAIL and state[G_STK_N] == 0:
        return FREE_NONE  # Phase A
    if state[G_SCORING] > 0:
        return FREE_FIGURE
    return FREE_ALL


@njit_noalloc
def _legal_own(state, cat, ph, mask):
    """The decision's own actions (everything but the free actions)."""
    p = state[G_CUR]
    b = pb(p)
    if ph == PH_SETUP_PLAN or ph == PH_SETUP_DISCARD:
        base = A_SETUP_PLAN if ph == PH_SETUP_PLAN else A_SETUP_DISCARD
        for i in range(state[b + P_HAND_N]):
            mask[base + i] = 1
        return
    if ph == PH_SETUP_CAREER:
        mask[A_CAREER] = 1
        mask[A_CAREER + 1] = 1
        return
    if ph == PH_SAIL:
        if state[G_STK_N] > 0:  # AA-04 / AA-14: 1-3 MP, or decline
            legal_sail(state, cat, mask, state[top_off(state) + 2])
            mask[A_PASS] = 1
        else:
            legal_sail(state, cat, mask, MAX_MP)
        return
    if ph == PH_MAIN:
        _legal_main(state, cat, p, mask)
        return
    o = top_off(state)
    a = state[o + 2]
    if ph == PH_NATION:
        for n in range(N_NATIONS):
            if state[o + 3] != NK_VILLAGE_MARKER or supply_left(state, n) > 0:
                mask[A_NATION + n] = 1
    elif ph == PH_PLACE:
        for loc in range(cat[C_NLOC]):
            if is_village(state, cat, loc) and state[G_LOC_MARKER + loc] < 0:
                mask[A_PLACE + loc] = 1
    elif ph == PH_DISC:
        any_disc = False
        for ar in range(N_AREAS):
            if disc_removable(state, cat, p, ar):
                mask[A_DISC + ar] = 1
                any_disc = True
        if any_disc and state[o + 3] & 1:  # optional; with no disc the task lapses
            mask[A_PASS] = 1
    elif ph == PH_VILLAGE:
        village.legal(state, cat, p, mask)
    elif ph == PH_EXPLORE:
        if legal_explore(state, cat, p, a, mask):
            mask[A_PASS] = 1
    elif ph == PH_COMBAT_PILE or ph == PH_COMBAT_NATION or ph == PH_COMBAT:
        combat.legal(state, cat, o, mask)
    elif ph == PH_CHOICE:
        _legal_choice(state, cat, p, a, state[o + 3], mask)
    elif ph == PH_PAY:
        for i in range(state[b + P_HAND_N]):
            if cat[C_CARD_SYMBOL + state[b + P_HAND + i]] == a:
                mask[A_PAY + i] = 1
    elif ph == PH_DELIVER:
        if legal_deliver(state, cat, p, a, mask, A_DELIVER):
            mask[A_PASS] = 1  # with no matching card left (planned) the delivery lapses
    elif ph == PH_SCORE_BUY:
        mask[A_SCORE_VP2] = 1
        legal_buys(state, cat, p, mask, A_BUY_HAND, A_BUY_PLAN, A_INVEST)
    elif ph == PH_DRAW:
        if state[G_DRAW_N] + state[G_DISCARD_N] > 0:
            mask[A_DRAW_DECK] = 1
        else:
            mask[A_PASS] = 1  # DRAW-06: no pile left, market picks are optional
        free = has_upgrade(state, p, AREA_FREE_MARKET)
        if free or state[b + P_DOUBLOONS] > 0:
            for k in range(MARKET_SIZE):
                if state[G_MARKET + k] >= 0:
                    mask[A_DRAW_MARKET + k] = 1


@njit_noalloc
def _legal_main(state, cat, p, mask):
    b = pb(p)
    loc = state[b + P_SHIP]
    mask[A_PASS] = 1
    if not state[G_MAIN_DONE]:
        kind = legacy.loc_kind(state, cat, loc)
        if (kind == LK_CITY or kind == LK_HOME) and location_action(state, cat, loc) != CA_NONE \
                and (state[G_LEGACY] == 0 or not legacy.city_blocked(state, cat, loc)):
            mask[A_MAIN_CITY] = 1
        if kind == LK_VILLAGE and (state[G_LEGACY] == 0 or not legacy.village_blocked(state, cat, loc)):
            mask[A_MAIN_VILLAGE] = 1  # VILL-07: not at a skull tile (L20-L23) or plague Cartagena (L3)
        for k in range(BOARD_QUEST_CAP):
            t = state[G_BQ_TILE + k]
            if t >= 0 and state[G_BQ_LOC + k] == loc and can_fulfil(state, cat, p, t):
                mask[A_MAIN_QUEST + k] = 1
        legal_main_assistant(state, cat, p, loc, mask, A_MAIN_ASSISTANT)


@njit_noalloc
def _legal_free(state, cat, p, all_kinds, mask):
    """§16 free actions: planning (FREE-02), career tasks (FREE-04), and
    figure -> 2 CP (PERM-08, also when not all_kinds). Returns how many."""
    b = pb(p)
    n = 0
    if all_kinds:
        plan_free = False
        for j in range(PLAN_CAP):
            if state[b + P_PLAN + j] < 0:
                plan_free = True
        if plan_free:
            for i in range(state[b + P_HAND_N]):
                mask[A_FREE_PLAN + i] = 1
                n += 1
        for t in range(3):
            if task_available(state, cat, p, t):
                mask[A_FREE_CAREER + t] = 1
                n += 1
    if state[b + P_FIG_SUPPLY] > 0 and count_effect(state, cat, p, EF_PERM_FIGURE_CP) > 0:
        mask[A_FREE_FIGURE_CP] = 1
        n += 1
    return n


@njit_noalloc
def _legal_choice(state, cat, p, kind, arg, mask):
    b = pb(p)
    if kind == CH_CITYACT10 or kind == CH_HOME20 or kind == CH_DISCARD_HAND4 \
            or kind == CH_CITY_ACTION:
        mask[A_CHOICE] = 1
        mask[A_CHOICE + 1] = 1
    elif kind == CH_PAY2CP:
        mask[A_CHOICE] = 1
        if state[b + P_CP] >= 2:
            mask[A_CHOICE + 1] = 1
    elif kind == CH_SHIP_CHOICE:
        for k in range(3):
            mask[A_CHOICE + k] = 1
    elif kind == CH_QUEST_SPACE:
        mask[A_CHOICE] = 1
        t = state[G_EXQ_TILE + arg]
        if t >= 0 and can_fulfil(state, cat, p, t):
            mask[A_CHOICE + 1] = 1
    elif kind == CH_ANY_SYNERGY:
        for s in range(N_SYNERGY):
            if not (state[b + P_SYNERGY] >> s) & 1:
                mask[A_CHOICE + s] = 1
    elif kind == CH_FIGURES_INCOME:
        m = state[b + P_FIG_SUPPLY]
        for k in range(min(m, N_CHOICE_OPTIONS - 1) + 1):
            mask[A_CHOICE + k] = 1
    elif kind == CH_GOODS:
        m = goods_kinds_with(state, cat, p, arg)
        for g in range(cat[C_NGOODS]):
            if (m >> g) & 1:
                mask[A_CHOICE + g] = 1
    elif kind == CH_RETIRE:
        retirement.legal(state, cat, p, mask)
    elif kind == CH_LEG_DISC:
        mask[A_CHOICE] = 1
        if legacy.disc_offer_possible(state, cat, p, arg):
            mask[A_CHOICE + 1] = 1
    elif kind == CH_LEG_FIGURE_VP:
        mask[A_CHOICE] = 1
        if state[b + P_FIG_SUPPLY] > 0:
            mask[A_CHOICE + 1] = 1
    elif kind == CH_STORY_VOTE:   # STORY-04: one of the card's options
        for k in range(cat[C_SC_DEC_N + arg // 4]):
            mask[A_CHOICE + k] = 1
    elif kind == CH_SKULL_TILE:   # QREW-08: one of the skull tiles in play
        for k in range(N_CHOICE_OPTIONS):
            if legacy.skull_in_play(state, k) >= 0:
                mask[A_CHOICE + k] = 1


# ---- applying one decision ---------------------------------------------------
@njit_noalloc
def _apply(state, cat, action):
    ph = state[G_PHASE]
    p = state[G_CUR]
    b = pb(p)
    if A_FREE_PLAN <= action <= A_FREE_FIGURE_CP:  # the decision stays open
        _apply_free(state, cat, p, action)
        return
    if ph == PH_SETUP_PLAN:
        state[b + P_PLAN] = hand_take(state, p, action - A_SETUP_PLAN)
        state[G_PHASE] = PH_SETUP_DISCARD
        return
    if ph == PH_SETUP_DISCARD:
        discard_card(state, hand_take(state, p, action - A_SETUP_DISCARD))
        if state[b + P_HAND_N] <= 4:
            state[G_PHASE] = PH_SETUP_CAREER
        return
    if ph == PH_SETUP_CAREER:
        state[b + P_CAREER] = state[b + P_CAREER_OPT + action - A_CAREER]
        nxt = (p + 1) % state[G_NP]
        if state[G_SOLO]:
            nxt = 0  # Jean has no set-up decisions
        state[G_CUR] = nxt
        state[G_PHASE] = PH_SAIL if nxt == state[G_START] else PH_SETUP_PLAN
        return
    if ph == PH_SAIL:
        if state[G_STK_N] > 0:  # the extra sail of AA-04 / AA-14
            remove_entry(state, top_off(state))
            if action != A_PASS:
                score_unused_here(state, cat, p)
                frm = state[b + P_SHIP]
                state[G_EXTRA_MP] = apply_sail(state, cat, p, action - A_SAIL)
                _arrive(state, cat, p, frm)
                state[G_EXTRA_MAIN] = 1
            return
        frm = state[b + P_SHIP]
        state[G_MP_SPENT] = apply_sail(state, cat, p, action - A_SAIL)
        _arrive(state, cat, p, frm)
        state[G_COMPASS_AT_START] = compasses(state, cat, p)
        state[G_PHASE] = PH_MAIN
        return
    if ph == PH_MAIN:
        _apply_main(state, cat, p, action)
        return
    o = top_off(state)
    a = state[o + 2]
    arg = state[o + 3]
    if ph == PH_NATION:
        n = action - A_NATION
        remove_entry(state, o)
        if arg == NK_INFLUENCE:
            gain_influence(state, cat, p, n, a)
        elif arg == NK_NEXT_RANK:
            move_to_next_rank(state, cat, p, n)
        elif arg == NK_VILLAGE_MARKER:
            push(state, OP_PLACE, p, n, 0)
        else:  # IMM-13: marker (if a village and a marker exist), then next rank
            if empty_village_exists(state, cat) and supply_left(state, n) > 0:
                push(state, OP_PLACE, p, n, 1)
            else:
                move_to_next_rank(state, cat, p, n)
    elif ph == PH_PLACE:
        remove_entry(state, o)
        place_marker(state, action - A_PLACE, a)
        if arg:
            move_to_next_rank(state, cat, p, a)
    elif ph == PH_DISC:
        if action == A_PASS:
            remove_entry(state, o)
            return
        if a <= 1:
            remove_entry(state, o)
        else:
            state[o + 2] = a - 1
        to_market = (arg >> 1) & 1
        if to_market:
            state[G_LOC_MARKET + (arg >> 4)] += 1
        elif (arg >> 2) & 1:  # LEG-L10..L17: onto the disc tile in slot arg >> 4
            state[G_LEG_DISCS + (arg >> 4)] += 1
        remove_disc(state, cat, p, action - A_DISC, to_market)
    elif ph == PH_VILLAGE:
        village.apply(state, cat, o, action)
    elif ph == PH_EXPLORE:
        remove_entry(state, o)
        if action != A_PASS:
            apply_explore(state, cat, p, action - A_EXPLORE)
    elif ph == PH_COMBAT_PILE or ph == PH_COMBAT_NATION or ph == PH_COMBAT:
        if combat.apply(state, cat, o, action):
            remove_entry(state, o)
    elif ph == PH_CHOICE:
        remove_entry(state, o)
        _apply_choice(state, cat, p, a, arg, action - A_CHOICE)
    elif ph == PH_PAY:
        if arg <= 1:
            remove_entry(state, o)
        else:
            state[o + 3] = arg - 1
        discard_card(state, hand_take(state, p, action - A_PAY))
    elif ph == PH_DELIVER:
        remove_entry(state, o)
        if action != A_PASS:
            # CITY-01: after a delivery the city action itself may be declined
            c = top_off(state)
            if state[G_STK_N] > 0 and state[c] == OP_CITY_ACTION:
                state[c] = OP_CHOICE
                state[c + 2] = CH_CITY_ACTION
                state[c + 3] = a
            apply_deliver(state, cat, p, a, action - A_DELIVER)
    elif ph == PH_SCORE_BUY:
        remove_entry(state, o)
        if action == A_SCORE_VP2:
            add_vp(state, p, 2, VS_SCORING_CHOICE)
        else:
            if state[G_SCORING] == 1:
                push(state, OP_DRAW, p, 0, 0)  # INT-01: redraw as in Phase C
            apply_buy(state, cat, p, action, A_BUY_HAND, A_BUY_PLAN, A_INVEST)
    elif ph == PH_DRAW:
        if action == A_PASS:
            state[o + 3] = 1  # DRAW-06: stops drawing (both piles empty)
        elif action == A_DRAW_DECK:
            hand_add(state, p, draw_top(state))
        else:
            k = action - A_DRAW_MARKET
            hand_add(state, p, state[G_MARKET + k])
            state[G_MARKET + k] = -1  # DRAW-03: refilled only after the draw
            if not has_upgrade(state, p, AREA_FREE_MARKET):
                state[b + P_DOUBLOONS] -= 1


@njit_noalloc
def _arrive(state, cat, p, frm):
    """A ship ended its movement: skipped assistants (ASST-07a), assistant-
    location income (PERM-07)."""
    state[G_ASSIST_USED] = 0
    dest = state[pb(p) + P_SHIP]
    score_skipped(state, cat, p, frm, dest)
    location_income(state, cat, dest)
    if state[G_LEGACY] != 0:
        legacy.arrive(state, cat, p, dest)  # L5, L25, the L10-L17 disc offer


@njit_noalloc
def _apply_main(state, cat, p, action):
    b = pb(p)
    loc = state[b + P_SHIP]
    if action == A_PASS:
        push(state, OP_DRAW, p, 1, 0)
    elif action == A_MAIN_CITY:
        push(state, OP_MAIN_DONE, p, 0, 0)
        push(state, OP_CITY_ACTION, p, loc, 0)
        if can_deliver(state, cat, p, loc):
            push(state, OP_DELIVER, p, loc, 0)
    elif action == A_MAIN_VILLAGE:
        push(state, OP_MAIN_DONE, p, 0, 0)
        if state[G_EXTRA_MAIN] == 2:  # AA-04/14: count from the extra MP, no SHIP-01 (AA-18)
            n = village_count(state[G_EXTRA_MP], False)
        else:
            n = village_count(state[G_MP_SPENT], has_upgrade(state, p, AREA_VILLAGE_THRESHOLDS))
        push(state, OP_VILLAGE, p, n, 1)
    elif A_MAIN_ASSISTANT <= action < A_MAIN_ASSISTANT + N_AA:
        push(state, OP_MAIN_DONE, p, 0, 0)
        apply_assistant(state, cat, p, action - A_MAIN_ASSISTANT)
    elif A_MAIN_QUEST <= action < A_MAIN_QUEST + BOARD_QUEST_CAP:
        k = action - A_MAIN_QUEST
        t = state[G_BQ_TILE + k]
        state[G_BQ_TILE + k] = -1
        state[G_BQ_LOC + k] = -1
        state[G_BQ_AGE + k] = -1
        push(state, OP_MAIN_DONE, p, 0, 0)
        fulfil(state, cat, p, t)


@njit_noalloc
def _apply_free(state, cat, p, action):
    b = pb(p)
    if action < A_FREE_CAREER:  # FREE-02: a hand card to an empty planning space
        card = hand_take(state, p, action - A_FREE_PLAN)
        for j in range(PLAN_CAP):
            if state[b + P_PLAN + j] < 0:
                state[b + P_PLAN + j] = card
                break
    elif action < A_FREE_FIGURE_CP:
        complete_task(state, cat, p, action - A_FREE_CAREER)
    else:
        return_figure(state, p)
        gain_cp(state, p, 2)


@njit_noalloc
def _apply_choice(state, cat, p, kind, arg, k):
    b = pb(p)
    if kind == CH_CITYACT10:
        if k == 0:
            state[b + P_DOUBLOONS] += 4
        else:
            add_vp(state, p, 2 * state[b + P_FIG_BOARD], VS_CITY_ACTIONS)
    elif kind == CH_DISCARD_HAND4:
        if k == 1 and discard_hand(state, p) > 0:
            state[b + P_DOUBLOONS] += 4
    elif kind == CH_PAY2CP:
        if k == 1:
            state[b + P_CP] -= 2
            state[b + P_DOUBLOONS] += 6
            push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif kind == CH_HOME20:
        if k == 0:
            push(state, OP_COMBAT, p, -1, 0)
        else:
            push(state, OP_EXPLORE, p, 2, 0)
    elif kind == CH_SHIP_CHOICE:
        if k == 0:
            push(state, OP_EXPLORE, p, 3, 0)
        elif k == 1:
            state[b + P_DOUBLOONS] += 4
            add_vp(state, p, 4, VS_SHIP_UPGRADES)
        else:
            push(state, OP_NATION, p, 1, NK_NEXT_RANK)
    elif kind == CH_QUEST_SPACE:
        if k == 1:
            t = state[G_EXQ_TILE + arg]
            state[G_EXQ_TILE + arg] = -1
            fulfil(state, cat, p, t)
    elif kind == CH_ANY_SYNERGY:
        gain_synergy(state, cat, p, k)
    elif kind == CH_FIGURES_INCOME:
        state[b + P_FIG_SUPPLY] -= k
        state[b + P_FIG_CARDS] += k
        income_doubloons(state, cat, p, 2 * k)
    elif kind == CH_GOODS:
        push(state, OP_PAY, p, k, arg)
    elif kind == CH_CITY_ACTION:
        if k == 1:
            start_city_action(state, cat, p, arg)
    elif kind == CH_RETIRE:
        retirement.retire(state, cat, p, k)
    elif kind == CH_LEG_DISC:
        if k == 1:
            legacy.use_disc_tile(state, cat, p, arg)
    elif kind == CH_LEG_FIGURE_VP:
        if k == 1:
            legacy.figure_for_vp(state, p)
    elif kind == CH_STORY_VOTE:
        story.vote(state, p, arg, k)
    elif kind == CH_SKULL_TILE:
        legacy.remove_skull(state, cat, k)


# ---- automatic tasks and the advance loop --------------------------------------
@njit_noalloc
def _draw_done(state, p, o):
    b = pb(p)
    if state[o + 3] or state[b + P_HAND_N] >= hand_limit(state, p):
        return True
    if state[G_DRAW_N] + state[G_DISCARD_N] > 0:
        return False
    free = has_upgrade(state, p, AREA_FREE_MARKET)
    if free or state[b + P_DOUBLOONS] > 0:
        for k in range(MARKET_SIZE):
            if state[G_MARKET + k] >= 0:
                return False
    return True


@njit_noalloc
def _pay_forced(state, cat, o):
    """When no more matching cards are held than must be paid, pay them all."""
    p = state[o + 1]
    sym = state[o + 2]
    need = state[o + 3]
    b = pb(p)
    have = count_symbol_in_hand(state, cat, p, sym, -1)
    if have > need:
        return False
    remove_entry(state, o)
    i = 0
    while i < state[b + P_HAND_N]:
        if cat[C_CARD_SYMBOL + state[b + P_HAND + i]] == sym:
            discard_card(state, hand_take(state, p, i))
        else:
            i += 1
    return True


@njit_noalloc
def _end_turn(state, cat, p):
    b = pb(p)
    score_unused_here(state, cat, p)
    for loc in range(MAX_LOC):
        state[b + P_ASSIST_NEW + loc] = 0
    state[G_MAIN_DONE] = 0
    state[G_MP_SPENT] = 0
    state[G_EXTRA_MAIN] = 0
    state[G_EXTRA_MP] = 0
    state[G_TURN_COUNT] += 1
    if state[G_ROUND_END]:
        state[G_TRIGGER] = p
        start_scoring(state, cat)
    else:
        nxt = (p + 1) % state[G_NP]
        state[G_TURN_P] = nxt
        state[G_CUR] = nxt
        state[G_PHASE] = PH_SAIL


@njit_noalloc
def _resolve_automatic(state, cat):
    """Resolve tasks that need no decision; stop at one that does (or none left)."""
    while state[G_STK_N] > 0 and not state[G_OVER]:
        o = top_off(state)
        op = state[o]
        p = state[o + 1]
        if op == OP_CITY_ACTION:
            loc = state[o + 2]
            remove_entry(state, o)
            start_city_action(state, cat, p, loc)
        elif op == OP_MAIN_DONE:
            remove_entry(state, o)
            if state[G_EXTRA_MAIN] == 1:  # AA-04/14 owe one more main action
                state[G_EXTRA_MAIN] = 2
                state[G_MAIN_DONE] = 0
            else:
                state[G_EXTRA_MAIN] = 0
                state[G_MAIN_DONE] = 1
            state[G_CUR] = p
            state[G_PHASE] = PH_MAIN
        elif op == OP_LEG_MAIN:  # back to the main-action choice (the main action is still to come)
            remove_entry(state, o)
            state[G_CUR] = p
            state[G_PHASE] = PH_MAIN
        elif op == OP_SCORE_REST:
            remove_entry(state, o)
            finish_scoring(state, cat)
        elif op == OP_STORY_CHECK:
            story.check(state, cat, o)
        elif op == OP_STORY_TALLY:
            story.tally(state, cat, o)
        elif op == OP_SCORE_END:
            remove_entry(state, o)
            end_scoring(state, cat)
        elif op == OP_COMBAT and (state[o + 3] & 3) == 0:
            combat.start(state, cat, o)
        elif op == OP_VILLAGE and state[o + 2] <= 0:
            remove_entry(state, o)
        elif op == OP_PAY and _pay_forced(state, cat, o):
            pass
        elif op == OP_DRAW and _draw_done(state, p, o):
            end_turn = state[o + 2]
            remove_entry(state, o)
            for k in range(MARKET_SIZE):  # DRAW-03: refill after the draw
                if state[G_MARKET + k] < 0:
                    state[G_MARKET + k] = draw_top(state)
            if end_turn:
                _end_turn(state, cat, p)
        else:
            state[G_PHASE] = _task_phase(state, o)
            state[G_CUR] = p
            return


@njit_noalloc(inline="always")  # inlined into step_unchecked: one compiled copy of the engine
def advance(state, cat, mask):
    """Run until a decision with at least two legal actions (or the game end)."""
    while True:
        _resolve_automatic(state, cat)
        if (state[G_SOLO] and state[G_CUR] == automa.JEAN and state[G_PHASE] == PH_SAIL
                and state[G_STK_N] == 0 and not state[G_OVER]):
            automa.take_turn(state, cat)  # Jean's whole turn, no decisions
            _end_turn(state, cat, automa.JEAN)
            continue
        if state[G_OVER]:
            state[G_PHASE] = PH_GAME_OVER
            state[G_CUR] = -1
            mask[:] = 0
            return
        free = legal_mask(state, cat, mask)
        n = count_legal(mask)
        if n == free:  # nothing of the decision's own is legal
            if state[G_STK_N] > 0:  # a task with nothing to decide lapses
                remove_entry(state, top_off(state))
                continue
            raise ValueError("internal: no legal action")
        if n == 1:
            _apply(state, cat, nth_legal(mask, 0))
            continue
        return


@njit_noalloc
def step_unchecked(state, cat, action, mask):
    """Apply a legal action and advance; mask is scratch and ends as the new mask.
    action -1 only advances (a new game after setup.reset)."""
    if action >= 0:
        state[G_LAST_ACTION] = action
        state[G_STEPS] += 1
        _apply(state, cat, action)
    advance(state, cat, mask)


@njit_noalloc
def probe_step(state, cat, action):
    """step_unchecked without the advance to the next decision: apply a legal
    action and resolve the tasks that need no decision, nothing more (no legal
    mask, no forced single action applied, Jean's turn not taken). For search
    probes whose resulting state is only evaluated, never played on: about
    half the cost of a step where the next decision's mask is dear (village
    actions, a Combat)."""
    state[G_LAST_ACTION] = action
    state[G_STEPS] += 1
    _apply(state, cat, action)
    _resolve_automatic(state, cat)


@njit_noalloc
def step_observe(state, cat, action, mask, obs):
    """step_unchecked, then the observation of the player to act next written
    into obs (left untouched once the game is over): one call for AEC loops."""
    step_unchecked(state, cat, action, mask)
    if state[G_CUR] >= 0:
        observe(state, state[G_CUR], obs)


@njit_noalloc
def new_game(state, cat, num_players, seed, story, mask):
    """A new game (num_players 2-4, or 1 = solo vs Jean at medium, EN table)."""
    new_game_with(state, cat, num_players, seed, story, 2, 0, mask)


@njit_noalloc  # (Game calls setup.reset and step_unchecked(-1) instead)
def new_game_with(state, cat, num_players, seed, story, difficulty, table, mask):
    """A new game with solo options: difficulty 0-4 (very easy..very hard);
    table packs the solo options (game.solo_options): bit 0 the deck-size
    table (0 EN, 1 DE, SOLO-06), bit 1 Jean's income reading (0 EN, 1 DE, SOLO-18)."""
    reset(state, cat, num_players, seed, story, difficulty, table)
    advance(state, cat, mask)

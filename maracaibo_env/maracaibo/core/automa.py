"""The solo opponent Jean (checklist §26): her turn, movement, actions,
special Combat, income and end-game bonuses. Jean is seat 1 when state[G_SOLO].

Her turns are resolved entirely here; she never makes a decision through the
action space. What she did is written to AUTOMA_LOG as (event, argument)
pairs for logs and `infos` (events: JEV_*).
"""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import (add_vp, completed_areas, draw_top, gain_influence, is_village, noble_rank, pb,
                     place_marker, supply_left)
from .constants import (AUTOMA_ACTS, AUTOMA_LOG_CAP, BAR_NONE, BOARD_QUEST_CAP, CA_HOME21A,
                        CA_HOME22, C_AUTO_ACT, C_AUTO_ACT_AMT, C_AUTO_ACT_ARG, C_AUTO_ACT_R0,
                        C_AUTO_ACT_R1, C_AUTO_DIFF, C_AUTO_DISPLAY, C_AUTO_LEVEL, C_AUTO_MOVE,
                        C_AUTO_ROUTE, C_AUTO_WARRIOR, C_EXP_BARRIER, C_EXP_LAST, C_EXP_NEXT,
                        C_EXP_NEXT_N, C_EXP_QUEST, C_LOC_BRANCH, C_LOC_MUST_STOP, C_LOC_NEXT,
                        C_LOC_NEXT_N, C_LOC_NUMBER, C_NEXP, C_NLOC, C_TRACK_MARKED, C_TRACK_N,
                        C_TRACK_VP, FL_NONE, G_AUTOMA_CARDS, G_AUTOMA_DECK, G_AUTOMA_DISCARD,
                        G_AUTOMA_DISCARD_N, G_AUTOMA_INCOME, G_AUTOMA_LOG, G_AUTOMA_LOG_N,
                        G_AUTOMA_N, G_AUTOMA_TABLE, G_BARRIER_FIRST, G_BQ_AGE, G_BQ_LOC, G_BQ_TILE,
                        G_DIFFICULTY, G_EXP_LAST_N, G_EXQ_TILE, G_LEGACY, G_LOC_MARKER,
                        G_LOC_MARKET, G_MARKET, G_QPILE, G_QPILE_N, G_ROUND, G_ROUND_END, G_SUP_OUT,
                        G_SUP_TAKEN, G_TPILE0, G_TPILE1, G_TPILE_N, G_TRACK_REMOVED,
                        G_TRACK_TO_MARKET, JA_COMBAT, JA_EXPLORE, JA_INFLUENCE, JA_NONE,
                        JA_QUEST_PILE, JA_REMOVE_DISC, JA_VP, LK_CITY, LK_HOME, MAX_EXP, MAX_OUT,
                        N_AUTOMA, N_QUESTS, P_BARRIERS, P_EXPLORER, P_EXP_RANK, P_INF, P_QUESTS,
                        P_SHIP, P_TOKENS, VS_AUTOMA)
from ...framework.event_log import log_event
from .rng import rand_below
from .sailing import arrow_open, location_action, market_spaces, flag_kind
from .explorer import jumped, shortest
from .combat import token_value, modifier_bonus
from .assistants import location_income
from . import legacy
from .quests import story_tile_taken

JEAN = 1
HUMAN = 0
# log events
JEV_CARD, JEV_SAIL, JEV_QUEST, JEV_DELIVER, JEV_TAKE_CARD, JEV_INFLUENCE, JEV_REMOVE_DISC, \
    JEV_VP, JEV_EXPLORE, JEV_QUEST_PILE, JEV_COMBAT, JEV_ANNEX, JEV_MARKER_OUT, JEV_EXPLORER_QUEST = range(14)
JEV_NAMES = ("card", "sail", "quest", "deliver", "take_card", "influence", "remove_disc", "vp",
             "explore", "quest_pile", "combat", "annex", "marker_out", "explorer_quest")


@njit_noalloc
def _log(state, ev, arg):
    log_event(state, G_AUTOMA_LOG, G_AUTOMA_LOG_N, AUTOMA_LOG_CAP, ev, arg)


@njit_noalloc
def build_deck(state, cat):
    """SOLO-06: per letter, shuffle and take the level's count; shuffle together."""
    table = state[G_AUTOMA_TABLE]
    level = state[G_DIFFICULTY]
    n = 0
    group = stack_array(N_AUTOMA, np.int64)
    for letter in range(3):
        k = 0
        for c in range(N_AUTOMA):
            if cat[C_AUTO_LEVEL + c] == letter:
                group[k] = c
                k += 1
        for i in range(k - 1, 0, -1):
            j = rand_below(state, i + 1)
            group[i], group[j] = group[j], group[i]
        take = cat[C_AUTO_DIFF + (table * 5 + level) * 3 + letter]
        for i in range(min(take, k)):
            state[G_AUTOMA_DECK + n] = group[i]
            n += 1
    for i in range(N_AUTOMA):
        if i >= n:
            state[G_AUTOMA_DECK + i] = -1
        state[G_AUTOMA_DISCARD + i] = -1
    for i in range(n - 1, 0, -1):
        j = rand_below(state, i + 1)
        t = state[G_AUTOMA_DECK + i]
        state[G_AUTOMA_DECK + i] = state[G_AUTOMA_DECK + j]
        state[G_AUTOMA_DECK + j] = t
    state[G_AUTOMA_N] = n


@njit_noalloc
def _draw(state):
    """SOLO-08: top card; an empty pile is refilled by shuffling the discards."""
    if state[G_AUTOMA_N] == 0:
        n = state[G_AUTOMA_DISCARD_N]
        for i in range(n):
            state[G_AUTOMA_DECK + i] = state[G_AUTOMA_DISCARD + i]
            state[G_AUTOMA_DISCARD + i] = -1
        for i in range(n - 1, 0, -1):
            j = rand_below(state, i + 1)
            t = state[G_AUTOMA_DECK + i]
            state[G_AUTOMA_DECK + i] = state[G_AUTOMA_DECK + j]
            state[G_AUTOMA_DECK + j] = t
        state[G_AUTOMA_N] = n
        state[G_AUTOMA_DISCARD_N] = 0
    state[G_AUTOMA_N] -= 1
    c = state[G_AUTOMA_DECK + state[G_AUTOMA_N]]
    state[G_AUTOMA_DECK + state[G_AUTOMA_N]] = -1
    return c


@njit_noalloc
def _board_quest_at(state, loc):
    """The oldest board quest slot at loc (SOLO-13), -1 if none."""
    best, age = -1, 1 << 30
    for k in range(BOARD_QUEST_CAP):
        if state[G_BQ_TILE + k] >= 0 and state[G_BQ_LOC + k] == loc and state[G_BQ_AGE + k] < age:
            best, age = k, state[G_BQ_AGE + k]
    return best


@njit_noalloc
def _counts_for_jean(state, cat, loc):
    """SOLO-10: only cities (incl. homeward spaces) and locations with a quest count."""
    k = legacy.loc_kind(state, cat, loc)  # SOLO-12: cities of legacy tiles count
    return k == LK_CITY or k == LK_HOME or _board_quest_at(state, loc) >= 0


@njit_noalloc
def jean_destination(state, cat, start, move, route):
    """SOLO-09..11: count `move` spaces; the card's arrow picks the branch;
    a must-stop location ends the move."""
    cur = start
    counted = 0
    while True:
        nxt = -1
        if state[G_LEGACY] != 0:  # the L4/L7 fork (JLEG-01)
            nxt = legacy.jean_next(state, cat, cur, route)
        else:
            for j in range(cat[C_LOC_NEXT_N + cur]):
                k = cur * MAX_OUT + j
                if not arrow_open(state, cat, k):
                    continue
                if nxt < 0 or cat[C_LOC_BRANCH + k] == route:
                    nxt = cat[C_LOC_NEXT + k]
        if nxt < 0:
            return cur
        cur = nxt
        if _counts_for_jean(state, cat, cur):
            counted += 1
        if cat[C_LOC_MUST_STOP + cur] or counted >= move:
            return cur


@njit_noalloc
def track_emptied(state):
    return state[G_TRACK_REMOVED] + state[G_TRACK_TO_MARKET]


@njit_noalloc
def jean_income(state, cat):
    """SOLO-18: the track's VP + 1 VP per card beside the board. EN: the
    highest-value empty space; DE: the space uncovered last (the emptied spaces
    are always the leftmost ones). On a track whose values rise they agree."""
    n = min(track_emptied(state), cat[C_TRACK_N])
    best = 0
    if state[G_AUTOMA_INCOME] == 1:
        if n > 0:
            best = cat[C_TRACK_VP + n - 1]
    else:
        for i in range(n):
            best = max(best, cat[C_TRACK_VP + i])
    return best + state[G_AUTOMA_CARDS]


@njit_noalloc
def take_turn(state, cat):
    """One full turn of Jean (SOLO-08..16)."""
    state[G_AUTOMA_LOG_N] = 0
    jb = pb(JEAN)
    card = _draw(state)
    _log(state, JEV_CARD, card)
    dest = jean_destination(state, cat, state[jb + P_SHIP], cat[C_AUTO_MOVE + card],
                            cat[C_AUTO_ROUTE + card])
    state[jb + P_SHIP] = dest
    _log(state, JEV_SAIL, dest)
    act = location_action(state, cat, dest)
    if act == CA_HOME21A or act == CA_HOME22:
        state[G_ROUND_END] = 1
    location_income(state, cat, dest)  # SOLO-23: your PERM-07 cards
    k = _board_quest_at(state, dest)
    if k < 0 and state[G_LEGACY] != 0 and legacy.jean_takes_quest(state, cat, dest):
        _log(state, JEV_QUEST, dest)  # SOLO-13 at L1's quest space; her turn ends
    elif k >= 0:  # SOLO-13: the oldest quest; taking it ends her turn
        if state[G_BQ_TILE + k] >= N_QUESTS:  # a story tile (SOLO-20: its back is read)
            story_tile_taken(state, state[G_BQ_TILE + k], JEAN)
        state[G_BQ_TILE + k] = -1
        state[G_BQ_LOC + k] = -1
        state[G_BQ_AGE + k] = -1
        state[jb + P_QUESTS] += 1
        _log(state, JEV_QUEST, dest)
    else:
        kind = legacy.loc_kind(state, cat, dest)
        if kind == LK_CITY or kind == LK_HOME:
            _deliver_or_take(state, cat, dest, cat[C_AUTO_DISPLAY + card])
        for i in range(AUTOMA_ACTS):  # SOLO-16: the card's actions in order
            o = card * AUTOMA_ACTS + i
            a = cat[C_AUTO_ACT + o]
            if a != JA_NONE and cat[C_AUTO_ACT_R0 + o] <= state[G_ROUND] <= cat[C_AUTO_ACT_R1 + o]:
                _action(state, cat, a, cat[C_AUTO_ACT_ARG + o], cat[C_AUTO_ACT_AMT + o],
                        cat[C_AUTO_WARRIOR + card])
    state[G_AUTOMA_DISCARD + state[G_AUTOMA_DISCARD_N]] = card
    state[G_AUTOMA_DISCARD_N] += 1


@njit_noalloc
def _deliver_or_take(state, cat, loc, display):
    """SOLO-14/15: a disc into an empty market space, else the shown market card."""
    if (legacy.loc_kind(state, cat, loc) == LK_CITY and state[G_LOC_MARKET + loc] < market_spaces(state, cat, loc)
            and track_emptied(state) < cat[C_TRACK_N]):
        state[G_LOC_MARKET + loc] += 1
        state[G_TRACK_TO_MARKET] += 1
        _log(state, JEV_DELIVER, loc)
        return
    c = state[G_MARKET + display]
    if c >= 0:
        state[G_AUTOMA_CARDS] += 1
        state[G_MARKET + display] = draw_top(state)
        _log(state, JEV_TAKE_CARD, c)


@njit_noalloc
def _action(state, cat, a, arg, amt, warrior):
    if a == JA_INFLUENCE:
        gain_influence(state, cat, JEAN, arg, amt)
        _log(state, JEV_INFLUENCE, arg)
    elif a == JA_REMOVE_DISC:
        if track_emptied(state) < cat[C_TRACK_N]:
            state[G_TRACK_REMOVED] += 1
            _log(state, JEV_REMOVE_DISC, track_emptied(state))
    elif a == JA_VP:
        add_vp(state, JEAN, amt, VS_AUTOMA)
        _log(state, JEV_VP, amt)
    elif a == JA_QUEST_PILE:
        if state[G_QPILE_N] > 0:
            state[G_QPILE_N] -= 1
            state[G_QPILE + state[G_QPILE_N]] = -1
            state[pb(JEAN) + P_QUESTS] += 1
            _log(state, JEV_QUEST_PILE, 0)
    elif a == JA_EXPLORE:
        explore(state, cat, amt)
    elif a == JA_COMBAT:
        combat(state, cat, amt, warrior)


# ---- explorer (JACT-04/05) -------------------------------------------------------
@njit_noalloc
def _dist_to_last(cat, out):
    """Spaces (unweighted) from each explorer space to the last space."""
    nexp = cat[C_NEXP]
    out[:] = 1 << 20
    for s in range(nexp):
        if cat[C_EXP_LAST + s]:
            out[s] = 0
    changed = True
    while changed:
        changed = False
        for s in range(nexp):
            for j in range(cat[C_EXP_NEXT_N + s]):
                t = cat[C_EXP_NEXT + s * 2 + j]
                if out[t] + 1 < out[s]:
                    out[s] = out[t] + 1
                    changed = True


@njit_noalloc
def _enter(state, cat, s):
    """Jean's explorer enters s: she counts for first crossings and arrival
    order, but takes no reward (JACT-04, SOLO-21)."""
    jb = pb(JEAN)
    bar = cat[C_EXP_BARRIER + s]
    if bar != BAR_NONE and not (state[jb + P_BARRIERS] >> bar) & 1:
        state[jb + P_BARRIERS] |= 1 << bar
        state[G_BARRIER_FIRST] |= 1 << bar


@njit_noalloc
def explore(state, cat, steps):
    """Move Jean's explorer `steps` counted spaces: to a reachable quest space
    (taking the tile, DE reading) or else along the shortest way to the end."""
    jb = pb(JEAN)
    here = state[jb + P_EXPLORER]
    if cat[C_EXP_LAST + here]:
        return
    best = stack_array(MAX_EXP, np.int64)
    pred = stack_array(MAX_EXP, np.int64)
    cost = stack_array(MAX_EXP, np.int64)
    shortest(state, cat, JEAN, best, pred, cost)
    target, tbest = -1, 1 << 20
    for s in range(cat[C_NEXP]):
        qi = cat[C_EXP_QUEST + s]
        if qi >= 0 and state[G_EXQ_TILE + qi] >= 0 and 1 <= best[s] <= steps \
                and cost[s] and best[s] < tbest:
            target, tbest = s, best[s]
    if target >= 0:
        path = stack_array(MAX_EXP, np.int64)
        n = 0
        s = target
        while s >= 0 and s != here:
            path[n] = s
            n += 1
            s = pred[s]
        for i in range(n - 1, -1, -1):
            _enter(state, cat, path[i])
        state[jb + P_EXPLORER] = target
        qi = cat[C_EXP_QUEST + target]
        state[G_EXQ_TILE + qi] = -1
        state[jb + P_QUESTS] += 1
        _log(state, JEV_EXPLORER_QUEST, target)
        return
    dist = stack_array(MAX_EXP, np.int64)
    _dist_to_last(cat, dist)
    cur = here
    counted = 0
    stop = here
    while counted < steps and not cat[C_EXP_LAST + cur]:
        nxt = -1
        for j in range(cat[C_EXP_NEXT_N + cur]):
            t = cat[C_EXP_NEXT + cur * 2 + j]
            if nxt < 0 or dist[t] < dist[nxt]:
                nxt = t
        if nxt < 0:
            break
        cur = nxt
        _enter(state, cat, cur)
        if not jumped(state, cat, JEAN, cur):
            counted += 1
            stop = cur
    state[jb + P_EXPLORER] = stop
    if cat[C_EXP_LAST + stop] and state[jb + P_EXP_RANK] == 0:
        state[G_EXP_LAST_N] += 1
        state[jb + P_EXP_RANK] = state[G_EXP_LAST_N]
    _log(state, JEV_EXPLORE, stop)


# ---- special Combat (JCOMBAT-01..06) ------------------------------------------------
NATION_PREFERENCE = (0, 2, 1)  # France, then Spain, then England


@njit_noalloc
def choose_nation(state, cat, t):
    """JCOMBAT-02/03: highest modified value; ties by printed value, then F, S, E."""
    best_n, best_mod, best_val = -1, -(1 << 20), -(1 << 20)
    for i in range(3):
        n = NATION_PREFERENCE[i]
        mod = (token_value(cat, t, n) + noble_rank(cat, state[pb(JEAN) + P_INF + n])
               - noble_rank(cat, state[pb(HUMAN) + P_INF + n]) + modifier_bonus(state, cat, t, n))
        val = token_value(cat, t, n)
        if mod > best_mod or (mod == best_mod and val > best_val):
            best_n, best_mod, best_val = n, mod, val
    return best_n


@njit_noalloc
def _annex(state, cat, n, cities_first):
    """Lowest-numbered empty flag city (if cities_first), else lowest-numbered
    empty village; with neither, the marker leaves the game."""
    if supply_left(state, n) <= 0:
        return  # not stated: nothing to annex with
    best, num = -1, 1 << 20
    if cities_first:
        for loc in range(cat[C_NLOC]):
            if (legacy.loc_kind(state, cat, loc) == LK_CITY and state[G_LOC_MARKER + loc] < 0
                    and flag_kind(state, cat, loc) != FL_NONE and cat[C_LOC_NUMBER + loc] < num
                    and legacy.marker_allowed(state, cat, loc, JEAN)):  # JLEG-01, L3 (JCOMBAT-04)
                best, num = loc, cat[C_LOC_NUMBER + loc]
    if best < 0:
        for loc in range(cat[C_NLOC]):
            if (is_village(state, cat, loc) and state[G_LOC_MARKER + loc] < 0
                    and cat[C_LOC_NUMBER + loc] < num):
                best, num = loc, cat[C_LOC_NUMBER + loc]
    if best >= 0:
        place_marker(state, best, n)
        _log(state, JEV_ANNEX, best)
    else:
        state[G_SUP_TAKEN + n] += 1
        state[G_SUP_OUT + n] += 1
        _log(state, JEV_MARKER_OUT, n)


@njit_noalloc
def combat(state, cat, influence, warrior):
    t = -2
    for k in range(2):
        if t < 0 and state[G_TPILE_N + k] > 0:
            state[G_TPILE_N + k] -= 1
            off = (G_TPILE0 if k == 0 else G_TPILE1) + state[G_TPILE_N + k]
            t = state[off]
            state[off] = -1
    n = choose_nation(state, cat, t)
    _log(state, JEV_COMBAT, n)
    _annex(state, cat, n, True)
    if warrior:
        _annex(state, cat, n, False)
    gain_influence(state, cat, JEAN, n, influence)
    if t >= 0:
        state[pb(JEAN) + P_TOKENS] += 1


# ---- end of game (JEND-01..05) ---------------------------------------------------------
@njit_noalloc
def lead_bonus(d):
    """JEND-03/04: lead >= 1 -> 10, exactly 3 -> 20, >= 4 -> 30."""
    if d >= 4:
        return 30
    if d == 3:
        return 20
    if d >= 1:
        return 10
    return 0


@njit_noalloc
def _exp_dist(cat, a, b):
    """Fewest spaces from explorer space a forward to b; -1 if b is not ahead of a."""
    dist = stack_array(MAX_EXP, np.int64)
    dist[:] = 1 << 20
    dist[a] = 0
    changed = True
    while changed:
        changed = False
        for s in range(cat[C_NEXP]):
            if dist[s] >= 1 << 20:
                continue
            for j in range(cat[C_EXP_NEXT_N + s]):
                t = cat[C_EXP_NEXT + s * 2 + j]
                if dist[s] + 1 < dist[t]:
                    dist[t] = dist[s] + 1
                    changed = True
    return dist[b] if dist[b] < 1 << 20 else -1


@njit_noalloc
def _to_next_barrier(state, cat, s, p):
    """Fewest spaces from s to the next barrier p has not crossed (JEND-05)."""
    best = 1 << 20
    for t in range(cat[C_NEXP]):
        bar = cat[C_EXP_BARRIER + t]
        if bar != BAR_NONE and not (state[pb(p) + P_BARRIERS] >> bar) & 1:
            d = _exp_dist(cat, s, t)
            if d >= 0 and d < best:
                best = d
    return best


@njit_noalloc
def explorer_lead(state, cat):
    """How far Jean's explorer is ahead of yours (<= 0: not ahead)."""
    me = state[pb(HUMAN) + P_EXPLORER]
    jean = state[pb(JEAN) + P_EXPLORER]
    if me == jean:
        return 0
    d = _exp_dist(cat, me, jean)
    if d >= 0:
        return d
    if _exp_dist(cat, jean, me) >= 0:
        return 0
    # different branches: who needs fewer spaces to the next barrier (ambiguity #22)
    return _to_next_barrier(state, cat, me, HUMAN) - _to_next_barrier(state, cat, jean, JEAN)


@njit_noalloc
def end_bonuses(state, cat):
    """Jean's bonuses after normal final scoring."""
    jb = pb(JEAN)
    hb = pb(HUMAN)
    add_vp(state, JEAN, 5 * state[jb + P_QUESTS], VS_AUTOMA)
    add_vp(state, JEAN, lead_bonus(state[jb + P_QUESTS] - state[hb + P_QUESTS]), VS_AUTOMA)
    marked = 0
    for i in range(min(track_emptied(state), cat[C_TRACK_N])):
        marked += cat[C_TRACK_MARKED + i]
    add_vp(state, JEAN, lead_bonus(marked - completed_areas(state, HUMAN)), VS_AUTOMA)
    lead = explorer_lead(state, cat)
    if lead >= 11:
        add_vp(state, JEAN, 30, VS_AUTOMA)
    elif lead >= 8:
        add_vp(state, JEAN, 20, VS_AUTOMA)
    elif lead >= 1:
        add_vp(state, JEAN, 10, VS_AUTOMA)

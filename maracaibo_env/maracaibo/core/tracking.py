"""What each player took and when: a diff of a few state fields around every
step, recorded as events for tournaments and balance reports.

The same two functions serve the Python game loop (match.play_match) and the
compiled whole-game loops (agents' fast play), so both record the same events.

snapshot layout (int32[SNAP_SIZE]): per seat the tableau size, prestige
investment bits and quest count; the turn counter, the seat whose turn ends
next and the round; then how many of each quest tile lie where a player can
take them (board, explorer track, bought cards).
"""

from ...framework.jit import njit_noalloc
from .constants import (MAX_P, N_QUESTS, BOARD_QUEST_CAP, EXP_QUESTS, CARD_QUEST_CAP, N_BUILDINGS,
                     PLAYERS, PLAYER_SIZE, G_NP, G_ROUND, G_TURN_COUNT, G_TURN_P, G_TRIGGER,
                     G_BQ_TILE, G_EXQ_TILE, G_PR_BUILD, G_PR_INVESTORS, G_LOC_TILE,
                     P_TABLEAU_N, P_TABLEAU, P_QUESTS, P_CARD_QUEST, P_SHIP)
from .constants import A_MAIN_CITY

# event kinds (column 1 of an event row: seat, kind, item, round)
EV_CARD, EV_PRESTIGE, EV_QUEST, EV_CITY = 0, 1, 2, 3
EVENT_KINDS = ("card", "prestige", "quest", "city")
S_TAB, S_PRES, S_QUESTS = 0, MAX_P, 2 * MAX_P
S_TURNS, S_TURN_P, S_ROUND = 3 * MAX_P, 3 * MAX_P + 1, 3 * MAX_P + 2
S_QTILES = 3 * MAX_P + 3
SNAP_SIZE = S_QTILES + N_QUESTS
EVENT_CAP = 512     # events of one game: far above what a game produces
MAX_ROUNDS = 5      # turns[seat, round] for rounds 1..4 (index 0 unused)


@njit_noalloc
def snapshot(state, snap):
    snap[:] = 0
    for p in range(state[G_NP]):
        b = PLAYERS + p * PLAYER_SIZE
        snap[S_TAB + p] = state[b + P_TABLEAU_N]
        snap[S_QUESTS + p] = state[b + P_QUESTS]
        for s in range(N_BUILDINGS):
            if (state[G_PR_INVESTORS + s] >> p) & 1:
                snap[S_PRES + p] |= 1 << s
        for j in range(CARD_QUEST_CAP):
            t = state[b + P_CARD_QUEST + j]
            if t >= 0:
                snap[S_QTILES + t] += 1
    for k in range(BOARD_QUEST_CAP):
        t = state[G_BQ_TILE + k]
        if 0 <= t < N_QUESTS:  # a campaign's story tiles (N_QUESTS + slot) are not quest tiles here
            snap[S_QTILES + t] += 1
    for k in range(EXP_QUESTS):
        t = state[G_EXQ_TILE + k]
        if t >= 0:
            snap[S_QTILES + t] += 1
    snap[S_TURNS] = state[G_TURN_COUNT]
    snap[S_TURN_P] = state[G_TURN_P]
    snap[S_ROUND] = state[G_ROUND]


@njit_noalloc
def _add(events, n, seat, kind, item, rnd):
    if n < events.shape[0]:
        events[n, 0] = seat
        events[n, 1] = kind
        events[n, 2] = item
        events[n, 3] = rnd
        return n + 1
    return n


@njit_noalloc
def record(prev, cur, state, actor, action, events, n, turns):
    """Events of the step that led from snapshot prev to state (snapshot cur,
    written here); actor took `action` (-1: none). Returns the new event
    count; turns[seat, round] counts each seat's ended turns."""
    snapshot(state, cur)
    rnd = prev[S_ROUND]
    if action == A_MAIN_CITY and actor >= 0:  # the city tile whose action was used
        loc = state[PLAYERS + actor * PLAYER_SIZE + P_SHIP]
        if loc >= 0 and state[G_LOC_TILE + loc] >= 0:
            n = _add(events, n, actor, EV_CITY, state[G_LOC_TILE + loc], rnd)
    for p in range(state[G_NP]):
        b = PLAYERS + p * PLAYER_SIZE
        for i in range(prev[S_TAB + p], cur[S_TAB + p]):
            n = _add(events, n, p, EV_CARD, state[b + P_TABLEAU + i], rnd)
        new = cur[S_PRES + p] & ~prev[S_PRES + p]
        for s in range(N_BUILDINGS):
            if (new >> s) & 1:
                n = _add(events, n, p, EV_PRESTIGE, state[G_PR_BUILD + s], rnd)
    # quest tiles gone from where players take them, credited to whoever's
    # quest count rose (the actor first when several did)
    for t in range(N_QUESTS):
        gone = prev[S_QTILES + t] - cur[S_QTILES + t]
        while gone > 0:
            who = -1
            if actor >= 0 and cur[S_QUESTS + actor] > prev[S_QUESTS + actor]:
                who = actor
            else:
                for p in range(state[G_NP]):
                    if cur[S_QUESTS + p] > prev[S_QUESTS + p]:
                        who = p
                        break
            if who < 0:
                break  # a tile left the board without a player taking it
            n = _add(events, n, who, EV_QUEST, t, rnd)
            prev[S_QUESTS + who] += 1  # this rise is accounted for
            gone -= 1
    # turns ended in this step, in seat order (a round ends with the trigger's turn)
    ended = cur[S_TURNS] - prev[S_TURNS]
    nxt = prev[S_TURN_P]
    r = rnd
    for _ in range(ended):
        if 1 <= r < MAX_ROUNDS and 0 <= nxt < turns.shape[0]:
            turns[nxt, r] += 1
        if nxt == state[G_TRIGGER] and cur[S_ROUND] != r:
            r = cur[S_ROUND]
        nxt = (nxt + 1) % state[G_NP]
    return n

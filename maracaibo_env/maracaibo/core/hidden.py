"""What a seat cannot see in Maracaibo, defined once: the parts of the state
(`HIDDEN`) and the numba functions that replace them.

`observe` leaves these parts out; the heuristics' lookahead runs on `hide`'s
placeholders (maracaibo_env/maracaibo/agents/heuristics.py), ISMCTS and ``Game.determinize`` (hence
the OpenSpiel resampler) on `redraw`'s random draws (maracaibo_env/maracaibo/agents/mcts.py,
maracaibo/openspiel.py).

Hidden from seat `me`:

* the project cards it cannot see (neither face up in the market or a
  tableau, nor its own hand or planning area): the draw and discard piles,
  the other seats' hands and filled planning spaces (Jean's are public), and
  which of the other seats' planning spaces are filled;
* the other seats' career cards and set-up career options;
* the combat tokens of both face-down piles (the pile sizes are public);
* Jean's Automa deck;
* the quest pile below its public top tile;
* the face-down prestige buildings;
* the game's random generator and recorded seed.
"""
import numpy as np

from ...framework.hidden import HiddenPart, check_parts
from ...framework.random_play import xorshift
from .common import pb
from .constants import (G_AUTOMA_DECK, G_AUTOMA_N, G_DISCARD, G_DISCARD_N, G_DRAW, G_DRAW_N,
                        G_MARKET, G_NP, G_PR_BUILD, G_PR_REVEALED, G_QPILE, G_QPILE_N, G_RNG,
                        G_SEED, G_SOLO, G_TPILE0, G_TPILE1, G_TPILE_N, MARKET_SIZE, MAX_P, N_AUTOMA,
                        N_BUILDINGS, N_CARDS, N_CAREERS, N_PRESTIGE, PLAN_CAP, PLAYERS, PLAYER_SIZE,
                        P_CAREER, P_CAREER_OPT, P_HAND, P_HAND_N, P_PLAN, P_TABLEAU, P_TABLEAU_N)
from ...framework.scratch import stack_array
from ...framework.jit import njit, njit_noalloc
from .layout import LAYOUT

HIDDEN = check_parts((
    HiddenPart("draw pile", ("DRAW",), "all", "the unseen cards, shuffled, dealt in slot order"),
    HiddenPart("discard pile", ("DISCARD",), "all", "the same pool"),
    HiddenPart("hands", ("HAND",), "others", "the same pool (Jean has none)"),
    HiddenPart("planning areas", ("PLAN",), "others", "the same pool into the filled spaces (Jean's are public)"),
    HiddenPart("careers", ("CAREER", "CAREER_OPT"), "others", "from the careers the seat was not offered"),
    HiddenPart("combat-token piles", ("TPILE0", "TPILE1"), "all", "their tokens shuffled together, sizes kept"),
    HiddenPart("Automa deck", ("AUTOMA_DECK",), "all", "shuffled"),
    HiddenPart("quest pile", ("QPILE",), "all", "shuffled below the public top tile"),
    HiddenPart("face-down prestige buildings", ("PR_BUILD",), "all", "from the buildings not revealed"),
    HiddenPart("random generator", ("RNG", "SEED"), "all", "reseeded"),
), LAYOUT)


# ---- the unseen cards ------------------------------------------------------------------
@njit_noalloc
def unseen_cards(st, me, out):
    """out[:n] = the project cards player `me` cannot see (not in the market,
    any tableau, or its own hand and planning area), in id order; returns n."""
    known = stack_array(N_CARDS, np.bool_)
    known[:] = False
    for k in range(MARKET_SIZE):
        c = st[G_MARKET + k]
        if c >= 0:
            known[c] = True
    for q in range(st[G_NP]):
        bq = pb(q)
        for i in range(st[bq + P_TABLEAU_N]):
            known[st[bq + P_TABLEAU + i]] = True
    bm = pb(me)
    for i in range(st[bm + P_HAND_N]):
        known[st[bm + P_HAND + i]] = True
    for j in range(PLAN_CAP):
        if st[bm + P_PLAN + j] >= 0:
            known[st[bm + P_PLAN + j]] = True
    n = 0
    for c in range(N_CARDS):
        if not known[c]:
            out[n] = c
            n += 1
    return n


@njit_noalloc
def deal_hidden_cards(st, me, cards, n):
    """Deal cards[:n] cyclically, in a fixed order, into every card slot that
    player `me` cannot see: the draw and discard piles, then each other
    player's hand and the filled slots of its planning area (Jean's are
    public). Used with placeholders (`hide`) and with a shuffled pool (`redraw`)."""
    if n == 0:
        return
    k = 0
    for i in range(st[G_DRAW_N]):
        st[G_DRAW + i] = cards[k % n]
        k += 1
    for i in range(st[G_DISCARD_N]):
        st[G_DISCARD + i] = cards[k % n]
        k += 1
    for q in range(st[G_NP]):
        if q == me or (st[G_SOLO] and q == 1):
            continue
        bq = pb(q)
        for i in range(st[bq + P_HAND_N]):
            st[bq + P_HAND + i] = cards[k % n]
            k += 1
        for j in range(PLAN_CAP):
            if st[bq + P_PLAN + j] >= 0:
                st[bq + P_PLAN + j] = cards[k % n]
                k += 1


# ---- placeholders: the heuristics' view ---------------------------------------------------
@njit_noalloc
def hide(st, cat, me, fake_token):
    """Overwrite, in place, every part of st hidden from player `me` with
    placeholders computed from what `me` sees only (the heuristics' lookahead
    runs on this; fake_token: the combat token put in the hidden piles)."""
    np_ = st[G_NP]
    fake = stack_array(N_CARDS, np.int64)
    nf = unseen_cards(st, me, fake)
    if nf == 0:
        fake[0] = 0
        nf = 1
    deal_hidden_cards(st, me, fake, nf)
    for q in range(np_):
        if q == me or (st[G_SOLO] and q == 1):
            continue
        bq = pb(q)
        n = 0  # which plan slots are filled is hidden too: move the cards to the front
        for j in range(PLAN_CAP):
            if st[bq + P_PLAN + j] >= 0:
                st[bq + P_PLAN + n] = st[bq + P_PLAN + j]
                n += 1
        for j in range(n, PLAN_CAP):
            st[bq + P_PLAN + j] = -1
        if st[bq + P_CAREER] >= 0:
            st[bq + P_CAREER] = 0
        if st[bq + P_CAREER_OPT] >= 0:
            st[bq + P_CAREER_OPT] = 0
            st[bq + P_CAREER_OPT + 1] = 1
    for i in range(st[G_TPILE_N]):
        st[G_TPILE0 + i] = fake_token
    for i in range(st[G_TPILE_N + 1]):
        st[G_TPILE1 + i] = fake_token
    for i in range(st[G_AUTOMA_N]):
        st[G_AUTOMA_DECK + i] = i % N_AUTOMA
    qn = st[G_QPILE_N]
    if qn > 1:
        top = st[G_QPILE + qn - 1]
        for i in range(qn - 1):
            st[G_QPILE + i] = top
    rev = st[G_PR_REVEALED]
    if rev < N_BUILDINGS:
        used = stack_array(N_PRESTIGE, np.bool_)
        used[:] = False
        for s in range(rev):
            used[st[G_PR_BUILD + s]] = True
        s = rev
        for bld in range(N_PRESTIGE):
            if s >= N_BUILDINGS:
                break
            if not used[bld]:
                st[G_PR_BUILD + s] = bld
                s += 1
    st[G_RNG] = 0x2545F491
    st[G_RNG + 1] = 0x1B873593
    st[G_SEED] = 0


# ---- random draws: determinisations -------------------------------------------------------
@njit_noalloc
def xs_below(x, n):
    """(a draw 0..n-1, the next state) of the xorshift64 generator x."""
    x = xorshift(x)
    return np.int64(x % np.uint64(n)), x


@njit_noalloc
def xs_shuffle(a, n, x):
    """Shuffle a[:n] in place (Fisher-Yates) with the xorshift64 generator x; the next state."""
    for i in range(n - 1, 0, -1):
        j, x = xs_below(x, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
    return x


@njit(cache=True)
def redraw(st, me, x):
    """Redraw, in place, every part of st hidden from player `me` at random
    (a determinisation; x: an xorshift64 state, returned advanced). Pools are
    built from what `me` sees and its own cards only, sorted, then shuffled,
    so two states that differ only in what `me` cannot see redraw identically.
    The recorded seed is left as it is (it says nothing about the future)."""
    np_ = st[G_NP]
    bm = PLAYERS + me * PLAYER_SIZE
    pool = np.empty(N_CARDS, np.int64)
    n = unseen_cards(st, me, pool)
    x = xs_shuffle(pool, n, x)
    hidden_players = np.zeros(MAX_P, np.bool_)
    for q in range(np_):
        hidden_players[q] = q != me and not (st[G_SOLO] and q == 1)
    # the shuffled pool into the hidden slots (cards out of the game are in
    # the pool too: which ones they are is not known either)
    deal_hidden_cards(st, me, pool, n)
    # careers: dealt from those the searcher was not offered; a chosen career
    # stays the option it was (the same option space gets the new card)
    car = np.empty(N_CAREERS, np.int64)
    nc = 0
    for c in range(N_CAREERS):
        if c != st[bm + P_CAREER_OPT] and c != st[bm + P_CAREER_OPT + 1] and c != st[bm + P_CAREER]:
            car[nc] = c
            nc += 1
    x = xs_shuffle(car, nc, x)
    kc = 0
    for q in range(np_):
        if hidden_players[q]:
            bq = PLAYERS + q * PLAYER_SIZE
            chosen = -1    # which option space holds the chosen career
            for j in range(2):
                if st[bq + P_CAREER] >= 0 and st[bq + P_CAREER] == st[bq + P_CAREER_OPT + j]:
                    chosen = j
            for j in range(2):
                if st[bq + P_CAREER_OPT + j] >= 0 and kc < nc:
                    st[bq + P_CAREER_OPT + j] = car[kc]
                    kc += 1
            if chosen >= 0:
                st[bq + P_CAREER] = st[bq + P_CAREER_OPT + chosen]
            elif st[bq + P_CAREER] >= 0 and kc < nc:
                st[bq + P_CAREER] = car[kc]
                kc += 1
    # combat-token piles: their union, sorted, shuffled, dealt back
    n0 = st[G_TPILE_N]
    n1 = st[G_TPILE_N + 1]
    tok = np.empty(n0 + n1, np.int64)
    for i in range(n0):
        tok[i] = st[G_TPILE0 + i]
    for i in range(n1):
        tok[n0 + i] = st[G_TPILE1 + i]
    tok.sort()
    x = xs_shuffle(tok, n0 + n1, x)
    for i in range(n0):
        st[G_TPILE0 + i] = tok[i]
    for i in range(n1):
        st[G_TPILE1 + i] = tok[n0 + i]
    # Jean's deck
    na = st[G_AUTOMA_N]
    deck = np.empty(na, np.int64)
    for i in range(na):
        deck[i] = st[G_AUTOMA_DECK + i]
    deck.sort()
    x = xs_shuffle(deck, na, x)
    for i in range(na):
        st[G_AUTOMA_DECK + i] = deck[i]
    # the quest pile below its public top tile
    qn = st[G_QPILE_N]
    if qn > 1:
        qs = np.empty(qn - 1, np.int64)
        for i in range(qn - 1):
            qs[i] = st[G_QPILE + i]
        qs.sort()
        x = xs_shuffle(qs, qn - 1, x)
        for i in range(qn - 1):
            st[G_QPILE + i] = qs[i]
    # face-down prestige buildings: from those not revealed
    rev = st[G_PR_REVEALED]
    if rev < N_BUILDINGS:
        used = stack_array(N_PRESTIGE, np.bool_)
        used[:] = False
        for s in range(rev):
            used[st[G_PR_BUILD + s]] = True
        free = np.empty(N_PRESTIGE, np.int64)
        nf = 0
        for b in range(N_PRESTIGE):
            if not used[b]:
                free[nf] = b
                nf += 1
        x = xs_shuffle(free, nf, x)
        for s in range(rev, N_BUILDINGS):
            st[G_PR_BUILD + s] = free[s - rev]
    x = xorshift(x)
    st[G_RNG] = np.int32(np.int64(x & np.uint64(0x7FFFFFFF)) | 1)
    x = xorshift(x)
    st[G_RNG + 1] = np.int32(np.int64(x & np.uint64(0x7FFFFFFF)) | 1)
    return x

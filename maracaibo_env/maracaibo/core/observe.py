"""Per-player observation vector (hidden information hidden).

OBS (core/obs_spec.py) lists every slice (name, size, meaning, low, high);
`observe` writes exactly those slices in that order. Opponents' hands and
planning areas appear only as counts; deck order never; unrevealed prestige
buildings as -1 (what is hidden from whom: core/hidden.py).
"""
from ...framework.jit import njit_noalloc

from .common import pb
from .constants import (BOARD_QUEST_CAP, CARD_QUEST_CAP, EXP_QUESTS, G_AUTOMA_CARDS,
                        G_AUTOMA_DISCARD, G_AUTOMA_DISCARD_N, G_AUTOMA_N, G_BARRIER_FIRST, G_BQ_LOC,
                        G_BQ_TILE, G_CAMPAIGN, G_CUR, G_DIFFICULTY, G_DISCARD_N, G_DRAW_N,
                        G_EXP_LAST_N, G_EXQ_TILE, G_LEGACY, G_LEG_DISCS, G_LEG_MINE, G_LEG_QUEST,
                        G_LEG_SILVER, G_LOC_MARKER, G_LOC_MARKET, G_LOC_TILE, G_MAIN_DONE, G_MARKET,
                        G_MP_SPENT, G_NP, G_PHASE, G_PR_BUILD, G_PR_INVESTORS, G_PR_REVEALED,
                        G_QPILE, G_QPILE_N, G_ROUND, G_SOLO, G_STK, G_STK_N, G_SUP_OUT, G_SUP_TAKEN,
                        G_TPILE_N, G_TRACK_REMOVED, G_TRACK_TO_MARKET, HAND_CAP, MARKET_SIZE,
                        MAX_LOC, MAX_P, N_AREAS, N_BUILDINGS, N_NATIONS, N_QUESTS, PLAN_CAP,
                        P_ASSIST, P_BARRIERS, P_CARD_QUEST, P_CAREER, P_CAREER_DONE, P_CAREER_OPT,
                        P_CP, P_DINC, P_DISCS, P_DOUBLOONS, P_EXPLORER, P_FIG_BOARD, P_FIG_CAREER,
                        P_FIG_GENERAL, P_FIG_SUPPLY, P_HAND, P_HAND_N, P_INF, P_PLAN, P_PRESTIGE,
                        P_QUESTS, P_SHIP, P_SYNERGY, P_TABLEAU, P_TABLEAU_N, P_TOKENS, P_VINC, P_VP,
                        STACK_W)

# the slices, their sizes and bounds: core/obs_spec.py (one table that every consumer reads)
from .obs_spec import OBS, OBS_SIZE, OBS_TABLEAU  # noqa: E402,F401
from .obs_spec import PLAYER_OBS_SIZE as _PLAYER_OBS_SIZE  # noqa: E402


@njit_noalloc
def _rel(p, me, np_):
    return -1 if p < 0 else (p - me + np_) % np_


@njit_noalloc
def observe(state, me, out):
    """Write player me's observation into out (len OBS_SIZE)."""
    np_ = state[G_NP]
    k = 0
    out[k] = state[G_ROUND]; k += 1
    out[k] = state[G_PHASE]; k += 1
    out[k] = 1 if state[G_CUR] == me else 0; k += 1
    out[k] = _rel(state[G_CUR], me, np_); k += 1
    out[k] = np_; k += 1
    out[k] = state[G_MP_SPENT]; k += 1
    out[k] = state[G_MAIN_DONE]; k += 1
    if state[G_STK_N] > 0:
        o = G_STK + (state[G_STK_N] - 1) * STACK_W
        out[k] = state[o]
        out[k + 1] = _rel(state[o + 1], me, np_)
        out[k + 2] = state[o + 2]
        out[k + 3] = state[o + 3]
    else:
        for j in range(STACK_W):
            out[k + j] = 0
    k += STACK_W
    for off, n in ((G_LOC_MARKER, MAX_LOC), (G_LOC_MARKET, MAX_LOC), (G_LOC_TILE, MAX_LOC),
                   (G_BQ_LOC, BOARD_QUEST_CAP), (G_BQ_TILE, BOARD_QUEST_CAP),
                   (G_EXQ_TILE, EXP_QUESTS)):
        for j in range(n):
            out[k] = state[off + j]; k += 1
    if state[G_CAMPAIGN]:   # a story tile shows as N_QUESTS (its card's quest: the catalog)
        for j in range(BOARD_QUEST_CAP):
            if state[G_BQ_TILE + j] > N_QUESTS:
                out[k - EXP_QUESTS - BOARD_QUEST_CAP + j] = N_QUESTS
    qn = state[G_QPILE_N]
    out[k] = qn; k += 1
    out[k] = state[G_QPILE + qn - 1] if qn > 0 else -1; k += 1
    out[k] = state[G_TPILE_N]; k += 1
    out[k] = state[G_TPILE_N + 1]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[G_SUP_TAKEN + n]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[G_SUP_OUT + n]; k += 1
    for s in range(N_BUILDINGS):
        out[k] = state[G_PR_BUILD + s] if s < state[G_PR_REVEALED] else -1; k += 1
    for s in range(N_BUILDINGS):
        inv = state[G_PR_INVESTORS + s]
        rel = 0
        for p in range(np_):
            if (inv >> p) & 1:
                rel |= 1 << _rel(p, me, np_)
        out[k] = rel; k += 1
    out[k] = state[G_BARRIER_FIRST]; k += 1
    out[k] = state[G_EXP_LAST_N]; k += 1
    out[k] = state[G_DRAW_N]; k += 1
    out[k] = state[G_DISCARD_N]; k += 1
    for j in range(MARKET_SIZE):
        out[k] = state[G_MARKET + j]; k += 1
    b = pb(me)
    for j in range(HAND_CAP):
        out[k] = state[b + P_HAND + j] if j < state[b + P_HAND_N] else -1; k += 1
    for j in range(PLAN_CAP):
        out[k] = state[b + P_PLAN + j]; k += 1
    out[k] = state[b + P_CAREER]; k += 1
    out[k] = state[b + P_CAREER_OPT]; k += 1
    out[k] = state[b + P_CAREER_OPT + 1]; k += 1
    out[k] = state[G_SOLO]; k += 1
    out[k] = state[G_DIFFICULTY]; k += 1
    out[k] = state[G_TRACK_REMOVED] + state[G_TRACK_TO_MARKET]; k += 1
    out[k] = state[G_AUTOMA_CARDS]; k += 1
    out[k] = state[G_AUTOMA_N]; k += 1
    dn = state[G_AUTOMA_DISCARD_N]
    out[k] = state[G_AUTOMA_DISCARD + dn - 1] if dn > 0 else -1; k += 1
    for r in range(MAX_P):
        if r >= np_:
            for j in range(_PLAYER_OBS_SIZE):
                out[k] = 0; k += 1
            continue
        q = (me + r) % np_
        k = _player_public(state, q, out, k)
    out[k] = state[G_LEGACY]; k += 1
    for j in range(8):
        out[k] = state[G_LEG_DISCS + j]; k += 1
    for j in range(2):
        out[k] = state[G_LEG_SILVER + j]; k += 1
    out[k] = state[G_LEG_MINE]; k += 1
    out[k] = state[G_LEG_QUEST] - 1; k += 1
    if k != OBS_SIZE:  # callers may pass np.empty: every entry must be written
        raise ValueError("internal: observe wrote a different size than OBS_SIZE")


@njit_noalloc
def _player_public(state, q, out, k):
    b = pb(q)
    for f in (P_VP, P_DOUBLOONS, P_CP, P_FIG_SUPPLY, P_FIG_GENERAL, P_FIG_CAREER, P_FIG_BOARD):
        out[k] = state[b + f]; k += 1
    for a in range(N_AREAS):
        out[k] = state[b + P_DISCS + a]; k += 1
    out[k] = state[b + P_DINC]; k += 1
    out[k] = state[b + P_VINC]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[b + P_INF + n]; k += 1
    for f in (P_EXPLORER, P_BARRIERS, P_QUESTS, P_TOKENS, P_SYNERGY, P_HAND_N):
        out[k] = state[b + f]; k += 1
    plans = 0
    for j in range(PLAN_CAP):
        if state[b + P_PLAN + j] >= 0:
            plans += 1
    out[k] = plans; k += 1
    out[k] = state[b + P_CAREER_DONE]; k += 1
    out[k] = state[b + P_SHIP]; k += 1
    out[k] = state[b + P_PRESTIGE]; k += 1
    for loc in range(MAX_LOC):
        out[k] = state[b + P_ASSIST + loc]; k += 1
    for j in range(CARD_QUEST_CAP):
        out[k] = state[b + P_CARD_QUEST + j]; k += 1
    n = state[b + P_TABLEAU_N]
    out[k] = n; k += 1
    for j in range(OBS_TABLEAU):
        out[k] = state[b + P_TABLEAU + j] if j < n else -1; k += 1
    return k


"""Per-player observation (int32). Hidden (core/hidden.py lists it): the decks'
order, the cards left out at setup, facedown card identities, opponents'
quests (only their number) and setup draws. Players are listed from the
observer clockwise.

OBS (core/obs_spec.py) lists every slice (name, size, meaning, low, high);
`observe` writes exactly those slices in that order.
"""
from ...framework.jit import njit_noalloc
from .common import OP_KEEPQ, OP_RETURNQ, pb, top
from .constants import (FIGM_CAP, G_BM_SIDE, G_CUR, G_DICE, G_DIFFICULTY, G_END3, G_FIGM, G_ISLAND,
                        G_J_CARD, G_J_DRAWN, G_J_LEVEL, G_J_UPG, G_MODULES, G_MV_LEFT, G_MV_MOVED,
                        G_MV_START, G_NP, G_OVER, G_PHASE, G_QDECK_N, G_QMARKET, G_QMARKET_N,
                        G_RAID_POWER, G_RAID_T, G_RAID_USED, G_REROLLS, G_ROUND, G_RUBY_MKT,
                        G_SLOT_BM, G_SLOT_CARD, G_SLOT_COINS, G_SLOT_DOWN, G_SLOT_FOG, G_SLOT_RES,
                        G_SLOT_TV, G_SOLO, G_T2_FOG, G_T2_N, J_DECK_N, MAX_P, N_BM, N_RUBY_SPACES,
                        N_SLOTS, N_TRE, P_BM_AT, P_BONUS, P_BUR, P_BURSP, P_COINS, P_COLOUR_POW,
                        P_CREW, P_DISCOUNT, P_EQUIP, P_EXPL, P_EXPL_BONUS, P_FIG, P_FORFEIT_N,
                        P_HAS_POSEIDON, P_INC_COINS, P_INC_VP, P_LIGHTNING, P_MOVE_BONUS, P_NRES,
                        P_NUPG, P_POSEIDON, P_QHAND, P_QN, P_RAID_ACTS, P_RAID_POW, P_REROLL,
                        P_RETIRED, P_RIVERS, P_RUBIES, P_SETUPQ, P_SETUPQ3, P_SHIP, P_SHIPCARDS,
                        P_TAB, P_TAB_N, P_TRE, P_TURNS, P_UPG, P_VP, P_WHALE, QHAND_CAP,
                        QMARKET_CAP, TABLEAU_CAP)

# the slices, their sizes and bounds: core/obs_spec.py (one table that every consumer reads)
from .obs_spec import OBS, OBS_SIZE, PLAYER_OBS  # noqa: E402,F401


@njit_noalloc
def observe(state, p, out):
    out[:] = 0
    np_ = state[G_NP]
    i = 0
    out[i] = state[G_ROUND]; i += 1
    out[i] = np_; i += 1
    out[i] = -1 if state[G_OVER] == 1 else (state[G_CUR] - p) % np_; i += 1
    out[i] = state[G_PHASE]; i += 1
    o = top(state)
    for k in range(3):
        out[i + k] = state[o + 1 + k] if o >= 0 else 0
    if o >= 0 and (state[o] == OP_KEEPQ or state[o] == OP_RETURNQ):
        out[i] = (state[o + 1] - p) % np_
    i += 3
    out[i] = state[G_END3]; i += 1
    for t in range(3):
        out[i] = state[G_ISLAND + t]; i += 1
    for s in range(N_SLOTS):
        out[i] = -2 if state[G_SLOT_DOWN + s] == 1 or state[G_SLOT_FOG + s] == 1 \
            else state[G_SLOT_CARD + s]; i += 1
    for s in range(N_SLOTS):
        out[i] = state[G_SLOT_TV + s]; i += 1
    for s in range(N_SLOTS):
        v = state[G_SLOT_BM + s]
        out[i] = 0 if v == 0 else (((v - 1) // 8 - p) % np_) * 8 + (v - 1) % 8 + 1; i += 1
    for s in range(N_SLOTS):
        m = state[G_SLOT_RES + s]
        r = 0
        for q in range(np_):
            if (m >> q) & 1:
                r |= 1 << ((q - p) % np_)
        out[i] = r; i += 1
    out[i] = state[G_T2_N]; i += 1
    out[i] = state[G_QDECK_N]; i += 1
    for k in range(QMARKET_CAP):
        out[i] = state[G_QMARKET + k] if k < state[G_QMARKET_N] else -1; i += 1
    for k in range(FIGM_CAP):
        out[i] = state[G_FIGM + k]; i += 1
    for k in range(N_BM):
        out[i] = state[G_BM_SIDE + k]; i += 1
    for k in range(3):
        out[i] = state[G_DICE + k]; i += 1
    out[i] = state[G_REROLLS]; out[i + 1] = state[G_RAID_POWER]
    out[i + 2] = state[G_RAID_T]; out[i + 3] = state[G_RAID_USED]; i += 4
    out[i] = state[G_MV_LEFT]; out[i + 1] = state[G_MV_START]; out[i + 2] = state[G_MV_MOVED]; i += 3
    for k in range(MAX_P):
        if k >= np_:
            i += PLAYER_OBS
            continue
        b = pb((p + k) % np_)
        for f in (P_VP, P_COINS, P_SHIP, P_EXPL, P_RIVERS, P_TURNS, P_QN, P_UPG, P_NUPG, P_FIG):
            out[i] = state[b + f]; i += 1
        for j in range(N_BM):
            out[i] = state[b + P_BM_AT + j]; i += 1
        for j in range(3):
            out[i] = state[b + P_TRE + j]; i += 1
        for j in range(3):
            out[i] = state[b + P_BUR + j]; i += 1
        for j in range(N_TRE * 4):
            out[i] = state[b + P_BONUS + j]; i += 1
        for j in range(N_TRE * 8):
            out[i] = state[b + P_BURSP + j]; i += 1
        for j in range(4):
            out[i] = state[b + P_POSEIDON + j]; i += 1
        for f in (P_RAID_POW, P_COLOUR_POW, P_COLOUR_POW + 1, P_COLOUR_POW + 2, P_EXPL_BONUS,
                  P_DISCOUNT, P_MOVE_BONUS, P_REROLL, P_RAID_ACTS, P_WHALE, P_HAS_POSEIDON,
                  P_FORFEIT_N, P_LIGHTNING, P_INC_COINS, P_INC_VP, P_CREW, P_EQUIP, P_SHIPCARDS,
                  P_NRES, P_TAB_N):
            out[i] = state[b + f]; i += 1
        for j in range(TABLEAU_CAP):
            out[i] = state[b + P_TAB + j]; i += 1
    b = pb(p)
    for j in range(QHAND_CAP):
        out[i] = state[b + P_QHAND + j]; i += 1
    for j in range(2):
        out[i] = state[b + P_SETUPQ + j]; i += 1
    out[i] = state[G_MODULES]; i += 1
    for s in range(N_SLOTS):
        out[i] = state[G_SLOT_COINS + s]; i += 1
    n2 = state[G_T2_N]
    out[i] = state[G_T2_FOG + n2 - 1] if n2 > 0 else 0; i += 1
    for k in range(N_RUBY_SPACES):
        v = state[G_RUBY_MKT + k]
        out[i] = 0 if v == 0 else (v - 1 - p) % np_ + 1; i += 1
    for k in range(MAX_P):
        out[i + k] = state[pb((p + k) % np_) + P_RUBIES] if k < np_ else 0
        out[i + MAX_P + k] = state[pb((p + k) % np_) + P_RETIRED] if k < np_ else 0
    i += 2 * MAX_P
    out[i] = state[b + P_SETUPQ3] - 1; i += 1
    if state[G_SOLO] == 1:
        out[i] = 1
        out[i + 1] = state[G_J_LEVEL] + 1
        out[i + 2] = state[G_J_UPG]
        out[i + 3] = state[G_J_CARD]
        out[i + 4] = J_DECK_N - state[G_J_DRAWN]
        out[i + 5] = state[G_DIFFICULTY]
    i += 6

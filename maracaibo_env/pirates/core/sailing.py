"""The turn: the move step (checklist §4 MOVE), the space's actions (§5 ACT,
LOC, GULF, MARA), the end of a turn and of a round (§15 ROUND, §16 END3)."""
from ...framework.jit import njit_noalloc
from .common import (BASE_MOVE, MARA_VP, N_ROUNDS, OP_BM_HERE, OP_END_TURN, OP_GULF, OP_IMPROVEMENT,
                     OP_MOVE, OP_PAY, OP_RES_HERE, OP_RUBY_GAIN, OP_SIDE, OP_SKIRMISH, OP_UPGRADE,
                     add_vp, pb, pop, push)
from .constants import (BM_CODE, C_CARD_KIND, C_CARD_NSIDES, C_CARD_SIDE0_N, C_CARD_SIDE0_S,
                        C_LAY_COLGT, C_LAY_NBR, C_LAY_SPACE_COL, G_CUR, G_END3, G_LAYOUT,
                        G_MARA_SEAT, G_MV_LEFT, G_MV_MOVED, G_MV_START, G_NP, G_OVER, G_RAID_USED,
                        G_ROUND, G_ROUND_END, G_SLOT_BM, G_SLOT_CARD, G_SLOT_DOWN, G_SLOT_TV,
                        G_SOLO, KIND_IMP, KIND_RES, MAX_COLS, N_SPACES, P_COINS, P_MOVE_BONUS,
                        P_SHIP, P_TURNS, SP_GULF, SP_MARA, SP_START, VS_MARACAIBO)
from .treasures import add_cubes
from .effects import push_effects
from .scoring import income, final_scoring
from .fog import fog_enter, fog_end_move
from .skirmish import skirmish_due
from .rubies import ruby_supply_here, queue_gulf_rubies


@njit_noalloc
def column(state, cat, s):
    """Column order of MOVE-04: start 0, cards 1..C, Gulf C+1, Maracaibo C+2."""
    return cat[C_LAY_SPACE_COL + state[G_LAYOUT] * N_SPACES + s]


@njit_noalloc
def neighbours(state, cat, s):
    """Bitmask of the spaces one step from s (MOVE-02/03/06, MARA-01)."""
    return cat[C_LAY_NBR + state[G_LAYOUT] * N_SPACES + s]


@njit_noalloc
def can_end_within(state, cat, s, left, start_col):
    """Whether a ship on s (having moved) can end legally using 0..left more steps."""
    lay = state[G_LAYOUT]
    beyond = cat[C_LAY_COLGT + lay * MAX_COLS + start_col]
    if (beyond >> s) & 1 == 1:
        return True
    frontier = 1 << s
    for _ in range(left):
        nxt = 0
        f = frontier & ~((1 << SP_GULF) | (1 << SP_MARA))   # MOVE-05: they end the move
        x = 0
        while f != 0:
            if f & 1:
                nxt |= cat[C_LAY_NBR + lay * N_SPACES + x]
            f >>= 1
            x += 1
        if nxt & beyond != 0:
            return True
        frontier = nxt
    return False


@njit_noalloc
def stop_legal(state, cat, p):
    return state[G_MV_MOVED] > 0 and column(state, cat, state[pb(p) + P_SHIP]) > state[G_MV_START]


@njit_noalloc
def start_turn(state, cat, p):
    state[G_CUR] = p
    state[G_RAID_USED] = 0
    here = state[pb(p) + P_SHIP]
    state[G_MV_LEFT] = BASE_MOVE + state[pb(p) + P_MOVE_BONUS]     # MOVE-01, GFH-C
    state[G_MV_START] = column(state, cat, here)
    state[G_MV_MOVED] = 0
    push(state, OP_END_TURN, 0, 0, 0)
    push(state, OP_MOVE, 0, 0, 0)


@njit_noalloc
def sail(state, cat, p, s):
    state[pb(p) + P_SHIP] = s
    state[G_MV_LEFT] -= 1
    state[G_MV_MOVED] = 1
    fog_enter(state, cat, p, s)                                   # FOWI-03/04
    if s == SP_GULF or s == SP_MARA or state[G_MV_LEFT] == 0:     # MOVE-05
        end_move(state, cat, p)


@njit_noalloc
def end_move(state, cat, p):
    """Pop the move; queue the payment (MOVE-08) and then the space's actions."""
    pop(state)
    b = pb(p)
    s = state[b + P_SHIP]
    if s == SP_MARA:
        add_vp(state, p, MARA_VP, VS_MARACAIBO)                   # MARA-02
        push(state, OP_UPGRADE, 1, 0, 0)
        if state[G_ROUND] < N_ROUNDS:
            state[G_ROUND_END] = 1                               # MARA-03
        else:
            state[G_END3] = 1                                    # END3-01
        return
    if s == SP_GULF:
        push(state, OP_GULF, 0, 0, 0)                            # GULF-02/03
        push(state, OP_UPGRADE, 0, 0, 0)
        queue_gulf_rubies(state)                                 # RUBY-03/04
        return
    fog_end_move(state, cat, p, s)                               # FOWL-02
    c = state[G_SLOT_CARD + s]
    if c >= 0:
        kind = cat[C_CARD_KIND + c]
        if state[G_SLOT_DOWN + s] == 1 or kind == KIND_IMP:
            push(state, OP_IMPROVEMENT, s, 0, 0)
        elif kind == KIND_RES:
            push(state, OP_RES_HERE, s, 0, 0)
        else:
            queue_location(state, cat, p, s, c)
    if skirmish_due(state, p, s):
        push(state, OP_SKIRMISH, s, 0, 0)                        # SKIR-04: after the payment
    if state[G_SOLO] == 1:
        # SOLO-09: ending on Jordan's card the human pays 1 doubloon to the supply, if possible
        if p == 0 and state[pb(1) + P_SHIP] == s and state[b + P_COINS] > 0:
            state[b + P_COINS] -= 1
        return
    # opponents' ships on this card (MOVE-08): pay each 1, as far as money goes
    owed = 0
    n = 0
    for q in range(state[G_NP]):
        if q != p and state[pb(q) + P_SHIP] == s:
            owed |= 1 << q
            n += 1
    if n > 0 and state[b + P_COINS] > 0:
        if state[b + P_COINS] >= n:
            for q in range(state[G_NP]):
                if (owed >> q) & 1 == 1:
                    state[b + P_COINS] -= 1
                    state[pb(q) + P_COINS] += 1
        else:
            push(state, OP_PAY, owed, 0, 0)


@njit_noalloc
def queue_location(state, cat, p, s, c):
    """LOC-01: (1) treasure value now, then (2) black market, (3) upgrade,
    (4) the Location's actions, asked in that order (pushed in reverse)."""
    if state[G_SLOT_TV + s] > 0:
        add_cubes(state, state[G_SLOT_TV + s] - 1, 1)             # LOC-02
    if ruby_supply_here(state, cat, c):
        push(state, OP_RUBY_GAIN, 0, 0, 0)                        # RUBY-02: in step 4
    if cat[C_CARD_NSIDES + c] == 2:
        push(state, OP_SIDE, c, 0, 0)
    else:
        push_effects(state, cat, cat[C_CARD_SIDE0_S + c], cat[C_CARD_SIDE0_N + c])
    push(state, OP_UPGRADE, 0, 0, 0)                              # LOC-04
    bm = state[G_SLOT_BM + s]
    if bm > 0 and (bm - 1) // BM_CODE == p:
        push(state, OP_BM_HERE, (bm - 1) % BM_CODE, 0, 0)                # LOC-03


@njit_noalloc
def end_turn(state, cat):
    """After a turn: end the round (MARA-03, ROUND-01/04) or the game (END3-01),
    or pass to the next player clockwise."""
    pop(state)
    p = state[G_CUR]
    np_ = state[G_NP]
    state[pb(p) + P_TURNS] += 1
    nxt = (p + 1) % np_
    if state[G_ROUND] == N_ROUNDS:
        if state[G_END3] == 1 and p == state[G_MARA_SEAT]:
            income(state, cat)
            final_scoring(state, cat)
            state[G_OVER] = 1
            return
    elif state[G_ROUND_END] == 1:
        income(state, cat)
        state[G_ROUND_END] = 0
        state[G_ROUND] += 1
        for q in range(np_):
            state[pb(q) + P_SHIP] = SP_START
    start_turn(state, cat, nxt)

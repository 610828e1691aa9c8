"""The Pirates engine: the exact legal mask of the pending decision, and step.

The decision being asked is the top frame of the pending stack (its op is
the phase). ``advance`` resolves everything that needs no decision (automatic
effects, frames with nothing legal left, the end of a turn) until a real
decision or the end of the game.
"""
from ...framework.jit import njit_noalloc
from .common import (FIGUREHEAD_COST, GULF_EXPLORE, GULF_RAID, LIST_ALL, MODULE_OPS_FROM,
                     OP_ACQUIRE, OP_BM_ACTIVATE, OP_BM_HERE, OP_BM_PLACE, OP_BM_TILE, OP_BURY,
                     OP_DISCARDQ, OP_END_TURN, OP_EXPLORE, OP_FIGUREHEAD, OP_GULF, OP_IMPROVEMENT,
                     OP_ISLAND, OP_KEEPQ, OP_LIST, OP_MOVE, OP_NONE, OP_PAY, OP_QUEST, OP_RAID_DICE,
                     OP_RAID_SPEND, OP_REFILL, OP_RESIDENCE, OP_RES_HERE, OP_RETURNQ, OP_SIDE,
                     OP_SKIRMISH, OP_TCHOICE, OP_TPLACE, OP_UPGRADE, SKIP_COINS, TC_AS_IF, add_vp,
                     pb, pop, push, top)
from .constants import (A_ACQUIRE, A_BM_ACTIVATE, A_BM_AT, A_BM_HERE, A_BM_TILE, A_BONUS, A_BURY,
                        A_DIE, A_DISCARD_QUEST, A_EFFECT, A_EXPLORE, A_FIGUREHEAD, A_FORFEIT,
                        A_GULF, A_ISLAND, A_KEEP_QUEST, A_PASS, A_PAY, A_POSEIDON, A_QUEST_DECK,
                        A_QUEST_MARKET, A_RAID_ACT, A_REROLL, A_RESIDENCE, A_SAIL, A_SIDE, A_STOP,
                        A_STORE, A_TAKE5, A_TREASURE, A_UPGRADE, A_WHALE, C_CARD_SIDE0_N,
                        C_CARD_SIDE0_S, C_CARD_SIDE1_N, C_CARD_SIDE1_S, C_EFF_ARG, C_EFF_N, C_HB_N,
                        C_HU_N, C_N_RA, C_N_SHIP_SLOTS, C_N_TRACK, FIGM_CAP, FR_COINS2, FR_PEARL,
                        FR_VP2, G_CUR, G_DICE, G_FIGM, G_LAST_ACTION, G_MV_LEFT, G_MV_START, G_NP,
                        G_OVER, G_PHASE, G_QDECK_N, G_QMARKET, G_QMARKET_N, G_REROLLS, G_SLOT_DOWN,
                        G_SOLO, G_STEPS, HB_CAP, HU_CAP, NUM_ACTIONS, N_BM, N_POSEIDON, N_SLOTS,
                        P_BM_AT, P_BONUS, P_BURSP, P_COINS, P_EXPL_BONUS, P_FIG, P_FORFEIT,
                        P_FORFEIT_N, P_HAS_POSEIDON, P_POSEIDON, P_QN, P_SETUPQ, P_SHIP, P_WHALE,
                        VS_EFFECTS)
from .treasures import place_on_bonus, can_bury_type, bury_at, bury_on_poseidon, \
    gain_treasure, add_cubes
from .raid import reroll, choose_die, raid_as_if, raid_action_legal, do_raid_action, start_raid
from .explore import reachable, forfeit_legal, move_explorer, start_explore
from .effects import effect_possible, start_effect, is_automatic, acquire_legal, acquire, \
    residence_legal, build_residence, upgrade_legal, do_upgrade, take_figurehead, bm_slot_legal, \
    place_bm, activate_bm, take_market_quest, draw_quest, give_quest, whale_refresh, discard_quest, \
    push_effects, refill_slot, any_residence, bm_possible
from .sailing import neighbours, can_end_within, stop_legal, sail, end_move, end_turn, start_turn
from .setup import OP_BEGIN, finish_quest_setup, reset
from .observe import observe
from .jordan import JORDAN, jordan_turn
from .modules import module_fill, module_apply
from .skirmish import resolve_skirmish


@njit_noalloc
def _set(mask, a):
    mask[a] = 1
    return 1


@njit_noalloc
def fill_mask(state, cat, mask):
    """Write the legal actions of the top frame into mask; returns how many
    legal actions other than PASS there are."""
    mask[:] = 0
    o = top(state)
    if o < 0 or state[G_OVER] == 1:
        return 0
    op = state[o]
    a = state[o + 1]
    b = state[o + 2]
    c = state[o + 3]
    p = state[G_CUR]
    pbase = pb(p)
    n = 0
    optional = True
    if op == OP_KEEPQ:
        optional = False
        for i in range(2):
            if state[pb(a) + P_SETUPQ + i] >= 0:
                n += _set(mask, A_KEEP_QUEST + i)
    elif op == OP_MOVE:
        optional = False
        if state[G_MV_LEFT] > 0:
            nb = neighbours(state, cat, state[pbase + P_SHIP])
            s = 0
            while nb != 0:
                if nb & 1 and can_end_within(state, cat, s, state[G_MV_LEFT] - 1, state[G_MV_START]):
                    n += _set(mask, A_SAIL + s)
                nb >>= 1
                s += 1
        if stop_legal(state, cat, p):
            n += _set(mask, A_STOP)
    elif op == OP_PAY:
        optional = False
        for q in range(state[G_NP]):
            if (a >> q) & 1 == 1:
                n += _set(mask, A_PAY + q)
    elif op == OP_IMPROVEMENT:
        optional = False
        n += _set(mask, A_TAKE5)
        if state[G_SLOT_DOWN + a] == 0 and acquire_legal(state, cat, p, a, -1, 0):
            n += _set(mask, A_ACQUIRE + a)
    elif op == OP_RES_HERE:
        if residence_legal(state, cat, p, a):
            n += _set(mask, A_RESIDENCE + a)
    elif op == OP_BM_HERE:
        n += _set(mask, A_BM_HERE)
    elif op == OP_UPGRADE:
        optional = a == 0
        bm_ok = bm_possible(state, cat, p, 0)
        for k in range(cat[C_N_SHIP_SLOTS]):
            if upgrade_legal(state, cat, p, k, bm_ok):
                n += _set(mask, A_UPGRADE + k)
    elif op == OP_SIDE:
        for k in range(2):
            n += _set(mask, A_SIDE + k)
    elif op == OP_LIST:
        optional = c & LIST_ALL == 0
        for i in range(b):
            if (c >> i) & 1 == 0 and effect_possible(state, cat, p, a + i):
                n += _set(mask, A_EFFECT + i)
    elif op == OP_GULF:
        n += _set(mask, A_GULF)
        if reachable(state, cat, p, GULF_EXPLORE + state[pbase + P_EXPL_BONUS]) != 0:
            n += _set(mask, A_GULF + 1)
        if any_residence(state, cat, p):
            n += _set(mask, A_GULF + 2)
    elif op == OP_RAID_DICE:
        optional = False
        if state[G_REROLLS] > 0:
            n += _set(mask, A_REROLL)
        for k in range(3):
            if state[G_DICE + k] > 0 and (a < 0 or a == k):
                n += _set(mask, A_DIE + k)
    elif op == OP_RAID_SPEND:
        for k in range(cat[C_N_RA]):
            if raid_action_legal(state, cat, p, k):
                n += _set(mask, A_RAID_ACT + k)
    elif op == OP_TCHOICE:
        optional = False
        for t in range(3):
            n += _set(mask, A_TREASURE + t)
    elif op == OP_TPLACE:
        optional = False
        for j in range(cat[C_HB_N + a]):
            if state[pbase + P_BONUS + a * HB_CAP + j] == 0:
                n += _set(mask, A_BONUS + j)
        n += _set(mask, A_STORE)
    elif op == OP_BURY:
        for t in range(3):
            if (a >= 0 and a != t) or not can_bury_type(state, cat, p, t):
                continue
            for i in range(cat[C_HU_N + t]):
                if state[pbase + P_BURSP + t * HU_CAP + i] == 0:
                    n += _set(mask, A_BURY + t * HU_CAP + i)
            if state[pbase + P_HAS_POSEIDON] > 0:
                for j in range(N_POSEIDON):
                    if state[pbase + P_POSEIDON + j] == 0:
                        n += _set(mask, A_POSEIDON + t * N_POSEIDON + j)
    elif op == OP_EXPLORE:
        r = reachable(state, cat, p, a)
        for s in range(cat[C_N_TRACK]):
            if (r >> s) & 1 == 1:
                n += _set(mask, A_EXPLORE + s)
        for k in range(state[pbase + P_FORFEIT_N]):
            if forfeit_legal(state, cat, p, k, a, b):
                n += _set(mask, A_FORFEIT + k)
    elif op == OP_QUEST:
        if state[G_QDECK_N] > 0:
            n += _set(mask, A_QUEST_DECK)
        for i in range(state[G_QMARKET_N]):
            if state[G_QMARKET + i] >= 0:
                n += _set(mask, A_QUEST_MARKET + i)
        if state[pbase + P_WHALE] > 0 and a == 0 and state[G_QDECK_N] > 0:
            n += _set(mask, A_WHALE)
    elif op == OP_DISCARDQ:
        for i in range(state[pbase + P_QN]):
            n += _set(mask, A_DISCARD_QUEST + i)
    elif op == OP_ISLAND:
        optional = False
        for t in range(3):
            n += _set(mask, A_ISLAND + t)
    elif op == OP_RESIDENCE:
        for s in range(N_SLOTS):
            if residence_legal(state, cat, p, s):
                n += _set(mask, A_RESIDENCE + s)
    elif op == OP_ACQUIRE:
        for s in range(N_SLOTS):
            if acquire_legal(state, cat, p, s, a, b):
                n += _set(mask, A_ACQUIRE + s)
    elif op == OP_FIGUREHEAD:
        optional = a == 0
        if state[pbase + P_FIG] < 0 and state[pbase + P_COINS] >= FIGUREHEAD_COST:
            for i in range(FIGM_CAP):
                if state[G_FIGM + i] >= 0:
                    n += _set(mask, A_FIGUREHEAD + i)
    elif op == OP_BM_TILE:
        optional = False
        for k in range(N_BM):
            if state[pbase + P_BM_AT + k] < 0:
                n += _set(mask, A_BM_TILE + k)
    elif op == OP_BM_PLACE:
        optional = False
        for s in range(N_SLOTS):
            if bm_slot_legal(state, cat, s):
                n += _set(mask, A_BM_AT + s)
    elif op == OP_BM_ACTIVATE:
        for k in range(N_BM):
            if state[pbase + P_BM_AT + k] >= 0:
                n += _set(mask, A_BM_ACTIVATE + k)
    elif op >= MODULE_OPS_FROM:
        n, optional = module_fill(state, cat, p, op, a, mask)
    if optional and n > 0:
        mask[A_PASS] = 1
    return n


@njit_noalloc
def _list_auto(state, cat, p, o):
    """Apply a list's remaining effects at once when none of the possible ones
    asks anything (their order cannot matter), or, in a list the player must
    take in full, when only one is left (there is no order to choose); True if done."""
    a = state[o + 1]
    b = state[o + 2]
    c = state[o + 3]
    asking = 0
    possible = 0
    for i in range(b):
        if (c >> i) & 1 == 0 and effect_possible(state, cat, p, a + i):
            possible += 1
            if not is_automatic(cat, a + i):
                asking += 1
    if asking > 0 and not (c & LIST_ALL != 0 and possible == 1):
        return False
    pop(state)
    for i in range(b):
        if (c >> i) & 1 == 0 and effect_possible(state, cat, p, a + i):
            start_effect(state, cat, p, a + i)
    return True


@njit_noalloc
def advance(state, cat, mask):
    """Resolve until a decision is asked (mask filled, PHASE set) or the game ends."""
    for _ in range(10000):
        if state[G_OVER] == 1:
            mask[:] = 0
            state[G_PHASE] = OP_NONE
            return
        o = top(state)
        if o < 0:                     # cannot happen: a turn always queues the next
            state[G_OVER] = 1
            continue
        op = state[o]
        if op == OP_END_TURN:
            end_turn(state, cat)
            continue
        if op == OP_REFILL:
            slot = state[o + 1]
            pop(state)
            refill_slot(state, slot)
            continue
        if op == OP_SKIRMISH:
            slot = state[o + 1]
            pop(state)
            resolve_skirmish(state, cat, slot)
            continue
        if op == OP_BEGIN:
            pop(state)
            finish_quest_setup(state)
            start_turn(state, cat, 0)
            continue
        if op == OP_KEEPQ or op == OP_RETURNQ:
            state[G_CUR] = state[o + 1]
        p = state[G_CUR]
        if op == OP_MOVE and p == JORDAN and state[G_SOLO] == 1:
            jordan_turn(state, cat)        # SOLO-10..30: his whole turn, no decisions
            continue
        if op == OP_LIST and _list_auto(state, cat, p, o):
            continue
        n = fill_mask(state, cat, mask)
        if op == OP_MOVE and mask[A_STOP] == 1 and n == 1:
            end_move(state, cat, p)        # nowhere further to go: the move ends here
            continue
        if n == 0:
            pop(state)                     # nothing possible: the frame lapses (e.g. UPG-06)
            continue
        state[G_PHASE] = op
        return


@njit_noalloc
def apply(state, cat, action):
    """Carry out a legal action of the top frame (legality checked by the caller)."""
    o = top(state)
    op = state[o]
    a = state[o + 1]
    b = state[o + 2]
    p = state[G_CUR]
    pbase = pb(p)
    if action == A_PASS:
        pop(state)
        return
    if op == OP_KEEPQ:
        i = action - A_KEEP_QUEST
        give_quest(state, a, state[pb(a) + P_SETUPQ + i])
        state[pb(a) + P_SETUPQ + i] = -1
        pop(state)
    elif op == OP_MOVE:
        if action == A_STOP:
            end_move(state, cat, p)
        else:
            sail(state, cat, p, action - A_SAIL)
    elif op == OP_PAY:
        q = action - A_PAY
        state[pbase + P_COINS] -= 1
        state[pb(q) + P_COINS] += 1
        state[o + 1] = a & ~(1 << q)
        if state[pbase + P_COINS] == 0 or state[o + 1] == 0:
            pop(state)
    elif op == OP_IMPROVEMENT:
        pop(state)
        if action == A_TAKE5:
            state[pbase + P_COINS] += SKIP_COINS
        else:
            acquire(state, cat, p, a, 0)
    elif op == OP_RES_HERE or op == OP_RESIDENCE:
        pop(state)
        build_residence(state, cat, p, action - A_RESIDENCE)
    elif op == OP_BM_HERE:
        pop(state)
        activate_bm(state, cat, a)
    elif op == OP_UPGRADE:
        pop(state)
        do_upgrade(state, cat, p, action - A_UPGRADE)
    elif op == OP_SIDE:
        pop(state)
        k = action - A_SIDE
        if k == 0:
            push_effects(state, cat, cat[C_CARD_SIDE0_S + a], cat[C_CARD_SIDE0_N + a])
        else:
            push_effects(state, cat, cat[C_CARD_SIDE1_S + a], cat[C_CARD_SIDE1_N + a])
    elif op == OP_LIST:
        i = action - A_EFFECT
        c = state[o + 3] | (1 << i)
        state[o + 3] = c
        if c & (LIST_ALL - 1) == (1 << b) - 1:
            pop(state)
        start_effect(state, cat, p, a + i)
    elif op == OP_GULF:
        pop(state)
        k = action - A_GULF
        if k == 0:
            start_raid(state, cat, p, GULF_RAID, -1)
        elif k == 1:
            start_explore(state, cat, p, GULF_EXPLORE)
        else:
            push(state, OP_RESIDENCE, 0, 0, 0)
    elif op == OP_RAID_DICE:
        if action == A_REROLL:
            reroll(state)
        else:
            pop(state)
            choose_die(state, cat, p, action - A_DIE)
    elif op == OP_RAID_SPEND:
        do_raid_action(state, cat, p, action - A_RAID_ACT)
    elif op == OP_TCHOICE:
        pop(state)
        t = action - A_TREASURE
        if a == TC_AS_IF:
            raid_as_if(state, cat, p, t, b)
        else:
            for _ in range(b if b > 0 else 1):
                gain_treasure(state, cat, p, t)
    elif op == OP_TPLACE:
        pop(state)
        if action != A_STORE:
            place_on_bonus(state, cat, p, a, action - A_BONUS)
    elif op == OP_BURY:
        pop(state)
        if action < A_POSEIDON:
            k = action - A_BURY
            bury_at(state, cat, p, k // HU_CAP, k % HU_CAP)
        else:
            k = action - A_POSEIDON
            bury_on_poseidon(state, cat, p, k // N_POSEIDON, k % N_POSEIDON)
    elif op == OP_EXPLORE:
        if action < A_FORFEIT:
            pop(state)
            move_explorer(state, cat, p, action - A_EXPLORE)
        else:
            k = action - A_FORFEIT
            e = state[pbase + P_FORFEIT + k]
            state[o + 1] = a - cat[C_EFF_N + e]
            state[o + 2] = b | (1 << k)
            r = cat[C_EFF_ARG + e]
            if r <= FR_PEARL:
                gain_treasure(state, cat, p, r)
            elif r == FR_COINS2:
                state[pbase + P_COINS] += 2
            elif r == FR_VP2:
                add_vp(state, p, 2, VS_EFFECTS)
            else:
                push(state, OP_ISLAND, 1, 0, 0)
    elif op == OP_QUEST:
        if action == A_WHALE:
            whale_refresh(state)
            state[o + 1] = 1
        elif action == A_QUEST_DECK:
            pop(state)
            give_quest(state, p, draw_quest(state))
        else:
            pop(state)
            take_market_quest(state, p, action - A_QUEST_MARKET)
    elif op == OP_DISCARDQ:
        pop(state)
        discard_quest(state, p, action - A_DISCARD_QUEST)
    elif op == OP_ISLAND:
        pop(state)
        add_cubes(state, action - A_ISLAND, a)
    elif op == OP_ACQUIRE:
        pop(state)
        acquire(state, cat, p, action - A_ACQUIRE, b)
    elif op == OP_FIGUREHEAD:
        pop(state)
        take_figurehead(state, cat, p, action - A_FIGUREHEAD)
    elif op == OP_BM_TILE:
        state[o] = OP_BM_PLACE
        state[o + 1] = action - A_BM_TILE
    elif op == OP_BM_PLACE:
        pop(state)
        place_bm(state, cat, p, a, action - A_BM_AT)
    elif op == OP_BM_ACTIVATE:
        pop(state)
        activate_bm(state, cat, action - A_BM_ACTIVATE)
    elif op >= MODULE_OPS_FROM:
        module_apply(state, cat, p, op, a, action)


@njit_noalloc
def step(state, cat, action, mask):
    """Apply action if legal (mask = the current legal mask) and advance to the
    next decision, refilling mask. Returns False, changing nothing, if illegal."""
    if action < 0 or action >= NUM_ACTIONS or mask[action] == 0 or state[G_OVER] == 1:
        return False
    apply(state, cat, action)
    state[G_STEPS] += 1
    state[G_LAST_ACTION] = action
    advance(state, cat, mask)
    return True


@njit_noalloc
def step_observe(state, cat, action, mask, obs):
    """step, then the observation of the player to act next written into obs
    (left untouched once the game is over): one compiled call for AEC loops."""
    step(state, cat, action, mask)
    if state[G_OVER] == 0:
        observe(state, state[G_CUR], obs)


@njit_noalloc
def new_game(state, cat, num_players, seed, setup, mask):
    """A new game; setup = options.setup_bits(layout, modules, difficulty) (a plain layout index: no modules)."""
    reset(state, cat, num_players, seed, setup)
    advance(state, cat, mask)

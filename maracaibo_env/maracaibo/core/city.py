"""City actions (checklist §5, §19): optional delivery, then the city's action."""
from ...framework.jit import njit_noalloc

from .common import (add_vp, any_disc_removable, count_symbol_in_hand, discard_card, gain_cp,
                     hand_take, pb, push)
from .constants import (CA_COMBAT, CA_COMPASS_VILLAGES, CA_CP3, CA_CP_INFLUENCE, CA_CP_REMOVE_DISC,
                        CA_DOUBLOONS_OR_ASSISTANTS, CA_DOUBLOONS_VILLAGE, CA_EXPLORE, CA_HOME20,
                        CA_HOME21A, CA_HOME21B, CA_HOME22, CA_INFLUENCE_VILLAGE,
                        CA_PAY_CP_INFLUENCE_DOUBLOONS, CA_TOKENS_VP_DISCARD, CH_CITYACT10,
                        CH_DISCARD_HAND4, CH_HOME20, CH_PAY2CP, C_CARD_SYMBOL, G_COMPASS_AT_START,
                        G_LEGACY, G_LOC_MARKET, LK_CITY, NK_INFLUENCE, OP_CHOICE, OP_COMBAT,
                        OP_EXPLORE, OP_NATION, OP_REMOVE_DISC, OP_VILLAGE, P_CP, P_DOUBLOONS,
                        P_HAND, P_HAND_N, P_TOKENS, VS_CITY_ACTIONS, VS_HOMEWARD)
from .sailing import (location_action, location_action_amount, market_good,
                      market_spaces)
from . import legacy


@njit_noalloc
def can_deliver(state, cat, p, loc):
    """CITY-02/04/08: free market space, a matching hand card, a removable disc."""
    if legacy.loc_kind(state, cat, loc) != LK_CITY:
        return False
    if state[G_LOC_MARKET + loc] >= market_spaces(state, cat, loc):
        return False
    if count_symbol_in_hand(state, cat, p, market_good(state, cat, loc), -1) == 0:
        return False
    return any_disc_removable(state, cat, p)


@njit_noalloc
def legal_deliver(state, cat, p, loc, mask, a_deliver):
    """Mark the hand cards p can deliver here; False when there is none."""
    b = pb(p)
    good = market_good(state, cat, loc)
    found = False
    for i in range(state[b + P_HAND_N]):
        if cat[C_CARD_SYMBOL + state[b + P_HAND + i]] == good:
            mask[a_deliver + i] = 1
            found = True
    return found


@njit_noalloc
def apply_deliver(state, cat, p, loc, slot):
    """Discard the card, then a disc of the player's choice goes to the market."""
    discard_card(state, hand_take(state, p, slot))
    # 1 disc, mandatory, into this city's market (flags: 2 = to market, loc << 4)
    push(state, OP_REMOVE_DISC, p, 1, 2 | (loc << 4))


@njit_noalloc
def start_city_action(state, cat, p, loc):
    """Queue the city's printed action (CITYACT-01..11, HOME-02..05)."""
    if state[G_LEGACY] != 0:
        i = legacy.legacy_city(state, cat, loc)
        if i >= 0:  # LEG-L1 / L4 / L7
            legacy.start_city_action(state, cat, p, i)
            return
    act = location_action(state, cat, loc)
    amt = location_action_amount(state, cat, loc)
    b = pb(p)
    if act == CA_COMBAT:
        push(state, OP_COMBAT, p, -1, 0)
    elif act == CA_EXPLORE:
        push(state, OP_EXPLORE, p, amt, 0)
    elif act == CA_INFLUENCE_VILLAGE:
        push(state, OP_VILLAGE, p, 1, 0)
        push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif act == CA_CP_REMOVE_DISC:
        gain_cp(state, p, 1)
        push(state, OP_REMOVE_DISC, p, 1, 1)  # optional (DE "darfst")
    elif act == CA_CP3:
        gain_cp(state, p, 3)
    elif act == CA_DOUBLOONS_VILLAGE:
        state[b + P_DOUBLOONS] += 2
        push(state, OP_VILLAGE, p, 1, 0)
    elif act == CA_CP_INFLUENCE:
        gain_cp(state, p, 1)
        push(state, OP_NATION, p, 1, NK_INFLUENCE)
    elif act == CA_COMPASS_VILLAGES:
        push(state, OP_VILLAGE, p, state[G_COMPASS_AT_START], 0)
    elif act == CA_TOKENS_VP_DISCARD:
        add_vp(state, p, state[b + P_TOKENS], VS_CITY_ACTIONS)
        if state[b + P_HAND_N] > 0:
            push(state, OP_CHOICE, p, CH_DISCARD_HAND4, 0)
    elif act == CA_DOUBLOONS_OR_ASSISTANTS:
        push(state, OP_CHOICE, p, CH_CITYACT10, 0)
    elif act == CA_PAY_CP_INFLUENCE_DOUBLOONS:
        if state[b + P_CP] >= 2:
            push(state, OP_CHOICE, p, CH_PAY2CP, 0)
    elif act == CA_HOME20:
        push(state, OP_CHOICE, p, CH_HOME20, 0)
    elif act == CA_HOME21A or act == CA_HOME21B:
        add_vp(state, p, 3, VS_HOMEWARD)
    elif act == CA_HOME22:
        add_vp(state, p, 5, VS_HOMEWARD)


@njit_noalloc
def discard_hand(state, p):
    b = pb(p)
    n = state[b + P_HAND_N]
    for i in range(n):
        discard_card(state, state[b + P_HAND + i])
        state[b + P_HAND + i] = -1
    state[b + P_HAND_N] = 0
    return n

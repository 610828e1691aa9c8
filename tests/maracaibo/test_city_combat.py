"""Rule tests: §5 city actions (CITY, CITYACT), §6 Combat (COMBAT), §7 influence (INF).

States are built with tests/helpers.py, then real decisions are stepped through
Game.step by name. Combat tokens and city tiles are set by hand (custom_catalog
for token values) so the tests do not depend on the reconstructed data.
"""
from __future__ import annotations

import pytest

from helpers import own, make_catalog, rank_bands_catalog
from helpers import (new_game, finish_setup, get, put, refresh, resume, loc, at_main,
                     set_hand, set_tableau, cards_with_symbol, custom_catalog, check)
from maracaibo_env.maracaibo.core import enums as E, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.catalog_layout import C_LOC_KIND, C_INF_SPACES
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core.combat import unpack
from maracaibo_env.maracaibo.core.sailing import flag_kind, location_action, market_good
from maracaibo_env.maracaibo.core.common import (push, noble_rank, empty_supply_spaces,
                                       markers_on_board)

FR, EN, SP = 0, 1, 2


# ---------------------------------------------------------------- helpers
def game(n=2, seed=1, catalog=None):
    g = new_game(n, seed=seed, catalog=catalog)
    finish_setup(g)
    return g


def tile(g, key):
    return g.catalog.tile_keys.index(key)


def at_city(g, p, loc_key, tile_key=None, hand=None, **fields):
    """Player p's Phase B at loc_key; optionally a city tile there, a hand and
    player fields (CP=3, DOUBLOONS=10 ...)."""
    if tile_key is not None:
        put(g, "LOC_TILE", tile(g, tile_key), index=loc(g, loc_key))
    if hand is not None:
        set_hand(g, p, hand)
    for k, v in fields.items():
        put(g, k, v, p)
    at_main(g, p, loc_key)
    refresh(g)


def no_good(g, good, n=4):
    """n hand cards showing no good / object `good` (so no delivery is possible)."""
    other = [k for k in g.catalog.goods_keys if k != good][:2]
    return (cards_with_symbol(g, other[0], n // 2) + cards_with_symbol(g, other[1], n - n // 2))


def combat_city(g):
    """The city whose action is Combat, by a catalog lookup (Maracaibo, 11, on the
    shipped map; in a 2-player game the Maracaibo tile there)."""
    return next(k for i, k in enumerate(g.catalog.loc_keys)
                if int(location_action(g.state, g._cat, i)) == K.CA_COMBAT)


def at_combat_city(g, p=0, **fields):
    """Player p's Phase B at the Combat city with a hand that cannot deliver there."""
    key = combat_city(g)
    good = g.catalog.goods_keys[int(market_good(g.state, g._cat, loc(g, key)))]
    at_city(g, p, key, hand=no_good(g, good), **fields)


def marker(g, loc_key, nation):
    """Put a nation's leftmost supply marker on an empty location."""
    i = loc(g, loc_key)
    assert get(g, "LOC_MARKER")[i] < 0
    put(g, "LOC_MARKER", nation, index=i)
    put(g, "SUP_TAKEN", get(g, "SUP_TAKEN")[nation] + 1, index=nation)


def token_on_top(g, t, pile=0):
    """Make token t the top of `pile` (positions swapped; conservation kept)."""
    n = get(g, "TPILE_N")
    for k, name in ((0, "TPILE0"), (1, "TPILE1")):
        arr = get(g, name)[: n[k]]
        if t in list(arr):
            src = (name, list(arr).index(t))
            break
    else:
        raise AssertionError("token not in a pile")
    dst_name = "TPILE0" if pile == 0 else "TPILE1"
    dst_i = n[pile] - 1
    a = get(g, src[0])[src[1]]
    b = get(g, dst_name)[dst_i]
    put(g, src[0], b, index=src[1])
    put(g, dst_name, a, index=dst_i)


def empty_piles(g):
    put(g, "TOKENS_OUT", get(g, "TOKENS_OUT") + int(get(g, "TPILE_N").sum()))
    put(g, "TPILE_N", [0, 0])
    put(g, "TPILE0", -1)
    put(g, "TPILE1", -1)


def combat_entry(g):
    """(token, stage, nation, used, value) of the innermost Combat on the stack."""
    stk = get(g, "STK").reshape(L.STACK_CAP, L.STACK_W)[: get(g, "STK_N")]
    rows = [r for r in stk if r[0] == K.OP_COMBAT]
    assert rows, "no Combat in progress"
    r = rows[-1]
    st, n, used, v = unpack(int(r[3]))
    return int(r[2]), int(st), int(n), int(used), int(v)


def value(g):
    return combat_entry(g)[4]


def legal(g):
    return set(g.legal_action_names())


def skip_delivery(g):
    if g.phase == "deliver":
        g.step("pass")


def run_task(g, op, p, a=0, b=0):
    """Start a sub-decision the way a main action would (main_done below it)."""
    push(g.state, K.OP_MAIN_DONE, p, 0, 0)
    push(g.state, E.OPS.index(op), p, a, b)
    resume(g)


def disc_count(g, p, area):
    return int(get(g, "DISCS", p)[E.SHIP_AREAS.index(area)])


# =================================================================== §5.1 delivery
def _delivery_game(**fields):
    """Player 0 at Puerto Plata (4) with the Garrison tile (+3 CP; corn, 2 spaces)."""
    g = game()
    corn = cards_with_symbol(g, "corn", 2)
    sugar = cards_with_symbol(g, "sugar", 1)
    at_city(g, 0, "4", "t05", hand=corn + sugar, CP=1, **fields)
    return g, corn, sugar


def test_city_01_delivery_first_then_the_city_action():
    g, corn, _ = _delivery_game()
    g.step("main:city")
    assert g.phase == "deliver" and get(g, "CP", 0) == 1  # action not yet done
    g.step("deliver:hand0")
    assert g.phase == "disc" and get(g, "CP", 0) == 1
    g.step("disc:vp3")
    assert g.phase == "choice" and get(g, "CP", 0) == 1  # CITY-01: the action is optional
    g.step("choice:1")
    assert get(g, "CP", 0) == 4  # then the printed action (+3 CP)
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1
    check(g)


def test_city_02_delivery_discards_a_matching_card_and_moves_a_disc_to_market():
    g, corn, _ = _delivery_game()
    d0 = get(g, "DISCARD_N")
    g.step("main:city")
    assert own(g) == {"pass", "deliver:hand0", "deliver:hand1"}  # only corn cards
    g.step("deliver:hand1")
    assert "pass" not in legal(g)  # the disc is mandatory
    g.step("disc:hand_limit")
    assert get(g, "DISCARD_N") == d0 + 1 and get(g, "DISCARD")[d0] == corn[1]
    assert disc_count(g, 0, "hand_limit") == 1
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 1
    assert get(g, "DISCS_OUT", 0) == 0  # the disc is in the market, not out of the game
    check(g)


def test_city_02_no_delivery_when_the_market_is_full():
    g, _, _ = _delivery_game()
    put(g, "LOC_MARKET", 2, index=loc(g, "4"))  # both spaces taken by player 1's discs
    put(g, "DISCS", 0, 1, index=K.AREA_HAND_LIMIT)
    put(g, "UPGRADES", 1 << K.AREA_HAND_LIMIT, 1)
    check(g)
    refresh(g)
    g.step("main:city")
    assert get(g, "CP", 0) == 4 and g.phase == "main" and get(g, "HAND_N", 0) == 3


def test_city_02_no_delivery_without_a_removable_disc():
    g, _, _ = _delivery_game()
    put(g, "DISCS", [0] * 12, 0)
    put(g, "DISCS_OUT", 24, 0)
    put(g, "UPGRADES", (1 << 12) - 1, 0)
    refresh(g)
    g.step("main:city")
    assert g.phase == "main" and get(g, "HAND_N", 0) == 3 and get(g, "CP", 0) == 4


def test_city_03_tv_55_single_delivery_completes_an_upgrade_at_once():
    g, corn, sugar = _delivery_game()
    put(g, "DISCS", 1, 0, index=K.AREA_VP3)
    put(g, "DISCS_OUT", 1, 0)
    refresh(g)
    vp = get(g, "VP", 0)
    g.step("main:city")
    g.step("deliver:hand0")
    g.step("disc:vp3")
    # exactly one card and one disc, the upgrade applied at once (+3 VP)
    assert list(get(g, "HAND", 0)[: get(g, "HAND_N", 0)]) == [corn[1], sugar[0]]
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 1
    assert get(g, "VP", 0) == vp + 3 and get(g, "UPGRADES", 0) >> K.AREA_VP3 & 1
    g.step("choice:1")  # the city action
    assert g.phase == "main"  # no second delivery
    assert "deliver:hand0" not in legal(g)
    check(g)


def test_city_07_delivered_disc_completing_an_area_applies_the_upgrade():
    g, _, _ = _delivery_game()
    put(g, "DISCS", 1, 0, index=K.AREA_DOUBLOONS5)
    put(g, "DISCS_OUT", 1, 0)
    refresh(g)
    d = get(g, "DOUBLOONS", 0)
    g.step("main:city")
    g.step("deliver:hand0")
    g.step("disc:doubloons5")
    assert get(g, "DOUBLOONS", 0) == d + 5


def test_city_04_delivery_may_be_declined_and_never_blocks_the_action():
    g, _, _ = _delivery_game()
    g.step("main:city")
    g.step("pass")
    assert get(g, "CP", 0) == 4 and get(g, "HAND_N", 0) == 3
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 0
    # no matching card: straight to the action
    g2 = game()
    at_city(g2, 0, "4", "t05", hand=cards_with_symbol(g2, "sugar", 3), CP=1)
    g2.step("main:city")
    assert g2.phase == "main" and get(g2, "CP", 0) == 4


def test_city_05_planning_cards_cannot_be_delivered():
    g = game()
    corn = cards_with_symbol(g, "corn", 1)
    at_city(g, 0, "4", "t05", hand=corn + cards_with_symbol(g, "sugar", 1), CP=1)
    g.step("free:plan:hand0")
    assert corn[0] in list(get(g, "PLAN", 0))
    g.step("main:city")
    assert g.phase == "main" and get(g, "CP", 0) == 4
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 0


def test_city_06_delivered_discs_stay_in_the_market_until_interim_step_3():
    g, _, _ = _delivery_game()
    g.step("main:city")
    g.step("deliver:hand0")
    g.step("disc:vp3")
    g.step("choice:1")
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 1
    # still there on a later turn
    g.step("pass")
    while g.phase == "draw":
        g.step("draw:deck")
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 1
    # interim scoring step 3 takes them out of the game
    from maracaibo_env.maracaibo.core.scoring import start_scoring
    put(g, "TRIGGER", 0)
    put(g, "STK_N", 0)
    start_scoring(g.state, g._cat)
    resume(g)
    while g.phase == "score_buy":
        g.step("score:vp2")
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 0 and get(g, "CITY_DISCS_OUT") == 1
    assert get(g, "ROUND") == 2
    check(g)


def test_city_08_no_delivery_on_homeward_spaces():
    g = game()
    every = [c for good in g.catalog.goods_keys for c in cards_with_symbol(g, good, 1)][:8]
    at_city(g, 0, "20", hand=every)
    g.step("main:city")
    assert g.phase == "choice"  # straight to space 20's choice, no delivery
    assert own(g) == {"choice:0", "choice:1"} and get(g, "HAND_N", 0) == len(every) == 7


# =================================================================== §5.2 city actions
def test_cityact_01_combat_city_action_starts_a_combat():
    g = game()
    at_combat_city(g)
    g.step("main:city")
    assert g.phase == "combat_pile" and own(g) == {"cb:pile:0", "cb:pile:1"}


def test_cityact_02_explore_n_moves_up_to_n():
    g = game()
    at_city(g, 0, "4", "t02", hand=no_good(g, "corn"))  # the tile's action: explore 3
    g.step("main:city")
    assert g.phase == "explore"
    assert own(g) == {"pass", "explore:s1", "explore:s2", "explore:s3"}


def test_cityact_03_influence_then_one_village_action():
    g = game()
    at_city(g, 0, "17", hand=no_good(g, "corn"), DOUBLOONS=5)  # influence_village
    g.step("main:city")
    assert g.phase == "nation"
    g.step("nation:england")
    assert list(get(g, "INF", 0)) == [0, 1, 0]
    assert g.phase == "village"
    g.step("vil:doubloon")
    assert get(g, "DOUBLOONS", 0) == 6 and g.phase == "main"  # only one village action


def test_cityact_04_cp_then_optional_disc_that_leaves_the_game():
    g = game()
    at_city(g, 0, "4", "t03", hand=no_good(g, "corn"), CP=2)
    g.step("main:city")
    assert get(g, "CP", 0) == 3 and g.phase == "disc" and "pass" in legal(g)
    g.step("disc:free_market")
    assert disc_count(g, 0, "free_market") == 1 and get(g, "DISCS_OUT", 0) == 1
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 0
    h = game()
    at_city(h, 0, "4", "t03", hand=no_good(h, "corn"), CP=2)
    h.step("main:city")
    h.step("pass")
    assert get(h, "DISCS_OUT", 0) == 0 and sum(get(h, "DISCS", 0)) == 24
    check(g)


@pytest.mark.parametrize("cp, after", [(1, 4), (5, 8), (6, 8), (8, 8)])
def test_cityact_05_three_cp_capped_at_8(cp, after):
    g = game()
    at_city(g, 0, "4", "t05", hand=no_good(g, "corn"), CP=cp)
    g.step("main:city")
    assert get(g, "CP", 0) == after


def test_cityact_06_two_doubloons_then_one_village_action():
    g = game()
    at_city(g, 0, "4", "t04", hand=no_good(g, "sugar"), DOUBLOONS=3)
    g.step("main:city")
    assert get(g, "DOUBLOONS", 0) == 5 and g.phase == "village"
    g.step("vil:doubloon")
    assert get(g, "DOUBLOONS", 0) == 6 and g.phase == "main"


def test_cityact_07_one_cp_and_one_influence():
    g = game()
    at_city(g, 0, "4", "t01", hand=no_good(g, "tobacco"), CP=2)
    g.step("main:city")
    assert get(g, "CP", 0) == 3 and g.phase == "nation"
    g.step("nation:spain")
    assert list(get(g, "INF", 0)) == [0, 0, 1]


def _compass_cards(g, n):
    from helpers import cat_get
    return [c for c in range(L.N_CARDS)
            if any(cat_get(g, "CARD_EFF", c * 4 + k) == K.EF_PERM_COMPASS for k in range(4))][:n]


def test_cityact_08_one_village_action_per_compass_counted_at_turn_start():
    g = game()
    comp = _compass_cards(g, 2)
    set_tableau(g, 0, comp[:1])  # 2 compasses
    at_city(g, 0, "4", "t06", hand=[comp[1]] + no_good(g, "tobacco", 2), DOUBLOONS=40)
    assert get(g, "COMPASS_AT_START") == 2
    g.step("main:city")
    assert g.phase == "village"
    d = get(g, "DOUBLOONS", 0)
    g.step("buy:hand:hand0")  # a 3rd compass bought during the batch does not add one
    assert g.phase == "village"
    d = get(g, "DOUBLOONS", 0)
    g.step("vil:doubloon")
    assert get(g, "DOUBLOONS", 0) == d + 1
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1  # batch of 2 is over


def _give_tokens(g, p, k):
    n = get(g, "TPILE_N")
    put(g, "TPILE_N", n[1] - k, index=1)
    for i in range(n[1] - k, n[1]):
        put(g, "TPILE1", -1, index=i)
    put(g, "TOKENS", get(g, "TOKENS", p) + k, p)


def test_cityact_09_vp_per_token_and_optional_discard_for_4():
    g = game()
    _give_tokens(g, 0, 3)
    at_city(g, 0, "4", "t07", hand=no_good(g, "tobacco", 3), DOUBLOONS=0)
    vp = get(g, "VP", 0)
    g.step("main:city")
    assert get(g, "VP", 0) == vp + 3 and g.phase == "choice"
    plan = list(get(g, "PLAN", 0))
    g.step("choice:1")
    assert get(g, "HAND_N", 0) == 0 and get(g, "DOUBLOONS", 0) == 4
    assert list(get(g, "PLAN", 0)) == plan  # planning cards are not discarded
    # keeping the hand
    h = game()
    _give_tokens(h, 0, 1)
    at_city(h, 0, "4", "t07", hand=no_good(h, "tobacco", 3), DOUBLOONS=0)
    h.step("main:city")
    h.step("choice:0")
    assert get(h, "HAND_N", 0) == 3 and get(h, "DOUBLOONS", 0) == 0
    check(g)


def test_cityact_09_empty_hand_pays_nothing():
    g = game()
    at_city(g, 0, "4", "t07", hand=[], DOUBLOONS=0)
    vp = get(g, "VP", 0)
    g.step("main:city")
    # no discard choice is offered; the turn runs on (draw) with nothing gained
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "VP", 0) == vp and g.phase != "choice"


def _assistants(g, p, loc_key, k):
    put(g, "ASSIST", k, p, index=loc(g, loc_key))
    put(g, "FIG_BOARD", get(g, "FIG_BOARD", p) + k, p)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) - k, p)


@pytest.mark.parametrize("assistants, choice, doubloons, vp", [
    (3, 0, 4, 0), (3, 1, 0, 6), (0, 0, 4, 0), (0, 1, 0, 0)])
def test_cityact_10_four_doubloons_or_two_vp_per_assistant(assistants, choice, doubloons, vp):
    g = game()
    _assistants(g, 0, "9", assistants)
    at_city(g, 0, "4", "t08", hand=no_good(g, "corn"), DOUBLOONS=0)
    v0 = get(g, "VP", 0)
    g.step("main:city")
    assert own(g) == {"choice:0", "choice:1"}
    g.step(f"choice:{choice}")
    assert get(g, "DOUBLOONS", 0) == doubloons and get(g, "VP", 0) == v0 + vp
    check(g)


def test_cityact_11_pay_two_cp_for_influence_and_six_doubloons():
    g = game()
    at_city(g, 0, "4", "t09", hand=no_good(g, "sugar"), CP=3, DOUBLOONS=0)
    g.step("main:city")
    assert own(g) == {"choice:0", "choice:1"}
    g.step("choice:1")
    assert get(g, "CP", 0) == 1 and get(g, "DOUBLOONS", 0) == 6
    g.step("nation:france")
    assert list(get(g, "INF", 0)) == [1, 0, 0]
    # decline
    h = game()
    at_city(h, 0, "4", "t09", hand=no_good(h, "sugar"), CP=3, DOUBLOONS=0)
    h.step("main:city")
    h.step("choice:0")
    assert get(h, "CP", 0) == 3 and get(h, "DOUBLOONS", 0) == 0
    # with 1 CP and figures only: not payable (CP only)
    k = game()
    at_city(k, 0, "4", "t09", hand=no_good(k, "sugar"), CP=1, DOUBLOONS=0)
    k.step("main:city")
    assert k.phase == "main" and get(k, "DOUBLOONS", 0) == 0 and get(k, "CP", 0) == 1


def test_city_09_city_village_actions_ignore_ship_01():
    g = game()
    put(g, "DISCS", 0, 0, index=K.AREA_VILLAGE_THRESHOLDS)
    put(g, "DISCS_OUT", 2, 0)
    put(g, "UPGRADES", 1 << K.AREA_VILLAGE_THRESHOLDS, 0)
    at_city(g, 0, "4", "t04", hand=no_good(g, "sugar"), DOUBLOONS=0)
    put(g, "MP_SPENT", 7)
    refresh(g)
    g.step("main:city")
    g.step("vil:doubloon")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == 3  # 2 + 1 action only


# =================================================================== §6 Combat
TOK = {  # token 0: the Alex example (France 6, pay 2 doubloons)
    0: ("none", [(6, "doubloons", -2), (4, "vp", 1), (5, "none", 0)]),
    1: ("none", [(4, "influence", 1), (5, "figure", 1), (3, "doubloons", 2)]),
    2: ("most_minus2", [(5, "none", 0), (7, "none", 0), (3, "none", 0)]),
    3: ("fewest_plus3", [(3, "none", 0), (6, "none", 0), (5, "none", 0)]),
    4: ("none", [(8, "doubloons", -5), (8, "doubloons", -5), (8, "doubloons", -5)]),
}


def combat_game(token=0, catalog=None, **fields):
    g = game(catalog=catalog or make_catalog(tokens=TOK))
    if token is not None:
        token_on_top(g, token, 0)
    fields.setdefault("DOUBLOONS", 10)
    at_combat_city(g, **fields)
    g.step("main:city")
    skip_delivery(g)
    return g


def test_combat_tv_tv_02_alex_combat():
    g = combat_game(0, CP=1, FIG_SUPPLY=1, FIG_GENERAL=4)
    marker(g, "13", EN)  # an English marker on Port Royal's flag (3 doubloons)
    refresh(g)
    en_taken, fr_taken = get(g, "SUP_TAKEN")[EN], get(g, "SUP_TAKEN")[FR]
    g.step("cb:pile:0")
    g.step("cb:nation:france")
    assert value(g) == 6 and get(g, "DOUBLOONS", 0) == 8
    g.step("cb:inf1")
    assert value(g) == 4 and get(g, "INF", 0)[FR] == 1
    g.step("cb:cp")
    g.step("cb:figure")
    assert value(g) == 6 and get(g, "CP", 0) == 0 and get(g, "FIG_SUPPLY", 0) == 0
    assert get(g, "FIG_GENERAL", 0) == 5
    g.step("cb:flag:13")
    # value 0, nothing left to raise it: only ending the Combat is left (the free
    # actions of Phase B stay open, so the player ends it)
    assert value(g) == 0 and own(g) == {"pass"}
    g.step("pass")
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1
    assert get(g, "INF", 0)[FR] == 2
    assert get(g, "DOUBLOONS", 0) == 8 + 3  # -2 token, +3 flag bonus
    assert get(g, "LOC_MARKER")[loc(g, "13")] == FR
    assert get(g, "SUP_OUT")[EN] == 1 and get(g, "SUP_TAKEN")[EN] == en_taken
    assert get(g, "SUP_TAKEN")[FR] == fr_taken + 1
    assert get(g, "TOKENS", 0) == 1 and get(g, "VP", 0) == 0
    check(g)
    # the same Combat with one CP to spare: the value after the displace is exactly 0
    h = combat_game(0, CP=2, FIG_SUPPLY=1, FIG_GENERAL=4)
    marker(h, "13", EN)
    refresh(h)
    for a in ("cb:pile:0", "cb:nation:france", "cb:inf1", "cb:cp", "cb:figure", "cb:flag:13"):
        h.step(a)
    assert value(h) == 0 and own(h) == {"pass", "cb:cp"}


def test_combat_tv_tv_02_with_perm_10_scores_3_vp():
    cat = make_catalog(cards={150: dict(effects=[("perm_displace_vp", 0, 0, -1)])}, tokens=TOK)
    g = game(catalog=cat)
    token_on_top(g, 0, 0)
    set_tableau(g, 0, [150])
    marker(g, "13", EN)
    at_combat_city(g, CP=1, FIG_SUPPLY=1, FIG_GENERAL=4, DOUBLOONS=10)
    g.step("main:city")
    skip_delivery(g)
    g.step("cb:pile:0")
    g.step("cb:nation:france")
    for a in ("cb:inf1", "cb:cp", "cb:figure", "cb:flag:13", "pass"):
        g.step(a)
    assert get(g, "VP", 0) == 3 and get(g, "TOKENS", 0) == 1


def test_combat_01_token_from_either_pile():
    g = combat_game(None)
    n = get(g, "TPILE_N")
    assert own(g) == {"cb:pile:0", "cb:pile:1"}
    top1 = get(g, "TPILE1")[n[1] - 1]
    g.step("cb:pile:1")
    assert list(get(g, "TPILE_N")) == [n[0], n[1] - 1]
    assert combat_entry(g)[0] == top1
    check(g)


def test_combat_01_one_pile_empty_takes_the_other_without_asking():
    g = game(catalog=make_catalog(tokens=TOK))
    token_on_top(g, 0, 0)
    n = get(g, "TPILE_N")
    put(g, "TOKENS_OUT", n[1])
    put(g, "TPILE_N", 0, index=1)
    put(g, "TPILE1", -1)
    at_combat_city(g, DOUBLOONS=10)
    g.step("main:city")
    if g.phase == "combat_pile":  # a decision only because free actions are open
        assert own(g) == {"cb:pile:0"}
        g.step("cb:pile:0")
    assert g.phase == "combat_nation" and combat_entry(g)[0] == 0


def test_combat_02_both_piles_empty_value_3_no_token():
    g = game()
    empty_piles(g)
    at_combat_city(g, DOUBLOONS=5, CP=0, FIG_SUPPLY=0, FIG_GENERAL=5)
    g.step("main:city")
    assert g.phase == "combat_nation"
    g.step("cb:nation:england")
    assert value(g) == 3 and get(g, "DOUBLOONS", 0) == 5
    assert "cb:inf1" in legal(g) and "cb:inf2" not in legal(g)
    g.step("pass")
    assert get(g, "TOKENS", 0) == 0
    check(g)


def test_combat_03_fighting_nation_gets_every_action():
    g = combat_game(0, CP=8)
    g.step("cb:pile:0")
    g.step("cb:nation:england")
    for _ in range(6):
        g.step("cb:cp")
    g.step("cb:inf2")
    g.step("cb:flag:14")
    assert list(get(g, "INF", 0)) == [0, 3, 0]
    assert get(g, "LOC_MARKER")[loc(g, "14")] == EN


def test_combat_04_token_bonus_for_the_chosen_nation():
    g = combat_game(0)
    g.step("cb:pile:0")
    base = g.clone()
    g.step("cb:nation:france")  # pay 2 doubloons
    assert get(g, "DOUBLOONS", 0) == 8
    e = base.clone()
    e.step("cb:nation:england")  # 1 VP
    assert get(e, "VP", 0) == 1 and get(e, "DOUBLOONS", 0) == 10
    s = base.clone()
    s.step("cb:nation:spain")  # nothing
    assert get(s, "VP", 0) == 0 and get(s, "DOUBLOONS", 0) == 10


def test_combat_04_influence_figure_and_take_doubloons():
    g = combat_game(1, FIG_SUPPLY=0, FIG_GENERAL=5, CP=0)
    g.step("cb:pile:0")
    base = g.clone()
    g.step("cb:nation:france")
    assert list(get(g, "INF", 0)) == [1, 0, 0] and value(g) == 4
    e = base.clone()
    e.step("cb:nation:england")
    assert get(e, "FIG_SUPPLY", 0) == 1 and get(e, "FIG_GENERAL", 0) == 4
    assert "cb:figure" in legal(e)  # the new figure can be spent at once
    e.step("cb:figure")
    assert value(e) == 6
    s = base.clone()
    s.step("cb:nation:spain")
    assert get(s, "DOUBLOONS", 0) == 12


def test_combat_04_unpayable_cost_blocks_that_nation():
    g = combat_game(0, DOUBLOONS=1)
    g.step("cb:pile:0")
    assert own(g) == {"cb:nation:england", "cb:nation:spain"}


def test_combat_04_no_payable_nation_sets_the_token_aside():
    g = combat_game(4, DOUBLOONS=4)
    out = get(g, "TOKENS_OUT")
    g.step("cb:pile:0")
    assert g.phase == "combat_nation" and own(g) == {"pass"}  # no nation can be chosen
    g.step("pass")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == 4
    assert get(g, "TOKENS_OUT") == out + 1 and get(g, "TOKENS", 0) == 0
    check(g)


def _modifier_board(g):
    """2p start (1 marker each in villages 6/7/8) + 2 French + 2 Spanish: F3 S3 E1."""
    marker(g, "2", FR)
    marker(g, "4", FR)
    marker(g, "13", SP)
    marker(g, "14", SP)   # markers on villages and cities count alike


def test_combat_05_most_markers_minus_2_only_for_the_sole_leader():
    g = combat_game(2)
    _modifier_board(g)
    refresh(g)
    g.step("cb:pile:0")
    f = g.clone()
    f.step("cb:nation:france")
    assert value(f) == 5  # tied for most: no -2
    s = g.clone()
    s.step("cb:nation:spain")
    assert value(s) == 3
    marker(g, "5", FR)  # now France alone leads (4)
    refresh(g)
    g.step("cb:nation:france")
    assert value(g) == 3


def test_combat_06_fewest_markers_plus_3_only_when_strict():
    g = combat_game(3)
    _modifier_board(g)
    refresh(g)
    g.step("cb:pile:0")
    e = g.clone()
    e.step("cb:nation:england")
    assert value(e) == 9
    f = g.clone()
    f.step("cb:nation:france")
    assert value(f) == 3


def test_combat_06_tv_34_modifier_ties():
    for tok, nation, expect in ((2, "france", 5), (2, "spain", 3), (2, "england", 7),
                                (3, "england", 9), (3, "france", 3), (3, "spain", 5)):
        g = combat_game(tok)
        _modifier_board(g)
        refresh(g)
        g.step("cb:pile:0")
        g.step(f"cb:nation:{nation}")
        assert value(g) == expect, (tok, nation)


def test_combat_06_two_player_start_no_modifier_applies():
    for tok, nation, expect in ((2, "france", 5), (2, "england", 7), (3, "england", 6),
                                (3, "spain", 5)):
        g = combat_game(tok)
        assert [markers_on_board(g.state, g._cat, n) for n in range(3)] == [1, 1, 1]
        g.step("cb:pile:0")
        g.step(f"cb:nation:{nation}")
        assert value(g) == expect


def _combat_with_cards(cards, tableau, **fields):
    cat = make_catalog(cards=cards)
    g = game(catalog=cat)
    empty_piles(g)
    set_tableau(g, 0, tableau)
    at_combat_city(g, **fields)
    g.step("main:city")
    skip_delivery(g)
    return g


def test_combat_07_perm_03_before_and_perm_09_on_nation_choice():
    cards = {150: dict(effects=[("perm_combat_cp", 0, 0, -1)]),
             151: dict(effects=[("perm_nation_cp", SP, 0, -1)])}
    g = _combat_with_cards(cards, [150, 151], CP=2)
    assert g.phase == "combat_nation" and get(g, "CP", 0) == 3  # +1 before the Combat
    s = g.clone()
    s.step("cb:nation:spain")
    assert get(s, "CP", 0) == 5
    f = g.clone()
    f.step("cb:nation:france")
    assert get(f, "CP", 0) == 3
    h = _combat_with_cards(cards, [150, 151], CP=7)
    h.step("cb:nation:spain")
    assert get(h, "CP", 0) == 8  # capped


def test_combat_08_any_number_of_cp_and_figures_each_plus_1():
    g = combat_game(0, CP=3, FIG_SUPPLY=2, FIG_GENERAL=3)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    assert value(g) == 5
    g.step("cb:cp")
    g.step("cb:figure")
    g.step("cb:cp")
    g.step("cb:figure")
    g.step("cb:cp")
    assert value(g) == 10
    assert get(g, "CP", 0) == 0 and get(g, "FIG_SUPPLY", 0) == 0 and get(g, "FIG_GENERAL", 0) == 5
    assert "cb:cp" not in legal(g) and "cb:figure" not in legal(g)
    check(g)


def test_combat_09_value_never_converts_back():
    g = combat_game(0, CP=3)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    g.step("cb:cp")
    names = own(g)  # nothing turns combat value back into CP or figures
    assert names <= {"pass", "cb:cp", "cb:figure", "cb:inf1", "cb:inf2"} | {
        n for n in names if n.startswith(("cb:flag:", "cb:village:", "cb:nca:"))}
    g.step("pass")
    assert get(g, "CP", 0) == 2 and get(g, "FIG_SUPPLY", 0) == 2


def test_combat_10_cp_cap_holds_for_flag_bonus():
    g = combat_game(0, CP=7)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")  # value 5
    g.step("cb:flag:11")  # Maracaibo's flag: 2 CP
    assert get(g, "CP", 0) == 8


def test_combat_11_each_action_once_and_never_below_zero():
    g = game()
    empty_piles(g)
    at_combat_city(g, CP=0, FIG_SUPPLY=0, FIG_GENERAL=5)
    g.step("main:city")
    g.step("cb:nation:france")
    assert value(g) == 3
    assert not any(n.startswith("cb:flag") for n in legal(g))  # annex costs 4 > 3
    g.step("cb:inf1")
    # value 1: only pass is left (no CP, no figure, nothing costs <= 1)
    assert own(g) == {"pass"} and get(g, "INF", 0)[FR] == 1
    h = combat_game(0, CP=8)
    h.step("cb:pile:0")
    h.step("cb:nation:spain")
    for _ in range(8):
        h.step("cb:cp")
    h.step("cb:inf1")  # value 13 -> 11
    assert "cb:inf1" not in legal(h) and "cb:inf2" not in legal(h)
    h.step("cb:flag:14")
    assert not any(n.startswith("cb:flag") for n in legal(h))


def test_combat_12_gain_influence_two_for_one_or_five_for_two():
    g = combat_game(0)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")  # value 5
    assert {"cb:inf1", "cb:inf2"} <= legal(g)
    g.step("cb:inf2")
    assert value(g) == 0 and list(get(g, "INF", 0)) == [0, 0, 2]
    h = combat_game(0, CP=0, FIG_SUPPLY=0, FIG_GENERAL=5)
    h.step("cb:pile:0")
    h.step("cb:nation:england")  # value 4: only +1 is affordable
    assert "cb:inf1" in legal(h) and "cb:inf2" not in legal(h)


def test_combat_13_annex_costs_4_and_takes_the_flag_bonus():
    g = combat_game(0)
    g.step("cb:pile:0")
    g.step("cb:nation:england")  # value 4, +1 VP
    taken = get(g, "SUP_TAKEN")[EN]
    d = get(g, "DOUBLOONS", 0)
    g.step("cb:flag:13")  # empty Port Royal, flag 3 doubloons
    assert value(g) == 0
    assert get(g, "LOC_MARKER")[loc(g, "13")] == EN
    assert get(g, "SUP_TAKEN")[EN] == taken + 1
    assert get(g, "INF", 0)[EN] == 1 and get(g, "DOUBLOONS", 0) == d + 3
    check(g)


def test_combat_13_displace_costs_six_and_the_marker_leaves_the_game():
    g = combat_game(0, CP=2)
    marker(g, "13", SP)
    refresh(g)
    g.step("cb:pile:0")
    g.step("cb:nation:england")  # value 4
    assert "cb:flag:13" not in legal(g)
    g.step("cb:cp")
    g.step("cb:cp")
    g.step("cb:flag:13")
    assert value(g) == 0 and get(g, "SUP_OUT")[SP] == 1
    assert get(g, "LOC_MARKER")[loc(g, "13")] == EN
    # the displaced marker never returns to a supply
    assert get(g, "SUP_TAKEN")[SP] == 2 and empty_supply_spaces(g.state, SP) == 1
    check(g)


@pytest.mark.parametrize("kind, amt, field, gain", [
    ("doubloons", 3, "DOUBLOONS", 3), ("vp", 2, "VP", 2), ("cp", 2, "CP", 2),
    ("figure", 1, "FIG_SUPPLY", 1), ("influence", 1, "INF", 2)])
def test_combat_13_flag_bonus_kinds(kind, amt, field, gain):
    i = load_catalog().loc_keys.index("17")
    cat = make_catalog(tokens=TOK, LOC_FLAG={i: E.FLAG_KINDS.index(kind)}, LOC_FLAG_AMT={i: amt})
    g = combat_game(0, catalog=cat, CP=0)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")  # value 5, no token bonus
    before = get(g, field, 0)
    g.step("cb:flag:17")
    after = get(g, field, 0)
    if field == "INF":  # +1 for the annex, + the flag's influence with the fighting nation
        assert list(after) == [0, 0, gain]
    else:
        assert after == before + gain


def test_combat_13_flag_bonus_remove_disc_is_optional():
    i = load_catalog().loc_keys.index("17")
    cat = make_catalog(tokens=TOK, LOC_FLAG={i: K.FL_REMOVE_DISC}, LOC_FLAG_AMT={i: 1})
    g = combat_game(0, catalog=cat, CP=0)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    g.step("cb:flag:17")
    assert g.phase == "disc" and "pass" in legal(g)
    g.step("disc:vp3")
    assert get(g, "DISCS_OUT", 0) == 1


def test_combat_14_no_displacing_the_fighting_nations_own_marker():
    g = combat_game(0, CP=8)
    marker(g, "13", EN)
    marker(g, "17", SP)
    refresh(g)
    g.step("cb:pile:0")
    g.step("cb:nation:england")
    for _ in range(4):
        g.step("cb:cp")
    names = legal(g)
    assert "cb:flag:13" not in names and "cb:flag:17" in names


def test_combat_15_empty_supply_blocks_marker_actions():
    g = combat_game(0, CP=8)
    put(g, "SUP_TAKEN", 13, index=FR)
    put(g, "SUP_OUT", 12, index=FR)  # 1 French marker on the board (village 8)
    refresh(g)
    g.step("cb:pile:0")
    g.step("cb:nation:england")
    e = {n for n in legal(g) if n.startswith("cb:flag")}
    assert e  # England still has markers
    g = combat_game(0, CP=8)
    put(g, "SUP_TAKEN", 13, index=FR)
    put(g, "SUP_OUT", 12, index=FR)
    refresh(g)
    g.step("cb:pile:0")
    g.step("cb:nation:france")
    names = legal(g)
    assert not any(n.startswith("cb:flag") for n in names) and "cb:inf1" in names
    check(g)


def _village_annex(g, p=0):
    put(g, "DISCS", 0, p, index=K.AREA_VILLAGE_ANNEX)
    put(g, "DISCS_OUT", get(g, "DISCS_OUT", p) + 2, p)
    put(g, "UPGRADES", get(g, "UPGRADES", p) | 1 << K.AREA_VILLAGE_ANNEX, p)


def test_combat_16_influence_flag_and_village_actions_once_each():
    g = game(catalog=make_catalog(tokens=TOK))
    token_on_top(g, 0, 0)
    _village_annex(g)
    at_combat_city(g, CP=8, DOUBLOONS=10)
    g.step("main:city")
    skip_delivery(g)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    for _ in range(8):
        g.step("cb:cp")  # value 13
    g.step("cb:inf1")
    g.step("cb:flag:14")
    assert "cb:village:1" in legal(g)
    g.step("cb:village:1")  # value 13 - 2 - 4 - 2 = 5
    assert value(g) == 5
    names = legal(g)
    assert not any(n.startswith(("cb:flag", "cb:village", "cb:inf")) for n in names)


def test_combat_17_combat_ends_on_pass_token_to_ship_value_lost():
    g = combat_game(0, CP=2)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    vp, d, cp = get(g, "VP", 0), get(g, "DOUBLOONS", 0), get(g, "CP", 0)
    g.step("pass")
    assert g.phase == "main" and get(g, "TOKENS", 0) == 1
    assert (get(g, "VP", 0), get(g, "DOUBLOONS", 0), get(g, "CP", 0)) == (vp, d, cp)
    check(g)


def test_combat_18_annex_targets_are_flag_cities_only():
    g = combat_game(0, CP=8)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    for _ in range(8):
        g.step("cb:cp")
    flags = {n.split(":")[2] for n in legal(g) if n.startswith("cb:flag")}
    kinds = {k: g._cat[C_LOC_KIND + i] for i, k in enumerate(g.catalog.loc_keys)}
    with_flag = {k for i, k in enumerate(g.catalog.loc_keys)
                 if kinds[k] == K.LK_CITY and flag_kind(g.state, g._cat, i) != K.FL_NONE}
    assert flags == with_flag and len(flags) >= 4  # every city with a flag (all empty)
    assert not any(kinds[k] != K.LK_CITY for k in flags)  # never a village or home space
    cities_without = {k for k in kinds if kinds[k] == K.LK_CITY} - with_flag
    assert not flags & cities_without


def test_combat_20_space_20_combat_is_the_whole_combat():
    cat = make_catalog(cards={150: dict(effects=[("perm_combat_cp", 0, 0, -1)])})
    g = game(catalog=cat)
    set_tableau(g, 0, [150])
    at_city(g, 0, "20", hand=[], CP=1)
    g.step("main:city")
    g.step("choice:0")
    assert g.phase == "combat_pile" and get(g, "CP", 0) == 2  # PERM-03 applies


def test_combat_21_markers_come_from_the_leftmost_supply_space():
    g = combat_game(0, CP=8)
    assert get(g, "SUP_TAKEN")[SP] == 1 and empty_supply_spaces(g.state, SP) == 1
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    g.step("cb:flag:14")
    assert get(g, "SUP_TAKEN")[SP] == 2 and empty_supply_spaces(g.state, SP) == 1
    g.step("pass")
    # second Combat: the next marker empties the second space
    put(g, "MAIN_DONE", 0)
    refresh(g)
    g.step("main:city")
    skip_delivery(g)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    while value(g) < 4:
        g.step("cb:cp")
    g.step("cb:flag:13")
    assert get(g, "SUP_TAKEN")[SP] == 3 and empty_supply_spaces(g.state, SP) == 2


# =================================================================== §7 influence
def test_inf_01_every_player_starts_at_0_on_each_track():
    for n in (2, 3, 4):
        g = game(n)
        for p in range(n):
            assert list(get(g, "INF", p)) == [0, 0, 0]


def test_inf_02_each_influence_moves_one_space():
    g = game()
    at_city(g, 0, "4", "t01", hand=no_good(g, "tobacco"))
    g.step("main:city")
    g.step("nation:england")
    assert list(get(g, "INF", 0)) == [0, 1, 0]


def test_inf_03_tv_35_overflow_scores_2_vp_per_step():
    g = game()
    last = int(g._cat[C_INF_SPACES]) - 1
    put(g, "INF", last - 1, 0, index=EN)
    at_city(g, 0, "4", "t01", hand=no_good(g, "tobacco"))
    vp = get(g, "VP", 0)
    from maracaibo_env.maracaibo.core.common import gain_influence
    gain_influence(g.state, g._cat, 0, EN, 3)
    assert get(g, "INF", 0)[EN] == last and get(g, "VP", 0) == vp + 4
    # via a real Combat: +2 influence at the end scores 4 VP
    h = combat_game(0, CP=0)
    put(h, "INF", last, 0, index=SP)
    h.step("cb:pile:0")
    h.step("cb:nation:spain")
    h.step("cb:inf2")
    assert get(h, "INF", 0)[SP] == last and get(h, "VP", 0) == 4
    check(h)


# the red noble-rank spaces of the printed tracks (published facts 32-33: x1..x6
# at 1, 3, 6, 9, 10, 12 on a track numbered 1..12)
RANK_AT = {0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 5, 11: 5, 12: 6}


def test_inf_04_noble_rank_is_the_last_band_reached():
    cat = rank_bands_catalog()  # bands at 2, 5, 11 with ranks 1, 3, 4
    assert [int(noble_rank(cat.array, pos)) for pos in range(12)] == [0, 0, 1, 1, 1, 3, 3, 3, 3, 3, 3, 4]
    assert int(noble_rank(cat.array, int(cat.array[C_INF_SPACES]) - 1)) == 4


def test_inf_04_shipped_tracks_follow_the_published_bands():
    g = game()
    assert int(g._cat[C_INF_SPACES]) == 13
    for pos, rank in RANK_AT.items():
        assert noble_rank(g._cat, pos) == rank, pos


def _next_rank(g, p, pos, nation="france"):
    put(g, "INF", pos, p, index=E.NATIONS.index(nation))
    at_phase_main(g, p)
    run_task(g, "choice", p, K.CH_SHIP_CHOICE, 0)
    g.step("choice:2")
    g.step(f"nation:{nation}")
    return get(g, "INF", p)[E.NATIONS.index(nation)]


def at_phase_main(g, p):
    at_main(g, p, "1")


def test_inf_05_next_noble_rank_moves_to_the_next_band():
    cat = rank_bands_catalog()  # bands at 2, 5, 11
    assert _next_rank(game(catalog=cat), 0, 0) == 2
    assert _next_rank(game(catalog=cat), 0, 2) == 5
    assert _next_rank(game(catalog=cat), 0, 3) == 5
    g = game(catalog=cat)
    vp = get(g, "VP", 0)
    assert _next_rank(g, 0, 11) == 11  # at the last band: nothing
    assert _next_rank(g, 0, 13) == 13  # after it: nothing
    assert get(g, "VP", 0) == vp


def test_inf_06_markers_may_share_a_space():
    g = game()
    from maracaibo_env.maracaibo.core.common import gain_influence
    gain_influence(g.state, g._cat, 0, FR, 3)
    gain_influence(g.state, g._cat, 1, FR, 3)
    assert get(g, "INF", 0)[FR] == get(g, "INF", 1)[FR] == 3


@pytest.mark.parametrize("t, empty", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (7, 4), (13, 7)])
def test_inf_07_tv_32_empty_supply_spaces(t, empty):
    g = game(3)
    put(g, "SUP_TAKEN", t, index=EN)
    assert empty_supply_spaces(g.state, EN) == empty


def test_inf_07_displaced_markers_still_count_as_taken():
    g = combat_game(0, CP=8)
    marker(g, "13", FR)  # France: 2 taken -> 1 empty space
    refresh(g)
    g.step("cb:pile:0")
    g.step("cb:nation:spain")
    for _ in range(4):
        g.step("cb:cp")
    g.step("cb:flag:13")
    assert get(g, "SUP_TAKEN")[FR] == 2 and empty_supply_spaces(g.state, FR) == 1


def test_inf_08_markers_on_locations_count_cities_and_villages():
    g = game()
    assert markers_on_board(g.state, g._cat, SP) == 1  # village 6
    marker(g, "2", SP)
    marker(g, "12", SP)
    assert markers_on_board(g.state, g._cat, SP) == 3
    # the same count decides the combat modifiers
    h = combat_game(2)
    marker(h, "2", SP)
    marker(h, "12", SP)
    refresh(h)
    h.step("cb:pile:0")
    h.step("cb:nation:spain")
    assert value(h) == 1  # Spain alone leads with 3 (1 village + city + village)

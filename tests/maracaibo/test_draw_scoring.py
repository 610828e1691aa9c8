"""Rule tests for checklist §17 Draw (DRAW-*), §20 Interim scoring (INT-*),
§21 Final scoring (FIN-*) and §25 Story cards 75/76/77 (STORY-*), with the
test vectors TV-01, TV-05, TV-13, TV-14, TV-16, TV-24, TV-49, TV-52, TV-57."""
import numpy as np
import pytest

from maracaibo_env.maracaibo.core import enums as E

from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
from maracaibo_env.maracaibo.core.common import empty_supply_spaces
from maracaibo_env.maracaibo.core.scoring import multipliers

from helpers import (_remove_cards_everywhere, _discard, new_game, finish_setup, get, put, loc, at_phase, at_main,
                     set_hand, set_tableau, check, cat_get, custom_catalog)

COUNTS = (2, 3, 4)
FRANCE, ENGLAND, SPAIN = (E.NATIONS.index(n) for n in ("france", "england", "spain"))


def _cat_arr(g, name):
    off, size = CATALOG[name]
    return g._cat[off:off + size]


def _game(n=2, seed=0, story=75, catalog=None):
    return finish_setup(new_game(n, seed=seed, story=story, catalog=catalog))


def _hand(g, p):
    return [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]


def _tableau(g, p):
    return [int(c) for c in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)]]


def _plain_cards(g, n, min_cost=0, max_cost=99, exclude=(), min_vp=0):
    """n cards without requirements and with a cost in [min_cost, max_cost]."""
    out = []
    for c in range(157):
        if c in exclude:
            continue
        cost = cat_get(g, "CARD_COST", c)
        reqs = [cat_get(g, "CARD_REQ", c * 3 + k) for k in range(3)]
        effs = [cat_get(g, "CARD_EFF", c * 4 + k) for k in range(4)]
        names = [E.EFFECTS[e] for e in effs]
        if min_cost <= cost <= max_cost and not any(reqs) and cat_get(g, "CARD_VP", c) >= min_vp and \
                all(x == "none" or x.split("_")[0] in ("income", "perm", "nva", "nca") for x in names):
            out.append(c)
        if len(out) == n:
            return out
    raise LookupError("not enough plain cards")


def _upgrade(g, p, area):
    put(g, "DISCS", 0, p, index=area)
    put(g, "DISCS_OUT", get(g, "DISCS_OUT", p) + 2, p)
    put(g, "UPGRADES", get(g, "UPGRADES", p) | (1 << area), p)


def _plan_card(g, p, card):
    """Move `card` (from wherever it is) to p's first empty planning space."""
    set_hand(g, p, [c for c in _hand(g, p) if c != card] + [card])
    n = get(g, "HAND_N", p)
    put(g, "HAND", -1, p, index=n - 1)
    put(g, "HAND_N", n - 1, p)
    j = [k for k, c in enumerate(get(g, "PLAN", p)) if c < 0][0]
    put(g, "PLAN", card, p, index=j)


def _to_draw(g, p, hand):
    """Player p ends Phase B (no main action) holding exactly `hand`."""
    set_hand(g, p, hand)
    at_main(g, p, "1", mp=1)
    g.step("pass")


# ------------------------------------------------------------------ §17 draw

def test_draw_01_fill_hand_to_the_limit():
    g = _game(2, seed=1)
    p = g.current_player
    _to_draw(g, p, _hand(g, p)[:1])
    assert g.phase == "draw" and g.current_player == p
    assert "pass" not in g.legal_action_names()      # mandatory (ruling DRAW-01)
    for _ in range(3):
        g.step("draw:deck")
    assert get(g, "HAND_N", p) == 4
    assert g.phase == "sail" and g.current_player != p
    # with SHIP-02 the limit is 6
    h = _game(2, seed=1)
    _upgrade(h, p, K.AREA_HAND_LIMIT)
    _to_draw(h, p, _hand(h, p)[:1])
    k = 0
    while h.phase == "draw":
        h.step("draw:deck")
        k += 1
    assert k == 5 and get(h, "HAND_N", p) == 6


def test_draw_02_deck_free_market_one_doubloon():
    g = _game(2, seed=2)
    p = g.current_player
    put(g, "DOUBLOONS", 5, p)
    _to_draw(g, p, _hand(g, p)[:2])
    top = int(get(g, "DRAW")[get(g, "DRAW_N") - 1])
    g.step("draw:deck")
    assert _hand(g, p)[-1] == top and get(g, "DOUBLOONS", p) == 5
    m2 = int(get(g, "MARKET")[2])
    g.step("draw:market:2")                          # mixing both sources
    assert _hand(g, p)[-1] == m2 and get(g, "DOUBLOONS", p) == 4
    # no money: the market is closed, the pile remains (forced: auto-drawn)
    h = _game(2, seed=2)
    put(h, "DOUBLOONS", 0, p)
    d = get(h, "DRAW_N")
    _to_draw(h, p, _hand(h, p)[:2])
    assert get(h, "HAND_N", p) == 4 and get(h, "DRAW_N") == d - 2
    assert get(h, "DOUBLOONS", p) == 0
    # SHIP-03: market cards are free
    s = _game(2, seed=2)
    _upgrade(s, p, K.AREA_FREE_MARKET)
    put(s, "DOUBLOONS", 0, p)
    _to_draw(s, p, _hand(s, p)[:3])
    assert "draw:market:0" in s.legal_action_names()
    s.step("draw:market:0")
    assert get(s, "DOUBLOONS", p) == 0 and get(s, "HAND_N", p) == 4


@pytest.mark.parametrize("free,cost", [(False, 2), (True, 0)])
def test_tv_57_market_pick_cost(free, cost):
    g = _game(3, seed=3)
    p = g.current_player
    if free:
        _upgrade(g, p, K.AREA_FREE_MARKET)
    put(g, "DOUBLOONS", 7, p)
    _to_draw(g, p, _hand(g, p)[:2])
    g.step("draw:market:0")
    g.step("draw:market:1")
    assert get(g, "DOUBLOONS", p) == 7 - cost and get(g, "HAND_N", p) == 4


def test_draw_03_market_refilled_only_after_the_draw():
    g = _game(2, seed=4)
    p = g.current_player
    put(g, "DOUBLOONS", 9, p)
    _to_draw(g, p, _hand(g, p)[:1])
    before = [int(c) for c in get(g, "MARKET")]
    g.step("draw:market:1")
    assert int(get(g, "MARKET")[1]) == -1           # not replaced yet
    assert "draw:market:1" not in g.legal_action_names()
    g.step("draw:market:3")
    assert int(get(g, "MARKET")[3]) == -1
    n = get(g, "DRAW_N")
    top, second, third = (int(get(g, "DRAW")[n - k]) for k in (1, 2, 3))
    g.step("draw:deck")
    # hand full: the empty slots are filled in place, left to right, from the pile
    assert [int(c) for c in get(g, "MARKET")] == [before[0], second, before[2], third]
    assert top in _hand(g, p)
    check(g)


def test_draw_04_empty_pile_reshuffles_the_discard_pile():
    g = _game(2, seed=5)
    p = g.current_player
    set_hand(g, p, _hand(g, p)[:3])
    # move the whole draw pile onto the discard pile
    pile = [int(c) for c in get(g, "DRAW")[: get(g, "DRAW_N")]]
    disc = [int(c) for c in get(g, "DISCARD")[: get(g, "DISCARD_N")]]
    both = disc + pile
    arr = np.full(157, -1, np.int32)
    arr[: len(both)] = both
    put(g, "DISCARD", arr)
    put(g, "DISCARD_N", len(both))
    put(g, "DRAW", np.full(157, -1, np.int32))
    put(g, "DRAW_N", 0)
    check(g)
    _to_draw(g, p, _hand(g, p))
    g.step("draw:deck")
    assert get(g, "DISCARD_N") == 0
    assert get(g, "DRAW_N") == len(both) - 1
    assert _hand(g, p)[-1] in both
    check(g)


def test_draw_05_full_or_over_full_hand_draws_nothing():
    g = _game(2, seed=6)
    p = g.current_player
    five = _hand(g, p) + [int(get(g, "DRAW")[0])]
    d = get(g, "DRAW_N")
    _to_draw(g, p, five)
    assert g.phase == "sail" and g.current_player != p
    assert get(g, "HAND_N", p) == 5 and get(g, "DRAW_N") == d - 1


def test_draw_06_nothing_left_to_draw_stops():
    g = _game(2, seed=7)
    p = g.current_player
    set_hand(g, p, _hand(g, p)[:1])
    # draw and discard piles empty, no money: drawing stops short of 4
    stock = [int(c) for c in get(g, "DRAW")[: get(g, "DRAW_N")]] + \
        [int(c) for c in get(g, "DISCARD")[: get(g, "DISCARD_N")]]
    q = 1 - p
    put(g, "CARDS_OUT", get(g, "CARDS_OUT") + len(stock))   # set aside for the test
    put(g, "DRAW", np.full(157, -1, np.int32))
    put(g, "DRAW_N", 0)
    put(g, "DISCARD", np.full(157, -1, np.int32))
    put(g, "DISCARD_N", 0)
    put(g, "DOUBLOONS", 0, p)
    check(g)
    _to_draw(g, p, _hand(g, p))
    assert get(g, "HAND_N", p) == 1
    assert g.phase == "sail" and g.current_player == q


def test_draw_07_example_one_market_two_pile():
    g = _game(2, seed=8)
    p = g.current_player
    put(g, "DOUBLOONS", 6, p)
    _to_draw(g, p, _hand(g, p)[:1])
    g.step("draw:market:0")
    g.step("draw:deck")
    g.step("draw:deck")
    assert get(g, "HAND_N", p) == 4 and get(g, "DOUBLOONS", p) == 5
    assert all(int(c) >= 0 for c in get(g, "MARKET"))     # refilled to 4
    assert g.phase == "sail"


# ------------------------------------------------------- scoring scaffolding

def _trigger(g, p, final=False, take_city=False):
    """Player p's ship ends on 21a (22 in round IV); Phase B without a main
    action unless take_city; Phase C by the pile."""
    put(g, "ROUND", 4 if final else get(g, "ROUND"))
    put(g, "SHIP", loc(g, "21b" if final else "20"), p)
    at_phase(g, p, "sail")
    g.step("sail:22:mp1" if final else "sail:21a:mp1")
    if take_city:
        g.step("main:city")
    if g.phase == "main":
        g.step("pass")
    while g.phase == "draw":
        g.step("draw:deck")


def _all_vp2(g):
    order = []
    while g.phase == "score_buy":
        order.append(g.current_player)
        g.step("score:vp2")
    return order


# --------------------------------------------------------- §20 interim

def test_int_00_trigger_21a_scoring_after_phase_c():
    g = _game(3, seed=10)
    p = 1
    set_hand(g, p, _hand(g, p)[:2])
    put(g, "SHIP", loc(g, "20"), p)
    at_phase(g, p, "sail")
    g.step("sail:21a:mp1")
    assert g.phase == "main" and get(g, "SCORING") == 0
    g.step("pass")
    assert g.phase == "draw"                 # Phase C first
    g.step("draw:deck")
    g.step("draw:deck")
    assert g.phase == "score_buy" and get(g, "SCORING") == 1
    assert get(g, "TRIGGER") == p and g.round == 1


def test_int_01_buy_and_redraw_or_two_vp():
    g = _game(3, seed=11)
    trig = 2
    cheap = _plain_cards(g, 12, max_cost=10)
    dear = _plain_cards(g, 8, min_cost=10, exclude=cheap)
    for p in range(3):
        set_hand(g, p, cheap[4 * p: 4 * p + 4])
        put(g, "DOUBLOONS", 20, p)
    # player 1 cannot afford anything: only 2 VP, taken automatically
    set_hand(g, 1, dear[:4])
    put(g, "DOUBLOONS", 0, 1)
    # the planned card comes from wherever it is; the one planned at set-up is discarded
    _remove_cards_everywhere(g, [dear[4]])
    for c in get(g, "PLAN", 1):
        if c >= 0:
            _discard(g, int(c))
    put(g, "PLAN", [dear[4], -1, -1], 1)
    check(g)
    _trigger(g, trig)
    assert (g.phase, g.current_player) == ("score_buy", trig)   # from the trigger
    names = g.legal_action_names()
    assert "score:vp2" in names and "buy:hand:hand0" in names
    assert "invest:0" in names                     # or invest in a building
    card = _hand(g, trig)[0]
    cost = cat_get(g, "CARD_COST", card)
    vp = get(g, "VP", trig)
    g.step("buy:hand:hand0")
    # bought, then the hand is redrawn as in Phase C (pile only: forced)
    assert card in _tableau(g, trig) and get(g, "DOUBLOONS", trig) == 20 - cost
    if g.phase == "draw":
        g.step("draw:deck")
    assert get(g, "HAND_N", trig) == 4 and get(g, "VP", trig) == vp
    # next clockwise: player 0 (player 1 is skipped over as it has no choice)
    assert (g.phase, g.current_player) == ("score_buy", 0)
    g.step("score:vp2")
    assert g.round == 2
    assert g.score_breakdown()[0]["scoring_choice"] == 2
    assert g.score_breakdown()[1]["scoring_choice"] == 2      # test vector
    assert g.score_breakdown()[trig]["scoring_choice"] == 0


def test_tv_52_interim_redraw_final_no_redraw():
    for final in (False, True):
        g = _game(2, seed=12)
        trig = 0
        cheap = _plain_cards(g, 8, max_cost=9)
        set_hand(g, 0, cheap[:4])
        set_hand(g, 1, cheap[4:])
        put(g, "DOUBLOONS", 20, 0)
        put(g, "DOUBLOONS", 0, 1)
        _trigger(g, trig, final=final)
        assert g.current_player == trig and get(g, "HAND_N", trig) == 4
        g.step("buy:hand:hand0")
        while g.phase == "draw":
            g.step("draw:deck")
        if final:
            assert g.is_over and get(g, "HAND_N", trig) == 3
        else:
            assert get(g, "HAND_N", trig) == 4 and g.round == 2


@pytest.mark.parametrize("dinc,vinc", [(12, 3), (8, 0), (20, 7)])
def test_int_02_income(dinc, vinc):
    g = _game(2, seed=13)
    for p in range(2):
        put(g, "DINC", dinc, p)
        put(g, "VINC", vinc, p)
        put(g, "DOUBLOONS", 0, p)
    _trigger(g, 0)          # nobody can buy: step 1 is 2 VP each, taken at once
    _all_vp2(g)
    assert g.round == 2
    for p in range(2):
        assert get(g, "DOUBLOONS", p) == dinc
        b = g.score_breakdown()[p]
        assert b["vp_income"] == vinc and b["doubloon_track"] == 0


def test_tv_05_interim_income():
    g = _game(3, seed=14)
    p = 1
    put(g, "DINC", 12, p)
    put(g, "VINC", 3, p)
    put(g, "DOUBLOONS", 0, p)
    vp = get(g, "VP", p)
    _trigger(g, 0)
    _all_vp2(g)
    assert g.round == 2
    assert get(g, "DOUBLOONS", p) == 12
    assert get(g, "VP", p) == vp + 2 + 3           # 2 from step 1, 3 income


def test_int_03_delivered_discs_leave_the_game():
    g = _game(2, seed=15)
    p = 1
    put(g, "DISCS", 1, p, index=K.AREA_DOUBLOONS5)
    put(g, "DISCS", 1, p, index=K.AREA_VP3)
    put(g, "LOC_MARKET", 1, index=loc(g, "2"))
    put(g, "LOC_MARKET", 1, index=loc(g, "10"))
    check(g)
    _trigger(g, 0)
    _all_vp2(g)
    assert get(g, "LOC_MARKET").sum() == 0
    assert get(g, "CITY_DISCS_OUT") == 2
    assert get(g, "DISCS", p)[K.AREA_DOUBLOONS5] == 1     # not returned
    check(g)


def test_int_04_new_market():
    g = _game(2, seed=16)
    _trigger(g, 0)
    old = [int(c) for c in get(g, "MARKET")]
    n = get(g, "DRAW_N")
    top4 = [int(get(g, "DRAW")[n - 1 - k]) for k in range(4)]
    disc_n = get(g, "DISCARD_N")
    _all_vp2(g)
    assert [int(c) for c in get(g, "MARKET")] == top4     # dealt left to right
    assert get(g, "DISCARD_N") == disc_n + 4
    assert sorted(int(c) for c in get(g, "DISCARD")[disc_n: disc_n + 4]) == sorted(old)
    check(g)


def test_int_05_reveal_next_prestige_building():
    g = _game(2, seed=17)
    assert get(g, "PR_REVEALED") == 1
    for r, expected in ((1, 2), (2, 3), (3, 4)):
        assert g.round == r
        _trigger(g, g.current_player)
        _all_vp2(g)
        assert get(g, "PR_REVEALED") == expected
    assert g.round == 4
    # investing is possible only in revealed buildings
    p = g.current_player
    put(g, "DOUBLOONS", 99, p)
    set_hand(g, p, [])
    at_main(g, p, "1", mp=1)
    g.step("main:village")
    assert all(f"invest:{s}" in g.legal_action_names() for s in range(4))


def _board_quests(g):
    out = []
    for l, t in zip(get(g, "BQ_LOC"), get(g, "BQ_TILE")):
        if t >= 0:
            out.append(g.catalog.loc_keys[int(l)])
    return sorted(out)


def _story_rows(g, story, round_, n):
    for s in g.catalog.raw["story_cards"]["story"]:
        if s["number"] == story:
            return sorted(q["location"] for q in s["quests"]
                          if q["round"] == round_ and n in q["players"])
    raise KeyError(story)


@pytest.mark.parametrize("n,new", [(2, ["12", "6"]), (3, ["12", "16", "6"]),
                                   (4, ["12", "16", "6"])])
def test_int_06_card_75_quests_after_round_one(n, new):
    g = _game(n, seed=18)
    before = _board_quests(g)
    pile_n = get(g, "QPILE_N")
    top = [int(get(g, "QPILE")[pile_n - 1 - k]) for k in range(len(new))]
    _trigger(g, 0)
    _all_vp2(g)
    assert _board_quests(g) == sorted(before + new)
    assert get(g, "QPILE_N") == pile_n - len(new)
    placed = [int(t) for t in get(g, "BQ_TILE") if t >= 0]
    assert set(top) <= set(placed)                     # face-up, from the pile
    check(g)


@pytest.mark.parametrize("n,expected", [(2, {"6", "12"}), (3, {"6", "12", "16"}),
                                        (4, {"6", "12", "16"})])
def test_tv_16_card_75_end_of_round_one(n, expected):
    g = _game(n, seed=19)
    before = set(_board_quests(g))
    _trigger(g, n - 1)
    _all_vp2(g)
    assert set(_board_quests(g)) - before == expected


def test_int_07_ships_home_and_unused_assistants_beyond():
    g = _game(3, seed=20)
    # player 1's ship at 5; assistants at 12 (beyond: +2) and 3 (behind: 0)
    put(g, "SHIP", loc(g, "5"), 1)
    for key in ("12", "3"):
        put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", 1) - 1, 1)
        put(g, "FIG_BOARD", get(g, "FIG_BOARD", 1) + 1, 1)
        put(g, "ASSIST", 1, 1, index=loc(g, key))
    put(g, "SHIP", loc(g, "9"), 2)
    check(g)
    _trigger(g, 0)
    _all_vp2(g)
    assert [get(g, "SHIP", p) for p in range(3)] == [loc(g, "havana")] * 3
    assert g.score_breakdown()[1]["assistants"] == 2
    assert get(g, "ASSIST", 1)[loc(g, "12")] == 1         # assistants stay
    assert g.score_breakdown()[2]["assistants"] == 0


@pytest.mark.parametrize("n,trig", [(2, 0), (2, 1), (3, 2), (4, 1), (4, 3)])
def test_int_08_next_round_starts_left_of_trigger(n, trig):
    g = _game(n, seed=21)
    _trigger(g, trig)
    _all_vp2(g)
    assert g.round == 2 and g.phase == "sail" and g.current_player == (trig + 1) % n


def test_int_09_nothing_else_resets():
    g = _game(3, seed=22)
    p = 1
    put(g, "CP", 5, p)
    put(g, "INF", [4, 2, 7], p)
    put(g, "SYNERGY", 0b101, p)
    put(g, "EXPLORER", 5, p)
    put(g, "FIG_GENERAL", 2, p)
    put(g, "FIG_BOARD", 1, p)
    put(g, "ASSIST", 1, p, index=loc(g, "2"))
    put(g, "LOC_MARKER", FRANCE, index=loc(g, "3"))
    put(g, "SUP_TAKEN", 1, index=FRANCE)
    _plan_card(g, p, _hand(g, p)[0])
    check(g)
    keep = ("HAND_N", "HAND", "PLAN", "CP", "TOKENS", "EXPLORER", "INF", "SYNERGY",
            "DINC", "VINC", "ASSIST", "FIG_BOARD", "TABLEAU_N", "DISCS", "QUESTS", "BARRIERS")
    snap = {k: np.array(get(g, k, p), ndmin=1).copy() for k in keep}
    markers = get(g, "LOC_MARKER").copy()
    _trigger(g, 0)
    _all_vp2(g)
    for k in keep:
        assert np.array_equal(np.array(get(g, k, p), ndmin=1), snap[k]), k
    assert np.array_equal(get(g, "LOC_MARKER"), markers)


# ------------------------------------------------------------- §21 final

def test_fin_00_trigger_22_scoring_after_phase_c_then_end():
    g = _game(2, seed=30)
    put(g, "ROUND", 4)
    p = 1
    set_hand(g, p, _hand(g, p)[:3])
    put(g, "SHIP", loc(g, "21b"), p)
    at_phase(g, p, "sail")
    g.step("sail:22:mp1")
    assert get(g, "ROUND_END") == 1 and g.phase == "main"
    g.step("pass")
    assert g.phase == "draw"
    g.step("draw:deck")
    assert g.phase == "score_buy" and get(g, "SCORING") == 2 and g.current_player == p
    _all_vp2(g)
    assert g.is_over


def test_fin_01_buy_without_redraw_or_two_vp():
    g = _game(3, seed=31)
    cheap = _plain_cards(g, 12, max_cost=9)
    for p in range(3):
        set_hand(g, p, cheap[4 * p: 4 * p + 4])
        put(g, "DOUBLOONS", 10, p)
    _trigger(g, 1, final=True)
    order = []
    while g.phase == "score_buy":
        p = g.current_player
        order.append(p)
        if p == 2:
            card = _hand(g, p)[1]
            g.step("buy:hand:hand1")
            assert g.phase != "draw"
            assert card in _tableau(g, p)
        else:
            g.step("score:vp2")
    assert order == [1, 2, 0]
    assert g.is_over
    assert get(g, "HAND_N", 2) == 3
    b = g.score_breakdown()
    assert [b[p]["scoring_choice"] for p in range(3)] == [2, 2, 0]


# doubloon-track VP chosen by the test (the shipped values are reconstructed, DATA-14)
TRACK_VP = {8: 1, 15: 6, 27: 13, 34: 21}


@pytest.mark.parametrize("dinc", [8, 15, 27, 34])
def test_fin_02_vp_income_and_doubloon_track_vp(dinc):
    g = _game(2, seed=32, catalog=custom_catalog(DINC_VP={dinc: TRACK_VP[dinc]}))
    for p in range(2):
        put(g, "DINC", dinc, p)
        put(g, "VINC", 6, p)
        put(g, "DOUBLOONS", 0, p)
    _trigger(g, 0, final=True)
    d = [get(g, "DOUBLOONS", p) for p in range(2)]
    _all_vp2(g)
    for p in range(2):
        b = g.score_breakdown()[p]
        assert b["vp_income"] == 6
        assert b["doubloon_track"] == TRACK_VP[dinc]
        assert get(g, "DOUBLOONS", p) == d[p]          # no doubloons paid


def _invest_by_hand(g, p, building):
    """p has invested in `building` (it lies on space I)."""
    b = list(get(g, "PR_BUILD"))
    if building in b:
        i = b.index(building)
        b[i], b[0] = b[0], b[i]
    else:
        b[0] = building
    put(g, "PR_BUILD", b)
    put(g, "PR_INVESTORS", get(g, "PR_INVESTORS")[0] | (1 << p), index=0)
    put(g, "PRESTIGE", get(g, "PRESTIGE", p) | (1 << building), p)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) - 1, p)
    put(g, "FIG_PRESTIGE", get(g, "FIG_PRESTIGE", p) + 1, p)


def test_fin_03_tableau_vp_and_prestige_hand_and_plan_score_nothing():
    g = _game(2, seed=33)
    p = 0
    cards = _plain_cards(g, 6, min_vp=1)
    set_tableau(g, p, cards[:3])
    set_hand(g, p, cards[3:5])
    _plan_card(g, p, cards[5])
    _invest_by_hand(g, p, K.B_MILITARY_BASE)
    put(g, "TOKENS", 3, p)
    n0 = get(g, "TPILE_N")[0]
    for k in range(3):
        put(g, "TPILE0", -1, index=n0 - 1 - k)
    put(g, "TPILE_N", n0 - 3, index=0)
    put(g, "DOUBLOONS", 0, p)
    put(g, "DOUBLOONS", 0, 1 - p)
    check(g)
    _trigger(g, p, final=True)
    _all_vp2(g)
    b = g.score_breakdown()[p]
    assert b["cards"] == sum(cat_get(g, "CARD_VP", c) for c in cards[:3])
    assert b["prestige"] == 2 * 3                        # Military Base: 2 per token
    assert sum(cat_get(g, "CARD_VP", c) for c in cards[3:]) > 0   # would have counted


def test_tv_13_cathedral():
    g = _game(2, seed=34)
    p = 1
    pos = [i for i in range(8, 35) if int(_cat_arr(g, "DINC_VP")[i]) == 5][0]
    put(g, "DINC", pos, p)
    _invest_by_hand(g, p, K.B_CATHEDRAL)
    check(g)
    _trigger(g, 0, final=True)
    _all_vp2(g)
    b = g.score_breakdown()[p]
    assert b["doubloon_track"] + b["prestige"] == 15
    assert b["doubloon_track"] == 5


def test_tv_14_citadel():
    g = _game(2, seed=35)
    p = 0
    _invest_by_hand(g, p, K.B_CITADEL)
    put(g, "CP", 3, p)
    assert get(g, "FIG_SUPPLY", p) == 2
    put(g, "DOUBLOONS", 0, p)
    check(g)
    _trigger(g, 1, final=True)
    _all_vp2(g)
    assert g.score_breakdown()[p]["prestige"] == 10


def test_fin_04_influence_leaders_score_three():
    g = _game(3, seed=36)
    put(g, "INF", [5, 0, 0], 0)
    put(g, "INF", [5, 0, 4], 1)
    put(g, "INF", [2, 0, 1], 2)
    _trigger(g, 0, final=True)
    _all_vp2(g)
    got = [g.score_breakdown()[p]["influence_majority"] for p in range(3)]
    assert got == [3, 3 + 3, 0]


def test_tv_49_final_influence_majority():
    g = _game(3, seed=37)
    for p, f in enumerate((5, 5, 2)):
        put(g, "INF", [f, 0, 0], p)
    _trigger(g, 2, final=True)
    _all_vp2(g)
    assert [g.score_breakdown()[p]["influence_majority"] for p in range(3)] == [3, 3, 0]


def _set_markers(g, counts, taken=None):
    """counts: {nation: markers on locations}; taken: markers ever taken."""
    locs = [i for i, l in enumerate(g.catalog.raw["board"]["location"])   # the board's (not legacy cities)
            if l["kind"] in ("city", "village")]
    m = np.full(32, -1, np.int32)
    i = 0
    for nat, c in counts.items():
        for _ in range(c):
            m[locs[i]] = nat
            i += 1
    put(g, "LOC_MARKER", m)
    for nat in range(3):
        t = (taken or {}).get(nat, counts.get(nat, 0))
        put(g, "SUP_TAKEN", t, index=nat)
        put(g, "SUP_OUT", t - counts.get(nat, 0), index=nat)


def _bonus(g, counts):
    _set_markers(g, counts)
    out = np.zeros(3, np.int64)
    multipliers(g.state, g._cat, out)
    return {n: int(out[n]) - empty_supply_spaces(g.state, n) for n in range(3)}


FIN05_VECTORS = [
    ({FRANCE: 5, SPAIN: 2, ENGLAND: 2}, {FRANCE: 2, SPAIN: 1, ENGLAND: 1}),
    ({FRANCE: 4, SPAIN: 4, ENGLAND: 2}, {FRANCE: 2, SPAIN: 2, ENGLAND: 0}),
    ({FRANCE: 3, SPAIN: 3, ENGLAND: 3}, {FRANCE: 2, SPAIN: 2, ENGLAND: 2}),
    ({FRANCE: 6, SPAIN: 3, ENGLAND: 0}, {FRANCE: 2, SPAIN: 1, ENGLAND: 0}),
    ({FRANCE: 5, SPAIN: 0, ENGLAND: 0}, {FRANCE: 2, SPAIN: 1, ENGLAND: 1}),
]


@pytest.mark.parametrize("counts,bonus", FIN05_VECTORS)
def test_fin_05_multiplier_ties(counts, bonus):
    g = _game(3, seed=38)
    assert _bonus(g, counts) == bonus


# the first position of each noble rank on the printed track (published facts
# 32-33: x1 at 1, x2 at 3, x3 at 6)
RANK_POS = {1: 1, 2: 3, 3: 6}


def test_fin_05_rank_times_multiplier_scored():
    g = _game(2, seed=39)
    # France 4 on board (8 taken -> 4 empty), England 2 (2 taken -> 1), Spain 0
    _set_markers(g, {FRANCE: 4, ENGLAND: 2, SPAIN: 0}, taken={FRANCE: 8, ENGLAND: 2, SPAIN: 0})
    check(g)
    put(g, "INF", [RANK_POS[3], RANK_POS[1], RANK_POS[2]], 0)   # F 3, E 1, S 2
    _trigger(g, 1, final=True)
    _all_vp2(g)
    # multipliers: F 4 + 2 = 6; E 1 + 1 = 2; S 0 + 0 = 0
    assert g.score_breakdown()[0]["noble_ranks"] == 3 * 6 + 1 * 2 + 2 * 0
    assert g.score_breakdown()[1]["noble_ranks"] == 0


def test_tv_24_majority_bonus_ties():
    g = _game(2, seed=40)
    assert sorted(_bonus(g, {FRANCE: 4, SPAIN: 4, ENGLAND: 1}).values()) == [0, 2, 2]
    assert _bonus(g, {FRANCE: 2, SPAIN: 2, ENGLAND: 2}) == {FRANCE: 2, SPAIN: 2, ENGLAND: 2}


def test_fin_06_no_story_step_outside_the_campaign():
    g = _game(4, seed=41)
    quests, pile = _board_quests(g), get(g, "QPILE_N")
    _trigger(g, 0, final=True)
    _all_vp2(g)
    assert g.is_over
    assert _board_quests(g) == quests and get(g, "QPILE_N") == pile


def _alex_game():
    """TV-01 / FIN-TV: Alex is player 0 of a 2-player game."""
    g0 = _game(2, seed=42)
    cards = _plain_cards(g0, 2)
    cat = custom_catalog(CARD_VP={cards[0]: 17, cards[1]: 13})
    g = _game(2, seed=42, catalog=cat)
    p = 0
    set_tableau(g, p, cards)                            # 30 VP of cards
    _invest_by_hand(g, p, K.B_CITADEL)                  # + 4 VP of prestige
    assert get(g, "FIG_SUPPLY", p) == 2
    put(g, "FIG_SUPPLY", 1, p)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) + 1, p)
    put(g, "CP", 1, p)                                  # Citadel: 2*1 + 2*1 = 4
    put(g, "DINC", 23, p)                               # doubloon-track VP 4 (ZH p11: 23)
    put(g, "VINC", 9, p)                                # VP income 9
    # markers on the board F 4, S 4, E 2; empty supply spaces F 4, S 3, E 2
    _set_markers(g, {FRANCE: 4, SPAIN: 4, ENGLAND: 2},
                 taken={FRANCE: 8, SPAIN: 6, ENGLAND: 4})
    inf = [0, 0, 0]
    inf[FRANCE], inf[SPAIN], inf[ENGLAND] = RANK_POS[2], RANK_POS[3], RANK_POS[1]
    put(g, "INF", inf, p)
    for q in range(2):
        put(g, "DOUBLOONS", 0, q)
    check(g)
    return g


def test_fin_tv_final_scoring_example():
    g = _alex_game()
    assert [empty_supply_spaces(g.state, n) for n in (FRANCE, SPAIN, ENGLAND)] == [4, 3, 2]
    out = np.zeros(3, np.int64)
    multipliers(g.state, g._cat, out)
    assert (int(out[FRANCE]), int(out[SPAIN]), int(out[ENGLAND])) == (6, 5, 2)
    _trigger(g, 1, final=True)
    _all_vp2(g)
    b = g.score_breakdown()[0]
    assert b["noble_ranks"] == 12 + 15 + 2
    assert b["cards"] + b["prestige"] == 34
    assert b["doubloon_track"] == 4 and b["vp_income"] == 9


def test_tv_01_final_scoring_multipliers():
    g = _alex_game()
    _trigger(g, 1, final=True)
    _all_vp2(g)
    b = g.score_breakdown()[0]
    listed = b["cards"] + b["prestige"] + b["doubloon_track"] + b["vp_income"] + b["noble_ranks"]
    assert listed == 76
    # the parts outside the example: step 1 (2 VP) and step 4 (Alex leads all 3)
    assert b["scoring_choice"] == 2 and b["influence_majority"] == 9
    assert g.scores()[0] == 76 + 2 + 9


# -------------------------------------------------------------- §25 story

@pytest.mark.parametrize("story", (75, 76, 77))
def test_story_01_card_resolved_at_once(story):
    """The non-campaign story card is carried out at set-up, before the first
    decision: its set-up quests already lie on the board."""
    # card 75's printed set-up rows (SETUP-16); 76 and 77 are reconstructed data
    card_75 = {1: ["15"], 2: ["15"], 3: ["15", "18"], 4: ["15", "18", "19"]}
    for n in COUNTS:
        g = new_game(n, seed=50, story=story)
        assert g.phase == "setup_plan"
        expect = card_75[n] if story == 75 else _story_rows(g, story, 0, n)
        assert _board_quests(g) == expect


@pytest.mark.parametrize("story", (75, 76, 77))
@pytest.mark.parametrize("n", COUNTS)
def test_story_02_quest_instructions_by_round_and_count(story, n):
    g = _game(n, seed=51, story=story)
    expect = list(_story_rows(g, story, 0, n))
    assert _board_quests(g) == sorted(expect)
    for r in (1, 2, 3):
        _trigger(g, g.current_player)
        _all_vp2(g)
        expect += _story_rows(g, story, r, n)
        assert _board_quests(g) == sorted(expect), (story, n, r)
    assert get(g, "QPILE_N") == 24 - 3 - len(expect)
    check(g)


def test_story_08_non_campaign_card_only_adds_quests():
    g = _game(3, seed=52)
    keep = ("DRAW_N", "CARDS_OUT", "LOC_TILE", "LOC_MARKER", "EXQ_TILE")
    snap = {k: np.array(get(g, k), ndmin=1).copy() for k in keep}
    pile = get(g, "QPILE_N")
    _trigger(g, 0)
    draw_before_market = get(g, "DRAW_N")
    _all_vp2(g)
    new = _story_rows(g, 75, 1, 3)
    assert get(g, "QPILE_N") == pile - len(new)
    # the draw pile changed only by the new market (4 cards): no story cards added
    assert get(g, "DRAW_N") == draw_before_market - 4
    for k in ("CARDS_OUT", "LOC_TILE", "LOC_MARKER", "EXQ_TILE"):
        assert np.array_equal(np.array(get(g, k), ndmin=1), snap[k]), k

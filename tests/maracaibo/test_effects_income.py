"""Rule tests: §11 card effects (EFF, income INC, immediate IMM) and §13 income
tracks (INCT).

Cards are redefined with custom catalogs (ids 150..156) so that the tests fix
the effect values they check; they are bought through a real village action.
"""
from __future__ import annotations

import pytest

from helpers import own, make_catalog as _make_catalog, rank_bands_catalog
from helpers import (new_game, finish_setup, get, put, refresh, resume, loc, at_main,
                     set_hand, set_tableau, cards_with_symbol, custom_catalog, card_by_name,
                     check)
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import constants as E, layout as L
from maracaibo_env.maracaibo.core.catalog_layout import C_LOC_KIND, C_NLOC
from maracaibo_env.maracaibo.core.common import compasses, income_vp, remaining_scorings

FR, EN, SP = 0, 1, 2
SYN = load_catalog().synergy_keys  # anchor, crossed_axes, crown, ...
ANCHOR, AXES, CROWN = SYN.index("anchor"), SYN.index("crossed_axes"), SYN.index("crown")


# ---------------------------------------------------------------- helpers
def game(n=2, seed=1, catalog=None):
    g = new_game(n, seed=seed, catalog=catalog)
    finish_setup(g)
    return g


def legal(g):
    return set(g.legal_action_names())


def make_catalog(cards=None, base=None, **extra):
    return _make_catalog(cards, default_symbol="sugar", base=base, **extra)


def eff(kind, amt=0, arg=0, cond=-1):
    return (kind, arg, amt, cond)


def filler(g, good="telescope", n=1):
    return cards_with_symbol(g, good, n, exclude=range(150, 157))


def shop(cards, tableau=(), n=2, actions=1, base=None, **fields):
    """A game whose player 0 stands in village 1 with cards 150.. in hand (plus a
    plain card), enough doubloons, `actions` village actions to come (base: the
    catalog to start from)."""
    g = game(n, catalog=make_catalog(cards, base=base))
    set_tableau(g, 0, list(tableau))
    hand = [c for c in cards if c not in tableau]
    set_hand(g, 0, hand + filler(g))
    fields.setdefault("DOUBLOONS", 20)
    for k, v in fields.items():
        put(g, k, v, 0)
    at_main(g, 0, "1", mp={1: 1, 2: 4, 3: 7}[actions])
    refresh(g)
    g.step("main:village")
    return g


def buy(g, card):
    slot = [int(c) for c in get(g, "HAND", 0)[: get(g, "HAND_N", 0)]].index(card)
    g.step(f"buy:hand:hand{slot}")


def buy_one(effects, tableau_cards=None, syn=(), base=None, **fields):
    """Buy card 150 with these effects; tableau_cards: {id: effects} already bought."""
    cards = {150: dict(effects=effects, syn=list(syn))}
    for cid, e in (tableau_cards or {}).items():
        cards[cid] = dict(effects=e)
    g = shop(cards, tableau=list(tableau_cards or {}), base=base, **fields)
    buy(g, 150)
    return g


def villages(g):
    return [g.catalog.loc_keys[i] for i in range(g._cat[C_NLOC])
            if g._cat[C_LOC_KIND + i] == E.LK_VILLAGE]


def tableau(g, p=0):
    return [int(c) for c in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)]]


# =================================================================== §11.0 general
def test_eff_01_green_and_tan_apply_once_on_purchase_red_lasts():
    cards = {150: dict(effects=[eff("income_doubloons", 2), eff("imm_cp", 2)]),
             151: dict(effects=[eff("perm_compass")]), 152: dict(cost=0)}
    g = shop(cards, actions=3, CP=1)
    buy(g, 150)
    assert get(g, "DINC", 0) == 10 and get(g, "CP", 0) == 3
    buy(g, 151)
    assert compasses(g.state, g._cat, 0) == 2
    buy(g, 152)  # nothing is applied again
    assert get(g, "DINC", 0) == 10 and get(g, "CP", 0) == 3
    assert compasses(g.state, g._cat, 0) == 2  # the red effect stays


def test_eff_01_tan_synergy_symbol_grants_the_token():
    g = buy_one([eff("imm_cp", 1)], syn=["crown"])
    assert get(g, "SYNERGY", 0) == 1 << CROWN


def test_eff_02_same_effect_on_different_cards_stacks():
    g = buy_one([eff("imm_vp_per_compass")],
                tableau_cards={151: [eff("perm_compass")], 152: [eff("perm_compass")]})
    assert compasses(g.state, g._cat, 0) == 3 and get(g, "VP", 0) == 6


def test_eff_03_part_of_an_effect_may_be_skipped():
    g = buy_one([eff("imm_remove_disc"), eff("imm_cp", 1)], CP=1)
    assert g.phase == "disc" and "pass" in legal(g)
    g.step("pass")
    assert get(g, "DISCS_OUT", 0) == 0 and get(g, "CP", 0) == 2


@pytest.mark.parametrize("x", [1, 2, 3])
def test_eff_04_x_is_the_cards_number(x):
    g = buy_one([eff("imm_cp", x)], CP=0)
    assert get(g, "CP", 0) == x


def test_perm_02_cost_reduction_stacks_with_floor_0():
    cards = {150: dict(cost=4), 151: dict(cost=1),
             152: dict(effects=[eff("perm_discount", 1)]), 153: dict(effects=[eff("perm_discount", 2)])}
    g = shop(cards, tableau=[152, 153], actions=2, DOUBLOONS=1)
    buy(g, 150)
    assert get(g, "DOUBLOONS", 0) == 0
    buy(g, 151)
    assert get(g, "DOUBLOONS", 0) == 0 and 151 in tableau(g)


def test_perm_04_compass_cards_add_to_the_printed_compass():
    g = game(catalog=make_catalog({150: dict(effects=[eff("perm_compass")]),
                                   151: dict(effects=[eff("perm_compass")])}))
    assert compasses(g.state, g._cat, 0) == 1
    set_tableau(g, 0, [150, 151])
    assert compasses(g.state, g._cat, 0) == 3


# =================================================================== §11.1 income
@pytest.mark.parametrize("x", [1, 3])
def test_inc_01_doubloon_income(x):
    g = buy_one([eff("income_doubloons", x)])
    assert get(g, "DINC", 0) == 8 + x and get(g, "VINC", 0) == 0


@pytest.mark.parametrize("x", [1, 4])
def test_inc_02_vp_income(x):
    g = buy_one([eff("income_vp", x)])
    assert get(g, "VINC", 0) == x and get(g, "DINC", 0) == 8


def test_inc_03_conditional_income_waits_for_the_token_and_applies_once():
    cards = {150: dict(effects=[eff("income_vp", 3, cond=CROWN)]),
             151: dict(effects=[eff("imm_cp", 1)], syn=["crown"]),
             152: dict(effects=[eff("imm_cp", 1)], syn=["crown"])}
    g = shop(cards, actions=3)
    buy(g, 150)
    assert get(g, "VINC", 0) == 0
    buy(g, 151)
    assert get(g, "VINC", 0) == 3  # retroactive
    buy(g, 152)
    assert get(g, "VINC", 0) == 3  # once only


@pytest.mark.parametrize("d", [2, 1])  # EN +2, DE +1 (a card-data parameter)
def test_inc_03_tv_06_legionnaire(d):
    le = [eff("income_doubloons", d), eff("income_vp", 2, cond=ANCHOR)]
    g = buy_one(le)
    assert get(g, "DINC", 0) == 8 + d and get(g, "VINC", 0) == 0
    h = buy_one(le, SYNERGY=1 << ANCHOR)
    assert get(h, "DINC", 0) == 8 + d and get(h, "VINC", 0) == 2


def test_inc_03_tv_07_harbor():
    harbor = [eff("income_vp", 4, cond=AXES), eff("income_vp", 2, cond=CROWN)]
    cards = {150: dict(effects=harbor), 151: dict(effects=[eff("imm_cp", 1)], syn=["crown"])}
    g = shop(cards, actions=2, SYNERGY=1 << AXES)
    buy(g, 150)
    assert get(g, "VINC", 0) == 4
    buy(g, 151)
    assert get(g, "SYNERGY", 0) >> CROWN & 1 and get(g, "VINC", 0) == 6


def test_tv_06_tv_07_shipped_legionnaire_and_harbor():
    """The shipped data carries the rulebook examples' effects."""
    g = game()
    le, ha = card_by_name(g, "Legionnaire"), card_by_name(g, "Harbor")
    set_hand(g, 0, [le, ha] + filler(g))
    put(g, "DOUBLOONS", 30, 0)
    put(g, "SYNERGY", 1 << AXES, 0)
    at_main(g, 0, "1", mp=4)
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "DINC", 0) == 10 and get(g, "VINC", 0) == 0
    g.step("buy:hand:hand0")
    assert get(g, "VINC", 0) == 4


# =================================================================== §11.5 immediate
def test_imm_01_two_influence_with_the_nation_shown():
    g = buy_one([eff("imm_influence2", arg=EN)])
    assert list(get(g, "INF", 0)) == [0, 2, 0]


def test_imm_02_synergy_token_shown_then_incomes_rechecked():
    g = buy_one([eff("imm_cp", 1)], tableau_cards={151: [eff("income_doubloons", 3, cond=ANCHOR)]},
                syn=["anchor"])
    assert get(g, "SYNERGY", 0) == 1 << ANCHOR and get(g, "DINC", 0) == 11
    h = buy_one([eff("imm_cp", 1)], tableau_cards={151: [eff("income_doubloons", 3, cond=ANCHOR)]},
                syn=["anchor"], SYNERGY=1 << ANCHOR)  # already held: nothing new
    assert get(h, "DINC", 0) == 8


def test_imm_03_marker_in_an_empty_village_without_influence():
    g = buy_one([eff("imm_village_marker")])
    assert g.phase == "nation"
    g.step("nation:england")
    assert g.phase == "place"
    empty = {f"place:{k}" for k in villages(g) if get(g, "LOC_MARKER")[loc(g, k)] < 0}
    assert own(g) == empty and "place:4" not in legal(g)       # a city
    taken = get(g, "SUP_TAKEN")[EN]
    g.step("place:12")
    assert get(g, "LOC_MARKER")[loc(g, "12")] == EN and get(g, "SUP_TAKEN")[EN] == taken + 1
    assert list(get(g, "INF", 0)) == [0, 0, 0] and get(g, "VP", 0) == 0
    check(g)


def test_imm_03_no_empty_village_the_effect_is_lost():
    cards = {150: dict(effects=[eff("imm_village_marker"), eff("imm_cp", 1)])}
    g = game(catalog=make_catalog(cards))
    for k in villages(g):
        if get(g, "LOC_MARKER")[loc(g, k)] < 0:
            put(g, "LOC_MARKER", FR, index=loc(g, k))
            put(g, "SUP_TAKEN", get(g, "SUP_TAKEN")[FR] + 1, index=FR)
    set_hand(g, 0, [150] + filler(g))
    put(g, "CP", 1, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert g.phase == "main" and get(g, "CP", 0) == 2
    check(g)


def test_imm_04_remove_one_disc():
    g = buy_one([eff("imm_remove_disc")])
    g.step("disc:doubloons5")
    assert get(g, "DISCS", 0)[E.AREA_DOUBLOONS5] == 1 and get(g, "DISCS_OUT", 0) == 1


def test_imm_05_one_influence_of_your_choice():
    g = buy_one([eff("imm_influence1")])
    assert own(g) == {"nation:france", "nation:england", "nation:spain"}
    g.step("nation:spain")
    assert list(get(g, "INF", 0)) == [0, 0, 1]


def test_imm_06_quest_on_the_card_fulfilled_later_as_last_village_action():
    q = {"Q_COST": {}, "Q_COST_ARG": {}, "Q_COST_AMT": {}, "Q_REW": {}, "Q_REW_AMT": {}}
    for t in range(L.N_QUESTS):
        q["Q_COST"].update({t * 2: E.QC_DOUBLOONS, t * 2 + 1: E.QC_NONE})
        q["Q_COST_AMT"].update({t * 2: 2, t * 2 + 1: 0})
        q["Q_COST_ARG"].update({t * 2: -1, t * 2 + 1: -1})
        q["Q_REW"].update({t * 3: E.QR_VP, t * 3 + 1: E.QR_NONE, t * 3 + 2: E.QR_NONE})
        q["Q_REW_AMT"].update({t * 3: 3, t * 3 + 1: 0, t * 3 + 2: 0})
    cards = {150: dict(effects=[eff("imm_quest_on_card")])}
    g = game(catalog=make_catalog(cards, **q))
    set_hand(g, 0, [150] + filler(g))
    put(g, "DOUBLOONS", 5, 0)
    at_main(g, 0, "1")
    refresh(g)
    n = get(g, "QPILE_N")
    top = get(g, "QPILE")[n - 1]
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "QPILE_N") == n - 1 and get(g, "CARD_QUEST", 0)[0] == top
    check(g)
    # a later turn: 2 village actions; the card's quest ends the batch
    at_main(g, 0, "1", mp=4)
    refresh(g)
    g.step("main:village")
    g.step("vil:card_quest:0")
    assert get(g, "QUESTS", 0) == 1 and get(g, "VP", 0) == 3 and get(g, "DOUBLOONS", 0) == 3
    assert get(g, "CARD_QUEST", 0)[0] == -1 and g.phase == "main"
    check(g)


def _give_tokens(g, p, k):
    n = get(g, "TPILE_N")
    put(g, "TPILE_N", n[1] - k, index=1)
    for i in range(n[1] - k, n[1]):
        put(g, "TPILE1", -1, index=i)
    put(g, "TOKENS", get(g, "TOKENS", p) + k, p)


def test_imm_07_one_vp_per_combat_token():
    cards = {150: dict(effects=[eff("imm_vp_per_token")])}
    g = game(catalog=make_catalog(cards))
    _give_tokens(g, 0, 3)
    set_hand(g, 0, [150] + filler(g))
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "VP", 0) == 3
    check(g)


def test_imm_08_two_vp_per_assistant_on_the_board():
    cards = {150: dict(effects=[eff("imm_vp_per_assistant")])}
    g = game(catalog=make_catalog(cards))
    put(g, "ASSIST", 2, 0, index=loc(g, "9"))
    put(g, "FIG_BOARD", 2, 0)
    put(g, "FIG_GENERAL", 1, 0)  # 2 in personal supply do not count
    set_hand(g, 0, [150] + filler(g))
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "VP", 0) == 4
    check(g)


def test_imm_09_one_vp_per_quest_tile():
    cards = {150: dict(effects=[eff("imm_vp_per_quest")])}
    g = game(catalog=make_catalog(cards))
    put(g, "QPILE_N", get(g, "QPILE_N") - 3)
    put(g, "QUESTS", 3, 0)
    set_hand(g, 0, [150] + filler(g))
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "VP", 0) == 3
    check(g)


def test_imm_10_tv_19_two_vp_per_compass_at_least_two():
    g = buy_one([eff("imm_vp_per_compass")])
    assert get(g, "VP", 0) == 2
    h = buy_one([eff("imm_vp_per_compass")], tableau_cards={151: [eff("perm_compass")]})
    assert get(h, "VP", 0) == 4


def test_imm_11_two_figures_as_many_as_available():
    g = buy_one([eff("imm_figures2")])
    assert get(g, "FIG_SUPPLY", 0) == 4 and get(g, "FIG_GENERAL", 0) == 1
    h = buy_one([eff("imm_figures2")], FIG_GENERAL=1, FIG_SUPPLY=4)
    assert get(h, "FIG_SUPPLY", 0) == 5 and get(h, "FIG_GENERAL", 0) == 0
    check(h)


def test_imm_12_any_synergy_not_yet_owned():
    g = buy_one([eff("imm_any_synergy")], tableau_cards={151: [eff("income_vp", 2, cond=CROWN)]},
                SYNERGY=1 << ANCHOR)
    assert g.phase == "choice"
    assert f"choice:{ANCHOR}" not in legal(g) and f"choice:{CROWN}" in legal(g)
    assert len(own(g)) == 4
    g.step(f"choice:{CROWN}")
    assert get(g, "SYNERGY", 0) == (1 << ANCHOR) | (1 << CROWN) and get(g, "VINC", 0) == 2


def test_imm_13_village_marker_then_next_noble_rank():
    g = buy_one([eff("imm_village_marker_rank")], base=rank_bands_catalog())  # bands 2, 5, 11
    g.step("nation:spain")
    g.step("place:3")
    assert get(g, "LOC_MARKER")[loc(g, "3")] == SP
    assert get(g, "INF", 0)[SP] == 2


def test_imm_13_no_empty_village_the_rank_move_still_happens():
    cards = {150: dict(effects=[eff("imm_village_marker_rank")])}
    g = game(catalog=make_catalog(cards, base=rank_bands_catalog()))  # bands 2, 5, 11
    for k in villages(g):
        if get(g, "LOC_MARKER")[loc(g, k)] < 0:
            put(g, "LOC_MARKER", FR, index=loc(g, k))
            put(g, "SUP_TAKEN", get(g, "SUP_TAKEN")[FR] + 1, index=FR)
    set_hand(g, 0, [150] + filler(g))
    put(g, "INF", 4, 0, index=EN)
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    g.step("nation:england")
    assert g.phase == "main" and get(g, "INF", 0)[EN] == 5
    check(g)


@pytest.mark.parametrize("k", [0, 1, 3])
def test_imm_14_tv_43_figures_on_the_card_for_doubloon_income(k):
    g = buy_one([eff("imm_figures_income")], FIG_SUPPLY=3, FIG_GENERAL=2)
    assert own(g) == {"choice:0", "choice:1", "choice:2", "choice:3"}
    g.step(f"choice:{k}")
    assert get(g, "DINC", 0) == 8 + 2 * k
    assert get(g, "FIG_CARDS", 0) == k and get(g, "FIG_SUPPLY", 0) == 3 - k
    check(g)


@pytest.mark.parametrize("cp, x, after", [(1, 2, 3), (7, 2, 8), (8, 3, 8)])
def test_imm_15_x_cp_capped_at_8(cp, x, after):
    g = buy_one([eff("imm_cp", x)], CP=cp)
    assert get(g, "CP", 0) == after


def test_imm_16_two_vp_per_synergy_token():
    g = buy_one([eff("imm_vp_per_synergy")], SYNERGY=(1 << ANCHOR) | (1 << CROWN))
    assert get(g, "VP", 0) == 4


def test_imm_17_tv_42_three_vp_per_nation_with_influence_3():
    g = buy_one([eff("imm_vp_per_nation3")], INF=[4, 3, 2])
    assert get(g, "VP", 0) == 6
    h = buy_one([eff("imm_vp_per_nation3")], INF=[2, 2, 15])
    assert get(h, "VP", 0) == 3


# =================================================================== §13 income tracks
def test_inct_01_markers_start_at_8_and_0():
    for n in (2, 3, 4):
        g = game(n)
        for p in range(n):
            assert get(g, "DINC", p) == 8 and get(g, "VINC", p) == 0


def test_inct_02_income_effects_and_synergy_move_the_markers():
    from maracaibo_env.maracaibo.core.catalog_layout import C_PRE_SYN, C_PRE_COST
    g0 = game()
    s = int(g0._cat[C_PRE_SYN + get(g0, "PR_BUILD")[0]])
    cost = int(g0._cat[C_PRE_COST + get(g0, "PR_BUILD")[0]])
    cards = {150: dict(effects=[eff("income_doubloons", 2)]),
             151: dict(effects=[eff("income_vp", 3, cond=s)])}
    g = shop(cards, tableau=[151], actions=2, DOUBLOONS=cost)
    buy(g, 150)
    assert get(g, "DINC", 0) == 10
    g.step("invest:0")  # the building's synergy activates card 151
    assert get(g, "VINC", 0) == 3


def _score(g, trigger=0):
    from maracaibo_env.maracaibo.core.scoring import start_scoring
    put(g, "TRIGGER", trigger)
    put(g, "STK_N", 0)
    start_scoring(g.state, g._cat)
    resume(g)
    while g.phase == "score_buy":
        g.step("score:vp2")


def test_inct_03_tv_05_interim_income():
    g = game()
    put(g, "DINC", 12, 0)
    put(g, "VINC", 3, 0)
    d, vp = get(g, "DOUBLOONS", 0), get(g, "VP", 0)
    _score(g)
    assert get(g, "DOUBLOONS", 0) == d + 12
    assert get(g, "VP", 0) == vp + 3 + 2  # +2: the scoring-step-1 choice taken
    assert g.score_breakdown()[0]["vp_income"] == 3
    assert g.score_breakdown()[0]["doubloon_track"] == 0


def test_inct_04_final_scoring_no_doubloons_vp_track_plus_printed_vp():
    g = game(catalog=custom_catalog(DINC_VP={20: 9}))  # the test's own printed VP at 20
    put(g, "ROUND", 4)
    put(g, "DINC", 20, 0)
    put(g, "VINC", 7, 0)
    d = get(g, "DOUBLOONS", 0)
    _score(g)
    assert g.is_over and get(g, "DOUBLOONS", 0) == d
    b = g.score_breakdown()[0]
    assert b["vp_income"] == 7 and b["doubloon_track"] == 9


def test_inct_05_tv_36_doubloon_overflow_converts_to_vp_income():
    g = buy_one([eff("income_doubloons", 3)], DINC=33)
    assert get(g, "DINC", 0) == 34 and get(g, "VINC", 0) == 2
    h = buy_one([eff("income_doubloons", 2)], DINC=34, VINC=5)
    assert get(h, "DINC", 0) == 34 and get(h, "VINC", 0) == 7


@pytest.mark.parametrize("rnd, start, gain, marker, vp", [
    (3, 18, 4, 2, 40),    # TV-04: round 3, would reach 22
    (1, 17, 3, 0, 80),    # TV-37: exactly 20 in round 1
    (4, 19, 1, 0, 20),
    (2, 10, 5, 15, 0),
])
def test_inct_06_tv_04_tv_37_vp_income_overflow(rnd, start, gain, marker, vp):
    g = _buy_in_round(rnd, gain, start)
    assert get(g, "VINC", 0) == marker and get(g, "VP", 0) == vp
    assert g.score_breakdown()[0]["overflow"] == vp


def _buy_in_round(rnd, gain, start):
    cards = {150: dict(effects=[eff("income_vp", gain)])}
    g = game(catalog=make_catalog(cards))
    put(g, "ROUND", rnd)
    set_hand(g, 0, [150] + filler(g))
    put(g, "VINC", start, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    g.step("buy:hand:hand0")
    return g


def test_inct_06_overflow_during_a_scoring_before_its_income_counts_it():
    g = game()
    put(g, "ROUND", 3)
    assert remaining_scorings(g.state) == 2
    put(g, "INCOME_DONE", 1)
    assert remaining_scorings(g.state) == 1
    put(g, "INCOME_DONE", 0)
    put(g, "VINC", 19, 0)
    income_vp(g.state, g._cat, 0, 1)
    assert get(g, "VP", 0) == 40 and get(g, "VINC", 0) == 0


def test_inct_07_doubloon_income_is_8_plus_cards_plus_2_per_figure():
    cards = {150: dict(effects=[eff("income_doubloons", 2)]),
             151: dict(effects=[eff("income_doubloons", 3, cond=ANCHOR)], syn=["anchor"]),
             152: dict(effects=[eff("imm_figures_income")]),
             153: dict(effects=[eff("income_doubloons", 4, cond=CROWN)])}
    g = shop(cards, actions=3, FIG_SUPPLY=2, FIG_GENERAL=3)
    buy(g, 150)
    buy(g, 151)
    buy(g, 152)
    g.step("choice:2")
    put(g, "MAIN_DONE", 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    buy(g, 153)  # crown not held: inactive
    assert get(g, "DINC", 0) == 8 + 2 + 3 + 2 * 2
    check(g)

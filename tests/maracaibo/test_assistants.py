"""Rule tests: §11.6 assistant actions (AA-01..18) and §14 assistants
(ASST-01..08, TV-38).

Assistant cards are written into a private catalog copy (assistant action +
location requirement), their figures put on the board by hand; the actions are
then taken through Game.step ("main:assistant:aa04", "sail:8:mp2", ...).
"""
from __future__ import annotations

import pytest

from maracaibo_env.maracaibo.core import constants as E
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG

from helpers import own, get, put, refresh, at_main, at_phase, set_hand, set_tableau, check
from test_permanent_effects import (C1, C2, EN, SP, GOODS, game, lk, eff, goods, cat_set,
                                    hand, tableau, supply, add_assistant, give_tokens,
                                    complete_areas, src, run_task, legal, main_over,
                                    take_village_doubloons)


def aa_card(aa, key):
    """A card whose assistant action is AA-aa, its assistant at location key."""
    return dict(effects=[("assistant", aa - 1, 0, -1)], reqs=[("assistant", lk(key))])


def aa_game(assistants, at="9", cards=None, hand_fn=None, mp=1, p=0, **fields):
    """assistants: [(aa, key)], one card C1, C2, ... each, their figures on the
    board; the ship of player p at `at` in Phase B after mp MP."""
    allc = {C1 + i: aa_card(aa, key) for i, (aa, key) in enumerate(assistants)}
    allc.update(cards or {})
    g = game(cards=allc)
    set_tableau(g, p, list(allc))
    for aa, key in assistants:
        add_assistant(g, p, key)
    if hand_fn is not None:
        set_hand(g, p, hand_fn(g))
    for k, v in fields.items():
        put(g, k, v, p)
    at_main(g, p, at, mp=mp)
    check(g)
    return g


def end_turn(g, p=0):
    """Finish p's turn: leave Phase B, draw from the deck."""
    if g.phase == "main" and g.current_player == p:
        g.step("pass")
    while g.phase == "draw" and g.current_player == p:
        g.step("draw:deck")
    assert g.current_player != p or g.phase == "score_buy"


def end_round(g, trigger, round_=1):
    """Player `trigger` ends the round (20 -> 21a) and every player takes 2 VP
    in step 1 of the scoring."""
    put(g, "ROUND", round_)
    put(g, "SHIP", lk("20"), trigger)
    at_phase(g, trigger, "sail")
    g.step("sail:21a:mp1")
    g.step("main:city")
    end_turn(g, trigger)
    while g.phase == "score_buy":
        g.step("score:vp2")


def sym(g, c):
    return GOODS[int(g._cat[CATALOG["CARD_SYMBOL"][0] + c])]


# ======================================================================= AA-01..17
def test_aa_01_3_vp_and_5_doubloons_as_the_main_action():
    g = aa_game([(1, "9")], DOUBLOONS=2)
    assert "main:assistant:aa01" in legal(g)
    g.step("main:assistant:aa01")
    assert get(g, "VP", 0) == 3 and src(g, 0, "assistants") == 3
    assert get(g, "DOUBLOONS", 0) == 7
    assert main_over(g) and "main:village" not in legal(g)
    check(g)


def test_aa_02_figure_then_disc_then_one_village_action():
    g = aa_game([(2, "9")], DOUBLOONS=0)
    sup, gen = get(g, "FIG_SUPPLY", 0), get(g, "FIG_GENERAL", 0)
    g.step("main:assistant:aa02")
    assert get(g, "FIG_SUPPLY", 0) == sup + 1 and get(g, "FIG_GENERAL", 0) == gen - 1
    assert g.phase == "disc" and "pass" in legal(g)   # the disc first (printed order)
    g.step("disc:hand_limit")
    assert get(g, "DISCS", 0)[E.AREA_HAND_LIMIT] == 1 and get(g, "DISCS_OUT", 0) == 1
    assert take_village_doubloons(g, 0) == 1
    assert get(g, "DOUBLOONS", 0) == 1 and main_over(g)
    check(g)


def test_aa_03_influence_then_two_village_actions():
    g = aa_game([(3, "9")], DOUBLOONS=0)
    g.step("main:assistant:aa03")
    assert g.phase == "nation"
    g.step("nation:spain")
    assert get(g, "INF", 0)[SP] == 1
    assert take_village_doubloons(g, 0) == 2 and main_over(g)


def _extra_sail_game(aa, **kw):
    return aa_game([(aa, "6")], at="6", CP=1, **kw)


EXTRA_SAILS = {"sail:7:mp1", "sail:8:mp2", "sail:9:mp3", "sail:10:mp3", "pass"}   # from 6


def test_aa_04_2_cp_sail_1_to_3_mp_and_one_more_main_action():
    g = _extra_sail_game(4, mp=7)
    g.step("main:assistant:aa04")
    assert get(g, "CP", 0) == 3
    assert g.phase == "sail" and own(g) == EXTRA_SAILS      # 1-3 MP
    g.step("sail:8:mp2")
    assert get(g, "SHIP", 0) == lk("8")
    assert g.phase == "main" and get(g, "MAIN_DONE") == 0 and "main:village" in legal(g)
    g.step("main:village")
    # village actions from the 2 MP just spent: 1 (not the 7 MP of the turn)
    assert take_village_doubloons(g, 0) == 1
    assert main_over(g) and "main:village" not in legal(g)
    check(g)


def test_aa_04_declining_the_sail_gives_no_extra_main_action():
    g = _extra_sail_game(4)
    g.step("main:assistant:aa04")
    g.step("pass")
    assert get(g, "SHIP", 0) == lk("6") and main_over(g)
    assert "main:village" not in legal(g)


def test_aa_04_extra_main_action_may_be_another_assistant():
    g = aa_game([(4, "6"), (1, "7")], at="6", DOUBLOONS=0)
    g.step("main:assistant:aa04")
    g.step("sail:7:mp1")
    assert "main:assistant:aa01" in legal(g)
    g.step("main:assistant:aa01")
    assert get(g, "DOUBLOONS", 0) == 5 and main_over(g)


def test_aa_05_three_identical_goods_for_5_doubloons_and_two_village_actions():
    g = aa_game([(5, "9")], hand_fn=lambda g: goods(g, "sugar", 3) + goods(g, "corn", 3),
                DOUBLOONS=0)
    g.step("main:assistant:aa05")
    assert g.phase == "choice" and own(g) == {"choice:0", "choice:2"}  # sugar or corn
    g.step("choice:2")
    assert [sym(g, c) for c in hand(g, 0)] == ["sugar"] * 3
    assert get(g, "DOUBLOONS", 0) == 5
    assert take_village_doubloons(g, 0) == 2 and main_over(g)
    check(g)


@pytest.mark.parametrize("aa", [5, 8, 9, 17])
def test_aa_05_aa_08_aa_09_aa_17_need_three_identical_goods_not_objects(aa):
    g = aa_game([(aa, "9")], hand_fn=lambda g: goods(g, "map", 3) + goods(g, "sugar", 2)
                + goods(g, "corn", 1))
    assert f"main:assistant:aa{aa:02d}" not in legal(g)
    g = aa_game([(aa, "9")], hand_fn=lambda g: goods(g, "tobacco", 3))
    assert f"main:assistant:aa{aa:02d}" in legal(g)


@pytest.mark.parametrize("aa,cp,dbl", [(6, 1, 0), (7, 0, 2)])
def test_aa_06_aa_07_cp_or_doubloons_disc_two_village_actions(aa, cp, dbl):
    g = aa_game([(aa, "9")], DOUBLOONS=0, CP=2)
    g.step(f"main:assistant:aa{aa:02d}")
    assert get(g, "CP", 0) == 2 + cp and get(g, "DOUBLOONS", 0) == dbl
    assert g.phase == "disc"
    g.step("disc:vp3")
    assert get(g, "DISCS", 0)[E.AREA_VP3] == 1
    assert take_village_doubloons(g, 0) == 2
    assert get(g, "DOUBLOONS", 0) == dbl + 2 and main_over(g)


def test_aa_06_disc_may_be_declined():
    g = aa_game([(6, "9")])
    g.step("main:assistant:aa06")
    g.step("pass")
    assert get(g, "DISCS_OUT", 0) == 0 and g.phase == "village"


def test_aa_08_three_goods_for_5_doubloons_2_vp_2_cp():
    g = aa_game([(8, "9")], hand_fn=lambda g: goods(g, "tobacco", 3), DOUBLOONS=0, CP=1)
    g.step("main:assistant:aa08")
    assert hand(g, 0) == []
    assert get(g, "DOUBLOONS", 0) == 5 and get(g, "VP", 0) == 2 and get(g, "CP", 0) == 3
    assert main_over(g)


def test_aa_09_three_goods_for_5_doubloons_2_vp_1_influence():
    g = aa_game([(9, "9")], hand_fn=lambda g: goods(g, "tobacco", 3), DOUBLOONS=0)
    g.step("main:assistant:aa09")
    assert hand(g, 0) == [] and g.phase == "nation"
    g.step("nation:england")
    assert get(g, "INF", 0)[EN] == 1
    assert get(g, "DOUBLOONS", 0) == 5 and get(g, "VP", 0) == 2 and main_over(g)


def test_aa_10_2_doubloons_explorer_up_to_3():
    g = aa_game([(10, "9")], DOUBLOONS=0)
    g.step("main:assistant:aa10")
    assert get(g, "DOUBLOONS", 0) == 2
    assert own(g) == {"explore:s1", "explore:s2", "explore:s3", "pass"}
    g.step("explore:s2")
    assert get(g, "EXPLORER", 0) == 2 and main_over(g)


def test_aa_11_4_vp_explorer_up_to_2():
    g = aa_game([(11, "9")])
    g.step("main:assistant:aa11")
    assert get(g, "VP", 0) == 4
    assert own(g) == {"explore:s1", "explore:s2", "pass"}
    g.step("explore:s1")
    assert get(g, "EXPLORER", 0) == 1 and main_over(g)


def test_aa_12_asst_08_3_doubloons_2_vp_per_assistant_on_the_board():
    g = aa_game([(12, "9")], DOUBLOONS=0)
    add_assistant(g, 0, "15", 2)              # 3 assistants on the board
    put(g, "FIG_SUPPLY", get(g, "FIG_SUPPLY", 0) - 1, 0)
    put(g, "FIG_CARDS", 1, 0)                 # figures on cards ...
    put(g, "FIG_CAREER", get(g, "FIG_CAREER", 0) - 1, 0)
    put(g, "FIG_PRESTIGE", 1, 0)              # ... and on buildings do not count
    check(g)
    g.step("main:assistant:aa12")
    assert get(g, "DOUBLOONS", 0) == 3 and get(g, "VP", 0) == 6


def test_aa_13_1_vp_per_combat_token_and_three_village_actions():
    g = aa_game([(13, "9")], DOUBLOONS=0)
    give_tokens(g, 0, 3)
    g.step("main:assistant:aa13")
    assert get(g, "VP", 0) == 3
    assert take_village_doubloons(g, 0) == 3 and main_over(g)
    check(g)


def test_aa_14_3_vp_sail_1_to_3_mp_and_one_more_main_action():
    g = aa_game([(14, "10")], at="10", CP=1)
    g.step("main:assistant:aa14")
    assert get(g, "VP", 0) == 3 and get(g, "CP", 0) == 1
    assert own(g) == {"sail:11:mp1", "sail:12:mp2", "sail:13:mp3", "pass"}
    g.step("sail:11:mp1")                      # a city this time: its action is the extra one
    assert "main:city" in legal(g) and get(g, "MAIN_DONE") == 0
    g.step("main:city")
    if g.phase == "deliver":
        g.step("pass")
    assert g.phase == "combat_pile"            # Maracaibo's city action: Combat


@pytest.mark.parametrize("aa,dbl,vil", [(15, 5, 3), (16, 7, 2)])
def test_aa_15_aa_16_pay_2_cp_not_figures(aa, dbl, vil):
    g = aa_game([(aa, "9")], DOUBLOONS=0, CP=3)
    g.step(f"main:assistant:aa{aa}")
    assert get(g, "CP", 0) == 1 and get(g, "DOUBLOONS", 0) == dbl
    assert take_village_doubloons(g, 0) == vil and main_over(g)
    g = aa_game([(aa, "9")], CP=1)
    supply(g, 0, 4)
    assert f"main:assistant:aa{aa}" not in legal(g)    # figures cannot pay the CP


def test_aa_17_three_goods_for_4_doubloons_4_vp():
    g = aa_game([(17, "9")], hand_fn=lambda g: goods(g, "tobacco", 4), DOUBLOONS=0)
    g.step("main:assistant:aa17")
    assert g.phase == "pay"                    # 3 of the 4 tobacco cards
    g.step("pay:hand0")
    g.step("pay:hand0")
    g.step("pay:hand0")
    assert len(hand(g, 0)) == 1
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "VP", 0) == 4 and main_over(g)
    check(g)


# ======================================================================= AA-18
def test_aa_18_assistant_village_actions_ignore_mp_and_ship_01():
    g = aa_game([(3, "9")], mp=7, DOUBLOONS=0)
    complete_areas(g, 0, ["village_thresholds"])
    refresh(g)
    g.step("main:assistant:aa03")
    g.step("nation:france")
    assert take_village_doubloons(g, 0) == 2


def test_aa_18_last_village_action_rule_applies():
    g = aa_game([(7, "9")], cards={C2: eff("nva_maps_vp_explore")},
                hand_fn=lambda g: goods(g, "map", 2), DOUBLOONS=0)
    g.step("main:assistant:aa07")
    g.step("pass")                             # no disc
    assert g.phase == "village"
    g.step("vil:nva:1")
    g.step("pass")                             # no explorer move
    assert get(g, "VP", 0) == 2 and main_over(g)   # the second village action is lost


def test_aa_18_extra_main_action_village_count_without_ship_01():
    g = _extra_sail_game(4)
    complete_areas(g, 0, ["village_thresholds"])
    refresh(g)
    g.step("main:assistant:aa04")
    g.step("sail:8:mp2")                       # with SHIP-01, 2 MP would give 2
    g.step("main:village")
    assert take_village_doubloons(g, 0) == 1


# ======================================================================= ASST
def test_asst_01_asst_02_req_03_buying_places_an_assistant_anywhere():
    g = game(cards={C1: dict(cost=2, **aa_card(1, "15"))})
    set_hand(g, 0, [C1])
    put(g, "DOUBLOONS", 2, 0)
    supply(g, 0, 1)
    run_task(g, "village", 0, 1, 1)            # ship somewhere else
    g.step("buy:hand:hand0")
    assert get(g, "ASSIST", 0)[lk("15")] == 1 and get(g, "FIG_BOARD", 0) == 1
    assert get(g, "FIG_SUPPLY", 0) == 0 and get(g, "DOUBLOONS", 0) == 0
    assert tableau(g, 0) == [C1]
    check(g)
    # no figure in the personal supply: the card cannot be bought
    g = game(cards={C1: dict(cost=2, **aa_card(1, "15"))})
    set_hand(g, 0, [C1])
    put(g, "DOUBLOONS", 2, 0)
    supply(g, 0, 0)
    run_task(g, "village", 0, 1, 1)
    assert "buy:hand:hand0" not in legal(g)


def test_asst_03_usable_from_the_next_turn_and_no_vp_when_just_placed():
    g = game(cards={C1: dict(cost=0, **aa_card(1, "9"))})
    set_hand(g, 0, [C1] + goods(g, "sugar", 1))
    supply(g, 0, 1)
    at_main(g, 0, "9")
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "ASSIST", 0)[lk("9")] == 1 and get(g, "ASSIST_NEW", 0)[lk("9")] == 1
    assert main_over(g)
    # not usable in the turn it was placed
    h = g.clone()
    put(h, "MAIN_DONE", 0)
    refresh(h)
    assert "main:assistant:aa01" not in legal(h)
    vp = get(g, "VP", 0)
    end_turn(g, 0)
    assert get(g, "VP", 0) == vp               # nothing was given up: no 2 VP
    assert get(g, "ASSIST_NEW", 0)[lk("9")] == 0
    at_main(g, 0, "9")                         # a later turn at 9
    assert "main:assistant:aa01" in legal(g)


def test_asst_04_ship_at_the_location_and_own_colour_only():
    g = aa_game([(1, "15")], at="9")
    assert not any(a.startswith("main:assistant") for a in legal(g))
    # player 1's assistant at 9: player 0 at 9 cannot use it
    g = game(cards={C1: aa_card(1, "9")})
    set_tableau(g, 1, [C1])
    add_assistant(g, 1, "9")
    at_main(g, 0, "9")
    assert not any(a.startswith("main:assistant") for a in legal(g))
    at_main(g, 1, "9")
    assert "main:assistant:aa01" in legal(g)


def test_asst_05_tv_38_one_of_two_assistants_the_other_scores_2():
    g = aa_game([(1, "9"), (11, "9")])
    assert {"main:assistant:aa01", "main:assistant:aa11"} <= legal(g)
    g.step("main:assistant:aa01")
    assert not any(a.startswith("main:assistant") for a in legal(g))   # only one per turn
    assert src(g, 0, "assistants") == 3
    end_turn(g, 0)
    assert src(g, 0, "assistants") == 3 + 2 and get(g, "VP", 0) == 5
    check(g)


def test_asst_06_assistants_stay_for_the_whole_game():
    g = aa_game([(1, "9"), (11, "15")])
    end_round(g, trigger=1)
    assert g.round == 2
    assert get(g, "ASSIST", 0)[lk("9")] == 1 and get(g, "ASSIST", 0)[lk("15")] == 1
    assert get(g, "FIG_BOARD", 0) == 2 and get(g, "SHIP", 0) == lk("havana")
    check(g)


def test_asst_07_tv_38_sailing_past_two_assistants_scores_4():
    g = aa_game([(1, "9"), (11, "11"), (10, "12")], at="8")
    at_phase(g, 0, "sail")
    g.step("sail:12:mp3")                      # 8 -> 10 -> 11 -> 12; 9 is numbered in between
    assert src(g, 0, "assistants") == 4 and get(g, "VP", 0) == 4
    check(g)


@pytest.mark.parametrize("main", ["main:village", "pass"])
def test_asst_07_other_main_action_or_none_scores_2(main):
    g = aa_game([(1, "9")], DOUBLOONS=0)
    g.step(main)
    if g.phase == "village":
        take_village_doubloons(g, 0)
    end_turn(g, 0)
    assert src(g, 0, "assistants") == 2


def test_asst_07_tv_38_round_end_assistant_beyond_the_ship_scores_2():
    g = aa_game([(1, "17"), (11, "5")], at="10")
    end_round(g, trigger=1)
    assert src(g, 0, "assistants") == 2        # 17 > 10 scores, 5 < 10 does not


def test_asst_07_extra_sail_leaving_and_skipping_score_too():
    g = aa_game([(4, "6"), (1, "6"), (11, "7")], at="6")
    g.step("main:assistant:aa04")
    g.step("sail:8:mp2")                       # leaves the unused AA-01 at 6, passes 7
    assert src(g, 0, "assistants") == 2 + 2


def test_asst_08_basis_is_figures_on_board_imm_08():
    g = game(cards={C1: eff("imm_vp_per_assistant")})
    add_assistant(g, 0, "9", 2)
    put(g, "FIG_CARDS", 1, 0)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", 0) - 1, 0)
    set_hand(g, 0, [C1])
    put(g, "DOUBLOONS", 20, 0)
    check(g)
    run_task(g, "village", 0, 1, 1)
    g.step("buy:hand:hand0")
    assert get(g, "VP", 0) == 4               # 2 assistants x 2; the figure on a card: 0


def test_perm_07_extra_sail_stop_triggers_location_income():
    g = aa_game([(4, "6")], at="6", cards={C2: eff("perm_assistant_income", 0)})
    add_assistant(g, 0, "8")
    g.step("main:assistant:aa04")
    g.step("sail:8:mp2")
    assert get(g, "VP", 0) == 1               # PERM-07 on the extra sail's stop


def test_asst_07_assistant_bought_in_scoring_step_1_does_not_score_at_step_7():
    """ASST-07 (d) with ASST-03: an assistant placed during the interim scoring
    (step 1) was never passed by the ship; nothing was given up, no 2 VP."""
    g = game(cards={C1: dict(cost=0, **aa_card(1, "17"))})
    set_hand(g, 0, [C1])
    supply(g, 0, 1)
    put(g, "SHIP", lk("10"), 0)
    put(g, "SHIP", lk("20"), 1)
    at_phase(g, 1, "sail")
    g.step("sail:21a:mp1")
    g.step("main:city")
    end_turn(g, 1)
    g.step("score:vp2")                        # player 1 (the trigger) first
    assert g.phase == "score_buy" and g.current_player == 0
    g.step("buy:hand:hand0")
    while g.phase != "sail":
        g.step(g.legal_actions()[0])
    assert g.round == 2 and get(g, "ASSIST", 0)[lk("17")] == 1
    assert src(g, 0, "assistants") == 0

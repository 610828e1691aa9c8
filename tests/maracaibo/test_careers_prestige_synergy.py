"""Rule tests: §12 synergy tokens (SYN-01..05, with TV-06 / TV-07), §22 career
cards (CAR-01..06, CAR-TV, TV-03, TV-50) and §24 prestige buildings
(PRES-01..17, TV-13, TV-14, TV-39). (§13 INCT-05/06 are in test_effects_income.py.)

Career tasks are taken as free actions ("free:career:t"), investments through
"invest:k", and the end-game building VP through a real final scoring.
"""
from __future__ import annotations

import pytest

from maracaibo_env.maracaibo.core import enums as E

from maracaibo_env.maracaibo.core import constants as K

from helpers import own, get, put, refresh, at_main, at_phase, set_hand, set_tableau, check, \
    card_by_name
from test_permanent_effects import (C1, C2, SYN, game, lk, eff, supply, add_assistant,
                                    give_tokens, give_quests, complete_areas, set_synergy, src,
                                    run_task, legal)
from test_assistants import end_turn, end_round

def syn_bits(*names):
    return sum(1 << SYN.index(s) for s in names)


def pre_cost(g, building):
    from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
    return int(g._cat[CATALOG["PRE_COST"][0] + building])


def pre_syn(g, building):
    from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
    return int(g._cat[CATALOG["PRE_SYN"][0] + building])


def building_in_slot(g, slot, key):
    """Make building `key` the one in slot `slot` (swapping if it lies elsewhere)."""
    b = E.BUILDINGS.index(key)
    pr = [int(x) for x in get(g, "PR_BUILD")]
    if b in pr:
        j = pr.index(b)
        pr[j], pr[slot] = pr[slot], b
    else:
        pr[slot] = b
    put(g, "PR_BUILD", pr)
    return b


def invested_by_hand(g, p, slot, key):
    """p invested in building `key` (in slot) earlier: a figure from the general
    supply on it; no first-investor VP booked."""
    b = building_in_slot(g, slot, key)
    put(g, "PR_INVESTORS", int(get(g, "PR_INVESTORS")[slot]) | (1 << p), index=slot)
    put(g, "PRESTIGE", get(g, "PRESTIGE", p) | (1 << b), p)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) - 1, p)
    put(g, "FIG_PRESTIGE", get(g, "FIG_PRESTIGE", p) + 1, p)
    return b


def final_scoring(g, trigger=1):
    """Round IV: `trigger` sails 21b -> 22 and ends the game; everyone takes
    2 VP in step 1."""
    put(g, "ROUND", 4)
    put(g, "SHIP", lk("21b"), trigger)
    at_phase(g, trigger, "sail")
    g.step("sail:22:mp1")
    g.step("main:city")
    end_turn(g, trigger)
    while g.phase == "score_buy":
        g.step("score:vp2")
    assert g.is_over


def buy_one(g, p, card, money=30):
    """p buys `card` from the hand with one village action."""
    set_hand(g, p, [card])
    put(g, "DOUBLOONS", money, p)
    run_task(g, "village", p, 1, 1)
    g.step("buy:hand:hand0")


# =========================================================================== SYN
def test_syn_01_at_most_one_token_per_symbol_income_not_reapplied():
    harbor = card_by_name(game(), "Harbor")
    g = game(cards={C1: dict(syn=["crown"]), C2: dict(syn=["crown"])})
    set_synergy(g, 0, "crossed_axes")
    buy_one(g, 0, harbor)
    buy_one(g, 0, C1)                          # crown: Harbor's +2 once
    vinc = get(g, "VINC", 0)
    assert vinc == 6
    buy_one(g, 0, C2)                          # a second crown card: nothing more
    assert get(g, "SYNERGY", 0) == syn_bits("crossed_axes", "crown")
    assert get(g, "VINC", 0) == vinc
    check(g)


def test_syn_02_imm_02_buying_a_card_with_a_synergy_symbol():
    g = game(cards={C1: dict(syn=["anchor"])})
    buy_one(g, 0, C1)
    assert get(g, "SYNERGY", 0) == syn_bits("anchor")


def test_syn_02_pres_03_investing_gives_the_building_token():
    b = E.BUILDINGS.index("citadel")  # the test's own cost and symbol (the data's are reconstructed)
    g = game(PRE_COST={b: 6}, PRE_SYN={b: SYN.index("house")})
    building_in_slot(g, 0, "citadel")
    supply(g, 0, 1)
    put(g, "DOUBLOONS", 6, 0)
    run_task(g, "village", 0, 1, 1)
    g.step("invest:0")
    assert get(g, "SYNERGY", 0) == syn_bits("house") and get(g, "DOUBLOONS", 0) == 0


def test_syn_02_imm_12_any_synergy_you_lack():
    g = game(cards={C1: eff("imm_any_synergy")})
    set_synergy(g, 0, "anchor", "crown")
    buy_one(g, 0, C1)
    assert g.phase == "choice"
    assert own(g) == {f"choice:{SYN.index(s)}" for s in ("crossed_axes", "medal", "house")}
    g.step(f"choice:{SYN.index('medal')}")
    assert get(g, "SYNERGY", 0) == syn_bits("anchor", "crown", "medal")
    # holding all five: the effect has nothing to give
    g = game(cards={C1: eff("imm_any_synergy")})
    set_synergy(g, 0, *SYN)
    buy_one(g, 0, C1)
    assert g.phase != "choice" and get(g, "SYNERGY", 0) == 31


def test_syn_03_tv_07_harbor_then_crown_raises_vp_income_by_2():
    g = game(cards={C1: dict(syn=["crown"])})
    harbor = card_by_name(g, "Harbor")
    set_synergy(g, 0, "crossed_axes")
    buy_one(g, 0, harbor)
    assert get(g, "VINC", 0) == 4              # crossed axes held, crown not
    buy_one(g, 0, C1)
    assert get(g, "SYNERGY", 0) & syn_bits("crown")
    assert get(g, "VINC", 0) == 6              # +2 retroactively, once


def test_syn_03_token_from_an_investment_is_retroactive_too():
    g = game()
    harbor = card_by_name(g, "Harbor")
    set_tableau(g, 0, [harbor])                # bought earlier without any token: +0
    b = building_in_slot(g, 0, "abbey")
    assert pre_syn(g, b) == SYN.index("crown")
    supply(g, 0, 1)
    put(g, "DOUBLOONS", pre_cost(g, b), 0)
    run_task(g, "village", 0, 1, 1)
    g.step("invest:0")
    assert get(g, "VINC", 0) == 2


@pytest.mark.parametrize("anchor", [False, True])
def test_syn_04_tv_06_legionnaire(anchor):
    g = game()
    leg = card_by_name(g, "Legionnaire")
    if anchor:
        set_synergy(g, 0, "anchor")
    dinc = get(g, "DINC", 0)
    buy_one(g, 0, leg)
    assert get(g, "DINC", 0) == dinc + 2
    assert get(g, "VINC", 0) == (2 if anchor else 0)


def test_syn_05_imm_16_counts_synergy_tokens():
    g = game(cards={C1: eff("imm_vp_per_synergy")})
    set_synergy(g, 0, "anchor", "crown", "house")
    buy_one(g, 0, C1)
    assert get(g, "VP", 0) == 6


# =========================================================================== CAR
def _career(tasks=None, c=0, **fields):
    """Player 0 holds career c (tasks rewritten when given), Phase B at 9."""
    g = game(careers={c: tasks} if tasks else None)
    put(g, "CAREER", c, 0)
    put(g, "CAREER_DONE", 0, 0)
    for k, v in fields.items():
        put(g, k, v, 0)
    at_main(g, 0, "9")
    return g


def _cat(g, name, i):
    from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
    return int(g._cat[CATALOG[name][0] + i])


def test_car_tv_tv_03_quest_task_4_and_6():
    g = _career(DOUBLOONS=0)
    # the shipped k1 (the published example card) has the EN example task third
    assert [_cat(g, n, 2) for n in ("CAR_KIND", "CAR_LOW", "CAR_HIGH", "CAR_DBL", "CAR_VP")] \
        == [K.CT_QUESTS, 4, 6, 4, 4]
    give_quests(g, 0, 3)
    refresh(g)
    assert "free:career:2" not in legal(g)
    give_quests(g, 0, 1)                       # 4 tiles
    refresh(g)
    sup, car = get(g, "FIG_SUPPLY", 0), get(g, "FIG_CAREER", 0)
    g.step("free:career:2")
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "VP", 0) == 0
    assert get(g, "FIG_SUPPLY", 0) == sup + 1 and get(g, "FIG_CAREER", 0) == car - 1
    check(g)
    g = _career(DOUBLOONS=0)
    give_quests(g, 0, 6)
    refresh(g)
    g.step("free:career:2")
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "VP", 0) == 4
    assert src(g, 0, "career") == 4


@pytest.mark.parametrize("tiles,dbl,vp", [(4, 4 + 2, 0 + 2), (6, 4 + 2, 4 + 2)])
def test_car_04_tv_03_third_task_adds_2_doubloons_2_vp(tiles, dbl, vp):
    g = _career(DOUBLOONS=0, CAREER_DONE=0b011)
    put(g, "FIG_CAREER", 1, 0)                 # the other two figures went to the supply
    put(g, "FIG_SUPPLY", get(g, "FIG_SUPPLY", 0) + 2, 0)
    give_quests(g, 0, tiles)
    refresh(g)
    g.step("free:career:2")
    assert get(g, "DOUBLOONS", 0) == dbl and get(g, "VP", 0) == vp
    assert get(g, "CAREER_DONE", 0) == 7 and get(g, "FIG_CAREER", 0) == 0
    assert not any(a.startswith("free:career") for a in legal(g))   # tucked away
    check(g)


EASY = [("combat_tokens", 0, 1, 2, 1, 1), ("quests", 0, 1, 2, 2, 2), ("synergy", 0, 1, 2, 3, 3)]


def test_car_01_car_03_tasks_in_any_order_each_once():
    g = _career(EASY, DOUBLOONS=0)
    give_tokens(g, 0, 1)
    give_quests(g, 0, 1)
    set_synergy(g, 0, "anchor")
    refresh(g)
    assert {"free:career:0", "free:career:1", "free:career:2"} <= legal(g)
    g.step("free:career:2")
    assert "free:career:2" not in legal(g)     # once
    g.step("free:career:0")
    g.step("free:career:1")
    assert get(g, "DOUBLOONS", 0) == 3 + 1 + 2 + 2 and get(g, "VP", 0) == 2
    assert get(g, "CAREER_DONE", 0) == 7
    check(g)


def test_car_02_free_action_in_phase_b_before_and_after_the_main_action_not_in_phase_a():
    g = _career(EASY)
    give_tokens(g, 0, 1)
    refresh(g)
    assert "free:career:0" in legal(g) and get(g, "MAIN_DONE") == 0
    put(g, "MAIN_DONE", 1)
    refresh(g)
    assert "free:career:0" in legal(g)
    at_phase(g, 0, "sail")                     # not while sailing
    assert not any(a.startswith("free:") for a in legal(g))


def test_car_03_claim_early_or_wait_for_the_larger_threshold():
    g = _career(EASY, DOUBLOONS=0)
    give_quests(g, 0, 1)
    refresh(g)
    early = g.clone()
    early.step("free:career:1")
    assert get(early, "DOUBLOONS", 0) == 2 and get(early, "VP", 0) == 0
    give_quests(g, 0, 1)                       # waited: 2 tiles
    refresh(g)
    g.step("free:career:1")
    assert get(g, "DOUBLOONS", 0) == 2 and get(g, "VP", 0) == 2


def _set_progress(g, kind, arg, v):
    if kind == "combat_tokens":
        give_tokens(g, 0, v)
    elif kind == "quests":
        give_quests(g, 0, v)
    elif kind == "influence_one":
        put(g, "INF", [0, v, 0], 0)
    elif kind == "influence_two":
        put(g, "INF", [v, 0, v], 0)
    elif kind == "upgrades":
        complete_areas(g, 0, list(range(v)))
    elif kind == "barrier":                    # v barriers crossed, in the order red, blue, green
        put(g, "BARRIERS", sum(1 << b for b in (K.BAR_RED, K.BAR_BLUE, K.BAR_GREEN)[:v]), 0)
    elif kind == "synergy":
        set_synergy(g, 0, *SYN[:v])
    elif kind == "assistants":
        add_assistant(g, 0, "15", v)


@pytest.mark.parametrize("kind,arg,low,high", [
    ("combat_tokens", 0, 2, 4), ("quests", 0, 3, 5), ("influence_one", 0, 5, 8),
    ("influence_two", 0, 4, 6), ("upgrades", 0, 2, 4), ("barrier", 0, 2, 3),
    ("synergy", 0, 2, 3), ("assistants", 0, 2, 3)])
def test_car_05_task_kinds(kind, arg, low, high):
    tasks = [(kind, arg, low, high, 3, 5)] + EASY[1:]
    below = _career(tasks, DOUBLOONS=0)
    _set_progress(below, kind, arg, low - 1)
    refresh(below)
    assert "free:career:0" not in legal(below)
    for v, vp in ((low, 5 if low >= high else 0), (high, 5)):
        g = _career(tasks, DOUBLOONS=0)
        _set_progress(g, kind, arg, v)
        refresh(g)
        g.step("free:career:0")
        assert get(g, "DOUBLOONS", 0) == 3 and get(g, "VP", 0) == vp, (kind, v)
        check(g)


def test_car_05f_barrier_task_thresholds_are_barriers_in_crossing_order():
    # CAR-05f with CAR-01's two thresholds (docs/rulings.md): low = the blue
    # barrier, high = the green one; the explorer crosses red, blue, green in order
    tasks = [("barrier", 0, 2, 3, 5, 4)] + EASY[1:]
    for crossed, available, vp in (((), False, 0), ((K.BAR_RED,), False, 0),
                                   ((K.BAR_RED, K.BAR_BLUE), True, 0),
                                   ((K.BAR_RED, K.BAR_BLUE, K.BAR_GREEN), True, 4)):
        g = _career(tasks, DOUBLOONS=0)
        put(g, "BARRIERS", sum(1 << b for b in crossed), 0)
        refresh(g)
        assert ("free:career:0" in legal(g)) == available, crossed
        if available:
            g.step("free:career:0")
            assert get(g, "DOUBLOONS", 0) == 5 and get(g, "VP", 0) == vp


@pytest.mark.parametrize("inf,met", [((3, 5, 1), True), ((2, 5, 1), False), ((2, 5, 2), False),
                                     ((3, 1, 3), True)])
def test_car_06_tv_50_two_nation_task_each_not_the_sum(inf, met):
    g = _career([("influence_two", 0, 3, 5, 4, 4)] + EASY[1:])
    put(g, "INF", list(inf), 0)
    refresh(g)
    assert ("free:career:0" in legal(g)) == met


# ========================================================================== PRES
def test_pres_01_building_i_face_up_then_one_more_each_interim():
    g = game()
    assert get(g, "PR_REVEALED") == 1
    supply(g, 0, 2)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 1, 1)
    assert "invest:0" in legal(g) and not {"invest:1", "invest:2", "invest:3"} & legal(g)
    g = game()
    for r in (1, 2, 3):
        end_round(g, trigger=(r % 2), round_=r)
        assert get(g, "PR_REVEALED") == r + 1 and g.round == r + 1
    supply(g, 0, 2)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 1, 1)
    assert {"invest:0", "invest:1", "invest:2", "invest:3"} <= legal(g)


def test_pres_02_invest_in_scoring_step_1():
    g = game(PRE_COST={b: 7 for b in range(len(E.BUILDINGS))})  # every building costs 7 here
    supply(g, 0, 1)
    put(g, "DOUBLOONS", 20, 0)
    put(g, "SHIP", lk("20"), 1)
    at_phase(g, 1, "sail")
    g.step("sail:21a:mp1")
    g.step("main:city")
    end_turn(g, 1)
    g.step("score:vp2")
    assert g.phase == "score_buy" and g.current_player == 0
    assert "invest:0" in legal(g)
    b = int(get(g, "PR_BUILD")[0])
    dinc = get(g, "DINC", 0)
    g.step("invest:0")                         # then the income step of the scoring
    assert get(g, "FIG_PRESTIGE", 0) == 1 and get(g, "PRESTIGE", 0) == 1 << b
    assert get(g, "DOUBLOONS", 0) == 20 - 7 + dinc
    assert src(g, 0, "prestige") == 2


def test_pres_03_cost_figure_token_and_first_investor_2_vp():
    b = E.BUILDINGS.index("minster")  # the test's own cost and symbol
    g = game(PRE_COST={b: 9}, PRE_SYN={b: SYN.index("anchor")})
    building_in_slot(g, 0, "minster")
    for p in (0, 1):
        supply(g, p, 1)
        put(g, "DOUBLOONS", 10, p)
    run_task(g, "village", 0, 1, 1)
    g.step("invest:0")
    assert get(g, "DOUBLOONS", 0) == 1
    assert get(g, "FIG_SUPPLY", 0) == 0 and get(g, "FIG_PRESTIGE", 0) == 1
    assert get(g, "SYNERGY", 0) == syn_bits("anchor")
    assert get(g, "VP", 0) == 2 and src(g, 0, "prestige") == 2       # the first investor
    assert get(g, "PRESTIGE", 0) == 1 << b
    run_task(g, "village", 1, 1, 1)
    g.step("invest:0")                         # shared: player 1 invests too, no +2
    assert get(g, "VP", 1) == 0 and get(g, "FIG_PRESTIGE", 1) == 1
    assert get(g, "PR_INVESTORS")[0] == 0b11
    check(g)


def test_pres_03_no_figure_no_investment():
    g = game()
    supply(g, 0, 0)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 1, 1)
    assert "invest:0" not in legal(g)


def test_pres_04_once_per_building_several_buildings_allowed():
    g = game()
    put(g, "PR_REVEALED", 2)
    supply(g, 0, 3)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 3, 1)
    g.step("invest:0")
    assert "invest:0" not in legal(g) and "invest:1" in legal(g)
    g.step("invest:1")
    assert get(g, "FIG_PRESTIGE", 0) == 2


def test_pres_05_prestige_vp_only_at_final_scoring_for_every_building():
    g = game()
    invested_by_hand(g, 0, 0, "military_base")
    invested_by_hand(g, 0, 1, "palace")
    give_tokens(g, 0, 3)
    give_quests(g, 0, 2)
    check(g)
    end_round(g, trigger=1, round_=1)          # an interim scoring: nothing
    assert src(g, 0, "prestige") == 0
    final_scoring(g)
    assert src(g, 0, "prestige") == 6 + 4


def _final_prestige(key, setup):
    g = game()
    invested_by_hand(g, 0, 0, key)
    setup(g)
    check(g)
    final_scoring(g)
    return src(g, 0, "prestige")


def test_pres_06_figures_on_buildings_are_not_assistants_nor_supply():
    def citadel(g):
        supply(g, 0, 1)
        put(g, "CP", 0, 0)
    assert _final_prestige("citadel", citadel) == 2   # 1 in supply; the building's figure: 0

    def basilica(g):
        add_assistant(g, 0, "9", 1)
    assert _final_prestige("basilica", basilica) == 4


def test_pres_10_abbey_4_vp_per_barrier():
    def all3(g):
        put(g, "BARRIERS", (1 << K.BAR_RED) | (1 << K.BAR_BLUE) | (1 << K.BAR_GREEN), 0)
    assert _final_prestige("abbey", all3) == 12
    assert _final_prestige("abbey", lambda g: put(g, "BARRIERS", 1 << K.BAR_RED, 0)) == 4


def test_pres_11_palace_2_vp_per_quest_tile():
    assert _final_prestige("palace", lambda g: give_quests(g, 0, 3)) == 6


@pytest.mark.parametrize("n,vp", [(3, 12), (4, 16), (5, 16)])
def test_pres_12_tv_39_basilica_4_per_assistant_cap_16(n, vp):
    def assistants(g):
        supply(g, 0, 0)
        put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", 0) + 1, 0)   # room for 5
        put(g, "FIG_CAREER", get(g, "FIG_CAREER", 0) - 1, 0)
        add_assistant(g, 0, "9", n - 2)
        add_assistant(g, 0, "15", 2)
    assert _final_prestige("basilica", assistants) == vp


def test_pres_13_tv_14_citadel_2_figures_3_cp_10_vp():
    def f(g):
        supply(g, 0, 2)
        put(g, "CP", 3, 0)
    assert _final_prestige("citadel", f) == 10


def test_pres_14_syn_05_minster_3_vp_per_synergy_token():
    assert _final_prestige("minster", lambda g: set_synergy(g, 0, "anchor", "crown", "medal")) == 9


def test_pres_15_military_base_2_vp_per_combat_token():
    assert _final_prestige("military_base", lambda g: give_tokens(g, 0, 4)) == 8


def test_pres_16_academy_2_vp_per_ship_upgrade():
    assert _final_prestige("academy", lambda g: complete_areas(
        g, 0, ["hand_limit", "doubloons5", "village_thresholds"])) == 6


@pytest.mark.parametrize("cathedral", [False, True])
def test_pres_17_tv_13_cathedral_doubloon_track_vp_again_doubled(cathedral):
    g = game()
    if cathedral:
        invested_by_hand(g, 0, 0, "cathedral")
    put(g, "DINC", 24, 0)                      # the track's VP there: 5 (published: ZH p21)
    check(g)
    final_scoring(g)
    assert src(g, 0, "doubloon_track") == 5
    assert src(g, 0, "prestige") == (10 if cathedral else 0)

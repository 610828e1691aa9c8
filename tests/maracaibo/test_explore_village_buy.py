"""Rule tests: §8 exploring (EXPL), §9 village actions (VILL), §10 buying (BUY, REQ).

States are built with tests/helpers.py, then real decisions are stepped through
Game.step by name. Cards are redefined with custom catalogs where a test needs
exact costs, requirements or effects.
"""
from __future__ import annotations

import pytest

from helpers import own, make_catalog
from helpers import (new_game, finish_setup, get, put, refresh, resume, loc, at_main,
                     set_hand, set_tableau, cards_with_symbol, custom_catalog, check)
from maracaibo_env.maracaibo.core import enums as E, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.catalog_layout import C_EXP_QUEST
from maracaibo_env.maracaibo.core.common import push, compasses

FR, EN, SP = 0, 1, 2


# ---------------------------------------------------------------- helpers
def game(n=2, seed=1, catalog=None):
    g = new_game(n, seed=seed, catalog=catalog)
    finish_setup(g)
    return g


def legal(g):
    return set(g.legal_action_names())


def sp(g, key):
    return g.catalog.exp_keys.index(key)


def explorer(g, p, key):
    put(g, "EXPLORER", sp(g, key), p)


def where(g, p):
    return g.catalog.exp_keys[get(g, "EXPLORER", p)]


def run_task(g, op, p, a=0, b=0, ship="1"):
    """Player p's Phase B at `ship`, with a sub-decision started the way a main
    action would start it (main_done below it)."""
    at_main(g, p, ship)
    push(g.state, K.OP_MAIN_DONE, p, 0, 0)
    push(g.state, E.OPS.index(op), p, a, b)
    resume(g)


def quest_catalog(costs, rewards, **extra):
    """Every quest tile gets these costs [(kind, symbol|None, amount)] and
    rewards [(kind, amount)] (so the test does not depend on the shuffle)."""
    from maracaibo_env.maracaibo.catalog import load_catalog
    goods = load_catalog().goods_keys
    ed = {k: {} for k in ("Q_COST", "Q_COST_ARG", "Q_COST_AMT", "Q_REW", "Q_REW_AMT")}
    for t in range(L.N_QUESTS):
        for i in range(2):
            kind, sym, amt = costs[i] if i < len(costs) else ("none", None, 0)
            ed["Q_COST"][t * 2 + i] = E.QUEST_COSTS.index(kind)
            ed["Q_COST_ARG"][t * 2 + i] = goods.index(sym) if sym else -1
            ed["Q_COST_AMT"][t * 2 + i] = amt
        for i in range(3):
            kind, amt = rewards[i] if i < len(rewards) else ("none", 0)
            ed["Q_REW"][t * 3 + i] = E.QUEST_REWARDS.index(kind)
            ed["Q_REW_AMT"][t * 3 + i] = amt
    ed.update(extra)
    return custom_catalog(**ed)


def upgrade(g, p, area):
    """Complete ship area `area` for player p (its 2 discs leave the game)."""
    a = E.SHIP_AREAS.index(area)
    put(g, "DISCS_OUT", get(g, "DISCS_OUT", p) + int(get(g, "DISCS", p)[a]), p)
    put(g, "DISCS", 0, p, index=a)
    put(g, "UPGRADES", get(g, "UPGRADES", p) | 1 << a, p)


def at_village(g, p, key="1", mp=1, hand=None, **fields):
    if hand is not None:
        set_hand(g, p, hand)
    for k, v in fields.items():
        put(g, k, v, p)
    at_main(g, p, key, mp=mp)
    refresh(g)


def filler(g, good="telescope", n=1):
    """Plain hand cards (keeps a hand so that Phase B does not end by itself)."""
    return cards_with_symbol(g, good, n, exclude=range(150, 157))


def tableau(g, p):
    return [int(c) for c in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)]]


# =================================================================== §8 exploring
def test_expl_01_up_to_n_and_at_least_one():
    g = game()
    run_task(g, "explore", 0, 3)
    assert g.phase == "explore"
    assert own(g) == {"pass", "explore:s1", "explore:s2", "explore:s3"}
    g.step("explore:s2")
    assert where(g, 0) == "s2"


def test_expl_01_perm_05_adds_one_space():
    cat = make_catalog({150: dict(effects=[("perm_explorer", 0, 0, -1)])})
    g = game(catalog=cat)
    set_tableau(g, 0, [150])
    run_task(g, "explore", 0, 2)
    assert own(g) == {"pass", "explore:s1", "explore:s2", "explore:s3"}


def test_expl_02_forward_only_and_forks():
    g = game()
    explorer(g, 0, "s7")
    run_task(g, "explore", 0, 2)
    # long way s8 -> s9, short cut s10 -> s11
    assert own(g) == {"pass", "explore:s8", "explore:s9", "explore:s10", "explore:s11"}
    g.step("explore:s11")
    assert where(g, 0) == "s11" and g.phase == "nation"  # only s11's reward (influence)
    h = game()
    explorer(h, 0, "s7")
    run_task(h, "explore", 0, 3)
    assert "explore:s12" in legal(h)  # via the short cut
    assert not legal(h) & {"explore:s6", "explore:s5", "explore:s7"}


def test_expl_03_occupied_spaces_are_jumped_and_not_counted():
    g = game(3)
    explorer(g, 1, "s2")
    run_task(g, "explore", 0, 2)
    assert own(g) == {"pass", "explore:s1", "explore:s3"}  # s3 is the 2nd counted space
    # two explorers in a row count as nothing
    h = game(3)
    explorer(h, 1, "s1")
    explorer(h, 2, "s2")
    run_task(h, "explore", 0, 1)
    assert h.phase == "explore" and own(h) == {"pass", "explore:s3"}


def test_expl_03_last_space_may_hold_several_explorers():
    g = game()
    explorer(g, 1, "s28")
    explorer(g, 0, "s27")
    run_task(g, "explore", 0, 1)
    assert "explore:s28" in legal(g)
    g.step("explore:s28")
    assert where(g, 0) == where(g, 1) == "s28"


def test_expl_04_fulfilled_quest_space_is_jumped():
    g = game()
    qi = g._cat[C_EXP_QUEST + sp(g, "s6")]
    # the tile of s6 was fulfilled earlier by player 1
    put(g, "EXQ_TILE", -1, index=int(qi))
    put(g, "QUESTS", 1, 1)
    explorer(g, 0, "s5")
    run_task(g, "explore", 0, 1)
    assert own(g) == {"pass", "explore:s7"}
    g.step("explore:s7")
    check(g)


@pytest.mark.parametrize("start, dest, n, field, delta", [
    ("s0", "s1", 1, "DOUBLOONS", 2),
    ("s1", "s2", 1, "CP", 1),
    ("s6", "s7", 1, "VP", 2),
    ("s8", "s9", 1, "FIG_SUPPLY", 2),
    ("s11", "s12", 1, "DOUBLOONS", 1),
    ("s11", "s12", 1, "VP", 1),
    ("s4", "s5", 1, "DISCS_OUT", 1),
])
def test_expl_05_reward_of_the_stop_space(start, dest, n, field, delta):
    g = game()
    explorer(g, 0, start)
    before = get(g, field, 0)
    run_task(g, "explore", 0, n)
    g.step(f"explore:{dest}")
    if g.phase == "disc":  # remove 1 disc (optional)
        assert "pass" in legal(g)
        g.step("disc:vp3")
    assert get(g, field, 0) == before + delta
    check(g)


def test_expl_05_influence_reward_and_nothing_for_passed_spaces():
    g = game()
    explorer(g, 0, "s10")
    run_task(g, "explore", 0, 1)
    g.step("explore:s11")
    g.step("nation:spain")
    assert list(get(g, "INF", 0)) == [0, 0, 1]
    h = game()
    d, cp = get(h, "DOUBLOONS", 0), get(h, "CP", 0)
    run_task(h, "explore", 0, 2)
    h.step("explore:s2")  # passes s1 (2 doubloons), stops on s2 (1 CP)
    assert get(h, "DOUBLOONS", 0) == d and get(h, "CP", 0) == cp + 1


def _quest_space_game(doubloons):
    cat = quest_catalog([("doubloons", None, 2)], [("vp", 3)])
    g = game(catalog=cat)
    explorer(g, 0, "s5")
    put(g, "DOUBLOONS", doubloons, 0)
    run_task(g, "explore", 0, 1)
    return g


def test_expl_06_quest_space_may_be_fulfilled():
    g = _quest_space_game(5)
    g.step("explore:s6")
    assert g.phase == "choice" and own(g) == {"choice:0", "choice:1"}
    tile = get(g, "EXQ_TILE")[0]
    assert tile >= 0
    g.step("choice:1")
    assert get(g, "DOUBLOONS", 0) == 3 and get(g, "VP", 0) == 3 and get(g, "QUESTS", 0) == 1
    assert get(g, "EXQ_TILE")[0] == -1  # not replaced
    check(g)


def test_expl_06_declined_quest_stays():
    g = _quest_space_game(5)
    tile = get(g, "EXQ_TILE")[0]
    g.step("explore:s6")
    g.step("choice:0")
    assert get(g, "EXQ_TILE")[0] == tile and where(g, 0) == "s6" and get(g, "QUESTS", 0) == 0
    h = _quest_space_game(1)  # cannot pay: nothing offered
    h.step("explore:s6")
    assert h.phase == "main" and get(h, "EXQ_TILE")[0] == tile


def test_expl_07_tv_54_red_barrier_three_influence_with_one_nation():
    g = game()
    explorer(g, 0, "s2")
    d = get(g, "DOUBLOONS", 0)
    run_task(g, "explore", 0, 2)
    g.step("explore:s4")  # crosses the red barrier on s3
    assert g.phase == "nation"
    g.step("nation:england")
    assert list(get(g, "INF", 0)) == [0, 3, 0]  # no split possible: one decision
    assert get(g, "DOUBLOONS", 0) == d + 3  # s4's own reward
    assert g.phase == "main"


def test_expl_08_tv_51_blue_and_green_first_crossers():
    g = game(3)
    explorer(g, 1, "s13")
    run_task(g, "explore", 1, 2)
    g.step("explore:s15")  # P1 crosses blue first
    assert get(g, "VP", 1) == 4
    explorer(g, 2, "s12")
    run_task(g, "explore", 2, 3)
    g.step("explore:s16")  # P2 crosses blue later (jumping P1 on s15)
    if g.phase == "disc":
        g.step("pass")
    assert get(g, "VP", 2) == 2
    explorer(g, 2, "s23")
    run_task(g, "explore", 2, 2)
    g.step("explore:s25")  # P2 crosses green first
    assert get(g, "VP", 2) == 2 + 4
    explorer(g, 1, "s23")
    run_task(g, "explore", 1, 3)
    g.step("explore:s26")
    assert get(g, "VP", 1) == 4 + 2


def test_expl_09_barrier_counts_when_crossed_whatever_the_stop():
    g = game()
    explorer(g, 0, "s12")
    run_task(g, "explore", 0, 3)
    g.step("explore:s15")  # through the blue barrier on s14, stops on s15
    assert get(g, "VP", 0) == 4
    assert get(g, "BARRIERS", 0) >> K.BAR_BLUE & 1


def test_expl_10_tv_11_last_space_order_and_a_village_action():
    g = game(4)
    order = [2, 0, 3, 1]
    expect = {2: 10, 0: 8, 3: 6, 1: 4}
    for p in order:
        explorer(g, p, "s27")
        vp, d = get(g, "VP", p), get(g, "DOUBLOONS", p)
        run_task(g, "explore", p, 1)
        g.step("explore:s28")
        assert get(g, "VP", p) == vp + expect[p]
        assert g.phase == "village"  # 1 village action
        g.step("vil:doubloon")
        assert get(g, "DOUBLOONS", p) == d + 1 and g.phase == "main"


def test_expl_11_movement_from_the_last_space_is_lost():
    g = game()
    explorer(g, 0, "s28")
    vp = get(g, "VP", 0)
    run_task(g, "explore", 0, 3)
    assert g.phase == "main" and where(g, 0) == "s28" and get(g, "VP", 0) == vp


def test_expl_12_jumping_an_explorer_steals_vp_with_perm_06():
    cat = make_catalog({150: dict(effects=[("perm_steal_vp", 0, 0, -1)])})
    g = game(3, catalog=cat)
    set_tableau(g, 0, [150])
    explorer(g, 1, "s1")
    explorer(g, 2, "s2")
    put(g, "VP", 3, 1)
    put(g, "VP_SRC", 3, 1, index=L.VP_SOURCES.index("other"))
    run_task(g, "explore", 0, 1)
    g.step("explore:s3")
    g.step("nation:france")  # red barrier on s3
    assert get(g, "VP", 1) == 2 and get(g, "VP", 2) == 0  # P2 has 0 VP: nothing taken
    assert get(g, "VP", 0) == 1 + 1  # 1 stolen + s3's 1 VP
    check(g)


def test_expl_13_sources_space_20_and_ship_11():
    g = game()
    at_main(g, 0, "20")
    refresh(g)
    g.step("main:city")
    g.step("choice:1")  # explorer up to 2
    assert own(g) == {"pass", "explore:s1", "explore:s2"}
    h = game()
    run_task(h, "choice", 0, K.CH_SHIP_CHOICE, 0)
    h.step("choice:0")  # SHIP-11: explorer up to 3
    assert own(h) == {"pass", "explore:s1", "explore:s2", "explore:s3"}


def test_expl_15_no_legal_move_lapses():
    g = game()
    explorer(g, 0, "s28")
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t02"), index=loc(g, "4"))   # Explore 3
    at_main(g, 0, "4")
    refresh(g)
    g.step("main:city")  # explore 3 with nowhere to go
    if g.phase == "deliver":
        g.step("pass")
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1


# =================================================================== §9 village actions
def test_vill_01_village_main_action_needs_a_village():
    g = game()
    at_village(g, 0, "1")
    assert "main:village" in legal(g)
    at_main(g, 0, "4")
    refresh(g)
    assert "main:village" not in legal(g)


def test_vill_02_a_discard_hand_for_two():
    g = game()
    at_village(g, 0, "1", hand=cards_with_symbol(g, "sugar", 3), DOUBLOONS=0)
    plan = list(get(g, "PLAN", 0))
    d0 = get(g, "DISCARD_N")
    g.step("main:village")
    g.step("vil:discard")
    assert get(g, "HAND_N", 0) == 0 and get(g, "DOUBLOONS", 0) == 2
    assert list(get(g, "PLAN", 0)) == plan and get(g, "DISCARD_N") == d0 + 3
    check(g)


def test_vill_02_a_needs_a_card_b_one_doubloon():
    g = game()
    at_village(g, 0, "1", hand=[], DOUBLOONS=0)
    g.step("main:village")
    assert "vil:discard" not in legal(g)
    g.step("vil:doubloon")
    assert get(g, "DOUBLOONS", 0) == 1


def test_vill_02_c_buy_a_card():
    cat = make_catalog({150: dict(cost=2, effects=[("imm_cp", 0, 2, -1)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=3, CP=1)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert tableau(g, 0) == [150] and get(g, "DOUBLOONS", 0) == 1 and get(g, "CP", 0) == 3


@pytest.mark.parametrize("mp, n", [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_vill_03_repeatable_actions_by_mp(mp, n):
    g = game()
    at_village(g, 0, "1", mp=mp, hand=[], DOUBLOONS=0)
    g.step("main:village")
    k = 0
    while g.phase == "village":
        g.step("vil:doubloon")
        k += 1
    assert k == n and get(g, "DOUBLOONS", 0) == n


def test_vill_03_tv_15_three_actions_b_b_c():
    cat = make_catalog({150: dict(cost=4, effects=[("income_doubloons", 0, 1, -1)])})
    g = game(catalog=cat)
    at_village(g, 0, "7", mp=7, hand=[150] + filler(g), DOUBLOONS=2)
    g.step("main:village")
    g.step("vil:doubloon")
    g.step("vil:doubloon")
    assert "buy:hand:hand0" in legal(g)
    g.step("buy:hand:hand0")
    assert get(g, "DOUBLOONS", 0) == 0 and tableau(g, 0) == [150]
    assert g.phase == "main" and get(g, "DINC", 0) == 9


def test_vill_04_ship_upgrade_adds_options():
    g = game()
    at_village(g, 0, "1", hand=[], DOUBLOONS=0, CP=1)
    g.step("main:village")
    assert "vil:cp:doubloon" not in legal(g)
    h = game()
    upgrade(h, 0, "village_cp_doubloon")
    at_village(h, 0, "1", hand=[], DOUBLOONS=0, CP=1)
    h.step("main:village")
    h.step("vil:cp:doubloon")
    assert get(h, "CP", 0) == 2 and get(h, "DOUBLOONS", 0) == 1


def test_vill_05_last_village_action_loses_the_rest_of_the_batch():
    cat = make_catalog({150: dict(effects=[("nva_maps_vp_explore", 0, 0, -1)])})
    g = game(catalog=cat)
    set_tableau(g, 0, [150])
    maps = cards_with_symbol(g, "map", 2, exclude=[150])
    at_village(g, 0, "1", mp=7, hand=maps + filler(g), DOUBLOONS=0)
    g.step("main:village")
    g.step("vil:doubloon")
    assert "vil:nva:1" in legal(g)
    g.step("vil:nva:1")  # a "last village action": the 3rd action is lost
    assert get(g, "VP", 0) == 2 and get(g, "HAND_N", 0) == 1  # 2 maps paid
    assert g.phase == "explore"
    g.step("pass")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == 1


def test_vill_06_last_explorer_space_gives_a_batch_unaffected_by_ship_01():
    g = game()
    upgrade(g, 0, "village_thresholds")
    explorer(g, 0, "s27")
    run_task(g, "explore", 0, 1)
    put(g, "MP_SPENT", 7)
    refresh(g)
    d = get(g, "DOUBLOONS", 0)
    g.step("explore:s28")
    g.step("vil:doubloon")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == d + 1


def test_vill_06_city_action_batch_unaffected_by_ship_01():
    g = game()
    upgrade(g, 0, "village_thresholds")
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t04"), index=loc(g, "4"))
    at_village(g, 0, "4", mp=7, hand=filler(g), DOUBLOONS=0)
    g.step("main:city")
    g.step("vil:doubloon")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == 3


# =================================================================== §10 buying
def test_buy_01_only_village_c_or_scoring_step_1():
    cat = make_catalog({150: dict(cost=1)})
    g = game(catalog=cat)
    set_hand(g, 0, [150])
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t05"), index=loc(g, "4"))
    at_main(g, 0, "4")
    refresh(g)
    assert not any(n.startswith("buy:") for n in legal(g))
    g.step("main:city")
    assert not any(n.startswith("buy:") for n in legal(g))
    # scoring step 1
    from maracaibo_env.maracaibo.core.scoring import start_scoring
    h = game(catalog=cat)
    set_hand(h, 0, [150])
    put(h, "TRIGGER", 0)
    put(h, "STK_N", 0)
    start_scoring(h.state, h._cat)
    resume(h)
    assert h.phase == "score_buy" and h.current_player == 0
    assert "buy:hand:hand0" in legal(h)
    h.step("buy:hand:hand0")
    assert tableau(h, 0) == [150]


def _to_market(g, card):
    """Card `card` into market slot 0 (the card there goes to the discard pile)."""
    from helpers import _remove_cards_everywhere, _discard
    _remove_cards_everywhere(g, [card])
    old = get(g, "MARKET")[0]
    if old >= 0:
        _discard(g, int(old))
    put(g, "MARKET", card, index=0)


def test_buy_02_from_hand_or_planning_never_the_market():
    cat = make_catalog({150: dict(cost=1), 151: dict(cost=1)})
    g = game(catalog=cat)
    _to_market(g, 151)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=5)
    check(g)
    g.step("free:plan:hand0")
    g.step("main:village")
    buys = {n for n in legal(g) if n.startswith(("buy:", "invest:"))}
    slot = list(get(g, "PLAN", 0)).index(150)
    assert f"buy:plan{slot}" in buys
    assert not any(n.startswith("buy:hand") for n in buys)  # empty hand; market not offered
    g.step(f"buy:plan{slot}")
    assert 150 in tableau(g, 0) and 150 not in list(get(g, "PLAN", 0))
    assert get(g, "MARKET")[0] == 151 and 151 not in tableau(g, 0)


def test_buy_03_every_requirement_and_cost():
    cat = make_catalog({150: dict(cost=3), 151: dict(cost=0, reqs=[("cp", 2)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150, 151], DOUBLOONS=2, CP=1)
    g.step("main:village")
    assert "buy:hand:hand0" not in legal(g) and "buy:hand:hand1" not in legal(g)
    h = game(catalog=cat)
    at_village(h, 0, "1", hand=[150, 151], DOUBLOONS=3, CP=2)
    h.step("main:village")
    assert {"buy:hand:hand0", "buy:hand:hand1"} <= legal(h)


def test_buy_04_bought_cards_work_at_once_planned_cards_do_not():
    cat = make_catalog({150: dict(cost=0, effects=[("perm_compass", 0, 0, -1)]),
                        151: dict(cost=0, effects=[("perm_compass", 0, 0, -1)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150, 151], DOUBLOONS=0)
    g.step("free:plan:hand1")
    assert compasses(g.state, g._cat, 0) == 1  # a planned card has no effect
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert tableau(g, 0) == [150] and compasses(g.state, g._cat, 0) == 2


def test_buy_05_tv_53_cost_floor_and_discounted_investments():
    cat = make_catalog({150: dict(cost=1), 151: dict(effects=[("perm_discount", 0, 1, -1)]),
                        152: dict(effects=[("perm_discount", 0, 1, -1)])},
                       PRE_COST={b: 6 for b in range(len(E.BUILDINGS))})  # the test's own costs
    g = game(catalog=cat)
    set_tableau(g, 0, [151, 152])
    at_village(g, 0, "1", hand=[150], DOUBLOONS=0)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "DOUBLOONS", 0) == 0 and 150 in tableau(g, 0)
    # the same reductions apply to a prestige investment
    h = game(catalog=cat)
    set_tableau(h, 0, [151, 152])
    at_village(h, 0, "1", hand=[], DOUBLOONS=6 - 2)
    h.step("main:village")
    h.step("invest:0")
    assert get(h, "DOUBLOONS", 0) == 0 and get(h, "FIG_PRESTIGE", 0) == 1


def test_buy_06_invest_instead_of_buying():
    g = game(catalog=make_catalog(PRE_COST={b: 5 for b in range(len(E.BUILDINGS))}))
    at_village(g, 0, "1", hand=[], DOUBLOONS=5)
    g.step("main:village")
    assert "invest:0" in legal(g) and "invest:1" not in legal(g)  # only I is revealed
    g.step("invest:0")
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "FIG_SUPPLY", 0) == 1
    assert get(g, "VP", 0) == 2  # first investor


def test_buy_07_bought_card_is_no_longer_a_good():
    cat = make_catalog({150: dict(cost=0, symbol="corn")})
    g = game(catalog=cat)
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t04"), index=loc(g, "4"))  # sugar market
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t05"), index=loc(g, "5"))  # corn market
    at_village(g, 0, "1", hand=[150] + filler(g, "sugar"), DOUBLOONS=0)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "HAND_N", 0) == 1
    at_main(g, 0, "5")
    refresh(g)
    g.step("main:city")
    assert g.phase == "main"  # no delivery offered: the card is in the tableau
    assert get(g, "LOC_MARKET")[loc(g, "5")] == 0


def test_req_01_pay_the_printed_cost():
    cat = make_catalog({150: dict(cost=4)})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=6)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "DOUBLOONS", 0) == 2


def test_req_02_figure_beside_the_cost_is_returned():
    cat = make_catalog({150: dict(cost=1, reqs=[("figure", 0)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=1, FIG_SUPPLY=1, FIG_GENERAL=4)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "FIG_SUPPLY", 0) == 0 and get(g, "FIG_GENERAL", 0) == 5
    h = game(catalog=cat)
    at_village(h, 0, "1", hand=[150], DOUBLOONS=1, FIG_SUPPLY=0, FIG_GENERAL=5)
    h.step("main:village")
    assert "buy:hand:hand0" not in legal(h)


def test_req_03_assistant_goes_to_its_location_anywhere():
    g0 = game()
    cat = make_catalog({150: dict(cost=0, reqs=[("assistant", loc(g0, "9"))],
                                  effects=[("assistant", 0, 0, -1)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=0, FIG_SUPPLY=1, FIG_GENERAL=4)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "ASSIST", 0)[loc(g, "9")] == 1 and get(g, "FIG_BOARD", 0) == 1
    assert get(g, "FIG_SUPPLY", 0) == 0
    check(g)
    h = game(catalog=cat)
    at_village(h, 0, "1", hand=[150], DOUBLOONS=0, FIG_SUPPLY=0, FIG_GENERAL=5)
    h.step("main:village")
    assert "buy:hand:hand0" not in legal(h)


def test_req_04_pay_three_herbs_perm_01_lowers_it():
    herbs = cards_with_symbol(game(), "herbs", 4)
    from maracaibo_env.maracaibo.catalog import load_catalog
    hi = load_catalog().goods_keys.index("herbs")
    cat = make_catalog({150: dict(cost=0, symbol="sugar", reqs=[("herbs", 3)]),
                        151: dict(effects=[("perm_object", hi, 0, -1)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150] + herbs[:2], DOUBLOONS=0)
    g.step("main:village")
    assert "buy:hand:hand0" not in legal(g)  # 2 herbs are not enough
    h = game(catalog=cat)
    at_village(h, 0, "1", hand=[150] + herbs, DOUBLOONS=0)
    d0 = get(h, "DISCARD_N")
    h.step("main:village")
    h.step("buy:hand:hand0")
    assert h.phase == "pay"  # 4 herbs held: choose 3
    h.step("pay:hand0")
    h.step("pay:hand0")
    h.step("pay:hand0")
    assert get(h, "HAND_N", 0) == 1 and get(h, "DISCARD_N") == d0 + 3
    k = game(catalog=cat)
    set_tableau(k, 0, [151])
    at_village(k, 0, "1", hand=[150] + herbs[:2] + filler(k), DOUBLOONS=0)
    k.step("main:village")
    k.step("buy:hand:hand0")  # 2 herbs paid automatically (the only ones held)
    assert get(k, "HAND_N", 0) == 1 and 150 in tableau(k, 0)
    check(k)


def test_req_05_nation_needs_three_markers_on_locations():
    cat = make_catalog({150: dict(cost=0, reqs=[("nation", SP)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=0)
    g.step("main:village")
    assert "buy:hand:hand0" not in legal(g)  # Spain has 1 (village 6)
    h = game(catalog=cat)
    for key in ("4", "12"):  # a city and a village
        put(h, "LOC_MARKER", SP, index=loc(h, key))
    put(h, "SUP_TAKEN", 3, index=SP)
    at_village(h, 0, "1", hand=[150], DOUBLOONS=0)
    h.step("main:village")
    h.step("buy:hand:hand0")
    assert 150 in tableau(h, 0)


def test_req_06_figure_onto_the_card_is_not_an_assistant():
    cat = make_catalog({150: dict(cost=0, reqs=[("figure_on_card", 0)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=0)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "FIG_CARDS", 0) == 1 and get(g, "FIG_BOARD", 0) == 0
    assert get(g, "FIG_SUPPLY", 0) == 1
    check(g)


def test_req_07_pay_cp_not_figures():
    cat = make_catalog({150: dict(cost=0, reqs=[("cp", 2)])})
    g = game(catalog=cat)
    at_village(g, 0, "1", hand=[150], DOUBLOONS=0, CP=3)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "CP", 0) == 1 and get(g, "FIG_SUPPLY", 0) == 2
    h = game(catalog=cat)
    at_village(h, 0, "1", hand=[150], DOUBLOONS=0, CP=1, FIG_SUPPLY=2)
    h.step("main:village")
    assert "buy:hand:hand0" not in legal(h)


def test_buy_08_discounts_with_figure_requirement_and_floor():
    cat = make_catalog({150: dict(cost=5, reqs=[("figure", 0)]), 153: dict(cost=1),
                        151: dict(effects=[("perm_discount", 0, 1, -1)]),
                        152: dict(effects=[("perm_discount", 0, 1, -1)])})
    g = game(catalog=cat)
    set_tableau(g, 0, [151, 152])
    at_village(g, 0, "1", mp=4, hand=[150, 153], DOUBLOONS=3, FIG_SUPPLY=2, FIG_GENERAL=3)
    g.step("main:village")
    g.step("buy:hand:hand0")
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "FIG_SUPPLY", 0) == 1
    assert get(g, "FIG_GENERAL", 0) == 4
    g.step("buy:hand:hand0")  # cost 1 - 2 -> 0
    assert get(g, "DOUBLOONS", 0) == 0 and tableau(g, 0) == [151, 152, 150, 153]

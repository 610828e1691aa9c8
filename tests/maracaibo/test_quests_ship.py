"""Rule tests: §15 quests (QUEST, QCOST, QREW) and §18 ship upgrades (SHIP).

Every quest tile is given the same cost and reward through a custom catalog, so
the tests do not depend on the shuffle or on the reconstructed tile data.
"""
from __future__ import annotations

import pytest

from helpers import rank_bands_catalog
from helpers import (own, new_game, finish_setup, get, put, refresh, resume, loc, at_main,
                     set_hand, set_tableau, cards_with_symbol, custom_catalog, check)
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import enums as E, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.common import push, completed_areas, hand_limit

FR, EN, SP = 0, 1, 2
GOODS = load_catalog().goods_keys


# ---------------------------------------------------------------- helpers
def game(n=2, seed=1, catalog=None):
    g = new_game(n, seed=seed, catalog=catalog)
    finish_setup(g)
    return g


def legal(g):
    return set(g.legal_action_names())


def catalog(costs=(), rewards=(), cards=None, **extra):
    """Every quest tile: costs [(kind, symbol|None, amount)], rewards [(kind, amount)];
    cards: {id: [(effect kind, arg, amt)]} redefined project cards."""
    ed = {k: {} for k in ("Q_COST", "Q_COST_ARG", "Q_COST_AMT", "Q_REW", "Q_REW_AMT",
                          "CARD_EFF", "CARD_EFF_ARG", "CARD_EFF_AMT", "CARD_EFF_COND",
                          "CARD_COST", "CARD_REQ", "CARD_SYMBOL")}
    for t in range(L.N_QUESTS):
        for i in range(2):
            kind, sym, amt = costs[i] if i < len(costs) else ("none", None, 0)
            ed["Q_COST"][t * 2 + i] = E.QUEST_COSTS.index(kind)
            ed["Q_COST_ARG"][t * 2 + i] = GOODS.index(sym) if sym else -1
            ed["Q_COST_AMT"][t * 2 + i] = amt
        for i in range(3):
            kind, amt = rewards[i] if i < len(rewards) else ("none", 0)
            ed["Q_REW"][t * 3 + i] = E.QUEST_REWARDS.index(kind)
            ed["Q_REW_AMT"][t * 3 + i] = amt
    for cid, effs in (cards or {}).items():
        ed["CARD_COST"][cid] = 0
        ed["CARD_SYMBOL"][cid] = GOODS.index("telescope")
        for k in range(3):
            ed["CARD_REQ"][cid * 3 + k] = 0
        for k in range(4):
            kind, arg, amt = effs[k] if k < len(effs) else ("none", 0, 0)
            ed["CARD_EFF"][cid * 4 + k] = E.EFFECTS.index(kind)
            ed["CARD_EFF_ARG"][cid * 4 + k] = arg
            ed["CARD_EFF_AMT"][cid * 4 + k] = amt
            ed["CARD_EFF_COND"][cid * 4 + k] = -1
    for k, v in extra.items():
        ed.setdefault(k, {}).update(v)
    return custom_catalog(**ed)


def quest_slots(g, key):
    l = loc(g, key)
    return [k for k in range(L.BOARD_QUEST_CAP)
            if get(g, "BQ_TILE")[k] >= 0 and get(g, "BQ_LOC")[k] == l]


def add_quest(g, key):
    """Top tile of the quest pile onto location key (a free board slot)."""
    n = get(g, "QPILE_N")
    t = get(g, "QPILE")[n - 1]
    put(g, "QPILE", -1, index=n - 1)
    put(g, "QPILE_N", n - 1)
    k = [k for k in range(L.BOARD_QUEST_CAP) if get(g, "BQ_TILE")[k] < 0][0]
    put(g, "BQ_TILE", t, index=k)
    put(g, "BQ_LOC", loc(g, key), index=k)
    put(g, "BQ_AGE", 99, index=k)
    return k


def at_quest(g, p=0, hand=None, mp=1, key="15", **fields):
    """Player p at location `key` (2p: card 75 put a quest on 15), Phase B."""
    if hand is not None:
        set_hand(g, p, hand)
    for k, v in fields.items():
        put(g, k, v, p)
    if not quest_slots(g, key):
        add_quest(g, key)
    at_main(g, p, key, mp=mp)
    refresh(g)
    return quest_slots(g, key)[0]


def filler(g, good="telescope", n=1):
    return cards_with_symbol(g, good, n, exclude=range(150, 157))


def quest_game(costs=(), rewards=(), cards=None, hand=None, tableau=(), **fields):
    g = game(catalog=catalog(costs, rewards, cards))
    if tableau:
        set_tableau(g, 0, list(tableau))
    if hand is None:
        hand = filler(g)
    k = at_quest(g, hand=hand, **fields)
    return g, k


def run_task(g, op, p, a=0, b=0, ship="1"):
    at_main(g, p, ship)
    push(g.state, K.OP_MAIN_DONE, p, 0, 0)
    push(g.state, E.OPS.index(op), p, a, b)
    resume(g)


def upgrade(g, p, area):
    a = E.SHIP_AREAS.index(area)
    put(g, "DISCS_OUT", get(g, "DISCS_OUT", p) + int(get(g, "DISCS", p)[a]), p)
    put(g, "DISCS", 0, p, index=a)
    put(g, "UPGRADES", get(g, "UPGRADES", p) | 1 << a, p)


def discs(g, p, area):
    return int(get(g, "DISCS", p)[E.SHIP_AREAS.index(area)])


def remove(g, area, p=0):
    """Remove one disc (an optional remove-disc effect) from `area`."""
    run_task(g, "remove_disc", p, 1, 1)
    g.step(f"disc:{area}")


def removable(g, p=0):
    run_task(g, "remove_disc", p, 1, 1)
    out = {n.split(":")[1] for n in legal(g) if n.startswith("disc:")}
    return out


# =================================================================== §15 quests
def test_quest_01_a_main_action_one_quest_at_the_ship():
    g, k = quest_game([("doubloons", None, 2)], [("vp", 3)], DOUBLOONS=5)
    k2 = add_quest(g, "15")
    refresh(g)
    assert {f"main:quest:{k}", f"main:quest:{k2}", "main:village"} <= legal(g)
    g.step(f"main:quest:{k}")
    assert get(g, "MAIN_DONE") == 1 and g.phase == "main"
    assert not any(n.startswith("main:") for n in legal(g))  # no second quest, no village
    # elsewhere: not offered
    h, _ = quest_game([("doubloons", None, 2)], [("vp", 3)], DOUBLOONS=5)
    at_main(h, 0, "14")
    refresh(h)
    assert not any(n.startswith("main:quest") for n in legal(h))


def test_quest_02_the_whole_cost_must_be_payable():
    costs = [("doubloons", None, 2), ("cp", None, 2)]
    g, k = quest_game(costs, [("vp", 3)], DOUBLOONS=5, CP=1)
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game(costs, [("vp", 3)], DOUBLOONS=1, CP=2)
    assert f"main:quest:{k}" not in legal(h)
    j, k = quest_game(costs, [("vp", 3)], DOUBLOONS=2, CP=2)
    j.step(f"main:quest:{k}")
    assert get(j, "DOUBLOONS", 0) == 0 and get(j, "CP", 0) == 0 and get(j, "VP", 0) == 3


def test_quest_03_costs_are_paid_as_printed():
    g0 = game()
    sugar = cards_with_symbol(g0, "sugar", 3)
    g, k = quest_game([("goods", "sugar", 2), ("figure", None, 1)], [("vp", 1)],
                      hand=sugar + filler(g0), FIG_SUPPLY=2, FIG_GENERAL=3)
    d0 = get(g, "DISCARD_N")
    g.step(f"main:quest:{k}")
    assert g.phase == "pay"  # 3 sugar held: choose which 2
    g.step("pay:hand2")
    g.step("pay:hand0")
    assert get(g, "DISCARD_N") == d0 + 2 and get(g, "HAND_N", 0) == 2
    assert get(g, "FIG_SUPPLY", 0) == 1 and get(g, "FIG_GENERAL", 0) == 4
    assert get(g, "VP", 0) == 1
    check(g)


def test_quest_04_tv_08_compass_part_per_compass():
    comp = {150: [("perm_compass", 0, 0)], 151: [("perm_compass", 0, 0)]}
    g, k = quest_game([("figure", None, 1)],
                      [("per_compass_doubloons", 2), ("explore", 3)],
                      cards=comp, tableau=[150, 151], DOUBLOONS=0, FIG_SUPPLY=2, FIG_GENERAL=3)
    g.step(f"main:quest:{k}")
    assert get(g, "DOUBLOONS", 0) == 6 and get(g, "FIG_SUPPLY", 0) == 1
    assert g.phase == "explore"
    assert own(g) == {"pass", "explore:s1", "explore:s2", "explore:s3"}


def test_quest_04_flat_part_once():
    comp = {150: [("perm_compass", 0, 0)]}
    g, k = quest_game([], [("per_compass_vp", 1), ("doubloons", 2)], cards=comp,
                      tableau=[150], DOUBLOONS=0)
    g.step(f"main:quest:{k}")
    assert get(g, "VP", 0) == 2 and get(g, "DOUBLOONS", 0) == 2


def test_quest_05_tile_goes_to_the_quest_track():
    g, k = quest_game([], [("vp", 1)])
    tile = get(g, "BQ_TILE")[k]
    g.step(f"main:quest:{k}")
    assert get(g, "QUESTS", 0) == 1 and get(g, "BQ_TILE")[k] == -1 and tile >= 0
    check(g)


def test_quest_06_tv_12_quest_track_vp():
    g = game(catalog=catalog([], []))
    gains = []
    for _ in range(6):
        k = at_quest(g, hand=filler(g))
        vp = get(g, "VP", 0)
        g.step(f"main:quest:{k}")
        gains.append(get(g, "VP", 0) - vp)
    assert gains == [0, 0, 0, 3, 2, 2] and sum(gains) == 7
    assert get(g, "QUESTS", 0) == 6
    check(g)


def test_quest_07_taken_board_quests_are_not_replaced():
    g, k = quest_game([], [("vp", 1)])
    n = get(g, "QPILE_N")
    g.step(f"main:quest:{k}")
    assert quest_slots(g, "15") == [] and get(g, "QPILE_N") == n
    at_main(g, 0, "15")
    refresh(g)
    assert not any(n.startswith("main:quest") for n in legal(g))


def test_quest_08_several_tiles_at_one_location():
    g, k = quest_game([], [("vp", 1)])
    k2 = add_quest(g, "15")
    refresh(g)
    g.step(f"main:quest:{k2}")
    assert quest_slots(g, "15") == [k]


def test_qcost_01_cp_not_figures():
    g, k = quest_game([("cp", None, 2)], [("vp", 1)], CP=1, FIG_SUPPLY=2)
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game([("cp", None, 1)], [("vp", 1)], CP=1)
    h.step(f"main:quest:{k}")
    assert get(h, "CP", 0) == 0 and get(h, "FIG_SUPPLY", 0) == 2


def test_qcost_02_two_objects_perm_01_lowers_it():
    g0 = game()
    maps = cards_with_symbol(g0, "map", 2)
    mi = GOODS.index("map")
    g, k = quest_game([("objects", "map", 2)], [("vp", 1)], hand=maps[:1] + filler(g0))
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game([("objects", "map", 2)], [("vp", 1)], hand=maps + filler(g0))
    h.step(f"main:quest:{k}")
    assert get(h, "HAND_N", 0) == 1 and get(h, "VP", 0) == 1
    j, k = quest_game([("objects", "map", 2)], [("vp", 1)],
                      cards={150: [("perm_object", mi, 0)]}, tableau=[150],
                      hand=maps[:1] + filler(g0))
    j.step(f"main:quest:{k}")
    assert get(j, "HAND_N", 0) == 1 and get(j, "VP", 0) == 1  # 1 map card paid
    check(j)


def test_qcost_03_two_doubloons():
    g, k = quest_game([("doubloons", None, 2)], [("vp", 1)], DOUBLOONS=1)
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game([("doubloons", None, 2)], [("vp", 1)], DOUBLOONS=2)
    h.step(f"main:quest:{k}")
    assert get(h, "DOUBLOONS", 0) == 0


@pytest.mark.parametrize("mp, ok", [(1, False), (3, False), (4, True), (7, True)])
def test_qcost_04_at_least_4_mp_this_turn(mp, ok):
    g, k = quest_game([("mp4", None, 1)], [("vp", 1)], mp=mp)
    assert (f"main:quest:{k}" in legal(g)) == ok


def test_qcost_05_one_figure_to_the_general_supply():
    g, k = quest_game([("figure", None, 1)], [("vp", 1)], FIG_SUPPLY=0, FIG_GENERAL=5)
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game([("figure", None, 1)], [("vp", 1)])
    h.step(f"main:quest:{k}")
    assert get(h, "FIG_SUPPLY", 0) == 1 and get(h, "FIG_GENERAL", 0) == 4


def test_qcost_06_two_goods_objects_do_not_count():
    g0 = game()
    sugar = cards_with_symbol(g0, "sugar", 2)
    maps = cards_with_symbol(g0, "map", 2)
    g, k = quest_game([("goods", "sugar", 2)], [("vp", 1)], hand=sugar[:1] + maps)
    assert f"main:quest:{k}" not in legal(g)
    h, k = quest_game([("goods", "sugar", 2)], [("vp", 1)], hand=sugar + maps)
    h.step(f"main:quest:{k}")
    hand = [int(c) for c in get(h, "HAND", 0)[: get(h, "HAND_N", 0)]]
    assert hand == maps and get(h, "VP", 0) == 1


def _reward(rewards, tableau=(), cards=None, **fields):
    g, k = quest_game([], rewards, cards=cards, tableau=tableau, **fields)
    g.step(f"main:quest:{k}")
    return g


def test_qrew_02_x_doubloons():
    assert get(_reward([("doubloons", 4)], DOUBLOONS=1), "DOUBLOONS", 0) == 5


def test_qrew_03_per_compass_vp_or_doubloons():
    comp = {150: [("perm_compass", 0, 0)], 151: [("perm_compass", 0, 0)]}
    g = _reward([("per_compass_vp", 2)], tableau=[150, 151], cards=comp)
    assert get(g, "VP", 0) == 6
    h = _reward([("per_compass_doubloons", 3)], DOUBLOONS=0)
    assert get(h, "DOUBLOONS", 0) == 3


def test_qrew_04_one_influence_any_nation():
    g = _reward([("influence", 0)])
    assert own(g) == {"nation:france", "nation:england", "nation:spain"}
    g.step("nation:england")
    assert list(get(g, "INF", 0)) == [0, 1, 0]


def test_qrew_05_one_figure_if_available():
    g = _reward([("figure", 0)])
    assert get(g, "FIG_SUPPLY", 0) == 3 and get(g, "FIG_GENERAL", 0) == 2
    h = _reward([("figure", 0)], FIG_SUPPLY=7, FIG_GENERAL=0, FIG_CAREER=1)
    assert get(h, "FIG_SUPPLY", 0) == 7 and get(h, "FIG_GENERAL", 0) == 0
    check(h)


@pytest.mark.parametrize("cp, x, after", [(1, 2, 3), (7, 3, 8)])
def test_qrew_06_x_cp_capped(cp, x, after):
    assert get(_reward([("cp", x)], CP=cp), "CP", 0) == after


def test_qrew_07_two_influence_with_spain():
    assert list(get(_reward([("spain2", 0)]), "INF", 0)) == [0, 0, 2]


def test_qrew_09_remove_two_discs():
    g = _reward([("discs2", 0)])
    assert g.phase == "disc"
    g.step("disc:vp3")
    assert g.phase == "disc"
    g.step("disc:vp3")
    assert discs(g, 0, "vp3") == 0 and get(g, "DISCS_OUT", 0) == 2
    assert get(g, "VP", 0) == 3  # completing SHIP-05 on the way
    check(g)


def test_qrew_10_x_vp():
    assert get(_reward([("vp", 5)]), "VP", 0) == 5


def test_qrew_11_a_whole_combat():
    g = _reward([("combat", 0)])
    assert g.phase == "combat_pile"
    g.step("cb:pile:0")
    assert g.phase == "combat_nation"


def test_qrew_12_explorer_up_to_2():
    g = _reward([("explore", 2)])
    assert own(g) == {"pass", "explore:s1", "explore:s2"}
    g.step("explore:s1")
    assert get(g, "EXPLORER", 0) == g.catalog.exp_keys.index("s1")


# =================================================================== §18 ship upgrades
def test_ship_00a_both_discs_complete_the_area_at_once():
    g = game()
    d = get(g, "DOUBLOONS", 0)
    remove(g, "doubloons5")
    assert discs(g, 0, "doubloons5") == 1 and get(g, "DOUBLOONS", 0) == d
    assert not get(g, "UPGRADES", 0) >> K.AREA_DOUBLOONS5 & 1
    remove(g, "doubloons5")
    assert get(g, "DOUBLOONS", 0) == d + 5 and get(g, "UPGRADES", 0) >> K.AREA_DOUBLOONS5 & 1
    check(g)


def test_ship_00b_removed_discs_leave_the_game_except_deliveries():
    g = game()
    remove(g, "hand_limit")  # e.g. CITYACT-04, explorer reward, QREW-09, IMM-04
    assert get(g, "DISCS_OUT", 0) == 1 and int(get(g, "LOC_MARKET").sum()) == 0
    # delivery: the disc goes to the city market
    h = game()
    put(h, "LOC_TILE", h.catalog.tile_keys.index("t05"), index=loc(h, "4"))
    set_hand(h, 0, cards_with_symbol(h, "corn", 1) + filler(h))
    at_main(h, 0, "4")
    refresh(h)
    h.step("main:city")
    h.step("deliver:hand0")
    h.step("disc:hand_limit")
    assert get(h, "DISCS_OUT", 0) == 0 and get(h, "LOC_MARKET")[loc(h, "4")] == 1
    check(h)


def test_ship_00c_only_areas_whose_prerequisite_is_met():
    g = game()
    assert removable(g) == {"village_thresholds", "hand_limit", "free_market", "doubloons5",
                            "vp3", "village_annex", "village_cp_doubloon"}


def test_ship_00d_number_of_upgrades_is_completed_areas():
    g = game()
    assert completed_areas(g.state, 0) == 0
    for area in ("vp3", "hand_limit"):
        remove(g, area)
        remove(g, area)
    remove(g, "doubloons5")  # half an area is no upgrade
    assert completed_areas(g.state, 0) == 2
    from maracaibo_env.maracaibo.core.scoring import prestige_points
    assert prestige_points(g.state, g._cat, 0, K.B_ACADEMY) == 4


def test_ship_00e_no_legal_disc_the_removal_lapses():
    g = game()
    for a in E.SHIP_AREAS:
        upgrade(g, 0, a)
    run_task(g, "remove_disc", 0, 1, 1)
    assert g.phase == "main" and get(g, "DISCS_OUT", 0) == 24
    check(g)


@pytest.mark.parametrize("mp, n", [(1, 1), (2, 2), (4, 2), (5, 3), (7, 3)])
def test_ship_01_cheaper_village_thresholds(mp, n):
    g = game()
    upgrade(g, 0, "village_thresholds")
    set_hand(g, 0, [])
    put(g, "DOUBLOONS", 0, 0)
    at_main(g, 0, "1", mp=mp)
    refresh(g)
    g.step("main:village")
    k = 0
    while g.phase == "village":
        g.step("vil:doubloon")
        k += 1
    assert k == n


def test_ship_02_hand_limit_6():
    g = game()
    assert hand_limit(g.state, 0) == 4
    upgrade(g, 0, "hand_limit")
    assert hand_limit(g.state, 0) == 6
    set_hand(g, 0, filler(g))
    put(g, "DOUBLOONS", 0, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("pass")
    while g.phase == "draw":
        g.step("draw:deck")
    assert get(g, "HAND_N", 0) == 6


def test_ship_03_three_vp_and_free_market():
    g = game()
    remove(g, "free_market")
    remove(g, "free_market")
    assert get(g, "VP", 0) == 3
    set_hand(g, 0, filler(g, n=2))
    put(g, "DOUBLOONS", 0, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("pass")
    assert "draw:market:0" in legal(g)
    g.step("draw:market:0")
    g.step("draw:market:1")
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "HAND_N", 0) == 4


def test_ship_03_without_upgrade_market_cards_cost_1():
    g = game()
    set_hand(g, 0, filler(g, n=2))
    put(g, "DOUBLOONS", 2, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("pass")
    g.step("draw:market:0")
    g.step("draw:market:1")
    assert get(g, "DOUBLOONS", 0) == 0


@pytest.mark.parametrize("area, field, amt", [
    ("doubloons5", "DOUBLOONS", 5), ("vp3", "VP", 3)])
def test_ship_04_ship_05_one_time_bonus(area, field, amt):
    g = game()
    before = get(g, field, 0)
    remove(g, area)
    remove(g, area)
    assert get(g, field, 0) == before + amt


def test_ship_05_three_vp():
    g = game()
    remove(g, "vp3")
    remove(g, "vp3")
    assert get(g, "VP", 0) == 3 and g.score_breakdown()[0]["ship_upgrades"] == 3


def test_ship_06_six_vp_after_ship_05():
    g = game()
    assert "vp6" not in removable(game())
    remove(g, "vp3")
    remove(g, "vp3")
    assert "vp6" in removable(g)
    g.step("disc:vp6")
    remove(g, "vp6")
    assert get(g, "VP", 0) == 3 + 6


def _village_combat(**fields):
    """Player 0 fights (both piles empty: value 3) for France, with SHIP-07."""
    g = game()
    upgrade(g, 0, "village_annex")
    put(g, "TOKENS_OUT", 25)
    put(g, "TPILE_N", [0, 0])
    put(g, "TPILE0", -1)
    put(g, "TPILE1", -1)
    set_hand(g, 0, filler(g))
    for k, v in fields.items():
        put(g, k, v, 0)
    at_main(g, 0, "11")                     # Maracaibo: Combat
    refresh(g)
    g.step("main:city")
    g.step("cb:nation:france")
    return g


def test_ship_07_tv_41_village_annex_payout():
    g = _village_combat(CP=0, DOUBLOONS=0, FIG_SUPPLY=0, FIG_GENERAL=3, FIG_BOARD=2,
                        ASSIST=[0] * 12 + [2] + [0] * 19)
    put(g, "ASSIST", 1, 1, index=loc(g, "12"))
    put(g, "FIG_BOARD", 1, 1)
    put(g, "FIG_GENERAL", 2, 1)
    check(g)
    refresh(g)
    assert loc(g, "12") == 12
    assert "cb:village:12" in legal(g) and "cb:village:4" not in legal(g)   # 4: a city
    g.step("cb:village:12")
    assert get(g, "LOC_MARKER")[loc(g, "12")] == FR
    assert get(g, "INF", 0)[FR] == 1 and get(g, "DOUBLOONS", 0) == 7
    check(g)


def test_ship_07_village_displace_costs_5_and_needs_the_upgrade():
    g = _village_combat(CP=2)
    assert "cb:village:7" not in legal(g)  # England's marker: 5 > 3
    g.step("cb:cp")
    g.step("cb:cp")
    assert "cb:village:7" in legal(g) and "cb:village:8" not in legal(g)  # own nation
    g.step("cb:village:7")
    assert get(g, "SUP_OUT")[EN] == 1 and get(g, "LOC_MARKER")[loc(g, "7")] == FR
    h = game()
    put(h, "TOKENS_OUT", 25)
    put(h, "TPILE_N", [0, 0])
    put(h, "TPILE0", -1)
    put(h, "TPILE1", -1)
    set_hand(h, 0, filler(h))
    at_main(h, 0, "11")
    refresh(h)
    h.step("main:city")
    h.step("cb:nation:france")
    assert not any(n.startswith("cb:village") for n in legal(h))


def test_ship_08_village_action_cp_and_doubloon():
    g = game()
    remove(g, "village_cp_doubloon")
    remove(g, "village_cp_doubloon")
    set_hand(g, 0, filler(g))
    put(g, "CP", 1, 0)
    d = get(g, "DOUBLOONS", 0)
    at_main(g, 0, "1", mp=4)
    refresh(g)
    g.step("main:village")
    g.step("vil:cp:doubloon")
    g.step("vil:cp:doubloon")  # repeatable
    assert get(g, "CP", 0) == 3 and get(g, "DOUBLOONS", 0) == d + 2


def test_ship_09_three_identical_goods_for_2_doubloons_2_vp():
    g0 = game()
    sugar = cards_with_symbol(g0, "sugar", 3)
    maps = cards_with_symbol(g0, "map", 3)
    g = game()
    upgrade(g, 0, "village_cp_doubloon")
    upgrade(g, 0, "village_goods")
    set_hand(g, 0, sugar + maps)
    put(g, "DOUBLOONS", 0, 0)
    at_main(g, 0, "1")
    refresh(g)
    g.step("main:village")
    assert "vil:goods:sugar" in legal(g) and "vil:goods:map" not in legal(g)  # goods only
    g.step("vil:goods:sugar")
    assert get(g, "DOUBLOONS", 0) == 2 and get(g, "VP", 0) == 2
    assert [int(c) for c in get(g, "HAND", 0)[: get(g, "HAND_N", 0)]] == maps
    assert "village_goods" not in removable(game())  # locked without SHIP-08


def test_ship_10_marker_in_the_empty_village_where_the_ship_is():
    g = game()
    for a in ("hand_limit", "vp3", "doubloons5", "free_market"):
        upgrade(g, 0, a)
    assert "village_marker" in removable(g)
    g.step("disc:village_marker")
    remove(g, "village_marker")
    set_hand(g, 0, filler(g))
    put(g, "DOUBLOONS", 0, 0)
    at_main(g, 0, "9")
    refresh(g)
    g.step("main:village")
    assert "vil:marker:england" in legal(g)
    g.step("vil:marker:england")
    assert get(g, "LOC_MARKER")[loc(g, "9")] == EN
    assert get(g, "INF", 0)[EN] == 1 and get(g, "DOUBLOONS", 0) == 1
    # a village with a marker: not offered
    at_main(g, 0, "7")
    refresh(g)
    g.step("main:village")
    assert not any(n.startswith("vil:marker") for n in legal(g))
    check(g)


def test_ship_10_unusable_from_a_city_action():
    g = game()
    for a in ("hand_limit", "vp3", "doubloons5", "free_market", "village_marker"):
        upgrade(g, 0, a)
    put(g, "LOC_TILE", g.catalog.tile_keys.index("t04"), index=loc(g, "4"))
    set_hand(g, 0, filler(g))
    at_main(g, 0, "4")
    refresh(g)
    g.step("main:city")
    assert g.phase == "village" and not any(n.startswith("vil:marker") for n in legal(g))


def _ship_choice(catalog=None, **fields):
    g = game(catalog=catalog)
    for a in ("hand_limit", "vp3", "doubloons5", "free_market"):
        upgrade(g, 0, a)
    for k, v in fields.items():
        put(g, k, v, 0)
    remove(g, "choice")
    remove(g, "choice")
    assert g.phase == "choice" and own(g) == {"choice:0", "choice:1", "choice:2"}
    return g


def test_ship_11_choose_explore_3_or_4_doubloons_4_vp_or_next_rank():
    g = _ship_choice()
    g.step("choice:0")
    assert own(g) == {"pass", "explore:s1", "explore:s2", "explore:s3"}
    g = _ship_choice(DOUBLOONS=0, VP=0)
    vp = get(g, "VP", 0)
    g.step("choice:1")
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "VP", 0) == vp + 4
    g = _ship_choice(catalog=rank_bands_catalog())  # bands at 2, 5, 11
    g.step("choice:2")
    g.step("nation:spain")
    assert get(g, "INF", 0)[SP] == 2


def test_ship_12_ten_vp_after_six_other_areas():
    g = game()
    for a in ("hand_limit", "vp3", "doubloons5", "free_market", "village_annex"):
        upgrade(g, 0, a)
    assert "vp10" not in removable(g)
    g.step("pass")
    upgrade(g, 0, "village_thresholds")
    assert "vp10" in removable(g)
    g.step("disc:vp10")
    vp = get(g, "VP", 0)
    remove(g, "vp10")
    assert get(g, "VP", 0) == vp + 10


def test_ship_13_tv_40_prerequisites():
    assert not removable(game()) & {"vp6", "village_goods", "village_marker", "choice", "vp10"}
    g = game()
    for a in ("hand_limit", "vp3", "doubloons5"):
        upgrade(g, 0, a)
    r = removable(g)
    assert not r & {"village_marker", "choice", "vp10", "village_goods"}
    g.step("pass")
    upgrade(g, 0, "free_market")  # a 4th area
    r = removable(g)
    assert {"village_marker", "choice", "vp6"} <= r and "vp10" not in r
    g.step("pass")
    upgrade(g, 0, "village_annex")
    upgrade(g, 0, "village_thresholds")  # 6 areas
    r = removable(g)
    assert "vp10" in r and "village_goods" not in r  # SHIP-09 still needs SHIP-08
    g.step("pass")
    upgrade(g, 0, "village_cp_doubloon")
    assert "village_goods" in removable(g)


def test_ship_13_vp10_counts_only_other_areas():
    g = game()
    for a in ("hand_limit", "vp3", "doubloons5", "free_market", "village_annex"):
        upgrade(g, 0, a)
    put(g, "DISCS", 1, 0, index=K.AREA_VP10)  # its own half-removed discs do not count
    put(g, "DISCS_OUT", get(g, "DISCS_OUT", 0) + 1, 0)
    assert "vp10" not in removable(g)


def test_ship_14_vp6_locked_until_ship_05():
    g = game()
    remove(g, "vp3")
    assert "vp6" not in removable(g)
    g.step("disc:vp3")
    assert "vp6" in removable(g)

"""Pirates of Maracaibo: rule tests of the glossary (checklist
shared/spec/pirates-rules-checklist.md §21: GQ quest conditions, GBM black
markets, GFH figureheads, GRS residences, GIC other icons).

One test (or one parametrised test) per checklist item, named after it.
Expected numbers come from the rulebook glossary (p.15-16) and the checklist's
test vectors. The data files are used to find a card / tile / space with the
printed effect, and for what is printed per card and not in the text (a
quest's thresholds and VP, DATA-05): the rule's arithmetic is in the test.
"""
from __future__ import annotations

import pytest

from pirates_helpers import K, L, land, names, open_decision, place_card, refresh
from pirates_rules_helpers import (
    SECTION0, acquire_card, bm_tile_showing, build_token, card_data, cards_with_income, coins,
    explore_choices, fill_slots, final_gain, fresh, get, give_card, give_cards, give_figurehead,
    give_n, give_quests, improvements, income_gain, offer, pass_all, put, raid_actions,
    raid_with, set_bm, set_buried, set_explorer, set_treasures, slot_in_column, start_raid,
    take_effects, track, track_reach, upgrade, vp, imp_with, printed)

T = {"gold": 0, "emerald": 1, "pearl": 2}


def island(g, t):
    return get(g, "ISLAND")[T[t]]


def tre(g, t, p=0):
    return get(g, "TRE", p)[T[t]]


def quest_vp(g, key):
    """What the quest `key` alone scores at the end for player 0 on this state."""
    give_quests(g, [key])
    return final_gain(g)["quests"]


def quest_of(g, kind, **match):
    for q in g.catalog.data.quests.quest:
        if q.kind == kind and all(getattr(q, k) == v for k, v in match.items()):
            return q
    raise KeyError(kind)


def expect(q, *values):
    """SCORE-08: the VP of the higher condition met (each part its own threshold,
    GQ-NOTE), else of the lower one, else 0."""
    if all(v >= n for v, n in zip(values, q.high.need)):
        return q.high.vp
    if all(v >= n for v, n in zip(values, q.low.need)):
        return q.low.vp
    return 0


# ---- builders: make the counted quantity x in the way the rule describes ------------------------------
def b_treasures_any(g, x):
    set_treasures(g, gold=x - x // 2, pearl=x // 2)          # "treasures": all types count


def b_gold(g, x):
    set_treasures(g, gold=x, emerald=5)                      # the other types do not count


def b_buried(g, x):
    # buried below the line, one of them on Poseidon (a normal buried treasure, GFH-G)
    if x == 0:
        return
    set_buried(g, gold=(x - 1) - (x - 1) // 2, pearl=(x - 1) // 2)
    tre_ = get(g, "TRE")
    tre_[1] += 1
    put(g, "TRE", tre_)
    put(g, "POSEIDON", [2, 0, 0, 0])                         # an Emerald on Poseidon
    put(g, "HAS_POSEIDON", 1)


def b_rivers(g, x):
    put(g, "RIVERS", x)


def b_upgrades(g, x):
    fill_slots(g, g.catalog.slot_keys[:x])


def b_type(t):
    def build(g, x):
        give_n(g, x, type=t)
    return build


def b_income_coins(g, x):
    give_cards(g, cards_with_income(g, coins_total=x))


def b_income_vp(g, x):
    give_cards(g, cards_with_income(g, vp_total=x))


def b_cards(g, x):
    # improvements and constructed Residences together (GQ-06)
    res = min(2, x)
    for i, key in enumerate(["hacienda", "lighthouse"][:res]):
        build_token(g, key, slot_in_column(g, 8 + i))
    give_n(g, x - res)


def b_lightning(g, x):
    give_n(g, x, lightning=True)
    give_n(g, 2, lightning=False, type="crew")               # cards without a lightning: not counted


def b_residences(g, x):
    for i, key in enumerate(["hacienda", "lighthouse", "casa_de_oro"][:x]):
        build_token(g, key, slot_in_column(g, 7 + i))


SINGLE = [
    # (checklist id, quest kind, match, builder)
    ("GQ-01", "treasures", {"treasure": "any"}, b_treasures_any),
    ("GQ-01", "treasures", {"treasure": "gold"}, b_gold),
    ("GQ-02", "buried", {}, b_buried),
    ("GQ-03", "type_count", {"type": "crew"}, b_type("crew")),
    ("GQ-03", "type_count", {"type": "equipment"}, b_type("equipment")),
    ("GQ-04", "income_coins", {}, b_income_coins),
    ("GQ-05", "income_vp", {}, b_income_vp),
    ("GQ-06", "cards", {}, b_cards),
    ("GQ-07", "rivers", {}, b_rivers),
    ("GQ-09", "ship", {}, b_type("ship")),
    ("GQ-11", "lightning", {}, b_lightning),
    ("GQ-12", "upgrades", {}, b_upgrades),
]


def _single(cid, kind, match, build):
    g0 = fresh()
    q = quest_of(g0, kind, **match)
    lo, hi = q.low.need[0], q.high.need[0]
    for x in sorted({0, lo - 1, lo, hi - 1, hi}):
        if x < 0:
            continue
        g = fresh()
        build(g, x)
        assert quest_vp(g, q.key) == expect(q, x), (cid, q.key, x)


def test_GQ_01_treasures():
    _single(*SINGLE[0])
    _single(*SINGLE[1])


def test_GQ_02_buried_treasures():
    _single(*SINGLE[2])


def test_GQ_03_improvements_of_the_type_shown():
    _single(*SINGLE[3])
    _single(*SINGLE[4])
    # cards of another type do not count
    g = fresh()
    q = quest_of(g, "type_count", type="crew")
    give_n(g, q.high.need[0], type="equipment")
    assert quest_vp(g, q.key) == 0


def test_GQ_04_doubloon_income():
    _single(*SINGLE[5])


def test_GQ_05_vp_income():
    _single(*SINGLE[6])


def test_GQ_06_improvements_counting_residences():
    _single(*SINGLE[7])
    g = fresh()
    q = quest_of(g, "cards")
    give_n(g, q.low.need[0] - 1)                     # one short with improvements only
    assert quest_vp(g, q.key) == 0
    build_token(g, "hacienda", slot_in_column(g, 9))  # a constructed Residence makes it
    assert quest_vp(g, q.key) == q.low.vp


def test_GQ_07_rivers_crossed():
    _single(*SINGLE[8])


PAIR = [
    ("GQ-08", "each_type", {}, None),
    ("GQ-10", "buried_and_income_vp", {}, (b_buried, b_income_vp)),
    ("GQ-13", "crew_and_rivers", {}, (b_type("crew"), b_rivers)),
    ("GQ-14", "equipment_and_rivers", {}, (b_type("equipment"), b_rivers)),
    ("GQ-15", "equipment_and_crew", {}, (b_type("equipment"), b_type("crew"))),
    ("GQ-16", "ship_and_residences", {}, (b_type("ship"), b_residences)),
    ("GQ-17", "buried_and_rivers", {}, (b_buried, b_rivers)),
]


def test_GQ_08_each_of_the_types_shown():
    g0 = fresh()
    for q in [q for q in g0.catalog.data.quests.quest if q.kind == "each_type"]:
        lo, hi = q.low.need[0], q.high.need[0]
        for counts, want in [
            ({t: lo for t in q.types}, q.low.vp),
            ({t: hi for t in q.types}, q.high.vp),
            ({**{t: hi for t in q.types}, q.types[0]: lo - 1}, 0),          # one type short
            ({**{t: hi for t in q.types}, q.types[-1]: lo}, q.low.vp),
        ]:
            g = fresh()
            for t, n in counts.items():
                give_n(g, n, type=t)
            assert quest_vp(g, q.key) == want, (q.key, counts)


def _pair(kind, builders):
    g0 = fresh()
    q = quest_of(g0, kind)
    (la, lb), (ha, hb) = q.low.need, q.high.need
    cases = [(la, lb), (ha, hb), (la - 1, hb), (ha, lb - 1), (ha, lb), (la, hb)]
    for a, b in cases:
        g = fresh()
        builders[0](g, a)
        builders[1](g, b)
        assert quest_vp(g, q.key) == expect(q, a, b), (q.key, a, b)


def test_GQ_09_ship_improvements():
    _single(*SINGLE[9])


def test_GQ_10_buried_and_vp_income():
    _pair(PAIR[1][1], PAIR[1][3])


def test_GQ_11_improvements_with_a_lightning():
    _single(*SINGLE[10])


def test_GQ_12_ship_upgrades():
    _single(*SINGLE[11])


def test_GQ_13_crew_and_rivers():
    _pair(PAIR[2][1], PAIR[2][3])


def test_GQ_14_equipment_and_rivers():
    _pair(PAIR[3][1], PAIR[3][3])


def test_GQ_15_equipment_and_crew():
    _pair(PAIR[4][1], PAIR[4][3])


def test_GQ_16_ship_improvements_and_residences():
    _pair(PAIR[5][1], PAIR[5][3])


def test_GQ_17_buried_and_rivers():
    _pair(PAIR[6][1], PAIR[6][3])


def test_GQ_NOTE_each_part_has_its_own_threshold():
    g = fresh()
    q = quest_of(g, "buried_and_rivers")
    (_, lb), (ha, hb) = q.low.need, q.high.need
    b_buried(g, ha + hb)                             # the sum of both parts is plenty,
    b_rivers(g, lb - 1)                              # but the rivers part is short
    assert quest_vp(g, q.key) == 0
    g = fresh()
    b_buried(g, ha)
    b_rivers(g, hb)
    assert quest_vp(g, q.key) == q.high.vp


# =============================================================================
# §21.2 GBM: black-market effects
# =============================================================================
def activate(g, effect_key, location="aruba"):
    """Player 0's tile showing `effect_key` lies on a Location; activate it."""
    k = bm_tile_showing(g, effect_key)
    s = slot_in_column(g, 8)
    place_card(g, s, location)
    set_bm(g, k, s)
    open_decision(g, K.OP_BM_ACTIVATE)
    g.step(f"bm_activate:{k}")


def bm_vp(g, effect_key):
    v = vp(g)
    activate(g, effect_key)
    pass_all(g)
    return vp(g) - v


def test_GBM_01_optional_bury():
    g = fresh()
    set_treasures(g, pearl=1)
    activate(g, "bm_bury")
    if g.phase == "list":
        assert "pass" in names(g)                    # optional
        g.step("effect:0")
    assert g.phase == "bury" and "pass" in names(g)
    g.step(next(n for n in names(g) if n.startswith("bury:pearl:")))
    pass_all(g)
    assert get(g, "BUR")[2] == 1


def test_GBM_02_vp_per_buried_max_6():
    g = fresh()
    set_buried(g, gold=2, emerald=1)
    assert bm_vp(g, "bm_buried") == 3
    g = fresh()
    set_buried(g, gold=3, emerald=2, pearl=2)        # 7 -> 6
    assert bm_vp(g, "bm_buried") == 6


def test_GBM_03_vp_per_quest_held_max_6():
    g = fresh()
    give_quests(g, g.catalog.quest_keys[:2])
    assert bm_vp(g, "bm_quests") == 2
    give_quests(g, g.catalog.quest_keys[:8])
    assert bm_vp(g, "bm_quests") == 6


def test_GBM_04_two_vp_per_river_max_6():
    g = fresh()
    put(g, "RIVERS", 2)
    assert bm_vp(g, "bm_rivers") == 4
    put(g, "RIVERS", 4)
    assert bm_vp(g, "bm_rivers") == 6                # rulebook: 4 rivers -> 6, not 8
    assert bm_vp(g, "bm_rivers") == 6                # the cap is per activation


def test_GBM_05_two_vp_and_a_cube_on_any_island():
    g = fresh()
    v = vp(g)
    activate(g, "bm_cube")
    take_effects(g)
    assert g.phase == "island"
    assert {n for n in names(g) if n.startswith("island:")} == {"island:gold", "island:emerald", "island:pearl"}
    g.step("island:emerald")
    pass_all(g)
    assert vp(g) - v == 2 and get(g, "ISLAND") == [4, 5, 4]


def _gbm_type(key, t):
    g = fresh()
    give_n(g, 2, type=t)
    give_n(g, 1, type="ship")                        # other types do not count
    assert bm_vp(g, key) == 2
    give_n(g, 5, type=t)                             # 7 -> 6
    assert bm_vp(g, key) == 6


def test_GBM_06_vp_per_equipment_max_6():
    _gbm_type("bm_equipment", "equipment")


def test_GBM_07_vp_per_crew_max_6():
    _gbm_type("bm_crew", "crew")


def _gbm_treasure(key, t):
    g = fresh()
    set_treasures(g, **{t: 3})
    others = [x for x in T if x != t]
    tre_ = get(g, "TRE")
    for o in others:
        tre_[T[o]] = 5                               # other types do not count
    put(g, "TRE", tre_)
    assert bm_vp(g, key) == 3
    g = fresh()
    set_treasures(g, **{t: 2})
    set_buried(g, **{t: 2})                          # buried ones are still held (BURY-03)
    assert bm_vp(g, key) == 2
    set_treasures(g, **{t: 8})
    assert bm_vp(g, key) == 6


def test_GBM_08_vp_per_emerald_max_6():
    _gbm_treasure("bm_emerald", "emerald")


def test_GBM_09_vp_per_pearl_max_6():
    _gbm_treasure("bm_pearl", "pearl")


def test_GBM_10_vp_per_gold_max_6():
    _gbm_treasure("bm_gold", "gold")


# =============================================================================
# §21.3 GFH: figureheads
# =============================================================================
def test_GFH_A_mermaid():
    g = fresh()
    give_figurehead(g, "Mermaid")
    pass_all(g)
    raid_with(g, [4, 1, 1], "gold")
    assert "mermaid" in raid_actions(g)
    v, c = vp(g), coins(g)
    g.step("raid:mermaid")
    assert (vp(g) - v, coins(g) - c, get(g, "RAID_POWER")) == (2, 2, 4 - 2)


def test_GFH_B_dragon():
    g = fresh()
    give_figurehead(g, "Dragon")
    pass_all(g)
    offer(g, "explore n=3")
    assert explore_choices(g) == track_reach(g, "start", 3 + 2)     # +2, optional


def _end_turn_on_empty_card(g, col=1):
    land(g, slot_in_column(g, col))                  # an empty card space: no actions
    pass_all(g)


def test_GFH_C_harpy():
    g = fresh()
    give_figurehead(g, "Harpy")
    pass_all(g)
    assert income_gain(g)[0] == 4                    # +4 doubloon income
    assert income_gain(g, 1)[0] == 0
    _end_turn_on_empty_card(g)                       # player 0
    assert g.current_player == 1 and get(g, "MV_LEFT") == 3
    _end_turn_on_empty_card(g)                       # player 1
    assert g.current_player == 0 and get(g, "MV_LEFT") == 4     # up to 4 spaces


def test_GFH_D_whale():
    g = fresh()
    give_figurehead(g, "Whale")
    pass_all(g)
    offer(g, "quest")
    assert "whale" in names(g)                       # may refresh the market first
    g.step("whale")
    g.step("quest_deck")
    assert get(g, "QN") == 2
    assert income_gain(g)[0] == 2                    # +1 doubloon per quest held
    assert get(g, "INC_COINS") == 0                  # not "doubloon income" (GFH-D default)
    q = quest_of(g, "income_coins")
    give_quests(g, [q.key] + [x.key for x in g.catalog.data.quests.quest[:9]])
    assert income_gain(g)[0] == 10
    give_quests(g, [q.key])
    assert quest_vp(g, q.key) == 0                   # GQ-04 does not count it


def test_GFH_E_lion():
    g = fresh()
    give_figurehead(g, "Lion")
    pass_all(g)
    start_raid(g)
    g.step("reroll")
    g.step("reroll")                                 # one extra reroll of all the dice
    assert "reroll" not in names(g)
    put(g, "DICE", [2, 2, 2])
    refresh(g)
    g.step("die:emerald")
    assert get(g, "RAID_POWER") == 2 + 2


def test_GFH_F_sea_snake():
    g = fresh()
    give_figurehead(g, "Sea Snake")
    pass_all(g)
    assert income_gain(g) == (2, 2)


def test_GFH_G_poseidon():
    g = fresh()
    give_figurehead(g, "Poseidon")
    pass_all(g)
    spaces = g.catalog.data.figureheads.poseidon_spaces
    by = {sp[0].do: i for i, sp in enumerate(spaces)}
    assert set(by) == {"coins", "vp", "upgrade", "treasure"}
    set_treasures(g, gold=2, emerald=1, pearl=1)
    c, v = coins(g), vp(g)
    offer(g, "bury")
    g.step(f"poseidon:gold:{by['coins']}")
    take_effects(g)
    assert coins(g) - c == 5
    offer(g, "bury")
    g.step(f"poseidon:emerald:{by['vp']}")
    take_effects(g)
    assert vp(g) - v == 4
    offer(g, "bury")
    g.step(f"poseidon:pearl:{by['upgrade']}")
    take_effects(g)
    assert g.phase == "upgrade"
    g.step("upgrade:s0_cube")
    pass_all(g)
    offer(g, "bury")
    g.step(f"poseidon:gold:{by['treasure']}")
    take_effects(g)
    g.step("treasure:pearl")                         # the treasure: the player's choice (default)
    pass_all(g)
    assert get(g, "TRE") == [2, 1, 2]                # the buried cubes keep their types
    offer(g, "bury", choose=False)
    assert not any(n.startswith("poseidon:") for n in names(g))    # 4 spaces, all used
    pass_all(g)
    put(g, "ISLAND", [4, 4, 4])
    fg = final_gain(g)
    assert fg["buried"] == 2 * 4                     # each counts as a buried treasure
    assert fg["treasures"] == 3 * 5                  # 5 treasures at 3 VP (4 cubes)


def test_GFH_H_kraken():
    g = fresh()
    give_figurehead(g, "Kraken")
    pass_all(g)
    raid_with(g, [1, 3, 1], "emerald")
    c = coins(g)
    g.step("raid:kraken")
    assert coins(g) - c == 6 and get(g, "RAID_POWER") == 0


def test_GFH_I_hawk():
    g = fresh()
    put(g, "ISLAND", [4, 4, 4])
    give_figurehead(g, "Hawk")
    if g.phase == "list":
        g.step("effect:0")
    assert g.phase == "tchoice"                      # 3 Gold, 3 Emeralds or 3 Pearls
    g.step("treasure:gold")
    pass_all(g)
    assert get(g, "TRE") == [3, 0, 0]
    assert get(g, "ISLAND") == [1, 4, 4]             # Gold island 4 -> 1


def test_GFH_J_nautilus():
    g = fresh()
    give_figurehead(g, "Nautilus")
    pass_all(g)
    offer(g, "explore n=3")
    g.step("forfeit:0")
    pass_all(g, "explore")
    assert tre(g, "gold") == 1
    assert explore_choices(g) == track_reach(g, "start", 2)
    assert "forfeit:0" not in names(g)               # once per explore


def test_GFH_K_skull():
    g = fresh()
    give_figurehead(g, "Skull")
    pass_all(g)
    set_treasures(g, pearl=1)
    raid_with(g, [1, 1, 2], "pearl")
    g.step("raid:skull")
    assert g.phase == "bury"
    g.step(next(n for n in names(g) if n.startswith("bury:pearl:")))
    pass_all(g)
    assert get(g, "BUR")[2] == 1 and get(g, "RAID_POWER") == 0


def test_GFH_L_unicorn():
    g = fresh()
    give_figurehead(g, "Unicorn")
    pass_all(g)
    assert acquire_card(g, "tobacco", money=20) == 8 - 2
    pass_all(g)
    give_card(g, "klabautermann")                    # stacks: 2 + 3
    assert acquire_card(g, "tobacco", money=20) == 8 - 5
    pass_all(g)
    assert acquire_card(g, "ships_cook", money=20) == 0      # never below 0
    pass_all(g)
    s = slot_in_column(g, 5)
    place_card(g, s, "hacienda")
    put(g, "COINS", 20)
    open_decision(g, K.OP_RES_HERE, s)
    g.step(f"residence:s{s}")
    assert coins(g) == 20 - (16 - 5)                 # Residences too


# =============================================================================
# §21.4 GRS: residence scoring
# =============================================================================
def res_vp(g, key):
    build_token(g, key, slot_in_column(g, 9))
    return final_gain(g)["residences"]


def test_GRS_01_two_per_doubloon_income_max_24():
    g = fresh()
    scrolls = [improvements(g, income_coins=n, income_vp=0)[0] for n in (2, 1, 3)]
    give_cards(g, scrolls)                           # income scrolls of 2 + 1 + 3
    assert get(g, "INC_COINS") == 6
    assert res_vp(g, "hacienda") == 12               # 6 doubloons -> 12 VP
    g = fresh()
    give_cards(g, cards_with_income(g, coins_total=7))
    assert res_vp(g, "hacienda") == 14               # RES-02: income 7 -> 14
    g = fresh()
    give_cards(g, cards_with_income(g, coins_total=13))
    assert res_vp(g, "hacienda") == 24               # income 13 -> 24 (cap)


def test_GRS_01_hacienda_example_no_first_token_bonus():
    g = fresh()
    s = slot_in_column(g, 5)
    place_card(g, s, "hacienda")
    g.state[L.G_SLOT_RES + s] = 1 << 1               # Black (player 1) built it first
    put(g, "COINS", 20)
    v = vp(g)
    open_decision(g, K.OP_RES_HERE, s)
    g.step(f"residence:s{s}")
    assert coins(g) == 20 - 16 and vp(g) == v        # Yellow pays 16, no +2


def test_GRS_02_three_per_vp_income_max_24():
    g = fresh()
    give_cards(g, cards_with_income(g, vp_total=2))
    assert res_vp(g, "plantation_house") == 6
    g = fresh()
    give_cards(g, cards_with_income(g, coins_total=None, vp_total=9))
    assert get(g, "INC_VP") == 9
    assert res_vp(g, "plantation_house") == 24       # 27 -> 24


def _per_card(key, t, per, cap):
    g = fresh()
    give_n(g, 2, type=t)
    assert res_vp(g, key) == 2 * per
    g = fresh()
    n = cap // per + 1
    give_n(g, n, type=t)
    assert res_vp(g, key) == cap


def test_GRS_03_five_per_ship_max_25():
    _per_card("shipwrights_villa", "ship", 5, 25)
    g = fresh()
    give_n(g, 5, type="ship")
    assert res_vp(g, "shipwrights_villa") == 25      # 25, not capped at 24


def test_GRS_04_four_per_equipment_max_24():
    _per_card("merchants_mansion", "equipment", 4, 24)


def test_GRS_05_four_per_crew_max_24():
    _per_card("captains_lodge", "crew", 4, 24)


def test_GRS_06_three_per_buried_max_24():
    g = fresh()
    set_buried(g, gold=2, pearl=1)
    assert res_vp(g, "smugglers_cove") == 9
    g = fresh()
    set_buried(g, gold=4, emerald=4, pearl=1)        # 27 -> 24
    assert res_vp(g, "smugglers_cove") == 24


def test_GRS_07_four_per_scoring_quest_max_24():
    g = fresh()
    qs = [quest_of(g, "rivers"), quest_of(g, "upgrades"), quest_of(g, "buried")]
    put(g, "RIVERS", max(q.low.need[0] for q in qs if q.kind == "rivers"))
    give_quests(g, [q.key for q in qs])              # only the rivers quest scores
    build_token(g, "governors_palace", slot_in_column(g, 9))
    assert final_gain(g)["residences"] == 4
    g = fresh()
    rq = [q for q in g.catalog.data.quests.quest if q.kind == "rivers"]
    put(g, "RIVERS", 6)
    give_quests(g, [q.key for q in rq] * 4)          # 8 scoring quests -> 32 -> 24
    build_token(g, "governors_palace", slot_in_column(g, 9))
    assert final_gain(g)["residences"] == 24


def _grs_treasure(key, t):
    g = fresh()
    set_treasures(g, **{t: 3})
    set_buried(g, **{t: 1})                          # a buried one still counts
    assert res_vp(g, key) == 12
    g = fresh()
    set_treasures(g, **{t: 7})                       # 28 -> 24
    assert res_vp(g, key) == 24


def test_GRS_08_four_per_emerald_max_24():
    _grs_treasure("emerald_estate", "emerald")


def test_GRS_09_four_per_gold_max_24():
    _grs_treasure("casa_de_oro", "gold")


def test_GRS_10_four_per_pearl_max_24():
    _grs_treasure("pearl_pavilion", "pearl")


def test_GRS_11_eight_per_set_max_24():
    g = fresh()
    set_treasures(g, gold=3, emerald=2, pearl=5)
    assert res_vp(g, "royal_treasury") == 16         # 2 sets
    g = fresh()
    set_treasures(g, gold=4, emerald=4, pearl=4)
    assert res_vp(g, "royal_treasury") == 24         # 32 -> 24


def test_GRS_12_six_per_river_max_24():
    g = fresh()
    put(g, "RIVERS", 3)
    assert res_vp(g, "lighthouse") == 18
    put(g, "RIVERS", 5)
    assert res_vp(g, "lighthouse") == 24


def test_GRS_NOTE_figurehead_income_counts():
    g = fresh()
    give_figurehead(g, "Harpy")                      # +4 doubloon income
    pass_all(g)
    assert res_vp(g, "hacienda") == 8
    g = fresh()
    give_figurehead(g, "Sea Snake")                  # +2 VP income
    pass_all(g)
    assert res_vp(g, "plantation_house") == 6


# =============================================================================
# §21.5 GIC: other icons
# =============================================================================
def _unlock_slot(g, key):
    others = [k for sec in (0, 1, 2) for k in section_slots_(g, sec) if k != key]
    fill_slots(g, others[:10])
    upgrade(g, key)
    pass_all(g)


def section_slots_(g, section):
    return [k for i, k in enumerate(g.catalog.slot_keys) if g.catalog.field("SLOT_SECTION")[i] == section]


def test_GIC_01_three_power_one_treasure_of_the_die():
    g = fresh()
    _unlock_slot(g, "s1_treasure3")
    raid_with(g, [1, 3, 1], "emerald")
    g.step("raid:treasure3")
    pass_all(g)
    assert get(g, "TRE") == [0, 1, 0] and island(g, "emerald") == 3


def test_GIC_02_two_power_three_vp():
    g = fresh()
    _unlock_slot(g, "s1_vp3")
    raid_with(g, [2, 1, 1], "gold")
    v = vp(g)
    g.step("raid:vp3")
    assert vp(g) - v == 3 and get(g, "RAID_POWER") == 0


def test_GIC_03_four_power_three_vp_and_a_cube():
    g = fresh()
    _unlock_slot(g, "s3_vp3_cube")
    raid_with(g, [4, 1, 1], "gold")
    v = vp(g)
    g.step("raid:vp3_cube")
    assert g.phase == "island"                       # any island
    g.step("island:pearl")
    assert vp(g) - v == 3 and get(g, "ISLAND") == [4, 4, 5]


def test_GIC_04_plus_n_power_every_raid():
    g = fresh()
    a = imp_with(g, "raid_power", tier=1)
    b = imp_with(g, "raid_power", tier=2)
    give_card(g, a)
    give_card(g, b)
    n = printed(g, a, "raid_power") + printed(g, b, "raid_power")
    assert raid_with(g, [3, 3, 3], "pearl") == 3 + n


def test_GIC_05_colour_bonus_yellow_plus_two():
    g = fresh()
    give_card(g, imp_with(g, "colour_power", n=2, treasure="gold"))      # yellow die +2
    assert raid_with(g, [5, 6, 6], "gold") == 7      # rulebook: roll 5 -> 7 for Gold
    g.step("pass")
    offer(g, "raid_as_if n=4")                       # no dice: not applied
    g.step("treasure:gold")
    assert get(g, "RAID_POWER") == 4


@pytest.mark.parametrize("die", ["pearl", "emerald"])
def test_GIC_06_other_colour_bonus_same_limits(die):
    g = fresh()
    key = imp_with(g, "colour_power", treasure=die)
    give_card(g, key)
    assert raid_with(g, [5, 5, 5], die) == 5 + printed(g, key, "colour_power")
    g.step("pass")
    assert raid_with(g, [5, 5, 5], "gold") == 5
    g.step("pass")
    offer(g, "raid_as_if n=4")
    g.step(f"treasure:{die}")
    assert get(g, "RAID_POWER") == 4


def test_GIC_07_plus_n_explorer_movement_optional():
    g = fresh()
    key = imp_with(g, "explore_bonus", tier=2)
    give_card(g, key)
    offer(g, "explore n=2")
    assert explore_choices(g) == track_reach(g, "start", 2 + printed(g, key, "explore_bonus"))


def _forfeit_reward(g, reward):
    give_card(g, imp_with(g, "forfeit", n=1, reward=reward))
    offer(g, "explore n=3")
    c, v, t = coins(g), vp(g), get(g, "TRE")
    g.step("forfeit:0")
    pass_all(g, "explore")
    assert "forfeit:0" not in names(g)               # once per explore
    assert explore_choices(g) == track_reach(g, "start", 2)   # 1 movement forfeited
    return coins(g) - c, vp(g) - v, [a - b for a, b in zip(get(g, "TRE"), t)]


def test_GIC_08_forfeit_movement_for_a_reward():
    g = fresh()
    assert _forfeit_reward(g, "coins2") == (2, 0, [0, 0, 0])


@pytest.mark.parametrize("reward,want", [("vp2", (0, 2, [0, 0, 0])), ("emerald", (0, 0, [0, 1, 0]))])
def test_GIC_09_other_forfeit_abilities(reward, want):
    g = fresh()
    assert _forfeit_reward(g, reward) == want


def test_GIC_09_each_reward_its_own_forfeit():
    g = fresh()
    give_card(g, imp_with(g, "forfeit", n=1, reward="vp2"))
    give_card(g, imp_with(g, "forfeit", n=1, reward="coins2"))
    offer(g, "explore n=4")
    g.step("forfeit:0")
    g.step("forfeit:1")
    assert explore_choices(g) == track_reach(g, "start", 4 - 2)


def test_GIC_10_discounts_stack_never_below_zero():
    g = fresh()
    give_card(g, "klabautermann")                    # 3 (rulebook)
    other = imp_with(g, "discount", tier=2)
    give_card(g, other)
    d = 3 + printed(g, other, "discount")            # cumulative
    assert acquire_card(g, "tobacco", money=20) == max(0, 8 - d)
    pass_all(g)
    cheap = min(improvements(g), key=lambda k: card_data(g, k).cost)
    assert card_data(g, cheap).cost < d
    assert acquire_card(g, cheap, money=20) == 0     # never below 0
    pass_all(g)
    s = slot_in_column(g, 4)
    place_card(g, s, "hacienda")
    put(g, "COINS", 20)
    open_decision(g, K.OP_RES_HERE, s)
    g.step(f"residence:s{s}")
    assert coins(g) == 20 - (16 - d)                 # Residences too


def _as_if(tier):
    g = fresh()
    gen = imp_with(g, "raid_power")
    give_card(g, gen)                                # a permanent bonus applies
    key = imp_with(g, "raid_as_if", part="lightning", tier=tier)
    n = printed(g, key, "raid_as_if", part="lightning")
    acquire_card(g, key)
    g.step("effect:0")
    assert g.phase == "tchoice"                      # treasure of choice, no dice
    g.step("treasure:pearl")
    assert get(g, "RAID_POWER") == n + printed(g, gen, "raid_power")
    g.step("raid:treasure5")
    pass_all(g)
    assert tre(g, "pearl") == 1
    return n


def test_GIC_11_raid_as_if_rolled():
    _as_if(tier=1)


def test_GIC_12_raid_as_if_rolled_other_value():
    assert _as_if(tier=2) != _as_if(tier=1)          # a variant with another N


def _colour_raid(die):
    g = fresh()
    gen = imp_with(g, "raid_power")
    give_card(g, gen)
    key = imp_with(g, "raid_colour", treasure=die, part="lightning")
    plus = printed(g, key, "raid_colour", part="lightning")
    acquire_card(g, key)
    g.step(next(n for n in names(g) if n.startswith("effect:")))
    assert g.phase == "raid_dice"
    assert {n for n in names(g) if n.startswith("die:")} == {f"die:{die}"}    # only that die
    dice = [0, 0, 0]
    dice[T[die]] = 3
    put(g, "DICE", dice)
    refresh(g)
    g.step(f"die:{die}")
    assert get(g, "RAID_POWER") == 3 + plus + printed(g, gen, "raid_power")


def test_GIC_13_single_colour_raid():
    _colour_raid("pearl")


def test_GIC_14_single_colour_raid_variant():
    _colour_raid("gold")


def test_GIC_15_single_colour_raid_variant():
    _colour_raid("emerald")


def test_GIC_16_immediate_explore_with_bonuses():
    g = fresh()
    bonus = imp_with(g, "explore_bonus")
    give_card(g, bonus)
    key = imp_with(g, "explore", part="lightning", tier=2)
    acquire_card(g, key)
    take_effects(g)
    n = printed(g, key, "explore", part="lightning")
    assert explore_choices(g) == track_reach(g, "start", n + printed(g, bonus, "explore_bonus"))


def test_GIC_17_benefits_of_the_explorer_space_again():
    g = fresh()
    t = track(g)
    sp = next(k for k, x in t.items() if [(e.do, e.n) for e in x.effects] == [("coins", 3)])
    set_explorer(g, sp)
    c = coins(g)
    acquire_card(g, imp_with(g, "explorer_space", part="lightning"), money=50)
    paid = 50 - coins(g)
    take_effects(g)
    pass_all(g)
    assert coins(g) == 50 - paid + 3
    assert g.catalog.track_keys[get(g, "EXPL")] == sp    # no movement
    del c


def test_GIC_18_upgrade():
    g = fresh()
    acquire_card(g, imp_with(g, "upgrade", part="lightning"))
    take_effects(g)
    assert g.phase == "upgrade"
    g.step("upgrade:s0_cube")
    assert get(g, "NUPG") == 1


def test_GIC_19_bury_one():
    g = fresh()
    set_treasures(g, gold=2)
    offer(g, "bury")
    g.step("bury:gold:0")
    pass_all(g)
    assert get(g, "BUR") == [1, 0, 0]


def test_GIC_20_activate_one_placed_tile():
    g = fresh()
    k1 = bm_tile_showing(g, "bm_cube")
    k2 = bm_tile_showing(g, "bm_rivers")
    s1, s2 = slot_in_column(g, 7), slot_in_column(g, 8)
    place_card(g, s1, "aruba")
    place_card(g, s2, "tobago")
    set_bm(g, k1, s1)
    set_bm(g, k2, s2)
    put(g, "RIVERS", 2)
    acquire_card(g, imp_with(g, "activate_bm", part="lightning"))
    take_effects(g)
    assert g.phase == "bm_activate"
    assert {n for n in names(g) if n.startswith("bm_activate:")} == {f"bm_activate:{k1}", f"bm_activate:{k2}"}
    v = vp(g)
    g.step(f"bm_activate:{k2}")
    pass_all(g)
    assert vp(g) - v == 4                            # one tile (2 rivers x 2), not both


def test_GIC_21_pay_three_for_a_figurehead():
    g = fresh()
    paid = acquire_card(g, imp_with(g, "figurehead", part="lightning"), money=20)
    take_effects(g)
    assert g.phase == "figurehead"
    g.step("figurehead:0")
    pass_all(g)
    assert 20 - coins(g) == paid + 3


def test_GIC_22_discard_a_quest_for_eight():
    g = fresh()
    q = get(g, "QHAND")[0]
    acquire_card(g, imp_with(g, "discard_quest", part="lightning"), money=20)
    c = coins(g)
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                g.catalog.effects[_list_row(g, n)] == "discard_quest"))
    g.step("discard_quest:0")
    pass_all(g)
    assert coins(g) - c == 8
    assert get(g, "QDECK")[0] == q                   # under the Quest deck


def _list_row(g, action):
    o = L.G_STK + (get(g, "STK_N") - 1) * L.STACK_W
    return int(g.state[o + 1]) + int(action[7:])


def test_GIC_23_one_cube_on_any_island():
    g = fresh()
    acquire_card(g, imp_with(g, "island_cube", n=1, part="lightning"))
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                g.catalog.effects[_list_row(g, n)].startswith("island_cube")))
    assert g.phase == "island"
    g.step("island:gold")
    pass_all(g)
    assert get(g, "ISLAND") == [5, 4, 4]


def test_GIC_24_two_cubes_on_the_same_island():
    g = fresh()
    acquire_card(g, imp_with(g, "island_cube", n=2, part="lightning"))
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                g.catalog.effects[_list_row(g, n)].startswith("island_cube")))
    g.step("island:emerald")
    pass_all(g)
    assert get(g, "ISLAND") == [4, 6, 4]


def test_GIC_24b_two_cubes_second_symbol():
    g = fresh()
    t = track(g)
    sp = next(k for k, x in t.items() if any(e.do == "island_cube" and e.n == 2 for e in x.effects))
    pred = {n: k for k, x in t.items() for n in x.next}
    set_explorer(g, pred[sp])
    offer(g, "explore n=1")
    g.step(f"explore:{sp}")
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                g.catalog.effects[_list_row(g, n)].startswith("island_cube")))
    g.step("island:pearl")
    pass_all(g)
    assert get(g, "ISLAND") == [4, 4, 6]


def test_GIC_25_build_any_residence_not_yet_had():
    g = fresh()
    a, b = slot_in_column(g, 5), slot_in_column(g, 9)
    place_card(g, a, "hacienda")
    place_card(g, b, "lighthouse")
    g.state[L.G_SLOT_RES + a] = 1                    # already has a token on the Hacienda
    acquire_card(g, imp_with(g, "build_residence", part="lightning"), money=40)
    c, v = coins(g), vp(g)
    take_effects(g)
    assert g.phase == "residence"
    assert {n for n in names(g) if n.startswith("residence:")} == {f"residence:s{b}"}
    g.step(f"residence:s{b}")
    pass_all(g)
    assert c - coins(g) == card_data(g, "lighthouse").cost    # the usual cost
    assert vp(g) - v == 2                            # first token there


def test_GIC_26_any_ship_improvement_normal_cost():
    g = fresh()
    ship = slot_in_column(g, 9)
    place_card(g, ship, "cargo_hold")
    acquire_card(g, imp_with(g, "acquire", part="lightning"), slot=slot_in_column(g, 1), money=40)
    c = coins(g)
    t2 = get(g, "T2")[:get(g, "T2_N")]
    take_effects(g)
    g.step(f"acquire:s{ship}")
    pass_all(g)
    assert c - coins(g) == card_data(g, "cargo_hold").cost
    assert get(g, "SLOT_CARD")[ship] == t2[-1]


def _land_t2_location(g, key):
    s = slot_in_column(g, 2)
    place_card(g, s, key)
    land(g, s)
    if g.phase == "upgrade":
        g.step("pass")


def test_GIC_27_vp_equal_to_vp_income():
    g = fresh()
    give_cards(g, cards_with_income(g, vp_total=1))
    give_figurehead(g, "Sea Snake")                  # +2 VP income
    pass_all(g)
    v = vp(g)
    offer(g, "income_vp")
    assert vp(g) - v == 1 + 2


def test_GIC_28_doubloons_equal_to_doubloon_income():
    g = fresh()
    give_cards(g, cards_with_income(g, coins_total=3))
    give_figurehead(g, "Sea Snake")                  # +2 doubloon income
    pass_all(g)
    c = coins(g)
    offer(g, "income_coins")
    assert coins(g) - c == 3 + 2
    g = fresh()
    give_figurehead(g, "Whale")                      # not an income icon (GFH-D default)
    pass_all(g)
    c = coins(g)
    offer(g, "income_coins")
    assert coins(g) == c


def _acquire_type(location, t, other):
    g = fresh()
    want = improvements(g, type=t, lightning=False)[0]
    s, o = slot_in_column(g, 8), slot_in_column(g, 9)
    place_card(g, s, want)
    place_card(g, o, improvements(g, type=other, lightning=False)[0])
    put(g, "COINS", 30)
    t2 = get(g, "T2")[:get(g, "T2_N")]
    sl = slot_in_column(g, 2)
    place_card(g, sl, location)
    land(g, sl)
    pass_all(g, "side")
    g.step("side:0")
    g.step("effect:0")
    assert {n for n in names(g) if n.startswith("acquire:")} == {f"acquire:s{s}"}
    g.step(f"acquire:s{s}")
    assert 30 - coins(g) == card_data(g, want).cost + 3
    assert get(g, "SLOT_CARD")[s] == t2[-1]


def test_GIC_29_acquire_crew_plus_three():
    _acquire_type("curacao", "crew", "equipment")


def test_GIC_30_acquire_equipment_plus_three():
    _acquire_type("martinique", "equipment", "crew")


def test_GIC_31_vp_per_buried_no_cap():
    g = fresh()
    set_buried(g, gold=4, emerald=4)                 # 8 buried, none left to bury
    v = vp(g)
    _land_t2_location(g, "nassau")
    pass_all(g)
    assert vp(g) - v == 8                            # no cap (unlike GBM-02)


def test_GIC_32_vp_per_crew_no_cap():
    g = fresh()
    give_n(g, 7, type="crew")
    give_n(g, 2, type="ship")
    v = vp(g)
    offer(g, "vp_per n=1 count=crew")
    assert vp(g) - v == 7


def test_GIC_33_vp_per_equipment_no_cap():
    g = fresh()
    give_n(g, 7, type="equipment")
    give_n(g, 2, type="crew")
    v = vp(g)
    offer(g, "vp_per n=1 count=equipment")
    assert vp(g) - v == 7


def test_GIC_34_two_vp_per_river_no_cap():
    g = fresh()
    put(g, "RIVERS", 4)
    v = vp(g)
    offer(g, "vp_per n=2 count=rivers")
    assert vp(g) - v == 8                            # not capped at 6 (GBM-04 is)


def test_GIC_35_seven_per_three_treasures_of_the_type():
    g = fresh()
    give_card(g, imp_with(g, "end_per3_treasure", n=7, treasure="gold", part="endgame"))
    set_treasures(g, gold=7, emerald=5)
    assert final_gain(g)["card_endgame"] == 14       # 7 Gold -> 2 x 7


def test_GIC_35b_seven_per_three_second_symbol():
    g = fresh()
    give_card(g, imp_with(g, "end_per3_treasure", n=7, treasure="emerald", part="endgame"))
    set_treasures(g, gold=9, emerald=6)
    set_buried(g, emerald=1)
    assert final_gain(g)["card_endgame"] == 14       # 6 Emeralds (one buried) -> 14
    g = fresh()
    give_card(g, imp_with(g, "end_per3_treasure", n=7, treasure="pearl", part="endgame"))
    set_treasures(g, pearl=5)
    assert final_gain(g)["card_endgame"] == 7


def test_GIC_36_vp_per_three_scoring_quests():
    g = fresh()
    key = imp_with(g, "end_per3_quests", part="endgame")
    give_card(g, key)
    v = printed(g, key, "end_per3_quests", part="endgame")
    rq = [q for q in g.catalog.data.quests.quest if q.kind == "rivers"]
    put(g, "RIVERS", 6)
    nonscoring = quest_of(g, "upgrades").key
    give_quests(g, [rq[0].key, rq[1].key, nonscoring])       # 2 score -> 0
    assert final_gain(g)["card_endgame"] == 0
    give_quests(g, [rq[0].key, rq[1].key, rq[0].key, nonscoring])   # 3 score -> V
    assert final_gain(g)["card_endgame"] == v
    give_quests(g, [q.key for q in rq] * 3)          # 6 score -> 2V
    assert final_gain(g)["card_endgame"] == 2 * v


def test_GIC_37_two_per_buried_at_the_end():
    g = fresh()
    give_card(g, imp_with(g, "end_per_buried", n=2, part="endgame"))
    set_buried(g, gold=2, pearl=1)
    fg = final_gain(g)
    assert fg["card_endgame"] == 2 * 3
    assert fg["buried"] == 2 * 3                     # besides the usual +2 each


def _gain_shown(t):
    key = imp_with(fresh(), "treasure", treasure=t, part="lightning")
    g = fresh()
    put(g, "ISLAND", [5, 5, 5])
    acquire_card(g, key)
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                g.catalog.effects[_list_row(g, n)].startswith("treasure")))
    pass_all(g)
    assert tre(g, t) == 1 and island(g, t) == 4


def test_GIC_38_gain_the_shown_treasure_from_its_island():
    _gain_shown("emerald")


def test_GIC_38b_gain_the_shown_treasure_second_symbol():
    _gain_shown("pearl")


def test_GIC_VP_gain_the_points_shown():
    g = fresh()
    t = track(g)
    sp = next(k for k, x in t.items() if [e.do for e in x.effects] == ["vp"])
    n = t[sp].effects[0].n
    pred = {n_: k for k, x in t.items() for n_ in x.next}
    set_explorer(g, pred[sp])
    v = vp(g)
    offer(g, "explore n=1")
    g.step(f"explore:{sp}")
    pass_all(g)
    assert vp(g) - v == n


def test_GIC_DB_white_gain_red_pay_in_full():
    g = fresh()
    c = coins(g)
    _land_t2_location(g, "bonaire")                  # a white number: gain
    g.step("side:1")
    pass_all(g)
    n = card_data(g, "bonaire").sides[1][0].n
    assert coins(g) - c == n
    g = fresh()
    fill_slots(g, list(SECTION0))
    price = card_data_slot(g, "s2_treasure").cost    # a red number: pay in full
    put(g, "COINS", price - 1)
    open_decision(g, K.OP_UPGRADE)
    assert "upgrade:s2_treasure" not in names(g)
    g.step("pass")
    put(g, "COINS", price)
    upgrade(g, "s2_treasure")
    assert coins(g) == 0


def card_data_slot(g, key):
    return next(s for s in g.catalog.data.ship.slot if s.key == key)

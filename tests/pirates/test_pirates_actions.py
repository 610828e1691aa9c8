"""Pirates of Maracaibo: rule tests of the actions (checklist
shared/spec/pirates-rules-checklist.md §6 RAID, §6.1 TRE, §7 EXP, §8 BURY,
§9 QST, §10 ACQ, §11 UPG, §12 FIG, §13 BM).

One test (or one parametrised test) per checklist item, named after it.
Expected numbers come from the rulebook (shared/rules/003_63ee4bc9f765ab79.txt)
and the checklist's test vectors; the data files are used only to find a
card, slot or track space with a given printed effect.
"""
from __future__ import annotations

import pytest

from pirates_helpers import K, L, land, names, open_decision, place_card, refresh
from pirates_rules_helpers import (
    SECTION0, acquire_card, bm_tile_showing, card_data, coins, explore_choices, fill_slots,
    final_gain, fresh, get, give_card, give_figurehead, give_quests, income_gain, offer, pass_all,
    put, raid_actions, raid_with, rivers_between, section_slots, set_bm, set_buried,
    set_explorer, set_treasures, slot_in_column, start_raid, take_effects, track, track_reach,
    imp_with, printed, slot_with, upgrade, vp)

T = {"gold": 0, "emerald": 1, "pearl": 2}


def island(g, t):
    return get(g, "ISLAND")[T[t]]


def tre(g, t, p=0):
    return get(g, "TRE", p)[T[t]]


# =============================================================================
# §6 RAID
# =============================================================================
def test_RAID_01_raid_sources_location_gulf_effect():
    # (a) a Location's Raiding action
    g = fresh()
    s = slot_in_column(g, 2)
    place_card(g, s, "tobago")                       # Tobago: raid + bury
    land(g, s)
    pass_all(g, "list")                              # the Upgrade step (LOC-01 step 3) declined
    g.step("effect:0")
    assert g.phase == "raid_dice"
    # (b) the Gulf option: +2 raiding power
    g = fresh()
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [3, 1, 1])
    refresh(g)
    g.step("die:gold")
    assert get(g, "RAID_POWER") == 3 + 2
    # (c) an effect (GIC-11: raid as if rolled N)
    g = fresh()
    offer(g, "raid_as_if n=4")
    assert g.phase == "tchoice"
    g.step("treasure:pearl")
    assert g.phase == "raid_spend" and get(g, "RAID_POWER") == 4


def test_RAID_02_roll_all_three_and_one_reroll_of_all():
    g = fresh()
    start_raid(g)
    dice = get(g, "DICE")
    assert all(1 <= d <= 6 for d in dice)            # all three dice rolled
    n = names(g)
    assert n.count("reroll") == 1                    # one reroll, of all dice (no per-die reroll)
    assert {"die:gold", "die:emerald", "die:pearl"} <= set(n)
    # the reroll re-rolls all three dice: impossible pips are all replaced
    put(g, "DICE", [7, 7, 7])
    refresh(g)
    g.step("reroll")
    assert all(1 <= d <= 6 for d in get(g, "DICE"))
    assert "reroll" not in names(g)                  # only once


@pytest.mark.parametrize("die,treasure", [("gold", "gold"), ("emerald", "emerald"), ("pearl", "pearl")])
def test_RAID_03_chosen_die_gives_power_and_treasure_type(die, treasure):
    g = fresh()
    dice = {"gold": [5, 1, 2], "emerald": [1, 5, 2], "pearl": [1, 2, 5]}[die]
    assert raid_with(g, dice, die) == 5              # the chosen die's pips
    before = get(g, "TRE")
    isl = island(g, treasure)
    g.step("raid:treasure5")
    pass_all(g, "move")
    after = get(g, "TRE")
    assert after[T[treasure]] == before[T[treasure]] + 1
    assert sum(after) == sum(before) + 1
    assert island(g, treasure) == isl - 1


def test_RAID_04_permanent_bonuses_added():
    g = fresh()
    card = imp_with(g, "raid_power")                 # an Improvement: +n in every raid
    give_card(g, card)
    fill_slots(g, SECTION0)                          # 6 upgrades: line 2 is open
    slot = slot_with(g, "raid_power")                # a Ship Upgrade: +m in every raid
    upgrade(g, slot)
    pass_all(g)
    give_figurehead(g, "Lion")                       # the figurehead: +2 in every raid
    pass_all(g)
    bonus = printed(g, card, "raid_power") + printed(g, slot, "raid_power") + 2
    assert raid_with(g, [4, 4, 4], "emerald") == 4 + bonus
    g.step("pass")
    # at the Gulf +2 more
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [4, 4, 4])
    refresh(g)
    g.step("die:pearl")
    assert get(g, "RAID_POWER") == 4 + bonus + 2


def test_RAID_05_each_raiding_action_once_per_turn():
    g = fresh()
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [6, 1, 1])
    refresh(g)
    g.step("die:gold")                               # 8 power
    g.step("raid:vp1")
    assert "raid:vp1" not in names(g)                # used once: not again
    assert "raid:coins3" in names(g)
    g.step("raid:coins3")
    assert "raid:coins3" not in names(g) and "raid:vp1" not in names(g)


def test_RAID_06_the_three_standard_actions():
    g = fresh()
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [6, 1, 1])
    refresh(g)
    g.step("die:gold")
    assert raid_actions(g) == ["coins3", "treasure5", "vp1"]    # printed on every ship board
    p0, c0, t0 = vp(g), coins(g), tre(g, "gold")
    g.step("raid:vp1")                               # (a) 1 power -> 1 VP
    assert vp(g) == p0 + 1 and get(g, "RAID_POWER") == 7
    g.step("raid:coins3")                            # (b) 2 power -> 3 doubloons
    assert coins(g) == c0 + 3 and get(g, "RAID_POWER") == 5
    g.step("raid:treasure5")                         # (c) 5 power -> 1 treasure
    pass_all(g)
    assert tre(g, "gold") == t0 + 1 and get(g, "RAID_POWER") == 0


def _unlock(g, source):
    if source.startswith("s"):
        others = [k for sec in (0, 1, 2) for k in section_slots(g, sec) if k != source]
        fill_slots(g, others[:10])                   # 10 upgrades: every barrier line is open
        upgrade(g, source)
    else:
        give_figurehead(g, source)
    pass_all(g)


# (source, action, power, VP, doubloons, treasures, island cubes added, buried)
UNLOCKABLE = [
    ("s1_treasure3", "treasure3", 3, 0, 0, 1, 0, 0),     # GIC-01: 3 -> 1 treasure
    ("s1_vp3", "vp3", 2, 3, 0, 0, 0, 0),                 # GIC-02: 2 -> 3 VP
    ("s3_vp3_cube", "vp3_cube", 4, 3, 0, 0, 1, 0),       # GIC-03: 4 -> 3 VP + 1 cube
    ("Mermaid", "mermaid", 2, 2, 2, 0, 0, 0),            # 2 -> 2 VP + 2 doubloons
    ("Kraken", "kraken", 3, 0, 6, 0, 0, 0),              # 3 -> 6 doubloons
    ("Skull", "skull", 2, 0, 0, 0, 0, 1),                # 2 -> bury 1
]


@pytest.mark.parametrize("source,action,power,dvp,dcoins,dtre,dcube,dbur", UNLOCKABLE,
                         ids=[u[1] for u in UNLOCKABLE])
def test_RAID_07_unlockable_raiding_actions(source, action, power, dvp, dcoins, dtre, dcube, dbur):
    before = fresh()
    set_treasures(before, gold=1)
    raid_with(before, [6, 6, 6], "gold")
    assert action not in raid_actions(before)        # not on the board until unlocked
    g = fresh()
    set_treasures(g, gold=1)                         # something to bury for the Skull
    _unlock(g, source)
    raid_with(g, [6, 6, 6], "gold")
    assert action in raid_actions(g)
    v, c, t, cubes, b = vp(g), coins(g), sum(get(g, "TRE")), sum(get(g, "ISLAND")), sum(get(g, "BUR"))
    pw = get(g, "RAID_POWER")
    g.step(f"raid:{action}")
    assert get(g, "RAID_POWER") == pw - power
    if g.phase == "island":
        g.step("island:pearl")
    if g.phase == "bury":
        g.step(next(n for n in names(g) if n.startswith("bury:")))
    if g.phase == "tplace":
        g.step("store")
    assert vp(g) - v == dvp
    assert coins(g) - c == dcoins
    assert sum(get(g, "TRE")) - t == dtre
    assert sum(get(g, "ISLAND")) - cubes == dcube - dtre
    assert sum(get(g, "BUR")) - b == dbur


def test_RAID_08_treasure_actions_use_the_chosen_die_and_skull_buries_that_colour():
    g = fresh()
    _unlock(g, "s1_treasure3")
    raid_with(g, [1, 1, 6], "pearl")
    g.step("raid:treasure3")
    pass_all(g, "raid_spend")
    assert get(g, "TRE") == [0, 0, 1]                # white die: Pearl
    g = fresh()
    set_treasures(g, gold=1, emerald=1)
    _unlock(g, "Skull")
    raid_with(g, [2, 6, 2], "emerald")
    g.step("raid:skull")
    assert g.phase == "bury"
    buries = [n for n in names(g) if n.startswith("bury:")]
    assert buries and all(n.startswith("bury:emerald:") for n in buries)    # default: the die's colour
    # with only a Gold to bury and the green die chosen, the Skull is not offered
    g = fresh()
    set_treasures(g, gold=1)
    _unlock(g, "Skull")
    raid_with(g, [2, 6, 2], "emerald")
    assert "skull" not in raid_actions(g)


def test_RAID_09_unspent_power_is_lost():
    g = fresh()
    raid_with(g, [6, 1, 1], "gold")
    g.step("raid:vp1")                               # 5 power left
    g.step("pass")
    assert g.phase == "move"
    v, c = vp(g), coins(g)
    raid_with(g, [1, 1, 1], "gold")                  # a later raid starts from its own die only
    assert get(g, "RAID_POWER") == 1
    assert (vp(g), coins(g)) == (v, c)


def test_RAID_10_two_raids_in_a_turn_share_the_once_per_turn_limit():
    g = fresh()
    s = slot_in_column(g, 2)
    place_card(g, s, "tobago")
    land(g, s)
    pass_all(g, "list")
    offer(g, "raid_as_if n=4")                       # a lightning raid before the Location's raid
    g.step("treasure:gold")
    g.step("raid:vp1")
    g.step("raid:coins3")
    assert get(g, "RAID_POWER") == 1                 # 1 power left: nothing can use it, the
    assert g.phase == "list"                         # raid ends and the power is lost
    g.step("effect:0")                               # Tobago's Raiding action
    put(g, "DICE", [3, 3, 3])
    refresh(g)
    g.step("die:gold")
    assert get(g, "RAID_POWER") == 3                 # this raid's own power
    assert raid_actions(g) == []                     # vp1 and coins3 used this turn; 3 < 5
    # the next turn (the other player) may use them again
    pass_all(g, "move")
    assert g.current_player == 1
    raid_with(g, [3, 3, 3], "gold")
    assert raid_actions(g) == ["coins3", "vp1"]


def test_RAID_11_eight_power_spent_exactly_nine_loses_one():
    g = fresh()
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [6, 1, 1])
    refresh(g)
    g.step("die:gold")
    assert get(g, "RAID_POWER") == 8
    v, c = vp(g), coins(g)
    g.step("raid:treasure5")
    g.step("store")
    g.step("raid:coins3")
    g.step("raid:vp1")
    assert get(g, "RAID_POWER") == 0
    assert (vp(g) - v, coins(g) - c, tre(g, "gold")) == (1, 3, 1)
    # with 9 power (+1 from an improvement) 1 power is left and nothing can use it
    g = fresh()
    give_card(g, imp_with(g, "raid_power", n=1))
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:raid")
    put(g, "DICE", [6, 1, 1])
    refresh(g)
    g.step("die:gold")
    assert get(g, "RAID_POWER") == 9
    g.step("raid:treasure5")
    g.step("store")
    g.step("raid:coins3")
    g.step("raid:vp1")
    assert get(g, "RAID_POWER") == 1 and g.phase != "raid_spend"


def test_RAID_12_four_power_cannot_take_a_treasure():
    g = fresh()
    raid_with(g, [4, 1, 1], "gold")
    assert raid_actions(g) == ["coins3", "vp1"]
    v, c = vp(g), coins(g)
    g.step("raid:coins3")
    g.step("raid:vp1")
    assert (vp(g) - v, coins(g) - c, tre(g, "gold")) == (1, 3, 0)


def test_RAID_13_laura_example():
    g = fresh()
    start_raid(g)
    put(g, "DICE", [2, 6, 3])                        # the green die shows 6; no modifiers
    refresh(g)
    v = vp(g)
    isl = island(g, "emerald")
    g.step("die:emerald")
    assert get(g, "RAID_POWER") == 6
    g.step("raid:treasure5")                         # 5 power: 1 Emerald from the island's top
    assert g.phase == "tplace"
    g.step("bonus:0")                                # the Emerald bonus space: +2 VP
    g.step("raid:vp1")                               # 1 power: 1 VP
    assert tre(g, "emerald") == 1
    assert island(g, "emerald") == isl - 1
    assert vp(g) - v == 3
    assert get(g, "RAID_POWER") == 0


def test_RAID_14_colour_bonus_only_for_its_die():
    g = fresh()
    kegs = imp_with(g, "colour_power", n=2, treasure="gold")     # yellow die +2
    give_card(g, kegs)
    assert raid_with(g, [5, 5, 5], "gold") == 7      # rulebook: a roll of 5 gives 7 for Gold
    g.step("pass")
    g2 = fresh()
    give_card(g2, kegs)
    assert raid_with(g2, [5, 5, 5], "emerald") == 5  # another die: no bonus


def test_RAID_15_as_if_raid_no_dice_general_bonuses_only():
    g = fresh()
    gen = imp_with(g, "raid_power")                  # a general bonus
    give_card(g, gen)
    give_card(g, imp_with(g, "colour_power", treasure="gold"))   # yellow: not without dice
    offer(g, "raid_as_if n=4")
    assert g.phase == "tchoice"                      # the player chooses the treasure type
    assert "reroll" not in names(g)
    g.step("treasure:gold")
    assert get(g, "RAID_POWER") == 4 + printed(g, gen, "raid_power")
    assert "reroll" not in names(g)
    g.step("raid:treasure5")
    pass_all(g)
    assert tre(g, "gold") == 1


def test_RAID_16_single_colour_raid():
    g = fresh()
    gen = imp_with(g, "raid_power")                  # a general bonus
    give_card(g, gen)
    white = imp_with(g, "colour_power", treasure="pearl")   # white die +n: applies, it is rolled
    give_card(g, white)
    offer(g, "raid_colour n=3 treasure=pearl")       # only the white die, +3
    assert g.phase == "raid_dice"
    d = get(g, "DICE")
    assert d[0] == 0 and d[1] == 0 and 1 <= d[2] <= 6     # only that die is rolled
    assert set(names(g)) == {"reroll", "die:pearl"}  # may be rerolled once (default)
    g.step("reroll")
    assert names(g) == ["die:pearl"]
    put(g, "DICE", [0, 0, 4])
    refresh(g)
    g.step("die:pearl")
    assert get(g, "RAID_POWER") == 4 + 3 + printed(g, white, "colour_power") + printed(g, gen, "raid_power")


def test_RAID_17_lion_bonus_in_every_raid():
    g = fresh()
    give_figurehead(g, "Lion")
    pass_all(g)
    start_raid(g)
    g.step("reroll")
    assert "reroll" in names(g)                      # one extra reroll of all dice
    g.step("reroll")
    assert "reroll" not in names(g)
    put(g, "DICE", [3, 3, 3])
    refresh(g)
    g.step("die:gold")
    assert get(g, "RAID_POWER") == 3 + 2
    g.step("pass")
    offer(g, "raid_as_if n=4")                       # also in a raid "as if rolled"
    g.step("treasure:emerald")
    assert get(g, "RAID_POWER") == 4 + 2


# RAID-18 (a skirmish roll is not a raid) is tested with the module: test_pirates_modules.py


# =============================================================================
# §6.1 TRE: gaining a treasure, the hideout
# =============================================================================
def gain(g, t):
    """One treasure of type t from a 'gain one treasure of the shown type' icon (GIC-38)."""
    offer(g, f"treasure n=1 treasure={t}")


def test_TRE_01_top_cube_of_the_island_or_the_supply():
    g = fresh()
    put(g, "ISLAND", [2, 4, 4])
    gain(g, "gold")
    pass_all(g)
    assert island(g, "gold") == 1 and tre(g, "gold") == 1
    put(g, "ISLAND", [0, 4, 4])                      # an empty island: from the supply
    gain(g, "gold")
    pass_all(g)
    assert island(g, "gold") == 0 and tre(g, "gold") == 2


def test_TRE_02_storage_or_a_free_bonus_space():
    g = fresh()
    v = vp(g)
    gain(g, "emerald")
    assert g.phase == "tplace"
    assert "store" in names(g) and "bonus:0" in names(g)
    g.step("store")                                  # above the line: no bonus
    assert vp(g) == v and tre(g, "emerald") == 1
    gain(g, "emerald")
    g.step("bonus:0")                                # the Emerald bonus space: +2 VP (RAID-13)
    assert vp(g) == v + 2 and tre(g, "emerald") == 2
    gain(g, "emerald")
    assert "bonus:0" not in names(g)                 # that space is covered now
    g.step("store")
    # with every Emerald bonus space covered the cube simply goes to storage
    nb = len(_free_bonus(g, "emerald"))
    for _ in range(nb):
        gain(g, "emerald")
        g.step(next(n for n in names(g) if n.startswith("bonus:")))
        pass_all(g)
    gain(g, "emerald")
    assert g.phase == "move"


def _free_bonus(g, t):
    h = g.clone()
    gain(h, t)
    return [n for n in names(h) if n.startswith("bonus:")] if h.phase == "tplace" else []


def test_TRE_03_buried_or_not_each_cube_is_one_treasure():
    g = fresh()
    put(g, "ISLAND", [4, 7, 4])
    gain(g, "emerald")
    g.step("bonus:0")
    gain(g, "emerald")
    g.step("store")
    offer(g, "bury")
    g.step("bury:emerald:1")
    pass_all(g)
    assert tre(g, "emerald") == 2 and get(g, "BUR")[1] == 1
    # at the end both count as Emeralds: island at 5 (7 - 2) -> 4 VP each (CON-06), +2 buried
    fg = final_gain(g)
    assert fg["treasures"] == 2 * 4
    assert fg["buried"] == 2


def test_TRE_04_storage_is_unlimited():
    g = fresh()
    for _ in range(12):
        gain(g, "gold")
        pass_all(g)
    assert tre(g, "gold") == 12


def test_TRE_05_taking_a_cube_lowers_everyones_value():
    g = fresh()
    put(g, "ISLAND", [4, 5, 4])
    set_treasures(g, emerald=1, p=1)
    assert final_gain(g, 1)["treasures"] == 4        # 5 cubes -> 4 VP
    gain(g, "emerald")                               # player 0 takes a cube: 4 left
    pass_all(g)
    assert final_gain(g, 1)["treasures"] == 3        # 3-4 cubes -> 3 VP
    assert final_gain(g, 0)["treasures"] == 3


def _tre06_hawk(g):
    give_figurehead(g, "Hawk")
    g.step("effect:0") if g.phase == "list" else None
    g.step("treasure:pearl")
    return "pearl", 3                                # 3 of one type


def _tre06_nautilus(g):
    give_figurehead(g, "Nautilus")
    pass_all(g)
    offer(g, "explore n=3")
    g.step("forfeit:0")
    return "gold", 1


def _tre06_poseidon(g):
    give_figurehead(g, "Poseidon")
    pass_all(g)
    set_treasures(g, emerald=1)
    offer(g, "bury")
    rewards = [sp for sp in g.catalog.data.figureheads.poseidon_spaces]
    j = next(i for i, sp in enumerate(rewards) if sp[0].do == "treasure")
    g.step(f"poseidon:emerald:{j}")
    g.step("effect:0") if g.phase == "list" else None
    g.step("treasure:pearl")                         # default: a type of the player's choice
    return "pearl", 1


def _tre06_gic38(g):
    gain(g, "pearl")
    return "pearl", 1


@pytest.mark.parametrize("source", [_tre06_hawk, _tre06_nautilus, _tre06_poseidon, _tre06_gic38],
                         ids=["hawk", "nautilus", "poseidon", "gic38"])
def test_TRE_06_other_sources_take_from_the_island(source):
    g = fresh()
    put(g, "ISLAND", [5, 5, 5])
    t, n = source(g)
    assert tre(g, t) == n
    assert island(g, t) == 5 - n                     # from the island's top (TRE-01)
    assert g.phase == "tplace"                       # and a free bonus space may be used (TRE-02)


def test_TRE_07_an_emptied_bonus_space_can_be_covered_again():
    g = fresh()
    v = vp(g)
    gain(g, "emerald")
    g.step("bonus:0")                                # +2 VP
    offer(g, "bury")
    g.step("bury:emerald:1")                         # the cube leaves the bonus space
    pass_all(g)
    gain(g, "emerald")
    assert "bonus:0" in names(g)                     # free again (default: allowed)
    g.step("bonus:0")
    assert vp(g) - v == 2 + 2


def test_TRE_08_buried_cube_choice_frees_the_bonus_space():
    # ruling TRE-07/08: the buried cube comes off a covered bonus space (never worse)
    g = fresh()
    gain(g, "emerald")
    g.step("store")
    gain(g, "emerald")
    g.step("bonus:0")
    offer(g, "bury")
    g.step("bury:emerald:1")
    pass_all(g)
    assert tre(g, "emerald") == 2
    assert get(g, "BONUS")[1 * 4 + 0] == 0           # the bonus space is free again


# =============================================================================
# §7 EXP
# =============================================================================
def land_on(g, key, side=None):
    """End the move on a Location `key` (placed in column 2), decline the Upgrade
    step and choose `side` (0/1) when the card has a '/'."""
    s = slot_in_column(g, 2)
    place_card(g, s, key)
    land(g, s)
    if g.phase == "upgrade":
        g.step("pass")
    if g.phase == "side":
        g.step(f"side:{side or 0}")
    return s


def explore_here(g, n, start="start", occupied=()):
    return track_reach(g, start, n, occupied)


def test_EXP_01_explore_value_from_location_gulf_and_effect():
    g = fresh()
    land_on(g, "bonaire", side=0)                    # a Location: the printed value (3)
    g.step("effect:0")
    assert g.phase == "explore"
    assert explore_choices(g) == explore_here(g, 3)
    assert "pass" in names(g)                        # exploring is optional
    g = fresh()
    land(g, L.SP_GULF)
    pass_all(g, "gulf")
    g.step("gulf:explore")                           # the Gulf: 4
    assert explore_choices(g) == explore_here(g, 4)
    g = fresh()
    acquire_card(g, "brigantine")                    # an effect (GIC-16): the printed value
    pass_all(g, "list") if g.phase != "list" else None
    g.step("effect:0")
    assert explore_choices(g) == explore_here(g, card_data(g, "brigantine").lightning[0].n)


def test_EXP_02_forward_only_at_least_one_and_a_branch_choice():
    g = fresh()
    t = track(g)
    branch = next(k for k, x in t.items() if len(x.next) == 2)
    set_explorer(g, branch)
    offer(g, "explore n=1")
    assert explore_choices(g) == set(t[branch].next)         # either path of the branch
    assert branch not in explore_choices(g)                  # must move at least 1
    before = {k for k, x in t.items() if branch in x.next}
    assert not (before & explore_choices(g))                 # never backwards


def test_EXP_03_blue_at_bonaire_jumps_yellow():
    g = fresh()
    t = track(g)
    pred = {n: k for k, x in t.items() for n in x.next}
    gold_space = next(k for k, x in t.items() if any(e.do == "treasure" and e.treasure == "gold"
                                                     for e in x.effects))
    after = t[gold_space].next[0]
    assert [(e.do, e.n) for e in t[after].effects] == [("coins", 3)]     # "gaining 3 doubloons"
    blue_from = pred[pred[pred[gold_space]]]
    set_explorer(g, blue_from, p=0)                  # Blue
    set_explorer(g, gold_space, p=1)                 # Yellow on the Gold space
    c = coins(g)
    land_on(g, "bonaire", side=0)
    g.step("effect:0")
    ch = explore_choices(g)
    assert gold_space not in ch                      # cannot stop on Yellow's space
    assert after in ch                               # 3 movement reach past it: the jump is free
    g.step(f"explore:{after}")
    pass_all(g)
    assert coins(g) - c == 3
    # derived: two opponents in a row are both jumped for free (3 players)
    g = fresh(num_players=3)
    set_explorer(g, blue_from, p=0)
    set_explorer(g, pred[gold_space], p=1)
    set_explorer(g, gold_space, p=2)
    offer(g, "explore n=2")
    assert after in explore_choices(g)
    assert not {pred[gold_space], gold_space} & explore_choices(g)


def test_EXP_04_icons_of_the_stop_space_each_optional():
    g = fresh()
    t = track(g)
    bury_vp = next(k for k, x in t.items()
                   if sorted(e.do for e in x.effects) == ["bury", "vp"])
    pred = {n: k for k, x in t.items() for n in x.next}
    set_explorer(g, pred[bury_vp])
    set_treasures(g, gold=1)
    offer(g, "explore n=1")
    g.step(f"explore:{bury_vp}")
    assert g.phase == "list"
    assert "pass" in names(g)                        # optional
    v = vp(g)
    g.step(next(n for n in names(g) if n.startswith("effect:") and
                t[bury_vp].effects[int(n[7:])].do == "bury"))
    g.step(next(n for n in names(g) if n.startswith("bury:")))
    pass_all(g)
    vp_icon = next(e.n for e in t[bury_vp].effects if e.do == "vp")
    assert get(g, "BUR")[0] == 1
    assert vp(g) - v == vp_icon


def test_EXP_05_crossing_a_river_counts():
    g = fresh()
    t = track(g)
    river = next(k for k, x in t.items() if x.river)
    path = ["start"]
    while path[-1] != river:
        path.append(t[path[-1]].next[0])
    assert len(path) - 1 <= 4
    offer(g, "explore n=4")
    g.step(f"explore:{river}")
    pass_all(g)
    assert get(g, "RIVERS") == rivers_between(g, path) == 1
    # a river on a jumped space (an opponent's explorer there) is crossed too
    g = fresh()
    set_explorer(g, river, p=1)
    offer(g, "explore n=4")
    beyond = t[river].next[0]
    g.step(f"explore:{beyond}")
    pass_all(g)
    assert get(g, "RIVERS") == rivers_between(g, path + [beyond])


def test_EXP_06_extra_movement_is_optional():
    g = fresh()
    card = imp_with(g, "explore_bonus")              # +n explorer movement
    give_card(g, card)
    offer(g, "explore n=3")
    n = printed(g, card, "explore_bonus")
    assert explore_choices(g) == explore_here(g, 3 + n)     # 1..3+n: the extra is optional


def test_EXP_07_forfeits_once_each_and_at_least_one_space():
    g = fresh()
    give_figurehead(g, "Nautilus")                   # give up 1 for 1 Gold
    pass_all(g)
    give_card(g, imp_with(g, "forfeit", n=1, reward="coins2"))    # a second forfeit ability
    offer(g, "explore n=3")
    assert {"forfeit:0", "forfeit:1"} <= set(names(g))
    c, gold = coins(g), tre(g, "gold")
    g.step("forfeit:0")
    pass_all(g, "explore")
    assert tre(g, "gold") == gold + 1
    assert "forfeit:0" not in names(g)               # once per explore
    assert explore_choices(g) == explore_here(g, 2)
    g.step("forfeit:1")
    assert explore_choices(g) == explore_here(g, 1)
    assert not any(n.startswith("forfeit:") for n in names(g))   # 1 movement left: no more
    assert coins(g) > c
    # with explore 1 no forfeit (the movement would drop below 1)
    g.step("pass")
    offer(g, "explore n=1")
    assert not any(n.startswith("forfeit:") for n in names(g))


def test_EXP_08_end_of_the_track():
    g = fresh()
    t = track(g)
    end = next(k for k, x in t.items() if not x.next)
    pred = {n: k for k, x in t.items() for n in x.next}
    set_explorer(g, pred[end])
    offer(g, "explore n=3")
    assert explore_choices(g) == {end}               # stops on the last reachable space
    g.step(f"explore:{end}")
    pass_all(g)
    offer(g, "explore n=3")                          # nothing ahead: the explore lapses
    assert g.phase == "move"


def test_EXP_09_bonaire_explores_three():
    g = fresh()
    land_on(g, "bonaire", side=0)
    g.step("effect:0")
    assert explore_choices(g) == explore_here(g, 3)
    assert explore_here(g, 4) - explore_choices(g)   # not 4


def test_EXP_10_retirement_spot_is_a_plain_space_without_the_module():
    # Without the Retirement module the tile's spot is an ordinary track space
    # (RET-02 applies only with it; test_pirates_modules.py tests it with the module).
    g = fresh()
    t = track(g)
    spot = next(k for k, x in t.items() if x.retirement)
    pred = {n: k for k, x in t.items() for n in x.next}
    set_explorer(g, pred[spot])
    c = coins(g)
    offer(g, "explore n=1")
    g.step(f"explore:{spot}")
    pass_all(g)
    assert g.catalog.track_keys[get(g, "EXPL")] == spot      # not sent back to the start
    assert coins(g) - c == sum(e.n for e in t[spot].effects if e.do == "coins")


# =============================================================================
# §8 BURY
# =============================================================================
def buries(g, t=None):
    return [n for n in names(g) if n.startswith("bury:") and (t is None or n.split(":")[1] == t)]


def test_BURY_01_one_burial_per_shovel():
    g = fresh()
    set_treasures(g, gold=2, emerald=1)
    acquire_card(g, "shovels")                       # two shovels
    assert g.phase == "list"
    g.step("effect:0")
    assert "pass" in names(g)                        # optional
    g.step(buries(g, "gold")[0])
    g.step("effect:1")
    g.step(buries(g, "emerald")[0])
    pass_all(g)
    assert get(g, "BUR") == [1, 1, 0]
    # a Location with one shovel: one burial
    g = fresh()
    set_treasures(g, gold=3)
    land_on(g, "tobago")
    g.step("effect:1")                               # Tobago: raid, bury
    g.step(buries(g)[0])
    pass_all(g)
    assert sum(get(g, "BUR")) == 1


def test_BURY_02_an_empty_buried_space_and_its_bonus():
    g = fresh()
    set_treasures(g, emerald=2)
    isl = island(g, "emerald")
    offer(g, "bury")
    assert buries(g) == [f"bury:emerald:{i}" for i in range(len(buries(g)))]   # only what is owned
    g.step("bury:emerald:0")                         # its bonus: +1 cube on the Emerald island
    take_effects(g)
    pass_all(g)
    assert island(g, "emerald") == isl + 1
    offer(g, "bury")
    assert "bury:emerald:0" not in buries(g)         # covered: not empty any more
    blank = next(i for i, b in enumerate(g.catalog.data.ship.hideout[1].buried) if not b)
    v, c, cubes = vp(g), coins(g), get(g, "ISLAND")
    g.step(f"bury:emerald:{blank}")                  # some spaces have no bonus
    pass_all(g)
    assert (vp(g), coins(g), get(g, "ISLAND")) == (v, c, cubes)
    assert get(g, "BUR")[1] == 2


def test_BURY_02_buried_space_bonus_is_gained_with_the_burial():
    g = fresh()
    set_treasures(g, emerald=1)
    isl = island(g, "emerald")
    offer(g, "bury")
    g.step("bury:emerald:0")                         # the space with the +1 Emerald cube bonus
    assert island(g, "emerald") == isl + 1           # gained with the burial, nothing to decide
    assert g.phase == "move"


def test_BURY_03_buried_treasure_still_counts():
    g = fresh()
    put(g, "ISLAND", [4, 4, 4])
    set_treasures(g, emerald=1)
    offer(g, "bury")
    g.step("bury:emerald:1")
    pass_all(g)
    assert tre(g, "emerald") == 1
    fg = final_gain(g)
    assert fg["treasures"] == 3 and fg["buried"] == 2   # value 3 (4 cubes) + 2 buried


def test_BURY_04_no_empty_space_no_burial_of_that_type():
    g = fresh()
    n_gold = len(g.catalog.data.ship.hideout[0].buried)
    set_treasures(g, gold=n_gold + 1)
    set_buried(g, gold=n_gold)                       # every Gold buried space covered
    offer(g, "bury", choose=False)
    assert g.phase == "move"                         # nothing can be buried: not offered
    set_treasures(g, gold=n_gold + 1, emerald=1)
    set_buried(g, gold=n_gold)
    offer(g, "bury")
    assert buries(g, "gold") == [] and buries(g, "emerald")
    g.step("pass")
    # Poseidon: its spaces are an alternative
    give_figurehead(g, "Poseidon")
    pass_all(g)
    offer(g, "bury")
    assert any(n.startswith("poseidon:gold:") for n in names(g))


def test_BURY_05_several_burials_any_types():
    g = fresh()
    set_treasures(g, gold=2, emerald=1)
    for t in ("gold", "emerald", "gold"):
        offer(g, "bury")
        g.step(buries(g, t)[0])
        pass_all(g)
    assert get(g, "BUR") == [2, 1, 0]


def test_BURY_06_jasmin_example():
    g = fresh()
    set_treasures(g, emerald=1)                      # her only Emerald
    isl = island(g, "emerald")
    offer(g, "bury")
    g.step("bury:emerald:0")                         # the space with the +1 Emerald cube bonus
    take_effects(g)                                  # "as a bonus she adds one Marker cube"
    pass_all(g)
    assert sum(get(g, "BUR")) == 1                   # buried 0 -> 1
    assert tre(g, "emerald") == 1                    # still 1 Emerald
    assert island(g, "emerald") == isl + 1


def test_BURY_07_poseidon_space_reward_and_buried_count():
    g = fresh()
    give_figurehead(g, "Poseidon")
    pass_all(g)
    set_treasures(g, gold=1)
    rewards = g.catalog.data.figureheads.poseidon_spaces
    j = next(i for i, sp in enumerate(rewards) if sp[0].do == "coins")
    c = coins(g)
    offer(g, "bury")
    g.step(f"poseidon:gold:{j}")
    pass_all(g)
    assert coins(g) - c == 5                         # the 5-doubloon reward
    assert get(g, "BUR") == [0, 0, 0]                # not below the line
    assert tre(g, "gold") == 1
    fg = final_gain(g)
    assert fg["buried"] == 2                         # a normal buried treasure at the end


def _bury08_location(g):
    land_on(g, "tobago")
    g.step("effect:1")


def _bury08_bm(g):
    k = bm_tile_showing(g, "bm_bury")
    s = slot_in_column(g, 3)
    place_card(g, s, "aruba")
    set_bm(g, k, s)
    open_decision(g, K.OP_BM_ACTIVATE)
    g.step(f"bm_activate:{k}")
    g.step("effect:0") if g.phase == "list" else None


def _bury08_skull(g):
    give_figurehead(g, "Skull")
    pass_all(g)
    raid_with(g, [6, 1, 1], "gold")
    g.step("raid:skull")


def _bury08_gic19(g):
    offer(g, "bury")


@pytest.mark.parametrize("source", [_bury08_location, _bury08_bm, _bury08_skull, _bury08_gic19],
                         ids=["location", "gbm01", "skull", "gic19"])
def test_BURY_08_sources_of_burials(source):
    g = fresh()
    set_treasures(g, gold=1)
    source(g)
    assert g.phase == "bury" and buries(g, "gold")


def test_BURY_09_buried_treasure_value_plus_two():
    g = fresh()
    put(g, "ISLAND", [5, 4, 4])
    set_buried(g, gold=1)
    fg = final_gain(g)
    assert fg["treasures"] + fg["buried"] == 4 + 2 == 6


# =============================================================================
# §9 QST
# =============================================================================
def deck(g):
    return get(g, "QDECK")[:get(g, "QDECK_N")]


def market(g):
    return get(g, "QMARKET")[:get(g, "QMARKET_N")]


def hand(g, p=0):
    return get(g, "QHAND", p)[:get(g, "QN", p)]


def test_QST_01_top_of_deck_or_market_card_replaced():
    g = fresh()
    d, m, h = deck(g), market(g), hand(g)
    offer(g, "quest")
    assert g.phase == "quest"
    assert {"quest_deck", "quest_market:0", "quest_market:1", "pass"} <= set(names(g))
    g.step("quest_market:1")
    assert hand(g) == h + [m[1]]
    assert market(g)[1] == d[-1]                     # replaced at once from the deck's top
    assert len(deck(g)) == len(d) - 1
    d2 = deck(g)
    offer(g, "quest")
    g.step("quest_deck")                             # the hidden top card
    assert hand(g)[-1] == d2[-1] and len(deck(g)) == len(d2) - 1


def _obs_slice(name):
    from maracaibo_env.pirates.core.obs_spec import OBS
    return OBS.slice(name)


def test_QST_02_quests_hidden_and_no_hand_limit():
    g = fresh()
    mine = hand(g, 0)
    obs = g.observe(1)
    assert [x for x in obs[_obs_slice("my_quests")] if x >= 0] == hand(g, 1)
    assert not set(mine) & set(int(x) for x in obs[_obs_slice("my_quests")])
    assert obs[_obs_slice("p1_quests")][0] == len(mine)     # only their number is seen
    keys = g.catalog.quest_keys
    give_quests(g, keys[:10])
    offer(g, "quest")
    g.step("quest_deck")
    assert len(hand(g)) == 11                        # no hand limit


def test_QST_03_whale_refreshes_the_market_first():
    g = fresh()
    give_figurehead(g, "Whale")
    pass_all(g)
    d, m = deck(g), market(g)
    offer(g, "quest")
    assert "whale" in names(g)
    g.step("whale")
    assert sorted(market(g)) == sorted(d[-2:])       # 2 new cards
    assert sorted(deck(g)[:2]) == sorted(m)          # the old ones under the deck (default)
    assert "whale" not in names(g)                   # before choosing, once
    g.step("quest_market:0")
    assert hand(g)[-1] in d[-2:]


def test_QST_04_discard_a_quest_for_eight():
    g = fresh()
    q = hand(g)[0]
    c = coins(g)
    offer(g, "discard_quest")
    g.step("discard_quest:0")
    assert coins(g) - c == 8
    assert q not in hand(g)
    assert deck(g)[0] == q                           # under the Quest deck


def test_QST_05_empty_deck_or_market():
    g = fresh()
    m = market(g)
    put(g, "QDECK_N", 0)
    offer(g, "quest")
    assert "quest_deck" not in names(g)
    assert {"quest_market:0", "quest_market:1"} <= set(names(g))
    g.step("quest_market:0")
    assert hand(g)[-1] == m[0] and market(g)[0] == -1        # nothing to replace it
    offer(g, "quest")
    g.step("quest_market:1")
    offer(g, "quest", choose=False)                  # nothing left: not offered
    assert g.phase == "move"


def test_QST_06_replacement_goes_into_the_emptied_slot():
    g = fresh()
    d, m = deck(g), market(g)
    offer(g, "quest")
    g.step("quest_market:0")
    assert market(g) == [d[-1], m[1]]


# =============================================================================
# §10 ACQ
# =============================================================================
def acquire_choices(g):
    return {int(n[9:]) for n in names(g) if n.startswith("acquire:s")}


def cost(g, key):
    return card_data(g, key).cost


def test_ACQ_01_crew_or_equipment_from_anywhere_plus_three():
    g = fresh()
    far = slot_in_column(g, 9)
    mid = slot_in_column(g, 5)
    eq = slot_in_column(g, 4)
    place_card(g, far, "gunner")                     # crew
    place_card(g, mid, "ships_cook")                 # crew
    place_card(g, eq, "tobacco")                     # equipment
    put(g, "COINS", 20)
    land_on(g, "curacao", side=0)                    # Acquire Crew
    g.step("effect:0")
    assert acquire_choices(g) == {far, mid}          # crew only, anywhere in the Caribbean
    g.step(f"acquire:s{far}")
    assert coins(g) == 20 - (cost(g, "gunner") + 3)
    # equipment at the other Location
    g = fresh()
    eq = slot_in_column(g, 4)
    place_card(g, eq, "tobacco")
    place_card(g, slot_in_column(g, 5), "gunner")
    put(g, "COINS", 11)
    land_on(g, "martinique", side=0)
    g.step("effect:0")
    assert acquire_choices(g) == {eq}
    g.step(f"acquire:s{eq}")
    assert coins(g) == 11 - (8 + 3)                  # Tobacco: printed 8


def test_ACQ_01_needs_the_whole_price():
    g = fresh()
    eq = slot_in_column(g, 4)
    place_card(g, eq, "tobacco")
    put(g, "COINS", 10)                              # 8 + 3 = 11 > 10
    land_on(g, "martinique", side=0)
    assert "effect:0" not in names(g)


@pytest.mark.parametrize("key,location,printed,paid", [
    ("tobacco", "martinique", 8, 8),                 # printed 8, discount 3 -> 8
    ("ships_cook", "curacao", 2, 3),                 # printed 2, discount 3 -> 3
])
def test_ACQ_02_discount_then_plus_three(key, location, printed, paid):
    g = fresh()
    give_card(g, "klabautermann")                    # discount 3
    assert cost(g, key) == printed
    s = slot_in_column(g, 4)
    place_card(g, s, key)
    put(g, "COINS", 20)
    land_on(g, location, side=0)
    g.step("effect:0")
    g.step(f"acquire:s{s}")
    assert 20 - coins(g) == paid == max(0, printed - 3) + 3


def test_ACQ_03_refill_from_tier_two_ships_stay():
    g = fresh()
    s = slot_in_column(g, 4)
    place_card(g, s, "gunner")
    put(g, "SHIP", s, player=1)                      # the opponent's ship on that card
    c1 = coins(g, 1)
    t2 = get(g, "T2")[:get(g, "T2_N")]
    put(g, "COINS", 20)
    land_on(g, "curacao", side=0)
    g.step("effect:0")
    g.step(f"acquire:s{s}")
    assert get(g, "SLOT_CARD")[s] == t2[-1]          # the top Tier II card, faceup
    assert get(g, "SLOT_DOWN")[s] == 0
    assert get(g, "T2_N") == len(t2) - 1
    assert get(g, "SHIP", 1) == s and coins(g, 1) == c1      # on the new card, no payment


def test_ACQ_04_lightning_and_ongoing_apply():
    g = fresh()
    s = slot_in_column(g, 4)
    place_card(g, s, "lookout")                      # lightning: explore
    put(g, "COINS", 20)
    land_on(g, "curacao", side=0)
    g.step("effect:0")
    g.step(f"acquire:s{s}")
    assert g.phase == "list"
    g.step("effect:0")
    assert g.phase == "explore"
    g = fresh()
    s = slot_in_column(g, 4)
    card = imp_with(g, "raid_power")                 # ongoing: +n raiding power (a crew card)
    assert card_data(g, card).type == "crew"
    place_card(g, s, card)
    put(g, "COINS", 20)
    offer(g, "acquire n=3 type=crew")                # Curacao's action, in this turn
    g.step(f"acquire:s{s}")
    pass_all(g)
    assert raid_with(g, [3, 3, 3], "gold") == 3 + printed(g, card, "raid_power")   # at once


def test_ACQ_05_ship_improvement_at_the_normal_cost():
    g = fresh()
    ship = slot_in_column(g, 6)
    crew = slot_in_column(g, 7)
    place_card(g, ship, "cannons")
    place_card(g, crew, "gunner")
    acquire_card(g, "dry_dock", slot=slot_in_column(g, 2), money=30)     # GIC-26
    g.step("effect:0")
    assert acquire_choices(g) == {ship}
    c = coins(g)
    t2 = get(g, "T2")[:get(g, "T2_N")]
    g.step(f"acquire:s{ship}")
    assert c - coins(g) == cost(g, "cannons")        # no +3
    assert get(g, "SLOT_CARD")[ship] == t2[-1]       # refilled from Tier II


def test_ACQ_06_only_faceup_cards():
    g = fresh()
    up = slot_in_column(g, 4)
    down = slot_in_column(g, 5)
    place_card(g, up, "gunner")
    place_card(g, down, "ships_cook")
    g.state[L.G_SLOT_DOWN + down] = 1                # a facedown card (IMP-08)
    put(g, "COINS", 20)
    land_on(g, "curacao", side=0)
    g.step("effect:0")
    assert acquire_choices(g) == {up}


# =============================================================================
# §11 UPG
# =============================================================================
def upgrade_choices(g):
    return {n[8:] for n in names(g) if n.startswith("upgrade:")}


def test_UPG_01_a_cube_on_an_empty_slot_of_choice():
    g = fresh()
    place_card(g, slot_in_column(g, 3), "aruba")     # a Location for the black-market slots
    open_decision(g, K.OP_UPGRADE)
    assert upgrade_choices(g) == set(SECTION0)       # the 6 slots left of line 1
    g.step("upgrade:s0_quest")
    pass_all(g)
    assert get(g, "NUPG") == 1
    open_decision(g, K.OP_UPGRADE)
    assert "s0_quest" not in upgrade_choices(g)


def test_UPG_02_barrier_line_one_needs_two():
    g = fresh()
    place_card(g, slot_in_column(g, 3), "aruba")     # a Location for the black-market slots
    line1 = set(section_slots(g, 1))
    fill_slots(g, ["s0_coins"])                      # 1 upgrade
    open_decision(g, K.OP_UPGRADE)
    assert not upgrade_choices(g) & line1
    g.step("pass")
    fill_slots(g, ["s0_coins", "s0_cube"])           # 2 upgrades
    open_decision(g, K.OP_UPGRADE)
    assert line1 <= upgrade_choices(g)


def test_UPG_03_one_time_now_ongoing_right_after():
    g = fresh()
    c = coins(g)
    slot = slot_with(g, "coins")                     # one-time doubloons
    upgrade(g, slot)
    pass_all(g)
    assert coins(g) - c == printed(g, slot, "coins")
    slot = slot_with(g, "explore_bonus")             # ongoing: +n explorer movement
    upgrade(g, slot)
    pass_all(g)
    offer(g, "explore n=2")
    assert explore_choices(g) == explore_here(g, 2 + printed(g, slot, "explore_bonus"))


def test_UPG_04_red_cost_paid_in_full():
    g = fresh()
    fill_slots(g, list(SECTION0))                    # 6 upgrades: line 2 open
    put(g, "COINS", 1)
    open_decision(g, K.OP_UPGRADE)
    assert "s2_treasure" not in upgrade_choices(g)   # costs 2
    assert "s1_figurehead" not in upgrade_choices(g) # costs 3
    g.step("pass")
    put(g, "COINS", 2)
    upgrade(g, "s2_treasure")
    assert coins(g) == 0
    put(g, "COINS", 3)
    pass_all(g)
    open_decision(g, K.OP_UPGRADE)
    assert "s1_figurehead" in upgrade_choices(g)


def _upg05_location(g):
    s = slot_in_column(g, 2)
    place_card(g, s, "aruba")
    land(g, s)


def _upg05_gulf(g):
    land(g, L.SP_GULF)


def _upg05_maracaibo(g):
    land(g, L.SP_MARA)


def _upg05_poseidon(g):
    give_figurehead(g, "Poseidon")
    pass_all(g)
    set_treasures(g, gold=1)
    offer(g, "bury")
    j = next(i for i, sp in enumerate(g.catalog.data.figureheads.poseidon_spaces) if sp[0].do == "upgrade")
    g.step(f"poseidon:gold:{j}")
    g.step("effect:0") if g.phase == "list" else None


def _upg05_gic18(g):
    offer(g, "upgrade")


def _upg05_track(g):
    t = track(g)
    sp = next(k for k, x in t.items() if [e.do for e in x.effects] == ["upgrade"])
    pred = {n: k for k, x in t.items() for n in x.next}
    set_explorer(g, pred[sp])
    offer(g, "explore n=1")
    g.step(f"explore:{sp}")
    g.step("effect:0") if g.phase == "list" else None


@pytest.mark.parametrize("source", [_upg05_location, _upg05_gulf, _upg05_maracaibo, _upg05_poseidon,
                                    _upg05_gic18, _upg05_track],
                         ids=["location", "gulf", "maracaibo", "poseidon", "gic18", "track"])
def test_UPG_05_sources_of_upgrades(source):
    g = fresh()
    source(g)
    assert g.phase == "upgrade"
    n = get(g, "NUPG")
    g.step("upgrade:s0_cube")
    assert get(g, "NUPG") == n + 1


def test_UPG_05_maracaibo_upgrade_must_be_taken():
    g = fresh()
    land(g, L.SP_MARA)
    assert g.phase == "upgrade" and "pass" not in names(g)    # MARA-02 "gains" (ruling UPG-06)


def test_UPG_06_no_legal_slot_the_upgrade_is_lost():
    g = fresh()
    fill_slots(g, g.catalog.slot_keys)               # every slot filled
    v = vp(g)
    land(g, L.SP_MARA)
    assert g.phase != "upgrade"
    assert vp(g) - v == 6                            # Maracaibo's 6 VP still


def test_UPG_07_filled_slots_are_the_upgrade_count():
    g = fresh()
    for k in ("s0_coins", "s0_cube", "s1_vp3"):
        upgrade(g, k)
        pass_all(g)
    assert get(g, "NUPG") == 3 == bin(get(g, "UPG")).count("1")
    q = next(q for q in g.catalog.data.quests.quest if q.kind == "upgrades")
    give_quests(g, [q.key])
    assert final_gain(g)["quests"] == (q.low.vp if 3 >= q.low.need[0] else 0)


def test_UPG_08_figurehead_and_black_market_slots():
    g = fresh()
    fill_slots(g, ["s0_coins", "s0_cube"])
    upgrade(g, "s1_figurehead")
    assert g.phase == "figurehead" and "pass" not in names(g)     # must be carried out
    g = fresh()
    place_card(g, slot_in_column(g, 3), "aruba")
    upgrade(g, "s0_bm1")
    assert g.phase == "bm_tile" and "pass" not in names(g)


# =============================================================================
# §12 FIG
# =============================================================================
def test_FIG_01_pay_three_take_from_the_market():
    g = fresh()
    fill_slots(g, ["s0_coins", "s0_cube"])
    figm = get(g, "FIGM")
    put(g, "COINS", 5)
    upgrade(g, "s1_figurehead")
    g.step("figurehead:1")
    assert coins(g) == 5 - 3
    assert get(g, "FIG") == figm[1] and get(g, "FIGM")[1] == -1
    # lightning at once (Hawk), ongoing right after (Lion)
    g = fresh()
    assert give_figurehead(g, "Hawk") in ("list", "tchoice")
    g = fresh()
    give_figurehead(g, "Lion")
    pass_all(g)
    assert raid_with(g, [3, 3, 3], "gold") == 3 + 2


def test_FIG_02_only_one_figurehead():
    g = fresh()
    give_figurehead(g, "Kraken")
    pass_all(g)
    fill_slots(g, ["s0_coins", "s0_cube"])
    put(g, "COINS", 20)
    open_decision(g, K.OP_UPGRADE)
    assert "s1_figurehead" not in upgrade_choices(g)
    g.step("pass")
    acquire_card(g, "woodcarver")                    # its lightning: a figurehead
    assert g.phase == "move"                         # cannot be used
    assert g.catalog.figurehead_names[get(g, "FIG")].endswith("Kraken")


def test_FIG_03_market_never_refilled():
    g = fresh()
    figm = get(g, "FIGM")
    assert sum(f >= 0 for f in figm) == 2 + 2        # players + 2
    fill_slots(g, ["s0_coins", "s0_cube"])
    put(g, "COINS", 5)
    upgrade(g, "s1_figurehead")
    g.step("figurehead:0")
    pass_all(g)
    after = get(g, "FIGM")
    assert after[0] == -1 and after[1:] == figm[1:]
    assert sum(f >= 0 for f in after) == 3


def test_FIG_04_figurehead_icon_pays_three():
    g = fresh()
    paid = acquire_card(g, "woodcarver", money=10)
    assert g.phase == "list"
    g.step("effect:0")
    assert g.phase == "figurehead"
    g.step("figurehead:0")
    pass_all(g)
    assert 10 - coins(g) == paid + 3
    assert get(g, "FIG") >= 0


def test_FIG_05_held_or_empty_market_or_no_money():
    g = fresh()
    fill_slots(g, ["s0_coins", "s0_cube"])
    put(g, "FIGM", [-1] * 6)                         # empty market
    put(g, "COINS", 20)
    open_decision(g, K.OP_UPGRADE)
    assert "s1_figurehead" not in upgrade_choices(g)
    g = fresh()
    fill_slots(g, ["s0_coins", "s0_cube"])
    put(g, "COINS", 2)                               # cannot pay 3
    open_decision(g, K.OP_UPGRADE)
    assert "s1_figurehead" not in upgrade_choices(g)
    g = fresh()
    put(g, "COINS", 20)
    give_figurehead(g, "Dragon")
    pass_all(g)
    offer(g, "figurehead", choose=False)             # already holding one
    assert g.phase == "move"


def test_FIG_06_figurehead_income_counts():
    g = fresh()
    give_figurehead(g, "Sea Snake")
    pass_all(g)
    assert income_gain(g) == (2, 2)


# =============================================================================
# §13 BM
# =============================================================================
def bm_at_choices(g):
    return {int(n[7:]) for n in names(g) if n.startswith("bm_at:s")}


def test_BM_01_pay_choose_tile_any_free_location():
    g = fresh()
    a = slot_in_column(g, 2)
    b = slot_in_column(g, 3)
    i = slot_in_column(g, 4)
    r = slot_in_column(g, 5)
    t2 = slot_in_column(g, 6)
    place_card(g, a, "aruba")
    place_card(g, b, "tobago")
    place_card(g, i, "gunner")
    place_card(g, r, "hacienda")
    place_card(g, t2, "barbados")
    set_bm(g, 0, t2, p=1)                            # an opponent's tile: occupied
    sides = get(g, "BM_SIDE")
    put(g, "COINS", 5)
    upgrade(g, "s0_bm2")                             # a slot with a red cost (1)
    assert coins(g) == 5 - 1
    assert g.phase == "bm_tile"
    assert {n for n in names(g) if n.startswith("bm_tile:")} == {f"bm_tile:{k}" for k in range(5)}
    g.step("bm_tile:2")
    assert bm_at_choices(g) == {a, b}                # Locations without a tile only
    g.step(f"bm_at:s{b}")
    pass_all(g)
    assert get(g, "SLOT_BM")[b] == 0 * 8 + 2 + 1
    assert get(g, "BM_AT")[2] == b
    assert get(g, "BM_SIDE") == sides                # never flipped


def test_BM_02_activated_when_placed():
    g = fresh()
    k = bm_tile_showing(g, "bm_cube")                # +2 VP and 1 cube on any island
    a = slot_in_column(g, 2)
    place_card(g, a, "aruba")
    v, cubes = vp(g), sum(get(g, "ISLAND"))
    upgrade(g, "s0_bm1")
    g.step(f"bm_tile:{k}")
    g.step(f"bm_at:s{a}")
    take_effects(g)
    if g.phase == "island":
        g.step("island:gold")
    take_effects(g)
    assert vp(g) - v == 2
    assert sum(get(g, "ISLAND")) == cubes + 1


def test_BM_02_placement_activation_cannot_be_declined():
    g = fresh()
    k = bm_tile_showing(g, "bm_cube")
    a = slot_in_column(g, 2)
    place_card(g, a, "aruba")
    upgrade(g, "s0_bm1")
    g.step(f"bm_tile:{k}")
    g.step(f"bm_at:s{a}")
    assert "pass" not in names(g)                    # all its effects, at once


def test_BM_03_owner_activates_on_landing_opponents_ignored():
    g = fresh()
    k = bm_tile_showing(g, "bm_cube")
    s = slot_in_column(g, 2)
    place_card(g, s, "aruba")
    set_bm(g, k, s, p=0)
    land(g, s)
    assert g.phase == "bm_here"                      # step 2, before the Upgrade (step 3)
    v = vp(g)
    g.step("bm_here")
    take_effects(g)
    g.step("island:pearl") if g.phase == "island" else None
    take_effects(g)
    assert vp(g) - v == 2
    # player 1 lands on the same Location: player 0's tile is ignored
    g = fresh()
    k = bm_tile_showing(g, "bm_cube")
    s = slot_in_column(g, 2)
    place_card(g, s, "aruba")
    set_bm(g, k, s, p=1)
    land(g, s)
    assert g.phase != "bm_here"


def test_BM_04_activate_a_placed_tile_from_anywhere():
    g = fresh()
    k = bm_tile_showing(g, "bm_cube")
    s = slot_in_column(g, 8)
    place_card(g, s, "aruba")
    set_bm(g, k, s)
    v = vp(g)
    acquire_card(g, "smuggler")                      # GIC-20
    g.step(next(n for n in names(g) if n.startswith("effect:")
                and g.catalog.effects[eff_of_list(g, n)] == "activate_bm"))
    assert g.phase == "bm_activate"
    assert {n for n in names(g) if n.startswith("bm_activate:")} == {f"bm_activate:{k}"}
    g.step(f"bm_activate:{k}")
    take_effects(g)
    g.step("island:gold") if g.phase == "island" else None
    pass_all(g)
    assert vp(g) - v == 2


def eff_of_list(g, action):
    """The catalog effect row of list choice `action` ('effect:i') of the pending list."""
    o = L.G_STK + (get(g, "STK_N") - 1) * L.STACK_W
    return int(g.state[o + 1]) + int(action[7:])


def test_BM_05_five_tiles_one_per_location_never_moved():
    g = fresh()
    locs = ["aruba", "tobago", "barbados", "grenada", "trinidad", "bonaire"]
    slots = [slot_in_column(g, c) for c in range(2, 8)]
    for s, key in zip(slots, locs):
        place_card(g, s, key)
    for k in range(5):
        set_bm(g, k, slots[k])                       # all 5 tiles placed
    open_decision(g, K.OP_UPGRADE)
    assert "s0_bm1" not in upgrade_choices(g)        # no tile left
    g.step("pass")
    g = fresh()
    for s, key in zip(slots, locs):
        place_card(g, s, key)
    set_bm(g, 0, slots[0])
    upgrade(g, "s0_bm1")
    g.step("bm_tile:1")
    assert slots[0] not in bm_at_choices(g)          # one tile per Location
    g.step(f"bm_at:s{slots[1]}")
    pass_all(g)
    assert get(g, "BM_AT")[:2] == [slots[0], slots[1]]   # placed tiles stay where they are


def test_BM_06_tier_two_locations_take_tiles():
    g = fresh()
    s = slot_in_column(g, 3)
    place_card(g, s, "nassau")                       # a Tier II Location
    upgrade(g, "s0_bm1")
    g.step("bm_tile:0")
    assert bm_at_choices(g) == {s}


def test_BM_07_not_on_facedown_locations():
    g = fresh()
    up = slot_in_column(g, 3)
    down = slot_in_column(g, 4)
    place_card(g, up, "aruba")
    place_card(g, down, "tobago")
    g.state[L.G_SLOT_DOWN + down] = 1
    upgrade(g, "s0_bm1")
    g.step("bm_tile:0")
    assert bm_at_choices(g) == {up}


def test_BM_08_five_of_the_ten_effects_active_same_for_all():
    keys = [e.key for e in fresh().catalog.data.black_market.effect]
    assert len(set(keys)) == 10
    for seed in range(6):
        g = fresh(num_players=3, seed=seed)
        bm = g.catalog.data.black_market
        shown = [(t.front if side == 0 else t.back) for t, side in zip(bm.tile, get(g, "BM_SIDE"))]
        assert len(set(shown)) == 5                  # 5 of the 10 effects this game
        # the sides are one global setting: every player's tile k shows the same effect
        assert len(get(g, "BM_SIDE")) == 5

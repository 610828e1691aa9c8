"""Rule tests for the legacy tiles (checklist §28 LEG-*, §26.6 JLEG-*,
DATA-18, COMBAT-19, EXPL-14, VILL-07, SAIL-10/CON-35), each tile switched on
alone with Game(legacy=[...]), and random games with every tile alone and all
together at 1-4 players with the invariants after every step."""
import json
import shutil

import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.core import automa, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.combat import NO_TOKEN, ST_ACT, pack
from maracaibo_env.maracaibo.core.common import markers_on_board
from maracaibo_env.maracaibo.core.options import LEGACY_TILES
from maracaibo_env.maracaibo.data_load import DATA_DIR, DataError
from maracaibo_env.framework.game import GameConfigError
from maracaibo_env.maracaibo.invariants import check_invariants

from helpers import at_main, at_phase, finish_setup, get, put, loc, push_task, refresh, check

FRANCE = 0


def _game(legacy, n=2, seed=0, **kw):
    return finish_setup(Game(num_players=n, seed=seed, legacy=legacy, **kw))


def _at_sail(g, p, loc_key):
    put(g, "SHIP", loc(g, loc_key), p)
    put(g, "STK_N", 0)
    put(g, "STK", 0)
    at_phase(g, p, "sail")


def _sails(g):
    return {n for n in g.legal_action_names() if n.startswith("sail:")}


def _explorer_at(g, p, number):
    """Put p's explorer on the first space numbered `number` (EXPL-14)."""
    nums = [s["number"] for s in g.catalog.raw["explorer"]["space"]]
    put(g, "EXPLORER", nums.index(number), p)


def _combat(g, p, value, nation=FRANCE):
    """A Combat at the acting stage with this combat value (no token); as
    combat.start would, it starts with no legacy combat action used."""
    put(g, "LEG_CB_USED", 0)
    put(g, "STK_N", 0)
    put(g, "STK", 0)
    at_phase(g, p, "main")
    push_task(g, "combat", p, NO_TOKEN, pack(ST_ACT, nation, 0, value))


def _used_slot(name):
    return int(name[1:]) - 10


# ---- §28.0 general ----------------------------------------------------------------------------

def test_leg_00a_tiles_enter_as_game_options():
    g = Game(num_players=2, seed=3, legacy=["L6", "L9"])
    assert g.options["legacy"] == ("L6", "L9")
    assert get(g, "LEGACY") == (1 << 5) | (1 << 8)
    assert get(Game(num_players=2, seed=3), "LEGACY") == 0
    with pytest.raises(GameConfigError):
        Game(num_players=2, legacy=["L19"])   # LEG-L19: described nowhere


def test_leg_00a_tiles_change_no_random_draw():
    """A tile adds no random draw: the deal and the RNG after set-up are the base game's."""
    base = Game(num_players=3, seed=11)
    every = Game(num_players=3, seed=11, legacy=list(LEGACY_TILES))
    assert np.array_equal(get(base, "RNG"), get(every, "RNG"))
    for p in range(3):
        assert np.array_equal(get(base, "HAND", p), get(every, "HAND", p))


def test_leg_00d_skull_tiles_are_l3_and_l20_to_l23():
    kinds = {t["tile"]: t["kind"] for t in Game().catalog.raw["legacy_tiles"]["tile"]}
    assert [t for t, k in kinds.items() if k in ("skull", "plague")] == ["L3", "L20", "L21", "L22", "L23"]


def test_leg_00e_markers_on_legacy_tiles_count_as_on_locations():
    g = _game(["L6"])
    before = markers_on_board(g.state, g._cat, FRANCE)
    _combat(g, 0, 10)
    g.step("cb:silver_fleet:0")
    assert markers_on_board(g.state, g._cat, FRANCE) == before + 1   # INF-08


# ---- §28.1 each tile ---------------------------------------------------------------------------

def test_leg_l1_puerto_cabezas_city_with_quest_refill():
    g0 = Game(num_players=2, seed=5)
    g = Game(num_players=2, seed=5, legacy=["L1"])
    # at once a quest tile from the (face-up) pile onto the quest space
    assert get(g, "QPILE_N") == get(g0, "QPILE_N") - 1
    assert get(g, "LEG_QUEST") - 1 == get(g0, "QPILE")[get(g0, "QPILE_N") - 1]
    finish_setup(g)
    # pick a quest payable with doubloons / CP / a figure and give the player plenty
    quests = g.catalog.raw["quests"]["quest"]
    t = next(i for i, q in enumerate(quests)
             if all(c["kind"] in ("doubloons", "cp", "figure") for c in q["cost"]))
    put(g, "LEG_QUEST", t + 1)
    put(g, "DOUBLOONS", 20, 0)
    put(g, "CP", 4, 0)
    at_main(g, 0, "16")
    names = g.legal_action_names()
    assert "main:city" in names and "main:village" not in names   # now a city
    pile, top = get(g, "QPILE_N"), get(g, "QPILE")[get(g, "QPILE_N") - 1]
    q0 = get(g, "QUESTS", 0)
    g.step("main:city")
    while g.phase != "main" and g.current_player == 0:
        g.step(g.legal_actions()[0])
    assert get(g, "QUESTS", 0) == q0 + 1              # the tile goes onto the ship board
    assert get(g, "LEG_QUEST") - 1 == top             # and a new one refills the space
    assert get(g, "QPILE_N") == pile - 1
    check(g)


@pytest.mark.parametrize("tile", ["L2", "L8", "L18"])
def test_leg_l2_l8_l18_route_costs_3_mp(tile):
    g = _game([tile])
    t = next(t for t in g.catalog.raw["legacy_tiles"]["tile"] if t["tile"] == tile)
    _at_sail(g, 0, t["from"])
    assert f"sail:{t['to']}:mp3" in _sails(g)
    assert f"sail:{t['to']}:mp1" not in _sails(g)
    g0 = _game([])
    _at_sail(g0, 0, t["from"])
    assert f"sail:{t['to']}:mp1" in _sails(g0)


def test_leg_l2_vector_hard_move_plus_4_normal_is_7_mp_3_village_actions():
    """TV-46: 1 move across L2 + 4 normal moves = 7 MP -> 3 village actions."""
    g = _game(["L2"])
    _at_sail(g, 0, "2")       # L2 lies on 2 -> 3 (reconstructed); then 3 4 5 6 7
    assert "sail:7:mp7" in _sails(g) and "sail:7:mp5" not in _sails(g)
    g.step("sail:7:mp7")
    g.step("main:village")
    assert g.phase == "village" and get(g, "STK")[L.STACK_W * (get(g, "STK_N") - 1) + 2] == 3


def test_leg_l3_plague_in_cartagena():
    g = _game(["L3"])
    c = loc(g, "14")
    assert get(g, "LOC_TILE")[c] == -1                 # the city tile leaves the game
    at_main(g, 0, "14")
    names = g.legal_action_names()
    assert "main:city" not in names and "main:village" not in names
    _combat(g, 0, 8)
    assert "cb:flag:14" not in g.legal_action_names()   # no marker while L3 is in play (EN)
    assert "cb:flag:13" in g.legal_action_names()
    g0 = _game([])
    _combat(g0, 0, 8)
    assert "cb:flag:14" in g0.legal_action_names()


def test_leg_l3_marker_already_there_leaves_the_game():
    from maracaibo_env.maracaibo.core import legacy as CL
    g = Game(num_players=2, seed=1)
    c = loc(g, "14")
    put(g, "LOC_MARKER", 2, index=c)
    put(g, "LEGACY", 1 << 2)
    out = get(g, "SUP_OUT")[2]
    CL.setup(g.state, g._cat, 2, False)
    assert get(g, "LOC_MARKER")[c] == -1 and get(g, "SUP_OUT")[2] == out + 1


def test_leg_l4_new_city_gated_by_explorer_3_mp_each_way():
    g = _game(["L4"])
    _at_sail(g, 0, "5")
    _explorer_at(g, 0, 3)
    refresh(g)
    assert not any(n.startswith("sail:l4:") for n in _sails(g))   # not before the 4th space
    _explorer_at(g, 0, 4)
    refresh(g)
    assert "sail:l4:mp3" in _sails(g) and "sail:l4:mp1" not in _sails(g)
    _at_sail(g, 0, "l4")
    assert "sail:6:mp3" in _sails(g) and "sail:6:mp1" not in _sails(g)
    # city action: (deliver), 2 village actions, then optionally a figure for 5 VP
    at_main(g, 0, "l4")
    g.step("main:city")
    if g.phase == "deliver":
        g.step("pass")
    assert g.phase == "village"
    d = get(g, "DOUBLOONS", 0)
    g.step("vil:doubloon")
    g.step("vil:doubloon")
    assert get(g, "DOUBLOONS", 0) == d + 2
    vp, figs = get(g, "VP", 0), get(g, "FIG_SUPPLY", 0)
    assert g.phase == "choice"
    g.step("choice:1")
    assert get(g, "VP", 0) == vp + 5 and get(g, "FIG_SUPPLY", 0) == figs - 1
    check(g)


def test_combat_19_l4_l7_marker_only_after_the_explorer_space():
    """COMBAT-19 / EXPL-14: 'reached or passed' = explorer space number >= N."""
    g = _game(["L4", "L7"])
    _explorer_at(g, 0, 3)
    _combat(g, 0, 8)
    names = g.legal_action_names()
    assert "cb:flag:l4" not in names and "cb:flag:l7" not in names
    _explorer_at(g, 0, 4)
    _combat(g, 0, 8)
    names = g.legal_action_names()
    assert "cb:flag:l4" in names and "cb:flag:l7" not in names
    _explorer_at(g, 0, 11)
    _combat(g, 0, 8)
    assert "cb:flag:l7" in g.legal_action_names()
    g0 = _game([])   # without the tiles the new cities do not exist
    _explorer_at(g0, 0, 20)
    _combat(g0, 0, 8)
    assert not {"cb:flag:l4", "cb:flag:l7"} & set(g0.legal_action_names())


def test_leg_l5_figure_on_ending_here():
    g = _game(["L5"])
    _at_sail(g, 0, "8")
    s, gen = get(g, "FIG_SUPPLY", 0), get(g, "FIG_GENERAL", 0)
    g.step("sail:9:mp1")     # L5 lies on 9 (reconstructed)
    assert get(g, "FIG_SUPPLY", 0) == s + 1 and get(g, "FIG_GENERAL", 0) == gen - 1
    assert g.phase == "main"


def test_leg_l6_silver_fleet():
    g = _game(["L6"])
    d, inf, taken = get(g, "DOUBLOONS", 0), get(g, "INF", 0)[FRANCE], get(g, "SUP_TAKEN")[FRANCE]
    _combat(g, 0, 9)
    assert not {"cb:silver_fleet:0", "cb:silver_fleet:1"} & set(g.legal_action_names())
    _combat(g, 0, 21)
    assert {"cb:silver_fleet:0", "cb:silver_fleet:1"} <= set(g.legal_action_names())
    g.step("cb:silver_fleet:1")                       # the 11 space
    assert get(g, "DOUBLOONS", 0) == d + 8 and get(g, "INF", 0)[FRANCE] == inf + 3
    assert get(g, "LEG_SILVER").tolist() == [0, FRANCE + 1] and get(g, "SUP_TAKEN")[FRANCE] == taken + 1
    assert "cb:silver_fleet:0" not in g.legal_action_names()   # once per Combat (COMBAT-11)
    _combat(g, 0, 10, nation=1)
    g.step("cb:silver_fleet:0")
    _combat(g, 0, 20)
    assert not {"cb:silver_fleet:0", "cb:silver_fleet:1"} & set(g.legal_action_names())   # both full


def test_leg_l7_new_city_cp_then_combat():
    g = _game(["L7"])
    _at_sail(g, 0, "11")
    _explorer_at(g, 0, 10)
    refresh(g)
    assert not any(n.startswith("sail:l7:") for n in _sails(g))
    _explorer_at(g, 0, 11)
    refresh(g)
    assert "sail:l7:mp1" in _sails(g)
    put(g, "CP", 1, 0)
    at_main(g, 0, "l7")
    g.step("main:city")
    if g.phase == "deliver":
        g.step("pass")
    assert get(g, "CP", 0) == 4                        # +3 CP
    assert g.phase in ("combat_pile", "combat_nation")  # then at once a Combat


def test_leg_l9_gold_mine():
    g = _game(["L9"])
    _explorer_at(g, 0, 4)
    _combat(g, 0, 8)
    assert "cb:gold_mine" not in g.legal_action_names()   # explorer before space 5
    _explorer_at(g, 0, 5)
    _combat(g, 0, 7)
    assert "cb:gold_mine" not in g.legal_action_names()   # value below 8
    d = get(g, "DOUBLOONS", 0)
    inf = get(g, "INF", 0).tolist()
    _combat(g, 0, 8)
    g.step("cb:gold_mine")
    assert get(g, "DOUBLOONS", 0) == d + 12 and get(g, "LEG_MINE") == FRANCE + 1
    assert get(g, "INF", 0).tolist() == inf             # no influence is stated
    _combat(g, 0, 20, nation=2)
    assert "cb:gold_mine" not in g.legal_action_names()   # gone once occupied


def _disc_tile(g, name):
    return next(t for t in g.catalog.raw["legacy_tiles"]["tile"] if t["tile"] == name)


def _arrive_at_tile(g, name):
    t = _disc_tile(g, name)
    target = loc(g, t["location"])
    src = next(i for i, k in enumerate(g.catalog.loc_keys)
               if f"sail:{t['location']}:mp1" in _sails_from(g, k))
    _at_sail(g, 0, g.catalog.loc_keys[src])
    g.step(f"sail:{t['location']}:mp1")
    return t, target


def _sails_from(g, key):
    h = g.clone()
    try:
        _at_sail(h, 0, key)
    except Exception:
        return set()
    return _sails(h)


@pytest.mark.parametrize("name", [f"L{i}" for i in range(10, 18)])
def test_leg_l10_to_l17_disc_tiles(name):
    g = _game([name])
    put(g, "DOUBLOONS", 10, 0)
    put(g, "CP", 3, 0)
    slot = _used_slot(name)
    before = get(g, "LEG_DISCS")[slot]
    out = get(g, "DISCS_OUT", 0)
    t, _ = _arrive_at_tile(g, name)
    assert g.phase == "choice"                 # before the main action: use the tile or not
    vp, d = get(g, "VP", 0), get(g, "DOUBLOONS", 0)
    g.step("choice:1")
    while g.phase == "disc" or g.phase == "nation":
        g.step(g.legal_actions()[0])
    assert get(g, "LEG_DISCS")[slot] == before + 1 and get(g, "DISCS_OUT", 0) == out + 1
    cost = t.get("cost", {"kind": "none", "amount": 0})
    if name == "L10":
        assert cost["kind"] == "none"          # L10 has no cost
    if cost["kind"] == "doubloons" and t["reward"]["kind"] != "doubloons":
        assert get(g, "DOUBLOONS", 0) == d - cost["amount"]
    if t["reward"]["kind"] == "vp":
        assert get(g, "VP", 0) >= vp + t["reward"]["amount"]
    assert g.phase == "main" and not get(g, "MAIN_DONE")   # then the main action as usual
    check(g)
    # a full tile can no longer be used
    put(g, "LEG_DISCS", t["spaces"], index=slot)
    _arrive_at_tile(g, name)
    assert g.phase == "main"


def test_leg_l10_declined_keeps_everything():
    g = _game(["L10"])
    _at_sail(g, 0, "havana")
    g.step("sail:1:mp1")
    d = get(g, "DOUBLOONS", 0)
    g.step("choice:0")
    assert g.phase == "main" and get(g, "DOUBLOONS", 0) == d and get(g, "LEG_DISCS")[0] == 0


def test_leg_l11_toll_vector():
    """TV-47: with 1 doubloon you must stop on L11; with 2 you may pass and pay 2."""
    g = _game(["L11"])
    _at_sail(g, 0, "11")          # L11 lies on 12 (reconstructed)
    put(g, "DOUBLOONS", 1, 0)
    refresh(g)
    assert "sail:12:mp1" in _sails(g) and not any(n.startswith("sail:13:") for n in _sails(g))
    put(g, "DOUBLOONS", 2, 0)
    refresh(g)
    assert "sail:13:mp2" in _sails(g)
    g.step("sail:13:mp2")
    assert get(g, "DOUBLOONS", 0) == 0
    # ending on L11 itself costs nothing
    g2 = _game(["L11"])
    _at_sail(g2, 0, "11")
    put(g2, "DOUBLOONS", 1, 0)
    refresh(g2)
    g2.step("sail:12:mp1")
    assert get(g2, "DOUBLOONS", 0) == 1


@pytest.mark.parametrize("name", ["L20", "L21", "L22", "L23"])
def test_leg_l20_to_l23_skull_no_village_action(name):
    g = _game([name])
    key = _disc_tile(g, name)["location"]
    at_main(g, 0, key)
    assert "main:village" not in g.legal_action_names()
    g0 = _game([])
    at_main(g0, 0, key)
    assert "main:village" in g0.legal_action_names()


def test_leg_l25_six_vp_each_time_a_ship_ends_there():
    g = _game(["L25"])
    for _ in range(2):
        _at_sail(g, 0, "4")
        vp = get(g, "VP", 0)
        g.step("sail:5:mp1")       # L25 lies on 5 (reconstructed)
        assert get(g, "VP", 0) == vp + 6


def test_combat_19_l3_no_marker_and_l6_l9_markers_never_displaced():
    g = _game(["L3", "L6", "L9"])
    _explorer_at(g, 0, 5)
    _combat(g, 0, 30)
    g.step("cb:silver_fleet:0")
    g.step("cb:gold_mine")
    _combat(g, 0, 30, nation=1)   # another nation: no displace action reaches the tiles
    names = g.legal_action_names()
    assert "cb:flag:14" not in names and "cb:gold_mine" not in names and "cb:silver_fleet:0" not in names
    assert get(g, "LEG_SILVER")[0] == FRANCE + 1 and get(g, "LEG_MINE") == FRANCE + 1


def test_expl_14_reached_or_passed_is_the_space_number():
    """'Reached or passed space N': the explorer's space number >= N, on every path."""
    from maracaibo_env.maracaibo.core.legacy import explorer_reached
    g = _game(["L9"])
    for s in g.catalog.raw["explorer"]["space"]:
        put(g, "EXPLORER", g.catalog.exp_keys.index(s["key"]), 0)
        assert explorer_reached(g.state, g._cat, 0, 5) == (s["number"] >= 5)


def test_vill_07_no_village_main_action_at_skulls_and_plague_cartagena():
    g = _game(["L3", "L20", "L21", "L22", "L23"])
    for t in g.catalog.raw["legacy_tiles"]["tile"]:
        if t["kind"] in ("skull", "plague"):
            at_main(g, 0, t["location"])
            assert "main:village" not in g.legal_action_names()


def test_sail_10_con_35_legacy_numbers_and_map_changes():
    """CON-35: L2/L8/L18 3 MP; L4 3 MP to and from; L6 10/11, +3 influence, 8 doubloons;
    L9 8 -> 12 doubloons; L11 toll 2; L25 6 VP; L5 1 figure (each checked in its LEG test
    above); here: the tiles win over the board's 1-MP arrows (SAIL-10)."""
    g = _game(["L2", "L4", "L8", "L18"])
    _explorer_at(g, 0, 4)
    for frm, to, mp in (("2", "3", 3), ("9", "10", 3), ("18", "19", 3), ("5", "l4", 3), ("l4", "6", 3)):
        _at_sail(g, 0, frm)
        assert f"sail:{to}:mp{mp}" in _sails(g) and f"sail:{to}:mp1" not in _sails(g)


def test_solo_12_legacy_cities_count_for_jean():
    g = Game(num_players=1, seed=2, legacy=["L1"])
    # Puerto Cabezas is a city under L1: Jean counts it (SOLO-10 skips villages without a quest)
    put(g, "LEG_QUEST", 0)
    fifteen = loc(g, "15")
    assert automa.jean_destination(g.state, g._cat, fifteen, 1, 1) == loc(g, "16")
    g0 = Game(num_players=1, seed=2)
    put(g0, "BQ_TILE", -1)
    put(g0, "BQ_LOC", -1)
    put(g0, "BQ_AGE", -1)
    assert automa.jean_destination(g0.state, g0._cat, fifteen, 1, 1) == loc(g0, "17")


def test_solo_12_jean_takes_l1_quest_and_it_is_refilled():
    from maracaibo_env.maracaibo.core.legacy import jean_takes_quest
    g = Game(num_players=1, seed=2, legacy=["L1"])
    q, pile = get(g, "QUESTS", automa.JEAN), get(g, "QPILE_N")
    assert jean_takes_quest(g.state, g._cat, loc(g, "16"))
    assert get(g, "QUESTS", automa.JEAN) == q + 1 and get(g, "QPILE_N") == pile - 1 and get(g, "LEG_QUEST") > 0


# one named test per checklist item (the shared bodies above are parametrized)

def test_leg_l8_route_costs_3_mp():
    test_leg_l2_l8_l18_route_costs_3_mp("L8")


def test_leg_l18_route_costs_3_mp():
    test_leg_l2_l8_l18_route_costs_3_mp("L18")


def test_leg_l10_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L10")


def test_leg_l12_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L12")


def test_leg_l13_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L13")


def test_leg_l14_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L14")


def test_leg_l15_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L15")


def test_leg_l16_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L16")


def test_leg_l17_disc_tile():
    test_leg_l10_to_l17_disc_tiles("L17")


def test_leg_l20_skull_no_village_action():
    test_leg_l20_to_l23_skull_no_village_action("L20")


def test_leg_l21_skull_no_village_action():
    test_leg_l20_to_l23_skull_no_village_action("L21")


def test_leg_l22_skull_no_village_action():
    test_leg_l20_to_l23_skull_no_village_action("L22")


def test_leg_l23_skull_no_village_action():
    test_leg_l20_to_l23_skull_no_village_action("L23")


# ---- §26.6 Jean ---------------------------------------------------------------------------------

def test_jleg_01_jean_sails_to_l4_only_after_her_explorer_space():
    g = Game(num_players=1, seed=2, legacy=["L4"])
    five = loc(g, "5")
    upper = 1
    _explorer_at(g, automa.JEAN, 3)   # villages without a quest do not count (SOLO-10)
    assert automa.jean_destination(g.state, g._cat, five, 1, upper) == loc(g, "11")
    _explorer_at(g, automa.JEAN, 4)
    assert automa.jean_destination(g.state, g._cat, five, 1, upper) == loc(g, "l4")
    assert automa.jean_destination(g.state, g._cat, five, 1, 2) == loc(g, "11")   # lower arrow


def test_jleg_01_jean_annexes_l4_only_after_her_explorer_space():
    from maracaibo_env.maracaibo.core.legacy import marker_allowed
    g = Game(num_players=1, seed=2, legacy=["L4"])
    l4 = loc(g, "l4")
    _explorer_at(g, automa.JEAN, 3)
    assert not marker_allowed(g.state, g._cat, l4, automa.JEAN)
    _explorer_at(g, automa.JEAN, 4)
    assert marker_allowed(g.state, g._cat, l4, automa.JEAN)


def test_jleg_02_jean_ignores_l5_l25_l10_to_l17():
    ignored = ["L2", "L5", "L6", "L8"] + [f"L{i}" for i in range(10, 19)] + ["L20", "L21", "L22", "L23", "L25"]
    for seed in range(3):
        g = Game(num_players=1, seed=seed, legacy=ignored)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            g.step(int(rng.choice(g.legal_actions())))
        src = get(g, "VP_SRC", automa.JEAN)
        assert src[L.VP_SOURCES.index("other")] <= 0     # no L25 / disc-tile VP
        assert get(g, "FIG_SUPPLY", automa.JEAN) == 0    # no L5 figure


def test_jleg_03_disc_tiles_start_with_the_two_player_and_solo_discs():
    tiles = [f"L{i}" for i in range(10, 18)]
    solo = Game(num_players=1, seed=0, legacy=tiles)
    two = Game(num_players=2, seed=0, legacy=tiles)
    three = Game(num_players=3, seed=0, legacy=tiles)
    assert get(solo, "LEG_DISCS").tolist() == [1] + [2] * 7    # L10 +1; L11-L17 2p rule +1
    assert get(two, "LEG_DISCS").tolist() == [0] + [1] * 7
    assert get(three, "LEG_DISCS").tolist() == [0] * 8


# ---- DATA-18: one tile per spot; the data file -----------------------------------------------------

def test_data_18_two_tiles_on_one_spot_are_refused(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    p = d / "legacy_tiles.toml"
    p.write_text(p.read_text().replace('tile = "L12"\nkind = "disc"\nlocation = "2"',
                                       'tile = "L12"\nkind = "disc"\nlocation = "1"'))
    Game(num_players=2, legacy=["L12"], data_dir=d)
    with pytest.raises(GameConfigError, match=r"L10 and L12.*location:1.*allowed"):
        Game(num_players=2, legacy=["L10", "L12"], data_dir=d)


def test_data_18_rulebook_numbers_are_enforced(tmp_path):
    from maracaibo_env.maracaibo.data_load import load_raw
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    p = d / "legacy_tiles.toml"
    p.write_text(p.read_text().replace("vp = 6", "vp = 5"))
    with pytest.raises(DataError, match=r"legacy_tiles\.toml: tile\[\d+\]: vp: 5 contradicts the rulebook.*allowed: 6"):
        load_raw(d)


def test_data_18_every_entry_has_a_source_and_placement():
    for t in Game().catalog.raw["legacy_tiles"]["tile"]:
        assert t["source"] in ("rulebook", "published", "reconstructed")
        assert t["placement"] in ("rulebook", "reconstructed")
    tiles = {t["tile"] for t in Game().catalog.raw["legacy_tiles"]["tile"]}
    assert tiles == set(LEGACY_TILES)


# ---- observation, render, saved games --------------------------------------------------------------

def test_legacy_tiles_in_observation_and_render():
    from maracaibo_env.maracaibo.render import render_text
    g = _game(["L6", "L12"], n=2)
    spec = {name: (off, size) for name, off, size, _ in g.observation_spec()}
    obs = g.observe(0)
    off, _ = spec["legacy"]
    assert obs[off] == (1 << 5) | (1 << 11)
    off, size = spec["legacy_discs"]
    assert obs[off:off + size].tolist() == [0, 0, 1, 0, 0, 0, 0, 0]
    text = render_text(g)
    assert "L6 silver_fleet" in text and "L12 disc" in text


def test_saved_game_with_tiles_round_trips():
    g = _game(list(LEGACY_TILES), n=3, seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        g.step(int(rng.choice(g.legal_actions())))
    h = Game.from_json(g.to_json())
    assert np.array_equal(h.state, g.state) and h.options["legacy"] == tuple(LEGACY_TILES)


def test_format_2_save_without_legacy_fields_loads():
    g = _game([], n=2, seed=1)
    d = json.loads(g.to_json())
    d["format"] = 2
    for name, *rest in L.GLOBAL_FIELDS + L.PLAYER_FIELDS:
        if rest[1:] == [3]:
            for where in [d["state"]] + d["state"].get("players", []):
                where.pop(name, None)
    h = Game.from_dict(d)
    assert np.array_equal(h.state, g.state)


def test_validate_refuses_legacy_fields_without_their_tile():
    from maracaibo_env.maracaibo.validate import state_problems
    g = _game([], n=2)
    s = g.state.copy()
    s[K.G_LEG_MINE] = 1
    assert any("LEG_MINE" in p for p in state_problems(s, g.catalog))
    s = g.state.copy()
    s[K.G_LEG_DISCS] = 9
    assert any("LEG_DISCS" in p for p in state_problems(s, g.catalog))


# ---- random games ---------------------------------------------------------------------------------

def _play(n, seed, legacy, strict_every=0):
    g = Game(num_players=n, seed=seed, legacy=legacy)
    rng = np.random.default_rng(seed)
    steps = 0
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
        steps += 1
        strict = strict_every and steps % strict_every == 0
        bad = check_invariants(g.state, g.catalog, strict=strict)
        assert not bad, (n, seed, legacy, steps, g.phase, bad)
        assert steps < 5000
    assert g.round == 4 and not check_invariants(g.state, g.catalog, strict=True)
    return g


@pytest.mark.parametrize("tile", LEGACY_TILES)
def test_leg_random_games_with_each_tile_alone(tile):
    for n in (1, 2):
        _play(n, 100 + int(tile[1:]), [tile])


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_leg_random_games_with_all_tiles(n):
    for seed in range(4):
        _play(n, seed, list(LEGACY_TILES), strict_every=7)


_PREFER = ("cb:gold_mine", "cb:silver_fleet:1", "cb:cp", "cb:figure", "cb:silver_fleet", "sail:l4", "sail:l7",
           "explore")     # the explorer to the gold mine's space (L9)


def _eager(g, rng):
    """A random policy that takes a legacy option (or raises the combat value
    towards one) whenever it can, so random games reach every tile's rule."""
    names = g.legal_action_names()
    for key in _PREFER:
        hits = [n for n in names if n.startswith(key)]
        if hits:                            # any of them (silver fleet 0 or 1 ...)
            return hits[int(rng.integers(len(hits)))]
    if g.phase == "choice" and "choice:1" in names:
        return "choice:1"
    return g.action_name(int(rng.choice(g.legal_actions())))


def test_leg_random_games_use_the_tiles():
    """Games whose players seize every legacy option, invariants after each step."""
    taken = set()
    want = {"cb:silver_fleet:0", "cb:silver_fleet:1", "cb:gold_mine", "sail:l4"}
    for n in (1, 2, 3, 4):
        for seed in range(8):
            g = Game(num_players=n, seed=seed, legacy=list(LEGACY_TILES))
            rng = np.random.default_rng(seed)
            steps = 0
            while not g.is_over:
                a = _eager(g, rng)
                taken.add(a.split(":mp")[0])
                g.step(a)
                steps += 1
                bad = check_invariants(g.state, g.catalog, strict=steps % 5 == 0)
                assert not bad, (n, seed, steps, a, bad)
    assert want <= taken, \
        sorted(t for t in taken if t.startswith(("cb:s", "cb:g", "sail:l")))


def test_data_18_a_data_folder_without_the_file_has_no_tiles(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    (d / "legacy_tiles.toml").unlink()
    Game(num_players=2, data_dir=d)
    with pytest.raises(GameConfigError, match="L6 not described in legacy_tiles.toml"):
        Game(num_players=2, data_dir=d, legacy=["L6"])


def test_leg_00a_a_replay_with_tiles_verifies(tmp_path):
    from maracaibo_env.framework.replay import verify_replay
    g = Game(num_players=3, seed=9, legacy=list(LEGACY_TILES))
    rng = np.random.default_rng(9)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    g.save_replay(tmp_path / "r.jsonl")
    h = verify_replay(tmp_path / "r.jsonl")
    assert h.scores() == g.scores() and h.options["legacy"] == tuple(LEGACY_TILES)

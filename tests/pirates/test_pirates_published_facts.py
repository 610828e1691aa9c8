"""Pirates of Maracaibo's published facts against the raw data files.

Each test takes one fact of maracaibo_env/pirates/facts/published_facts.toml
(the project's own record of the published facts, in the repository: F1.1 ..
F6.3 and the inferences I7.1 .. I7.3) and compares its values with the TOML
files in maracaibo_env/pirates/data/ read with tomllib (not the loader nor the
compiled catalog): a value changed in the facts file or in the data fails a
test. Tests are named test_fact_<ID>_... with '_' for '.', one name per fact
they check. docs/pirates_data.md says which facts the data adopts; [blog] facts
are weak hints there, and those the data follows are checked like the others.
tests/pirates/test_pirates_published_facts_shared.py checks that the facts file
says what the facts survey in the shared folder beside the checkout says
(skipped without it).

Facts that constrain no data file (no test here; test_every_fact_is_accounted_for
reads this list):

- F1.1: Maracaibo above the Gulf: geometry of the engine (MOVE-06), no data value.
- F1.3: adjacency "including vertically": a movement rule (MOVE-02).
- F1.4: the end column further right: a movement rule (MOVE-04).
- F1.5: BGA's 5-doubloon option on a Residence: not adopted, the rulebook text
  wins (RES-05 in docs/rulings.md).
- F1.6: printed token slots on Residences: the data has no slots (RES-03).
- F1.7: BGA's two scroll kinds: a simplification; the effect fields follow the
  rulebook's four scrolls (CON-20).
- F1.8: where an Improvement is placed: layout only.
- F1.9: paying opponents: a rule (MOVE-08).
- F1.10: a revision note of the BGA page: provenance only.
- F1.11: stops and the end of a round: rules (TURN-03, ROUND-04).
- F2.2: "six islands, four Residences, 15 Improvements": contradicts the
  rulebook's 8 Locations and 27 cards, not adopted.
- F2.8: Locations upgrade the ship: a rule (the engine adds the Upgrade, LOC-01).
- F2.9: Maracaibo called an island tile: wording; it is a space of the board.
- F2.11: one secret quest at the start: a rule (SET-17).
- F3.1, F3.2, F3.3: physical descriptions of the boards and tokens.
- F3.5: ship cubes "increase income": a weak possible conflict, not adopted (no
  ship slot gives income; CON-15).
- F3.6: the map is islands plus cards: the rulebook's card kinds (CON-03).
- F3.7: Locations upgrade the ship, Residences sell a place: rules.
- F3.9: the dice colours: the rulebook's (CON-05); the data has no dice.
- F3.10: cubes, "everywhere", 1-3 cards a move: rules.
- F4.3: the round ends after everyone's next turn: contradicts the rulebook
  (TURN-03), a reviewer's error.
- F4.4: "cannot go back": a movement rule (MOVE-04).
- F4.5: an incomplete list of Location actions: rules (LOC-06).
- F4.6: most modules have solo rules: rules (SOLO-38).
- F5.2, F5.3: the Commanders expansion: out of scope; the data holds none of
  its components (its forts, rum and cannon tokens, commanders).
- F6.1, F6.2, F6.3: searches that found no source: nothing to adopt.
- I7.1: the Gulf/Maracaibo geometry: engine code (MOVE-04, MOVE-06).
- I7.2: Residence slot limits: a rule (RES-03).

Fact F2.4 is tested only for its "7 small boards" (with F2.5's breakdown); its
dice, tiles and cubes are no data. F2.13's "burying makes it worth more" is a
scoring rule.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from helpers import FactBook, raw_toml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "maracaibo_env" / "pirates" / "data"
ISLAND_CELL = {"gold": "G", "emerald": "E", "pearl": "P"}      # layouts.toml's island letters


@functools.cache
def toml(name: str) -> dict:
    return raw_toml(DATA, name)


@pytest.fixture(scope="module")
def facts() -> FactBook:
    return FactBook("pirates")


# ------------------------------------------------------------- data helpers

def improvements(tier: int | None = None) -> list[dict]:
    return [c for c in toml("cards")["improvement"] if tier is None or c["tier"] == tier]


def locations(tier: int | None = None) -> list[dict]:
    return [c for c in toml("cards")["location"] if tier is None or c["tier"] == tier]


def residences() -> list[dict]:
    return toml("cards")["residence"]


def effects(card: dict, field: str) -> list[dict]:
    return card.get(field, [])


def grid(layout: dict) -> list[str]:
    """The layout's columns, left to right (each a string, top to bottom)."""
    return ["".join(row[c] for row in layout["rows"]) for c in range(len(layout["rows"][0]))]


def track_rivers() -> dict[str, int]:
    """Rivers crossed to reach each space of the exploration track."""
    spaces = {s["key"]: s for s in toml("board")["track"]}
    rivers = {"start": 0}
    for s in toml("board")["track"]:                 # listed in travel order
        for k in s.get("next", []):
            rivers[k] = rivers[s["key"]] + int(spaces[k].get("river", False))
    return rivers


def printed_vp(space: dict) -> int:
    return sum(e.get("n", 0) for e in space.get("effects", []) if e["do"] == "vp")


# ================================================================== tests

def test_fact_F1_2_the_gulf_right_of_the_card_grid(facts):
    assert facts.value("F1.2", "gulf_side") == "right"
    for layout in toml("layouts")["layout"]:
        cells = set("".join(layout["rows"]))
        assert cells <= {"C", "."} | set(ISLAND_CELL.values()), layout["key"]    # no Gulf cell in the grid
        assert "C" in grid(layout)[-1], layout["key"]     # the rightmost column's cards touch the Gulf


TIER_KINDS = {"improvement": improvements, "location": locations}


def test_fact_F2_1_tier_ii_holds_improvements_and_locations_only(facts):
    v = facts.values("F2.1")
    for kind in v["tier_2"]:
        assert TIER_KINDS[kind](2), f"no Tier II {kind}"
    assert v["not_in_tier_2"] == "residence"
    assert [r["key"] for r in residences() if r.get("tier", 1) != 1] == [], "Tier II residences"


def test_fact_F2_3_rewards_grow_along_the_track(facts):
    assert facts.value("F2.3", "later_scores_more") is True
    rivers = track_rivers()
    spaces = toml("board")["track"]
    half = max(rivers.values()) / 2
    early = [printed_vp(s) for s in spaces if rivers[s["key"]] <= half]
    late = [printed_vp(s) for s in spaces if rivers[s["key"]] > half]
    assert sum(late) / len(late) > sum(early) / len(early)
    ends = [s for s in spaces if not s.get("next")]
    assert {printed_vp(s) for s in ends} == {max(printed_vp(s) for s in spaces)}


def test_fact_F2_4_F2_5_the_seven_small_boards(facts):
    total = facts.value("F2.4", "small_boards")
    v = facts.values("F2.5")
    islands, supply, market, discount = (v[k] for k in ("treasure_islands", "ruby_supply", "ruby_market",
                                                        "residence_discount"))
    assert v["small_boards"] == total == islands + supply + market + discount
    assert len(toml("board")["islands"]) == islands
    assert len(toml("modules")["ruby_supply"]) == supply
    assert market == 1 and toml("modules")["ruby_market"]              # one tile, its spaces listed
    assert sum(bool(s.get("retirement")) for s in toml("board")["track"]) == discount


def test_fact_F2_6_the_120_cards(facts):
    v = facts.values("F2.6")
    assert v["tier_1"] + v["tier_2"] + v["quests"] + v["solo"] == v["total"]
    assert len(improvements(1)) + len(locations(1)) + len(residences()) == v["tier_1"]     # residences are Tier I
    assert len(improvements(2)) + len(locations(2)) == v["tier_2"]
    assert len(toml("quests")["quest"]) == v["quests"]
    assert len(toml("jordan")["card"]) == v["solo"]


IMPROVEMENT_EFFECTS = {   # F2.7's effects -> the effects that show them: (field, do), any of
    "income": None,                                     # checked below: both incomes
    "raid_power": [("ongoing", "raid_power")],
    "quest": [("lightning", "quest")],
    "discount": [("ongoing", "discount")],
    "explore": [("lightning", "explore"), ("ongoing", "explore_bonus")],
}


def test_fact_F2_7_what_improvements_do(facts):
    listed = facts.value("F2.7", "effects")
    unknown = [p for p in listed if p not in IMPROVEMENT_EFFECTS]
    assert not unknown, f"F2.7 names improvement effects this test does not know: {unknown}"
    cards = improvements()
    for kind in listed:
        if IMPROVEMENT_EFFECTS[kind] is None:
            assert any(c.get("income", {}).get("coins") for c in cards), kind
            assert any(c.get("income", {}).get("vp") for c in cards), kind
            continue
        assert any(e["do"] == do for c in cards for field, do in IMPROVEMENT_EFFECTS[kind]
                   for e in effects(c, field)), kind
    assert any(len(s.get("next", [])) == 2 for s in toml("board")["track"])    # the branching path


def test_fact_F2_10_treasure_islands_at_fixed_places(facts):
    v = facts.values("F2.10")
    treasures = set(v["treasures"])
    assert len(treasures) == v["islands"]
    assert {i["treasure"] for i in toml("board")["islands"]} == treasures
    for layout in toml("layouts")["layout"]:
        cells = "".join(layout["rows"])
        for t in treasures:                     # each island on one or two cells of the diagram
            assert 1 <= cells.count(ISLAND_CELL[t]) <= 2, (layout["key"], t)


def test_fact_F2_12_I7_3_ship_board_upgrades(facts):
    v = facts.values("F2.12")
    i = facts.values("I7.3")
    move, pips = v["explore_bonus"], v["treasure_pips"]
    assert (i["explore"], i["treasure_pips"]) == (move, pips)
    assert (i["explore_icon"], i["treasure_icon"]) == ("GIC-07", "GIC-01")    # the glossary's icons
    slots = toml("ship")["slot"]
    assert any(s["benefit"] == [{"do": "explore_bonus", "n": move}] for s in slots)
    raids = {r["key"]: r for r in toml("ship")["raid_action"]}
    unlocked = [raids[e["action"]] for s in slots for e in s["benefit"] if e["do"] == "raid_action"]
    assert any(r["power"] == pips and [e["do"] for e in r["effects"]] == ["treasure"] for r in unlocked)


def test_fact_F2_13_a_treasure_costs_5_pips(facts):
    pips = facts.value("F2.13", "treasure_pips")
    standard = [r for r in toml("ship")["raid_action"] if r.get("standard")]
    assert [r["power"] for r in standard if [e["do"] for e in r["effects"]] == ["treasure"]] == [pips]


def test_fact_F3_4_a_3_player_game_of_255_and_200(facts):
    v = facts.values("F3.4")
    n, winner, other = v["players"], v["winner"], v["others"]
    # calibration.toml shows the reported game beside the measured one (illustrations, not ranges)
    targets = {t["name"]: t for t in toml("calibration")["target"]}
    best, mean = targets[f"winner_score_{n}p"], targets[f"final_score_{n}p"]
    for t in (best, mean):
        assert (t["players"], t["source"]) == ([n], "published") and "F3.4" in t["reference"], t["name"]
    assert best["example"] == winner
    assert mean["example"] == round((winner + (n - 1) * other) / n)


def test_fact_F3_8_several_example_layouts(facts):
    assert facts.value("F3.8", "several_layouts") is True
    layouts = toml("layouts")
    assert len(layouts["layout"]) > 1
    assert layouts["default"] in [x["key"] for x in layouts["layout"]]


def test_fact_F4_1_improvement_types(facts):
    v = facts.values("F4.1")
    types = {v["goods_means"] if t == "goods" else t for t in v["types"]}     # F4.1's own inference
    assert {c["type"] for c in improvements()} == types


def test_fact_F4_2_a_location_offers_money_instead(facts):
    assert facts.value("F4.2", "money_instead") is True
    assert any(len(loc["sides"]) == 2 and any([e["do"] for e in side] == ["coins"] for side in loc["sides"])
               for loc in locations())


def test_fact_F5_1_six_treasure_value_tiles(facts):
    n = facts.value("F5.1", "tv_tiles")
    assert len(toml("board")["tv_tiles"]) == n
    assert sum(bool(loc.get("treasure_value")) for loc in locations()) == n


# ============================================================ accounting

def test_every_fact_is_accounted_for(facts):
    """Every fact has a test here or a line in the module docstring's list, and
    exactly the tested facts carry values."""
    tested = {f"{a}{b}.{c}" for name in globals() if name.startswith("test_fact_")
              for a, b, c in re.findall(r"_([FI])(\d+)_(\d+)", name)}
    listed = {fid for line in __doc__.splitlines() if (m := re.match(r"- ((?:[FI]\d+\.\d+(?:, )?)+): ", line))
              for fid in m[1].split(", ")}
    assert not tested & listed, f"facts both tested and listed as constraining no data: {sorted(tested & listed)}"
    assert tested | listed == set(facts.facts), (
        f"facts with neither a test nor a docstring line: {sorted(set(facts.facts) - tested - listed)}; "
        f"tests or lines for facts that do not exist: {sorted(tested | listed - set(facts.facts))}")
    with_values = {fid for fid, f in facts.facts.items() if f.get("values")}
    assert with_values == tested, (f"facts with values but no test: {sorted(with_values - tested)}; "
                                   f"tested facts without values: {sorted(tested - with_values)}")


def test_every_fact_names_known_sources_strengths_and_rules(facts):
    import tomllib
    with open(ROOT / "maracaibo_env" / "pirates" / "facts" / "rules_index.toml", "rb") as f:
        rules = {r["id"] for s in tomllib.load(f)["section"] for r in s["rules"]}
    strengths = {"text", "pic", "code", "blog", "inference"}
    for fid, f in facts.facts.items():
        assert f["fact"].strip() and f["section"].strip(), fid
        assert set(f["sources"]) <= set(facts.sources), (fid, f["sources"])
        assert set(f.get("derived_from", [])) <= set(facts.facts), (fid, f["derived_from"])
        assert f["sources"] or f.get("derived_from"), f"fact {fid} names no source"
        assert f["strength"] and set(f["strength"]) <= strengths, (fid, f["strength"])
        # a lettered part (RAID-06c) is a part of its item's text
        unknown = [r for r in f["rules"] if r not in rules and r.rstrip("abcdefgh") not in rules]
        assert not unknown, f"fact {fid} names rules the index does not have: {unknown}"

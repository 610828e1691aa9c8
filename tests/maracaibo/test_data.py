"""Tests for the game data files and their loader (maracaibo_env/maracaibo/data_load.py).

* the shipped data loads;
* one test per data constraint of the rules checklist (CON-xx, §0.2), named
  after its ID, plus the rulebook facts the files must reproduce exactly;
* the design constraints the engine relies on for the reconstructed parts;
* malformed copies of the data raise DataError naming file, entry and field.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from maracaibo_env.maracaibo.data_load import (
    CITY_ACTIONS, DATA_DIR, EFFECT_KINDS, FILES, REQUIREMENT_KINDS, SOURCES, DataError,
    load_raw,
)

NATIONS = ("france", "england", "spain")


@pytest.fixture(scope="module")
def data() -> dict:
    return load_raw()


def locations(data: dict) -> dict[str, dict]:
    return {loc["key"]: loc for loc in data["board"]["location"]}


def active_arrows(data: dict, rnd: int) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {k: [] for k in locations(data)}
    for a in data["board"]["arrow"]:
        if a["rounds"][0] <= rnd <= a["rounds"][1]:
            out[a["from"]].append(a["to"])
    return out


def route_lengths(nxt: dict[str, list[str]], start: str, end: str) -> set[int]:
    """Lengths (in moves) of all routes from start to end in a DAG."""
    lengths: set[int] = set()

    def walk(node: str, n: int) -> None:
        if node == end:
            lengths.add(n)
        for m in nxt[node]:
            walk(m, n + 1)

    walk(start, 0)
    return lengths


def forks_that_rejoin(nxt: dict[str, list[str]]) -> list[str]:
    """Nodes with two successors whose branches meet again later."""

    def reach(node: str) -> set[str]:
        seen, todo = set(), [node]
        while todo:
            for m in nxt[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return seen

    return [k for k, succ in nxt.items()
            if len(succ) == 2 and reach(succ[0]) & reach(succ[1])]


# =========================================================================
# The shipped data
# =========================================================================

def test_shipped_data_loads(data):
    assert set(data) == set(FILES)


def _entries(data):
    for stem, doc in data.items():
        for name, value in doc.items():
            entries = value if isinstance(value, list) else [value]
            for i, entry in enumerate(entries):
                yield f"{stem}.{name}[{i}]", entry
    for story in data["story_cards"]["story"]:
        for i, q in enumerate(story["quests"]):
            yield f"story {story['number']}.quests[{i}]", q


def test_every_entry_has_a_source(data):
    assert SOURCES == ("rulebook", "published", "reconstructed")
    for where, entry in _entries(data):
        assert entry.get("source") in SOURCES, where


def test_published_entries_name_their_source(data):
    published = [(w, e) for w, e in _entries(data) if e["source"] == "published"]
    assert len(published) >= 15
    for where, entry in published:
        ref = entry.get("ref", "")
        assert ref and ("ZH" in ref or "SH" in ref), where   # the sources of the facts file


def test_every_file_has_a_header_comment():
    for stem in FILES:
        text = (DATA_DIR / f"{stem}.toml").read_text()
        assert text.startswith("#"), stem
        header = text.split("\n\n")[0].lower()
        assert "rulebook" in header and "reconstructed" in header, stem
        assert "physical game" in header, stem


def test_con_01_157_project_cards(data):
    cards = data["cards"]["card"]
    assert len(cards) == 157
    decks = Counter(c["deck"] for c in cards)
    assert decks == {"A": 56, "B": 101}
    assert len({c["key"] for c in cards}) == 157
    assert len({c["name"] for c in cards}) == 157


def test_con_02_non_campaign_story_cards(data):
    assert sorted(s["number"] for s in data["story_cards"]["story"]) == [75, 76, 77]


def test_con_04_8_career_cards(data):
    assert len(data["careers"]["career"]) == 8


def test_con_05_24_quest_tiles(data):
    assert len(data["quests"]["quest"]) == 24


def test_con_07_5_synergy_symbols(data):
    keys = [s["key"] for s in data["goods"]["synergy"]]
    assert len(keys) == len(set(keys)) == 5
    # rulebook: anchor, crossed axes, crown; published (fact 44, ZH p14): the
    # crossed saw and axe (= crossed axes), medal, crown, half-timbered house, anchor
    assert set(keys) == {"anchor", "crossed_axes", "crown", "medal", "house"}


def test_data_19_goods_and_objects(data):
    goods = {g["key"] for g in data["goods"]["good"] if g["kind"] == "good"}
    objects = {g["key"] for g in data["goods"]["good"] if g["kind"] == "object"}
    assert goods == {"tobacco", "corn", "sugar"}                      # fact 45 (ZH p13)
    assert objects == {"map", "book", "herbs", "telescope"}           # rulebook + fact 45
    perm = {e["object"] for c in data["cards"]["card"] for e in c["effects"]
            if e["kind"] == "perm_object"}
    assert perm == {"map", "book", "herbs"}          # the text's permanent objects only


def test_con_08_25_combat_tokens(data):
    tokens = data["combat_tokens"]["token"]
    assert len(tokens) == 25
    assert len({t["key"] for t in tokens}) == 25


def test_con_09_13_city_tiles(data):
    tiles = data["city_tiles"]["tile"]
    assert len(tiles) == 13
    maracaibo = [t for t in tiles if t["maracaibo"]]
    special = [t for t in tiles if t["special"]]
    assert len(maracaibo) == 1 and maracaibo[0]["players"] == [2]
    assert len(special) == 2
    for n in (2, 3, 4):
        usable = [t for t in tiles if n in t["players"] and not t["maracaibo"]]
        assert len(usable) >= 4
        assert all(n in t["players"] for t in special)
    slots = [loc["key"] for loc in data["board"]["location"] if loc["tile_slot"]]
    assert slots == ["4", "5", "13", "14"]


def test_con_11_8_prestige_buildings(data):
    buildings = {b["key"]: b for b in data["prestige"]["building"]}
    assert set(buildings) == {"abbey", "palace", "basilica", "citadel", "minster",
                              "military_base", "academy", "cathedral"}
    assert buildings["abbey"]["scoring"] == {"per": "barrier", "vp": 4}
    assert buildings["palace"]["scoring"] == {"per": "quest", "vp": 2}
    assert buildings["basilica"]["scoring"] == {"per": "assistant", "vp": 4, "max": 16}
    assert buildings["citadel"]["scoring"] == {"per": "figure_and_cp", "vp": 2}
    assert buildings["minster"]["scoring"] == {"per": "synergy", "vp": 3}
    assert buildings["military_base"]["scoring"] == {"per": "combat_token", "vp": 2}
    assert buildings["academy"]["scoring"] == {"per": "upgrade", "vp": 2}
    assert buildings["cathedral"]["scoring"] == {"per": "doubloon_track_vp", "vp": 2}
    # published: investing gives the crown (fact 40); a building shows "20" (fact 41)
    assert data["prestige"]["investing"]["synergy"] == "crown"
    assert all("synergy" not in b for b in buildings.values())
    costs = [b["cost"] for b in buildings.values()]
    assert max(costs) == 20 and all(9 <= c <= 20 for c in costs)


def test_con_12_supply_spaces(data):
    spaces = data["influence"]["supply"]["spaces"]
    assert spaces == [1, 2, 2, 2, 2, 2, 2]
    assert sum(spaces) == 13


def test_con_14_12_ship_areas_24_discs(data):
    areas = data["ship"]["area"]
    assert len(areas) == 12
    assert 2 * len(areas) == 24


def test_con_22_doubloon_track(data):
    track = data["income"]["doubloon_track"]
    assert (track["start"], track["max"]) == (8, 34)
    vp = track["vp"]
    assert len(vp) == 27 and vp[0] == 0
    assert all(a <= b for a, b in zip(vp, vp[1:]))
    at = dict(zip(range(8, 35), vp))
    # published (facts 36-38): the final-scoring example 23 -> 4 VP (EN: 4 VP), the
    # Cathedral example 24 -> 5 VP (EN: 5 VP), the end of the track 34 -> 10
    assert (at[23], at[24], at[34]) == (4, 5, 10)


def test_con_23_vp_track(data):
    assert data["income"]["vp_track"] == {"start": 0, "max": 20, "source": "rulebook"}


def test_con_29_named_locations(data):
    locs = locations(data)
    assert (locs["havana"]["kind"], locs["havana"]["number"]) == ("start", 0)
    for key, name in (("4", "Puerto Plata"), ("5", "Santo Domingo"),
                      ("13", "Port Royal"), ("14", "Cartagena")):
        assert (locs[key]["name"], locs[key]["kind"], locs[key]["tile_slot"]) == (name, "city", True)
        assert "action" not in locs[key] and "market" not in locs[key]
    for key, name in (("6", "San Juan"), ("7", "St. Kitts"), ("8", "Martinique")):
        assert (locs[key]["name"], locs[key]["kind"]) == (name, "village")
    maracaibo = [loc for loc in locs.values() if loc["maracaibo"]]
    assert len(maracaibo) == 1
    assert maracaibo[0]["name"] == "Maracaibo" and maracaibo[0]["kind"] == "city"
    assert not maracaibo[0]["tile_slot"]
    assert [loc["kind"] for loc in locs.values() if loc["name"] == "Puerto Cabezas"] == ["village"]
    for key in ("12", "15", "16", "18", "19"):
        assert key in locs
    home = {"20": ("home20", 2), "21a": ("home21a", 3), "21b": ("home21b", 3), "22": ("home22", 5)}
    for key, (kind, n) in home.items():
        loc = locs[key]
        assert loc["kind"] == "home" and loc["must_stop"]
        assert loc["action"] == {"kind": kind, "amount": n}
        assert "market" not in loc and "flag" not in loc
    assert [locs[k]["number"] for k in ("20", "21a", "21b", "22")] == [20, 21, 22, 23]


def test_setup_09_two_player_markers(data):
    markers = data["board"]["setup"]["two_player_markers"]
    assert markers == {"spain": "6", "england": "7", "france": "8"}
    locs = locations(data)
    assert all(locs[k]["kind"] == "village" for k in markers.values())


def test_con_30_explorer_track(data):
    spaces = {s["key"]: s for s in data["explorer"]["space"]}
    assert data["explorer"]["last_space"]["vp"] == [10, 8, 6, 4]
    assert 20 <= len(spaces) <= 36
    assert sum(s["quest"] for s in spaces.values()) == 3
    assert all("reward" not in s for s in spaces.values() if s["quest"])
    last = [s for s in spaces.values() if s["last"]]
    assert len(last) == 1 and last[0]["next"] == []
    nxt = {k: s["next"] for k, s in spaces.items()}
    start = next(k for k, s in spaces.items() if s["number"] == 0)
    assert "reward" not in spaces[start]
    # every path crosses red, blue, green exactly once, in this order, and passes 4, 5, 11
    by_number = {s["number"]: k for k, s in spaces.items()}

    def paths(node):
        if not nxt[node]:
            return [[node]]
        return [[node] + p for m in nxt[node] for p in paths(m)]

    all_paths = paths(start)
    assert len(all_paths) >= 2
    for p in all_paths:
        assert p[-1] == last[0]["key"]
        barriers = [spaces[k]["barrier"] for k in p if "barrier" in spaces[k]]
        assert barriers == ["red", "blue", "green"]
        for n in (4, 5, 11):
            assert by_number[n] in p


def test_con_32_draw_pile_sizes(data):
    a_cards = sum(1 for c in data["cards"]["card"] if c["deck"] == "A")
    assert {n: a_cards - 8 * n + 40 for n in (2, 3, 4)} == {2: 80, 3: 72, 4: 64}


def test_con_33_ship_areas_and_prerequisites(data):
    areas = {a["key"]: a for a in data["ship"]["area"]}
    assert set(areas) == {"village_thresholds", "hand_limit", "free_market", "doubloons5", "vp3",
                          "vp6", "village_annex", "village_cp_doubloon", "village_goods",
                          "village_marker", "choice", "vp10"}
    prereq = {k: (a.get("requires_area"), a.get("requires_completed")) for k, a in areas.items()}
    assert prereq.pop("vp6") == ("vp3", None)                       # SHIP-06
    assert prereq.pop("village_goods") == ("village_cp_doubloon", None)   # SHIP-09
    assert prereq.pop("village_marker") == (None, 4)                # SHIP-10
    assert prereq.pop("choice") == (None, 4)                        # SHIP-11
    assert prereq.pop("vp10") == (None, 6)                          # SHIP-12
    assert set(prereq.values()) == {(None, None)}
    assert all(a["source"] == "rulebook" for a in areas.values())


def test_con_37_quest_structure(data):
    quests = data["quests"]["quest"]
    cost_kinds = {"cp", "objects", "doubloons", "mp4", "figure", "goods"}
    reward_kinds = {"doubloons", "per_compass", "influence", "figure", "cp", "spain2", "discs2",
                    "vp", "combat", "explore"}
    for q in quests:
        assert 1 <= len(q["cost"]) <= 2 and 1 <= len(q["reward"]) <= 3
        assert {c["kind"] for c in q["cost"]} <= cost_kinds
        assert {r["kind"] for r in q["reward"]} <= reward_kinds
        assert sum(r["kind"] == "per_compass" for r in q["reward"]) <= 1
    assert {c["kind"] for q in quests for c in q["cost"]} == cost_kinds
    assert {r["kind"] for q in quests for r in q["reward"]} == reward_kinds
    # 000 L954: "Part of the reward depends on how many compass symbols you have" - on every
    # tile (issue 37; the first reconstruction's "about a third" was our reading, not the text's)
    with_compass = sum(any(r["kind"] == "per_compass" for r in q["reward"]) for q in quests)
    assert with_compass == 24
    # QREW-12: an explorer reward moves up to 2 unless the tile prints another number
    assert {r.get("amount", 2) for q in quests for r in q["reward"] if r["kind"] == "explore"} \
        == {2, 3}


def test_quest_04_tv_08_the_example_tile_is_shipped(data):
    q01 = data["quests"]["quest"][0]
    # EN: "pays a figure ... 2 doubloons for each compass symbol ... move his explorer up to 3"
    assert q01["key"] == "q01" and q01["source"] == "rulebook"
    assert q01["cost"] == [{"kind": "figure"}]
    assert q01["reward"] == [{"kind": "per_compass", "what": "doubloons", "amount": 2},
                             {"kind": "explore", "amount": 3}]


def test_published_quest_costs(data):
    costs = [c for q in data["quests"]["quest"] for c in q["cost"]]
    assert {"kind": "goods", "good": "corn", "amount": 2} in costs          # fact 46
    assert {"kind": "objects", "object": "telescope", "amount": 2} in costs  # fact 46


def test_con_38_combat_token_structure(data):
    tokens = data["combat_tokens"]["token"]
    for t in tokens:
        for n in NATIONS:
            side = t[n]
            assert 2 <= side["value"] <= 8                               # fact 56: from 2
            assert side["bonus"] in ("none", "doubloons", "influence", "vp", "figure")
            if side["bonus"] == "doubloons":
                assert -3 <= side["amount"] <= 3 and side["amount"] != 0
            if side["bonus"] == "none":
                assert side["amount"] == 0
    modifiers = Counter(t["modifier"] for t in tokens)
    assert modifiers["most_minus2"] >= 1 and modifiers["fewest_plus3"] >= 1
    assert 6 <= modifiers["most_minus2"] + modifiers["fewest_plus3"] <= 10   # about a third
    # COMBAT-TV: a token with France at value 6 for a cost of 2 doubloons
    assert any(t["france"] == {"value": 6, "bonus": "doubloons", "amount": -2} for t in tokens)
    assert sum(t[n]["value"] == 2 for t in tokens for n in NATIONS) >= 4


def test_published_combat_tokens(data):
    tokens = {t["key"]: t for t in data["combat_tokens"]["token"]}
    # fact 53 (ZH p05): "fewest markers +3", France 2, Spain 3 with +1 VP, England 4
    assert tokens["c04"] == {
        "key": "c04", "modifier": "fewest_plus3", "source": "published",
        "ref": tokens["c04"]["ref"],
        "france": {"value": 2, "bonus": "none", "amount": 0},
        "england": {"value": 4, "bonus": "none", "amount": 0},
        "spain": {"value": 3, "bonus": "vp", "amount": 1}}
    # fact 55 (ZH p07, the Combat example token): pay 2 / 6, 4, bonus 2 / 2
    c01 = tokens["c01"]
    assert [c01[n]["value"] for n in NATIONS] == [6, 4, 2]
    assert c01["france"]["amount"] == -2 and c01["england"]["bonus"] == "none"
    # fact 54 (ZH p06): a "most markers -2" token with France 4
    assert tokens["c02"]["modifier"] == "most_minus2" and tokens["c02"]["france"]["value"] == 4


def test_con_39_career_structure(data):
    careers = data["careers"]["career"]
    kinds = Counter()
    order = ["red", "blue", "green"]
    for c in careers:
        assert len(c["tasks"]) == 3
        for t in c["tasks"]:
            kinds[t["kind"]] += 1
            # CAR-01: "one with a smaller number and one with a larger number"
            if t["kind"] == "barrier":
                assert order.index(t["low"]) < order.index(t["high"])
            else:
                assert 1 <= t["low"] < t["high"]
            assert 2 <= t["doubloons"] <= 5 and 2 <= t["vp"] <= 5
    assert set(kinds) == {"combat_tokens", "quests", "influence_one", "influence_two",
                          "upgrades", "barrier", "synergy", "assistants"}
    # CAR-TV: quests 4 / 6, 4 doubloons, +4 VP
    assert any(t == {"kind": "quests", "low": 4, "high": 6, "doubloons": 4, "vp": 4}
               for c in careers for t in c["tasks"])


def test_published_career_card(data):
    k1 = data["careers"]["career"][0]
    # fact 51 (ZH p05, p12): combat tokens 3 / 4 (2 doubloons, +2 VP), influence with
    # one nation 6 / 9 (3, +3), quests 4 / 6 (4, +4)
    assert k1["source"] == "published" and k1["tasks"] == [
        {"kind": "combat_tokens", "low": 3, "high": 4, "doubloons": 2, "vp": 2},
        {"kind": "influence_one", "low": 6, "high": 9, "doubloons": 3, "vp": 3},
        {"kind": "quests", "low": 4, "high": 6, "doubloons": 4, "vp": 4}]


def test_con_40_explorer_reward_kinds(data):
    allowed = {"doubloons", "influence", "vp", "remove_disc", "cp", "doubloons_vp", "figures2"}
    used = {s["reward"]["kind"] for s in data["explorer"]["space"] if "reward" in s}
    assert used == allowed


def test_con_41_flags_only_on_cities(data):
    flags = [loc for loc in data["board"]["location"] if "flag" in loc]
    assert flags and all(loc["kind"] == "city" for loc in flags)
    cities = [loc for loc in data["board"]["location"] if loc["kind"] == "city"]
    assert len(flags) >= len(cities) - 2                             # most cities have one
    kinds = {loc["flag"]["kind"] for loc in flags}
    assert kinds == {"doubloons", "vp", "cp", "influence", "figure", "remove_disc"}


def test_con_42_card_structure(data):
    cards = data["cards"]["card"]
    effects = Counter(e["kind"] for c in cards for e in c["effects"])
    assert set(effects) == set(EFFECT_KINDS)                          # every effect kind used
    requirements = {r["kind"] for c in cards for r in c["requirements"]}
    assert requirements == set(REQUIREMENT_KINDS)
    locs = locations(data)
    assistants = [c for c in cards if any(e["kind"] == "assistant" for e in c["effects"])]
    assert 25 <= len(assistants) <= 30
    assert {e["action"] for c in assistants for e in c["effects"] if e["kind"] == "assistant"} \
        == {f"aa{i:02d}" for i in range(1, 18)}
    for c in cards:
        assert 1 <= len(c["effects"]) <= 3
        # the schema allows 30; the value model prices the explorer assistants and Explorer at 23-28
        assert 0 <= c["cost"] <= 28 and 0 <= c["vp"] <= 6
        place = [r["location"] for r in c["requirements"] if r["kind"] == "assistant"]
        if c in assistants:
            assert len(place) == 1 and locs[place[0]]["kind"] in ("village", "city")
        else:
            assert place == []
    symbols = Counter(c["symbol"] for c in cards)
    assert set(symbols) == {g["key"] for g in data["goods"]["good"]}
    assert min(symbols.values()) >= 10 and symbols["herbs"] >= 18
    with_synergy = [c for c in cards if c["synergy"]]
    assert 0.15 <= len(with_synergy) / len(cards) <= 0.25
    assert {s for c in with_synergy for s in c["synergy"]} == \
        {s["key"] for s in data["goods"]["synergy"]}
    a_costs = [c["cost"] for c in cards if c["deck"] == "A"]
    b_costs = [c["cost"] for c in cards if c["deck"] == "B"]
    assert sum(a_costs) / len(a_costs) < sum(b_costs) / len(b_costs)


def test_published_card_costs(data):
    cards = {c["name"]: c for c in data["cards"]["card"]}
    assert cards["Legionnaire"]["cost"] == 12                           # fact 47 (ZH p14)
    assert (cards["Harbor"]["cost"], cards["Harbor"]["vp"]) == (16, 2)   # fact 48 (ZH p14)
    mary = cards["Mary Read"]                                            # fact 49 (ZH p13)
    assert (mary["cost"], mary["vp"]) == (10, 2)
    assert {"kind": "income_doubloons", "amount": 2} in mary["effects"]
    # the rest of the deck is on the same scale: B-cards cost about 12 on average
    b_costs = [c["cost"] for c in cards.values() if c["deck"] == "B"]
    assert 10 <= sum(b_costs) / len(b_costs) <= 16


def test_inc_03_legionnaire_and_harbor(data):
    cards = {c["name"]: c for c in data["cards"]["card"]}
    assert cards["Legionnaire"]["effects"] == [
        {"kind": "income_doubloons", "amount": 2},
        {"kind": "income_vp", "amount": 2, "if_synergy": "anchor"}]
    assert cards["Harbor"]["effects"] == [
        {"kind": "income_vp", "amount": 4, "if_synergy": "crossed_axes"},
        {"kind": "income_vp", "amount": 2, "if_synergy": "crown"}]


def test_setup_16_int_06_story_card_75(data):
    card = next(s for s in data["story_cards"]["story"] if s["number"] == 75)

    def placed(rnd, n):
        return sorted((q["location"] for q in card["quests"]
                       if q["round"] == rnd and n in q["players"]), key=int)

    assert (placed(0, 2), placed(0, 3), placed(0, 4)) == (["15"], ["15", "18"], ["15", "18", "19"])
    assert (placed(1, 2), placed(1, 3), placed(1, 4)) == (["6", "12"], ["6", "12", "16"],
                                                          ["6", "12", "16"])
    assert placed(0, 1) == placed(0, 2) and placed(1, 1) == placed(1, 2)   # solo: 2p placement
    for rnd in (2, 3):
        assert placed(rnd, 2), f"round {rnd} reconstructed rows"
    for s in data["story_cards"]["story"]:
        assert {q["round"] for q in s["quests"]} == {0, 1, 2, 3}


def test_sail_09_homeward_routes(data):
    for rnd in (1, 2, 3, 4):
        nxt = active_arrows(data, rnd)
        end = "21a" if rnd <= 3 else "22"
        assert route_lengths(nxt, "havana", end)
        other = ("21b", "22") if rnd <= 3 else ("21a",)
        for key in other:
            assert not route_lengths(nxt, "havana", key)
        assert nxt[end] == []
    assert active_arrows(data, 2)["20"] == ["21a"]
    assert active_arrows(data, 4)["20"] == ["21b"] and active_arrows(data, 4)["21b"] == ["22"]


def test_every_non_terminal_location_has_an_arrow_out_in_every_round(data):
    for rnd in (1, 2, 3, 4):
        nxt = active_arrows(data, rnd)
        for key, succ in nxt.items():
            assert bool(succ) == (key not in ("21a", "22")), (key, rnd)


# =========================================================================
# Design constraints of the reconstructed parts (the engine relies on them)
# =========================================================================

def route_moves(nxt: dict[str, list[str]], start: str, end: str) -> list[list[str]]:
    """Every route from start to end (lists of the locations entered)."""
    if start == end:
        return [[]]
    return [[m] + r for m in nxt[start] for r in route_moves(nxt, m, end)]


def test_published_map_facts(data):
    """The map against the published facts (maracaibo_env/maracaibo/facts/published_facts.toml)."""
    locs = locations(data)
    # fact 5 [code] + CON-29: the cities are exactly 4, 5, 11, 13, 14, 17; the rest villages
    cities = sorted((k for k, l in locs.items() if l["kind"] == "city"), key=int)
    assert cities == ["4", "5", "11", "13", "14", "17"]
    villages = [k for k, l in locs.items() if l["kind"] == "village"]
    assert len(villages) == 13                              # fact 7: "most" are villages
    assert locs["11"]["name"] == "Maracaibo" and locs["11"]["maracaibo"]
    # facts 14-17: the stop symbol only on the homeward-bound spaces
    assert sorted(k for k, l in locs.items() if l["must_stop"]) == ["20", "21a", "21b", "22"]
    # facts 2, 19: every move costs 1 MP
    assert {a["cost"] for a in data["board"]["arrow"]} == {1}
    # fact 8: printed Combat only at 11 (and the homeward space 20)
    assert [k for k, l in locs.items() if l.get("action", {}).get("kind") == "combat"] == ["11"]
    assert locs["20"]["action"]["kind"] == "home20"
    # ... and no city tile brings Combat elsewhere (the 2p Maracaibo tile covers 11)
    combat_tiles = [t for t in data["city_tiles"]["tile"] if t["action"]["kind"] == "combat"]
    assert [t["maracaibo"] for t in combat_tiles] == [True]
    for rnd in (1, 4):
        nxt = active_arrows(data, rnd)
        routes = route_moves(nxt, "havana", "20")
        # fact 20: 4 to 21 turns a round. Fastest: 7 + 7 MP, then 20 in the third
        # turn and the last space in the fourth, so the shortest route needs >= 15 MP
        shortest = min(len(r) for r in routes)
        assert 15 <= shortest <= 21
        assert -(-shortest // 7) + 1 == 4                   # turns of the fastest player
        # slowest: one location a turn through every location 1..19, then 20, 21a
        longest = max(routes, key=len)
        assert longest == [str(i) for i in range(1, 21)]
        assert len(longest) + 1 == 21


def test_published_route_after_maracaibo(data):
    """Fact 9: after Maracaibo one either continues toward Nicaragua (Puerto
    Cabezas) or takes a short cut past Jamaica (Port Royal, 13)."""
    locs = locations(data)
    pc = next(k for k, l in locs.items() if l["name"] == "Puerto Cabezas")
    nxt = active_arrows(data, 1)
    forks = [k for k, succ in nxt.items() if len(succ) == 2]
    assert sorted(forks, key=lambda k: locs[k]["number"]) == ["1", "8", "13"]
    found = []
    for f in forks:
        if locs[f]["number"] < 11:
            continue
        a, b = nxt[f]
        via_a = {x for r in route_moves(nxt, a, "20") for x in [a] + r}
        via_b = {x for r in route_moves(nxt, b, "20") for x in [b] + r}
        long_, short = (via_a, b) if pc in via_a and pc not in via_b else (via_b, a)
        if pc in long_ and "13" in {f, short}:
            found.append(f)
    assert found == ["13"]
    assert locs["13"]["name"] == "Port Royal" and locs[pc]["kind"] == "village"


def test_board_design(data):
    locs = locations(data)
    assert len(locs) <= 32
    numbered = sorted(int(k) for k in locs if k.isdigit() and locs[k]["kind"] != "home")
    assert numbered == list(range(1, 20))
    nxt = active_arrows(data, 1)
    forks = forks_that_rejoin(nxt)
    assert len(forks) == 3
    assert len(route_lengths(nxt, "havana", "20")) >= 2             # different MP lengths
    printed = [loc for loc in locs.values() if loc["kind"] == "city" and not loc["tile_slot"]]
    assert sorted(loc["key"] for loc in printed) == ["11", "17"]
    for loc in printed:
        assert 1 <= loc["market"]["spaces"] <= 3
    for tile in data["city_tiles"]["tile"]:
        assert 1 <= tile["market"]["spaces"] <= 3
    used = {loc["action"]["kind"] for loc in printed}
    used |= {t["action"]["kind"] for t in data["city_tiles"]["tile"]}
    assert used == set(CITY_ACTIONS)
    assert all(not t["special"] or t["action"]["kind"] != "combat" for t in data["city_tiles"]["tile"])
    assert not any(a["to"] == "havana" for a in data["board"]["arrow"])
    assert [a["to"] for a in data["board"]["arrow"] if a["from"] == "havana"]


def test_explorer_design(data):
    spaces = {s["key"]: s for s in data["explorer"]["space"]}
    nxt = {k: s["next"] for k, s in spaces.items()}
    assert 1 <= len(forks_that_rejoin(nxt)) <= 2
    assert sorted(s["number"] for s in spaces.values()) == list(range(len(spaces)))


def test_data_13_influence_track_published(data):
    # facts 32-33 (ZH p06, p07, p11): numbered 1..12 after the start 0; red noble
    # ranks x1 .. x6 at 1, 3, 6, 9, 10, 12
    assert data["influence"]["track"]["spaces"] == 13
    assert [(r["position"], r["value"]) for r in data["influence"]["rank"]] == \
        [(1, 1), (3, 2), (6, 3), (9, 4), (10, 5), (12, 6)]


def test_data_17_automa_track_published(data):
    track = data["automa"]["track"]
    # facts 66-67 (SH getRoundVP.ts, ZH p16): 22 spaces, 0, 1, 2, 3, 4, then +2 up to 38
    assert track["vp"] == [0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
                           32, 34, 36, 38]
    # income by discs removed k (the spaces are emptied from the left): SH's test values
    income = {k: max(track["vp"][:k], default=0) for k in range(23)}
    assert [income[k] for k in (0, 1, 2, 3, 4, 5, 6, 7, 22)] == [0, 0, 1, 2, 3, 4, 6, 8, 38]
    # fact 68 (SH EndOfGame.vue): Jean's "upgrades" are floor(k / 2)
    assert [sum(track["marked"][:k]) for k in (0, 1, 2, 3, 4, 5, 21, 22)] == [0, 0, 1, 1, 2, 2, 10, 11]


# =========================================================================
# Malformed data raises DataError naming file, entry and field
# =========================================================================

def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(folder: Path, stem: str, old: str, new: str, after: str | None = None) -> None:
    """Replace the first ``old`` (after the line ``after``, if given) in a copy."""
    path = folder / f"{stem}.toml"
    text = path.read_text()
    start = text.index(after) if after else 0
    pos = text.index(old, start)
    path.write_text(text[:pos] + new + text[pos + len(old):])


def remove_entry(folder: Path, stem: str, header: str, key_line: str) -> None:
    """Delete the ``[[header]]`` block that contains ``key_line``."""
    path = folder / f"{stem}.toml"
    blocks = path.read_text().split(f"\n[[{header}]]\n")
    kept = [b for b in blocks if key_line not in b.split("\n")]
    assert len(kept) == len(blocks) - 1
    path.write_text(f"\n[[{header}]]\n".join(kept))


MALFORMED = [
    # (id, stem, old, new, after, expected message parts)
    ("unknown_effect_kind", "cards", '{ kind = "imm_influence1" }', '{ kind = "imm_teleport" }',
     None, ["cards.toml", "card[2] (a03)", "effects[0]: kind", "imm_teleport", "allowed"]),
    ("missing_source", "quests", 'source = "reconstructed"\n', "", 'key = "q05"',
     ["quests.toml", "quest[4] (q05)", "source", "Field required"]),
    ("arrow_to_unknown_location", "board", 'to = "11"', 'to = "99"', 'from = "10"',
     ["board.toml", "arrow[12]", "to", "'99'", "allowed"]),
    ("backward_arrow", "board", 'to = "11"', 'to = "9"', 'from = "10"',
     ["board.toml", "arrow[12]", "to", "backward"]),
    ("unknown_good_in_market", "board", 'good = "sugar"', 'good = "silk"', None,
     ["board.toml", "location[11] (11)", "market: good", "silk"]),
    ("flag_on_village", "board", 'kind = "village"\n', 'kind = "village"\nflag = { kind = "vp", amount = 1 }\n',
     'key = "3"', ["board.toml", "location[3] (3)", "flag", "village"]),
    ("home_arrow_rounds", "board", "rounds = [1, 3]", "rounds = [1, 4]", 'to = "21a"',
     ["board.toml", "arrow[23] (20->21a)", "rounds", "[1, 3]"]),
    ("no_arrow_out_in_some_round", "board", "rounds = [1, 4]", "rounds = [4, 4]", 'from = "21b"',
     ["board.toml", "21b", "rounds"]),
    ("two_player_markers", "board", 'spain = "6", england = "7"', 'spain = "7", england = "6"', None,
     ["board.toml", "[setup]", "two_player_markers", "SETUP-09"]),
    ("wrong_nation", "cards", 'nation = "spain"', 'nation = "spian"', None,
     ["cards.toml", "card[", "nation", "spian", "france"]),
    ("bool_as_integer", "cards", "cost = 12", "cost = true", None,
     ["cards.toml", "card[0] (a01)", "cost", "integer"]),
    ("campaign_quest_reward", "quests", '{ kind = "discs2" }', '{ kind = "story_tile" }', None,
     ["quests.toml", "quest[9] (q10)", "reward[1]: kind", "story_tile"]),
    ("ship_prerequisite", "ship", 'requires_area = "vp3"', 'requires_area = "free_market"', None,
     ["ship.toml", "area[5] (vp6)", "requires_area", "vp3"]),
    ("prestige_scoring", "prestige", "vp = 4, max = 16", "vp = 4", None,
     ["prestige.toml", "building[2] (basilica)", "scoring"]),
    ("story_75_rulebook_row", "story_cards", 'location = "18", players = [3, 4]',
     'location = "17", players = [3, 4]', None,
     ["story_cards.toml", "story[0] (75)", "quests", "round 0, location 18"]),
    ("supply_spaces", "influence", "spaces = [1, 2, 2, 2, 2, 2, 2]", "spaces = [2, 2, 2, 2, 2, 2, 1]",
     None, ["influence.toml", "[supply]", "spaces", "CON-12"]),
    ("doubloon_vp_decreasing", "income", "[  0,  0,  0,", "[  0,  2,  0,", None,
     ["income.toml", "[doubloon_track]", "vp[2]", "non-decreasing"]),
    ("explorer_barrier_missing", "explorer", 'barrier = "blue"\n', "", None,
     ["explorer.toml", "space", "blue barrier", "exactly once"]),
    ("explorer_backward_next", "explorer", 'next = ["s11"]', 'next = ["s5"]', 'key = "s10"',
     ["explorer.toml", "space[10] (s10)", "next", "higher number"]),
    ("explorer_last_vp", "explorer", "vp = [10, 8, 6, 4]", "vp = [10, 8, 6, 5]", None,
     ["explorer.toml", "[last_space]", "vp", "[10, 8, 6, 4]"]),
    ("tile_special_count", "city_tiles", "special = false", "special = true", 'key = "t03"',
     ["city_tiles.toml", "tile", "special", "exactly 2"]),
    ("assistant_without_location", "cards", '[{ kind = "assistant", location = "1" }]', "[]", None,
     ["cards.toml", "card[6] (a07)", "requirements", "assistant"]),
    ("assistant_at_home_space", "cards", 'location = "1"', 'location = "20"', None,
     ["cards.toml", "card[6] (a07)", "requirements[0]: location", "'20'"]),
    ("career_threshold_order", "careers", "low = 4, high = 6", "low = 7, high = 6", None,
     ["careers.toml", "career[0] (k1)", "tasks[2]: low", "low < high"]),
    ("career_thresholds_equal", "careers", "low = 3, high = 4", "low = 4, high = 4", None,
     ["careers.toml", "career[0] (k1)", "tasks[0]: low", "smaller and a larger"]),
    ("career_barrier_order", "careers", 'low = "red", high = "blue"', 'low = "blue", high = "red"',
     None, ["careers.toml", "career[1] (k2)", "tasks[2]: low", "earlier barrier"]),
    ("career_barrier_number", "careers", 'low = "red", high = "blue"', 'low = 1, high = "blue"',
     None, ["careers.toml", "career[1] (k2)", "tasks[2]: barrier: low", "'red', 'blue' or 'green' (got 1)"]),
    ("published_without_ref", "careers", 'ref = "ZH p05, p12', 'xref = "ZH p05, p12', None,
     ["careers.toml", "career[0] (k1)", "xref", "unknown field"]),
    ("published_ref_missing", "goods", 'ref = "ZH p13 (pic): card-anatomy legend"\n', "", None,
     ["goods.toml", "good[0] (sugar)", "ref", 'required when source = "published"', "ZH p14"]),
    ("quest_explore_amount", "quests", '{ kind = "explore", amount = 3 }',
     '{ kind = "explore", amount = 9 }', None,
     ["quests.toml", "quest[0] (q01)", "reward[1]: explore: amount", "9 is out of range; allowed: 1..6"]),
    ("token_value_type", "combat_tokens", "value = 6,", 'value = "6",', None,
     ["combat_tokens.toml", "token[0] (c01)", "france: doubloons: value", "integer"]),
    ("unknown_field", "goods", 'kind = "good"', 'kind = "good"\ncolour = "white"', None,
     ["goods.toml", "good[0] (sugar)", "colour", "unknown field"]),
    ("bad_source_value", "prestige", 'source = "reconstructed"', 'source = "guess"', None,
     ["prestige.toml", "building[0] (abbey)", "source", "'rulebook', 'published' or 'reconstructed' (got 'guess')"]),
    ("named_location_renamed", "board", 'name = "San Juan"', 'name = "Ponce"', None,
     ["board.toml", 'location "6"', "name", "San Juan"]),
]


@pytest.mark.parametrize("case", MALFORMED, ids=[c[0] for c in MALFORMED])
def test_malformed_data_raises(tmp_path, case):
    _id, stem, old, new, after, expected = case
    folder = copy_data(tmp_path)
    edit(folder, stem, old, new, after)
    with pytest.raises(DataError) as info:
        load_raw(folder)
    message = str(info.value)
    for part in expected:
        assert part in message, (part, message)


def test_wrong_count_raises(tmp_path):
    folder = copy_data(tmp_path)
    remove_entry(folder, "combat_tokens", "token", 'key = "c25"')
    with pytest.raises(DataError, match=r"combat_tokens\.toml: .*token.*24 entries, expected 25"):
        load_raw(folder)


def test_wrong_deck_split_raises(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder, "cards", 'deck = "B"', 'deck = "A"')
    with pytest.raises(DataError, match=r"cards\.toml: .*card.*57 A-cards \(CON-01\)"):
        load_raw(folder)


def test_dead_end_on_the_map_raises(tmp_path):
    folder = copy_data(tmp_path)
    remove_entry(folder, "board", "arrow", 'from = "16"')
    with pytest.raises(DataError, match=r'board\.toml: location "16": arrow: dead end in round 1'):
        load_raw(folder)


def test_unreachable_location_raises(tmp_path):
    folder = copy_data(tmp_path)
    remove_entry(folder, "board", "arrow", 'to = "9"')
    edit(folder, "board", 'branch = "lower"\n', "", after='from = "8"\nto = "10"')  # no fork now
    with pytest.raises(DataError, match=r'board\.toml: location "9": arrow: not reachable'):
        load_raw(folder)


def test_fork_without_branch_raises(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder, "board", 'branch = "lower"\n', "")
    with pytest.raises(DataError, match=r"board\.toml: arrow\[\d+\] .*branch.*upper.*lower"):
        load_raw(folder)


def test_missing_file_raises(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "ship.toml").unlink()
    with pytest.raises(DataError, match=r"ship\.toml: missing \(expected at .*ship\.toml\)"):
        load_raw(folder)


def test_invalid_toml_raises(tmp_path):
    folder = copy_data(tmp_path)
    edit(folder, "careers", "[[career]]", "[[career]")
    with pytest.raises(DataError, match=r"careers\.toml: .*not valid TOML"):
        load_raw(folder)


def test_data_error_is_a_value_error():
    assert issubclass(DataError, ValueError)


def test_load_raw_accepts_str_path():
    assert load_raw(str(DATA_DIR))["ship"]["area"][0]["key"] == "village_thresholds"

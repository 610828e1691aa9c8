"""Maracaibo's published facts against the raw data files.

Each test takes one fact of maracaibo_env/maracaibo/facts/published_facts.toml
(the project's own record of the published facts, in the repository) and
compares its values with the TOML files in maracaibo_env/maracaibo/data/ read
with tomllib (not the loader nor the compiled catalog): a value changed in the
facts file or in the data fails a test. Tests are named test_fact_<number>_...;
docs/data_provenance.md records each fact's decision.
tests/maracaibo/test_published_facts_shared.py checks that the facts file says
what the facts survey in the shared folder beside the checkout says (skipped
without it).

cards.toml and quests.toml are checked only where a fact is published: the
cards named Legionnaire, Harbor and Mary Read, quest tile q01, and the two
pictured quest costs (found by their cost, not their key).

Facts 18, 64, 65 and the legacy part of fact 19 (legacy tiles, campaign story
card 01) are "not applicable" in docs/data_provenance.md, written before
legacy_tiles.toml and story.toml held them; they are tested here.

Facts that constrain no data file (no test here; test_every_fact_is_accounted_for
reads this list):

- 6: Jacques's quest ranges: the expansion bot is not modelled.
- 10: sailing clockwise: the map's geometry is not modelled.
- 11: "22 different ports, islands and locations": an unclear [blog] count, not
  adopted (board.toml's 24 entries count Havana and 21a/21b/22).
- 13: says what no source gives (names, actions, markets, flags): nothing to adopt.
- 14: stop symbols cannot be skipped: a rule (SAIL-06), in the engine.
- 16: Jean cannot skip stop locations: a rule (solo tests).
- 21: the first ship to reach 20 starts the round end: a rule.
- 25: colours, flags and the "8"/"5" shields of the homeward spaces: cosmetic,
  and the "8" goes against the rulebook text (3 VP).
- 31: Jean's explorer bonus bands: rules in core/automa.py (JEND tests).
- 61: the ship board's quest row (3 VP on the 4th, 2 VP on the 5th): a rule in
  the engine (quest tests); ship.toml has no quest row.
- 63: cards 75-77 also add story cards and legacy tiles: not modelled;
  story_cards.toml holds only their quest schedules.
- 69: Jean's end bonuses: rules in core/automa.py (JEND tests).
- 72: Jean counts only cities and quest locations: a rule (SOLO-10 tests).

Values of tested facts that live in rule code, not data, are not checked here:
fact 43's "4 used" (setup), fact 50's 8 A-cards dealt and 40 B-cards
(core/setup.py, SETUP-06), fact 51's "all three: 2 doubloons + 2 VP", fact 60's
"4+2", "2+ -> AA", "5+ -> AAA" (ship areas by key), and fact 65's list of the
tiles that Jean ignores (core/legacy.py). The one exception is fact 57 (CP max
8), whose only home is core/common.py's CP_MAX: it is read from that file's
text, not imported. Fact 29 adopts only the two 5s of the track photo; its
other amounts cannot be matched to spaces.
"""
from __future__ import annotations

import ast
import functools
import math
import re
from itertools import permutations
from pathlib import Path

import pytest

from helpers import FactBook, raw_toml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "maracaibo_env" / "maracaibo" / "data"

NATIONS = ("france", "england", "spain")
COLOUR_NATION = {"blue": "france", "white": "england", "red": "spain"}   # rulebook 000 line 158
MP_PER_TURN = 7                 # rulebook 000 line 257: up to 7 movement points a turn


@functools.cache
def toml(name: str) -> dict:
    return raw_toml(DATA, name)


@pytest.fixture(scope="module")
def facts() -> FactBook:
    return FactBook("maracaibo")


# ------------------------------------------------------------- data helpers

def locations() -> dict[str, dict]:
    return {loc["key"]: loc for loc in toml("board")["location"]}


def calibration(name: str) -> dict:
    """A target of calibration.toml (no rule reads it; its figures cite facts)."""
    targets = {t["name"]: t for t in toml("calibration")["target"]}
    assert name in targets, f"no calibration target {name!r}"
    return targets[name]


def by_name(entries: list[dict]) -> dict[str, dict]:
    return {e["name"]: e for e in entries}


def arrows(rnd: int) -> dict[str, list[str]]:
    """The map's arrows active in round rnd: location -> successors."""
    out: dict[str, list[str]] = {k: [] for k in locations()}
    for a in toml("board")["arrow"]:
        if a["rounds"][0] <= rnd <= a["rounds"][1]:
            out[a["from"]].append(a["to"])
    return out


def routes(nxt: dict[str, list[str]], start: str, end: str) -> list[list[str]]:
    """Every route from start to end (the locations entered, in order)."""
    if start == end:
        return [[]]
    return [[m] + r for m in nxt[start] for r in routes(nxt, m, end)]


def last_space(rnd: int) -> str:
    """The space a ship ends a round on: from 20, the arrows of round rnd to the end."""
    nxt, here = arrows(rnd), "20"
    while nxt[here]:
        assert len(nxt[here]) == 1, f"a fork after 20 in round {rnd}"
        here = nxt[here][0]
    return here


def explorer_paths() -> list[list[dict]]:
    spaces = {s["key"]: s for s in toml("explorer")["space"]}
    start = min(spaces.values(), key=lambda s: s["number"])

    def walk(s: dict) -> list[list[dict]]:
        return [[s]] if not s["next"] else [[s] + p for k in s["next"] for p in walk(spaces[k])]

    return walk(start)


def legacy() -> dict[str, dict]:
    return {t["tile"]: t for t in toml("legacy_tiles")["tile"]}


def placements(rows: list[dict]) -> set[tuple[str, tuple[int, ...]]]:
    """A fact's quest placements [{location, players}] as a set of (location, players)."""
    return {(r["location"], tuple(r["players"])) for r in rows}


# ====================================================================== map

def test_fact_1_location_circles(facts):
    v = facts.values(1)
    lo, hi = v["circles"]
    printed = {str(i) for i in range(lo, hi + 1)} | set(v["also_printed"])
    assert {k for k, loc in locations().items() if loc["kind"] != "start"} == printed


def test_fact_2_cities_have_an_action_and_moves_cost_1_mp(facts):
    mp = facts.value(2, "move_mp")
    for key, loc in locations().items():
        if loc["kind"] == "city":            # its scroll is printed, or comes with its city tile
            assert loc.get("action") or loc["tile_slot"], key
        if loc["kind"] == "village":
            assert "action" not in loc, key
    assert {a["cost"] for a in toml("board")["arrow"]} == {mp}


def test_fact_3_tile_slot_cities(facts):
    named = facts.value(3, "tile_slot_cities")
    slots = {k: loc for k, loc in locations().items() if loc["tile_slot"]}
    assert {k: loc["name"] for k, loc in slots.items()} == named
    assert {loc["kind"] for loc in slots.values()} == {"city"}


def test_fact_4_two_player_markers(facts):
    v = facts.values(4)
    locs = locations()
    assert toml("board")["setup"]["two_player_markers"] == {
        COLOUR_NATION[m["colour"]]: m["location"] for m in v["markers"]}
    for m in v["markers"]:
        assert (locs[m["location"]]["name"], locs[m["location"]]["kind"]) == (m["name"], v["kind"])


def test_fact_5_the_cities_are_exactly_the_named_ones(facts):
    named = facts.value(5, "cities")
    assert sorted((k for k, loc in locations().items() if loc["kind"] == "city"), key=int) == named


def test_fact_7_most_locations_are_villages(facts):
    kind = facts.value(7, "most")
    numbered = [loc for k, loc in locations().items() if k.isdigit() and 1 <= int(k) <= 19]
    most = [loc for loc in numbered if loc["kind"] == kind]
    assert len(most) > len(numbered) / 2


def test_fact_8_combat_only_at_11_and_20(facts):
    at = facts.value(8, "combat_at")
    with_combat = {"combat", "home20"}       # 20: "Combat or explorer up to 2" (fact 24)
    printed = {k for k, loc in locations().items() if loc.get("action", {}).get("kind") in with_combat}
    assert printed == set(at)
    # no city tile brings Combat elsewhere: only the 2p Maracaibo tile, which covers 11
    combat_tiles = [t for t in toml("city_tiles")["tile"] if t["action"]["kind"] == "combat"]
    assert [t["maracaibo"] for t in combat_tiles] == [True]
    assert [k for k, loc in locations().items() if loc["maracaibo"]] == [at[0]]


def test_fact_9_after_maracaibo_toward_nicaragua_or_a_short_cut_past_jamaica(facts):
    v = facts.values(9)
    via, toward, short_cut = v["via"], v["long_way_toward"], v["short_cut_past"]
    # the places of the narrative as map locations (geography; board.toml header, P7)
    where = {"Dominican Republic": {"Puerto Plata", "Santo Domingo"}, "Martinique": {"Martinique"},
             "Maracaibo": {"Maracaibo"}, "Nicaragua": {"Puerto Cabezas"}, "Jamaica": {"Port Royal"}}
    locs = locations()
    key = {loc["name"]: k for k, loc in locs.items()}
    number = {name: locs[key[name]]["number"] for names in where.values() for name in names}
    order = [max(number[n] for n in where[place]) for place in via]
    assert order == sorted(order)                        # Dominican Republic, Martinique, Maracaibo
    nxt = arrows(1)
    fork = key[via[-1]]
    while len(nxt[fork]) == 1:
        fork = nxt[fork][0]
    assert locs[fork]["name"] in where[short_cut]        # the first fork after Maracaibo is at Jamaica
    ends = [set(r) for r in routes(nxt, fork, "20")]
    rejoin = min(set.intersection(*ends), key=lambda k: locs[k]["number"])
    branches = {len(r): set(r) for r in routes(nxt, fork, rejoin)}
    assert len(branches) == 2
    long_way, short_way = branches[max(branches)], branches[min(branches)]
    assert {locs[k]["name"] for k in long_way} & where[toward]          # toward Nicaragua
    assert not {locs[k]["name"] for k in short_way} & where[toward]     # the short cut skips it


def test_fact_12_puerto_cabezas_is_a_village_that_l1_makes_a_city(facts):
    v = facts.values(12)
    key = next(k for k, loc in locations().items() if loc["name"] == v["location"])
    assert locations()[key]["kind"] == "village"
    assert (legacy()[v["tile"]]["kind"], legacy()[v["tile"]]["location"]) == ("city_quest", key)


def test_fact_15_homeward_spaces_show_the_stop_symbol(facts):
    for key in facts.value(15, "must_stop"):
        assert locations()[key]["must_stop"], key


def test_fact_17_no_other_location_has_the_stop_symbol(facts):
    lo, hi = facts.value(17, "hand_only_within")
    for key, loc in locations().items():
        if loc["must_stop"]:
            assert lo <= int(re.match(r"\d+", key)[0]) <= hi, key


def test_fact_18_l11_toll(facts):
    v = facts.values(18)
    assert legacy()[v["tile"]]["toll"] == v["toll"]


def test_fact_19_moves_cost_1_mp_and_the_legacy_routes_3(facts):
    v = facts.values(19)
    assert {a["cost"] for a in toml("board")["arrow"]} == {v["move_mp"]}
    route_tiles = {k: t["cost"] for k, t in legacy().items() if t["kind"] == "route"}
    assert route_tiles == {k: v["route_mp"] for k in v["route_tiles"]}
    assert (legacy()[v["city_tile"]]["kind"], legacy()[v["city_tile"]]["cost"]) == ("new_city", v["city_mp"])


def test_fact_20_four_to_21_turns_per_round(facts):
    fewest, most = facts.value(20, "turns")
    for rnd in (1, 2, 3):                      # round IV adds the stop at 21b for every ship
        nxt = arrows(rnd)
        to_20 = routes(nxt, "havana", "20")
        last = routes(nxt, "20", last_space(rnd))[0]    # stop spaces: one a turn
        # fastest: 7 MP a turn to 20, then a turn per stop space
        assert math.ceil(min(map(len, to_20)) / MP_PER_TURN) + len(last) == fewest
        # slowest: one location a turn
        assert max(map(len, to_20)) + len(last) == most
    # calibrate's one constraint is this range (calibration.toml)
    target = calibration("turns_per_round")
    assert (target["kind"], target["low"], target["high"]) == ("constraint", fewest, most)


# ============================================================ city actions

def test_fact_22_the_city_actions(facts):
    v = facts.values(22)
    assert len(v["kinds"]) == v["further"]
    used = {loc["action"]["kind"] for loc in locations().values() if loc["kind"] == "city" and "action" in loc}
    used |= {t["action"]["kind"] for t in toml("city_tiles")["tile"]}
    assert used == set(v["kinds"]) | set(v["besides"])


def test_fact_23_city_tiles(facts):
    v = facts.values(23)
    tiles = toml("city_tiles")["tile"]
    assert len(tiles) == v["tiles"]
    assert sum(t["special"] for t in tiles) == v["always_used"]
    assert [t["players"] for t in tiles if t["maracaibo"]] == [[v["maracaibo_players"]]]
    assert all(t["players"] for t in tiles)


# ========================================================= homeward bound

def test_fact_24_homeward_spaces(facts):
    v = facts.values(24)
    locs = locations()
    assert locs["20"]["action"] == {"kind": "home20", "amount": v["explore_20"]}
    assert locs["21a"]["action"]["amount"] == locs["21b"]["action"]["amount"] == v["vp_21"]
    assert locs["22"]["action"]["amount"] == v["vp_22"]
    for rnd in (1, 2, 3, 4):
        assert ["20"] + routes(arrows(rnd), "20", last_space(rnd))[0] == (
            v["route_rounds_1_3"] if rnd < 4 else v["route_round_4"])


def test_fact_26_the_last_space_of_a_round(facts):
    for row in facts.value(26, "last_space"):
        lo, hi = row["rounds"]
        for rnd in range(lo, hi + 1):
            assert last_space(rnd) == row["space"], rnd


# ========================================================== explorer track

def test_fact_27_three_quest_spaces(facts):
    v = facts.values(27)
    assert sum(s["quest"] for s in toml("explorer")["space"]) == v["quest_tiles"] == v["spaces"]


def test_fact_28_explorer_rewards_barriers_and_last_space(facts):
    v = facts.values(28)
    kinds = {r["kind"]: r.get("amount") for r in v["rewards"]}          # no amount: X, any amount
    rewards = [s["reward"] for s in toml("explorer")["space"] if "reward" in s]
    assert {r["kind"] for r in rewards} == set(kinds)
    for r in rewards:
        assert kinds[r["kind"]] in (None, r["amount"]), r
    assert {s["barrier"] for s in toml("explorer")["space"] if "barrier" in s} == set(v["barriers"])
    assert toml("explorer")["last_space"]["vp"] == v["last_space_vp"]


def test_fact_29_two_rewards_print_a_5(facts):
    readable = facts.value(29, "readable")
    amounts = [s["reward"]["amount"] for s in toml("explorer")["space"] if "reward" in s]
    top = max(readable)
    assert max(amounts) == top
    assert amounts.count(top) >= readable.count(top)


def test_fact_30_legacy_explorer_spaces(facts):
    found = facts.value(30, "explorer_space")
    assert {tile: legacy()[tile]["explorer"] for tile in found} == found
    for n in found.values():    # "reached or passed space n" needs a space numbered n on every path
        for path in explorer_paths():
            assert n in [s["number"] for s in path], (n, [s["key"] for s in path])


# ============================================================ influence

def test_fact_32_influence_track_1_to_12(facts):
    v = facts.values(32)
    first, last = v["spaces"]
    assert first == v["start"] + 1
    assert toml("influence")["track"]["spaces"] == last - v["start"] + 1


def test_fact_33_noble_ranks(facts):
    v = facts.values(33)
    ranks = [(r["position"], r["value"]) for r in toml("influence")["rank"]]
    assert ranks == list(zip(v["positions"], v["multipliers"], strict=True))


def test_fact_34_marker_supply(facts):
    v = facts.values(34)
    first, *rest = toml("influence")["supply"]["spaces"]
    assert first == v["leftmost"]
    assert rest and set(rest) == {v["others"]}


# =============================================================== income

def doubloon_vp(position: int) -> int:
    track = toml("income")["doubloon_track"]
    return track["vp"][position - track["start"]]


def test_fact_35_doubloon_track_8_to_34(facts):
    v = facts.values(35)
    track = toml("income")["doubloon_track"]
    assert (track["start"], track["max"]) == (v["start"], v["max"])
    assert len(track["vp"]) == v["max"] - v["start"] + 1


def test_fact_36_position_24_scores_5(facts):
    v = facts.values(36)
    assert doubloon_vp(v["position"]) == v["vp"]


def test_fact_37_position_23_scores_4(facts):
    v = facts.values(37)
    assert doubloon_vp(v["position"]) == v["shield"] == v["vp"]
    assert calibration("doubloon_track_vp")["example"] == v["vp"]     # the example's figure


def test_fact_38_position_34_scores_10(facts):
    v = facts.values(38)
    assert toml("income")["doubloon_track"]["max"] == v["position"]
    assert doubloon_vp(v["position"]) == v["shield"]


def test_fact_39_vp_track_ends_at_20(facts):
    assert toml("income")["vp_track"]["max"] == facts.value(39, "max")


# ==================================================== prestige buildings

def test_fact_40_investing_gives_the_crown(facts):
    assert toml("prestige")["investing"]["synergy"] == facts.value(40, "synergy")
    assert not [b["key"] for b in toml("prestige")["building"] if "synergy" in b]


def test_fact_41_a_building_costs_20(facts):
    shown = facts.value(41, "shown")
    costs = [b["cost"] for b in toml("prestige")["building"]]
    assert shown in costs and max(costs) == shown      # read as a cost, the top of the scale


def test_fact_42_prestige_scoring(facts):
    v = facts.values(42)
    base, extra = v["cathedral_example"]             # the Cathedral adds its multiple of the track's VP
    assert v["scoring"]["cathedral"] == {"per": "doubloon_track_vp", "vp": extra // base}
    assert {b["key"]: b["scoring"] for b in toml("prestige")["building"]} == v["scoring"]


def test_fact_43_eight_buildings(facts):
    assert len(toml("prestige")["building"]) == facts.value(43, "buildings")


# ===================================================== goods and symbols

def test_fact_44_synergy_symbols(facts):
    v = facts.values(44)
    assert len(v["symbols"]) == v["count"]
    assert {s["key"] for s in toml("goods")["synergy"]} == set(v["symbols"])


def test_fact_45_goods_and_objects(facts):
    v = facts.values(45)
    entries = toml("goods")["good"]
    assert {g["key"] for g in entries if g["kind"] == "good"} == set(v["goods"])
    assert {g["key"] for g in entries if g["kind"] == "object"} == set(v["objects"])


def test_fact_46_quest_costs_two_corn_and_two_telescopes(facts):
    v = facts.values(46)
    costs = [c for q in toml("quests")["quest"] for c in q["cost"]]
    assert {"kind": "goods"} | v["goods_cost"] in costs
    assert {"kind": "objects"} | v["objects_cost"] in costs


# ======================================================== project cards

def card(name: str) -> dict:
    cards = by_name(toml("cards")["card"])
    assert name in cards, f"no card named {name!r} in cards.toml"
    return cards[name]


def test_fact_47_legionnaire(facts):
    v = facts.values(47)
    c = card(v["card"])
    assert c["cost"] == v["cost"]
    assert {"kind": "income_doubloons", "amount": v["income_doubloons"]} in c["effects"]
    assert {"kind": "income_vp", "amount": v["income_vp"], "if_synergy": v["income_vp_synergy"]} in c["effects"]


def test_fact_48_harbor(facts):
    v = facts.values(48)
    assert (card(v["card"])["cost"], card(v["card"])["vp"]) == (v["cost"], v["vp"])


def test_fact_49_mary_read(facts):
    v = facts.values(49)
    c = card(v["card"])
    assert (c["cost"], c["vp"]) == (v["cost"], v["vp"])
    assert {"kind": "income_doubloons", "amount": v["income_doubloons"]} in c["effects"]


def test_fact_50_56_a_and_101_b_cards(facts):
    v = facts.values(50)
    decks = [c["deck"] for c in toml("cards")["card"]]
    assert (decks.count("A"), decks.count("B")) == (v["a_cards"], v["b_cards"])


# ================================================================ careers

def test_fact_51_the_example_career_card(facts):
    v = facts.values(51)
    assert len(v["tasks"]) == 3
    careers = by_name(toml("careers")["career"])
    assert v["title"] in careers, f"no career card named {v['title']!r}"
    assert sorted(careers[v["title"]]["tasks"], key=str) == sorted(v["tasks"], key=str)
    quest_task = next(t for t in v["tasks"] if t["kind"] == "quests")
    assert calibration("quests_fulfilled")["example"] == quest_task["low"]     # shown beside the best seat


def test_fact_52_the_eight_task_kinds(facts):
    used = {t["kind"] for c in toml("careers")["career"] for t in c["tasks"]}
    assert used == set(facts.value(52, "kinds"))


# ========================================================= combat tokens

def tokens(modifier: str | None = None) -> list[dict]:
    return [t for t in toml("combat_tokens")["token"] if modifier is None or t["modifier"] == modifier]


def test_fact_53_the_fewest_plus_3_token(facts):
    v = facts.values(53)
    wanted = [t for t in tokens(v["modifier"])
              if t["france"]["value"] == v["france"] and t["england"]["value"] == v["england"]
              and t["spain"] == {"value": v["spain"], "bonus": "vp", "amount": v["spain_vp"]}]
    assert wanted, "no combat token is the pictured fewest +3 token"


def test_fact_54_most_minus_2_and_plus_3_tokens(facts):
    for pictured in facts.value(54, "tokens"):
        assert any(t["france"]["value"] == pictured["france"] for t in tokens(pictured["modifier"])), pictured


def test_fact_55_the_combat_example_token(facts):
    v = facts.values(55)

    def fits(t: dict) -> bool:
        return any(t[a]["value"] == v["paid_value"] and t[a]["amount"] == -v["pay"] and t[a]["bonus"] == "doubloons"
                   and t[b]["value"] == v["plain_value"]
                   and t[c]["value"] == v["bonus_value"] and t[c]["amount"] == v["bonus"]
                   for a, b, c in permutations(NATIONS))

    assert [t["key"] for t in tokens() if fits(t)], "no combat token is the combat example's token"


def test_fact_56_token_values_start_at_2(facts):
    printed = facts.value(56, "printed")
    values = {t[n]["value"] for t in tokens() for n in NATIONS}
    assert set(printed) <= values
    assert min(values) == min(printed)


def test_fact_57_cp_track_max_8(facts):
    v = facts.values(57)
    common = ROOT / "maracaibo_env" / "maracaibo" / "core" / "common.py"   # the limit's only home
    tree = ast.parse(common.read_text(encoding="utf-8"))
    cp_max = [n.value.value for n in tree.body if isinstance(n, ast.Assign)
              and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["CP_MAX"]]
    assert cp_max == [v["track"][1]] == [v["max"]]


# ============================================================ quest tiles

def test_fact_58_the_example_quest_tile(facts):
    v = facts.values(58)
    q01 = {q["key"]: q for q in toml("quests")["quest"]}["q01"]
    assert v["figures"] == 1 and q01["cost"] == [{"kind": "figure"}]
    assert q01["reward"] == [{"kind": "per_compass", "what": "doubloons", "amount": v["per_compass_doubloons"]},
                             {"kind": "explore", "amount": v["explore"]}]


def test_fact_59_quest_cost_and_reward_icons(facts):
    v = facts.values(59)
    costs = {c["kind"]: (set(c["amounts"]) if "amounts" in c else None) for c in v["costs"]}   # None: not printed
    rewards = set(v["rewards"])
    quests = [(q["key"], q["cost"], q["reward"]) for q in toml("quests")["quest"]]
    quests += [(f"story card {c['number']}", c["quest"]["cost"], c["quest"]["reward"])
               for c in toml("story")["card"] if "quest" in c]
    for key, cost, reward in quests:
        for c in cost:
            assert c["kind"] in costs, (key, c)
            assert costs[c["kind"]] is None or c.get("amount", 1) in costs[c["kind"]], (key, c)
        for r in reward:
            assert r["kind"] in rewards, (key, r)
            assert r["kind"] != "per_compass" or r["what"] in v["per_compass"], (key, r)


# ============================================================= ship board

def test_fact_60_ship_board_prerequisites(facts):
    v = facts.values(60)
    areas = {a["key"]: a for a in toml("ship")["area"]}
    assert {a["requires_completed"] for a in areas.values() if "requires_completed" in a} == set(
        v["requires_completed"])
    first, then = v["vp_chain"]
    assert areas[f"vp{then}"]["requires_area"] == f"vp{first}"
    assert f"vp{v['vp_area']}" in areas


# ========================================================= story cards

def test_fact_62_story_card_75(facts):
    v = facts.values(62)
    story = {s["number"]: s for s in toml("story_cards")["story"]}[v["card"]]
    for rnd, rows in ((0, v["setup"]), (1, v["round_1"])):
        got = {(q["location"], tuple(q["players"])) for q in story["quests"] if q["round"] == rnd}
        assert got == placements(rows), rnd


def test_fact_64_campaign_story_card_01(facts):
    v = facts.values(64)
    card01 = {c["number"]: c for c in toml("story")["card"]}[v["card"]]
    front = {part["kind"]: part for part in card01["front"]}
    assert front["story_tile"]["location"] == v["story_tile"]
    assert {(p["location"], tuple(p["players"])) for p in front["quests"]["placements"]} == placements(v["quests"])


#: the field of legacy_tiles.toml that fact 65 gives for a kind of tile
LEGACY_FIELDS = ("cost", "explorer", "vp")


def test_fact_65_legacy_tiles(facts):
    groups = facts.value(65, "groups")
    tiles = legacy()
    assert set(tiles) == {t for g in groups for t in g["tiles"]}
    names = {loc["name"]: k for k, loc in locations().items()}
    for g in groups:
        if "kind" not in g:
            continue
        for t in g["tiles"]:
            assert tiles[t]["kind"] == g["kind"], t
            if "location_name" in g:
                assert tiles[t]["location"] == names[g["location_name"]], t
            for field in LEGACY_FIELDS:
                if field in g:
                    assert tiles[t][field] == g[field], (t, field)


# ==================================================== Jean (automa.toml)

def test_fact_66_jeans_income_by_discs_removed(facts):
    v = facts.values(66)
    pairs = {k: vp for k, vp in v["listed"]}
    expected = []
    for k in range(v["cap"] + 1):          # the listed values, then +step a disc up to the cap
        expected.append(pairs.get(k, expected[-1] + v["step"] if expected else 0))
    assert all(expected[k] == vp for k, vp in pairs.items()), f"fact 66's own values disagree: {v}"
    vp = toml("automa")["track"]["vp"]
    assert len(vp) == v["cap"]
    # discs come off from the left and her income is the highest-value empty
    # space: with k discs removed, vp[k - 1]
    assert vp == expected[1:]


def test_fact_67_automa_board_shields(facts):
    v = facts.values(67)
    head, tail = v["head"], v["tail"]
    step = head[-1] - head[-2]
    shields = head + list(range(head[-1] + step, tail[0], step)) + tail
    assert len(shields) == v["count"]
    assert toml("automa")["track"]["vp"] == shields


def test_fact_68_jeans_upgrades_are_half_the_discs(facts):
    d = facts.value(68, "discs_per_upgrade")
    marked = toml("automa")["track"]["marked"]
    assert [sum(marked[:k]) for k in range(len(marked) + 1)] == [k // d for k in range(len(marked) + 1)]


def test_fact_70_the_15_automa_cards(facts):
    v = facts.values(70)
    cards = toml("automa")["card"]
    assert [c["id"] for c in cards] == v["ids"] and len(v["ids"]) == v["count"]
    assert [c["id"] for c in cards if c["warrior"]] == [v["warrior"]]
    for c in cards:
        assert c["move"] >= 1 and c["route"] in ("upper", "lower") and c["display"] >= 1, c["id"]
        assert c["actions"] and all(len(a["rounds"]) == 2 for a in c["actions"]), c["id"]


LEVELS = ("very_easy", "easy", "medium", "hard", "very_hard")


def test_fact_71_difficulty_decks(facts):
    v = facts.values(71)
    en = list(v["rulebook"])
    de = list(en)
    lo, hi = v["app_levels"]
    de[lo - 1:hi] = v["app"]
    tables = toml("automa")["difficulty"]
    assert [tables["en"][lv] for lv in LEVELS] == en
    assert [tables["de"][lv] for lv in LEVELS] == de


# ============================================================ accounting

def test_every_fact_is_accounted_for(facts):
    """Every fact has a test here or a line in the module docstring's list, and
    exactly the tested facts carry values."""
    tested = {int(m[1]) for name in globals() if (m := re.match(r"test_fact_(\d+)_", name))}
    listed = {int(n) for line in __doc__.splitlines() if (m := re.match(r"- ([\d, ]+): ", line))
              for n in m[1].split(", ")}
    assert not tested & listed, f"facts both tested and listed as constraining no data: {sorted(tested & listed)}"
    assert tested | listed == set(facts.facts), (
        f"facts with neither a test nor a docstring line: {sorted(set(facts.facts) - tested - listed)}; "
        f"tests or lines for facts that do not exist: {sorted(tested | listed - set(facts.facts))}")
    with_values = {fid for fid, f in facts.facts.items() if f.get("values")}
    assert with_values == tested, (f"facts with values but no test: {sorted(with_values - tested)}; "
                                   f"tested facts without values: {sorted(tested - with_values)}")


def test_every_fact_names_known_sources_and_strengths(facts):
    strengths = {"text", "pic", "code", "blog", "inference"}
    for fid, f in facts.facts.items():
        assert f["fact"].strip() and f["section"].strip(), fid
        assert f["sources"] and set(f["sources"]) <= set(facts.sources), (fid, f["sources"])
        assert set(f["strength"]) <= strengths, (fid, f["strength"])

"""Maracaibo's published facts against the raw data files.

Each test reads one fact of ../shared/data/maracaibo_published_facts.md (the
"(a)" part of the numbered entry), takes its values with a regular expression
that must match (a reworded fact fails, it never passes vacuously), and compares
them with the TOML files in maracaibo_env/maracaibo/data/ read with tomllib (not
the loader nor the compiled catalog). Tests are named test_fact_<number>_...;
docs/data_provenance.md records each fact's decision. The facts file lies beside
the checkout (CI copies shared/ there); without it these tests skip, or fail
when CI is set (helpers.published_facts).

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

from helpers import FactBook, fact_match, raw_toml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "maracaibo_env" / "maracaibo" / "data"
FACTS_FILE = "maracaibo_published_facts.md"
FACT_RE = re.compile(r"^(\d+)\. \*\*\(a\)\*\* (.*?) \*\*\(b\)\*\*", re.M)

NATIONS = ("france", "england", "spain")
COLOUR_NATION = {"blue": "france", "white": "england", "red": "spain"}   # rulebook 000 line 158
MP_PER_TURN = 7                 # rulebook 000 line 257: up to 7 movement points a turn
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}


@functools.cache
def toml(name: str) -> dict:
    return raw_toml(DATA, name)


@pytest.fixture(scope="module")
def facts() -> FactBook:
    return FactBook(FACTS_FILE, FACT_RE, int)


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


def tile_range(label: str) -> list[str]:
    """'L10–L17' -> L10..L17; 'L2/L8/L18' -> L2, L8, L18; 'A1–A5' -> A1..A5."""
    if "–" in label:
        a, b = label.split("–")
        return [f"{a[0]}{i}" for i in range(int(a[1:]), int(b[1:]) + 1)]
    return label.split("/")


def players(lo: str, hi: str) -> list[int]:
    """'(3–4p)' -> [3, 4]; '(4p)' -> [4]; no mark -> every count (1 = solo)."""
    if not lo:
        return [1, 2, 3, 4]
    return list(range(int(lo), int(hi or lo) + 1))


PLACEMENT_RE = r"(\d+)(?: \((\d)(?:–(\d))?p\))?"


def placements(text: str) -> set[tuple[str, tuple[int, ...]]]:
    return {(loc, tuple(players(lo, hi))) for loc, lo, hi in re.findall(PLACEMENT_RE, text)}


# ====================================================================== map

def test_fact_1_location_circles(facts):
    m = facts.match(1, r"circles (\d+)–(\d+) plus the printed numbers ((?:\w+, )+\w+)\.")
    printed = {str(i) for i in range(int(m[1]), int(m[2]) + 1)} | set(m[3].split(", "))
    assert {k for k, loc in locations().items() if loc["kind"] != "start"} == printed


def test_fact_2_cities_have_an_action_and_moves_cost_1_mp(facts):
    facts.match(2, r"A city is a location with an action scroll next to it; every other location is a village")
    mp = int(facts.match(2, r"one move = (\d+) MP")[1])
    for key, loc in locations().items():
        if loc["kind"] == "city":            # its scroll is printed, or comes with its city tile
            assert loc.get("action") or loc["tile_slot"], key
        if loc["kind"] == "village":
            assert "action" not in loc, key
    assert {a["cost"] for a in toml("board")["arrow"]} == {mp}


def test_fact_3_tile_slot_cities(facts):
    text = facts.match(3, r"Tile-slot cities: ([^.]*)\.")[1]
    named = {num: name for name, num in facts.findall(3, r"([A-Z][\w ]+?) \((\d+)\)", text)}
    slots = {k: loc for k, loc in locations().items() if loc["tile_slot"]}
    assert {k: loc["name"] for k, loc in slots.items()} == named
    assert {loc["kind"] for loc in slots.values()} == {"city"}


def test_fact_4_two_player_markers(facts):
    found = facts.findall(4, r"(red|white|blue)(?: marker)? on (\d+) ([A-Z][\w.]*(?: [A-Z][\w.]*)*)")
    facts.match(4, r"\(villages\)")
    locs = locations()
    assert toml("board")["setup"]["two_player_markers"] == {COLOUR_NATION[c]: num for c, num, _ in found}
    for _, num, name in found:
        assert (locs[num]["name"], locs[num]["kind"]) == (name, "village")


def test_fact_5_the_cities_are_exactly_the_named_ones(facts):
    named = facts.match(5, r"cities numbered \*\*([\d, ]+)\*\*")[1].split(", ")
    assert sorted((k for k, loc in locations().items() if loc["kind"] == "city"), key=int) == named


def test_fact_7_most_locations_are_villages(facts):
    facts.match(7, r'"Most" map locations are villages')
    numbered = [loc for k, loc in locations().items() if k.isdigit() and 1 <= int(k) <= 19]
    villages = [loc for loc in numbered if loc["kind"] == "village"]
    assert len(villages) > len(numbered) / 2


def test_fact_8_combat_only_at_11_and_20(facts):
    m = facts.match(8, r"only at location (\d+) and location (\d+)")
    with_combat = {"combat", "home20"}       # 20: "Combat or explorer up to 2" (fact 24)
    printed = {k for k, loc in locations().items() if loc.get("action", {}).get("kind") in with_combat}
    assert printed == {m[1], m[2]}
    # no city tile brings Combat elsewhere: only the 2p Maracaibo tile, which covers 11
    combat_tiles = [t for t in toml("city_tiles")["tile"] if t["action"]["kind"] == "combat"]
    assert [t["maracaibo"] for t in combat_tiles] == [True]
    assert [k for k, loc in locations().items() if loc["maracaibo"]] == [m[1]]


def test_fact_9_after_maracaibo_toward_nicaragua_or_a_short_cut_past_jamaica(facts):
    m = facts.match(9, r"via the (Dominican Republic), (\w+) and (\w+); from \3 one either continues "
                       r"toward (\w+) or takes a \*\*shortcut past (\w+)\*\*")
    # the places of the narrative as map locations (geography; board.toml header, P7)
    where = {"Dominican Republic": {"Puerto Plata", "Santo Domingo"}, "Martinique": {"Martinique"},
             "Maracaibo": {"Maracaibo"}, "Nicaragua": {"Puerto Cabezas"}, "Jamaica": {"Port Royal"}}
    locs = locations()
    key = {loc["name"]: k for k, loc in locs.items()}
    number = {name: locs[key[name]]["number"] for names in where.values() for name in names}
    order = [max(number[n] for n in where[m[i]]) for i in (1, 2, 3)]
    assert order == sorted(order)                        # Dominican Republic, Martinique, Maracaibo
    nxt = arrows(1)
    fork = key[m[3]]
    while len(nxt[fork]) == 1:
        fork = nxt[fork][0]
    assert locs[fork]["name"] in where[m[5]]             # the first fork after Maracaibo is at Jamaica
    ends = [set(r) for r in routes(nxt, fork, "20")]
    rejoin = min(set.intersection(*ends), key=lambda k: locs[k]["number"])
    branches = {len(r): set(r) for r in routes(nxt, fork, rejoin)}
    assert len(branches) == 2
    long_way, short_cut = branches[max(branches)], branches[min(branches)]
    assert {locs[k]["name"] for k in long_way} & where[m[4]]          # toward Nicaragua
    assert not {locs[k]["name"] for k in short_cut} & where[m[4]]     # the short cut skips it


def test_fact_12_puerto_cabezas_is_a_village_that_l1_makes_a_city(facts):
    m = facts.match(12, r"(Puerto Cabezas) is a village that legacy tile (L\d+) turns into a city "
                        r"with a quest space")
    key = next(k for k, loc in locations().items() if loc["name"] == m[1])
    assert locations()[key]["kind"] == "village"
    assert (legacy()[m[2]]["kind"], legacy()[m[2]]["location"]) == ("city_quest", key)


def test_fact_15_homeward_spaces_show_the_stop_symbol(facts):
    m = facts.match(15, r"Pictures of ((?:\w+, )+\w+) and (\w+) each show the red hand")
    for key in m[1].split(", ") + [m[2]]:
        assert locations()[key]["must_stop"], key


def test_fact_17_no_other_location_has_the_stop_symbol(facts):
    m = facts.match(17, r"any location outside (\d+)–(\d+)\) as carrying a hand")
    lo, hi = int(m[1]), int(m[2])
    for key, loc in locations().items():
        if loc["must_stop"]:
            assert lo <= int(re.match(r"\d+", key)[0]) <= hi, key


def test_fact_18_l11_toll(facts):
    m = facts.match(18, r"tile (L\d+): skipping its location costs (\d+) doubloons")
    assert legacy()[m[1]]["toll"] == int(m[2])


def test_fact_19_moves_cost_1_mp_and_the_legacy_routes_3(facts):
    mp = int(facts.match(19, r"Every move costs (\d+) MP")[1])
    m = facts.match(19, r"legacy tiles ((?:L\d+/)+L\d+) make their routes cost (\d+) MP")
    city = facts.match(19, r"(L\d+)'s new city costs (\d+) MP to enter and to leave")
    assert {a["cost"] for a in toml("board")["arrow"]} == {mp}
    route_tiles = {k: t["cost"] for k, t in legacy().items() if t["kind"] == "route"}
    assert route_tiles == {k: int(m[2]) for k in tile_range(m[1])}
    assert (legacy()[city[1]]["kind"], legacy()[city[1]]["cost"]) == ("new_city", int(city[2]))


def test_fact_20_four_to_21_turns_per_round(facts):
    m = facts.match(20, r"\*\*(\d+) to (\d+) turns per round\*\*")
    fewest, most = int(m[1]), int(m[2])
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

CITY_ACTIONS = {             # fact 22's phrases -> city action kinds (board.toml, city_tiles.toml)
    "influence + village action": "influence_village",
    "1 CP + remove a disc": "cp_remove_disc",
    "3 CP": "cp3",
    "2 doubloons + village action": "doubloons_village",
    "1 CP + 1 influence": "cp_influence",
    "one village action per compass": "compass_villages",
    "1 VP per combat token and optional discard-hand-for-4-doubloons": "tokens_vp_discard",
    "4 doubloons or 2 VP per assistant": "doubloons_or_assistants",
    "pay 2 CP for 1 influence + 6 doubloons": "pay_cp_influence_doubloons",
}


def test_fact_22_the_city_actions(facts):
    m = facts.match(22, r"Besides (\w+) and (\w+), the rulebook lists exactly (\d+) further city actions: "
                        r"(.*?)\. \*\*\[")
    phrases = m[4].split("; ")
    assert len(phrases) == int(m[3])
    unknown = [p for p in phrases if p not in CITY_ACTIONS]
    assert not unknown, f"fact 22 names city actions this test does not know: {unknown}"
    used = {loc["action"]["kind"] for loc in locations().values() if loc["kind"] == "city" and "action" in loc}
    used |= {t["action"]["kind"] for t in toml("city_tiles")["tile"]}
    assert used == {CITY_ACTIONS[p] for p in phrases} | {m[1].lower(), m[2].lower()}


def test_fact_23_city_tiles(facts):
    n = int(facts.match(23, r"(\d+) city tiles")[1])
    special = WORDS[facts.match(23, r"the (\w+) always-used tiles carry a \*\*ship's-wheel\*\* mark")[1]]
    mara = int(facts.match(23, r"the Maracaibo tile is used only with (\d+) players")[1])
    facts.match(23, r"backs show player counts")
    tiles = toml("city_tiles")["tile"]
    assert len(tiles) == n
    assert sum(t["special"] for t in tiles) == special
    assert [t["players"] for t in tiles if t["maracaibo"]] == [[mara]]
    assert all(t["players"] for t in tiles)


# ========================================================= homeward bound

def test_fact_24_homeward_spaces(facts):
    m = facts.match(24, r"20: Combat or explorer up to (\d+); 21a/21b: (\d+) VP; 22: (\d+) VP; "
                        r"round I–III route (20)→(21a), round IV (20)→(21b)→(22)")
    locs = locations()
    assert locs["20"]["action"] == {"kind": "home20", "amount": int(m[1])}
    assert locs["21a"]["action"]["amount"] == locs["21b"]["action"]["amount"] == int(m[2])
    assert locs["22"]["action"]["amount"] == int(m[3])
    for rnd in (1, 2, 3, 4):
        assert ["20"] + routes(arrows(rnd), "20", last_space(rnd))[0] == (
            [m[4], m[5]] if rnd < 4 else [m[6], m[7], m[8]])


def test_fact_26_the_last_space_of_a_round(facts):
    m = facts.match(26, r"is (\w+) in rounds (\d)–(\d) and (\w+) in round (\d)")
    for rnd in range(int(m[2]), int(m[3]) + 1):
        assert last_space(rnd) == m[1]
    assert last_space(int(m[5])) == m[4]


# ========================================================== explorer track

def test_fact_27_three_quest_spaces(facts):
    m = facts.match(27, r"(\d+) quest tiles are laid on (\d+) preset explorer spaces")
    assert sum(s["quest"] for s in toml("explorer")["space"]) == int(m[1]) == int(m[2])


EXPLORER_REWARDS = {         # fact 28's reward phrases -> (kind, printed amount or None for X)
    "X doubloons": ("doubloons", None), "X VP": ("vp", None), "X CP": ("cp", None),
    "2 figures": ("figures2", 2), "1 influence": ("influence", 1), "remove 1 disc": ("remove_disc", 1),
    "X doubloons + X VP": ("doubloons_vp", None),
}


def test_fact_28_explorer_rewards_barriers_and_last_space(facts):
    phrases = facts.match(28, r"Reward kinds: (.*?); red barrier")[1].split(", ")
    unknown = [p for p in phrases if p not in EXPLORER_REWARDS]
    assert not unknown, f"fact 28 names rewards this test does not know: {unknown}"
    kinds = dict(EXPLORER_REWARDS[p] for p in phrases)
    rewards = [s["reward"] for s in toml("explorer")["space"] if "reward" in s]
    assert {r["kind"] for r in rewards} == set(kinds)
    for r in rewards:
        assert kinds[r["kind"]] in (None, r["amount"]), r
    colours = facts.match(28, r"(red) barrier: [^;]*; (blue)/(green):")
    assert {s["barrier"] for s in toml("explorer")["space"] if "barrier" in s} == set(colours.groups())
    end = facts.match(28, r"end: ((?:\d+/)+\d+) VP")[1]
    assert toml("explorer")["last_space"]["vp"] == [int(v) for v in end.split("/")]


def test_fact_29_two_rewards_print_a_5(facts):
    readable = [int(v) for v in facts.match(29, r"readable include ((?:\d+, )+\d+)")[1].split(", ")]
    amounts = [s["reward"]["amount"] for s in toml("explorer")["space"] if "reward" in s]
    top = max(readable)
    assert max(amounts) == top
    assert amounts.count(top) >= readable.count(top)


def test_fact_30_legacy_explorer_spaces(facts):
    found = facts.findall(30, r"(L\d+)[^,*]*\*\*(\d+)(?:st|nd|rd|th)\*\*")
    assert {tile: legacy()[tile]["explorer"] for tile, _ in found} == {tile: int(n) for tile, n in found}
    for _, n in found:    # "reached or passed space n" needs a space numbered n on every path
        for path in explorer_paths():
            assert int(n) in [s["number"] for s in path], (n, [s["key"] for s in path])


# ============================================================ influence

def test_fact_32_influence_track_1_to_12(facts):
    m = facts.match(32, r'numbered \*\*(\d+)–(\d+)\*\* \(start "(\d+)" to the left\)')
    assert int(m[1]) == int(m[3]) + 1
    assert toml("influence")["track"]["spaces"] == int(m[2]) - int(m[3]) + 1


def test_fact_33_noble_ranks(facts):
    m = facts.match(33, r"spaces at \*\*([\d, ]+)\*\*, labelled ×(\d+) … ×(\d+)")
    positions = [int(p) for p in m[1].split(", ")]
    values = list(range(int(m[2]), int(m[3]) + 1))
    ranks = [(r["position"], r["value"]) for r in toml("influence")["rank"]]
    assert ranks == list(zip(positions, values, strict=True))


def test_fact_34_marker_supply(facts):
    m = facts.match(34, r"(\d+) marker on the left-most space, (\d+) on each other")
    first, *rest = toml("influence")["supply"]["spaces"]
    assert first == int(m[1])
    assert rest and set(rest) == {int(m[2])}


# =============================================================== income

def doubloon_vp(position: int) -> int:
    track = toml("income")["doubloon_track"]
    return track["vp"][position - track["start"]]


def test_fact_35_doubloon_track_8_to_34(facts):
    m = facts.match(35, r"Doubloon income track starts at (\d+) and ends at (\d+)")
    track = toml("income")["doubloon_track"]
    assert (track["start"], track["max"]) == (int(m[1]), int(m[2]))
    assert len(track["vp"]) == int(m[2]) - int(m[1]) + 1


def test_fact_36_position_24_scores_5(facts):
    m = facts.match(36, r"marker on doubloon-income \*\*(\d+)\*\*.*?Alex scores \*\*(\d+) VP\*\*")
    assert doubloon_vp(int(m[1])) == int(m[2])


def test_fact_37_position_23_scores_4(facts):
    m = facts.match(37, r'marker at \*\*(\d+)\*\* next to a shield "(\d+)"; text: (\d+) VP from the doubloon track')
    assert doubloon_vp(int(m[1])) == int(m[2]) == int(m[3])
    assert calibration("doubloon_track_vp")["example"] == int(m[3])     # the example's figure


def test_fact_38_position_34_scores_10(facts):
    m = facts.match(38, r'end of the doubloon track shows "(\d+)", a red shield with an arrow and a "(\d+)" shield')
    assert toml("income")["doubloon_track"]["max"] == int(m[1])
    assert doubloon_vp(int(m[1])) == int(m[2])


def test_fact_39_vp_track_ends_at_20(facts):
    assert toml("income")["vp_track"]["max"] == int(facts.match(39, r"VP income track ends at (\d+)")[1])


# ==================================================== prestige buildings

def test_fact_40_investing_gives_the_crown(facts):
    crown = facts.match(40, r"Investing gives \*\*the (\w+)\*\* synergy token \(one fixed token")[1]
    assert toml("prestige")["investing"]["synergy"] == crown
    assert not [b["key"] for b in toml("prestige")["building"] if "synergy" in b]


def test_fact_41_a_building_costs_20(facts):
    shown = int(facts.match(41, r'front shows the number \*\*"(\d+)"\*\*')[1])
    costs = [b["cost"] for b in toml("prestige")["building"]]
    assert shown in costs and max(costs) == shown      # read as a cost, the top of the scale


PRESTIGE_PER = {"barrier": "barrier", "quest": "quest", "assistant": "assistant", "CP + figure": "figure_and_cp",
                "synergy token": "synergy", "combat token": "combat_token", "upgrade": "upgrade"}


def test_fact_42_prestige_scoring(facts):
    entries = facts.match(42, r"Scoring: (.*?)\. \*\*\[")[1].split("; ")
    expected = {}
    for e in entries:
        if e.startswith("Cathedral"):
            m = fact_match(42, e, r"Cathedral doubloon-track VP scored twice more \(example (\d+) → \+(\d+)\)")
            expected["cathedral"] = {"per": "doubloon_track_vp", "vp": int(m[2]) // int(m[1])}
            continue
        m = fact_match(42, e, r"^([A-Z][a-z]+(?: [a-z]+)?) (\d+)(?:/| per )(.+?)(?: max (\d+))?$")
        assert m[3] in PRESTIGE_PER, f"fact 42 scores per {m[3]!r}, which this test does not know"
        expected[m[1].lower().replace(" ", "_")] = (
            {"per": PRESTIGE_PER[m[3]], "vp": int(m[2])} | ({"max": int(m[4])} if m[4] else {}))
    assert {b["key"]: b["scoring"] for b in toml("prestige")["building"]} == expected


def test_fact_43_eight_buildings(facts):
    m = facts.match(43, r"(\d+) buildings; (\d+) used")
    assert len(toml("prestige")["building"]) == int(m[1])


# ===================================================== goods and symbols

SYMBOL_KEYS = {"crossed saw-and-axe": "crossed_axes", "half-timbered house": "house"}
OBJECT_KEYS = {"maps": "map", "books": "book"}


def test_fact_44_synergy_symbols(facts):
    m = facts.match(44, r"The (\w+) synergy symbols are: \*\*(.*?)\*\*")
    names = m[2].split(", ")
    assert len(names) == WORDS[m[1]]
    assert {s["key"] for s in toml("goods")["synergy"]} == {SYMBOL_KEYS.get(n, n) for n in names}


def test_fact_45_goods_and_objects(facts):
    m = facts.match(45, r'goods "([\w /]+)"; objects "([\w /]+)"')
    entries = toml("goods")["good"]
    assert {g["key"] for g in entries if g["kind"] == "good"} == set(m[1].split(" / "))
    assert {g["key"] for g in entries if g["kind"] == "object"} == {
        OBJECT_KEYS.get(o, o) for o in m[2].split(" / ")}


def test_fact_46_quest_costs_two_corn_and_two_telescopes(facts):
    good = facts.match(46, r'Quest-cost picture shows "(\w+) (\w+)" goods')
    obj = facts.match(46, r"object picture shows .*?(\w+) (telescope)s")
    costs = [c for q in toml("quests")["quest"] for c in q["cost"]]
    assert {"kind": "goods", "good": good[2], "amount": WORDS[good[1]]} in costs
    assert {"kind": "objects", "object": obj[2], "amount": WORDS[obj[1]]} in costs


# ======================================================== project cards

def card(name: str) -> dict:
    cards = by_name(toml("cards")["card"])
    assert name in cards, f"no card named {name!r} in cards.toml"
    return cards[name]


def test_fact_47_legionnaire(facts):
    m = facts.match(47, r"(Legionnaire) costs \*\*(\d+)\*\* doubloons; panels: .*?green \+(\d+) doubloon income, "
                        r"(\w+) → \+(\d+) VP income")
    c = card(m[1])
    assert c["cost"] == int(m[2])
    assert {"kind": "income_doubloons", "amount": int(m[3])} in c["effects"]
    assert {"kind": "income_vp", "amount": int(m[5]), "if_synergy": m[4]} in c["effects"]


def test_fact_48_harbor(facts):
    m = facts.match(48, r"(Harbor) costs \*\*(\d+)\*\* doubloons and prints \*\*(\d+) VP\*\*")
    assert (card(m[1])["cost"], card(m[1])["vp"]) == (int(m[2]), int(m[3]))


def test_fact_49_mary_read(facts):
    m = facts.match(49, r'"(Mary Read)": cost (\d+), .*?, (\d+) VP, .*green (\d+)-doubloon income')
    c = card(m[1])
    assert (c["cost"], c["vp"]) == (int(m[2]), int(m[3]))
    assert {"kind": "income_doubloons", "amount": int(m[4])} in c["effects"]


def test_fact_50_56_a_and_101_b_cards(facts):
    m = facts.match(50, r"(\d+) A \+ (\d+) B project cards; (\d+) A dealt per player; (\d+) random B cards")
    decks = [c["deck"] for c in toml("cards")["card"]]
    assert (decks.count("A"), decks.count("B")) == (int(m[1]), int(m[2]))


# ================================================================ careers

CAREER_TASKS = {    # fact 52's task kinds -> careers.toml task kinds
    "combat tokens": "combat_tokens", "quest tiles": "quests", "influence in one nation": "influence_one",
    "influence in two nations": "influence_two", "ship upgrades": "upgrades", "explorer barrier": "barrier",
    "synergy tokens": "synergy", "assistants": "assistants",
}


def test_fact_51_the_example_career_card(facts):
    title = facts.match(51, r'title read as "(\w+)"')[1]
    tasks = facts.findall(51, "(" + "|".join(CAREER_TASKS) + r") (\d+) → (\d+) doubloons / (\d+) → \+(\d+) VP")
    assert len(tasks) == 3
    careers = by_name(toml("careers")["career"])
    assert title in careers, f"no career card named {title!r}"
    expected = [{"kind": CAREER_TASKS[t], "low": int(lo), "high": int(hi), "doubloons": int(d), "vp": int(v)}
                for t, lo, d, hi, v in tasks]
    assert sorted(careers[title]["tasks"], key=str) == sorted(expected, key=str)
    quest_task = next(t for t in expected if t["kind"] == "quests")
    assert calibration("quests_fulfilled")["example"] == quest_task["low"]     # shown beside the best seat


def test_fact_52_the_eight_task_kinds(facts):
    listed = re.sub(r" \([^)]*\)", "", facts.match(52, r"Task kinds: (.*?)\. \*\*\[")[1]).split(", ")
    unknown = [t for t in listed if t not in CAREER_TASKS]
    assert not unknown, f"fact 52 names task kinds this test does not know: {unknown}"
    used = {t["kind"] for c in toml("careers")["career"] for t in c["tasks"]}
    assert used == {CAREER_TASKS[t] for t in listed}


# ========================================================= combat tokens

MODIFIERS = {"fewest markers +3": "fewest_plus3", "most markers −2": "most_minus2", "+3": "fewest_plus3"}


def tokens(modifier: str | None = None) -> list[dict]:
    return [t for t in toml("combat_tokens")["token"] if modifier is None or t["modifier"] == modifier]


def test_fact_53_the_fewest_plus_3_token(facts):
    m = facts.match(53, r'modifier "(fewest markers \+\d+)": France value \*\*(\d+)\*\*, Spain (\d+) with '
                        r"\+(\d+) VP, England (\d+)")
    wanted = [t for t in tokens(MODIFIERS[m[1]])
              if t["france"]["value"] == int(m[2]) and t["england"]["value"] == int(m[5])
              and t["spain"] == {"value": int(m[3]), "bonus": "vp", "amount": int(m[4])}]
    assert wanted, "no combat token is the pictured fewest +3 token"


def test_fact_54_most_minus_2_and_plus_3_tokens(facts):
    m = facts.match(54, r'"(most markers −\d+)" token: France (\d+); another "(\+\d+)" token: France (\d+)')
    assert any(t["france"]["value"] == int(m[2]) for t in tokens(MODIFIERS[m[1]]))
    assert any(t["france"]["value"] == int(m[4]) for t in tokens(MODIFIERS[m[3]]))


def test_fact_55_the_combat_example_token(facts):
    m = facts.match(55, r'rows "pay (\d+) / (\d+)", "(\d+)", "bonus (\d+) / (\d+)"')
    pay, paid_value, plain_value, bonus, bonus_value = map(int, m.groups())

    def fits(t: dict) -> bool:
        return any(t[a]["value"] == paid_value and t[a]["amount"] == -pay and t[a]["bonus"] == "doubloons"
                   and t[b]["value"] == plain_value
                   and t[c]["value"] == bonus_value and t[c]["amount"] == bonus
                   for a, b, c in permutations(NATIONS))

    assert [t["key"] for t in tokens() if fits(t)], "no combat token is the combat example's token"


def test_fact_56_token_values_start_at_2(facts):
    printed = [int(v) for v in facts.findall(56, r"(\d+)x", facts.match(56, r'tokens printed "([^"]*)"')[1])]
    values = {t[n]["value"] for t in tokens() for n in NATIONS}
    assert set(printed) <= values
    assert min(values) == min(printed)


def test_fact_57_cp_track_max_8(facts):
    m = facts.match(57, r"CP track (\d+)–(\d+) \(max (\d+) CP\)")
    common = ROOT / "maracaibo_env" / "maracaibo" / "core" / "common.py"   # the limit's only home
    tree = ast.parse(common.read_text(encoding="utf-8"))
    cp_max = [n.value.value for n in tree.body if isinstance(n, ast.Assign)
              and [t.id for t in n.targets if isinstance(t, ast.Name)] == ["CP_MAX"]]
    assert cp_max == [int(m[2])] == [int(m[3])]


# ============================================================ quest tiles

def test_fact_58_the_example_quest_tile(facts):
    m = facts.match(58, r"pay (\d+) figure → (\d+) doubloons per compass \+ explorer up to \*\*(\d+)\*\*")
    q01 = {q["key"]: q for q in toml("quests")["quest"]}["q01"]
    assert int(m[1]) == 1 and q01["cost"] == [{"kind": "figure"}]
    assert q01["reward"] == [{"kind": "per_compass", "what": "doubloons", "amount": int(m[2])},
                             {"kind": "explore", "amount": int(m[3])}]


QUEST_COSTS = {   # fact 59's cost icons -> (kind, printed amounts; None: not printed)
    "1 or 2 CP": ("cp", {1, 2}), "2 objects": ("objects", {2}), "2 doubloons": ("doubloons", {2}),
    '"at least 4 MP"': ("mp4", None), "1 figure": ("figure", {1}), "2 goods": ("goods", {2}),
}
QUEST_REWARDS = {
    "story tile": "story_tile", "X doubloons": "doubloons", "per-compass VP/doubloons": "per_compass",
    "1 influence": "influence", "figure": "figure", "X CP": "cp", "2 Spain influence": "spain2",
    "remove skull legacy tile": "remove_skull_tile", "remove 2 discs": "discs2", "X VP": "vp",
    "Combat": "combat", "explorer +2": "explore",
}


def test_fact_59_quest_cost_and_reward_icons(facts):
    m = facts.match(59, r"Cost icons: (.*?)\. Reward icons: (.*?)\. \*\*\[")
    cost_icons, reward_icons = m[1].split("; "), m[2].split("; ")
    unknown = [p for p in cost_icons if p not in QUEST_COSTS] + [p for p in reward_icons if p not in QUEST_REWARDS]
    assert not unknown, f"fact 59 names icons this test does not know: {unknown}"
    costs = dict(QUEST_COSTS[p] for p in cost_icons)
    rewards = {QUEST_REWARDS[p] for p in reward_icons}
    quests = [(q["key"], q["cost"], q["reward"]) for q in toml("quests")["quest"]]
    quests += [(f"story card {c['number']}", c["quest"]["cost"], c["quest"]["reward"])
               for c in toml("story")["card"] if "quest" in c]
    for key, cost, reward in quests:
        for c in cost:
            assert c["kind"] in costs, (key, c)
            assert costs[c["kind"]] is None or c.get("amount", 1) in costs[c["kind"]], (key, c)
        for r in reward:
            assert r["kind"] in rewards, (key, r)
            assert r["kind"] != "per_compass" or r["what"] in ("vp", "doubloons"), (key, r)


# ============================================================= ship board

def test_fact_60_ship_board_prerequisites(facts):
    m = facts.match(60, r'"(\d+)✓"/"(\d+)✓" prerequisites, the (\d+)-then-(\d+) VP pair, the (\d+)-VP area')
    areas = {a["key"]: a for a in toml("ship")["area"]}
    assert {a["requires_completed"] for a in areas.values() if "requires_completed" in a} == {int(m[1]), int(m[2])}
    assert areas[f"vp{m[4]}"]["requires_area"] == f"vp{m[3]}"
    assert f"vp{m[5]}" in areas


# ========================================================= story cards

def test_fact_62_story_card_75(facts):
    m = facts.match(62, r"Card (\d+): setup quests at (.*?); end of round I at (.*?)\. \*\*\[")
    story = {s["number"]: s for s in toml("story_cards")["story"]}[int(m[1])]
    for rnd, text in ((0, m[2]), (1, m[3])):
        rows = {(q["location"], tuple(q["players"])) for q in story["quests"] if q["round"] == rnd}
        assert rows == placements(text), rnd


def test_fact_64_campaign_story_card_01(facts):
    m = facts.match(64, r"Story mode card (\d+): story tile \d+ at (\d+); quests at (.*?)\. \*\*\[")
    card01 = {c["number"]: c for c in toml("story")["card"]}[int(m[1])]
    front = {part["kind"]: part for part in card01["front"]}
    assert front["story_tile"]["location"] == m[2]
    assert {(p["location"], tuple(p["players"])) for p in front["quests"]["placements"]} == placements(m[3])


LEGACY_KINDS = [   # fact 65's descriptions -> (kind, field checked, its value group)
    (r"(\d+)-MP routes", "route", "cost"),
    (r"([A-Z]\w+) plague", "plague", "location"),
    (r"city, space (\d+)", "new_city", "explorer"),
    (r"silver fleet", "silver_fleet", None),
    (r"gold mine, space (\d+)", "gold_mine", "explorer"),
    (r"disc tiles", "disc", None),
    (r"skull", "skull", None),
    (r"(\d+) VP", "vp", "vp"),
]


def test_fact_65_legacy_tiles(facts):
    listed = facts.match(65, r"Legacy tiles \(campaign\): (.*?)\. Jean ignores")[1]
    items = facts.findall(65, r"(L\d+(?:[/–]L\d+)*)(?: \(([^)]*)\))?", listed)
    tiles = legacy()
    assert set(tiles) == {t for label, _ in items for t in tile_range(label)}
    names = {loc["name"]: k for k, loc in locations().items()}
    for label, what in items:
        if not what:
            continue
        kind = next(((k, f, m) for pattern, k, f in LEGACY_KINDS if (m := re.fullmatch(pattern, what))), None)
        assert kind, f"fact 65 describes {label} as {what!r}, which this test does not know"
        k, field, m = kind
        for t in tile_range(label):
            assert tiles[t]["kind"] == k, t
            if field == "location":
                assert tiles[t]["location"] == names[m[1]], t
            elif field:
                assert tiles[t][field] == int(m[1]), t


# ==================================================== Jean (automa.toml)

def test_fact_66_jeans_income_by_discs_removed(facts):
    text = facts.text(66)
    pairs = {int(k): int(v) for k, v in facts.findall(66, r"(?:k=)?(\d+)→(\d+)")}
    step = int(facts.match(66, r"then \+(\d+) per disc")[1])
    cap = int(facts.match(66, r"\(cap (\d+) discs\)")[1])
    facts.match(66, r"\d+→\d+ … \d+→\d+")
    expected = []
    for k in range(cap + 1):          # the listed values, then +step a disc up to the cap
        expected.append(pairs.get(k, expected[-1] + step if expected else 0))
    assert all(expected[k] == v for k, v in pairs.items()), f"fact 66's own values disagree: {text!r}"
    vp = toml("automa")["track"]["vp"]
    assert len(vp) == cap
    # discs come off from the left and her income is the highest-value empty
    # space: with k discs removed, vp[k - 1]
    assert vp == expected[1:]


def test_fact_67_automa_board_shields(facts):
    m = facts.match(67, r"shields ((?:\d+, )+)…, ((?:\d+, )*\d+) \((\d+) values\)")
    head = [int(v) for v in m[1].rstrip(", ").split(", ")]
    tail = [int(v) for v in m[2].split(", ")]
    step = head[-1] - head[-2]
    shields = head + list(range(head[-1] + step, tail[0], step)) + tail
    assert len(shields) == int(m[3])
    assert toml("automa")["track"]["vp"] == shields


def test_fact_68_jeans_upgrades_are_half_the_discs(facts):
    d = int(facts.match(68, r'"ship upgrades" for the end bonus = floor\(k/(\d+)\)')[1])
    marked = toml("automa")["track"]["marked"]
    assert [sum(marked[:k]) for k in range(len(marked) + 1)] == [k // d for k in range(len(marked) + 1)]


def test_fact_70_the_15_automa_cards(facts):
    m = facts.match(70, r"The (\d+) base Automa cards \(((?:[A-Z]\d+–[A-Z]\d+, )+[A-Z]\d+–[A-Z]\d+): "
                        r"move, upper/lower, display slot, actions by round, (C\d+) = extra village annex\)")
    ids = [i for label in m[2].split(", ") for i in tile_range(label)]
    cards = toml("automa")["card"]
    assert [c["id"] for c in cards] == ids and len(ids) == int(m[1])
    assert [c["id"] for c in cards if c["warrior"]] == [m[3]]
    for c in cards:
        assert c["move"] >= 1 and c["route"] in ("upper", "lower") and c["display"] >= 1, c["id"]
        assert c["actions"] and all(len(a["rounds"]) == 2 for a in c["actions"]), c["id"]


LEVELS = ("very_easy", "easy", "medium", "hard", "very_hard")


def test_fact_71_difficulty_decks(facts):
    m = facts.match(71, r"EN/ZH ((?:\d-\d-\d, )+\d-\d-\d); SH uses (\d-\d-\d) and (\d-\d-\d) for levels (\d)–(\d)")

    def deck(s: str) -> list[int]:
        return [int(n) for n in s.split("-")]

    en = [deck(s) for s in m[1].split(", ")]
    de = list(en)
    de[int(m[4]) - 1:int(m[5])] = [deck(m[2]), deck(m[3])]
    tables = toml("automa")["difficulty"]
    assert [tables["en"][lv] for lv in LEVELS] == en
    assert [tables["de"][lv] for lv in LEVELS] == de


# ============================================================ accounting

def test_every_fact_is_accounted_for(facts):
    """Every fact has a test here or a line in the module docstring's list."""
    tested = {int(m[1]) for name in globals() if (m := re.match(r"test_fact_(\d+)_", name))}
    listed = {int(n) for line in __doc__.splitlines() if (m := re.match(r"- ([\d, ]+): ", line))
              for n in m[1].split(", ")}
    assert not tested & listed, f"facts both tested and listed as constraining no data: {sorted(tested & listed)}"
    assert tested | listed == set(facts.facts), (
        f"facts with neither a test nor a docstring line: {sorted(set(facts.facts) - tested - listed)}; "
        f"tests or lines for facts that do not exist: {sorted(tested | listed - set(facts.facts))}")

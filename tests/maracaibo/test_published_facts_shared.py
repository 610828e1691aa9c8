"""The project's published facts (maracaibo_env/maracaibo/facts/published_facts.toml)
say what the facts survey in the shared folder beside the checkout says
(../shared/data/maracaibo_published_facts.md), so that a change on either side
is caught during development. Every test here is skipped when that folder is
not there; the data tests (test_published_facts.py) need only the repository.

For each fact the survey's "(a)" part is read with a regular expression that
must match (a reworded fact fails, it never passes vacuously), its values are
put in the facts file's form (the data files' vocabulary: "X doubloons" is
"doubloons"), and they must equal the file's values. The IDs, the strength
tags of the "(a)" part and the source ids of the "(b)" part must agree too.
"""
from __future__ import annotations

import functools
import re

import pytest

from helpers import FactBook, fact_match, shared_facts_text

FACT_RE = re.compile(r"^(\d+)\. \*\*\(a\)\*\* (.*?) \*\*\(b\)\*\* (.*?) \*\*\(c\)\*\*", re.M)
TAG_RE = re.compile(r"\[(text|pic|code|blog|inference)\]")
SOURCE_RE = re.compile(r"(?<![\w-])(ZH-T|ZH|SH|FB|KA|BG|3S|JM|BGA-T|BGA-P|EN)(?![\w-])")
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5}


@functools.cache
def survey() -> dict[int, tuple[str, str]]:
    """fact number -> (its "(a)" part, its "(b)" part) in the shared survey."""
    found = {int(m[1]): (m[2], m[3]) for m in FACT_RE.finditer(shared_facts_text("maracaibo"))}
    assert found, "no facts found in the shared survey"
    return found


@pytest.fixture(scope="module")
def facts() -> FactBook:
    return FactBook("maracaibo")


def match(fid: int, pattern: str):
    return fact_match(fid, survey()[fid][0], pattern)


def findall(fid: int, pattern: str, text: str | None = None) -> list:
    found = re.findall(pattern, survey()[fid][0] if text is None else text)
    assert found, f"fact {fid} of the survey no longer reads as expected: {pattern!r}"
    return found


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


def placements(text: str) -> list[dict]:
    return [{"location": loc, "players": players(lo, hi)}
            for loc, lo, hi in re.findall(r"(\d+)(?: \((\d)(?:–(\d))?p\))?", text)]


def known(phrases: list[str], table: dict, fid: int) -> list:
    unknown = [p for p in phrases if p not in table]
    assert not unknown, f"fact {fid} of the survey names what this test does not know: {unknown}"
    return [table[p] for p in phrases]


# ---------------------------------------------------------------- readers
# fact number -> the values the survey's "(a)" part gives, in the facts file's form

CITY_ACTIONS = {
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
EXPLORER_REWARDS = {
    "X doubloons": {"kind": "doubloons"}, "X VP": {"kind": "vp"}, "X CP": {"kind": "cp"},
    "2 figures": {"kind": "figures2", "amount": 2}, "1 influence": {"kind": "influence", "amount": 1},
    "remove 1 disc": {"kind": "remove_disc", "amount": 1}, "X doubloons + X VP": {"kind": "doubloons_vp"},
}
PRESTIGE_PER = {"barrier": "barrier", "quest": "quest", "assistant": "assistant", "CP + figure": "figure_and_cp",
                "synergy token": "synergy", "combat token": "combat_token", "upgrade": "upgrade"}
SYMBOL_KEYS = {"crossed saw-and-axe": "crossed_axes", "half-timbered house": "house"}
OBJECT_KEYS = {"maps": "map", "books": "book"}
CAREER_TASKS = {
    "combat tokens": "combat_tokens", "quest tiles": "quests", "influence in one nation": "influence_one",
    "influence in two nations": "influence_two", "ship upgrades": "upgrades", "explorer barrier": "barrier",
    "synergy tokens": "synergy", "assistants": "assistants",
}
MODIFIERS = {"fewest markers +3": "fewest_plus3", "most markers −2": "most_minus2", "+3": "fewest_plus3"}
QUEST_COSTS = {
    "1 or 2 CP": {"kind": "cp", "amounts": [1, 2]}, "2 objects": {"kind": "objects", "amounts": [2]},
    "2 doubloons": {"kind": "doubloons", "amounts": [2]}, '"at least 4 MP"': {"kind": "mp4"},
    "1 figure": {"kind": "figure", "amounts": [1]}, "2 goods": {"kind": "goods", "amounts": [2]},
}
QUEST_REWARDS = {
    "story tile": "story_tile", "X doubloons": "doubloons", "per-compass VP/doubloons": "per_compass",
    "1 influence": "influence", "figure": "figure", "X CP": "cp", "2 Spain influence": "spain2",
    "remove skull legacy tile": "remove_skull_tile", "remove 2 discs": "discs2", "X VP": "vp",
    "Combat": "combat", "explorer +2": "explore",
}
LEGACY_KINDS = [   # fact 65's descriptions -> (kind, the field its group gives)
    (r"(\d+)-MP routes", "route", "cost"),
    (r"([A-Z]\w+) plague", "plague", "location_name"),
    (r"city, space (\d+)", "new_city", "explorer"),
    (r"silver fleet", "silver_fleet", None),
    (r"gold mine, space (\d+)", "gold_mine", "explorer"),
    (r"disc tiles", "disc", None),
    (r"skull", "skull", None),
    (r"(\d+) VP", "vp", "vp"),
]


def read_1():
    m = match(1, r"circles (\d+)–(\d+) plus the printed numbers ((?:\w+, )+\w+)\.")
    return {"circles": [int(m[1]), int(m[2])], "also_printed": m[3].split(", ")}


def read_2():
    match(2, r"A city is a location with an action scroll next to it; every other location is a village")
    return {"move_mp": int(match(2, r"one move = (\d+) MP")[1])}


def read_3():
    text = match(3, r"Tile-slot cities: ([^.]*)\.")[1]
    return {"tile_slot_cities": {num: name for name, num in findall(3, r"([A-Z][\w ]+?) \((\d+)\)", text)}}


def read_4():
    found = findall(4, r"(red|white|blue)(?: marker)? on (\d+) ([A-Z][\w.]*(?: [A-Z][\w.]*)*)")
    match(4, r"\(villages\)")
    return {"kind": "village", "markers": [{"colour": c, "location": n, "name": name} for c, n, name in found]}


def read_5():
    return {"cities": match(5, r"cities numbered \*\*([\d, ]+)\*\*")[1].split(", ")}


def read_7():
    match(7, r'"Most" map locations are villages')
    return {"most": "village"}


def read_8():
    m = match(8, r"only at location (\d+) and location (\d+)")
    return {"combat_at": [m[1], m[2]]}


def read_9():
    m = match(9, r"via the (Dominican Republic), (\w+) and (\w+); from \3 one either continues "
                 r"toward (\w+) or takes a \*\*shortcut past (\w+)\*\*")
    return {"via": [m[1], m[2], m[3]], "long_way_toward": m[4], "short_cut_past": m[5]}


def read_12():
    m = match(12, r"(Puerto Cabezas) is a village that legacy tile (L\d+) turns into a city with a quest space")
    return {"location": m[1], "tile": m[2]}


def read_15():
    m = match(15, r"Pictures of ((?:\w+, )+\w+) and (\w+) each show the red hand")
    return {"must_stop": m[1].split(", ") + [m[2]]}


def read_17():
    m = match(17, r"any location outside (\d+)–(\d+)\) as carrying a hand")
    return {"hand_only_within": [int(m[1]), int(m[2])]}


def read_18():
    m = match(18, r"tile (L\d+): skipping its location costs (\d+) doubloons")
    return {"tile": m[1], "toll": int(m[2])}


def read_19():
    mp = int(match(19, r"Every move costs (\d+) MP")[1])
    m = match(19, r"legacy tiles ((?:L\d+/)+L\d+) make their routes cost (\d+) MP")
    city = match(19, r"(L\d+)'s new city costs (\d+) MP to enter and to leave")
    return {"move_mp": mp, "route_tiles": tile_range(m[1]), "route_mp": int(m[2]),
            "city_tile": city[1], "city_mp": int(city[2])}


def read_20():
    m = match(20, r"\*\*(\d+) to (\d+) turns per round\*\*")
    return {"turns": [int(m[1]), int(m[2])]}


def read_22():
    m = match(22, r"Besides (\w+) and (\w+), the rulebook lists exactly (\d+) further city actions: (.*?)\. \*\*\[")
    return {"besides": [m[1].lower(), m[2].lower()], "further": int(m[3]),
            "kinds": known(m[4].split("; "), CITY_ACTIONS, 22)}


def read_23():
    n = int(match(23, r"(\d+) city tiles")[1])
    special = WORDS[match(23, r"the (\w+) always-used tiles carry a \*\*ship's-wheel\*\* mark")[1]]
    mara = int(match(23, r"the Maracaibo tile is used only with (\d+) players")[1])
    match(23, r"backs show player counts")
    return {"tiles": n, "always_used": special, "maracaibo_players": mara}


def read_24():
    m = match(24, r"20: Combat or explorer up to (\d+); 21a/21b: (\d+) VP; 22: (\d+) VP; "
                  r"round I–III route (20)→(21a), round IV (20)→(21b)→(22)")
    return {"explore_20": int(m[1]), "vp_21": int(m[2]), "vp_22": int(m[3]),
            "route_rounds_1_3": [m[4], m[5]], "route_round_4": [m[6], m[7], m[8]]}


def read_26():
    m = match(26, r"is (\w+) in rounds (\d)–(\d) and (\w+) in round (\d)")
    return {"last_space": [{"rounds": [int(m[2]), int(m[3])], "space": m[1]},
                           {"rounds": [int(m[5]), int(m[5])], "space": m[4]}]}


def read_27():
    m = match(27, r"(\d+) quest tiles are laid on (\d+) preset explorer spaces")
    return {"quest_tiles": int(m[1]), "spaces": int(m[2])}


def read_28():
    phrases = match(28, r"Reward kinds: (.*?); red barrier")[1].split(", ")
    colours = match(28, r"(red) barrier: [^;]*; (blue)/(green):")
    end = match(28, r"end: ((?:\d+/)+\d+) VP")[1]
    return {"rewards": known(phrases, EXPLORER_REWARDS, 28), "barriers": list(colours.groups()),
            "last_space_vp": [int(v) for v in end.split("/")]}


def read_29():
    return {"readable": [int(v) for v in match(29, r"readable include ((?:\d+, )+\d+)")[1].split(", ")]}


def read_30():
    return {"explorer_space": {tile: int(n) for tile, n in findall(30, r"(L\d+)[^,*]*\*\*(\d+)(?:st|nd|rd|th)\*\*")}}


def read_32():
    m = match(32, r'numbered \*\*(\d+)–(\d+)\*\* \(start "(\d+)" to the left\)')
    return {"spaces": [int(m[1]), int(m[2])], "start": int(m[3])}


def read_33():
    m = match(33, r"spaces at \*\*([\d, ]+)\*\*, labelled ×(\d+) … ×(\d+)")
    return {"positions": [int(p) for p in m[1].split(", ")],
            "multipliers": list(range(int(m[2]), int(m[3]) + 1))}


def read_34():
    m = match(34, r"(\d+) marker on the left-most space, (\d+) on each other")
    return {"leftmost": int(m[1]), "others": int(m[2])}


def read_35():
    m = match(35, r"Doubloon income track starts at (\d+) and ends at (\d+)")
    return {"start": int(m[1]), "max": int(m[2])}


def read_36():
    m = match(36, r"marker on doubloon-income \*\*(\d+)\*\*.*?Alex scores \*\*(\d+) VP\*\*")
    return {"position": int(m[1]), "vp": int(m[2])}


def read_37():
    m = match(37, r'marker at \*\*(\d+)\*\* next to a shield "(\d+)"; text: (\d+) VP from the doubloon track')
    return {"position": int(m[1]), "shield": int(m[2]), "vp": int(m[3])}


def read_38():
    m = match(38, r'end of the doubloon track shows "(\d+)", a red shield with an arrow and a "(\d+)" shield')
    return {"position": int(m[1]), "shield": int(m[2])}


def read_39():
    return {"max": int(match(39, r"VP income track ends at (\d+)")[1])}


def read_40():
    return {"synergy": match(40, r"Investing gives \*\*the (\w+)\*\* synergy token \(one fixed token")[1]}


def read_41():
    return {"shown": int(match(41, r'front shows the number \*\*"(\d+)"\*\*')[1])}


def read_42():
    scoring, example = {}, None
    for e in match(42, r"Scoring: (.*?)\. \*\*\[")[1].split("; "):
        if e.startswith("Cathedral"):
            m = fact_match(42, e, r"Cathedral doubloon-track VP scored twice more \(example (\d+) → \+(\d+)\)")
            example = [int(m[1]), int(m[2])]
            scoring["cathedral"] = {"per": "doubloon_track_vp", "vp": int(m[2]) // int(m[1])}
            continue
        m = fact_match(42, e, r"^([A-Z][a-z]+(?: [a-z]+)?) (\d+)(?:/| per )(.+?)(?: max (\d+))?$")
        scoring[m[1].lower().replace(" ", "_")] = (
            {"per": known([m[3]], PRESTIGE_PER, 42)[0], "vp": int(m[2])} | ({"max": int(m[4])} if m[4] else {}))
    return {"cathedral_example": example, "scoring": scoring}


def read_43():
    m = match(43, r"(\d+) buildings; (\d+) used")
    return {"buildings": int(m[1]), "used": int(m[2])}


def read_44():
    m = match(44, r"The (\w+) synergy symbols are: \*\*(.*?)\*\*")
    return {"count": WORDS[m[1]], "symbols": [SYMBOL_KEYS.get(n, n) for n in m[2].split(", ")]}


def read_45():
    m = match(45, r'goods "([\w /]+)"; objects "([\w /]+)"')
    return {"goods": m[1].split(" / "), "objects": [OBJECT_KEYS.get(o, o) for o in m[2].split(" / ")]}


def read_46():
    good = match(46, r'Quest-cost picture shows "(\w+) (\w+)" goods')
    obj = match(46, r"object picture shows .*?(\w+) (telescope)s")
    return {"goods_cost": {"good": good[2], "amount": WORDS[good[1]]},
            "objects_cost": {"object": obj[2], "amount": WORDS[obj[1]]}}


def read_47():
    m = match(47, r"(Legionnaire) costs \*\*(\d+)\*\* doubloons; panels: .*?green \+(\d+) doubloon income, "
                  r"(\w+) → \+(\d+) VP income")
    return {"card": m[1], "cost": int(m[2]), "income_doubloons": int(m[3]), "income_vp": int(m[5]),
            "income_vp_synergy": m[4]}


def read_48():
    m = match(48, r"(Harbor) costs \*\*(\d+)\*\* doubloons and prints \*\*(\d+) VP\*\*")
    return {"card": m[1], "cost": int(m[2]), "vp": int(m[3])}


def read_49():
    m = match(49, r'"(Mary Read)": cost (\d+), .*?, (\d+) VP, .*green (\d+)-doubloon income')
    return {"card": m[1], "cost": int(m[2]), "vp": int(m[3]), "income_doubloons": int(m[4])}


def read_50():
    m = match(50, r"(\d+) A \+ (\d+) B project cards; (\d+) A dealt per player; (\d+) random B cards")
    return {"a_cards": int(m[1]), "b_cards": int(m[2]), "dealt": int(m[3]), "b_in_deck": int(m[4])}


def read_51():
    title = match(51, r'title read as "(\w+)"')[1]
    tasks = findall(51, "(" + "|".join(CAREER_TASKS) + r") (\d+) → (\d+) doubloons / (\d+) → \+(\d+) VP")
    return {"title": title, "tasks": [{"kind": CAREER_TASKS[t], "low": int(lo), "doubloons": int(d),
                                       "high": int(hi), "vp": int(v)} for t, lo, d, hi, v in tasks]}


def read_52():
    listed = re.sub(r" \([^)]*\)", "", match(52, r"Task kinds: (.*?)\. \*\*\[")[1]).split(", ")
    return {"kinds": known(listed, CAREER_TASKS, 52)}


def read_53():
    m = match(53, r'modifier "(fewest markers \+\d+)": France value \*\*(\d+)\*\*, Spain (\d+) with '
                  r"\+(\d+) VP, England (\d+)")
    return {"modifier": known([m[1]], MODIFIERS, 53)[0], "france": int(m[2]), "spain": int(m[3]),
            "spain_vp": int(m[4]), "england": int(m[5])}


def read_54():
    m = match(54, r'"(most markers −\d+)" token: France (\d+); another "(\+\d+)" token: France (\d+)')
    return {"tokens": [{"modifier": known([m[1]], MODIFIERS, 54)[0], "france": int(m[2])},
                       {"modifier": known([m[3]], MODIFIERS, 54)[0], "france": int(m[4])}]}


def read_55():
    m = match(55, r'rows "pay (\d+) / (\d+)", "(\d+)", "bonus (\d+) / (\d+)"')
    pay, paid_value, plain_value, bonus, bonus_value = map(int, m.groups())
    return {"pay": pay, "paid_value": paid_value, "plain_value": plain_value, "bonus": bonus,
            "bonus_value": bonus_value}


def read_56():
    return {"printed": [int(v) for v in findall(56, r"(\d+)x", match(56, r'tokens printed "([^"]*)"')[1])]}


def read_57():
    m = match(57, r"CP track (\d+)–(\d+) \(max (\d+) CP\)")
    return {"track": [int(m[1]), int(m[2])], "max": int(m[3])}


def read_58():
    m = match(58, r"pay (\d+) figure → (\d+) doubloons per compass \+ explorer up to \*\*(\d+)\*\*")
    return {"figures": int(m[1]), "per_compass_doubloons": int(m[2]), "explore": int(m[3])}


def read_59():
    m = match(59, r"Cost icons: (.*?)\. Reward icons: (.*?)\. \*\*\[")
    rewards = m[2].split("; ")
    per_compass = fact_match(59, m[2], r"per-compass (\w+)/(\w+)")
    return {"costs": known(m[1].split("; "), QUEST_COSTS, 59), "rewards": known(rewards, QUEST_REWARDS, 59),
            "per_compass": [per_compass[1].lower(), per_compass[2].lower()]}


def read_60():
    m = match(60, r'"(\d+)✓"/"(\d+)✓" prerequisites, the (\d+)-then-(\d+) VP pair, the (\d+)-VP area')
    return {"requires_completed": [int(m[1]), int(m[2])], "vp_chain": [int(m[3]), int(m[4])],
            "vp_area": int(m[5])}


def read_62():
    m = match(62, r"Card (\d+): setup quests at (.*?); end of round I at (.*?)\. \*\*\[")
    return {"card": int(m[1]), "setup": placements(m[2]), "round_1": placements(m[3])}


def read_64():
    m = match(64, r"Story mode card (\d+): story tile \d+ at (\d+); quests at (.*?)\. \*\*\[")
    return {"card": int(m[1]), "story_tile": m[2], "quests": placements(m[3])}


def read_65():
    listed = match(65, r"Legacy tiles \(campaign\): (.*?)\. Jean ignores")[1]
    groups = []
    for label, what in findall(65, r"(L\d+(?:[/–]L\d+)*)(?: \(([^)]*)\))?", listed):
        group = {"tiles": tile_range(label)}
        if what:
            kind = next(((k, f, m) for pattern, k, f in LEGACY_KINDS if (m := re.fullmatch(pattern, what))), None)
            assert kind, f"fact 65 describes {label} as {what!r}, which this test does not know"
            k, field, m = kind
            group["kind"] = k
            if field:
                group[field] = m[1] if field == "location_name" else int(m[1])
        groups.append(group)
    return {"groups": groups}


def read_66():
    pairs = [[int(k), int(v)] for k, v in findall(66, r"(?:k=)?(\d+)→(\d+)")]
    step = int(match(66, r"then \+(\d+) per disc")[1])
    cap = int(match(66, r"\(cap (\d+) discs\)")[1])
    match(66, r"\d+→\d+ … \d+→\d+")
    return {"listed": pairs, "step": step, "cap": cap}


def read_67():
    m = match(67, r"shields ((?:\d+, )+)…, ((?:\d+, )*\d+) \((\d+) values\)")
    return {"head": [int(v) for v in m[1].rstrip(", ").split(", ")], "tail": [int(v) for v in m[2].split(", ")],
            "count": int(m[3])}


def read_68():
    return {"discs_per_upgrade": int(match(68, r'"ship upgrades" for the end bonus = floor\(k/(\d+)\)')[1])}


def read_70():
    m = match(70, r"The (\d+) base Automa cards \(((?:[A-Z]\d+–[A-Z]\d+, )+[A-Z]\d+–[A-Z]\d+): "
                  r"move, upper/lower, display slot, actions by round, (C\d+) = extra village annex\)")
    return {"count": int(m[1]), "ids": [i for label in m[2].split(", ") for i in tile_range(label)],
            "warrior": m[3]}


def read_71():
    m = match(71, r"EN/ZH ((?:\d-\d-\d, )+\d-\d-\d); SH uses (\d-\d-\d) and (\d-\d-\d) for levels (\d)–(\d)")

    def deck(s: str) -> list[int]:
        return [int(n) for n in s.split("-")]

    return {"rulebook": [deck(s) for s in m[1].split(", ")], "app_levels": [int(m[4]), int(m[5])],
            "app": [deck(m[2]), deck(m[3])]}


READERS = {int(name[5:]): f for name, f in dict(globals()).items() if re.fullmatch(r"read_\d+", name)}


# ------------------------------------------------------------------ tests

def test_every_fact_with_values_has_a_reader(facts):
    """(Needs only the repository.) Every value of the facts file is checked
    against the survey below, and no reader reads a fact without values."""
    with_values = {fid for fid, f in facts.facts.items() if f.get("values")}
    assert with_values == set(READERS), (f"values no reader checks: {sorted(with_values - set(READERS))}; "
                                         f"readers of facts without values: {sorted(set(READERS) - with_values)}")


def cited(b: str) -> list[str]:
    """The source ids a survey entry's "(b)" part names ("all": ALL)."""
    return ["ALL"] if b.strip(" .") == "all" else list(dict.fromkeys(SOURCE_RE.findall(b)))


def source_table_problems(facts) -> list[str]:
    rows = dict(re.findall(r"^\| ([\w-]+) \| (.*?) \|", shared_facts_text("maracaibo"), re.M))
    rows.pop("id", None)
    ours = {k: s for k, s in facts.sources.items() if k not in ("EN", "ALL")}     # the rulebook; "every source"
    if set(ours) != set(rows):
        return [f"source ids: only ours {sorted(set(ours) - set(rows))}, only the survey's "
                f"{sorted(set(rows) - set(ours))}"]
    problems = []
    for k, s in ours.items():
        if s["where"].startswith("http"):
            found = s["where"] in rows[k]
        else:       # a repository: its name or a path in it
            found = any(p in rows[k] for p in re.split(r"[\s,]+", s["where"]) if "/" in p)
        if not found:
            problems.append(f"source {k}: {s['where']!r} is not in the survey's row {rows[k]!r}")
    return problems


def test_the_facts_file_agrees_with_the_shared_survey(facts):
    """The same facts; for each, the same values, strength tags and sources;
    the same source table. Every disagreement is listed."""
    found = survey()                        # skips here without the shared folder
    problems = []
    if set(facts.facts) != set(found):
        problems.append(f"facts only in the facts file: {sorted(set(facts.facts) - set(found))}; "
                        f"only in the survey: {sorted(set(found) - set(facts.facts))}")
    for fid in sorted(READERS):
        try:
            theirs = READERS[fid]()
        except AssertionError as e:         # the survey was reworded
            problems.append(f"fact {fid}: {str(e).splitlines()[0]}")
            continue
        if facts.values(fid) != theirs:
            problems.append(f"fact {fid}: values {facts.values(fid)} in the facts file, {theirs} in the survey")
    for fid, (a, b) in found.items():
        if fid not in facts.facts:
            continue
        f = facts.fact(fid)
        if f["strength"] != TAG_RE.findall(a):
            problems.append(f"fact {fid}: strength {f['strength']} in the facts file, {TAG_RE.findall(a)} in the survey")
        if f["sources"] != cited(b):
            problems.append(f"fact {fid}: sources {f['sources']} in the facts file, {cited(b)} in the survey")
    problems += source_table_problems(facts)
    assert not problems, "the facts file and the shared survey disagree:\n" + "\n".join(problems)

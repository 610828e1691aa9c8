"""The project's published facts (maracaibo_env/pirates/facts/published_facts.toml)
say what the facts survey in the shared folder beside the checkout says
(../shared/data/pirates_published_facts.md), so that a change on either side
is caught during development. Every test here is skipped when that folder is
not there; the data tests (test_pirates_published_facts.py) need only the
repository.

For each fact the survey's table row is read with a regular expression that
must match (a reworded fact fails, it never passes vacuously), its values are
put in the facts file's form, and they must equal the file's values. The IDs,
the strength tags, the sources (URLs, "same" for the row above, "derived from"
facts) and the checklist IDs of each row must agree too.
"""
from __future__ import annotations

import functools
import re

import pytest

from helpers import FactBook, fact_match, shared_facts_text

ROW_RE = re.compile(r"^\| ((?:F|I)\d+\.\d+) \|(.*)$", re.M)
TAG_RE = re.compile(r"\[(text|pic|code|blog|inference)\]")
FACT_ID_RE = re.compile(r"\b[FI]\d+\.\d+\b")
#: source cells that name no URL: the source ids they stand for
NAMED_SOURCES = {"repository listing": "FUNB", "code search": "CODE", "rulebook": "RULES"}


@functools.cache
def survey() -> dict[str, dict]:
    """fact ID -> its row's cells: text, source, tag ("[inference]" for the
    inference table, which has no tag column) and checklist."""
    rows = {}
    for m in ROW_RE.finditer(shared_facts_text("pirates")):
        cells = re.split(r"\s*\|\s*", m[2].strip().strip("|").strip())
        if len(cells) == 3:             # inferences: inference | basis | checklist
            cells = [cells[0], cells[1], "[inference]", cells[2]]
        assert len(cells) == 4, (m[1], cells)
        rows[m[1]] = dict(zip(("text", "source", "tag", "checklist"), cells))
    assert rows, "no facts found in the shared survey"
    return rows


@pytest.fixture(scope="module")
def facts() -> FactBook:
    return FactBook("pirates")


def match(fid: str, pattern: str):
    return fact_match(fid, survey()[fid]["text"], pattern)


def known(phrases: list[str], table: dict, fid: str) -> list:
    unknown = [p for p in phrases if p not in table]
    assert not unknown, f"fact {fid} of the survey names what this test does not know: {unknown}"
    return [table[p] for p in phrases]


# ---------------------------------------------------------------- readers

IMPROVEMENT_KINDS = {   # F2.7's phrases -> the facts file's effect names
    'doubloon ("gold") or VP income': "income",
    "raising combat (raid) value": "raid_power",
    "letting you take Quest cards": "quest",
    "reducing later purchase prices": "discount",
    "advancing the explorer along a branching path, which yields VP and further actions": "explore",
}
TIER_KINDS = {"Improvement": "improvement", "Locations": "location", "Residences": "residence"}


def read_F1_2():
    match("F1.2", r"The Gulf space lies \*\*to the right of the card grid\*\*")
    return {"gulf_side": "right"}


def read_F2_1():
    m = match("F2.1", r"\*\*Tier II draw pile contains only (Improvement) cards and further islands "
                      r"\((Locations)\)\*\*, so no (Residences)")
    return {"tier_2": known([m[1], m[2]], TIER_KINDS, "F2.1"), "not_in_tier_2": known([m[3]], TIER_KINDS, "F2.1")[0]}


def read_F2_3():
    match("F2.3", r"The further along the path, the more endgame points")
    return {"later_scores_more": True}


def read_F2_4():
    return {"small_boards": int(match("F2.4", r"\*\*(\d+) small boards\*\*")[1])}


def read_F2_5():
    m = match("F2.5", r'The "(\d+) small boards" equal (\d+) Treasure Island boards \+ (\d+) Ruby Supply tiles '
                      r"\+ (\d+) Ruby Market tile \+ (\d+) Residence Discount tile")
    return dict(zip(("small_boards", "treasure_islands", "ruby_supply", "ruby_market", "residence_discount"),
                    map(int, m.groups())))


def read_F2_6():
    m = match("F2.6", r"equal (\d+) Tier I \+ (\d+) Tier II \+ (\d+) Quests \+ (\d+) solo cards = (\d+)")
    return dict(zip(("tier_1", "tier_2", "quests", "solo", "total"), map(int, m.groups())))


def read_F2_7():
    listed = match("F2.7", r"Improvements are described as: (.*)\.$")[1].replace("**", "").split("; ")
    return {"effects": known(listed, IMPROVEMENT_KINDS, "F2.7")}


def read_F2_10():
    m = match("F2.10", r"The (three) Treasure Islands \((\w+), (\w+), (\w+)\) sit at \*\*predetermined positions\*\*")
    return {"islands": 3, "treasures": [re.sub(r"s$", "", t) for t in m.groups()[1:]]}      # emeralds -> emerald


def read_F2_12():
    m = match("F2.12", r"an ongoing \*\*\+(\d+) explorer movement\*\*, and a raiding option that already "
                       r"gives a \*\*treasure for (\d+) pips\*\*")
    return {"explore_bonus": int(m[1]), "treasure_pips": int(m[2])}


def read_F2_13():
    return {"treasure_pips": int(match("F2.13", r"A treasure costs (\d+) dice pips")[1])}


def read_F3_4():
    m = match("F3.4", r"In a (\d)-player game the final scores were \*\*~(\d+) for the winner and ~(\d+) "
                      r"for the others\*\*")
    return dict(zip(("players", "winner", "others"), map(int, m.groups())))


def read_F3_8():
    match("F3.8", r"The rulebook gives \*\*several example layouts\*\*")
    return {"several_layouts": True}


def read_F4_1():
    m = match("F4.1", r'The (three) Improvement types are "(\w+), (\w+), and (\w+)"')
    match("F4.1", r'The rulebook\'s "Equipment" type is probably shown as goods')
    return {"types": list(m.groups()[1:]), "goods_means": "equipment"}


def read_F4_2():
    match("F4.2", r"either take an action or \*\*take some money")
    return {"money_instead": True}


def read_F5_1():
    return {"tv_tiles": int(match("F5.1", r"The base game puts (\d+) Treasure Value tiles on designated "
                                          r"Location cards")[1])}


def read_I7_3():
    m = match("I7.3", r"(GIC-07) \(\+(\d+) explore\) and (GIC-01) \((\d+) → treasure\)")
    return {"explore_icon": m[1], "explore": int(m[2]), "treasure_icon": m[3], "treasure_pips": int(m[4])}


READERS = {name[5:].replace("_", "."): f for name, f in dict(globals()).items()
           if re.fullmatch(r"read_[FI]\d+_\d+", name)}


# ------------------------------------------------------------------ tests

def test_every_fact_with_values_has_a_reader(facts):
    """(Needs only the repository.) Every value of the facts file is checked
    against the survey below, and no reader reads a fact without values."""
    with_values = {fid for fid, f in facts.facts.items() if f.get("values")}
    assert with_values == set(READERS), (f"values no reader checks: {sorted(with_values - set(READERS))}; "
                                         f"readers of facts without values: {sorted(set(READERS) - with_values)}")


def checklist_ids(cell: str) -> list[str]:
    """The checklist IDs a cell names; 'MOVE-01/04' names MOVE-01 and MOVE-04."""
    found = []
    for m in re.finditer(r"\b([A-Z]+-\d+[a-z]?)((?:/\d+[a-z]?)*)", cell):
        found.append(m[1])
        prefix = m[1].rsplit("-", 1)[0]
        found += [f"{prefix}-{n}" for n in m[2].split("/")[1:]]
    return found


def cited_sources(facts) -> dict[str, tuple[list[str], list[str]]]:
    """fact ID -> (source ids, facts derived from) as the survey's source cells
    name them ("same": the row above's sources)."""
    by_url = {s["where"]: k for k, s in facts.sources.items() if s["where"].startswith("http")}
    previous: list[str] = []
    out = {}
    for fid, row in survey().items():
        cell = row["source"]
        cited = list(previous) if cell.startswith("same") else []
        cited += [by_url.get(u, f"unknown URL {u}") for u in re.findall(r"https?://\S+", cell)]
        cited += re.findall(r"\bS1[bc]?\b", cell)
        cited += [k for words, k in NAMED_SOURCES.items() if words in cell]
        if "brdgm/brdgm.github.io" in cell:
            cited.append("BRDGM")
        if "rulebook" in cell and "RULES" not in cited:
            cited.append("RULES")
        out[fid] = (cited, FACT_ID_RE.findall(cell))
        previous = [k for k in cited if k != "RULES"] or previous
    return out


def test_the_facts_file_agrees_with_the_shared_survey(facts):
    """The same facts in the same order; for each, the same values, strength
    tags, sources and checklist IDs; the same source URLs. Every disagreement
    is listed."""
    found = survey()                        # skips here without the shared folder
    problems = []
    if list(facts.facts) != list(found):
        problems.append(f"facts (in order): {list(facts.facts)} in the facts file, {list(found)} in the survey")
    for fid in sorted(READERS):
        try:
            theirs = READERS[fid]()
        except AssertionError as e:         # the survey was reworded
            problems.append(f"fact {fid}: {str(e).splitlines()[0]}")
            continue
        if facts.values(fid) != theirs:
            problems.append(f"fact {fid}: values {facts.values(fid)} in the facts file, {theirs} in the survey")
    sources = cited_sources(facts)
    for fid, row in found.items():
        if fid not in facts.facts:
            continue
        f = facts.fact(fid)
        for what, ours, theirs in (("strength", f["strength"], TAG_RE.findall(row["tag"])),
                                   ("sources", (f["sources"], f.get("derived_from", [])), sources[fid]),
                                   ("checklist IDs", f["rules"], checklist_ids(row["checklist"]))):
            if ours != theirs:
                problems.append(f"fact {fid}: {what} {ours} in the facts file, {theirs} in the survey")
    urls = set(re.findall(r"https?://[^\s|)`]+", shared_facts_text("pirates")))
    ours = {s["where"] for s in facts.sources.values() if s["where"].startswith("http")}
    if ours != urls:
        problems.append(f"source URLs only ours: {sorted(ours - urls)}; only the survey's: {sorted(urls - ours)}")
    assert not problems, "the facts file and the shared survey disagree:\n" + "\n".join(problems)

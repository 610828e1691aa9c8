"""The rules indexes (maracaibo_env/<game>/facts/rules_index.toml): the list of
rule IDs that tests/checklist_coverage.py counts, the tests are named after and
the rulings and `? <action>` texts cite.

The first tests need only the repository (unique IDs, a short title each,
sections in order, the default sections). The last one checks that each index
holds exactly the items of the game's full rules checklist, in its order and
sections, when the shared folder with the checklists is beside the checkout
(../shared/spec/); it is skipped without it.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "checklist_coverage.py"
_spec = importlib.util.spec_from_file_location("checklist_coverage", SCRIPT)
cc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cc)

GAMES = sorted(cc.GAMES)
#: a checklist item, at any depth: (indentation, ID)
ITEM_RE = re.compile(r"^(\s*)- \*\*([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)[*\s]", re.M)
SECTION_RE = re.compile(r"^## (\d+)\. ", re.M)


def index(game: str) -> dict:
    return cc.load_index(cc.GAMES[game].index)


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_unique_and_every_rule_has_a_short_title(game):
    rules = [r for s in index(game)["section"] for r in s["rules"]]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    for r in rules:
        assert set(r) <= {"id", "title", "nested"}, r
        assert re.fullmatch(r"[A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+", r["id"]), r
        assert r["title"].strip() and len(r["title"].split()) <= 10, r


@pytest.mark.parametrize("game", GAMES)
def test_sections_are_numbered_in_order_with_a_title(game):
    sections = index(game)["section"]
    assert [s["number"] for s in sections] == list(range(len(sections)))
    assert all(s["title"].strip() for s in sections)
    bounds = index(game).get("default_sections")
    if bounds is not None:
        assert len(bounds) == 2 and 0 <= bounds[0] <= bounds[1] < len(sections)


@pytest.mark.parametrize("game", GAMES)
def test_the_coverage_script_counts_the_index(game):
    ids = cc.checklist_ids(cc.GAMES[game].index)
    every = cc.index_rules(cc.GAMES[game].index, nested=True)
    assert [i for _, _, i in ids] == [i for _, _, i, _ in every if not _nested(game, i)]
    assert len(ids) > 300


def _nested(game: str, rule_id: str) -> bool:
    return any(r["id"] == rule_id and r.get("nested") for s in index(game)["section"] for r in s["rules"])


# ---- against the full checklists in the shared folder (optional) ------------------------------
def checklist_text(game: str) -> str:
    spec = cc.GAMES[game]
    for p in spec.places:
        if p.is_file():
            return p.read_text(encoding="utf-8")
    pytest.skip(f"{spec.checklist_name} is not beside this checkout (looked at "
                f"{', '.join(str(p) for p in spec.places)})")


@pytest.mark.parametrize("game", GAMES)
def test_the_index_holds_exactly_the_checklists_items(game):
    text = checklist_text(game)
    items, section = [], None
    for line in text.splitlines():
        if m := SECTION_RE.match(line):
            section = int(m[1])
        elif m := ITEM_RE.match(line):
            items.append((section, m[2], bool(m[1])))
    ours = [(s["number"], r["id"], bool(r.get("nested"))) for s in index(game)["section"] for r in s["rules"]]
    missing = sorted({i for _, i, _ in items} - {i for _, i, _ in ours})
    extra = sorted({i for _, i, _ in ours} - {i for _, i, _ in items})
    assert not missing and not extra, f"{game}: IDs only in the checklist {missing}; only in the index {extra}"
    assert ours == items, f"{game}: the index's order, sections or nesting differ from the checklist's"
    assert [int(n) for n in SECTION_RE.findall(text)] == [s["number"] for s in index(game)["section"]]
    # and the coverage script counts the same IDs from either
    spec = cc.GAMES[game]
    path = next(p for p in spec.places if p.is_file())
    assert [(s, i) for s, _, i in cc.checklist_ids(path)] == [(s, i) for s, _, i in cc.checklist_ids(spec.index)]

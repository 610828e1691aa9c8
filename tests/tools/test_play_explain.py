"""The `? <action>` explanations (maracaibo_env/play/explain/*.toml): every
action name of both games has a group entry, every entry has a title and a
text, and every checklist ID a text cites exists in that game's rules index
(maracaibo_env/<game>/facts/rules_index.toml)."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.core.options import LEGACY_TILES
from maracaibo_env.pirates import Game as PiratesGame

PACKAGE = Path(__file__).resolve().parents[2] / "maracaibo_env"
EXPLAIN = PACKAGE / "play" / "explain"
ID = re.compile(r"\b[A-Z]+-\d+[a-z]?\b")
# game -> (explanation file, the game's rules index)
FILES = {game: (f"{game}.toml", PACKAGE / game / "facts" / "rules_index.toml") for game in ("maracaibo", "pirates")}


@lru_cache(maxsize=None)
def groups(game: str) -> dict:
    with open(EXPLAIN / FILES[game][0], "rb") as f:
        return tomllib.load(f)["group"]


@lru_cache(maxsize=None)
def rule_ids(game: str) -> frozenset[str]:
    """Every ID of the game's rules index, items listed inside others included."""
    with open(FILES[game][1], "rb") as f:
        return frozenset(r["id"] for s in tomllib.load(f)["section"] for r in s["rules"])


@lru_cache(maxsize=None)
def action_names(game: str) -> tuple[str, ...]:
    """Every action name, of a plain game and of one with every option on."""
    if game == "maracaibo":
        games = [Game(3, seed=0),
                 Game(3, seed=0, legacy=LEGACY_TILES, retirement=True)]
    else:
        games = [PiratesGame(3, seed=0),
                 PiratesGame(1, seed=0, difficulty=0, skirmish=True, rubies=True,
                             retirement=True, quest_hunters=True,
                             fog_locations=True, fog_improvements=True)]
    names = []
    for g in games:
        names += [n for n in g.action_names if n not in names]
    return tuple(names)


def explain(game: str, name: str) -> dict | None:
    """The entry shown for `? name`: 'prefix:second' first, then 'prefix'."""
    parts = name.split(":")
    g = groups(game)
    if len(parts) > 1 and ":".join(parts[:2]) in g:
        return g[":".join(parts[:2])]
    return g.get(parts[0])


@pytest.mark.parametrize("game", FILES)
def test_every_prefix_has_a_group(game):
    g = groups(game)
    missing = sorted({n.split(":")[0] for n in action_names(game)} - set(g))
    assert not missing, f"{game}: no [group.<prefix>] for {missing}"
    assert all(explain(game, n) is not None for n in action_names(game))


@pytest.mark.parametrize("game", FILES)
def test_finer_keys_name_real_actions(game):
    """A 'prefix:second' key matches the first two parts of some action name
    (a typo there would silently fall back to the prefix's entry)."""
    pairs = {":".join(n.split(":")[:2]) for n in action_names(game) if ":" in n}
    stray = sorted(k for k in groups(game) if ":" in k and k not in pairs)
    assert not stray, f"{game}: entries matching no action: {stray}"


@pytest.mark.parametrize("game", FILES)
def test_entries_have_title_and_text(game):
    for key, entry in groups(game).items():
        assert set(entry) <= {"title", "text", "args"}, (game, key, set(entry))
        for field in ("title", "text"):
            assert isinstance(entry.get(field), str) and entry[field].strip(), (game, key, field)
        assert len(entry["title"].split()) <= 3, (game, key, entry["title"])
        if "args" in entry:
            assert isinstance(entry["args"], str) and entry["args"].strip(), (game, key)


@pytest.mark.parametrize("game", FILES)
def test_cited_ids_exist_in_checklist(game):
    defined = rule_ids(game)
    unknown = {}
    for key, entry in groups(game).items():
        bad = [i for i in ID.findall(entry["text"]) if i not in defined]
        if bad:
            unknown[key] = bad
    assert not unknown, f"{game}: IDs not in {FILES[game][1].name}: {unknown}"


@pytest.mark.parametrize("game", FILES)
def test_every_text_cites_an_id(game):
    for key, entry in groups(game).items():
        assert ID.search(entry["text"]), (game, key, "cites no checklist ID")

"""Edited data folders, out-of-range integers in data files and saves, and the
replay page's embedded data (issue 22 items 8, 9 and 11)."""
import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

import maracaibo_env
from maracaibo_env import DataError, Game
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.cli import main as cli_main
from maracaibo_env.maracaibo.core.catalog_layout import C_CARD_COST
from maracaibo_env.framework.datafiles import Strict, parse_file
from maracaibo_env.pirates import Game as PiratesGame
from maracaibo_env.pirates.catalog import load_catalog as pirates_catalog
from maracaibo_env.play.replay_view import ReplayCursor, replay_page

DATA = Path(maracaibo_env.__file__).parent / "maracaibo" / "data"
PIRATES_DATA = DATA.parent.parent / "pirates" / "data"
INT32 = "allowed: -2147483648..2147483647 (int32)"


def _copy(tmp_path, src):
    d = tmp_path / "data"
    shutil.copytree(src, d)
    return d


def _edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


# ---- item 8: the catalog cache follows the files' content ---------------------------------------
def test_maracaibo_catalog_cache_follows_edits_and_deletions(tmp_path):
    """issue 22 item 8: an edit gives a new catalog, a deleted file the loader's error."""
    assert load_catalog() is load_catalog()            # unchanged folder: the cached object
    d = _copy(tmp_path, DATA)
    first = load_catalog(d)
    assert load_catalog(d) is first
    a01 = first.card_keys.index("a01")
    assert first.array[C_CARD_COST + a01] == 12
    _edit(d / "cards.toml", 'deck = "A"\ncost = 12', 'deck = "A"\ncost = 3')
    edited = load_catalog(d)
    assert edited.data_hash != first.data_hash
    assert edited.array[C_CARD_COST + a01] == 3
    assert Game(2, seed=1, data_dir=d).catalog is edited
    (d / "quests.toml").unlink()
    with pytest.raises(DataError, match=r"quests\.toml: missing"):
        load_catalog(d)


def test_pirates_catalog_cache_follows_edits_and_deletions(tmp_path):
    """issue 22 item 8: the same for Pirates."""
    assert pirates_catalog() is pirates_catalog()
    d = _copy(tmp_path, PIRATES_DATA)
    first = pirates_catalog(d)
    assert pirates_catalog(d) is first
    assert first.field("START_COINS").tolist() == [10, 11, 12, 13]
    _edit(d / "board.toml", "start_coins = [10, 11, 12, 13]", "start_coins = [10, 11, 12, 14]")
    edited = pirates_catalog(d)
    assert edited.data_hash != first.data_hash
    assert edited.field("START_COINS").tolist() == [10, 11, 12, 14]
    assert PiratesGame(2, seed=1, data_dir=d).catalog is edited
    (d / "quests.toml").unlink()
    with pytest.raises(DataError, match=r"quests\.toml: missing"):
        pirates_catalog(d)


# ---- item 9: integers in data files fit the int32 arrays ----------------------------------------
PIRATES_EDITS = [   # (file, shipped text, edited text with {v}, expected error)
    ("board.toml", "start_coins = [10, 11, 12, 13]", "start_coins = [10, 11, {v}, 13]",
     "board.toml: start_coins[2]: {v} is out of range; " + INT32),
    ("board.toml", "value = [2, 3, 4, 5]", "value = [2, 3, 4, {v}]",
     "board.toml: value[3]: {v} is out of range; " + INT32),
    ("board.toml", "value_at_least = [0, 3, 5, 7]", "value_at_least = [0, 3, 5, {v}]",
     "board.toml: value_at_least[3]: {v} is out of range; " + INT32),
    ("board.toml", "start_cubes = 4  ", "start_cubes = {v}  ",     # a field with its own range
     "board.toml: start_cubes: Input should be less than or equal to 12 (got {v})"),
    ("quests.toml", "high = {need = [8], vp = 9}", "high = {need = [{v}], vp = 9}",
     "quests.toml: quest[0] (q01_treasures): high: need[0]: {v} is out of range; " + INT32),
    ("quests.toml", "high = {need = [8], vp = 9}", "high = {need = [8], vp = {v}}",
     "quests.toml: quest[0] (q01_treasures): high: vp: Input should be less than or equal to 20"),
]


@pytest.mark.parametrize("v", [2**31, 2**63])
@pytest.mark.parametrize("file, old, new, needle", PIRATES_EDITS)
def test_pirates_data_integers_beyond_int32_name_file_entry_field(tmp_path, v, file, old, new, needle):
    """issue 22 item 9: a DataError naming the file, entry, field and range, not a traceback."""
    d = _copy(tmp_path, PIRATES_DATA)
    _edit(d / file, old, new.replace("{v}", str(v)))
    with pytest.raises(DataError) as e:
        pirates_catalog(d)
    assert needle.replace("{v}", str(v)) in str(e.value)


@pytest.mark.parametrize("v", [2**31, 2**63, -2**31 - 1])
def test_maracaibo_data_integers_beyond_int32_name_file_entry_field(tmp_path, v):
    """issue 22 item 9: Maracaibo's fields all have a range; the error names it."""
    d = _copy(tmp_path, DATA)
    _edit(d / "cards.toml", 'deck = "A"\ncost = 12', f'deck = "A"\ncost = {v}')
    with pytest.raises(DataError, match=re.escape(f"cards.toml: card[0] (a01): cost: {v} is out "
                                                  "of range; allowed: 0..30")):
        load_catalog(d)
    shutil.copy(DATA / "cards.toml", d / "cards.toml")
    _edit(d / "explorer.toml", "vp = [10, 8, 6, 4]", f"vp = [10, {v}, 6, 4]")
    with pytest.raises(DataError, match=re.escape(f"explorer.toml: last_space: vp[1]: {v} is out "
                                                  "of range; allowed: 0..20")):
        load_catalog(d)


def test_shared_parser_checks_integers_without_a_range_of_their_own(tmp_path):
    """issue 22 item 9: parse_file (both games) refuses any integer outside int32."""
    class Model(Strict):
        x: list[int]

    p = tmp_path / "t.toml"
    for v in (2**31, -2**31 - 1, 2**63):
        p.write_text(f"x = [1, {v}]\n")
        with pytest.raises(DataError, match=re.escape(f"t.toml: x[1]: {v} is out of range; {INT32}")):
            parse_file(p, Model)
    p.write_text(f"x = [{-2**31}, {2**31 - 1}]\n")
    assert parse_file(p, Model).x == [-2**31, 2**31 - 1]


# ---- item 9: saved games with values outside int32 or an impossible generator -----------------
GAMES = [pytest.param(Game, id="maracaibo"), pytest.param(PiratesGame, id="pirates")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field, value, needle", [
    ("RNG", [2**200, 1], "field RNG[0]: {} is not an int in the int32 range".format(2**200)),
    ("RNG", [1, -2**31 - 1], "field RNG[1]: -2147483649 is not an int in the int32 range"),
    ("RNG", [0, 0], "RNG = [0, 0]"),
    ("SEED", 2**200, "field SEED: {} is not an int in the int32 range".format(2**200)),
    ("SEED", -1, "SEED = -1: allowed 0..2147483647"),
    ("ROUND", 2**31, "field ROUND: 2147483648 is not an int in the int32 range"),
])
def test_saved_game_refuses_values_outside_int32_and_a_bad_generator(game, field, value, needle):
    """issue 22 item 9: from_dict and from_json name the field and what is wrong."""
    d = game(2, seed=4).to_dict()
    d["state"][field] = value
    for load in (lambda: game.from_dict(d), lambda: game.from_json(json.dumps(d))):
        with pytest.raises(ValueError, match=re.escape(needle)):
            load()


@pytest.mark.parametrize("game", GAMES)
def test_saved_game_refuses_a_player_value_outside_int32(game):
    """issue 22 item 9: a player's field too."""
    d = game(2, seed=4).to_dict()
    name = next(k for k, v in d["state"]["players"][0].items() if isinstance(v, int))
    d["state"]["players"][0][name] = 2**63
    with pytest.raises(ValueError, match=re.escape(f"field players[0].{name}: {2**63} is not an int "
                                                   "in the int32 range")):
        game.from_dict(d)


@pytest.mark.parametrize("game", GAMES)
def test_saved_generator_halves_of_minus_one_are_a_valid_state(game):
    """issue 22 item 9: RNG holds a uint64 in two int32 halves, so -1 (all bits
    set) is a valid half: the game loads and plays on."""
    d = game(2, seed=4).to_dict()
    d["state"]["RNG"] = [-1, -1]
    g = game.from_dict(d)
    g.play_random(0, np.array([3], np.uint64))
    assert g.is_over


# ---- item 11: the replay page embeds its data safely --------------------------------------------
def _embedded(page: str) -> str:
    script = re.findall(r"<script>(.*?)</script>", page, re.S)[-1]
    m = re.fullmatch(r"const DATA = (.*);\nMV\.replayPlayer\(document\.getElementById\('app'\), DATA\);",
                     script, re.S)
    assert m, script[:200]
    return m.group(1)


def test_replay_page_embeds_a_hostile_file_name_safely(tmp_path):
    """issue 22 item 11: `maracaibo replay FILE --html OUT` with FILE named
    '<!--<script>x.jsonl': no '<' in the embedded data, and it reads back."""
    g = Game(2, seed=4)
    g.play_random(0, np.array([3], np.uint64))
    name = "<!--<script>x.jsonl"
    g.save_replay(tmp_path / name)
    out = tmp_path / "page.html"
    assert cli_main(["replay", str(tmp_path / name), "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    data = _embedded(page)
    assert "<" not in data and ">" not in data and "&" not in data
    assert json.loads(data)["title"] == name


def test_replay_page_escapes_script_ends_ampersands_and_line_separators():
    """issue 22 item 11: '</script>', '&' and U+2028/U+2029 in a title stay inside the data."""
    g = Game(2, seed=4)
    for _ in range(3):
        g.step(g.legal_actions()[0])
    title = "a</script><script>alert(1)</script>&amp;\u2028\u2029<!--"
    data = _embedded(replay_page(ReplayCursor(g, None, title)))
    assert not set(data) & set("<>&\u2028\u2029")
    assert json.loads(data)["title"] == title

"""Named data sets (issue 37): `data_sets/NAME/` beside a game's data holds the
files that differ; `data_dir="NAME"` / `--data NAME` lays them over the shipped
data, with their own data hash."""
import json
import shutil
from pathlib import Path

import pytest

from maracaibo_env.framework.datafiles import DataError, data_folder, data_set_names
from maracaibo_env.framework.game import GameConfigError
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.data_load import DATA_DIR
from maracaibo_env.maracaibo.game import Game

OLD_SAVE = Path(__file__).resolve().parents[1] / "data" / "old_saves" / "maracaibo_format3_2p.json"


def test_the_calibrated_set_is_the_data_before_issue_37():
    assert data_set_names(DATA_DIR) == ["calibrated", "partly_priced"]
    folder = data_folder("calibrated", DATA_DIR)
    # the two files of the set, every other file the shipped one
    for name in ("cards.toml", "quests.toml"):
        assert (folder / name).read_bytes() == (DATA_DIR.parent / "data_sets" / "calibrated" / name).read_bytes()
    assert (folder / "board.toml").read_bytes() == (DATA_DIR / "board.toml").read_bytes()
    # a game saved before issue 37 names the data it was played with: the set's
    saved = json.loads(OLD_SAVE.read_text())["data_hash"]
    assert load_catalog("calibrated").data_hash == saved != load_catalog().data_hash


def test_the_partly_priced_set_is_the_default_before_the_full_value_model():
    # the default data before every card effect was priced: its hash is the one
    # the older figures and saved games name
    folder = data_folder("partly_priced", DATA_DIR)
    assert (folder / "quests.toml").read_bytes() == (DATA_DIR / "quests.toml").read_bytes()
    assert load_catalog("partly_priced").data_hash.startswith("9bb2d559628f") != \
        load_catalog().data_hash.startswith("9bb2d559628f")


def test_a_game_plays_on_a_named_set():
    g = Game(2, seed=4, data_dir="calibrated")
    assert g.catalog.data_hash == load_catalog("calibrated").data_hash
    import numpy as np
    g.play_random(0, np.array([7], np.uint64))        # to the end: no seat stops it
    assert g.is_over and Game(2, seed=4).catalog.data_hash != g.catalog.data_hash


def test_an_unknown_name_is_refused_with_the_sets_listed():
    with pytest.raises(GameConfigError, match=r"one of the data sets \['calibrated', 'partly_priced'\]"):
        Game(2, seed=1, data_dir="richer")
    with pytest.raises(DataError, match=r"allowed: a folder, or one of \['calibrated', 'partly_priced'\]"):
        load_catalog("richer")


def test_a_folder_wins_over_a_set_of_the_same_name(tmp_path, monkeypatch):
    mine = tmp_path / "calibrated"
    shutil.copytree(DATA_DIR, mine)
    monkeypatch.chdir(tmp_path)
    assert load_catalog("calibrated").data_hash == load_catalog().data_hash


def test_a_tournament_records_the_set_by_name(tmp_path):
    from maracaibo_env.cli import main
    db = tmp_path / "t.sqlite"
    assert main(["tournament", "--players", "2", "--agents", "random,balanced", "--games", "1",
                 "--data", "calibrated", "--db", str(db), "--no-progress"]) == 0
    import sqlite3
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    hashes = {h for (h,) in con.execute("select data_hash from games")}
    assert hashes == {load_catalog("calibrated").data_hash}


def test_a_game_saved_with_the_previous_cards_loads_with_their_set():
    import numpy as np
    old = Game(2, seed=3, data_dir="partly_priced")
    rng = np.random.default_rng(0)
    for _ in range(30):
        old.step(int(rng.choice(np.flatnonzero(old.action_mask()))))
    text = old.to_json()
    with pytest.raises(ValueError, match="data"):
        Game.from_json(text)
    again = Game.from_json(text, load_catalog("partly_priced"))
    assert (again.state == old.state).all()

"""Game(data_dir=...) / --data DIR: play with a user's edited copy of the data
(validated like the shipped data; errors name file, entry and field)."""
import shutil
from pathlib import Path

import pytest

import maracaibo_env
from maracaibo_env import Game, DataError, GameConfigError
from maracaibo_env.maracaibo.batch import Batch
from maracaibo_env.cli import main as cli_main
from maracaibo_env.maracaibo.match import play_match

DATA = Path(maracaibo_env.__file__).parent / "maracaibo" / "data"


def _copy(tmp_path, edit=None):
    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    if edit:
        p = d / "cards.toml"
        text = p.read_text()
        old, new = edit
        assert old in text
        p.write_text(text.replace(old, new, 1))
    return d


def test_edited_card_cost_reaches_the_game(tmp_path):
    d = _copy(tmp_path, ('key = "a01"\nname = "Legionnaire"   # name, effects: rulebook (INC-03; '
                         'EN +2 doubloon income, DE +1); cost: published\ndeck = "A"\ncost = 12',
                         'key = "a01"\nname = "Legionnaire"\ndeck = "A"\ncost = 3'))
    g = Game(2, seed=1, data_dir=d)
    shipped = Game(2, seed=1)
    assert g.catalog.data_hash != shipped.catalog.data_hash
    a01 = g.catalog.card_keys.index("a01")
    from maracaibo_env.maracaibo.core.catalog_layout import C_CARD_COST
    assert g._cat[C_CARD_COST + a01] == 3 and shipped._cat[C_CARD_COST + a01] == 12
    r = play_match(["balanced", "random"], 2, data_dir=d)
    assert r.data_hash == g.catalog.data_hash
    assert Batch(2, data_dir=d).catalog.data_hash == g.catalog.data_hash
    e = maracaibo_env.raw_env(data_dir=d)
    e.reset(seed=1)
    assert e.game.catalog.data_hash == g.catalog.data_hash


def test_bad_data_names_file_entry_and_field(tmp_path):
    d = _copy(tmp_path, ('deck = "A"\ncost = 12', 'deck = "A"\ncost = "twelve"'))
    with pytest.raises(DataError, match=r"cards\.toml.*a01.*cost"):
        Game(2, data_dir=d)
    assert cli_main(["demo", "--data", str(d)]) == 2


def test_data_dir_must_be_a_folder_and_not_with_catalog(tmp_path):
    with pytest.raises(GameConfigError, match="data_dir must be a folder"):
        Game(2, data_dir=tmp_path / "missing")
    with pytest.raises(GameConfigError, match="not both"):
        Game(2, data_dir=DATA, catalog=maracaibo_env.load_catalog())

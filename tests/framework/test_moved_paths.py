"""Maracaibo's modules moved from the package's top level into
maracaibo_env/maracaibo/ (the same file set as maracaibo_env/pirates/): the old
import paths still give the very same modules, with a DeprecationWarning, so
scripts and pickles of earlier versions keep working."""
import importlib
import pickle
import subprocess
import sys

import pytest

from maracaibo_env import _moved


@pytest.mark.parametrize("old", ["maracaibo_env.game", "maracaibo_env.core.layout", "maracaibo_env.catalog",
                                 "maracaibo_env.vector", "maracaibo_env.match", "maracaibo_env.pirates_match"])
def test_an_old_path_is_the_moved_module_itself(old):
    new = _moved.new_name(old)
    assert new is not None and new != old
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {new}"):
        sys.modules.pop(old, None)
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__spec__.name == new          # relative imports inside it still resolve


def test_a_path_that_did_not_move_is_left_alone():
    assert _moved.new_name("maracaibo_env.registry") is None
    assert _moved.new_name("maracaibo_env.pirates.game") is None
    assert _moved.new_name("maracaibo_env.gamebook") is None     # a prefix of a name is not the name


def test_a_pickle_naming_the_old_module_loads():
    # a Game pickled by an earlier version names maracaibo_env.game.Game
    code = ("import pickle, maracaibo_env, maracaibo_env.maracaibo.game as g\n"
            "data = pickle.dumps(maracaibo_env.Game(2, seed=3), protocol=0)  # names as text lines\n"
            "old = data.replace(b'maracaibo_env.maracaibo.game', b'maracaibo_env.game')\n"
            "assert old != data\n"
            "h = pickle.loads(old)\n"
            "assert type(h) is g.Game and h.num_seats == 2\n")
    r = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_the_package_itself_imports_no_old_path():
    r = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c",
                        "import maracaibo_env, maracaibo_env.pirates, maracaibo_env.tournament.runner,"
                        " maracaibo_env.balance.runner, maracaibo_env.play.session, maracaibo_env.maracaibo.vector,"
                        " maracaibo_env.cli, agents.mcts, agents.pirates_heuristics"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

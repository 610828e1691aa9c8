"""Issue 38: the package's public face loads nothing heavy, each game's names
come from its own folder, and the shims that once kept old paths are gone."""
from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import maracaibo_env
from maracaibo_env.framework.obs_spec import obs_spec_of
from maracaibo_env.maracaibo.single import MaracaiboSingleEnv


def test_import_maracaibo_env_loads_no_engine_and_no_numba():
    code = ("import sys, maracaibo_env\n"
            "assert maracaibo_env.available_games() == ('maracaibo', 'pirates')\n"
            "heavy = [m for m in sys.modules if m == 'numba' or m.startswith('maracaibo_env')\n"
            "         and ('.core' in m or m.endswith('.game'))]\n"
            "assert not heavy, heavy\n"
            "g = maracaibo_env.Game(2, seed=1)\n"
            "assert 'maracaibo_env.maracaibo.core.engine' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)


def test_the_public_names_are_loaded_on_first_use():
    assert maracaibo_env.Game.__module__ == "maracaibo_env.maracaibo.game"
    assert maracaibo_env.available_agents("pirates")[0] == "random"
    assert {"Game", "env", "make", "available_agents"} <= set(dir(maracaibo_env))
    with pytest.raises(AttributeError, match="has no attribute 'replay'"):
        maracaibo_env.replay       # noqa: B018  (the top-level shim is gone)
    from maracaibo_env import pirates
    assert pirates.Game.__module__ == "maracaibo_env.pirates.game" and pirates.NUM_ACTIONS > 0
    with pytest.raises(AttributeError, match="'maracaibo_env.pirates' has no attribute 'Nope'"):
        pirates.Nope        # noqa: B018


@pytest.mark.parametrize("old", ["maracaibo_env.game", "maracaibo_env.replay", "maracaibo_env.adapters",
                                 "maracaibo_env.agent_registry", "maracaibo_env.wrappers",
                                 "maracaibo_env.maracaibo.obs_bounds", "maracaibo_env.maracaibo.core.jit"])
def test_the_old_paths_are_gone(old):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)


def test_a_game_class_without_an_obs_spec_is_refused_by_name():
    class NoSpec:
        pass
    with pytest.raises(TypeError, match="'NoSpec' has no OBS"):
        obs_spec_of(NoSpec)


def test_an_env_whose_class_reads_no_specs_says_what_it_takes():
    class Plain(MaracaiboSingleEnv):      # a game's env without the agent table's reader
        read_spec = None
    assert Plain.read_spec is None
    with pytest.raises(ValueError, match="reads no agent specs: give 'random', an agent"):
        Plain(opponents="balanced")
    Plain(opponents="random").reset(seed=0)      # 'random' needs no spec reader


def test_a_pirates_game_loads_no_maracaibo_engine():
    code = ("import sys, maracaibo_env\n"
            "g = maracaibo_env.make('pirates', 2, seed=1)\n"
            "mine = [m for m in sys.modules if m.startswith('maracaibo_env.maracaibo')]\n"
            "assert mine == ['maracaibo_env.maracaibo', 'maracaibo_env.maracaibo.info'], mine\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)

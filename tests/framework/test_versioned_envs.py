"""The versioned env module (maracaibo_v1, PettingZoo style) and the Gymnasium registration."""
import functools
import importlib
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import maracaibo_env
from maracaibo_env import maracaibo_v1

ENV_ID = "maracaibo_env/Maracaibo-v1"


def test_versioned_module_exports_the_aec_env():
    from maracaibo_env.maracaibo import aec
    assert maracaibo_v1.env is aec.env and maracaibo_v1.raw_env is aec.raw_env
    assert maracaibo_v1.raw_env(num_players=2).metadata["name"] == "maracaibo_v1"


def test_api_and_seed():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's own advisory warnings
        api_test(maracaibo_v1.env(), num_cycles=300)
        api_test(maracaibo_v1.env(num_players=3), num_cycles=300)
    seed_test(maracaibo_v1.env, num_cycles=300)
    seed_test(functools.partial(maracaibo_v1.env, num_players=4), num_cycles=100)


def test_gymnasium_make_and_check_env():
    e = gymnasium.make(ENV_ID, num_players=2, opponents="random")
    assert isinstance(e.unwrapped, maracaibo_env.maracaibo.single.MaracaiboSingleEnv)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # check_env's advisory warnings
        check_env(e.unwrapped, skip_render_check=True)
    e.close()


@pytest.mark.parametrize("n", [2, 3])
def test_gymnasium_make_masked_random_steps(n):
    e = gymnasium.make(ENV_ID, num_players=n, opponents="random")
    obs, info = e.reset(seed=1)
    assert e.observation_space.contains(obs) and info["learner_seat"] == 0
    rng = np.random.default_rng(1)
    for _ in range(200):
        mask = e.unwrapped.action_masks()
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert e.observation_space.contains(obs) and not truncated
        if terminated:
            assert reward in (-1.0, 0.0, 1.0) and "scores" in info
            obs, info = e.reset()
        else:
            assert reward == 0.0
    e.close()


def test_gymnasium_make_passes_options_and_validates():
    e = gymnasium.make(ENV_ID, num_players=1, difficulty="hard", story=76)
    assert e.unwrapped.difficulty == "hard" and e.unwrapped.story == 76
    with pytest.raises(ValueError, match="num_players must be"):
        gymnasium.make(ENV_ID, num_players=5)


def test_registration_is_not_repeated_on_reimport():
    spec = gymnasium.spec(ENV_ID)
    assert spec.entry_point == "maracaibo_env.maracaibo.single:MaracaiboSingleEnv"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # gymnasium warns when an id is registered twice
        importlib.reload(maracaibo_env)
    assert gymnasium.spec(ENV_ID) is spec

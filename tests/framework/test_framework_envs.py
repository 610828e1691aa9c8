"""The game-independent env adapters (maracaibo_env/framework) on a Game that
has only the public API every game offers: no step_observe, play_random or
live mask (the fast paths Maracaibo's Game adds), no solo infos, default
option checks and observation bounds, as the Pirates game will use them."""
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from maracaibo_env import Game
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.observe import OBS_SIZE
from maracaibo_env.framework.aec import GameAECEnv, make_env
from maracaibo_env.framework.description import GameDescription
from maracaibo_env.framework.single import GameSingleEnv


class PlainGame:
    """Maracaibo's Game behind the public API only."""

    def __init__(self, num_players=2, seed=0, story=75):
        self._g = Game(num_players, seed=seed, story=story)

    def __getattr__(self, name):
        if name in ("step_observe", "play_random", "_mask", "jean_log", "solo", "state"):
            raise AttributeError(name)
        return getattr(self._g, name)


PLAIN = GameDescription(game_class=PlainGame, env_name="plain_v0", num_actions=NUM_ACTIONS,
                        obs_size=OBS_SIZE, player_counts=(2, 3, 4), options=("story",),
                        render=lambda game: f"plain round {game.round}")


class plain_raw_env(GameAECEnv):
    description = PLAIN


plain_env = make_env(plain_raw_env)


class PlainSingleEnv(GameSingleEnv):
    description = PLAIN


def test_aec_on_the_public_api_only():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(plain_env(num_players=3, story=76), num_cycles=300)
    seed_test(plain_env, num_cycles=200)
    e = plain_raw_env(num_players=2, render_mode="ansi", story=77)
    assert e.metadata["name"] == "plain_v0" and e.story == 77 and e.game_options == {"story": 77}
    assert e.render() == "<plain: call reset() first>"
    e.reset(seed=0)
    assert e.render() == "plain round 1" and all(i == {} for i in e.infos.values())
    box = e.observation_space("player_0")["observation"]
    assert (box.low == np.iinfo(np.int32).min).all() and (box.high == np.iinfo(np.int32).max).all()


def test_default_option_checks():
    with pytest.raises(ValueError, match=r"num_players must be one of \(2, 3, 4\)"):
        plain_raw_env(num_players=1)
    with pytest.raises(ValueError, match="num_players must be an int"):
        PlainSingleEnv(num_players=2.0)
    with pytest.raises(ValueError, match="story must be one of"):
        plain_raw_env(num_players=2, story=74)
    with pytest.raises(TypeError):
        PlainSingleEnv(num_players=2, colour="red")
    with pytest.raises(ValueError, match="constructor keys: num_players, story, reward"):
        plain_raw_env().reset(options={"story": 76})


def test_reset_takes_standard_options_silently_and_refuses_configuration():
    """Issue 40: Gymnasium's and PettingZoo's reset(seed=None, options=None): an
    unknown key is ignored without a warning; a constructor key raises, naming
    where it belongs, and the env is as before."""
    single = PlainSingleEnv(num_players=2)
    obs, _ = single.reset(seed=3)
    aec = plain_raw_env()
    aec.reset(seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        single.reset(seed=3, options={"options": 1})
        aec.reset(seed=3, options={"options": 1})
    with pytest.raises(ValueError, match=r"'learner_seat' is constructor configuration.*gymnasium.make"):
        single.reset(options={"learner_seat": 1})
    with pytest.raises(ValueError, match="must be None or a dict, got list"):
        single.reset(options=[("story", 76)])
    assert single.learner == 0 and np.array_equal(single._obs(), obs)


def test_single_on_the_public_api_only():
    e = PlainSingleEnv(num_players=3, opponents="random", learner_seat=None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=4)
    done, steps = False, 0
    while not done:
        assert e.game.current_player == e.learner
        obs, reward, done, _, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
        steps += 1
    assert steps > 10 and reward in (-1.0, 0.0, 1.0) and len(info["scores"]) == 3

"""Pirates of Maracaibo through the standard APIs: PettingZoo AEC (api_test,
seed_test), the versioned module, the Gymnasium registration and checker,
the single-agent env against random and heuristic opponents."""
import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import maracaibo_env  # noqa: F401  (registers the Gymnasium ids)
from maracaibo_env import pirates_v0
from maracaibo_env.pirates import NUM_ACTIONS, OBS_SIZE
from maracaibo_env.pirates.single import PiratesSingleEnv


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_api_test(n):
    api_test(pirates_v0.env(num_players=n), num_cycles=400)


def test_seed_test():
    seed_test(lambda: pirates_v0.env(num_players=3), num_cycles=200)


def test_spaces_and_metadata():
    e = pirates_v0.raw_env(num_players=3)
    assert e.metadata["name"] == "pirates_v0"
    e.reset(seed=1)
    sp = e.observation_space("player_0")
    assert sp["observation"].shape == (OBS_SIZE,) and sp["action_mask"].shape == (NUM_ACTIONS,)
    assert e.action_space("player_0").n == NUM_ACTIONS


def test_bad_config_is_refused():
    with pytest.raises(ValueError, match="num_players"):
        pirates_v0.raw_env(num_players=5)
    with pytest.raises(ValueError, match="layout"):
        pirates_v0.raw_env(num_players=2, layout="atlantis")


def test_whole_game_rewards_and_render():
    e = pirates_v0.env(num_players=2, render_mode="ansi")
    e.reset(seed=3)
    assert e.render().startswith("Pirates of Maracaibo")
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_gymnasium_make_and_checker():
    from gymnasium.utils.env_checker import check_env
    env = gymnasium.make("maracaibo_env/Pirates-v0", num_players=2, opponents="random")
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = False
    steps = 0
    while not done:
        a = int(rng.choice(np.flatnonzero(env.unwrapped.action_masks())))
        obs, r, term, trunc, info = env.step(a)
        done = term or trunc
        steps += 1
    assert obs.shape == (OBS_SIZE,) and steps > 20


@pytest.mark.slow
def test_single_against_a_heuristic():
    from maracaibo_env.pirates.agents.heuristics import PiratesHeuristicAgent
    e = PiratesSingleEnv(num_players=2, opponents=PiratesHeuristicAgent("builder"))
    obs, info = e.reset(seed=5)
    rng = np.random.default_rng(1)
    done = False
    while not done:
        obs, r, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        done = term or trunc
    assert e.game.is_over


def test_float_observations_in_both_envs():
    """obs_type="float" (issue 26) on the AEC and the single-agent env."""
    from maracaibo_env.pirates.core.obs_spec import OBS
    f = OBS.float_transform()
    ints, floats = (pirates_v0.env(num_players=2, obs_type=t) for t in ("int", "float"))
    ints.reset(seed=4)
    floats.reset(seed=4)
    box = floats.observation_space("player_0")["observation"]
    o = floats.observe("player_0")["observation"]
    assert o.dtype == np.float32 and box.contains(o)
    assert np.array_equal(f(ints.observe("player_0")["observation"]), o)
    e = gymnasium.make("maracaibo_env/Pirates-v0", num_players=3, obs_type="float")
    obs, _ = e.reset(seed=1)
    assert obs.dtype == np.float32 and e.observation_space.contains(obs) and (np.abs(obs) <= 1).all()
    with pytest.raises(ValueError, match="obs_type"):
        PiratesSingleEnv(obs_type="bytes")

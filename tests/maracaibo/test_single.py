"""The single-agent Gymnasium view (issue: opponents / single-agent env)."""
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from maracaibo_env.maracaibo.single import MaracaiboSingleEnv


def test_passes_gymnasium_check_env():
    check_env(MaracaiboSingleEnv(num_players=2), skip_render_check=True)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_learner_always_acts_and_gets_terminal_reward(n):
    e = MaracaiboSingleEnv(num_players=n, learner_seat=None)
    obs, info = e.reset(seed=n)
    rng = np.random.default_rng(0)
    done, total = False, 0.0
    while not done:
        assert e.game.current_player == e.learner
        mask = e.action_masks()
        assert mask.sum() >= 2
        obs, r, done, trunc, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert obs.shape == e.observation_space.shape
        total += r
    scores = info["scores"]
    best = max(scores)
    expected = -1.0 if scores[e.learner] < best else (1.0 if scores.count(best) == 1 else 0.0)
    assert total == expected
    assert not e.action_masks().any()


def test_callable_and_agent_opponents():
    calls = []

    def first_legal(obs, mask, rng):
        calls.append(1)
        return int(np.flatnonzero(mask)[0])

    class Agent:
        def act(self, obs, mask, rng):
            return int(np.flatnonzero(mask)[-1])

    e = MaracaiboSingleEnv(num_players=3, opponents=[first_legal, Agent()])
    e.reset(seed=1)
    while not e.game.is_over:
        e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert calls


def test_illegal_action_loses_or_raises():
    from maracaibo_env import IllegalActionError
    e = MaracaiboSingleEnv()
    e.reset(seed=0)
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    before = e.game.state.copy()
    obs, r, done, trunc, info = e.step(illegal)
    assert (r, done, info["illegal_action"]) == (-1.0, True, illegal)
    assert np.array_equal(before, e.game.state)
    e = MaracaiboSingleEnv(illegal="raise")
    e.reset(seed=0)
    with pytest.raises(IllegalActionError):
        e.step(illegal)


def test_bad_config_raises_with_allowed_values():
    with pytest.raises(ValueError, match="num_players must be one of"):
        MaracaiboSingleEnv(num_players=7)
    with pytest.raises(ValueError, match="need 2 opponents"):
        MaracaiboSingleEnv(num_players=3, opponents=["random"])
    with pytest.raises(ValueError, match="an opponent must be"):
        MaracaiboSingleEnv(num_players=2, opponents=[42])
    with pytest.raises(ValueError, match="reward must be one of"):
        MaracaiboSingleEnv(reward="elo")


def test_same_seed_same_game():
    a, b = MaracaiboSingleEnv(), MaracaiboSingleEnv()
    oa, _ = a.reset(seed=5)
    ob, _ = b.reset(seed=5)
    assert np.array_equal(oa, ob)


def test_random_opponents_play_in_numba_reproducibly_and_mix_with_policies():
    from maracaibo_env.agents.random_agent import RandomAgent

    def play(opponents, seed):
        e = MaracaiboSingleEnv(num_players=3, opponents=opponents, learner_seat=None)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            assert e.game.current_player == e.learner
            legal = np.flatnonzero(e.action_masks())
            _, _, done, _, _ = e.step(int(legal[rng.integers(legal.size)]))
        return e.game

    a, b = play("random", 4), play("random", 4)
    assert a.history == b.history and a.scores() == b.scores()
    mixed = play(["random", RandomAgent()], 5)  # one seat in numba, one in Python
    replay = type(mixed)(3, seed=mixed.config["seed"])
    for act in mixed.history:
        replay.step(act)
    assert replay.scores() == mixed.scores()


def test_float_observations_pass_check_env():
    """obs_type="float" (issue 26): float32 in a finite Box; the int default is unchanged."""
    e = MaracaiboSingleEnv(num_players=2, obs_type="float")
    check_env(e, skip_render_check=True)
    obs, _ = e.reset(seed=0)
    assert obs.dtype == np.float32 and e.observation_space.contains(obs) and (np.abs(obs) <= 1).all()
    assert MaracaiboSingleEnv(num_players=2).reset(seed=0)[0].dtype == np.int32
    with pytest.raises(ValueError, match="obs_type"):
        MaracaiboSingleEnv(obs_type="int64")

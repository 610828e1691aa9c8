"""The PettingZoo AEC adapter: conformance, masks, rewards, illegal moves, render, config."""
import functools
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from maracaibo_env.agents.random_agent import RandomAgent
from maracaibo_env.maracaibo.aec import env, raw_env
from maracaibo_env.maracaibo.core.obs_spec import OBS
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.observe import OBS_SIZE
from maracaibo_env.maracaibo.game import IllegalActionError

PLAYERS = [2, 3, 4]


def _play_to_end(e, seed, check=None):
    """Random legal play on an AEC env until every agent is done; returns rewards seen."""
    rng = np.random.default_rng(seed)
    agent_policy = RandomAgent()
    e.reset(seed=seed)
    final = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if check is not None:
            check(e, agent, obs)
        if term or trunc:
            final[agent] = (reward, info)
            e.step(None)
            continue
        e.step(agent_policy.act(obs["observation"], obs["action_mask"], rng))
    return final


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYERS)
def test_api(n):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's own advisory warnings
        api_test(env(num_players=n), num_cycles=1000)


@pytest.mark.parametrize("n", PLAYERS)
def test_seed(n):
    seed_test(functools.partial(env, num_players=n))


@pytest.mark.parametrize("n", PLAYERS)
def test_spaces(n):
    e = raw_env(num_players=n)
    assert e.possible_agents == [f"player_{i}" for i in range(n)]
    sp = e.observation_space("player_0")
    assert sp["observation"].shape == (OBS_SIZE,) and sp["observation"].dtype == np.int32
    assert sp["action_mask"].shape == (NUM_ACTIONS,) and sp["action_mask"].dtype == np.int8
    assert e.action_space("player_1").n == NUM_ACTIONS
    assert e.metadata["name"] == "maracaibo_v1"
    low, high = OBS.bounds()
    assert (low <= high).all()


@pytest.mark.parametrize("n", PLAYERS)
def test_mask_only_for_acting_agent(n):
    seen = {"steps": 0}

    def check(e, agent, obs):
        assert agent == e.agent_selection
        game = e.unwrapped.game
        for other in e.agents:
            m = e.observe(other)["action_mask"]
            if other == agent and not game.is_over:
                assert other == f"player_{game.current_player}"
                assert m.any() and (m == game.action_mask()).all()
            else:
                assert not m.any(), f"{other} got a mask while {agent} acts"
        seen["steps"] += 1

    _play_to_end(env(num_players=n), seed=5, check=check)
    assert seen["steps"] > 50


def test_agent_selection_follows_game_not_round_robin():
    e = raw_env(num_players=3)
    e.reset(seed=2)
    repeats = 0
    prev = None
    rng = np.random.default_rng(0)
    while not e.game.is_over:
        assert e.agent_selection == f"player_{e.game.current_player}"
        repeats += e.agent_selection == prev
        prev = e.agent_selection
        legal = e.game.legal_actions()
        e.step(legal[rng.integers(len(legal))])
    assert repeats > 0  # a player makes several decisions in a row


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 3), (4, 4), (3, 0)])
def test_win_loss_rewards(n, seed):
    e = env(num_players=n)
    final = _play_to_end(e, seed)
    game_scores = [final[f"player_{p}"][1]["score"] for p in range(n)]
    best = max(game_scores)
    winners = [p for p, s in enumerate(game_scores) if s == best]
    for p in range(n):
        reward, info = final[f"player_{p}"]
        if p in winners:
            assert reward == (1 if len(winners) == 1 else 0)
        else:
            assert reward == -1
        assert sum(info["score_breakdown"].values()) == info["score"]


def test_win_loss_tie_rule():
    """k tied winners get 0 each, everyone else -1 (forced through the reward helper)."""
    e = raw_env(num_players=3)
    e.reset(seed=0)
    e.game.winners = lambda: [0, 2]
    assert e._terminal_rewards() == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    e.game.winners = lambda: [1]
    assert e._terminal_rewards() == {"player_0": -1.0, "player_1": 1.0, "player_2": -1.0}


def test_vp_margin_rewards():
    e = env(num_players=3, reward="vp_margin")
    final = _play_to_end(e, 7)
    scores = [final[f"player_{p}"][1]["score"] for p in range(3)]
    for p in range(3):
        best_other = max(s for q, s in enumerate(scores) if q != p)
        assert final[f"player_{p}"][0] == pytest.approx((scores[p] - best_other) / 100)


def test_rewards_zero_until_end():
    e = raw_env(num_players=2)
    e.reset(seed=9)
    rng = np.random.default_rng(1)
    while not e.game.is_over:
        assert all(r == 0 for r in e.rewards.values())
        assert not any(e.terminations.values()) and not any(e.truncations.values())
        assert all(info == {} for info in e.infos.values())
        legal = e.game.legal_actions()
        e.step(legal[rng.integers(len(legal))])
    assert all(e.terminations.values())
    assert not any(e.truncations.values())


def test_illegal_action_terminates_with_penalty():
    e = env(num_players=3)
    e.reset(seed=0)
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1
    assert all(e.rewards[a] == 0 for a in e.agents if a != agent)
    assert e._cumulative_rewards[agent] == -1


def test_illegal_action_raw_env_raises_and_keeps_state():
    e = raw_env(num_players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = e.game.state.copy()
    with pytest.raises(IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert (e.game.state == before).all()


def test_raw_env_action_types():
    """ints, numpy ints and 0-d integer arrays are actions; bools, floats and
    None are rejected with the state unchanged."""
    e = raw_env(num_players=3)
    e.reset(seed=4)
    before = e.game.state.copy()
    legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    for bad in (True, float(legal[0]), None, np.array([legal[0]])):
        with pytest.raises(IllegalActionError):
            e.step(bad)
        assert (e.game.state == before).all()
    for good in (np.int64(legal[0]), np.array(legal[1], np.int32), int(legal[0])):
        e.reset(seed=4)
        e.step(good)
        assert e.game.history == [int(good)]


def test_infos_empty_during_play_and_scores_at_the_end():
    e = raw_env(num_players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    while not e.game.is_over:
        assert all(info == {} for info in e.infos.values())
        assert all(v == 0 for v in e._cumulative_rewards.values())
        legal = e.game.legal_actions()
        e.step(legal[rng.integers(len(legal))])
    scores = e.game.scores()
    for p, a in enumerate(e.agents):
        assert set(e.infos[a]) == {"score", "score_breakdown"}
        assert e.infos[a]["score"] == scores[p] == sum(e.infos[a]["score_breakdown"].values())


def test_reset_seed_reproducible_and_seed_none_varies():
    a, b = raw_env(num_players=2), raw_env(num_players=2)
    a.reset(seed=123)
    b.reset(seed=123)
    assert (a.game.state == b.game.state).all()
    a.reset(seed=2**40)  # large seeds are folded into the game's seed range
    c = raw_env(num_players=2, seed=5)
    d = raw_env(num_players=2, seed=5)
    c.reset()
    d.reset()
    assert c.game_seed == d.game_seed  # constructor seed fixes the unseeded resets


def test_render_ansi_and_human(capsys):
    e = env(num_players=3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "player_2" in text and "round 1" in text
    h = env(num_players=2, render_mode="human")
    h.reset(seed=1)
    assert h.render() is None
    assert "Maracaibo" in capsys.readouterr().out
    e.close()
    h.close()


@pytest.mark.parametrize("kwargs,allowed", [
    ({"num_players": 5}, "(1, 2, 3, 4)"),
    ({"num_players": True}, "(1, 2, 3, 4)"),
    ({"story": 74}, "(75, 76, 77)"),
    ({"reward": "score"}, "('win_loss', 'vp_margin')"),
    ({"render_mode": "rgb_array"}, "('human', 'ansi')"),
    ({"seed": -1}, "non-negative int"),
])
def test_bad_config_lists_allowed_values(kwargs, allowed):
    with pytest.raises(ValueError) as err:
        raw_env(**kwargs)
    assert allowed in str(err.value)


def test_reset_options():
    e = raw_env(num_players=2)
    e.reset(seed=0, options={})
    with pytest.raises(ValueError, match="constructor"):
        e.reset(options={"num_players": 3})
    with pytest.raises(ValueError, match="dict"):
        e.reset(options=[1])
    # issue 40: PettingZoo's api_test passes options={"options": 1}; its own envs ignore
    # unknown keys silently, and so do we (no warning), and the game still starts
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        e.reset(seed=0, options={"foo": 1})
        e.reset(seed=0, options={"options": 1})
    assert e.agents == ["player_0", "player_1"] and e.num_players == 2


def test_solo_env_passes_api_test_and_shows_jean():
    from pettingzoo.test import api_test
    api_test(env(num_players=1, difficulty="hard"), num_cycles=300)
    e = raw_env(num_players=1, render_mode="ansi")
    e.reset(seed=3)
    assert e.agents == ["player_0"]
    rng = np.random.default_rng(3)
    seen_jean, total = False, 0
    for agent in e.agent_iter():
        obs, r, term, trunc, info = e.last()
        total += r
        seen_jean |= bool(info.get("jean"))
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert seen_jean
    scores = e.game.scores()
    assert total == (1 if scores[0] > scores[1] else -1)  # a tie goes to Jean (END-02)


@pytest.mark.parametrize("n", [1, 3])
def test_observations_from_step_equal_fresh_ones(n):
    """The acting agent's observation made by step() equals one computed from
    scratch; each is a fresh array, handed out once."""
    e = raw_env(num_players=n)
    e.reset(seed=11)
    rng = np.random.default_rng(2)
    while not e.game.is_over:
        agent = e.agent_selection
        p = e.agent_name_mapping[agent]
        first = e.observe(agent)
        second = e.observe(agent)
        assert first["observation"] is not second["observation"]
        assert np.array_equal(first["observation"], e.game.observe(p))
        assert np.array_equal(second["observation"], e.game.observe(p))
        assert np.array_equal(first["action_mask"], e.game.action_mask())
        legal = np.flatnonzero(first["action_mask"])
        e.step(int(legal[rng.integers(legal.size)]))


def test_game_step_observe_matches_step_then_observe():
    from maracaibo_env import Game
    g, h = Game(3, seed=5), Game(3, seed=5)
    rng = np.random.default_rng(0)
    while not g.is_over:
        a = int(rng.choice(g.legal_actions()))
        obs = g.step_observe(a)
        h.step(a)
        assert np.array_equal(g.state, h.state)
        if h.is_over:
            assert obs is None
        else:
            assert np.array_equal(obs, h.observe(h.current_player))
    with pytest.raises(IllegalActionError, match="game is over"):
        g.step_observe(0)


def test_float_observations_play_a_whole_game():
    """obs_type="float" (issue 26): every observation of a whole game is float32
    inside its finite Box, in [-1, 1] (tests/framework/test_float_obs.py compares
    it with the int observation)."""
    e = env(num_players=2, obs_type="float")
    box = e.observation_space("player_0")["observation"]
    assert box.dtype == np.float32 and np.isfinite(box.low).all() and np.isfinite(box.high).all()

    def check(e, agent, obs):
        o = obs["observation"]
        assert o.dtype == np.float32 and box.contains(o) and (np.abs(o) <= 1).all()

    final = _play_to_end(e, seed=3, check=check)
    assert set(final) == {"player_0", "player_1"}
    with pytest.raises(ValueError, match=r"obs_type must be one of \('int', 'float'\)"):
        raw_env(obs_type="floats")

"""Public calls that pass numbers into numba check type and range first (issue
9, section 3): a float, a bool or an out-of-range int is an error, never
truncated, and the state is exactly as before."""
import json

import numpy as np
import pytest

from maracaibo_env import Game, GameConfigError, IllegalActionError
from maracaibo_env.maracaibo.batch import Batch
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.single import MaracaiboSingleEnv


# ---- configuration: ints only (numpy ints accepted), solo options only in solo games ------------------
@pytest.mark.parametrize("kwargs, needle", [
    (dict(num_players=2.0), "num_players must be an int, one of (1, 2, 3, 4), got 2.0 (float)"),
    (dict(num_players=True), "num_players must be an int"),
    (dict(num_players="3"), "num_players must be an int"),
    (dict(story=75.0), "story must be an int, one of (75, 76, 77), got 75.0"),
    (dict(seed=1.0), "seed must be an int"),
    (dict(seed=np.float64(3)), "seed must be an int"),
    (dict(seed=2**31), "seed must be one of 0..2**31-1"),
    (dict(num_players=3, difficulty="hard"), "difficulty='hard' applies only to a solo game"),
    (dict(num_players=2, automa_table="de"), "automa_table='de' applies only to a solo game"),
    (dict(num_players=3, automa_income="de"), "automa_income='de' applies only to a solo game"),
    (dict(num_players=1, automa_income="fr"), "automa_income must be one of"),
    (dict(num_players=1, difficulty=3), "difficulty must be one of"),
])
def test_game_config_is_checked(kwargs, needle):
    with pytest.raises(GameConfigError) as info:
        Game(**kwargs)
    assert needle in str(info.value)


def test_numpy_ints_are_normalised_and_defaults_are_fine():
    g = Game(np.int64(3), seed=np.int32(5), story=np.int16(76))
    assert g.config == {"num_players": 3, "seed": 5, "story": 76, "difficulty": "medium", "automa_table": "en",
                        "automa_income": "en"}
    assert all(type(v) in (int, str) for v in g.config.values())
    json.dumps(g.config)
    assert np.array_equal(g.state, Game(3, seed=5, story=76).state)
    Game(3, difficulty="medium", automa_table="en")  # the defaults, given explicitly
    Game(1, difficulty="hard", automa_table="de")


def test_same_policy_in_batch_aec_and_single_env():
    from maracaibo_env import env
    for make in (lambda **k: Batch(2, **k), lambda **k: env(**k), lambda **k: MaracaiboSingleEnv(**k)):
        with pytest.raises(ValueError, match="num_players must be an int"):
            make(num_players=2.0)
        with pytest.raises(ValueError, match="story must be an int"):
            make(num_players=2, story=75.0)
        with pytest.raises(ValueError, match="applies only to a solo game"):
            make(num_players=3, difficulty="very_hard")
    with pytest.raises(ValueError, match="n must be an int"):
        Batch(2.0)
    with pytest.raises(ValueError, match="n must be an int"):
        Batch(True)
    with pytest.raises(ValueError, match="auto_reset must be True or False"):
        Batch(2, auto_reset=1)
    with pytest.raises(ValueError, match="learner_seat must be None or an int"):
        MaracaiboSingleEnv(num_players=2, learner_seat=0.0)
    e = MaracaiboSingleEnv(num_players=np.int64(3), story=np.int64(77))
    assert type(e.num_players) is int and type(e.story) is int


# ---- Game calls -------------------------------------------------------------------------------------------
def test_game_observe_checks_the_seat():
    g = Game(3, seed=1)
    before = g.state.copy()
    for bad in (1.0, True, -1, 3, 10**9, "0", None):
        with pytest.raises(ValueError, match="player must be an int seat 0..2"):
            g.observe(bad)
    assert np.array_equal(g.observe(np.int64(2)), g.observe(2))
    assert np.array_equal(before, g.state)
    solo = Game(1, seed=1)
    solo.observe(1)  # Jean's seat can be observed
    with pytest.raises(ValueError):
        solo.player_view(2)


def test_game_step_refuses_floats_bools_and_out_of_range():
    g = Game(2, seed=3)
    before = g.state.copy()
    legal = g.legal_actions()[0]
    for bad in (float(legal), np.float32(legal), True, np.bool_(True), -1, NUM_ACTIONS, 2**70, None, [legal]):
        with pytest.raises(IllegalActionError):
            g.step(bad)
        with pytest.raises(IllegalActionError):
            g.step_observe(bad)
    assert np.array_equal(before, g.state)
    g.step(np.uint16(legal))  # any numpy int type is an int
    with pytest.raises(ValueError, match="action must be an int id"):
        g.action_name(-1)
    with pytest.raises(ValueError):
        g.action_name(1.0)


def test_play_random_checks_its_arguments():
    g = Game(2, seed=4)
    before = g.state.copy()
    rng = np.array([5], np.uint64)
    for stop in (1.0, True, -1, 16, 2**64):
        with pytest.raises(ValueError, match="stop_seats"):
            g.play_random(stop, rng)
    ro = np.array([5], np.uint64)
    ro.flags.writeable = False
    for bad in (np.array([0], np.uint64), np.array([5], np.int64), np.array([5, 6], np.uint64), ro, 5):
        with pytest.raises(ValueError, match="rng must be"):
            g.play_random(0, bad)
    assert np.array_equal(before, g.state)
    assert g.play_random(np.int64(0), rng) > 0 and g.is_over


# ---- Batch calls -------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_batch_step_refuses_non_integer_and_misplaced_minus_one():
    b = Batch(3, num_players=2, seed=1)
    before = b.states.copy()
    good = np.array([np.flatnonzero(m)[0] for m in b.masks])
    for bad, needle in ((good.astype(np.float64), "actions must be integers"),
                        (good.astype(bool), "actions must be integers"),
                        ([1.0, 2.0, 3.0], "actions must be integers"),
                        (np.where(np.arange(3) == 1, -1, good), "game 1: action -1: -1 is for a finished game only"),
                        (np.where(np.arange(3) == 2, -7, good), "game 2: action -7"),
                        (np.where(np.arange(3) == 0, NUM_ACTIONS, good), "game 0"),
                        (good.astype(np.uint64) + np.array([0, 2**63, 0], np.uint64), "game 1: action"),
                        (good[:2], "shape")):
        with pytest.raises(ValueError) as info:
            b.step(bad)
        assert needle in str(info.value), str(info.value)
    assert np.array_equal(before, b.states)
    b.step(good.astype(np.int32))
    b.step([int(np.flatnonzero(m)[0]) for m in b.masks])  # a list of ints


def test_batch_reset_rows_game_and_playouts_check_their_numbers():
    b = Batch(4, num_players=3, seed=2)
    before = b.states.copy()
    for rows in ([4], [-1], [0, 0], [1.0], [True], np.array([[0]]), [2**63]):
        with pytest.raises(ValueError, match="rows"):
            b.reset_rows(rows)
    assert np.array_equal(before, b.states)
    b.reset_rows([])          # nothing to do
    b.reset_rows(np.array([3, 1], np.uint8))
    for i in (4, -1, 1.0, True):
        with pytest.raises(ValueError):
            b.game(i)
    assert b.game(np.int64(2)).history is None
    with pytest.raises(ValueError, match="games_per_row"):
        b.random_playouts(0)
    with pytest.raises(ValueError, match="games_per_row"):
        b.random_playouts(1.5)
    with pytest.raises(ValueError, match="seed must be one of"):
        b.random_playouts(2, seed=2**31 - 3)  # its games' seeds would pass 2**31


# ---- the single-agent env ------------------------------------------------------------------------------------
def test_single_env_accepts_only_integer_actions():
    e = MaracaiboSingleEnv(num_players=2)
    e.reset(seed=0)
    a = int(np.flatnonzero(e.action_masks())[0])
    before = e.game.state.copy()
    for bad in (float(a), np.float64(a), True, np.array(float(a)), "pass", None):
        with pytest.raises(IllegalActionError, match="action must be an int id"):
            e.step(bad)
    assert np.array_equal(before, e.game.state)
    e.step(np.array(a))  # a 0-d integer array, as policies return


def test_single_env_refuses_to_step_out_of_turn():
    e = MaracaiboSingleEnv(num_players=3, learner_seat=0)
    e.reset(seed=1)
    g = e.game
    while g.current_player == e.learner:  # someone steps the game behind the env's back
        g.step(g.legal_actions()[0])
    before = g.state.copy()
    with pytest.raises(RuntimeError, match="not the learner's turn"):
        e.step(0)
    assert np.array_equal(before, g.state)

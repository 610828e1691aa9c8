"""Batch API: many games in one 2-D array, stepped inside numba."""
import numpy as np
import pytest

from maracaibo_env import Game, IllegalActionError
from maracaibo_env.maracaibo.batch import Batch


@pytest.mark.slow
def test_batch_rows_match_single_games():
    b = Batch(6, num_players=3, seed=100)
    games = [Game(3, seed=100 + i) for i in range(6)]
    rng = np.random.default_rng(0)
    for _ in range(400):
        actions = np.full(6, -1)
        for i, g in enumerate(games):
            if not g.is_over:
                actions[i] = rng.choice(g.legal_actions())
                g.step(int(actions[i]))
        b.step(actions)
        for i, g in enumerate(games):
            assert np.array_equal(b.states[i], g.state)
            assert np.array_equal(b.masks[i], g.action_mask())
        obs = b.observations()
        for i, g in enumerate(games):
            if not g.is_over:
                assert np.array_equal(obs[i], g.observe(g.current_player))


def test_batch_illegal_action_changes_nothing():
    b = Batch(4, num_players=2, seed=1)
    before = b.states.copy()
    actions = np.array([np.flatnonzero(m)[0] for m in b.masks])
    actions[2] = np.flatnonzero(b.masks[2] == 0)[0]
    with pytest.raises(IllegalActionError, match="game 2"):
        b.step(actions)
    assert np.array_equal(before, b.states)
    with pytest.raises(ValueError, match="shape"):
        b.step(actions[:3])


def test_batch_auto_reset_records_finished_games():
    b = Batch(3, num_players=2, seed=5, auto_reset=True)
    rng = np.random.default_rng(1)
    while len(b.finished) < 4:
        b.step(np.array([rng.choice(np.flatnonzero(m)) for m in b.masks]))
    assert not b.done.any()
    assert all(len(s) == 2 for s in b.finished)


@pytest.mark.slow
def test_batch_random_playouts_and_solo():
    b = Batch(4, num_players=1, seed=0, difficulty="hard")
    assert b.random_playouts(2, seed=3) > 100
    assert b.done.all()


def test_batch_random_actions_are_legal_uniform_and_reproducible():
    b = Batch(64, num_players=3, seed=7, auto_reset=True)
    first = b.random_actions().copy()
    assert all(b.masks[i, a] == 1 for i, a in enumerate(first))
    for _ in range(300):  # every draw legal, across many phases and auto-resets
        b.step(b.random_actions())
    assert len(b.finished) == 0 or all(len(s) == 3 for s in b.finished)
    again = Batch(64, num_players=3, seed=7, auto_reset=True).random_actions()
    assert np.array_equal(first, again)
    # uniform over the legal set: one state's choices hit every legal action
    one = Batch(1, num_players=3, seed=3)
    legal = np.flatnonzero(one.masks[0])
    counts = {int(a): 0 for a in legal}
    for _ in range(200 * len(legal)):
        counts[int(one.random_actions()[0])] += 1
    assert min(counts.values()) > 100, counts


def test_batch_random_actions_minus_one_for_finished_games():
    b = Batch(3, num_players=2, seed=2)
    while not b.done.all():
        b.step(b.random_actions())
    assert (b.random_actions() == -1).all()

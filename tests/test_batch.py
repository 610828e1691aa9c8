"""Batch API: many games in one 2-D array, stepped inside numba."""
import numpy as np
import pytest

from maracaibo_env import Game, IllegalActionError
from maracaibo_env.batch import Batch


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


def test_batch_random_playouts_and_solo():
    b = Batch(4, num_players=1, seed=0, difficulty="hard")
    assert b.random_playouts(2, seed=3) > 100
    assert b.done.all()

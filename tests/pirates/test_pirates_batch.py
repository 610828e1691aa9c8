"""Pirates Batch: rows equal single games, illegal actions refused without
changing anything, auto-reset, playouts."""
import numpy as np
import pytest

from maracaibo_env.pirates import Game, IllegalActionError
from maracaibo_env.pirates.batch import Batch


@pytest.mark.slow
def test_rows_match_single_games():
    b = Batch(6, num_players=3, seed=10)
    games = [Game(3, seed=10 + i) for i in range(6)]
    rng = np.random.default_rng(0)
    for _ in range(300):
        acts = np.array([-1 if g.is_over else int(rng.choice(g.legal_actions())) for g in games])
        b.step(acts)
        for g, a in zip(games, acts):
            if a >= 0:
                g.step(int(a))
        for i, g in enumerate(games):
            assert (b.states[i] == g.state).all() and (b.masks[i] == g._mask).all()
    obs = b.observations()
    for i, g in enumerate(games):
        if not g.is_over:
            assert (obs[i] == g.observe(g.current_player)).all()


def test_illegal_changes_nothing():
    b = Batch(4, num_players=2, seed=0)
    before = b.states.copy()
    acts = b.random_actions().copy()
    acts[2] = int(np.flatnonzero(b.masks[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="game 2"):
        b.step(acts)
    assert (b.states == before).all()
    with pytest.raises(ValueError, match="integers"):
        b.step(np.zeros(4, float))
    with pytest.raises(ValueError):
        Batch(0)
    with pytest.raises(ValueError, match="layout"):
        Batch(2, layout="nowhere")


@pytest.mark.slow
def test_auto_reset_and_playouts():
    b = Batch(8, num_players=4, seed=3, auto_reset=True)
    for _ in range(2000):
        b.step(b.random_actions())
    assert len(b.finished) >= 8 and all(len(s) == 4 for s in b.finished)
    assert b.random_playouts(2, seed=5) > 8 * 2 * 100
    g = b.game(0)
    assert isinstance(g, Game) and g.history is None

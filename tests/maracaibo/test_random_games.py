"""Random full games: every game ends in a valid terminal state, and every
state on the way keeps the conservation invariants (cards, figures, discs,
markers, quest tiles, combat tokens; nothing negative; CP 0..8)."""
import json

import numpy as np
import pytest

from maracaibo_env import Game, IllegalActionError
from maracaibo_env.maracaibo.invariants import check_invariants

GAMES_PER_COUNT = 300


def _play(n, seed, check_every_step=True):
    g = Game(num_players=n, seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert len(legal) >= 2, "forced decisions are taken automatically"
        g.step(int(rng.choice(legal)))
        steps += 1
        if check_every_step:
            bad = check_invariants(g.state, g.catalog)
            assert not bad, (n, seed, steps, g.phase, bad)
        assert steps < 5000
    return g, steps


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_finish_with_invariants(n):
    for seed in range(GAMES_PER_COUNT):
        g, steps = _play(n, seed)
        assert g.round == 4 and g.phase == "game_over" and g.current_player == -1
        assert not g.legal_actions()
        assert sum(g.score_breakdown()[0].values()) == g.scores()[0]


def test_same_seed_same_game_and_different_seed_different_deal():
    a, _ = _play(3, 11, check_every_step=False)
    b, _ = _play(3, 11, check_every_step=False)
    assert np.array_equal(a.state, b.state)
    c = Game(3, seed=12)
    d = Game(3, seed=11)
    assert not np.array_equal(c.state, d.state)


def test_clone_is_independent():
    g = Game(2, seed=3)
    h = g.clone()
    g.step(g.legal_actions()[0])
    assert not np.array_equal(g.state, h.state)
    h.step(h.legal_actions()[0])
    assert np.array_equal(g.state, h.state)


def test_json_round_trip_is_exact_along_a_game():
    g = Game(4, seed=5)
    rng = np.random.default_rng(5)
    while not g.is_over:
        text = json.dumps(g.to_dict())
        h = Game.from_json(text)
        assert np.array_equal(g.state, h.state)
        assert h.legal_actions() == g.legal_actions()
        g.step(int(rng.choice(g.legal_actions())))


def test_illegal_action_raises_and_leaves_state_unchanged():
    g = Game(2, seed=1)
    before = g.state.copy()
    illegal = next(a for a in range(len(g.action_mask())) if not g.action_mask()[a])
    with pytest.raises(IllegalActionError, match="not legal"):
        g.step(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        g.step(10**6)
    with pytest.raises(IllegalActionError, match="unknown action name"):
        g.step("fly:to:moon")
    with pytest.raises(IllegalActionError):
        g.step(1.5)
    assert np.array_equal(before, g.state)


def test_step_after_game_end_raises():
    g, _ = _play(2, 0, check_every_step=False)
    before = g.state.copy()
    with pytest.raises(IllegalActionError, match="game is over"):
        g.step(0)
    assert np.array_equal(before, g.state)


def test_from_dict_rejects_corrupted_state():
    g = Game(2, seed=2)
    d = g.to_dict()
    d["state"]["players"][0]["FIG_SUPPLY"] += 1  # a figure from nowhere
    with pytest.raises(ValueError, match="figures"):
        Game.from_dict(d)
    d = g.to_dict()
    del d["state"]["ROUND"]
    with pytest.raises(ValueError, match="lacks fields: ROUND"):
        Game.from_dict(d)
    with pytest.raises(ValueError, match="format"):
        Game.from_dict({"state": {}})


@pytest.mark.parametrize("kwargs, msg", [
    (dict(num_players=5), "num_players must be one of"),
    (dict(num_players=0), "num_players must be one of"),
    (dict(num_players=1, difficulty="brutal"), "difficulty must be one of"),
    (dict(num_players=1, automa_table="fr"), "automa_table must be one of"),
    (dict(seed=-1), "seed must be"),
    (dict(story=74), "story must be one of"),
])
def test_bad_config_raises(kwargs, msg):
    from maracaibo_env import GameConfigError
    with pytest.raises(GameConfigError, match=msg):
        Game(**kwargs)


def test_observation_spec_covers_the_vector_and_hides_hands():
    g = Game(3, seed=4)
    spec = Game.observation_spec()
    assert spec[-1][1] + spec[-1][2] == len(g.observe(0))
    names = [s[0] for s in spec]
    assert len(names) == len(set(names))
    off = {n: (o, s) for n, o, s, _ in spec}
    o, s = off["hand"]
    p = g.current_player
    other = (p + 1) % 3
    own = g.observe(p)[o:o + s]
    assert (own[:8] >= 0).all()  # set-up hand of 8 visible to its owner
    # the other player's observation shows its own hand, never p's
    theirs = g.observe(other)[o:o + s]
    assert not np.array_equal(own, theirs)


def test_play_random_stops_for_stop_seats_and_records_history():
    g = Game(3, seed=21)
    rng = np.array([12345], np.uint64)
    while not g.is_over:
        before = len(g.history)
        k = g.play_random(0b001, rng)  # seats 1 and 2 play randomly; stop for seat 0
        assert len(g.history) == before + k
        if g.is_over:
            break
        assert g.current_player == 0
        g.step(g.legal_actions()[0])
    replay = Game(3, seed=21)
    for a in g.history:  # every recorded move was legal where it was made
        replay.step(a)
    assert np.array_equal(replay.state, g.state)
    assert not check_invariants(g.state, g.catalog)


def test_play_random_is_reproducible_and_rejects_bad_input():
    a, b = Game(2, seed=8), Game(2, seed=8)
    a.play_random(0, np.array([7], np.uint64))
    b.play_random(0, np.array([7], np.uint64))
    assert a.is_over and a.history == b.history
    g = Game(2, seed=8)
    before = g.state.copy()
    for bad_rng in (np.array([0], np.uint64), np.array([1, 2], np.uint64), np.array([3], np.int64), [3]):
        with pytest.raises(ValueError, match="rng"):
            g.play_random(0, bad_rng)
    with pytest.raises(ValueError, match="stop_seats"):
        g.play_random(-1, np.array([3], np.uint64))
    assert np.array_equal(before, g.state) and g.history == []

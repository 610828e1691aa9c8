"""The learned leaf value (maracaibo_env/maracaibo/agents/value_net.py): its file format and checks,
the numba forward pass against an independent numpy one, the features, and
the search that uses it (mcts:value=...)."""
import json

import numpy as np
import pytest

from maracaibo_env.maracaibo.agents.value_net import (NUM_FEATURES, SEAT_FEATURES, ValueFileError, ValueNet, estimates, features,
                              forward, leaf_values)
from maracaibo_env.maracaibo.agents.heuristics import make_agent
from maracaibo_env import Game
from maracaibo_env.agents.registry import AgentSpecError, make_agent as make_spec, parse_spec
from maracaibo_env.play.limits import UnsafeSpecError, check_safe_spec

H0, H1 = 8, 5


def _arrays(seed=0):
    r = np.random.default_rng(seed)
    return {"mean": r.normal(size=NUM_FEATURES), "std": r.uniform(0.5, 2, NUM_FEATURES),
            "w0": r.normal(size=(NUM_FEATURES, H0)), "b0": r.normal(size=H0),
            "w1": r.normal(size=(H0, H1)), "b1": r.normal(size=H1), "w2": r.normal(size=H1), "b2": r.normal(size=1)}


def _meta():
    return {"format": 1, "features": 1, "num_features": NUM_FEATURES, "hidden": [H0, H1]}


def _save(path, arrays, meta):
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    return path


def test_forward_is_the_mlp_it_describes():
    a = _arrays(1)
    net = ValueNet(a, _meta())
    x = np.random.default_rng(2).normal(size=NUM_FEATURES)
    z = (x - a["mean"]) / a["std"]
    h = np.maximum(z @ a["w0"] + a["b0"], 0)
    h = np.maximum(h @ a["w1"] + a["b1"], 0)
    want = float(h @ a["w2"] + a["b2"][0])
    got = forward(x, *net.args(), np.zeros(H0), np.zeros(H1))
    assert got == pytest.approx(want, rel=1e-9, abs=1e-9)


def test_a_saved_value_loads_back(tmp_path):
    net = ValueNet(_arrays(), _meta())
    net.save(tmp_path / "v.npz")
    back = ValueNet.load(tmp_path / "v.npz")
    assert back.hidden() == (H0, H1)
    for k in ValueNet.KEYS:
        assert np.array_equal(back.arrays[k], net.arrays[k])


@pytest.mark.parametrize("break_it, match", [
    (lambda a, m: a.pop("w1"), "no array 'w1'"),
    (lambda a, m: a.__setitem__("w0", np.zeros((NUM_FEATURES - 1, H0))), "w0 has shape"),
    (lambda a, m: a.__setitem__("b1", np.zeros(H1 + 1)), "b1 has shape"),
    (lambda a, m: a["w2"].__setitem__(0, np.nan), "non-finite"),
    (lambda a, m: a.__setitem__("std", np.zeros(NUM_FEATURES)), "std must be > 0"),
    (lambda a, m: m.__setitem__("features", 99), "features 99"),
])
def test_a_broken_value_file_is_refused_naming_what_is_wrong(tmp_path, break_it, match):
    a, m = _arrays(), _meta()
    break_it(a, m)
    with pytest.raises(ValueFileError, match=match):
        ValueNet.load(_save(tmp_path / "bad.npz", a, m))


def test_files_that_are_no_value_files_are_refused(tmp_path):
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ValueFileError, match="not a value weights file"):
        ValueNet.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "nometa.npz", **_arrays())
    with pytest.raises(ValueFileError, match="meta"):
        ValueNet.load(tmp_path / "nometa.npz")
    obj = np.array([{"a": 1}], dtype=object)
    np.savez(tmp_path / "pickled.npz", meta=obj, **_arrays())
    with pytest.raises(ValueFileError):
        ValueNet.load(tmp_path / "pickled.npz")
    with pytest.raises(ValueFileError, match="not found"):
        ValueNet.load(tmp_path / "missing.npz")
    with pytest.raises(ValueFileError, match="letters, digits"):
        ValueNet.load("../../etc/passwd")
    with pytest.raises(ValueFileError, match="no shipped value"):
        ValueNet.load("no_such_value")


def _tables(game):
    t = make_agent("balanced").tables(game.catalog)
    return t[0], t[6], t[7], t[8], t[3], t[9]   # W, area_full, area_ongoing, exp_prog, card_bonus, dval


def _features(game, me):
    W, af, ao, ep, cb, dv = _tables(game)
    est = np.zeros(4)
    estimates(game.state, game._cat, W, af, ao, ep, cb, dv, est)
    out = np.zeros(NUM_FEATURES)
    features(game.state, game._cat, me, est, W, ep, out)
    return out


def test_features_are_in_turn_order_from_the_seat():
    g = Game(3, seed=7)
    rng = np.random.default_rng(0)
    for _ in range(120):
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
    f0, f1 = _features(g, 0), _features(g, 1)
    blocks0 = f0[:4 * SEAT_FEATURES].reshape(4, SEAT_FEATURES)
    blocks1 = f1[:4 * SEAT_FEATURES].reshape(4, SEAT_FEATURES)
    assert np.array_equal(blocks1[:3], np.roll(blocks0[:3], -1, axis=0))   # seat 1's view starts with seat 1
    assert not blocks0[3].any()                                          # no fourth seat
    assert blocks0[:3, 0].tolist() == [1, 1, 1]
    assert f0[4 * SEAT_FEATURES + 7 + 2] == 1                              # three players
    for p in range(3):   # the VP feature is the seat's VP / 50
        assert blocks0[p, 1] == pytest.approx(g.scores()[p] / 50)


def test_at_game_over_the_leaf_value_is_the_final_margin():
    net = ValueNet(_arrays(), _meta())
    for players, kw in ((3, {}), (1, {"difficulty": "easy"})):
        g = Game(players, seed=3, **kw)
        rng = np.random.default_rng(1)
        while not g.is_over:
            legal = g.legal_actions()
            g.step(legal[rng.integers(len(legal))])
        W, af, ao, ep, cb, dv = _tables(g)
        out = np.zeros(4)
        leaf_values(g.state, g._cat, W, af, ao, ep, cb, dv, *net.args(), np.zeros(4), np.zeros(NUM_FEATURES),
                    np.zeros(H0), np.zeros(H1), out)
        s = g.scores()
        if players == 1:   # the human against Jean
            assert out[0] == pytest.approx((s[0] - s[1]) / 100) and out[1] == -out[0]
        else:
            for p in range(players):
                assert out[p] == pytest.approx((s[p] - max(s[q] for q in range(players) if q != p)) / 100)


def test_search_with_a_value_plays_legal_reproducible_moves_and_uses_it(tmp_path):
    path = str(_save(tmp_path / "v.npz", _arrays(3), _meta()))
    with_value = make_spec(f"mcts:iters=60:value={path}")
    plain = make_spec("mcts:iters=60")
    differs = False
    for players, kw in ((2, {}), (1, {"difficulty": "medium"})):
        g = Game(players, seed=5, **kw)
        rng = np.random.default_rng(0)
        for _ in range(40):   # into the game, past the set-up
            legal = g.legal_actions()
            g.step(legal[rng.integers(len(legal))])
        v1 = with_value.visits(g, seed=9)
        assert np.array_equal(v1, with_value.visits(g, seed=9))
        assert set(np.flatnonzero(v1)) <= set(g.legal_actions())
        differs |= not np.array_equal(v1, plain.visits(g, seed=9))
    assert differs   # a random network scores leaves differently from the evaluation


def test_value_specs_are_checked_before_any_game(tmp_path):
    with pytest.raises(AgentSpecError, match="no shipped value"):
        parse_spec("mcts:value=nope")
    with pytest.raises(AgentSpecError, match="not found"):
        parse_spec(f"mcts:value={tmp_path}/missing.npz")
    with pytest.raises(AgentSpecError, match="unknown option"):
        parse_spec("mcts:value=x", "pirates")
    path = _save(tmp_path / "v.npz", _arrays(), _meta())
    assert parse_spec(f"mcts:value={path}").kind == "mcts"
    with pytest.raises(UnsafeSpecError, match="reads a file"):
        check_safe_spec(f"mcts:iters=10:value={path}", "maracaibo")


def test_the_shipped_value_loads_and_a_page_may_name_it():
    net = ValueNet.load("maracaibo")
    assert net.meta["features"] == 1 and net.meta["num_features"] == NUM_FEATURES
    assert check_safe_spec("mcts:iters=100:value=maracaibo", "maracaibo") == "mcts:iters=100:value=maracaibo"
    g = Game(2, seed=8)
    agent = make_spec("mcts:iters=30:value=maracaibo")
    a = agent.act(g.observe(g.current_player), g.action_mask(), np.random.default_rng(0), game=g)
    assert g.action_mask()[a]

"""The numpy policy agent (maracaibo_env/maracaibo/agents/policy.py): features, weights files, specs."""
import json

import numpy as np
import pytest

from maracaibo_env.maracaibo.agents.policy import (NUM_FEATURES, Arch, PolicyAgent, PolicyFileError, PolicyNet,
                           encode, load_policy, save_weights, shipped_policies)
from maracaibo_env import Game
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.obs_spec import OBS, OBS_SIZE
from maracaibo_env.maracaibo.match import AgentSpecError, parse_spec, play_match


def _offset(name):
    return OBS.offsets[name]


def random_net(seed=0, hidden=(16,)) -> PolicyNet:
    rng = np.random.default_rng(seed)
    arrays, fan_in = {}, NUM_FEATURES
    for i, h in enumerate(hidden):
        arrays[f"w{i}"] = rng.normal(0, 0.05, (fan_in, h)).astype(np.float32)
        arrays[f"b{i}"] = np.zeros(h, np.float32)
        fan_in = h
    arrays |= {"pi_w": rng.normal(0, 1, (fan_in, NUM_ACTIONS)).astype(np.float32),
               "pi_b": np.zeros(NUM_ACTIONS, np.float32),
               "v_w": rng.normal(0, 1, (fan_in, 1)).astype(np.float32), "v_b": np.zeros(1, np.float32)}
    return PolicyNet(arrays, Arch(tuple(hidden), 2).meta())


def test_encode_keeps_raw_values_and_one_hots_the_hand():
    g = Game(2, seed=4)
    obs = g.observe(g.current_player)
    f = encode(obs)
    assert f.shape == (1, NUM_FEATURES) and f.dtype == np.float32
    np.testing.assert_allclose(f[0, :OBS_SIZE], np.sign(obs) * np.log1p(np.abs(obs)), rtol=1e-6)
    start, size = _offset("hand")
    hand = [c for c in obs[start:start + size] if c >= 0]
    assert hand, "a fresh game deals a hand"
    # the hand block follows the raw values, the task-op and the phase blocks
    from maracaibo_env.maracaibo.core.enums import OPS, PHASES
    col = OBS_SIZE + len(OPS) + len(PHASES)
    assert sorted(np.flatnonzero(f[0, col:col + 157]).tolist()) == sorted(hand)


def test_encode_rejects_wrong_shapes():
    with pytest.raises(ValueError, match="shape"):
        encode(np.zeros((2, OBS_SIZE - 1), np.int32))


def test_greedy_action_is_the_best_legal_logit(tmp_path):
    net = random_net()
    g = Game(2, seed=9)
    rng = np.random.default_rng(0)
    for _ in range(60):
        obs, mask = g.observe(g.current_player), g.action_mask().astype(bool)
        logits, _ = net.forward(encode(obs))
        expect = int(np.flatnonzero(mask)[np.argmax(logits[0][mask])])
        assert net.act_batch(obs, mask)[0] == expect
        sampled = net.act_batch(obs, mask, rng, temperature=1.0)[0]
        assert mask[sampled]
        g.step(expect)


def test_weights_round_trip(tmp_path):
    net = random_net(hidden=(8, 8))
    path = tmp_path / "p.npz"
    net.save(path)
    back = load_policy(path)
    obs = np.stack([Game(2, seed=s).observe(0) for s in range(5)])
    np.testing.assert_array_equal(net.forward(encode(obs))[0], back.forward(encode(obs))[0])


@pytest.mark.parametrize("break_it, message", [
    (lambda a, m: a.pop("pi_w"), "missing arrays"),
    (lambda a, m: a.update(w0=a["w0"][:-1]), "w0 has shape"),
    (lambda a, m: m.update(features=99), "features"),
    (lambda a, m: m.update(hidden="big"), "hidden"),
    (lambda a, m: a.update(v_w=np.full_like(a["v_w"], np.nan)), "NaN"),
])
def test_malformed_weights_are_refused(tmp_path, break_it, message):
    net = random_net()
    arrays = {"w0": net.layers[0][0], "b0": net.layers[0][1], "pi_w": net.pi_w, "pi_b": net.pi_b,
              "v_w": net.v_w, "v_b": net.v_b}
    meta = dict(net.meta)
    break_it(arrays, meta)
    path = tmp_path / "bad.npz"
    save_weights(path, arrays, meta)
    with pytest.raises(PolicyFileError, match=message):
        load_policy(path)
    with pytest.raises(AgentSpecError, match=message):
        parse_spec(f"policy:{path}")


def test_not_a_weights_file(tmp_path):
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(PolicyFileError, match="not a readable weights file"):
        load_policy(junk)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, meta=np.array(json.dumps({})), obj=np.array([{"a": 1}], dtype=object))
    with pytest.raises(PolicyFileError):
        load_policy(pickled)
    with pytest.raises(AgentSpecError, match="no such shipped policy"):
        parse_spec("policy:does-not-exist")


def test_policy_plays_in_matches_and_tournament_specs(tmp_path):
    path = tmp_path / "p.npz"
    random_net(3).save(path)
    spec = f"policy:{path}"
    assert parse_spec(spec).kind == "policy"
    r = play_match([spec, "balanced"], seed=5)
    g = Game(2, seed=5)
    agents = [PolicyAgent(str(path)), None]
    # the same game replayed by hand: the policy's moves are its greedy moves
    from maracaibo_env.maracaibo.agents.heuristics import BalancedAgent, act_with
    agents[1] = BalancedAgent()
    rng = np.random.default_rng(5)
    while not g.is_over:
        g.step(act_with(agents[g.current_player], g, rng))
    assert g.scores() == r.scores
    from maracaibo_env.tournament.formats import ScheduleError, TournamentConfig
    with pytest.raises(ScheduleError, match="compiled"):
        TournamentConfig(agents=(spec, "random"), engine="compiled").normalized()


@pytest.mark.slow
def test_policy_as_a_vector_env_opponent():
    from maracaibo_env.maracaibo.vector import LearnerGames
    net = random_net(1)
    v = LearnerGames(8, opponents=net, seed=2)
    rng = np.random.default_rng(0)
    for _ in range(50):
        m = v.action_masks()
        v.step(np.array([rng.choice(np.flatnonzero(r)) for r in m]))
    assert (v.learners >= 0).all()


@pytest.mark.parametrize("name", shipped_policies())
def test_shipped_policy_loads_and_beats_random(name):
    from maracaibo_env.tournament.ratings import wilson
    net = load_policy(name)
    assert net.meta["num_players"] == 2
    wins = sum(play_match([f"policy:{name}", "random"], seed=s).winners == [0] for s in range(10))
    wins += sum(play_match(["random", f"policy:{name}"], seed=s).winners == [1] for s in range(10))
    assert wilson(wins, 20)[0] > 0.5, f"{wins}/20 wins against random"


def test_weights_of_an_earlier_layout_read_its_prefix_and_never_pick_newer_ids(tmp_path):
    """The shipped policy was trained before the options appended observation
    entries, action ids and a task op (EARLIER_LAYOUTS): it reads the first
    636 entries, and a newer action id is legal-only -> still a legal choice."""
    from maracaibo_env.maracaibo.agents.policy import EARLIER_LAYOUTS
    obs_size, n_actions, n_ops = next(iter(EARLIER_LAYOUTS))
    net = load_policy("maracaibo-2p")
    assert (net.obs_size, net.num_actions, net.n_ops) == (obs_size, n_actions, n_ops)
    g = Game(2, seed=3)
    obs, mask = g.observe(0), g.action_mask().astype(bool)
    feats = net.encode(obs)
    assert feats.shape == (1, net.layers[0][0].shape[0])
    np.testing.assert_allclose(feats[0, :obs_size], np.sign(obs[:obs_size]) * np.log1p(np.abs(obs[:obs_size])), rtol=1e-6)
    only_new = np.zeros_like(mask)
    only_new[n_actions:n_actions + 2] = True
    assert net.act_batch(obs, only_new)[0] in (n_actions, n_actions + 1)
    meta = dict(net.meta, obs_size=obs_size + 1)
    arrays = {"w0": net.layers[0][0], "b0": net.layers[0][1], "w1": net.layers[1][0], "b1": net.layers[1][1],
              "pi_w": net.pi_w, "pi_b": net.pi_b, "v_w": net.v_w, "v_b": net.v_b}
    save_weights(tmp_path / "odd.npz", arrays, meta)
    with pytest.raises(PolicyFileError, match="trained on observations of"):
        load_policy(tmp_path / "odd.npz")

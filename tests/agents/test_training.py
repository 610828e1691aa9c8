"""MaskablePPO (maracaibo_env.training.ppo), the single-agent env factory
(maracaibo_env.training.wrappers), and the core staying torch-free.

The sb3-contrib tests skip where the ``train`` extra (torch, stable-baselines3,
sb3-contrib) is not installed; the import-hygiene test always runs.
"""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from maracaibo_env import IllegalActionError
from maracaibo_env.maracaibo.single import MaracaiboSingleEnv

from maracaibo_env.training.wrappers import SymlogObservation, env_config, make_env_fn, symlog

ROOT = Path(__file__).resolve().parents[2]

SMALL = dict(n_steps=256, batch_size=128, n_epochs=2, learning_rate=3e-4,
             policy_kwargs={"net_arch": [64, 64]}, device="cpu", seed=0)


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """A MaskablePPO trained for 2048 steps on 2 players vs random (shared by the tests),
    on symlog observations (what make_env_fn gives by default)."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from maracaibo_env.training.ppo import TrainConfig, train
    out = tmp_path_factory.mktemp("ppo")
    results = train(TrainConfig(players=2, opponent="random", steps=2048, n_envs=2, seed=0,
                                eval_deals=2, eval_mode="both", n_steps=256, batch_size=128,
                                n_epochs=2, net=(64, 64), baseline=False, obs_transform="symlog",
                                eval_every=10**6), out, progress=False)   # 2 deals x 2 seats: 4 games
    return MaskablePPO.load(out / "model.zip", device="cpu"), results


class OneLegal(SymlogObservation):
    """Leaves exactly one legal action in the mask: a random one of the real mask."""

    def __init__(self, env, seed=0):
        super().__init__(env)
        self._rng = np.random.default_rng(seed)
        self._mask = None

    def action_masks(self):
        real = self.env.get_wrapper_attr("action_masks")()
        if self._mask is None:
            one = np.zeros_like(real)
            if real.any():
                one[self._rng.choice(np.flatnonzero(real))] = True
            self._mask = one
        return self._mask

    def reset(self, **kw):
        self._mask = None
        return super().reset(**kw)

    def step(self, action):
        assert self._mask is not None and self._mask[int(action)], "picked a masked action"
        self._mask = None
        return super().step(action)


# ---- (a) smoke test: train, then play with masks -------------------------------------------
def test_smoke_train_and_masked_evaluation(trained):
    model, results = trained
    assert results["steps"] >= 2048 and results["steps_per_second"] > 0
    for mode in ("eval_deterministic", "eval_stochastic"):
        r = results[mode]
        assert r["games"] == 4 and r["illegal_actions"] == 0
        assert -1.0 <= r["mean_reward"] <= 1.0
        assert r["wins"] + r["ties"] + r["losses"] == 4

    # play games by hand: every action legal, every return in {-1, 0, 1}
    env = make_env_fn(2, "random")()
    for game in range(3):
        obs, _ = env.reset(seed=100 + game)
        done, total, steps = False, 0.0, 0
        while not done:
            mask = env.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=game == 0)
            assert mask[int(action)]
            obs, r, done, trunc, info = env.step(action)
            assert obs.dtype == np.float32 and np.isfinite(obs).all()
            assert "illegal_action" not in info
            total += r
            steps += 1
        assert total in (-1.0, 0.0, 1.0) and steps > 20
        assert "scores" in info


def test_saved_model_loads_and_predicts_the_same(trained, tmp_path):
    from sb3_contrib import MaskablePPO
    model, _ = trained
    path = tmp_path / "m.zip"
    model.save(path)
    again = MaskablePPO.load(path, device="cpu")
    env = make_env_fn(2, "random")()
    obs, _ = env.reset(seed=5)
    mask = env.action_masks()
    assert model.predict(obs, action_masks=mask, deterministic=True)[0] == \
        again.predict(obs, action_masks=mask, deterministic=True)[0]


# ---- (b) masks are obeyed: "mask all but one" -------------------------------------------------
@pytest.mark.parametrize("deterministic", [True, False])
def test_policy_picks_the_only_unmasked_action(trained, deterministic):
    model, _ = trained
    env = OneLegal(MaracaiboSingleEnv(num_players=2, illegal="raise"), seed=1)
    obs, _ = env.reset(seed=7)
    for _ in range(600):
        mask = env.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=deterministic)
        assert int(action) == int(np.flatnonzero(mask)[0])
        obs, r, done, trunc, info = env.step(action)
        if done:
            obs, _ = env.reset()


def test_learning_with_one_legal_action_never_steps_illegally():
    """MaskablePPO's rollouts use the masks: with illegal="raise" any masked pick would raise."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = OneLegal(MaracaiboSingleEnv(num_players=2, illegal="raise"), seed=2)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, **SMALL)
    model.learn(512)
    assert model.num_timesteps >= 512


def test_without_masks_the_policy_does_pick_illegal_actions(trained):
    model, _ = trained
    env = MaracaiboSingleEnv(num_players=2, illegal="raise")
    wrapped = SymlogObservation(env)
    obs, _ = wrapped.reset(seed=3)
    with pytest.raises(IllegalActionError):
        for _ in range(200):
            action, _ = model.predict(obs, deterministic=False)  # no action_masks
            obs, r, done, trunc, info = wrapped.step(action)
            if done:
                obs, _ = wrapped.reset()


# ---- options ----------------------------------------------------------------------------------
def test_env_config_options():
    assert env_config(None, "random") == (2, {})
    assert env_config(4, "random")[0] == 4
    assert env_config(None, "jean")[0] == 1
    assert env_config(1, "jean:medium")[0] == 1
    with pytest.raises(ValueError):
        env_config(2, "jean")
    with pytest.raises(ValueError):
        env_config(1, "random")
    with pytest.raises(ValueError):
        env_config(None, "jean:impossible")
    with pytest.raises(ValueError):
        env_config(3, "random,random,random")
    with pytest.raises(ValueError):
        env_config(2, "no_such_heuristic")


def test_observation_wrapper_is_float32_symlog_and_keeps_masks():
    env = make_env_fn(3, "random")()
    obs, _ = env.reset(seed=0)
    raw = env.unwrapped._obs()
    assert obs.dtype == np.float32 and obs.shape == env.observation_space.shape
    assert np.allclose(obs, np.sign(raw) * np.log1p(np.abs(raw)), atol=1e-5)
    assert env.observation_space.contains(obs)
    assert np.array_equal(env.action_masks(), env.unwrapped.action_masks())
    assert symlog(np.array([0, 1, -1])).tolist() == pytest.approx([0.0, np.log(2), -np.log(2)])
    assert np.isfinite(symlog(np.array([-2**31, 2**31 - 1], np.int64))).all()


def test_solo_env_against_jean_plays_to_the_end():
    env = make_env_fn(None, "jean")()
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, r, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert r in (-1.0, 1.0) and len(info["scores"]) == 2


# ---- (c) the core does not import torch -------------------------------------------------------
def test_core_imports_without_torch():
    code = ("import sys\n"
            "import maracaibo_env, maracaibo_env.maracaibo.single, maracaibo_env.maracaibo.aec\n"
            "maracaibo_env.Game(2, seed=0)\n"
            "import maracaibo_env.training.wrappers, maracaibo_env.training.ppo\n"
            "bad = sorted(m for m in ('torch', 'stable_baselines3', 'sb3_contrib') if m in sys.modules)\n"
            "assert not bad, bad\n"
            "print('ok')\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"

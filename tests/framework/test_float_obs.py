"""Issue 26 (item 3): the network-ready observation, obs_type="float", on every
env of both games (PettingZoo AEC, Gymnasium single-agent, Maracaibo's vector
envs), the bounds it is derived from (every slice has finite bounds that
random games stay inside, options on), and the wrappers moved into the package.

The transform itself is `maracaibo_env.framework.obs_spec.FloatTransform`:
x / M for M = max(|low|, |high|) <= LINEAR_MAX, else symlog(x) / symlog(M)."""
from __future__ import annotations

import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import maracaibo_env
from maracaibo_env import maracaibo_v1, pirates_v0
from maracaibo_env.framework.obs_spec import (INT32_MAX, INT32_MIN, LINEAR_MAX, OBS_TYPES, FloatTransform,
                                              ObsSpec, check_obs_type)
from maracaibo_env.maracaibo.core.obs_spec import OBS as MARACAIBO_OBS
from maracaibo_env.maracaibo.core.options import LEGACY_TILES
from maracaibo_env.pirates.core.obs_spec import OBS as PIRATES_OBS
from maracaibo_env.registry import make

ROOT = Path(__file__).resolve().parents[2]
AEC = {"maracaibo": maracaibo_v1, "pirates": pirates_v0}
GYM_IDS = {"maracaibo": "maracaibo_env/Maracaibo-v1", "pirates": "maracaibo_env/Pirates-v0"}
SPECS = {"maracaibo": MARACAIBO_OBS, "pirates": PIRATES_OBS}
#: every option on: the slices of legacy tiles and modules are written too
ALL_OPTIONS = {"maracaibo": dict(legacy=list(LEGACY_TILES), retirement=True, open_prestige=True),
               "pirates": dict(fog_locations=True, fog_improvements=True, skirmish=True,
                               quest_hunters=True, rubies=True, retirement=True)}


def _in_float_box(obs, box) -> bool:
    return (obs.dtype == np.float32 and obs.shape == box.shape and np.isfinite(obs).all()
            and box.contains(obs) and (np.abs(obs) <= 1).all())


# ---- the transform ------------------------------------------------------------------------------
def test_float_transform_rules():
    low = np.array([0, -1, -2, 0, -9999, 0, 0], np.int64)
    high = np.array([1, 3, 99, LINEAR_MAX, 9999, 2**21 - 1, 0], np.int64)
    f = FloatTransform(low, high)
    assert [f.rule(i) for i in range(7)] == ["x/1", "x/3", "x/99", f"x/{LINEAR_MAX}", "symlog(x)/symlog(9999)",
                                             "symlog(x)/symlog(2097151)", "x/1"]
    x = np.array([[1, -1, 99, LINEAR_MAX, -9999, 2**21 - 1, 0],
                  [0, 3, -2, 512, 100, 98307, 0]], np.int32)
    y = f(x)
    assert y.dtype == np.float32 and y.shape == x.shape
    assert y[0].tolist() == [1.0, pytest.approx(-1 / 3), 1.0, 1.0, -1.0, 1.0, 0.0]
    assert y[1, :4].tolist() == pytest.approx([0.0, 1.0, -2 / 99, 0.5])
    assert y[1, 4] == pytest.approx(np.log1p(100) / np.log1p(9999), rel=1e-6)
    assert y[1, 5] == pytest.approx(np.log1p(98307) / np.log1p(2**21 - 1), rel=1e-6)
    assert np.array_equal(f(x[1]), y[1]), "one vector and a batch give the same rows"
    assert f.low.tolist() == pytest.approx([0, -1 / 3, -2 / 99, 0, -1, 0, 0])
    assert f.high.tolist() == [1, 1, 1, 1, 1, 1, 0]
    box = f.box()
    assert box.dtype == np.float32 and np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert all(box.contains(r) for r in y)


def test_float_transform_is_monotone_and_inside_minus_one_one_for_every_bound():
    """Every entry of every int vector inside the bounds maps into the float Box, in order."""
    for spec in SPECS.values():
        low, high = spec.bounds()
        f = spec.float_transform()
        rng = np.random.default_rng(0)
        x = rng.integers(low, high.astype(np.int64) + 1, size=(200, spec.size)).astype(np.int32)
        x = np.vstack([x, low, high])
        y = f(x)
        assert (y >= f.low).all() and (y <= f.high).all() and (np.abs(y) <= 1).all()
        assert (f.low >= -1).all() and (f.high <= 1).all() and (f.low <= f.high).all()
        order = np.argsort(x, axis=0, kind="stable")
        assert (np.diff(np.take_along_axis(y, order, axis=0), axis=0) >= 0).all(), "monotone"
        assert (y[x == 0] == 0).all(), "0 stays 0"


def test_the_float_view_of_the_full_int32_range_is_finite():
    f = FloatTransform(np.array([INT32_MIN]), np.array([INT32_MAX]))
    y = f(np.array([INT32_MIN, 0, INT32_MAX], np.int32).reshape(3, 1))
    assert np.isfinite(y).all() and y.ravel().tolist() == [-1.0, 0.0, pytest.approx(1.0)]


def test_obs_type_values():
    assert OBS_TYPES == ("int", "float") and check_obs_type("float") == "float"
    for bad in ("double", "Float", None, 1):
        with pytest.raises(ValueError, match=r"obs_type must be one of \('int', 'float'\)"):
            check_obs_type(bad)


# ---- the spec's bounds --------------------------------------------------------------------------
def test_per_entry_bounds_in_the_spec():
    spec = ObsSpec([("a", 1, "one", 0, 3), ("task", 3, "op, x, y", (0, -1, 0), (9, 3, 2**20))])
    low, high = spec.bounds()
    assert low.tolist() == [0, 0, -1, 0] and high.tolist() == [3, 9, 3, 2**20]
    assert spec.rows[1][3:] == ((0, -1, 0), (9, 3, 2**20)) and spec.rows[0][3:] == (0, 3)
    assert ObsSpec([("s", 2, "same", (1, 1), (5, 5))]).rows[0][3:] == (1, 5), "one bound: kept as ints"
    for bad in [("b", 2, "x", (0, 0, 0), 5), ("b", 2, "x", (0, 6), 5), ("b", 2, "x", 0, (1, True))]:
        with pytest.raises(ValueError, match="'b'"):
            ObsSpec([bad])


@pytest.mark.parametrize("gid", SPECS)
def test_every_slice_has_finite_bounds(gid):
    low, high = SPECS[gid].bounds()
    wide = [SPECS[gid].name_at(i) for i in np.flatnonzero((low == INT32_MIN) | (high == INT32_MAX))]
    assert not wide, f"slices with the whole int32 range as bounds: {sorted(set(wide))}"


@pytest.mark.parametrize("gid", SPECS)
@pytest.mark.parametrize("options", ["default", "all"])
def test_random_games_stay_inside_the_bounds(gid, options):
    """Every seat's observation at every decision of random games, 1..4 players,
    the default options and every option on (tests/conformance covers the
    default options with other seeds); the pending-task words checked apart."""
    spec = SPECS[gid]
    low, high = spec.bounds()
    task = spec.slice("task" if gid == "maracaibo" else "frame")
    opts = ALL_OPTIONS[gid] if options == "all" else {}
    seen_lo, seen_hi = high.copy(), low.copy()
    for n in (1, 2, 3, 4):
        for seed in range(6):
            g = make(gid, n, seed=100 + seed, **opts)
            rng = np.random.default_rng(seed)
            while True:
                obs = np.stack([g.observe(p) for p in range(g.num_seats)])
                bad = np.flatnonzero(((obs < low) | (obs > high)).any(axis=0))
                assert not len(bad), (f"{gid} {n}p seed {100 + seed} {options}: out of bounds: "
                                      + ", ".join(f"{spec.name_at(i)}[{i}]={obs[:, i].tolist()} not in "
                                                  f"{low[i]}..{high[i]}" for i in bad[:5]))
                seen_lo = np.minimum(seen_lo, obs.min(axis=0))
                seen_hi = np.maximum(seen_hi, obs.max(axis=0))
                if g.is_over:
                    break
                g.step(int(rng.choice(g.legal_actions())))
    assert (seen_hi[task] > 0).all(), "every entry of the pending-task words was exercised"


# ---- PettingZoo AEC -------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", AEC)
@pytest.mark.parametrize("n", [1, 2, 4])
def test_aec_float_passes_api_test(gid, n):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(AEC[gid].env(num_players=n, obs_type="float"), num_cycles=200)


@pytest.mark.parametrize("gid", AEC)
def test_aec_float_is_the_transform_of_the_int_observation(gid):
    """The same seed and actions: every agent's float observation is the
    transform of its int one, float32, inside its Box; the int env is unchanged."""
    f = SPECS[gid].float_transform()
    envs = [AEC[gid].env(num_players=3, obs_type=t) for t in ("int", "float")]
    for e in envs:
        e.reset(seed=7)
    box = envs[1].observation_space("player_0")["observation"]
    assert box.dtype == np.float32 and np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert envs[0].observation_space("player_0")["observation"].dtype == np.int32
    rng = np.random.default_rng(1)
    for step in range(400):
        if not envs[0].agents:
            break
        agent = envs[0].agent_selection
        assert envs[1].agent_selection == agent
        for a in envs[0].agents:
            oi, of = envs[0].observe(a), envs[1].observe(a)
            assert oi["observation"].dtype == np.int32
            assert np.array_equal(f(oi["observation"]), of["observation"])
            assert np.array_equal(oi["action_mask"], of["action_mask"])
            assert _in_float_box(of["observation"], box)
        obs, _, term, trunc, _ = envs[1].last()
        assert _in_float_box(obs["observation"], box)
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        for e in envs:
            e.step(action)


@pytest.mark.parametrize("gid", AEC)
def test_aec_bad_obs_type_raises(gid):
    for make_env in (AEC[gid].env, AEC[gid].raw_env):
        with pytest.raises(ValueError, match=r"obs_type must be one of \('int', 'float'\), got 'float64'"):
            make_env(num_players=2, obs_type="float64")
    e = AEC[gid].raw_env(num_players=2)
    e.reset(seed=0)
    with pytest.raises(ValueError, match="obs_type"):
        e.reset(seed=0, options={"obs_type": "float"})   # constructor configuration


def test_top_level_env_takes_obs_type():
    e = maracaibo_env.env(num_players=2, obs_type="float")
    e.reset(seed=0)
    assert e.observe("player_0")["observation"].dtype == np.float32


# ---- Gymnasium single-agent ------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GYM_IDS)
def test_single_float_passes_check_env_and_matches_the_int_env(gid):
    env = gymnasium.make(GYM_IDS[gid], num_players=2, obs_type="float")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    box = env.observation_space
    assert box.dtype == np.float32 and np.isfinite(box.low).all() and np.isfinite(box.high).all()
    ref = gymnasium.make(GYM_IDS[gid], num_players=2)
    assert ref.observation_space.dtype == np.int32
    f = SPECS[gid].float_transform()
    for game in range(2):
        (o, _), (r, _) = env.reset(seed=game), ref.reset(seed=game)
        rng = np.random.default_rng(game)
        done = False
        while True:
            assert r.dtype == np.int32 and np.array_equal(f(r), o) and _in_float_box(o, box)
            if done:
                break
            mask = env.unwrapped.action_masks()
            assert np.array_equal(mask, ref.unwrapped.action_masks())
            a = int(rng.choice(np.flatnonzero(mask)))
            o, rew, done, _, _ = env.step(a)
            r, rew_ref, done_ref, _, _ = ref.step(a)
            assert (rew, done) == (rew_ref, done_ref)


def test_single_solo_float_and_bad_obs_type():
    env = gymnasium.make("maracaibo_env/Maracaibo-v1", num_players=1, obs_type="float")
    o, _ = env.reset(seed=3)
    assert _in_float_box(o, env.observation_space)
    for gid in GYM_IDS.values():
        with pytest.raises(ValueError, match=r"obs_type must be one of \('int', 'float'\)"):
            gymnasium.make(gid, obs_type="int8")


# ---- the vector envs (Maracaibo) ---------------------------------------------------------------------
def _random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def test_learner_games_float_is_the_transform_of_the_int_games():
    from maracaibo_env.maracaibo.vector import LearnerGames, observation_space
    f = MARACAIBO_OBS.float_transform()
    box = observation_space("float")
    assert observation_space().dtype == np.int32 and box.dtype == np.float32
    ints = LearnerGames(8, num_players=2, seed=4)
    floats = LearnerGames(8, num_players=2, seed=4, obs_type="float")
    assert floats.obs_type == "float" and ints.obs_type == "int"
    oi, of = ints.reset(), floats.reset()
    assert oi.dtype == np.int32 and np.array_equal(f(oi), of) and np.array_equal(floats.observations(), of)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        masks = ints.action_masks()
        assert np.array_equal(masks, floats.action_masks())
        a = _random_actions(masks, rng)
        oi, ri, di, ii = ints.step(a)
        of, rf, df, inf = floats.step(a)
        assert oi.dtype == np.int32 and of.dtype == np.float32 and of.shape == oi.shape
        assert np.array_equal(f(oi), of) and np.array_equal(ri, rf) and np.array_equal(di, df)
        assert all(box.contains(row) for row in of)
        for i in np.flatnonzero(di):
            ended += 1
            ti, tf = ii[i]["terminal_observation"], inf[i]["terminal_observation"]
            assert ti.dtype == np.int32 and np.array_equal(f(ti), tf) and _in_float_box(tf, box)
    assert ended >= 4, "games ended and restarted"


def test_policy_opponents_see_the_learners_obs_type():
    from maracaibo_env.maracaibo.vector import LearnerGames
    seen = []

    def first_legal(obs, masks):
        seen.append(obs.dtype)
        return np.argmax(masks, axis=1)

    v = LearnerGames(4, num_players=2, opponents=first_legal, learner_seat=0, seed=1, obs_type="float")
    rng = np.random.default_rng(0)
    for _ in range(20):
        v.step(_random_actions(v.action_masks(), rng))
    assert seen and set(seen) == {np.dtype(np.float32)}


def test_gym_vector_env_float_final_obs():
    from maracaibo_env.maracaibo.vector import gym_vector_env
    f = MARACAIBO_OBS.float_transform()
    ints, floats = gym_vector_env(6, num_players=2, seed=2), gym_vector_env(6, num_players=2, seed=2,
                                                                            obs_type="float")
    assert floats.single_observation_space.dtype == np.float32
    oi, _ = ints.reset(seed=5)
    of, info = floats.reset(seed=5)
    assert np.array_equal(f(oi), of) and floats.observation_space.contains(of)
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(150):
        a = _random_actions(info["action_mask"], rng)
        oi, _, di, _, ii = ints.step(a)
        of, _, df, _, info = floats.step(a)
        assert np.array_equal(f(oi), of) and np.array_equal(di, df)
        assert info["final_obs"].dtype == np.float32
        assert np.array_equal(f(ii["final_obs"][di]), info["final_obs"][df])
        finished += int(df.sum())
    assert finished > 0


def test_sb3_vec_env_float():
    pytest.importorskip("stable_baselines3")
    from maracaibo_env.maracaibo.vector import sb3_vec_env
    f = MARACAIBO_OBS.float_transform()
    ints, floats = sb3_vec_env(4, seed=1), sb3_vec_env(4, seed=1, obs_type="float")
    assert floats.observation_space.dtype == np.float32 and np.isfinite(floats.observation_space.high).all()
    ints.seed(9)
    floats.seed(9)
    oi, of = ints.reset(), floats.reset()
    assert np.array_equal(f(oi), of)
    rng = np.random.default_rng(0)
    done_seen = False
    for _ in range(150):
        a = _random_actions(ints.action_masks(), rng)
        oi, _, di, ii = ints.step(a)
        of, _, df, inf = floats.step(a)
        assert np.array_equal(f(oi), of)
        for i in np.flatnonzero(di):
            done_seen = True
            assert np.array_equal(f(ii[i]["terminal_observation"]), inf[i]["terminal_observation"])
    assert done_seen


def test_vector_bad_obs_type_raises():
    from maracaibo_env.maracaibo.vector import LearnerGames, gym_vector_env, observation_space
    for build in (lambda: LearnerGames(2, obs_type="f32"), lambda: gym_vector_env(2, obs_type="f32"),
                  lambda: observation_space("f32")):
        with pytest.raises(ValueError, match=r"obs_type must be one of \('int', 'float'\), got 'f32'"):
            build()


# ---- the training wrappers -----------------------------------------------------------------------------
def test_the_training_wrappers_offer_three_transforms():
    from maracaibo_env.training import wrappers
    assert set(wrappers.OBS_TRANSFORMS) == {"symlog", "float", "scaled"}


def test_scaled_wrapper_equals_the_float_env():
    from maracaibo_env.training.wrappers import make_env_fn
    env = make_env_fn(2, "random", obs_transform="scaled", learner_seat=0)()
    ref = gymnasium.make("maracaibo_env/Maracaibo-v1", num_players=2, obs_type="float")
    o, _ = env.reset(seed=11)
    r, _ = ref.reset(seed=11)
    assert np.array_equal(o, r) and env.observation_space == ref.observation_space
    assert np.array_equal(env.action_masks(), ref.unwrapped.action_masks())
    with pytest.raises(ValueError, match="obs_transform must be one of"):
        make_env_fn(2, "random", obs_transform="none")

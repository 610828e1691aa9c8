"""maracaibo_env.maracaibo.vector: N games advanced to their learner's turn, opponents
played inside numba (random, heuristics) or by a batched Python policy."""
import numpy as np
import pytest

import maracaibo_env.maracaibo.agents.heuristics as H
from maracaibo_env import Game, IllegalActionError
from maracaibo_env.maracaibo.core import constants as L
from maracaibo_env.maracaibo.core.observe import OBS_SIZE
from maracaibo_env.maracaibo.vector import LearnerGames


def _random_actions(v, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in v.action_masks()])


def test_every_game_waits_for_its_learner_and_masks_are_the_learners():
    v = LearnerGames(24, num_players=3, opponents="random", seed=4)
    obs = v.reset()
    assert obs.shape == (24, OBS_SIZE)
    cur = v.batch.states[:, L.G_CUR]
    assert np.array_equal(cur, v.learners)
    assert set(v.learners.tolist()) == {0, 1, 2}  # random seats
    for i in range(24):
        g = v.batch.game(i)
        assert np.array_equal(v.action_masks()[i], g.action_mask().astype(bool))
        assert np.array_equal(obs[i], g.observe(int(v.learners[i])))


@pytest.mark.slow
def test_random_vs_random_rewards_are_balanced_and_games_restart():
    v = LearnerGames(64, num_players=2, opponents="random", seed=1)
    v.reset()
    rng = np.random.default_rng(0)
    rewards, finished = [], 0
    for _ in range(1500):
        obs, r, d, infos = v.step(_random_actions(v, rng))
        for i in np.flatnonzero(d):
            finished += 1
            rewards.append(r[i])
            info = infos[i]
            assert info["terminal_observation"].shape == (OBS_SIZE,)
            s = info["scores"]
            me = s[info["learner"]]
            expect = -1.0 if me < max(s) else (1.0 if s.count(me) == 1 else 0.0)
            assert r[i] == expect
        assert np.all(v.batch.states[:, L.G_OVER] == 0)  # auto-reset
    assert finished > 200
    assert abs(np.mean(rewards)) < 0.2


def _reaches(game, agent, seat, target, budget=60):
    """Number of opponent moves on a path of the agent's best actions from
    game to the state target (where the learner acts again), or None."""
    if game.is_over or game.current_player != seat:
        return 0 if np.array_equal(game.state, target) else None
    if budget == 0:
        return None
    legal = np.array(game.legal_actions())
    vals = agent.values(game, legal)
    for b in legal[vals >= vals.max() - 1e-9]:  # ties: either may have been drawn
        trial = game.clone()
        trial.step(int(b))
        k = _reaches(trial, agent, seat, target, budget - 1)
        if k is not None:
            return k + 1
    return None


def test_heuristic_opponent_moves_are_the_heuristics_choices():
    """After each learner move, the env's next state is reached from the
    learner's move by a path of the Python agent's best actions."""
    v = LearnerGames(1, num_players=2, opponents="ship_income", learner_seat=0, seed=9)
    v.reset()
    rng = np.random.default_rng(1)
    agent = H.make_agent("ship_income")
    moves = 0
    for _ in range(120):
        before = v.batch.game(0)
        a = _random_actions(v, rng)
        _, _, d, _ = v.step(a)
        if d[0]:
            break
        before.step(int(a[0]))
        k = _reaches(before, agent, 1, v.batch.states[0])
        assert k is not None, "the opponent's moves are not the heuristic's choices"
        moves += k
    assert moves > 20


@pytest.mark.slow
def test_policy_opponents_are_asked_once_per_move_for_all_games():
    calls = []

    def first_legal(obs, masks):
        calls.append(len(obs))
        assert obs.shape == (len(masks), OBS_SIZE) and masks.dtype == bool
        return masks.argmax(axis=1)

    v = LearnerGames(16, num_players=3, opponents=[first_legal, first_legal, "random"],
                     learner_seat=2, seed=3)
    v.reset()
    rng = np.random.default_rng(2)
    for _ in range(60):
        v.step(_random_actions(v, rng))
        assert np.array_equal(v.batch.states[:, L.G_CUR], v.learners)
    assert calls and max(calls) > 1  # batched: several games per call
    # at most one call per policy seat and opponent move: far fewer calls than moves
    assert sum(calls) > 2 * len(calls)


def test_solo_against_jean_and_bad_arguments():
    v = LearnerGames(8, num_players=1, difficulty="hard", seed=5)
    assert np.all(v.learners == 0)
    rng = np.random.default_rng(3)
    for _ in range(200):
        v.step(_random_actions(v, rng))
    with pytest.raises(IllegalActionError, match="not legal"):
        a = _random_actions(v, rng)
        a[0] = int(np.flatnonzero(~v.action_masks()[0])[0])
        v.step(a)
    with pytest.raises(ValueError, match="opponent"):
        LearnerGames(2, opponents="jean:hard")
    with pytest.raises(ValueError, match="integers"):
        v.step(np.zeros(8))
    with pytest.raises(ValueError, match="learner_seat"):
        LearnerGames(2, learner_seat=2)


def test_maskable_ppo_learns_on_the_vector_env_smoke():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from maracaibo_env.maracaibo.vector import sb3_vec_env
    env = sb3_vec_env(8, num_players=2, opponents="random", seed=0)
    assert is_masking_supported(env)
    m = get_action_masks(env)
    assert m.shape == (8, env.action_space.n)
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(256)
    obs = env.reset()
    acts, _ = model.predict(obs, action_masks=get_action_masks(env))
    assert np.all(get_action_masks(env)[np.arange(8), acts])


@pytest.mark.slow
def test_gymnasium_vector_env():
    from gymnasium.vector import AutoresetMode
    from maracaibo_env.maracaibo.vector import gym_vector_env
    env = gym_vector_env(6, num_players=2, opponents="random")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=3)
    assert obs.shape == (6, OBS_SIZE) and env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(800):
        a = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, r, term, trunc, info = env.step(a)
        assert not trunc.any()
        for i in np.flatnonzero(term):
            ended += 1
            assert info["_final_obs"][i] and r[i] in (-1.0, 0.0, 1.0)
    assert ended > 10
    # reset(seed) reproduces the same deals
    o1, _ = env.reset(seed=5)
    o2, _ = env.reset(seed=5)
    assert np.array_equal(o1, o2)


@pytest.mark.slow
def test_sb3_seed_seeds_the_games():
    """issue 26: SB3's VecEnv.seed(s) (MaskablePPO(seed=s) calls it) starts the
    next reset's games from s (game i from s + i), whatever the env was built with."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from maracaibo_env.maracaibo.vector import LearnerGames, sb3_vec_env
    want = LearnerGames(4, num_players=2, opponents="random", seed=5)._obs.copy()
    a, b = (sb3_vec_env(4, num_players=2, opponents="random", seed=s) for s in (0, 99))
    a.seed(5)
    b.seed(5)
    assert np.array_equal(a.reset(), want) and np.array_equal(b.reset(), want)
    assert not np.array_equal(b.reset(), want)          # a plain reset plays on: new games
    c = sb3_vec_env(4, num_players=2, opponents="random", seed=0)
    MaskablePPO("MlpPolicy", c, n_steps=16, batch_size=32, n_epochs=1, seed=5, verbose=0)
    assert np.array_equal(c.reset(), want)


@pytest.mark.slow
def test_the_module_prefixed_gym_id_works_in_spawned_subprocesses(tmp_path):
    """issue 26: a SubprocVecEnv worker started with "spawn" has not imported
    maracaibo_env; "maracaibo_env:maracaibo_env/Maracaibo-v1" makes Gymnasium
    import it there (the plain id would raise NamespaceNotFound in the child)."""
    pytest.importorskip("stable_baselines3")
    import subprocess
    import sys
    script = tmp_path / "spawn_envs.py"
    script.write_text(
        "import functools\n"
        "import gymnasium\n"
        "from stable_baselines3.common.vec_env import SubprocVecEnv\n"
        "if __name__ == '__main__':\n"
        "    make = functools.partial(gymnasium.make, 'maracaibo_env:maracaibo_env/Maracaibo-v1',\n"
        "                             opponents='balanced')\n"
        "    envs = SubprocVecEnv([make, make], start_method='spawn')\n"
        "    print(envs.reset().shape)\n"
        "    envs.close()\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("(2, 649)")


def test_float_obs_type_converts_observations_and_terminal_observations():
    """obs_type="float" (issue 26): the whole (N, OBS_SIZE) array at once, the
    transform of the int games' observations with the same seed."""
    from maracaibo_env.maracaibo.core.obs_spec import OBS
    f = OBS.float_transform()
    a = LearnerGames(4, num_players=2, opponents="random", seed=6)
    b = LearnerGames(4, num_players=2, opponents="random", seed=6, obs_type="float")
    assert np.array_equal(f(a._obs), b.observations())
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(120):
        acts = _random_actions(a, rng)
        oa, _, da, ia = a.step(acts)
        ob, _, db, ib = b.step(acts)
        assert oa.dtype == np.int32 and ob.dtype == np.float32 and np.array_equal(f(oa), ob)
        for i in np.flatnonzero(da):
            ended += 1
            assert np.array_equal(f(ia[i]["terminal_observation"]), ib[i]["terminal_observation"])
    assert ended > 0


def test_unfinished_games_share_one_read_only_empty_info():
    """The infos of games that did not end are one shared empty dict that
    refuses writes (a copy is a plain dict); finished games get their own."""
    import copy
    import pickle
    from maracaibo_env.maracaibo.vector import NO_INFO
    v = LearnerGames(8, num_players=2, opponents="random", seed=3)
    rng = np.random.default_rng(0)
    for _ in range(400):
        _, _, d, infos = v.step(_random_actions(v, rng))
        if d.any():
            break
    assert d.any() and not d.all()
    for i, info in enumerate(infos):
        if d[i]:
            assert info is not NO_INFO and "terminal_observation" in info
            info["mine"] = 1                                   # the finished game's own dict
        else:
            assert info is NO_INFO and info == {} and isinstance(info, dict)
    with pytest.raises(TypeError, match="read-only"):
        NO_INFO["x"] = 1
    with pytest.raises(TypeError, match="read-only"):
        NO_INFO.update(x=1)
    plain = NO_INFO.copy()
    plain["x"] = 1
    assert NO_INFO == {} and pickle.loads(pickle.dumps(NO_INFO)) == {} and copy.deepcopy(NO_INFO) == {}

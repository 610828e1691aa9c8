"""maracaibo_env/framework/vector.py is one vector env for every game: both
games' LearnerGames are it with a plug-in (never a copy), and a third game
written from scratch (Harbour Race, tests/dummy_game) plugs in with a
`VectorGame` of plain-Python kernels and plays through it: opponents,
rewards with its own tie-break, auto-reset, policies, the curriculum, the
stable-baselines3 and Gymnasium builders."""
from __future__ import annotations

import ast
import inspect
from types import SimpleNamespace

import numpy as np
import pytest

from maracaibo_env.framework import vector as V
from maracaibo_env.framework.batch import BatchBase
from maracaibo_env.framework.batch_kernels import first_illegal
from maracaibo_env.framework.curriculum import Curriculum
from maracaibo_env.framework.errors import IllegalActionError
from maracaibo_env.framework.game import int_option
from maracaibo_env.framework.random_play import pick_uniform
from maracaibo_env.registry import GameInfo, game_part, registered

from dummy_game import game as R

RACE = GameInfo(id="race", title="Harbour Race", game="dummy_game.game:Game", replay_format="race-replay",
                agents="dummy_game.kinds", ladder=("random", "greedy:eps=0.5", "greedy"))
OVER, CUR = R.G["OVER"], R.G["CUR"]
RANDOM, POLICY, LEARNER = -1, -2, -3


@pytest.fixture(scope="module", autouse=True)
def race():
    with registered(RACE):
        yield RACE


# ---- Harbour Race's plug-in: a Batch and pass kernels in plain Python --------------------------------
def _observe_rows(states, out):
    for i, st in enumerate(states):
        if st[OVER]:
            out[i] = 0
        else:
            R.observe(st, int(st[CUR]), out[i])


class RaceBatch(BatchBase):
    """N Harbour Race games (framework.batch.BatchBase over the game's Python rules)."""
    game_class = R.Game
    kernels = SimpleNamespace(first_illegal=first_illegal, observe_rows=_observe_rows)

    def __init__(self, n, num_players=2, seed=0):
        self.num_players = int_option("num_players", num_players, R.PLAYER_COUNTS)
        self._setup(n, int_option("seed", seed, range(2**31), "0..2**31-1"), False, R.load_catalog())

    def _reset(self, rows):
        for i, s in zip(rows, self._next_seeds(len(rows))):
            R.new_game(self.states[i], self.num_players, int(s))
            R.fill_mask(self.states[i], self.masks[i])


def play_rows(states, masks, cat, rows, actions, seeds, setup, kinds, learners, rng, waiting, obs, final_obs):
    """The pass of the framework's contract, one game after the other (random seats only)."""
    for j, i in enumerate(rows):
        st, m = states[i], masks[i]
        if len(actions):
            R.apply(st, cat, int(actions[j]), m)
        if len(seeds):
            R.new_game(st, int(setup[0]), int(seeds[j]))
            R.fill_mask(st, m)
        while not st[OVER] and kinds[i, st[CUR]] == RANDOM:
            a, x = pick_uniform(m, rng[i])
            rng[i] = x
            R.apply(st, cat, int(a), m)
        waiting[i] = -1 if st[OVER] else st[CUR]
        if waiting[i] >= 0 and waiting[i] == learners[i]:
            R.observe(st, int(learners[i]), obs[i])
        elif waiting[i] < 0 and len(final_obs):
            R.observe(st, int(learners[i]), final_obs[i])


def step_rows_checked(states, masks, cat, rows, actions):
    for i, a in zip(rows, actions):
        R.apply(states[i], cat, int(a), masks[i])


def read_opponent(spec):
    """Only "random" is compiled here (the race heuristics play in Python)."""
    if spec != "random":
        raise ValueError(f"opponent {spec!r}: give an agent spec the compiled engine plays (random) "
                         "or a callable policy(obs, masks)")
    return "random", None


def _coins(states, seats):
    """Game.winners()'s tie-break: the most coins."""
    return states[:, [R._pf(p, "COINS") for p in range(seats)]]


RACE_VECTOR = V.VectorGame(
    game="race", batch_class=RaceBatch,
    kernels=SimpleNamespace(play_rows=play_rows, step_rows_checked=step_rows_checked,
                            RANDOM=RANDOM, POLICY=POLICY, LEARNER=LEARNER),
    obs_size=R.OBS_SIZE, num_actions=R.NUM_ACTIONS, obs=R.OBS, max_players=R.MAX_P,
    read_opponent=read_opponent, ladder=lambda: RACE.ladder,
    seat_tables=lambda seats, catalog: (np.full(max(R.MAX_P, len(seats)), RANDOM, np.int64), ()),
    setup=lambda batch: (np.array([batch.num_players], np.int64), {}),
    tie_break=_coins)


class RaceLearnerGames(V.LearnerGames):
    plugin = RACE_VECTOR

    def __init__(self, n, num_players=2, opponents="random", learner_seat=None, seed=0, reward="win_loss",
                 obs_type="int"):
        super().__init__(n, num_players, opponents, learner_seat, seed, reward, obs_type)


def _random_actions(masks, rng):
    return (rng.random(masks.shape) * masks).argmax(axis=1)


# ---- the tests ---------------------------------------------------------------------------------------
def test_both_games_envs_are_the_frameworks_env_with_a_plug_in():
    """Never a copy: each game's LearnerGames only names its plug-in and its options."""
    from maracaibo_env.maracaibo import vector as MV
    from maracaibo_env.pirates import vector as PV
    for mod in (MV, PV):
        cls = mod.LearnerGames
        assert issubclass(cls, V.LearnerGames) and cls.plugin is mod.VECTOR
        own = {k for k in vars(cls) if not k.startswith("__")}
        assert own == {"plugin"}, f"{mod.__name__} redefines {own - {'plugin'}}"
        assert mod.NO_INFO is V.NO_INFO
    assert MV.VECTOR.tie_break is None and PV.VECTOR.tie_break is not None
    for game in ("maracaibo", "pirates"):      # tools find each game's env through its registry row
        assert game_part(game, "vector").LearnerGames.plugin.game == game


def test_the_framework_env_imports_no_game_and_no_agent():
    """Its imports (inside functions too) stay in the framework: a game plugs in
    its kernels, tables and spec reader (DESIGN: the framework knows no game)."""
    tree = ast.parse(inspect.getsource(V))
    found = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    found += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in found if any(w in m for w in ("maracaibo", "pirates", "agents"))], found


def test_a_game_written_from_scratch_plays_its_own_games_through_the_framework():
    """Harbour Race's games through the env are Game's games with the same
    seeds and the kernel's generator; win_loss is Game.winners()'s, with the
    game's tie-break (coins), which decides some of these games."""
    seed, n = 7, 16
    v = RaceLearnerGames(n, num_players=3, learner_seat=1, seed=seed)
    gens = (np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9) ^ np.uint64(seed)) | np.uint64(1)
    games = [R.Game(3, seed=seed + i) for i in range(n)]
    rng = np.random.default_rng(0)
    tie_broken = 0

    def opponents_move(i):
        g = games[i]
        while not g.is_over and g.current_player != 1:
            a, x = pick_uniform(g._mask, gens[i])
            gens[i] = x
            g.step(int(a))

    for i in range(n):
        opponents_move(i)
        assert np.array_equal(v.observations()[i], games[i].observe(1))
    for _ in range(R.ROUNDS * R.TURNS_PER_ROUND):
        acts = _random_actions(v.action_masks(), rng)
        obs, rewards, dones, infos = v.step(acts)
        for i in range(n):
            games[i].step(int(acts[i]))
            opponents_move(i)
            g = games[i]
            assert dones[i] == g.is_over
            if g.is_over:
                w = g.winners()
                assert rewards[i] == ((1.0 if len(w) == 1 else 0.0) if 1 in w else -1.0)
                assert infos[i]["scores"] == g.scores()
                assert np.array_equal(infos[i]["terminal_observation"], g.observe(1))
                s = g.scores()
                tie_broken += len(w) == 1 and s.count(max(s)) > 1
            else:
                assert np.array_equal(obs[i], g.observe(1))
    assert dones.all() and tie_broken > 0
    assert (v.batch.states[:, OVER] == 0).all() and (v.batch.states[:, R.G["ROUND"]] == 1).all()   # restarted


def test_the_third_games_policies_floats_curriculum_and_errors():
    calls = []

    def last_legal(obs, masks):
        calls.append(len(obs))
        assert obs.dtype == np.float32
        return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)

    v = RaceLearnerGames(8, num_players=2, opponents=[last_legal, "random"], learner_seat=1, seed=3,
                         obs_type="float")
    rng = np.random.default_rng(1)
    for _ in range(30):
        obs, _, _, _ = v.step(_random_actions(v.action_masks(), rng))
        assert obs.dtype == np.float32 and np.array_equal(v.batch.states[:, CUR], v.learners)
    assert calls and max(calls) > 1
    c = Curriculum(["random"], window=2)
    cv = RaceLearnerGames(4, opponents=c, seed=0)
    for _ in range(40):
        cv.step(_random_actions(cv.action_masks(), rng))
    assert c.games[0] > 0
    # "curriculum" is the game's ladder: its heuristics are no compiled seat here
    with pytest.raises(ValueError, match=r"opponent 'greedy:eps=0.5': .*\(random\)"):
        RaceLearnerGames(2, opponents="curriculum")
    with pytest.raises(ValueError, match=r"num_players must be one of \(2, 3, 4\)"):
        RaceLearnerGames(2, num_players=5)
    with pytest.raises(IllegalActionError, match="Harbour Race game 0"):
        v.step(np.full(8, R.NUM_ACTIONS))


def test_the_builders_wrap_the_third_game():
    pytest.importorskip("stable_baselines3")
    sb3 = V.sb3_vec_env(RaceLearnerGames, 4, num_players=2, seed=0)
    sb3.seed(9)
    assert np.array_equal(sb3.reset(), RaceLearnerGames(4, num_players=2, seed=9).observations())
    rng = np.random.default_rng(0)
    done = False
    for _ in range(2 * R.ROUNDS * R.TURNS_PER_ROUND):
        sb3.step_async(_random_actions(np.stack(sb3.env_method("action_masks")), rng))
        obs, _, d, infos = sb3.step_wait()
        assert sb3.observation_space.contains(obs[0])
        done |= d.any()
    assert done
    gym = V.gym_vector_env(RaceLearnerGames, 3, num_players=4)
    obs, info = gym.reset(seed=2)
    assert gym.observation_space.contains(obs) and info["action_mask"].shape == (3, R.NUM_ACTIONS)


def test_the_gym_vector_envs_reset_ignores_unknown_options_and_refuses_configuration():
    """Issue 40: reset(seed, options) as Gymnasium passes it; a LearnerGames
    keyword in options raises (it would be ignored), naming the constructor keys."""
    import warnings
    observation_space, sb3, gym_builder = V.env_builders(RaceLearnerGames)
    gym = gym_builder(2, num_players=2)
    obs, _ = gym.reset(seed=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again, _ = gym.reset(seed=3, options={"options": 1})
    assert np.array_equal(obs, again)
    with pytest.raises(ValueError, match=r"'num_players' is constructor configuration.*learner_seat"):
        gym.reset(options={"num_players": 3})
    assert observation_space("int") == RaceLearnerGames.plugin.observation_space("int")
    assert sb3.__name__ == "sb3_vec_env" and "MaskablePPO" in sb3.__doc__

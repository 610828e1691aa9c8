"""maracaibo_env.pirates.vector: N Pirates games advanced to their learner's turn,
the opponents played inside numba (random, every heuristic with eps, the
ladder, a curriculum) or by a batched Python policy; the framework's env
(maracaibo_env/framework/vector.py) with Pirates' plug-in."""
import numpy as np
import pytest

from maracaibo_env.agents import registry as A
from maracaibo_env.agents.ladder import ladder
from maracaibo_env.framework.curriculum import Curriculum
from maracaibo_env.framework.random_play import pick_uniform, xorshift
from maracaibo_env.pirates import Game, IllegalActionError
from maracaibo_env.pirates.agents.heuristics import STRATEGIES, decide, make_bufs
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core.observe import OBS, OBS_SIZE
from maracaibo_env.pirates.vector import NO_INFO, LearnerGames, observation_space

EPS_SCALE = 1_000_000
CUR, OVER = L.LAYOUT.glob["CUR"][0], L.LAYOUT.glob["OVER"][0]


def _random_actions(masks, rng):
    """A uniformly random legal action per row (seeded: the same rng, the same actions)."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def _opponent_generators(n, seed):
    """The env's opponent generator of each game (framework/vector.py): one
    nonzero xorshift64 state per game, from the env's seed."""
    return (np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)
            ^ np.uint64(seed % 2**63)) | np.uint64(1)


def _first_games(v, rng, limit=2000):
    """Play every row's first game to its end: per row the learner's
    observations, actions, and the info and reward of the step that ended it."""
    seen = [{"obs": [], "actions": [], "end": None} for _ in range(v.n)]
    obs = v.observations()
    for _ in range(limit):
        acts = _random_actions(v.action_masks(), rng)
        for i, row in enumerate(seen):
            if row["end"] is None:
                row["obs"].append(obs[i].copy())
                row["actions"].append(int(acts[i]))
        obs, rewards, dones, infos = v.step(acts)
        for i in np.flatnonzero(dones):
            if seen[i]["end"] is None:
                seen[i]["end"] = (infos[i], float(rewards[i]))
        if all(row["end"] is not None for row in seen):
            return seen
    raise AssertionError("the first games did not end")


def _replay(num_players, seed, seats, learner, actions, x, options=None):
    """The same game move by move through Game: the learner's actions, each
    opponent seat's move as the env's kernel makes it (seats[p]: None random,
    else (strategy, eps): a random move with chance eps, else heuristics.decide),
    from the same generator x. Returns (the learner's observations, the Game)."""
    g = Game(num_players, seed=seed, **(options or {}))
    bufs = (np.empty(L.STATE_SIZE, np.int32), np.empty(L.STATE_SIZE, np.int32),
            np.empty(NUM_ACTIONS, np.int8), make_bufs())
    seen, k = [], 0
    while not g.is_over:
        p = g.current_player
        if p == learner:
            seen.append(g.observe(p))
            g.step(actions[k])
            k += 1
            continue
        a = None
        if seats[p] is not None and seats[p][1] > 0:
            x = np.uint64(xorshift(x))
            if int(x) % EPS_SCALE < round(seats[p][1] * EPS_SCALE):
                a, x = pick_uniform(g._mask, x)
        elif seats[p] is None:
            a, x = pick_uniform(g._mask, x)
        if a is None:
            a, x = decide(g.state, g._cat, g._mask, STRATEGIES[seats[p][0]], x, *bufs)
        x = np.uint64(x)           # numba hands a uint64 back as a Python int
        g.step(int(a))
    assert k == len(actions), "the learner made the moves the env asked of it"
    return seen, g


def _win_loss(g, learner):
    """The win_loss reward read from Game.winners() (TIE-01..03, SOLO-37)."""
    w = g.winners()
    return (1.0 if len(w) == 1 else 0.0) if learner in w else -1.0


def _check_same_games(v, seed, seats, options=None, learners=None):
    """Every row's first game equals the game replayed through Game: the
    learner's observations, the terminal observation, scores and reward."""
    rng = np.random.default_rng(seed)
    learners = v.learners.copy() if learners is None else learners
    seen = _first_games(v, rng)
    gens = _opponent_generators(v.n, seed)
    for i, row in enumerate(seen):
        learner = int(learners[i])
        obs, g = _replay(v.num_players, seed + i, seats, learner, row["actions"], gens[i], options)
        assert len(obs) == len(row["obs"]) and all(np.array_equal(a, b) for a, b in zip(obs, row["obs"]))
        info, reward = row["end"]
        assert info["learner"] == learner and info["scores"] == g.scores()
        assert np.array_equal(info["terminal_observation"], g.observe(learner))
        assert reward == _win_loss(g, learner)


# ---- the games are Game's games -------------------------------------------------------------------
def test_every_game_waits_for_its_learner_with_its_mask_and_observation():
    v = LearnerGames(12, num_players=3, opponents="random", seed=4)
    obs = v.reset()
    assert obs.shape == (12, OBS_SIZE) and obs.dtype == np.int32
    assert np.array_equal(v.batch.states[:, CUR], v.learners)
    assert set(v.learners.tolist()) == {0, 1, 2}      # a random seat per game
    for i in range(12):
        g = v.batch.game(i)
        assert np.array_equal(v.action_masks()[i], g.action_mask().astype(bool))
        assert np.array_equal(obs[i], g.observe(int(v.learners[i])))


@pytest.mark.parametrize("num_players, learner_seat, options", [
    (2, None, {}),
    (3, 2, {}),
    (4, 1, {"rubies": True, "skirmish": True}),
    (2, 0, {"fog_locations": True, "fog_improvements": True, "quest_hunters": True, "retirement": True}),
])
def test_random_opponents_play_the_games_game_plays_move_by_move(num_players, learner_seat, options):
    """Random seats: the env's games are move for move those of Game with the
    same seeds (game i from seed + i) and the kernel's generator; the rewards
    are Game.winners()'s, the terminal observation is Game's last view."""
    seed = 30 + num_players
    v = LearnerGames(3, num_players=num_players, opponents="random", learner_seat=learner_seat, seed=seed,
                     **options)
    _check_same_games(v, seed, [None] * num_players, options)


def test_heuristic_opponents_with_eps_play_the_heuristics_moves():
    """A heuristic seat with eps: a random move with chance eps from the
    game's generator, else heuristics.decide (the function the Python agent
    and the tournaments' engine call), move for move as through Game."""
    seed = 8
    v = LearnerGames(2, num_players=3, opponents=["random", "raider:eps=0.3", "explorer:eps=0.6"],
                     learner_seat=0, seed=seed)
    _check_same_games(v, seed, [None, ("raider", 0.3), ("explorer", 0.6)])


def test_solo_against_jordan_is_games_solo_game():
    """num_players=1: the learner is seat 0, Jordan (difficulty k) is the
    engine's; a tie in VP goes to Jordan (SOLO-37), as in Game.winners()."""
    seed = 50
    v = LearnerGames(3, num_players=1, difficulty=3, seed=seed)
    assert (v.learners == 0).all() and v.seats == 2
    _check_same_games(v, seed, [None, None], {"difficulty": 3})
    with pytest.raises(ValueError, match="a curriculum needs opponent seats.*Jordan"):
        LearnerGames(2, num_players=1, opponents="curriculum")


def test_same_seeds_give_the_same_trajectories():
    def run(seed):
        v = LearnerGames(6, num_players=3, opponents="builder:eps=0.5", seed=seed)
        rng = np.random.default_rng(0)
        out = [v.observations().copy()]
        for _ in range(40):
            o, r, d, _ = v.step(_random_actions(v.action_masks(), rng))
            out += [o, r, d]
        return out
    a, b, c = run(3), run(3), run(4)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


# ---- rewards ----------------------------------------------------------------------------------------
def _set(v, i, name, p, value):
    v.batch.states[i, L.LAYOUT.field_slice(name, p)] = value


def test_win_loss_breaks_a_tie_by_buried_treasures_and_vp_margin_is_the_gap():
    """TIE-01..03 as Game.winners(): the most VP, then the most buried
    treasures, then a shared win (0); vp_margin = (mine - best other) / 100."""
    v = LearnerGames(3, num_players=2, learner_seat=0, seed=1)
    for i in range(3):
        for p in range(2):
            _set(v, i, "VP", p, 40)
            _set(v, i, "BUR", p, [0, 0, 0])
    _set(v, 0, "BUR", 0, [1, 0, 0])       # row 0: tied VP, the learner buried more: a sole win
    _set(v, 1, "BUR", 1, [0, 2, 0])       # row 1: the opponent buried more: a loss
    _set(v, 2, "VP", 1, 39)               # row 2: one VP more: a win, margin 0.01
    rows = np.arange(3)
    assert v._rewards(rows).tolist() == [1.0, -1.0, 1.0]
    assert [_win_loss(v.batch.game(i), 0) for i in rows] == [1.0, -1.0, 1.0]
    _set(v, 0, "BUR", 1, [1, 0, 0])       # tied treasures too: shared
    assert v._rewards(rows[:1]).tolist() == [0.0] and v.batch.game(0).winners() == [0, 1]
    m = LearnerGames(3, num_players=2, learner_seat=0, seed=1, reward="vp_margin")
    m.batch.states[:] = v.batch.states
    assert np.allclose(m._rewards(rows), [0.0, 0.0, 0.01])


def test_solo_tie_goes_to_jordan():
    v = LearnerGames(2, num_players=1, seed=1)
    for p in range(2):
        _set(v, 0, "VP", p, 30)
    _set(v, 1, "VP", 0, 31)
    _set(v, 1, "VP", 1, 30)
    assert v._rewards(np.arange(2)).tolist() == [-1.0, 1.0]
    assert [v.batch.game(i).winners() for i in range(2)] == [[1], [0]]


# ---- auto-reset, infos, float observations ---------------------------------------------------------
def test_finished_games_restart_with_their_terminal_observation_and_own_info():
    v = LearnerGames(8, num_players=2, opponents="random", seed=3)
    rng = np.random.default_rng(0)
    box = observation_space()
    for _ in range(1000):
        obs, r, d, infos = v.step(_random_actions(v.action_masks(), rng))
        assert (v.batch.states[:, OVER] == 0).all()            # auto-reset: every game in play
        assert np.array_equal(v.batch.states[:, CUR], v.learners)
        assert r[~d].tolist() == [0.0] * int((~d).sum())        # zero before the end
        if d.any() and not d.all():
            break
    assert d.any()
    for i, info in enumerate(infos):
        if d[i]:
            t = info["terminal_observation"]
            assert info is not NO_INFO and t.shape == (OBS_SIZE,) and box.contains(t)
            assert r[i] in (-1.0, 0.0, 1.0) and len(info["scores"]) == 2
            assert v.batch.states[i, L.LAYOUT.glob["ROUND"][0]] == 1   # the new game
            info["mine"] = 1                                           # its own dict
        else:
            assert info is NO_INFO
    with pytest.raises(TypeError, match="read-only"):
        NO_INFO["x"] = 1


def test_float_observations_are_the_transform_of_the_int_games():
    f = OBS.float_transform()
    box = observation_space("float")
    a = LearnerGames(4, num_players=2, opponents="random", seed=6)
    b = LearnerGames(4, num_players=2, opponents="random", seed=6, obs_type="float")
    assert box.dtype == np.float32 and np.array_equal(f(a.observations()), b.observations())
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(400):
        acts = _random_actions(a.action_masks(), rng)
        oa, ra, da, ia = a.step(acts)
        ob, rb, db, ib = b.step(acts)
        assert ob.dtype == np.float32 and np.array_equal(f(oa), ob) and np.array_equal(ra, rb)
        assert all(box.contains(row) for row in ob)
        for i in np.flatnonzero(da):
            ended += 1
            assert np.array_equal(f(ia[i]["terminal_observation"]), ib[i]["terminal_observation"])
    assert ended > 0


# ---- opponents: every compiled spec, a policy, the curriculum -----------------------------------------
def _compiled_examples():
    return [s for r in A.agent_kinds("pirates") if r.seat and r.compiled for s in r.spec_examples()]


def test_every_compiled_pirates_spec_is_an_opponent_with_its_table_row():
    """The agent table's compiled seat kinds for Pirates (random and every
    heuristic, with eps): each sits in a seat, its weights and eps in its row."""
    specs = _compiled_examples()
    assert "random" in specs and set(STRATEGIES) <= set(specs) and "raider:eps=0.5" in specs
    v = LearnerGames(2, num_players=2, opponents=specs[0], seed=0)      # one env per spec is slow:
    for spec in specs:                                                  # check each spec's tables
        value = A.compiled_seat(A.parse_spec(spec, "pirates"))
        kinds, (weights, eps) = v.plugin.seat_tables([None, value], v.batch.catalog)
        if value is None:
            assert kinds[1] == -1
        else:
            assert np.array_equal(weights[kinds[1]], STRATEGIES[value[0]])
            assert eps[kinds[1]] == round(value[1] * EPS_SCALE)
    w = LearnerGames(2, num_players=4, learner_seat=3, seed=2,
                     opponents=["tuned:eps=0.5", "strategist:eps=0.5", "builder:eps=0.5", "random"])
    rng = np.random.default_rng(0)
    for _ in range(3):
        w.step(_random_actions(w.action_masks(), rng))
    assert w.kinds[0, :3].tolist() == [0, 1, 2] and w.kinds[0, 3] == -3      # three rows, the learner


def test_policy_opponents_are_asked_once_per_move_for_all_waiting_games():
    calls = []

    def first_legal(obs, masks):
        calls.append(len(obs))
        assert obs.shape == (len(masks), OBS_SIZE) and obs.dtype == np.float32 and masks.dtype == bool
        return masks.argmax(axis=1)

    v = LearnerGames(12, num_players=3, opponents=[first_legal, "random", first_legal], learner_seat=1,
                     seed=3, obs_type="float")
    rng = np.random.default_rng(2)
    for _ in range(40):
        v.step(_random_actions(v.action_masks(), rng))
        assert np.array_equal(v.batch.states[:, CUR], v.learners)
    assert calls and max(calls) > 1 and sum(calls) > 2 * len(calls)     # batched

    def illegal(obs, masks):
        return np.full(len(obs), int(np.flatnonzero(~masks[0])[0]))
    with pytest.raises(IllegalActionError, match="opponent policy of seat 0"):   # seat 0 moves first
        LearnerGames(4, num_players=2, opponents=illegal, learner_seat=1, seed=0)


def test_curriculum_climbs_pirates_ladder():
    c = Curriculum(["random", "raider:eps=0.8"], promote=0.3, window=10, review=0.0)
    v = LearnerGames(16, num_players=2, opponents=c, seed=3)
    assert (v.rungs == 0).all() and (v.kinds.max(axis=1) == -1).all()
    rng = np.random.default_rng(1)
    seen = set()
    for _ in range(3000):
        _, _, d, infos = v.step(_random_actions(v.action_masks(), rng))
        seen |= {infos[i]["opponent"] for i in np.flatnonzero(d)}
        if c.level == 1 and (v.rungs == 1).any():
            break
    assert c.level == 1 and c.promotions and seen == {"random"}
    row = int(np.flatnonzero(v.rungs == 1)[0])
    assert v.kinds[row, 1 - int(v.learners[row])] == v._kind_of_rung[1] >= 0
    full = LearnerGames(2, num_players=2, opponents="curriculum", seed=0)
    assert full.curriculum.rungs == ladder("pirates") and full.curriculum.level == 0
    # every rung of the ladder is a compiled seat: random, then a heuristic row each
    assert full._kind_of_rung[0] == -1 and (full._kind_of_rung[1:] >= 0).all()
    assert len(full._kind_of_rung) == len(ladder("pirates"))


# ---- errors ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kw, allowed", [
    ({"n": 0}, "n must be one of a positive int"),
    ({"num_players": 5}, r"num_players must be one of \(1, 2, 3, 4\)"),
    ({"reward": "score"}, r"reward must be one of \('win_loss', 'vp_margin'\)"),
    ({"obs_type": "f32"}, r"obs_type must be one of \('int', 'float'\)"),
    ({"learner_seat": 2}, r"learner_seat must be one of None or a seat 0..1"),
    ({"opponents": "balanced"}, r"opponent 'balanced': give an agent spec the compiled engine plays \(random, raider"),
    ({"opponents": "mcts"}, "the compiled engine plays"),
    ({"opponents": "jordan:2"}, "the compiled engine plays"),
    ({"opponents": ["random"] * 3}, r"one spec for all, or 2 \(one per seat\)"),
    ({"difficulty": 2}, "difficulty=2 applies only to a solo game"),
    ({"auto_reset": True}, "unknown option 'auto_reset'; options: fog_locations"),
    ({"layout": "nowhere"}, "layout must be one of"),
    ({"rubies": "yes"}, "rubies"),
    ({"seed": -1}, r"seed must be one of 0..2\*\*31-1"),
])
def test_bad_arguments_raise_value_errors_naming_what_is_allowed(kw, allowed):
    kw = {"n": 2, **kw}
    with pytest.raises(ValueError, match=allowed):
        LearnerGames(kw.pop("n"), **kw)


def test_a_bad_curriculum_leaves_the_callers_curriculum_as_it_was():
    bad = Curriculum(["random", "balanced"])           # a Maracaibo rung
    with pytest.raises(ValueError, match="opponent 'balanced'"):
        LearnerGames(2, opponents=bad)
    assert bad.rungs == ["random", "balanced"] and bad.games.tolist() == [0, 0]
    unbound = Curriculum(start=40)                      # Pirates' ladder has fewer rungs
    with pytest.raises(ValueError, match="start must be a rung index"):
        LearnerGames(2, opponents=unbound)
    assert unbound.rungs is None and len(unbound.games) == 0


def test_an_illegal_learner_action_raises_naming_the_game_and_changes_nothing():
    v = LearnerGames(4, num_players=2, seed=5)
    before = v.batch.states.copy()
    acts = v.action_masks().argmax(axis=1)
    acts[2] = int(np.flatnonzero(~v.action_masks()[2])[0])
    legal = np.flatnonzero(v.action_masks()[2]).tolist()[:12]
    with pytest.raises(IllegalActionError, match=rf"Pirates of Maracaibo game 2: .*legal: \[{legal[0]}, "):
        v.step(acts)
    for bad in (np.full(4, NUM_ACTIONS), np.full(4, -1), np.zeros(4, np.uint64) - np.uint64(1)):
        with pytest.raises(IllegalActionError, match="game 0"):
            v.step(bad)
    with pytest.raises(ValueError, match="integers"):
        v.step(np.zeros(4))
    with pytest.raises(ValueError, match="integers"):
        v.step(np.zeros(3, np.int64))
    assert np.array_equal(v.batch.states, before)


# ---- stable-baselines3, Gymnasium, MaskablePPO -----------------------------------------------------------
def test_sb3_vec_env_keeps_the_vec_env_contract():
    """SB3's VecEnv contract, as its env checker reads a single env: spaces,
    reset/step shapes and dtypes, observations inside the space, no NaN
    (VecCheckNan), masks through env_method (sb3-contrib), seed(s) as SB3 seeds."""
    pytest.importorskip("sb3_contrib")
    from gymnasium import spaces
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported
    from stable_baselines3.common.vec_env import VecCheckNan
    from maracaibo_env.pirates.vector import sb3_vec_env
    for obs_type in ("int", "float"):
        env = sb3_vec_env(6, num_players=2, opponents="random", seed=0, obs_type=obs_type)
        assert isinstance(env.action_space, spaces.Discrete) and env.action_space.n == NUM_ACTIONS
        assert env.observation_space.shape == (OBS_SIZE,) and env.num_envs == 6
        assert is_masking_supported(env)
        env.seed(5)
        obs = env.reset()
        want = LearnerGames(6, num_players=2, opponents="random", seed=5, obs_type=obs_type).observations()
        assert np.array_equal(obs, want) and obs.dtype == env.observation_space.dtype
        checked = VecCheckNan(env, raise_exception=True)
        rng = np.random.default_rng(0)
        for _ in range(300):
            masks = get_action_masks(env)
            assert masks.shape == (6, NUM_ACTIONS) and masks.any(axis=1).all()
            obs, rewards, dones, infos = checked.step(_random_actions(masks, rng))
            assert obs.shape == (6, OBS_SIZE) and rewards.shape == (6,) and dones.dtype == bool
            assert len(infos) == 6 and all(env.observation_space.contains(o) for o in obs)
            for i in np.flatnonzero(dones):
                assert env.observation_space.contains(infos[i]["terminal_observation"])
        assert env.get_attr("render_mode") == [None] * 6 and env.env_is_wrapped(object) == [False] * 6


def test_gym_vector_env_same_step_autoreset():
    from gymnasium.vector import AutoresetMode
    from maracaibo_env.pirates.vector import gym_vector_env
    env = gym_vector_env(4, num_players=3, opponents="random")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = env.reset(seed=3)
    assert obs.shape == (4, OBS_SIZE) and env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(700):
        obs, r, term, trunc, info = env.step(_random_actions(info["action_mask"], rng))
        assert not trunc.any() and env.observation_space.contains(obs)
        for i in np.flatnonzero(term):
            ended += 1
            assert info["_final_obs"][i] and r[i] in (-1.0, 0.0, 1.0)
            assert env.single_observation_space.contains(info["final_obs"][i])
    assert ended > 0
    o1, _ = env.reset(seed=5)
    o2, _ = env.reset(seed=5)
    assert np.array_equal(o1, o2)


def test_maskable_ppo_learns_on_the_pirates_vector_env_smoke():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from maracaibo_env.pirates.vector import sb3_vec_env
    env = sb3_vec_env(8, num_players=2, opponents="random", seed=0, obs_type="float")
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=1, seed=0, verbose=0)
    model.learn(512)
    obs = env.reset()
    acts, _ = model.predict(obs, action_masks=get_action_masks(env))
    assert np.all(get_action_masks(env)[np.arange(8), acts])

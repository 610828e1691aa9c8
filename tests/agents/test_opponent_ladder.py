"""The opponent ladder (issue 26): heuristic specs with eps (random-move
chance) and depth (lookahead), the rungs of maracaibo_env.agents.ladder, the
Curriculum that climbs them, and LearnerGames(opponents="curriculum")."""
import numpy as np
import pytest

import maracaibo_env.maracaibo.agents.heuristics as H
from maracaibo_env.agents import registry as A
from maracaibo_env.framework.curriculum import Curriculum
from maracaibo_env.agents.ladder import ladder, ladders
from maracaibo_env.maracaibo.match import play_match
from maracaibo_env.maracaibo.vector import LearnerGames
from maracaibo_env.pirates.match import play_pirates_match


# ---- specs ----------------------------------------------------------------------------------
def test_heuristic_options_parse_into_the_agent():
    spec = A.parse_spec("balanced:eps=0.25:depth=1", "maracaibo")
    assert (spec.kind, spec.text) == ("heuristic", "balanced:eps=0.25:depth=1")
    agent = spec.make()
    assert isinstance(agent, H.BalancedAgent) and agent.eps == 0.25 and agent.depth == 1
    plain = A.parse_spec("tuned", "maracaibo").make()
    assert (plain.eps, plain.depth) == (0.0, 12)          # the defaults are untouched
    pirate = A.parse_spec("raider:eps=0.5", "pirates").make()
    assert (pirate.strategy, pirate.eps) == ("raider", 0.5)


@pytest.mark.parametrize("text, game, why", [
    ("balanced:eps=1.5", "maracaibo", "eps must be in 0.0..1.0"),
    ("balanced:eps=nan", "maracaibo", "eps must be in 0.0..1.0"),
    ("balanced:eps=x", "maracaibo", "is not a number"),
    ("balanced:depth=-1", "maracaibo", "depth must be in 0..24"),
    ("balanced:depth=2.5", "maracaibo", "is not an int"),
    ("balanced:speed=3", "maracaibo", "unknown or repeated option"),
    ("balanced:eps=0.1:eps=0.2", "maracaibo", "unknown or repeated option"),
    ("balanced:eps", "maracaibo", "unknown or repeated option"),
    ("raider:depth=1", "pirates", "unknown or repeated option"),
])
def test_bad_heuristic_options_name_what_is_allowed(text, game, why):
    with pytest.raises(A.AgentSpecError, match=why):
        A.parse_spec(text, game)


def test_agent_constructors_refuse_bad_settings():
    with pytest.raises(ValueError, match="eps must be a number 0..1"):
        H.BalancedAgent(eps=-0.1)
    with pytest.raises(ValueError, match="depth must be an int >= 0"):
        H.BalancedAgent(depth=-2)
    from maracaibo_env.pirates.agents.heuristics import PiratesHeuristicAgent
    with pytest.raises(ValueError, match="eps must be a number 0..1"):
        PiratesHeuristicAgent("raider", eps=2)


def test_eps_one_plays_like_random_and_eps_zero_like_the_heuristic():
    """eps=1 replaces every decision by a uniform random move: against random
    it wins about half the games; balanced itself wins them all."""
    def wins(spec, n=60):
        w = 0.0
        for g in range(n):
            seats = [spec, "random"] if g % 2 == 0 else ["random", spec]
            r = play_match(seats, 300 + g)
            w += (1.0 / len(r.winners)) if (g % 2) in r.winners else 0.0
        return w / n
    assert 0.3 <= wins("balanced:eps=1") <= 0.7
    assert wins("balanced:eps=0") == 1.0


def test_eps_zero_is_bit_for_bit_the_plain_heuristic():
    """The eps draw happens only when eps > 0: the plain spec's games are unchanged."""
    a = play_match(["balanced", "random"], 11, record_history=True)
    b = play_match(["balanced:eps=0", "random"], 11, record_history=True)
    assert a.history == b.history and a.scores == b.scores


def test_python_agent_eps_draws_random_legal_moves():
    g = __import__("maracaibo_env").Game(2, seed=3)
    mask = g.action_mask()
    agent = H.BalancedAgent(eps=1.0)
    rng = np.random.default_rng(0)
    picks = {agent.act(g.observe(g.current_player), mask, rng, game=g) for _ in range(300)}
    legal = set(np.flatnonzero(mask).tolist())
    assert picks <= legal and len(picks) == len(legal)    # every legal move, nothing else


# ---- the ladder -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(ladders()))
def test_every_rung_is_a_spec_the_compiled_engines_play(game):
    assert ladder(game)[0] == "random"
    for rung in ladder(game):
        spec = A.parse_spec(rung, game)
        assert A.compiled_ok(spec), rung
    with pytest.raises(ValueError, match="unknown game"):
        ladder("chess")


def _duel(game, a, b, deals, seed0):
    """a's win credit over `deals` deals, each played in both seat orders."""
    play = play_match if game == "maracaibo" else play_pirates_match
    w = 0.0
    for d in range(deals):
        for order in (0, 1):
            seats = [a, b] if order == 0 else [b, a]
            r = play(seats, seed0 + d)
            w += (1.0 / len(r.winners)) if order in r.winners else 0.0
    return w / (2 * deals)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(ladders()))
def test_each_rung_beats_the_one_below(game):
    """The ladder is graded: on fresh deals (not those it was chosen on, seeds
    5000+, 7000+ and 20000+), every rung wins more than half of 200 games
    against the rung below it."""
    rungs = ladder(game)
    for lower, upper in zip(rungs, rungs[1:]):
        rate = _duel(game, upper, lower, deals=100, seed0=90_000)
        assert rate > 0.5, f"{upper} wins only {rate:.2f} against {lower}"


# ---- the curriculum -------------------------------------------------------------------------
def test_curriculum_promotes_on_the_window_win_rate_and_stops_at_the_top():
    c = Curriculum(["a", "b", "c"], promote=0.75, window=4, review=0.0)
    c.record(np.zeros(3, np.int64), np.array([1.0, 1.0, 0.0]))
    assert c.level == 0                                     # window not full yet
    c.record(np.zeros(1, np.int64), np.array([1.0]))
    assert c.level == 1 and c.promotions == [(4, 1)]        # 3 of 4 = 0.75
    c.record(np.ones(4, np.int64), np.array([1.0, 0.5, 0.5, 0.0]))
    assert c.level == 1                                     # 0.5 < 0.75
    c.record(np.zeros(2, np.int64), np.ones(2))             # games against a lower rung: not counted
    assert c.level == 1 and c.games.tolist() == [6, 4, 0]
    c.record(np.ones(4, np.int64), np.ones(4))
    assert c.level == 2
    c.record(np.full(8, 2, np.int64), np.ones(8))
    assert c.level == 2                                     # the top rung stays
    assert c.credit.tolist() == [5.0, 6.0, 8.0]


def test_curriculum_reviews_lower_rungs_with_the_review_chance():
    c = Curriculum(["a", "b", "c"], review=0.3, start=2, seed=5)
    d = c.draw(20_000)
    assert set(d.tolist()) == {0, 1, 2}
    assert abs((d < 2).mean() - 0.3) < 0.02
    assert abs((d == 0).mean() - 0.15) < 0.02
    assert (Curriculum(["a", "b"], review=0.0, start=1).draw(50) == 1).all()


@pytest.mark.parametrize("kw, why", [
    (dict(rungs=[]), "non-empty list"), (dict(promote=0), r"promote must be a number in \(0, 1\]"),
    (dict(window=0), "window must be an int >= 1"), (dict(review=1.5), r"review must be a number in \[0, 1\]"),
    (dict(rungs=["a"], start=1), "start must be a rung index 0..0"),
])
def test_curriculum_refuses_bad_settings(kw, why):
    with pytest.raises(ValueError, match=why):
        Curriculum(**kw)


def test_a_one_rung_curriculum_plays_exactly_the_fixed_opponent():
    """The curriculum only chooses the opponents' tables: with one rung the
    games are move for move those of the fixed spec."""
    rng = np.random.default_rng(0)
    a = LearnerGames(6, num_players=3, opponents="balanced:eps=0.5:depth=0", seed=2)
    b = LearnerGames(6, num_players=3, opponents=Curriculum(["balanced:eps=0.5:depth=0"]), seed=2)
    for _ in range(150):
        assert np.array_equal(a._obs, b._obs)
        m = a.action_masks()
        acts = np.array([rng.choice(np.flatnonzero(r)) for r in m])
        oa, ra, da, ia = a.step(acts)
        ob, rb, db, ib = b.step(acts)
        assert np.array_equal(oa, ob) and np.array_equal(ra, rb) and np.array_equal(da, db)
        for x, y in zip(ia, ib):
            if "terminal_observation" in x:
                assert np.array_equal(x["terminal_observation"], y["terminal_observation"])
                assert y["opponent"] == "balanced:eps=0.5:depth=0"


def test_learner_games_climb_the_curriculum():
    """A learner that wins often enough is moved up: new games then seat the
    next rung's agent, and finished games name their opponent."""
    c = Curriculum(["random", "balanced:depth=0"], promote=0.3, window=10, review=0.0)
    v = LearnerGames(16, num_players=2, opponents=c, seed=3)
    assert (v.rungs == 0).all() and (v.kinds.max(axis=1) == -1).all()   # random seats
    rng = np.random.default_rng(1)
    seen = set()
    for _ in range(3000):
        acts = np.array([rng.choice(np.flatnonzero(r)) for r in v.action_masks()])
        _, _, d, infos = v.step(acts)
        seen |= {infos[i]["opponent"] for i in np.flatnonzero(d)}
        if c.level == 1 and (v.rungs == 1).any():
            break
    assert c.level == 1 and c.promotions and seen == {"random"}
    row = int(np.flatnonzero(v.rungs == 1)[0])
    opp = 1 - int(v.learners[row])
    assert v.kinds[row, opp] == v._kind_of_rung[1] >= 0                 # the heuristic's table row
    assert c.games[0] == sum(1 for _ in range(int(c.games[0])))           # every finished game counted


def test_curriculum_string_uses_the_games_ladder_and_solo_is_refused():
    v = LearnerGames(4, num_players=2, opponents="curriculum", seed=0)
    assert v.curriculum.rungs == ladder("maracaibo") and v.curriculum.level == 0
    with pytest.raises(ValueError, match="a curriculum needs opponent seats"):
        LearnerGames(2, num_players=1, opponents="curriculum")


def test_single_envs_take_ladder_specs():
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    from maracaibo_env.pirates.single import PiratesSingleEnv
    for env in (MaracaiboSingleEnv(opponents="balanced:eps=0.3:depth=0"),
                PiratesSingleEnv(opponents="raider:eps=0.5")):
        obs, info = env.reset(seed=1)
        done, steps = False, 0
        while not done and steps < 3000:
            a = int(np.flatnonzero(env.action_masks())[0])
            obs, r, done, trunc, info = env.step(a)
            steps += 1
        assert done

"""The heuristics beside the five strategies (maracaibo_env/maracaibo/agents/heuristics.py AGENTS):
`quick`, balanced's weights with a shorter own-turn lookahead, `tuned`,
balanced's terms re-weighted by a search, and `fast`, tuned with lean
lookahead plies (engine.probe_step). Legal moves in 1-4-player games
through the Python agent and the compiled engine, the same decisions in both,
determinism by seed, and the five strategies left as they were."""
import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.agents.registry import parse_spec, make_agent as make_spec_agent
from maracaibo_env.maracaibo.match import play_match
from helpers import retrack_heuristic_game
from maracaibo_env.maracaibo.agents.heuristics import (AGENTS, BASE_WEIGHTS, HEURISTICS, WEIGHT_NAMES, BalancedAgent,
                               FastAgent, HeuristicAgent, QuickAgent, TunedAgent, act_with, make_agent)
from maracaibo_env.maracaibo.core import engine
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS

EXTRA = {"quick": QuickAgent, "tuned": TunedAgent, "fast": FastAgent}


@pytest.mark.parametrize("name", EXTRA)
def test_registered_but_not_one_of_the_five_strategies(name):
    assert name not in HEURISTICS and len(HEURISTICS) == 5
    assert AGENTS[name] is EXTRA[name] and set(HEURISTICS) < set(AGENTS)
    q = make_agent(name)
    assert isinstance(q, HeuristicAgent) and q.name == name and q.accepts_game
    spec = parse_spec(name, "maracaibo")
    assert spec.kind == "heuristic" and isinstance(make_spec_agent(spec), EXTRA[name])


def test_quick_is_balanced_with_a_shorter_lookahead():
    q = make_agent("quick")
    assert q.depth < BalancedAgent.depth
    np.testing.assert_array_equal(q.W, BalancedAgent().W)     # balanced's weights


def test_tuned_is_balanced_reweighted_outside_the_solo_terms():
    t, b = make_agent("tuned"), BalancedAgent()
    assert t.depth == b.depth
    w = dict(zip(WEIGHT_NAMES, t.W))
    for name in ("vp", "solo", "solo_pace", "solo_projection"):      # the scale and the solo terms
        assert w[name] == BASE_WEIGHTS[name]
    # what docs/agents.md says it values most differently
    assert w["tokens"] > 2 * BASE_WEIGHTS["tokens"] and w["pending_other"] > 2 * BASE_WEIGHTS["pending_other"]
    assert w["pending_disc"] < 0.7 * BASE_WEIGHTS["pending_disc"]
    assert sum(w[n] != BASE_WEIGHTS[n] for n in WEIGHT_NAMES) == 23


def test_fast_is_tuned_with_lean_plies():
    f, t = make_agent("fast"), make_agent("tuned")
    assert f.lean and not t.lean and not BalancedAgent().lean and f.depth == t.depth
    np.testing.assert_array_equal(f.W, t.W)
    g = Game(2, seed=3)
    assert list(f.tables(g.catalog)[1]) == [t.depth, 1, 0] and list(t.tables(g.catalog)[1]) == [t.depth, 0, 0]  # depth, lean, eps
    assert HeuristicAgent(lean=True).lean and not HeuristicAgent(lean=False).lean


@pytest.mark.parametrize("num_players,seed", [(1, 2), (2, 4), (4, 9)])
def test_probe_step_is_a_step_without_the_advance(num_players, seed):
    """engine.probe_step (the lean probes) then engine.advance is step_unchecked,
    for every legal action at every decision of a game (solo: Jean's turns
    come with the advance)."""
    g = Game(num_players, seed=seed, difficulty="hard") if num_players == 1 else Game(num_players, seed=seed)
    agent, rng, checked = BalancedAgent(), np.random.default_rng(seed), 0
    m1, m2 = np.zeros(NUM_ACTIONS, np.int8), np.zeros(NUM_ACTIONS, np.int8)
    while not g.is_over:
        for a in np.flatnonzero(g.action_mask()):
            full, lean = g.state.copy(), g.state.copy()
            engine.step_unchecked(full, g._cat, int(a), m1)
            engine.probe_step(lean, g._cat, int(a))
            engine.advance(lean, g._cat, m2)
            np.testing.assert_array_equal(lean, full)
            np.testing.assert_array_equal(m2, m1)
            checked += 1
        g.step(act_with(agent, g, rng))
    assert checked > 500


def _play_python(cls, num_players, seed, difficulty=None):
    g = Game(num_players, seed=seed, difficulty=difficulty) if difficulty else Game(num_players, seed=seed)
    agents = [cls() if p % 2 == 0 else BalancedAgent() for p in range(num_players)]
    rng = np.random.default_rng(seed)
    moves = []
    while not g.is_over:
        mask = g.action_mask()
        a = act_with(agents[g.current_player], g, rng)
        assert mask[a] == 1, f"{cls.name} chose illegal {g.action_name(a)!r} in phase {g.phase}"
        moves.append(a)
        g.step(a)
    return g, moves


@pytest.mark.parametrize("name", EXTRA)
@pytest.mark.parametrize("num_players,difficulty", [(1, "medium"), (1, "very_hard"), (2, None),
                                                    (3, None), (4, None)])
def test_legal_whole_games_through_the_python_agent(name, num_players, difficulty):
    g, moves = _play_python(EXTRA[name], num_players, 40 + num_players, difficulty)
    assert g.is_over and len(moves) > 50
    assert len(g.scores()) == (2 if num_players == 1 else num_players)   # solo: the human and Jean


@pytest.mark.parametrize("name", EXTRA)
def test_python_agent_is_deterministic_by_seed(name):
    assert _play_python(EXTRA[name], 2, 7)[1] == _play_python(EXTRA[name], 2, 7)[1]


@pytest.mark.parametrize("name", EXTRA)
@pytest.mark.parametrize("specs,difficulty,seed", [
    (["X"], "medium", 3), (["X", "balanced"], None, 5),
    (["balanced", "X", "X"], None, 6), (["X", "ship_income", "balanced", "X"], None, 8)])
def test_compiled_games_are_the_python_agents_games(name, specs, difficulty, seed):
    """fast_play plays the agent with the same decision function as the Python agent."""
    specs = [name if s == "X" else s for s in specs]
    res = play_match(specs, seed, difficulty=difficulty, record_history=True, engine="compiled")
    assert res.history is not None and len(res.history) == res.decisions
    g = Game(1, seed=seed, difficulty=difficulty) if difficulty else Game(len(specs), seed=seed)
    events, _, checked = retrack_heuristic_game(g, res.history, [make_agent(s) for s in specs])
    assert checked > 50
    assert g.scores() == res.scores and g.winners() == res.winners and events == res.events


@pytest.mark.parametrize("name", EXTRA)
def test_compiled_games_are_deterministic_by_seed(name):
    a = play_match([name] * 4, 11, record_history=True, engine="compiled")
    b = play_match([name] * 4, 11, record_history=True, engine="compiled")
    assert a.history == b.history and a.scores == b.scores


@pytest.mark.parametrize("name", EXTRA)
def test_decides_differently_from_balanced_somewhere(name):
    """A different player (quick, fast: else they would be no cheaper; tuned: else no stronger)."""
    a = play_match([name, name], 12, record_history=True, engine="compiled")
    b = play_match(["balanced", "balanced"], 12, record_history=True, engine="compiled")
    assert a.history != b.history

"""The cheap heuristic `quick` (agents/heuristics.py QuickAgent): balanced's
weights with a shorter own-turn lookahead. Legal moves in 1-4-player games
through the Python agent and the compiled engine, the same decisions in both,
determinism by seed, and the five strategies left as they were."""
import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.agent_registry import parse_spec, make_agent as make_spec_agent
from maracaibo_env.maracaibo.match import play_match
from helpers import retrack_heuristic_game
from agents.heuristics import (AGENTS, HEURISTICS, BalancedAgent, HeuristicAgent, QuickAgent,
                               act_with, make_agent)


def test_quick_is_registered_but_not_one_of_the_five_strategies():
    assert "quick" not in HEURISTICS and len(HEURISTICS) == 5
    assert AGENTS["quick"] is QuickAgent and set(HEURISTICS) < set(AGENTS)
    q = make_agent("quick")
    assert isinstance(q, HeuristicAgent) and q.name == "quick" and q.accepts_game
    assert q.depth < BalancedAgent.depth
    np.testing.assert_array_equal(q.W, BalancedAgent().W)     # balanced's weights
    spec = parse_spec("quick", "maracaibo")
    assert spec.kind == "heuristic" and isinstance(make_spec_agent(spec), QuickAgent)


def _play_python(num_players, seed, difficulty=None):
    g = Game(num_players, seed=seed, difficulty=difficulty) if difficulty else Game(num_players, seed=seed)
    agents = [QuickAgent() if p % 2 == 0 else BalancedAgent() for p in range(num_players)]
    rng = np.random.default_rng(seed)
    moves = []
    while not g.is_over:
        mask = g.action_mask()
        a = act_with(agents[g.current_player], g, rng)
        assert mask[a] == 1, f"quick chose illegal {g.action_name(a)!r} in phase {g.phase}"
        moves.append(a)
        g.step(a)
    return g, moves


@pytest.mark.parametrize("num_players,difficulty", [(1, "medium"), (1, "very_hard"), (2, None),
                                                    (3, None), (4, None)])
def test_legal_whole_games_through_the_python_agent(num_players, difficulty):
    g, moves = _play_python(num_players, 40 + num_players, difficulty)
    assert g.is_over and len(moves) > 50
    assert len(g.scores()) == (2 if num_players == 1 else num_players)   # solo: the human and Jean


def test_python_agent_is_deterministic_by_seed():
    assert _play_python(2, 7)[1] == _play_python(2, 7)[1]


@pytest.mark.parametrize("specs,difficulty,seed", [
    (["quick"], "medium", 3), (["quick", "balanced"], None, 5),
    (["balanced", "quick", "quick"], None, 6), (["quick", "ship_income", "balanced", "quick"], None, 8)])
def test_compiled_games_are_the_python_agents_games(specs, difficulty, seed):
    """fast_play plays quick with the same decision function as the Python agent."""
    res = play_match(specs, seed, difficulty=difficulty, record_history=True, engine="compiled")
    assert res.history is not None and len(res.history) == res.decisions
    g = Game(1, seed=seed, difficulty=difficulty) if difficulty else Game(len(specs), seed=seed)
    events, _, checked = retrack_heuristic_game(g, res.history, [make_agent(s) for s in specs])
    assert checked > 50
    assert g.scores() == res.scores and g.winners() == res.winners and events == res.events


def test_compiled_games_are_deterministic_by_seed():
    a = play_match(["quick"] * 4, 11, record_history=True, engine="compiled")
    b = play_match(["quick"] * 4, 11, record_history=True, engine="compiled")
    assert a.history == b.history and a.scores == b.scores


def test_quick_decides_differently_from_balanced_somewhere():
    """The shorter lookahead is a different player (else it would be no cheaper)."""
    a = play_match(["quick", "quick"], 12, record_history=True, engine="compiled")
    b = play_match(["balanced", "balanced"], 12, record_history=True, engine="compiled")
    assert a.history != b.history

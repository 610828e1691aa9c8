"""The heuristic agents in compiled code decide as the Python agents did.

1. Golden: tests/data/heuristics_golden.json.gz holds every decision of five
   games played by the Python agents before their decisions moved into numba
   (legal ids and the values compared). Replaying those games, the agents of
   today must value every legal action exactly the same (on the data they were
   recorded with, before issue 25's calibration: pre_calibration_catalog).
2. Both ways: games played wholly inside numba (maracaibo_env.maracaibo.agents.fast_play) are replayed
   move by move through the Python agents; every move of a heuristic seat
   must be one the Python agent rates best, and the scores, events and turn
   counts must be what the Python replay records.
"""
import gzip
import json
from pathlib import Path

import numpy as np
import pytest

import maracaibo_env.maracaibo.agents.heuristics as H
from maracaibo_env import Game
from maracaibo_env.maracaibo.match import play_match
from maracaibo_env.maracaibo.core.tracking import EVENT_KINDS
from helpers import pre_calibration_catalog, retrack_heuristic_game as _retrack

GOLDEN = json.loads(gzip.open(Path(__file__).parents[1] / "data" / "heuristics_golden.json.gz", "rt").read())


def _game(gd):
    extra = {"difficulty": gd["difficulty"]} if "difficulty" in gd else {}
    return Game(gd["np"], seed=gd["seed"], story=gd.get("story", 75), catalog=pre_calibration_catalog(),
                **extra)


@pytest.mark.parametrize("rec", GOLDEN["games"], ids=lambda r: "-".join(r["game"]["agents"]))
def test_values_equal_the_python_agents_before_the_port(rec):
    g = _game(rec["game"])
    agents = [H.make_agent(n) for n in rec["game"]["agents"]]
    checked = 0
    for d in rec["decisions"]:
        if d["legal"] is not None:
            vals = agents[g.current_player].values(g, d["legal"])
            np.testing.assert_array_equal(vals, np.array(d["vals"]))
            checked += 1
        g.step(d["a"])
    assert g.scores() == rec["scores"]
    assert checked > 100


LINEUPS = [
    (["balanced", "combat_influence"], None, 3),
    (["explorer_quests", "random", "ship_income"], None, 4),
    (["assistants", "balanced", "ship_income", "explorer_quests"], None, 5),
    (["combat_influence"], "very_hard", 6),
    (["random", "assistants"], None, 7),
]


@pytest.mark.parametrize("specs,difficulty,seed", LINEUPS, ids=lambda x: str(x))
def test_compiled_games_are_the_python_agents_games(specs, difficulty, seed):
    res = play_match(specs, seed, difficulty=difficulty, record_history=True, engine="compiled")
    assert res.history is not None and len(res.history) == res.decisions
    g = Game(1, seed=seed, difficulty=difficulty) if difficulty else Game(len(specs), seed=seed)
    agents = [None if s == "random" else H.make_agent(s) for s in specs]
    events, turns, checked = _retrack(g, res.history, agents)
    assert checked > 50
    assert g.scores() == res.scores and g.winners() == res.winners
    assert g.score_breakdown() == res.breakdown
    assert events == res.events
    assert [[int(x) for x in turns[p, 1:]] for p in range(g.num_seats)] == res.turns


def test_compiled_and_python_engines_agree_on_results_shape():
    """The same game through both engines: both finish with consistent records
    (the moves may differ after the first tie)."""
    a = play_match(["balanced", "ship_income"], 21, engine="compiled")
    b = play_match(["balanced", "ship_income"], 21, engine="python")
    for r in (a, b):
        assert sum(r.breakdown[0].values()) == r.scores[0]
        assert len(r.turns) == 2 and all(len(t) == 4 for t in r.turns)
        assert all(x >= 3 for t in r.turns for x in t[:3])
        assert {k for _, k, _, _ in r.events} <= set(EVENT_KINDS)


def test_compiled_engine_refuses_python_agents():
    with pytest.raises(ValueError, match="random and heuristic"):
        play_match(["balanced", "python:maracaibo_env.agents.random_agent:RandomAgent"], 1, engine="compiled")
    with pytest.raises(ValueError, match="engine must be"):
        play_match(["balanced", "random"], 1, engine="gpu")

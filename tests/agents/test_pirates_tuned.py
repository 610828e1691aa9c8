"""Pirates of Maracaibo's `tuned` heuristic (weights fitted by
maracaibo_env/training/tune_pirates.py): it is registered, plays legal
complete games in every player count and solo against Jordan, and the tuner
runs end to end and refuses bad arguments."""
import json

import numpy as np
import pytest

from maracaibo_env.agents import registry as A
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.agents.heuristics import (STRATEGIES, WEIGHT_NAMES, PiratesHeuristicAgent,
                                                     play_game)
from maracaibo_env.pirates.match import play_pirates_match
from maracaibo_env.training import tune_pirates as T


# ---- the strategy ---------------------------------------------------------------------------
def test_tuned_is_a_registered_strategy():
    w = STRATEGIES["tuned"]
    assert w.shape == (len(WEIGHT_NAMES),) and np.all(np.isfinite(w)) and np.all(w >= 0)
    assert not any(np.array_equal(w, STRATEGIES[n]) for n in STRATEGIES if n != "tuned")
    assert "tuned" in A.available_agents("pirates")
    for text, eps in (("tuned", 0.0), ("tuned:eps=0.25", 0.25)):
        spec = A.parse_spec(text, "pirates")
        agent = spec.make()
        assert spec.kind == "heuristic" and (agent.strategy, agent.eps) == ("tuned", eps)
        assert A.compiled_ok(spec)


# (strategy, the seats beside it, seed offsets of the interactive / solo / compiled games)
STRONG = {"tuned": (("raider", "explorer", "builder"), 40, 11, 70),
          "strategist": (("tuned", "explorer", "builder"), 50, 17, 80)}


@pytest.mark.parametrize("name", sorted(STRONG))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fitted_strategies_play_legal_moves_to_the_end(name, players):
    others, seed, _, _ = STRONG[name]
    g = Game(players, seed=seed + players)
    agents = [PiratesHeuristicAgent(name)] + [PiratesHeuristicAgent(o) for o in others[:players - 1]]
    rng = np.random.default_rng(players)
    moves = 0
    while not g.is_over:
        a = agents[g.current_player].act(None, g.action_mask(), rng, game=g)
        assert g.action_mask()[a] == 1
        g.step(a)
        moves += 1
    assert moves > 50 and len(g.scores()) == players and g.winners()


@pytest.mark.parametrize("name", sorted(STRONG))
def test_the_fitted_strategies_play_solo_against_jordan(name):
    """Solo: one agent and jordan:<k>; every decision is seat 0's (Jordan's
    turns are played inside the engine)."""
    seed = STRONG[name][2]
    g = Game(1, seed=seed, difficulty=2)
    agent = PiratesHeuristicAgent(name)
    rng = np.random.default_rng(0)
    while not g.is_over:
        assert g.current_player == 0
        a = agent.act(None, g.action_mask(), rng, game=g)
        assert g.action_mask()[a] == 1
        g.step(a)
    r = play_pirates_match([name, "jordan:3"], seed=seed + 1)
    assert len(r.scores) == 2 and r.difficulty == "3"


@pytest.mark.parametrize("name", sorted(STRONG))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_compiled_games_with_the_fitted_strategies_finish(name, players):
    others, _, _, seed = STRONG[name]
    seats = [name, *others][:players]
    g = play_game(players, seed + players, seats, agent_seed=3)
    assert g.is_over and max(g.scores()) > 0


# ---- the tuner ------------------------------------------------------------------------------
def _run(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    assert T.main([*args, "--no-progress", "--out", str(out)]) == 0
    return json.loads(out.read_text())


def test_the_tuner_runs_end_to_end(tmp_path):
    args = ("--players", "2", "--candidates", "3", "--deals", "2", "--seed", "5")
    r = _run(tmp_path, "random", *args)
    cands = r["candidates"]
    assert len(cands) == 6                                 # the 3 strategies + 3 drawn
    assert [c["rank_in_run"] for c in cands] == list(range(6))
    assert [c["score"] for c in cands] == sorted((c["score"] for c in cands), reverse=True)
    assert {c["label"] for c in cands} >= set(T.POOL)
    centre = r["drawn_around"]["label"].removeprefix("around ")
    assert centre == max((c for c in cands if c["label"] in T.POOL), key=lambda c: c["score"])["label"]
    for c in cands:
        assert list(c["weights"]) == list(WEIGHT_NAMES)
        assert c["games"] == {"2": 12}                      # 2 deals x 3 opponents x 2 seatings
        assert 0.0 <= c["win"]["2"] <= 1.0 and c["vp"]["2"] > 0
        assert c["score"] == pytest.approx(c["win"]["2"] - 0.5)
        if c["label"] in T.POOL:
            assert np.array_equal([c["weights"][n] for n in WEIGHT_NAMES], STRATEGIES[c["label"]])
        else:
            assert c["weights"]["solo"] == STRATEGIES[centre][WEIGHT_NAMES.index("solo")]
    assert r["settings"]["seed"] == 5 and r["settings"]["players"] == [2]
    assert _run(tmp_path, "again", *args)["candidates"] == cands     # reproducible

    check = _run(tmp_path, "check", "--players", "2", "--check", str(tmp_path / "random.json"),
                 "--top", "1", "--deals", "1", "--seed", "9")
    best_drawn = next(c for c in cands if c["label"] not in T.POOL)
    assert sorted(c["label"] for c in check["candidates"]) == sorted([*T.POOL, best_drawn["label"]])
    assert all(c["games"] == {"2": 6} for c in check["candidates"])
    local = _run(tmp_path, "local", "--players", "2", "--center", str(tmp_path / "random.json"),
                 "--candidates", "2", "--deals", "1", "--sigma", "0.1")
    assert next(c for c in local["candidates"] if c["label"] == "centre")["weights"] == cands[0]["weights"]


def test_seatings_cover_every_seat():
    assert len(T.seatings(2)) == 6 and len(T.seatings(3)) == 18 and len(T.seatings(4)) == 24
    for n in (2, 3, 4):
        seats = [s.index("hero") for s in T.seatings(n)]
        assert all(seats.count(k) == len(seats) // n for k in range(n))
    assert T.deal_seeds(4, 5, 100) == [100, 101] and T.deal_seeds(3, 2, 7) == [7, 8]


@pytest.mark.parametrize("args,message", [
    (["--deals", "0"], "--deals must be >= 1"), (["--candidates", "0"], "--candidates must be >= 1"),
    (["--sigma", "0"], "--sigma must be in"), (["--revive", "1.5"], "--revive must be in"),
    (["--check", "a.json", "--center", "b.json"], "exclude each other")])
def test_bad_arguments_are_refused(tmp_path, capsys, args, message):
    assert T.main([*args, "--out", str(tmp_path / "x.json")]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_a_bad_player_count_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        T.main(["--players", "5", "--out", str(tmp_path / "x.json")])
    assert e.value.code == 2 and "invalid choice: 5" in capsys.readouterr().err


def test_a_file_that_is_not_a_result_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"candidates": [{"label": "#0", "weights": {"nonsense": 2.0}}]}))
    with pytest.raises(SystemExit, match="are not"):
        T.main(["--check", str(bad), "--out", str(tmp_path / "x.json")])
    bad.write_text("[1, 2]")
    with pytest.raises(SystemExit, match="not a result of this tool"):
        T.main(["--center", str(bad), "--out", str(tmp_path / "x.json")])
    with pytest.raises(SystemExit, match="not a result of this tool"):
        T.main(["--center", str(tmp_path / "missing.json"), "--out", str(tmp_path / "x.json")])

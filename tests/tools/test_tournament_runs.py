"""Tournaments that run: a SIGKILL in the middle and --resume, and the same
results from every backend and worker count."""
import importlib.util
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from maracaibo_env.tournament import TournamentConfig, load_games, run_tournament
from maracaibo_env.tournament import ratings as R

ROOT = Path(__file__).resolve().parents[2]
# what must be equal between two runs of the same jobs (not id, seconds, finished_at)
SAME = ("job_key, job_index, lineup, deal, seed, num_seats, specs, difficulty, story, scores, "
        "winners, breakdown, decisions, turns, careers, events, data_hash, package_version, "
        "history, extra")


def rows(db, columns="*"):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return con.execute(f"SELECT {columns} FROM games ORDER BY job_key").fetchall()
    finally:
        con.close()


def stored_count(db) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return con.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:      # not created yet
        return 0


@pytest.mark.slow
def test_sigkill_then_resume_stores_every_game_once(tmp_path):
    db = tmp_path / "killed.sqlite"
    agents, deals = "balanced,random", 60
    cmd = [sys.executable, "-m", "maracaibo_env", "tournament", "--agents", agents, "--games",
           str(deals), "--seed", "11", "--db", str(db), "--no-progress", "--bootstrap", "0"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300          # a cold numba cache compiles first
    try:
        while stored_count(db) < 5:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "no game stored in time"
            time.sleep(0.01)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    total = deals * 2
    before = rows(db)
    assert 5 <= len(before) < total, "the run finished before it was killed"
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()

    cfg = TournamentConfig(agents=tuple(agents.split(",")), games=deals, seed=11)
    run_tournament(cfg, db, resume=True, progress=False)
    after = rows(db)
    keys = [r[2] for r in after]                 # job_key
    assert len(after) == total and len(set(keys)) == total
    assert {k for k in keys} == {j.key for j in cfg.normalized().jobs()}
    by_key = {r[2]: r for r in after}
    for r in before:                             # earlier rows untouched (ids, times too)
        assert by_key[r[2]] == r

    fresh = tmp_path / "fresh.sqlite"
    run_tournament(cfg, fresh, progress=False)
    assert rows(db, SAME) == rows(fresh, SAME)


@pytest.fixture(scope="module")
def local_one(tmp_path_factory):
    db = tmp_path_factory.mktemp("t") / "local1.sqlite"
    cfg = TournamentConfig(agents=("balanced", "random", "ship_income"), games=2, seed=2,
                           replays=True)
    run_tournament(cfg, db, workers=1, progress=False)
    return cfg, db


def test_two_local_workers_store_the_same_results(local_one, tmp_path):
    cfg, db = local_one
    other = tmp_path / "local2.sqlite"
    run_tournament(cfg, other, workers=2, progress=False)
    assert len(rows(db)) == 12
    assert rows(db, SAME) == rows(other, SAME)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_backend_stores_the_same_results(local_one, tmp_path):
    cfg, db = local_one
    other = tmp_path / "ray.sqlite"
    run_tournament(cfg, other, workers=2, backend="ray", progress=False)
    assert rows(db, SAME) == rows(other, SAME)


def test_openskill_ranks_a_heuristic_above_random(local_one):
    _, db = local_one
    results = [g.result for g in load_games(db)]
    skill = {s.agent: s for s in R.openskill_ratings(results)}
    assert skill["balanced"].ordinal > skill["random"].ordinal
    assert skill["ship_income"].ordinal > skill["random"].ordinal
    assert all(s.games == 8 for s in skill.values())
    bt = {r.agent: r for r in R.bradley_terry(results, bootstrap=200).ratings}
    assert bt["balanced"].elo > bt["random"].elo


def test_a_failing_agent_stops_the_run_and_keeps_finished_games(tmp_path):
    from maracaibo_env.tournament import JobError
    db = tmp_path / "t.sqlite"
    # pytest puts tests/ on sys.path: this module is importable by its own name
    cfg = TournamentConfig(agents=("balanced", "random", "python:test_tournament_runs:Crashes"),
                           games=1)
    with pytest.raises(JobError) as e:
        run_tournament(cfg, db, progress=False)
    assert "boom" in str(e.value) and "seed" in str(e.value)
    games = load_games(db)
    assert [g.job_key for g in games] == [j.key for j in cfg.normalized().jobs()[:2]]


class Crashes:
    """An agent that fails on its first move."""

    def act(self, observation, action_mask, rng):
        raise RuntimeError("boom")


def test_python_agents_play_in_worker_processes(tmp_path):
    db = tmp_path / "t.sqlite"
    cfg = TournamentConfig(agents=("random", "python:maracaibo_env.agents.random_agent:RandomAgent"), games=2)
    run_tournament(cfg, db, workers=2, progress=False)
    games = load_games(db)
    assert len(games) == 4
    mine = "python:maracaibo_env.agents.random_agent:RandomAgent"
    assert {g.result.specs[0] for g in games} == {"random", mine}

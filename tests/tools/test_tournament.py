"""Tournaments: schedules, the results store, ratings and the command line.
(Interrupted runs and backends: test_tournament_runs.py.)"""
import itertools
import json
import math
import sqlite3
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from maracaibo_env.maracaibo.core.enums import DIFFICULTIES
from maracaibo_env.maracaibo.match import AgentSpecError, GameResult, play_match
from maracaibo_env.tournament import (ScheduleError, StoreError, TournamentConfig, deal_seed,
                                      load_games, load_results, run_tournament, schedule)
from maracaibo_env.tournament import ratings as R
from maracaibo_env.tournament.cli import run as cli_run
from maracaibo_env.tournament.store import connect, load_tournament


def fake(specs, scores, winners=None, seed=1, difficulty=None):
    """A GameResult with only what the ratings read."""
    if winners is None:
        best = max(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
    return GameResult(seed=seed, specs=list(specs), scores=list(scores), winners=list(winners),
                      breakdown=[{} for _ in specs], decisions=0, turns=[],
                      events=[], difficulty=difficulty)


# ---------------------------------------------------------------- specs and schedules

def test_unknown_spec_is_refused_listing_the_known_specs():
    with pytest.raises(AgentSpecError) as e:
        TournamentConfig(agents=("balanced", "best_of_all")).normalized()
    msg = str(e.value)
    assert "'best_of_all'" in msg and "known:" in msg
    assert all(s in msg for s in ("random", "balanced", "ship_income", "python:<module>:<Class>"))


def test_cli_bad_spec_exits_2_before_any_game(tmp_path, capsys):
    db = tmp_path / "t.sqlite"
    assert cli_run(["--agents", "balanced,nope", "--games", "2", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "unknown agent spec 'nope'" in err and "known: random, " in err and "balanced" in err
    assert not db.exists()


def by_deal(jobs):
    groups = defaultdict(list)
    for j in jobs:
        groups[(j.lineup, j.deal)].append(j)
    return groups


def test_round_robin_plays_every_deal_in_both_seat_orders():
    agents = ["balanced", "random", "ship_income"]
    jobs = schedule("round_robin", 2, agents, 5, seed=3)
    assert len(jobs) == 3 * 5 * 2
    assert len({j.key for j in jobs}) == len(jobs)
    assert [j.index for j in jobs] == list(range(len(jobs)))
    groups = by_deal(jobs)
    assert len(groups) == 3 * 5
    for (lineup, deal), js in groups.items():
        assert len(js) == 2
        assert js[0].seed == js[1].seed == deal_seed(3, deal)      # duplicate: one deal
        assert js[0].specs == tuple(reversed(js[1].specs))
    # every pairing plays the same deals; different deals differ
    seeds = {(j.lineup, j.deal): j.seed for j in jobs}
    for d in range(5):
        assert len({seeds[(lu, d)] for lu in ("balanced,random", "balanced,ship_income",
                                              "random,ship_income")}) == 1
    assert len({deal_seed(3, d) for d in range(5)}) == 5
    assert jobs[0].key == "rr|balanced,random|deal=0|seats=balanced,random"
    assert jobs[1].key == "rr|balanced,random|deal=0|seats=random,balanced"


def test_ffa_plays_every_line_up_in_every_seating():
    agents = ["balanced", "random", "ship_income", "assistants"]
    jobs = schedule("ffa", 3, agents, 2, seed=0)
    assert len(jobs) == math.comb(4, 3) * 2 * 6
    for (lineup, deal), js in by_deal(jobs).items():
        assert len(js) == 6 and len({j.seed for j in js}) == 1
        assert {j.specs for j in js} == set(itertools.permutations(lineup.split(",")))
    four = schedule("ffa", 4, agents, 1, seed=0)
    assert len(four) == 24


def test_gauntlet_games_all_include_the_hero():
    pool = ["random", "ship_income", "assistants"]
    two = schedule("gauntlet", 2, pool, 3, seed=0, hero="balanced")
    assert len(two) == 3 * 3 * 2
    three = schedule("gauntlet", 3, pool, 2, seed=0, hero="balanced")
    assert len(three) == math.comb(3, 2) * 2 * 6
    assert all("balanced" in j.specs for j in two + three)
    for js in by_deal(three).values():
        assert len({j.seed for j in js}) == 1


def test_solo_plays_each_agent_at_each_level():
    jobs = schedule("solo", 1, ["balanced", "random"], 3, seed=0)
    assert len(jobs) == 2 * len(DIFFICULTIES) * 3
    assert {j.difficulty for j in jobs} == set(DIFFICULTIES)
    assert all(len(j.specs) == 1 for j in jobs)
    some = schedule("solo", 1, ["balanced"], 2, seed=0, levels=["hard", "very_easy"])
    assert [j.key for j in some[:2]] == ["solo|balanced|level=hard|deal=0",
                                         "solo|balanced|level=very_easy|deal=0"]
    assert some[0].seed == some[1].seed


@pytest.mark.parametrize("kwargs, message", [
    (dict(agents=("balanced", "random"), players=3, format="round_robin"), "2 players"),
    (dict(agents=("balanced", "random"), players=3), "at least 3 agents"),
    (dict(agents=("balanced", "balanced")), "listed twice"),
    (dict(agents=("random",), format="gauntlet"), "needs a hero"),
    (dict(agents=("random", "balanced"), format="gauntlet", hero="balanced"), "also in the pool"),
    (dict(agents=("random", "balanced"), levels=("hard",)), "solo"),
    (dict(agents=("random",), format="solo", levels=("impossible",)), "unknown level"),
    (dict(agents=("random", "balanced"), games=0), "games"),
    (dict(agents=("random", "balanced"), seed=-1), "seed"),
    (dict(agents=("random", "balanced"), story=12), "story"),
    (dict(agents=("random",), format="solo", players=2), "1 player"),
])
def test_bad_settings_are_refused_before_any_game(kwargs, message):
    with pytest.raises(ScheduleError, match=message):
        TournamentConfig(**kwargs).normalized()


def test_jean_is_not_a_seat():
    with pytest.raises(AgentSpecError, match="solo"):
        TournamentConfig(agents=("balanced", "jean:hard")).normalized()


def test_deal_seed_is_fixed_and_in_range():
    assert deal_seed(0, 0) == deal_seed(0, 0)
    assert deal_seed(0, 1) != deal_seed(1, 0)
    assert all(0 <= deal_seed(s, d) < 2**31 for s in range(3) for d in range(50))


def test_config_defaults_follow_the_player_count():
    assert TournamentConfig(agents=("balanced",), players=1).normalized().format == "solo"
    c = TournamentConfig(agents=("balanced", "random", "ship_income"), players=3).normalized()
    assert c.format == "ffa" and c.levels is None
    c = TournamentConfig(agents=("balanced", "random")).normalized()
    assert (c.format, c.players) == ("round_robin", 2)
    assert TournamentConfig.from_dict(c.to_dict()) == c


# ---------------------------------------------------------------- ratings

def test_wilson_interval_of_8_in_10():
    lo, hi = R.wilson(8, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.490, 0.943)
    lo2, hi2 = R.wilson(7.5, 10)          # half wins (ties) are fine
    assert 0.44 < lo2 < lo and 0.91 < hi2 < hi
    assert R.wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_two_agents_known_answer():
    # A wins 3 of 4: p = 3/4 = sigma(theta_A - theta_B), so the gap is ln 3,
    # 400 log10(3) = 190.85 Elo, split evenly around the mean 0
    games = [fake(("A", "B"), (10, 5), seed=s) for s in range(3)]
    games.append(fake(("B", "A"), (9, 2), seed=9))
    fit = R.bradley_terry(games, bootstrap=0)
    elo = {r.agent: r.elo for r in fit.ratings}
    assert elo["A"] - elo["B"] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert elo["A"] + elo["B"] == pytest.approx(0, abs=1e-9)
    assert not fit.regularised and fit.games == 4


def test_bradley_terry_three_agents_solves_the_likelihood_equations():
    from scipy.optimize import minimize
    wins = {("A", "B"): 3, ("B", "A"): 1, ("B", "C"): 3, ("C", "B"): 2, ("A", "C"): 2,
            ("C", "A"): 1}
    games = []
    for (a, b), k in wins.items():
        games += [fake((a, b), (1, 0), seed=len(games) + i) for i in range(k)]
    games.append(fake(("A", "C"), (4, 4), seed=99))      # a tie: half a win each
    fit = R.bradley_terry(games, bootstrap=0)
    theta = {r.agent: r.elo / R.ELO for r in fit.ratings}
    names = ["A", "B", "C"]
    w = np.zeros((3, 3))
    for (a, b), k in wins.items():
        w[names.index(a), names.index(b)] += k
    w[0, 2] += 0.5
    w[2, 0] += 0.5
    n = w + w.T
    t = np.array([theta[a] for a in names])
    p = 1 / (1 + np.exp(-(t[:, None] - t[None, :])))
    np.testing.assert_allclose(w.sum(axis=1), (n * p).sum(axis=1), atol=1e-8)  # MLE equations

    def nll(x):
        d = x[:, None] - x[None, :]
        return -(w * -np.log1p(np.exp(-d))).sum()
    ref = minimize(nll, np.zeros(3), method="BFGS").x
    np.testing.assert_allclose(t, ref - ref.mean(), atol=1e-4)


def test_bradley_terry_bootstrap_is_seeded_and_brackets_the_estimate():
    games = []
    for d in range(12):   # duplicate pairs: A wins 2/3 of the deals in both seats
        a_wins = d % 3 != 0
        games.append(fake(("A", "B"), (5, 3) if a_wins else (3, 5), seed=d))
        games.append(fake(("B", "A"), (3, 5) if a_wins else (5, 3), seed=d))
    f1 = R.bradley_terry(games, bootstrap=300, seed=7)
    f2 = R.bradley_terry(games, bootstrap=300, seed=7)
    assert [(r.low, r.high) for r in f1.ratings] == [(r.low, r.high) for r in f2.ratings]
    for r in f1.ratings:
        assert r.low <= r.elo <= r.high
    assert f1.bootstrap == 300


def test_bradley_terry_unbeaten_agent_gets_a_finite_regularised_fit():
    games = [fake(("A", "B"), (5, 3), seed=s) for s in range(4)]
    fit = R.bradley_terry(games, bootstrap=50)
    assert fit.regularised and all(np.isfinite(r.elo) for r in fit.ratings)
    assert fit.ratings[0].agent == "A"


def test_pairwise_and_win_share_count_a_tie_as_half():
    games = [fake(("A", "B"), (5, 5)), fake(("A", "B"), (6, 5))]
    pw = R.pairwise(games)
    assert (pw[("A", "B")].count, pw[("A", "B")].n) == (1.5, 2)
    assert pw[("B", "A")].count == 0.5
    s = R.agent_summaries(games)
    assert s["A"].wins.count == 1.5 and s["B"].mean_score == 5


def test_pairwise_in_a_three_player_game_orders_by_finish():
    g = fake(("A", "B", "C"), (9, 7, 7), winners=[0])
    pw = R.pairwise([g])
    assert pw[("A", "B")].count == 1 and pw[("B", "C")].count == 0.5
    assert pw[("C", "A")].count == 0


def test_openskill_ties_share_a_rank():
    r = {s.agent: s for s in R.openskill_ratings([fake(("A", "B"), (7, 7))])}
    assert r["A"].mu == pytest.approx(r["B"].mu)
    r = {s.agent: s for s in R.openskill_ratings([fake(("A", "B", "C"), (1, 9, 5))])}
    assert r["B"].mu > r["C"].mu > r["A"].mu
    assert r["B"].ordinal == pytest.approx(r["B"].mu - 3 * r["B"].sigma)


def test_solo_table_gives_a_tie_to_jean():
    games = [fake(("x", "jean:hard"), (50, 50), winners=[1], difficulty="hard"),
             fake(("x", "jean:hard"), (60, 50), winners=[0], difficulty="hard")]
    (row,) = R.solo_table(games)
    assert (row.agent, row.level, row.wins.count, row.wins.n) == ("x", "hard", 1, 2)
    assert row.mean_jean == 50


# ---------------------------------------------------------------- store and CLI

def test_store_round_trips_results_and_replays(tmp_path):
    db = tmp_path / "t.sqlite"
    cfg = TournamentConfig(agents=("balanced", "random"), games=1, seed=5, replays=True)
    run_tournament(cfg, db, progress=False)
    got = load_results(db)
    jobs = cfg.normalized().jobs()
    assert len(got) == 2
    for job, r in zip(jobs, got):
        want = play_match(list(job.specs), job.seed, record_history=True)
        assert r.to_dict() == want.to_dict()
        assert r.history and r.events and r.breakdown
    con = connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA synchronous").fetchone()[0] == 1          # NORMAL
    seats = con.execute("SELECT agent, score, rank, win FROM seats ORDER BY game_id, seat"
                        ).fetchall()
    assert len(seats) == 4 and sum(s[3] for s in seats) == pytest.approx(2)
    info = load_tournament(db)
    assert info.finished and info.jobs_total == 2 and info.games_stored == 2
    agents = con.execute("SELECT spec, kind, role FROM agents ORDER BY position").fetchall()
    assert agents == [("balanced", "heuristic", "agent"), ("random", "random", "agent")]


def test_existing_tournament_needs_resume_and_the_same_settings(tmp_path):
    db = tmp_path / "t.sqlite"
    cfg = TournamentConfig(agents=("balanced", "random"), games=1)
    run_tournament(cfg, db, progress=False)
    with pytest.raises(StoreError, match="--resume"):
        run_tournament(cfg, db, progress=False)
    other = TournamentConfig(agents=("balanced", "random"), games=2, seed=4)
    with pytest.raises(StoreError) as e:
        run_tournament(other, db, resume=True, progress=False)
    assert "games: stored 1, requested 2" in str(e.value)
    assert "seed: stored 0, requested 4" in str(e.value)
    before = [(g.id, g.job_key) for g in load_games(db)]
    run_tournament(cfg, db, resume=True, progress=False)     # finished: nothing to do
    assert [(g.id, g.job_key) for g in load_games(db)] == before


def test_resume_with_more_deals_extends_the_tournament(tmp_path):
    small = TournamentConfig(agents=("balanced", "random"), games=1, seed=5)
    big = TournamentConfig(agents=("balanced", "random"), games=3, seed=5)
    db, fresh = tmp_path / "t.sqlite", tmp_path / "fresh.sqlite"
    run_tournament(small, db, progress=False)
    first = {g.job_key: g.id for g in load_games(db)}
    run_tournament(big, db, resume=True, progress=False)
    run_tournament(big, fresh, progress=False)
    info = load_tournament(db)
    assert info.config["games"] == 3 and info.jobs_total == 6 == info.games_stored and info.finished
    extended = {g.job_key: g for g in load_games(db)}
    assert {k: extended[k].id for k in first} == first             # deal 0 kept, not replayed
    assert sorted(extended) == sorted(g.job_key for g in load_games(fresh))
    got = {k: r.to_dict() for k, r in zip((g.job_key for g in load_games(db)), load_results(db))}
    want = {k: r.to_dict() for k, r in zip((g.job_key for g in load_games(fresh)), load_results(fresh))}
    assert got == want                                             # the same games as a 3-deal run
    with pytest.raises(StoreError, match="games: stored 3, requested 2"):   # fewer deals: refused
        run_tournament(TournamentConfig(agents=("balanced", "random"), games=2, seed=5), db,
                       resume=True, progress=False)
    with pytest.raises(StoreError, match="--resume"):               # only with --resume
        run_tournament(TournamentConfig(agents=("balanced", "random"), games=4, seed=5), db,
                       progress=False)


def test_not_a_tournament_database(tmp_path):
    bad = tmp_path / "other.sqlite"
    sqlite3.connect(bad).execute("CREATE TABLE x (y)")
    with pytest.raises(StoreError, match="not a tournament database"):
        load_results(bad)
    with pytest.raises(StoreError, match="no tournament database"):
        load_results(tmp_path / "missing.sqlite")


def test_solo_tournament_and_its_report(tmp_path, capsys):
    db = tmp_path / "solo.sqlite"
    assert cli_run(["--format", "solo", "--agents", "random", "--levels", "very_easy,hard",
                    "--games", "1", "--db", str(db), "--no-progress", "--json",
                    str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "Solo against Jean" in out and "very_easy" in out and "hard" in out
    assert "Common deals" in out
    results = load_results(db)
    assert [r.specs for r in results] == [["random", "jean:very_easy"], ["random", "jean:hard"]]
    rep = json.loads((tmp_path / "r.json").read_text())
    assert len(rep["solo"]) == 2 and rep["bradley_terry"] is None


def test_cli_show_prints_the_stored_tables(tmp_path, capsys):
    db = tmp_path / "t.sqlite"
    assert cli_run(["--players", "3", "--agents", "balanced,random,ship_income", "--games", "1",
                    "--db", str(db), "--no-progress"]) == 0
    capsys.readouterr()
    assert cli_run(["--db", str(db), "--show"]) == 0
    out = capsys.readouterr().out
    assert "6 of 6 games stored (finished)" in out
    assert "Duplicate play" in out and "all 6 seatings" in out
    assert "openskill" in out and "Head to head" in out and "Bradley-Terry" not in out
    assert cli_run(["--db", str(db), "--show", "--games", "3"]) == 2


def test_cli_existing_db_without_resume_exits_1(tmp_path, capsys):
    db = tmp_path / "t.sqlite"
    args = ["--agents", "balanced,random", "--games", "1", "--db", str(db), "--no-progress"]
    assert cli_run(args) == 0
    capsys.readouterr()
    assert cli_run(args) == 1
    assert "--resume" in capsys.readouterr().err


def test_help_shows_a_worked_example(capsys):
    with pytest.raises(SystemExit) as e:
        cli_run(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "--resume" in out and "maracaibo tournament --players 2" in out


def test_engine_and_data_folder_are_settings(tmp_path):
    import shutil
    import maracaibo_env
    from maracaibo_env.maracaibo.catalog import load_catalog
    data = tmp_path / "data"
    shutil.copytree(Path(maracaibo_env.__file__).parent / "maracaibo" / "data", data)
    db = tmp_path / "t.sqlite"
    cfg = TournamentConfig(agents=("balanced", "random"), games=1, engine="python",
                           data_dir=str(data))
    run_tournament(cfg, db, progress=False)
    info = load_tournament(db)
    assert info.config["engine"] == "python" and info.config["data_dir"] == str(data.resolve())
    assert info.data_hash == load_catalog(data).data_hash
    job = cfg.normalized().jobs()[0]
    want = play_match(list(job.specs), job.seed, engine="python", data_dir=str(data))
    assert load_results(db)[0].to_dict() == want.to_dict()
    with pytest.raises(StoreError, match="engine: stored 'python', requested 'auto'"):
        run_tournament(TournamentConfig(agents=("balanced", "random"), games=1,
                                        data_dir=str(data)), db, resume=True, progress=False)
    with pytest.raises(ScheduleError, match="compiled"):
        TournamentConfig(agents=("random", "python:maracaibo_env.agents.random_agent:RandomAgent"),
                         engine="compiled").normalized()
    with pytest.raises(ScheduleError, match="not a folder"):
        TournamentConfig(agents=("random", "balanced"), data_dir=str(tmp_path / "no")).normalized()

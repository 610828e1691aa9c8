"""Pirates of Maracaibo in tournaments and balance reports (--game pirates):
agent specs, a tiny tournament and its report, the game recorded in the
database (a file holds one game's tournaments; version-1 files still open),
and a tiny balance report."""
import json
import sqlite3

import pytest

pytest.importorskip("openskill")
pytest.importorskip("statsmodels")

from maracaibo_env.agents.adapter import get_adapter  # noqa: E402
from maracaibo_env.agents.registry import AgentSpecError  # noqa: E402
from maracaibo_env.pirates import Game  # noqa: E402
from maracaibo_env.pirates.match import play_pirates_match  # noqa: E402
from maracaibo_env.tournament import (ScheduleError, StoreError, TournamentConfig,  # noqa: E402
                                      load_games, load_results, run_tournament)
from maracaibo_env.tournament.cli import run as cli_run  # noqa: E402
from maracaibo_env.tournament.report import build_report  # noqa: E402
from maracaibo_env.tournament.store import load_tournament  # noqa: E402

AGENTS = ("raider", "explorer", "builder", "random")
PIRATES_KNOWN = ("known: random, raider, explorer, builder, tuned, strategist, raider_v0, explorer_v0, builder_v0, "
                 "<heuristic>[:eps=E], "
                 "mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T][:widen=W][:guide=G][:turn=T], strongest, "
                 "python:<module>:<Class>")


@pytest.fixture(scope="module")
def pirates_db(tmp_path_factory):
    """Every pair of the 4 Pirates agents, 1 deal, both seatings: 12 games."""
    db = tmp_path_factory.mktemp("pirates") / "p.sqlite"
    cfg = TournamentConfig(agents=AGENTS, games=1, seed=3, game="pirates", replays=True)
    run_tournament(cfg, db, progress=False)
    return cfg, db


@pytest.fixture(scope="module")
def maracaibo_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("maracaibo") / "m.sqlite"
    run_tournament(TournamentConfig(agents=("balanced", "random"), games=1), db, progress=False)
    return db


# ---------------------------------------------------------------- agent specs

def test_pirates_specs_and_the_specs_of_the_other_game_are_refused():
    ad = get_adapter("pirates")
    assert [ad.parse_spec(a).kind for a in AGENTS] == ["heuristic"] * 3 + ["random"]
    assert ad.parse_spec("python:maracaibo_env.agents.random_agent:RandomAgent").kind == "python"
    assert ad.parse_spec("mcts:iters=5").kind == "mcts"          # the shared search (maracaibo_env/pirates/agents/mcts.py)
    for bad in ("balanced", "jean:hard", "policy:maracaibo-2p", "nope"):
        with pytest.raises(AgentSpecError) as e:
            TournamentConfig(agents=("raider", bad), game="pirates").normalized()
        assert f"unknown agent spec {bad!r} for Pirates of Maracaibo" in str(e.value)
        assert PIRATES_KNOWN in str(e.value)
    with pytest.raises(AgentSpecError, match="'balanced' is a Maracaibo agent"):
        ad.parse_spec("balanced")
    with pytest.raises(AgentSpecError) as e:
        TournamentConfig(agents=("balanced", "raider")).normalized()
    assert "known: random, " in str(e.value) and "use --game pirates" in str(e.value)


def test_pirates_schedule_rules():
    # issue 24: Pirates has the solo format now (against Jordan at his levels 0..6)
    c = TournamentConfig(agents=("raider",), players=1, game="pirates").normalized()
    assert (c.format, c.players, c.levels) == ("solo", 1, tuple(str(k) for k in range(7)))
    with pytest.raises(ScheduleError, match="unknown level.* of Jordan"):
        TournamentConfig(agents=("raider",), format="solo", levels=("9",), game="pirates").normalized()
    with pytest.raises(ScheduleError, match="story cards are Maracaibo's"):
        TournamentConfig(agents=("raider", "random"), story=76, game="pirates").normalized()
    with pytest.raises(ScheduleError, match="compiled"):
        TournamentConfig(agents=("raider", "python:maracaibo_env.agents.random_agent:RandomAgent"),
                         engine="compiled", game="pirates").normalized()
    with pytest.raises(ScheduleError, match="unknown game"):
        TournamentConfig(agents=("raider", "random"), game="chess").normalized()
    c = TournamentConfig(agents=AGENTS, players=4, game="pirates").normalized()
    assert (c.format, c.story, c.game) == ("ffa", 0, "pirates")
    assert TournamentConfig.from_dict(c.to_dict()) == c
    assert {j.game for j in c.jobs()} == {"pirates"} and len(c.jobs()) == 10 * 24


def test_cli_bad_spec_exits_2_before_any_game(tmp_path, capsys):
    db = tmp_path / "t.sqlite"
    assert cli_run(["--game", "pirates", "--agents", "raider,balanced", "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "unknown agent spec 'balanced' for Pirates of Maracaibo" in err and PIRATES_KNOWN in err
    assert cli_run(["--game", "pirates", "--agents", "raider", "--players", "1", "--levels", "7",
                    "--db", str(db)]) == 2
    assert "unknown level(s) 7 of Jordan; known: 0, 1, 2, 3, 4, 5, 6" in capsys.readouterr().err
    assert not db.exists()


# ---------------------------------------------------------------- a tiny tournament

def test_pirates_tournament_stores_pirates_results(pirates_db):
    cfg, db = pirates_db
    info = load_tournament(db)
    assert info.game == "pirates" and info.config["game"] == "pirates" and info.finished
    assert info.data_hash == get_adapter("pirates").load_catalog().data_hash
    con = sqlite3.connect(db)
    assert con.execute("SELECT DISTINCT game FROM games").fetchall() == [("pirates",)]
    assert con.execute("SELECT value FROM meta").fetchone() == ("2",)
    con.close()
    games = load_games(db)
    assert len(games) == 12 and [g.job_key for g in games] == [j.key for j in cfg.normalized().jobs()]
    for g in games:
        r = g.result
        # no story card, no careers: Pirates records no details (story 0 through its adapter)
        assert r.game == "pirates" and get_adapter("pirates").story_of(r) == 0 and r.details == {} \
            and r.difficulty is None
        assert [sum(b.values()) for b in r.breakdown] == r.scores
        assert all(list(b) == list(Game.VP_SOURCES) for b in r.breakdown)
        assert all(len(t) == 3 and sum(t) > 0 for t in r.turns) and r.decisions > 100
        assert {k for _, k, _, _ in r.events} <= {"figurehead", "improvement", "residence"}
        replay = Game(2, seed=r.seed)                     # the stored history replays the game
        for a in r.history:
            replay.step(a)
        assert replay.is_over and replay.scores() == r.scores and replay.winners() == r.winners


def test_the_compiled_engine_plays_exactly_play_game():
    from maracaibo_env.pirates.agents.heuristics import play_game
    for specs in (["builder", "raider", "explorer"], ["random", "explorer", "random"]):
        r = play_pirates_match(specs, 11)
        g = play_game(3, 11, specs, agent_seed=11)
        assert r.scores == g.scores() and r.breakdown == g.score_breakdown()
        assert r.decisions == int(g.state[g.LAYOUT.glob["STEPS"][0]])
        assert r.to_dict() == play_pirates_match(specs, 11).to_dict()


def test_python_agents_play_pirates(tmp_path):
    db = tmp_path / "py.sqlite"
    mine = "python:maracaibo_env.agents.random_agent:RandomAgent"
    run_tournament(TournamentConfig(agents=("raider", mine), games=1, game="pirates"), db,
                   progress=False)
    results = load_results(db)
    assert sorted(r.specs[0] for r in results) == sorted(["raider", mine])
    assert all(r.game == "pirates" and len(r.turns[0]) == 3 for r in results)


def test_pirates_report_and_show(pirates_db, tmp_path, capsys):
    _, db = pirates_db
    rep = build_report(db, bootstrap=50)
    assert rep.game == "pirates" and rep.games == 12 and rep.bt is not None
    assert set(rep.scores) == set(AGENTS)
    raider = rep.scores["raider"]
    assert list(raider["sources"]) == list(Game.VP_SOURCES) and raider["players"] == 6
    assert sum(raider["sources"].values()) == pytest.approx(raider["vp"])
    assert len(rep.length["turns_per_round"]) == 3 and rep.length["decisions"] > 100
    assert cli_run(["--db", str(db), "--show", "--bootstrap", "50", "--json",
                    str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Pirates of Maracaibo tournament 1:") and "story" not in out.split("\n")[0]
    assert "openskill" in out and "Bradley-Terry" in out and "VP by source" in out
    assert "treasures" in out and "Game length" in out
    js = json.loads((tmp_path / "r.json").read_text())
    assert js["tournament"]["game"] == "pirates" and set(js["vp_by_source"]) == set(AGENTS)


# ---------------------------------------------------------------- one game per database

def test_a_database_holds_one_game(pirates_db, maracaibo_db, capsys):
    cfg, pdb = pirates_db
    run_tournament(cfg, pdb, resume=True, progress=False)       # its own game resumes: nothing to do
    with pytest.raises(StoreError, match="--resume"):
        run_tournament(cfg, pdb, progress=False)
    with pytest.raises(StoreError, match="holds a Maracaibo tournament; this is a Pirates of Maracaibo"):
        run_tournament(TournamentConfig(agents=("raider", "random"), game="pirates"), maracaibo_db,
                       progress=False)
    with pytest.raises(StoreError, match="holds a Pirates of Maracaibo tournament; this is a Maracaibo"):
        run_tournament(TournamentConfig(agents=("balanced", "random")), pdb, progress=False)
    assert cli_run(["--agents", "balanced,random", "--db", str(pdb), "--no-progress"]) == 1
    assert "--game pirates to continue that one" in capsys.readouterr().err
    assert cli_run(["--db", str(maracaibo_db), "--show", "--game", "pirates"]) == 1
    assert "holds a Maracaibo tournament" in capsys.readouterr().err
    assert len(load_games(pdb)) == 12 and load_tournament(maracaibo_db).game == "maracaibo"


def test_a_version_1_database_opens_as_maracaibo(maracaibo_db, tmp_path):
    import shutil
    old = tmp_path / "v1.sqlite"
    shutil.copy(maracaibo_db, old)
    con = sqlite3.connect(old)       # back to the schema before Pirates
    con.executescript("ALTER TABLE tournaments DROP COLUMN game; ALTER TABLE games DROP COLUMN game;"
                      "UPDATE meta SET value = '1' WHERE key = 'schema_version';")
    con.close()
    info = load_tournament(old)
    assert info.game == "maracaibo" and info.config["game"] == "maracaibo"
    assert [r.to_dict() for r in load_results(old)] == [r.to_dict() for r in load_results(maracaibo_db)]
    cfg = TournamentConfig(agents=("balanced", "random"), games=1)
    run_tournament(cfg, old, resume=True, progress=False)           # resumes: nothing to do
    with pytest.raises(StoreError, match="holds a Maracaibo tournament"):
        run_tournament(TournamentConfig(agents=("raider", "random"), game="pirates"), old,
                       progress=False)


# ---------------------------------------------------------------- balance

def test_pirates_balance_report(pirates_db, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from maracaibo_env.balance import analyze, compare_reports, load_report
    from maracaibo_env.balance.cli import run as balance_cli
    _, db = pirates_db
    a = analyze(load_results(db), min_takers=2)
    assert a["title"] == "Pirates of Maracaibo balance report" and a["meta"]["game"] == "pirates"
    assert "stories" not in a["meta"] and a["solo"] == {}
    assert set(a["seats"]) == {"2p"} and set(a["strategies"]["ratings"]) == set(AGENTS)
    assert set(a["components"]) == {"figurehead", "improvement", "residence", "_tests"}
    assert len(a["components"]["figurehead"]["items"]) == 12
    assert sum(x["takers"] for x in a["components"]["improvement"]["items"]) > 0
    assert all(len(v["turns_per_round"]) == 3 for v in a["length"].values())
    assert a["sources_order"] == list(Game.VP_SOURCES)
    out = tmp_path / "rep"
    assert balance_cli(["--db", str(db), "--no-run", "--out", str(out)]) == 0
    md = (out / "balance.md").read_text()
    assert md.startswith("# Pirates of Maracaibo balance report")
    assert "turns III | turns per game" in md and "story cards" not in md
    assert "### Figurehead" in md and "No solo games in these results." in md
    assert "a figurehead taken" in md
    assert balance_cli(["--db", str(db), "--no-run", "--game", "maracaibo", "--out", str(out)]) == 1
    assert "Pirates of Maracaibo games, not Maracaibo" in capsys.readouterr().err
    assert balance_cli(["--game", "pirates", "--solo", "--levels", "0,9", "--players", "2"]) == 2
    assert "unknown level(s) 9 of Jordan" in capsys.readouterr().err
    assert balance_cli(["--game", "pirates", "--players", "2", "--agents", "raider,balanced"]) == 2
    assert PIRATES_KNOWN in capsys.readouterr().err
    maracaibo = dict(load_report(out / "balance.json"), meta={"game": "maracaibo"})
    with pytest.raises(ValueError, match="same game"):
        compare_reports(maracaibo, load_report(out / "balance.json"))


def test_pirates_balance_plays_its_games(tmp_path):
    pytest.importorskip("matplotlib")
    from maracaibo_env.balance.cli import run as balance_cli
    from maracaibo_env.balance import load_report
    out = tmp_path / "rep"
    assert balance_cli(["--game", "pirates", "--games", "1", "--players", "3", "--no-progress",
                        "--db", str(tmp_path / "b.sqlite"), "--out", str(out)]) == 0
    a = load_report(out / "balance.json")
    assert a["meta"]["game"] == "pirates" and a["meta"]["multiplayer_games"] == {"3p": 6}
    assert a["meta"]["agents"] == ["builder", "explorer", "raider"]      # the default agents
    assert load_tournament(tmp_path / "b.sqlite").game == "pirates"

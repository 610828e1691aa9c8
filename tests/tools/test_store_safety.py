"""The tournament database is handled safely (issue 22 items 7 and 9):
files are marked as ours and another program's database is refused before
anything is written to it; readers open the file read-only; `tournament
--show` on a damaged file names the file and what is wrong, without a
traceback."""
import hashlib
import shutil
import sqlite3
import subprocess
import sys

import pytest

from maracaibo_env.tournament import StoreError, TournamentConfig, run_tournament
from maracaibo_env.tournament.store import (APPLICATION_ID, SCHEMA_VERSION, connect, load_game,
                                            load_games, load_results, load_tournament)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A real tournament file: 2 games with replays (copy it before changing it)."""
    db = tmp_path_factory.mktemp("store") / "t.sqlite"
    cfg = TournamentConfig(agents=("random", "balanced"), players=2, games=1, replays=True)
    run_tournament(cfg, db, progress=False)
    return db


@pytest.fixture
def db(made, tmp_path):
    copy = tmp_path / "t.sqlite"
    shutil.copy(made, copy)
    return copy


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pragma(path, name):
    con = sqlite3.connect(path)
    try:
        return con.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        con.close()


def edit(path, *sql):
    con = sqlite3.connect(path, isolation_level=None)
    try:
        for s in sql:
            con.execute(s)
    finally:
        con.close()


def tournament_cli(*args):
    return subprocess.run([sys.executable, "-m", "maracaibo_env", "tournament", *map(str, args)],
                          capture_output=True, text=True, timeout=600)


# ---------------------------------------------------------------- our files only (item 7)

def test_a_new_database_is_marked_as_ours(made):
    """issue 22 item 7: application_id and user_version are set when the file is made."""
    assert pragma(made, "application_id") == APPLICATION_ID
    assert pragma(made, "user_version") == SCHEMA_VERSION


def test_an_unrelated_database_is_refused_and_left_unchanged(tmp_path):
    """issue 22 item 7: `tournament --db other.sqlite` on another program's file
    refuses it before writing anything (no tables added, the same bytes)."""
    other = tmp_path / "other.sqlite"
    edit(other, "CREATE TABLE users (name TEXT)", "INSERT INTO users VALUES ('ann')")
    before = digest(other)
    with pytest.raises(StoreError, match=r"'.*other.sqlite' is not a tournament database: "
                                         r"it holds table\(s\) users"):
        connect(other)
    r = tournament_cli("--agents", "random,balanced", "--games", "1", "--db", other,
                       "--no-progress")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "other.sqlite" in r.stderr and "holds table(s) users" in r.stderr
    assert "expected a tournament database" in r.stderr
    assert digest(other) == before and pragma(other, "journal_mode") == "delete"
    assert not (tmp_path / "other.sqlite-wal").exists()


def test_another_programs_application_id_is_refused(tmp_path):
    """issue 22 item 7: a file marked by another program is refused, even when empty."""
    other = tmp_path / "app.sqlite"
    edit(other, "PRAGMA application_id = 0x12345678")
    before = digest(other)
    for kw in ({}, {"create": False}, {"readonly": True}):
        with pytest.raises(StoreError, match="application_id is 0x12345678"):
            connect(other, **kw)
    assert digest(other) == before


def test_a_database_from_before_the_mark_opens_and_is_marked(db):
    """issue 22 item 7: a file an earlier version made (application_id 0, our
    tables, SQLite's own tables too) still opens, and is marked when opened for
    writing (a reader leaves it as it is)."""
    edit(db, "PRAGMA application_id = 0", "PRAGMA user_version = 0", "ANALYZE")  # + sqlite_stat1
    before = digest(db)
    assert load_tournament(db).games_stored == 2 and digest(db) == before
    connect(db).close()
    assert pragma(db, "application_id") == APPLICATION_ID
    assert pragma(db, "user_version") == SCHEMA_VERSION
    assert len(load_results(db)) == 2


# ---------------------------------------------------------------- read-only readers (item 9)

def test_readers_open_read_only_and_change_nothing(db, tmp_path):
    """issue 22 item 9: the loaders the web server uses and connect(readonly=True)
    read a DELETE-journal file (in a folder whose name needs URI escaping)
    without switching it to WAL or changing a byte."""
    folder = tmp_path / "a b#?%c"
    folder.mkdir()
    ro = folder / "t.sqlite"
    shutil.copy(db, ro)
    edit(ro, "PRAGMA journal_mode = DELETE")
    before = digest(ro)
    info = load_tournament(ro)
    games = load_games(ro, info.id)
    assert len(games) == 2 and games[0].result.history
    assert load_game(ro, info.id, games[0].id).result == games[0].result
    assert load_game(ro, info.id, 10**6) is None
    con = connect(ro, create=False, readonly=True)
    try:
        n = con.execute("SELECT count(*) FROM games WHERE history IS NOT NULL").fetchone()[0]
        assert n == 2
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            con.execute("DELETE FROM games")
    finally:
        con.close()
    assert pragma(ro, "journal_mode") == "delete" and digest(ro) == before
    with pytest.raises(StoreError, match="no tournament database"):
        connect(folder / "missing.sqlite", readonly=True)


def test_a_version_1_database_is_read_without_upgrading_it(db):
    """issue 22 item 9: a reader sees a version-1 file's games as Maracaibo's
    and leaves the file at version 1; a writer upgrades it."""
    edit(db, "ALTER TABLE tournaments DROP COLUMN game", "ALTER TABLE games DROP COLUMN game",
         "UPDATE meta SET value = '1' WHERE key = 'schema_version'", "PRAGMA application_id = 0")
    before = digest(db)
    info = load_tournament(db)
    assert info.game == "maracaibo" and [r.game for r in load_results(db)] == ["maracaibo"] * 2
    assert digest(db) == before
    connect(db).close()
    con = sqlite3.connect(db)
    assert con.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)
    con.close()


# ---------------------------------------------------------------- --show on damaged files (item 9)

def show_fails(db, *says):
    """`tournament --show` exits 1 with one message naming the file and what is wrong."""
    r = tournament_cli("--db", db, "--show", "--bootstrap", "0")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr and r.stderr.startswith("maracaibo tournament: ")
    assert f"'{db}'" in r.stderr, r.stderr
    for s in says:
        assert s in r.stderr, r.stderr
    return r.stderr


def test_show_reports_a_corrupted_page(db):
    """issue 22 item 9: a page of the games table overwritten in the middle of the file."""
    con = sqlite3.connect(db)
    size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    con.close()
    data = bytearray(db.read_bytes())
    data[(root - 1) * size:root * size] = b"\xff" * size
    db.write_bytes(bytes(data))
    show_fails(db, "malformed")


def test_show_reports_a_config_that_is_not_json(db):
    """issue 22 item 9: a tournament whose stored config is not JSON."""
    edit(db, "UPDATE tournaments SET config = '{not json'")
    show_fails(db, "tournament 1: its stored config is not JSON", "'{not json'")
    edit(db, """UPDATE tournaments SET config = '{"players": "two"}'""")
    show_fails(db, "tournament 1: its stored config is not a tournament's")


@pytest.mark.parametrize("scores, says", [
    ('"many"', "its scores is not a JSON list of ints"),
    ('[1, "x"]', "its scores is not a JSON list of ints"),
    ("[1, 2, 3]", "its scores has 3 entries for 2 seats"),
    ("[1,", "its scores is not JSON"),
])
def test_show_reports_a_bad_scores_row(db, scores, says):
    """issue 22 item 9: a games row whose scores are not a JSON list of ints (one per seat)."""
    pytest.importorskip("openskill")
    pytest.importorskip("statsmodels")
    edit(db, f"UPDATE games SET scores = '{scores}' WHERE job_index = 1")
    show_fails(db, f"of tournament 1: {says}")


@pytest.mark.parametrize("version, says", [
    ("99", "has tournament schema version 99; this version of maracaibo_env reads version 2 "
           "(a newer maracaibo_env made the file: upgrade it)"),
    ("two", "has no valid tournament schema version in its meta table (got 'two'"),
])
def test_show_reports_an_unknown_schema_version(db, version, says):
    """issue 22 item 9: a schema version this package does not read."""
    edit(db, f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version'")
    show_fails(db, says)

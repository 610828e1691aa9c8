"""The tournament database: one SQLite file, one row per finished game.

Tables (the columns are described in docs/tournaments.md):

    meta          schema version
    tournaments   game, config (JSON), created, package version, data hash, jobs, finished
    agents        the tournament's agent specs, their kind and role
    games         one row per game: job key (UNIQUE per tournament), seed, seats,
                  scores, VP breakdown, winners, decisions, turns per round,
                  careers, events, Jean's level, versions, seconds, replay
    seats         one row per seat of each game: agent, score, rank, win credit

Games: every tournament and every game row names its game ("maracaibo" or
"pirates"); a file holds the tournaments of one game only (``check_game``),
so a Maracaibo file refuses a Pirates run and the other way round. Schema
version 2 added the two `game` columns; a version-1 file (before Pirates) is
upgraded in place when opened: its games are Maracaibo's.

Game details: GameResult.details (what one game records only) is stored in
`extra`, except Maracaibo's two keys from before details, which keep their
columns (``OLD_FIELDS``): `careers` and `story` hold details["careers"] and
details["story"], or [] and 0 for a game without them (Pirates). A row read
back moves them into details again, so files written before and after the
change read the same.

Ours only: a file we make has PRAGMA application_id = APPLICATION_ID and
user_version = SCHEMA_VERSION. ``connect`` refuses another program's file
(another application_id, or tables that are not ours) before it writes
anything; a file from before the mark (application_id 0, our tables) is
marked when opened for writing. Readers (``load_*``, ``connect(readonly=True)``)
open the file read-only: they change nothing in it, not even its journal mode,
and a damaged page or row becomes a StoreError naming the file.

Durability: the file is in WAL mode with ``synchronous=NORMAL`` and each game
is committed in its own transaction as soon as it arrives. A commit in WAL
mode appends the transaction to the -wal file with write(); NORMAL skips the
fsync at each commit (it syncs at checkpoints). A process that is killed
(SIGKILL, OOM killer, Ctrl-C) loses nothing committed: the written pages are
in the operating system's cache and reach the disk without the process. Only
a power loss or kernel crash can drop the last few commits, and the database
stays consistent even then. ``FULL`` would add an fsync per game (milliseconds
on a slow disk, against 40 ms games) to protect exactly those few games, which
a ``--resume`` plays again with identical results: NORMAL is the right trade.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents.registry import solo_opponent
from ..framework.match import OLD_FIELDS, GameResult
from .formats import FORMATS, TournamentConfig
from .ratings import seat_ranks, win_credits

SCHEMA_VERSION = 2
# PRAGMA application_id of our files ("MRCB"): another program's database is refused
APPLICATION_ID = 0x4D524342
TABLES = ("meta", "tournaments", "agents", "games", "seats")
# marks a file as ours (set with the schema, or on a file made before the mark)
_MARK = f"PRAGMA application_id={APPLICATION_ID}; PRAGMA user_version={SCHEMA_VERSION};"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tournaments (
    id              INTEGER PRIMARY KEY,
    config          TEXT NOT NULL,
    created         TEXT NOT NULL,
    package_version TEXT NOT NULL,
    data_hash       TEXT NOT NULL,
    jobs_total      INTEGER NOT NULL,
    finished        TEXT,
    game            TEXT NOT NULL DEFAULT 'maracaibo'
);
CREATE TABLE IF NOT EXISTS agents (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    position      INTEGER NOT NULL,
    spec          TEXT NOT NULL,
    kind          TEXT NOT NULL,
    role          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, spec)
);
CREATE TABLE IF NOT EXISTS games (
    id              INTEGER PRIMARY KEY,
    tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
    job_key         TEXT NOT NULL,
    job_index       INTEGER NOT NULL,
    lineup          TEXT NOT NULL,
    deal            INTEGER NOT NULL,
    seed            INTEGER NOT NULL,
    num_seats       INTEGER NOT NULL,
    specs           TEXT NOT NULL,
    difficulty      TEXT,
    story           INTEGER NOT NULL,
    scores          TEXT NOT NULL,
    winners         TEXT NOT NULL,
    breakdown       TEXT NOT NULL,
    decisions       INTEGER NOT NULL,
    turns           TEXT NOT NULL,
    careers         TEXT NOT NULL,
    events          TEXT NOT NULL,
    data_hash       TEXT NOT NULL,
    package_version TEXT NOT NULL,
    seconds         REAL NOT NULL,
    history         TEXT,
    extra           TEXT NOT NULL DEFAULT '{}',
    finished_at     TEXT NOT NULL,
    game            TEXT NOT NULL DEFAULT 'maracaibo',
    UNIQUE (tournament_id, job_key)
);
CREATE INDEX IF NOT EXISTS games_order ON games(tournament_id, job_index);
CREATE TABLE IF NOT EXISTS seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL,
    agent   TEXT NOT NULL,
    score   INTEGER NOT NULL,
    rank    INTEGER NOT NULL,
    win     REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_agent ON seats(agent);
"""

# GameResult fields with a column of their own; any other field goes to `extra`
# (details: those of its keys without a column of their own, OLD_FIELDS; left out when none)
_COLUMNS = ("seed", "specs", "scores", "winners", "breakdown", "decisions", "turns",
            "events", "difficulty", "data_hash", "history", "game")
# version 1 -> 2: the game of each tournament and game (every version-1 game is Maracaibo's)
_MIGRATE_1_2 = ("ALTER TABLE tournaments ADD COLUMN game TEXT NOT NULL DEFAULT 'maracaibo'",
                "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'maracaibo'",
                "UPDATE meta SET value = '2' WHERE key = 'schema_version'")
_JSON_COLUMNS = ("specs", "scores", "winners", "breakdown", "turns", "careers", "events")


class StoreError(RuntimeError):
    """A database that cannot be used as asked (with what to do instead)."""


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


def _dumps(v) -> str:
    return json.dumps(v, separators=(",", ":"))


def connect(path: str | os.PathLike, *, create: bool = True,
            readonly: bool = False) -> sqlite3.Connection:
    """A connection with the schema in place: in WAL mode, synchronous=NORMAL.

    A file that is not ours is refused (StoreError) before anything is written
    to it: its application_id must be APPLICATION_ID, or 0 with only our tables
    (a file made before the mark, which is marked now). readonly: open the
    file read-only (an existing one; nothing in it changes, not even its
    journal mode) for readers such as the web server."""
    p = Path(path)
    if (readonly or not create) and not p.exists():
        raise StoreError(f"no tournament database at {str(p)!r}")
    if create and not readonly and p.parent and not p.parent.exists():
        raise StoreError(f"the folder of {str(p)!r} does not exist")
    if readonly:    # a URI, so that mode=ro is honoured; as_uri() escapes the path
        con = sqlite3.connect(p.resolve().as_uri() + "?mode=ro", uri=True, timeout=60,
                              isolation_level=None)
    else:
        con = sqlite3.connect(str(p), timeout=60, isolation_level=None)
    try:
        con.execute("PRAGMA busy_timeout=60000")
        app_id, tables = _check_ours(con, p)      # only reads: before WAL writes the header
        if not readonly:
            mode = con.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreError(f"{str(p)!r}: SQLite could not switch to WAL mode "
                                 f"(got {mode!r})")
            con.execute("PRAGMA synchronous=NORMAL")
        con.execute("PRAGMA foreign_keys=ON")
        if "meta" in tables:
            version = _schema_version(con, p)
            if version == 1:                      # from before Pirates
                version = _view_as_version_2(con) if readonly else _upgrade(con)
            if version != SCHEMA_VERSION:
                raise StoreError(f"{str(p)!r} has tournament schema version {version}; this "
                                 f"version of maracaibo_env reads version {SCHEMA_VERSION}"
                                 + (" (a newer maracaibo_env made the file: upgrade it)"
                                    if version > SCHEMA_VERSION else ""))
            if not readonly and app_id != APPLICATION_ID:
                _mark(con)                        # a file from before the mark
        elif create and not readonly:
            con.executescript("BEGIN;" + SCHEMA +
                              f"INSERT OR IGNORE INTO meta VALUES ('schema_version', "
                              f"'{SCHEMA_VERSION}');" + _MARK + "COMMIT;")
        else:
            raise StoreError(f"{str(p)!r} is not a tournament database"
                             + (" (it is empty)" if not tables else ""))
    except sqlite3.DatabaseError as e:
        con.close()
        raise StoreError(f"{str(p)!r} is not a usable SQLite database: {e}") from None
    except BaseException:
        con.close()
        raise
    return con


def _check_ours(con: sqlite3.Connection, p: Path) -> tuple[int, set[str]]:
    """The file's application_id and tables; StoreError when the file is not a
    tournament database (another program's: leave it untouched)."""
    app_id = con.execute("PRAGMA application_id").fetchone()[0]
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
              if not r[0].startswith("sqlite_")}      # SQLite's own (sqlite_sequence, ...)
    expected = (f"expected a tournament database (application_id 0x{APPLICATION_ID:08X}, "
                f"tables {', '.join(TABLES)}) or a new file")
    if app_id not in (0, APPLICATION_ID):
        raise StoreError(f"{str(p)!r} is not a tournament database: its SQLite application_id "
                         f"is 0x{app_id & 0xFFFFFFFF:08X} (another program's file); {expected}")
    foreign = sorted(tables - set(TABLES))
    if foreign:
        raise StoreError(f"{str(p)!r} is not a tournament database: it holds table(s) "
                         f"{', '.join(foreign)}; {expected}")
    if tables and "meta" not in tables:
        raise StoreError(f"{str(p)!r} is not a tournament database: it has no meta table; "
                         f"{expected}")
    return app_id, tables


def _schema_version(con: sqlite3.Connection, p: Path) -> int:
    row = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    if row is None or not str(row[0]).isdecimal():
        raise StoreError(f"{str(p)!r} has no valid tournament schema version in its meta table "
                         f"(got {row[0] if row else 'none'!r}; expected {SCHEMA_VERSION})")
    return int(row[0])


def _mark(con: sqlite3.Connection) -> None:
    con.executescript("BEGIN IMMEDIATE;" + _MARK + "COMMIT;")


def _view_as_version_2(con: sqlite3.Connection) -> int:
    """Read a version-1 file as version 2 without changing it: temporary views
    (in memory, found before the file's tables) add the `game` columns."""
    for t in ("tournaments", "games"):
        con.execute(f"CREATE TEMP VIEW {t} AS SELECT *, 'maracaibo' AS game FROM main.{t}")
    return 2


def _upgrade(con: sqlite3.Connection) -> int:
    """Upgrade a version-1 file to version 2 (in one transaction, once even
    when several processes open it together); the version now."""
    con.execute("BEGIN IMMEDIATE")
    try:
        v = con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0]
        if v == "1":
            for stmt in _MIGRATE_1_2:
                con.execute(stmt)
            v = "2"
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return int(v)


@dataclass
class TournamentInfo:
    """A tournament's row, with its config decoded (config["game"] is set)."""
    id: int
    config: dict
    created: str
    package_version: str
    data_hash: str
    jobs_total: int
    finished: str | None
    games_stored: int
    game: str = "maracaibo"


def tournaments(con: sqlite3.Connection) -> list[TournamentInfo]:
    """Every tournament in the file, oldest first."""
    rows = con.execute(
        "SELECT t.id, t.config, t.created, t.package_version, t.data_hash, t.jobs_total, "
        "t.finished, (SELECT count(*) FROM games g WHERE g.tournament_id = t.id), t.game "
        "FROM tournaments t ORDER BY t.id").fetchall()
    return [TournamentInfo(r[0], {**_config(r[0], r[1]), "game": r[8]}, *r[2:]) for r in rows]


def _config(tid: int, text) -> dict:
    """A stored config, decoded and checked (StoreError when it is damaged)."""
    try:
        c = json.loads(text)
    except (ValueError, TypeError) as e:
        raise StoreError(f"tournament {tid}: its stored config is not JSON ({e}): "
                         f"{_clip(text)}") from None
    try:
        if not isinstance(c, dict):
            raise ValueError("not a JSON object")
        TournamentConfig.from_dict(c)                   # unknown settings
        # what the report reads
        for k, ok in (("format", lambda v: v in FORMATS),
                      ("players", lambda v: v in (1, 2, 3, 4)),
                      ("games", lambda v: isinstance(v, int)),
                      ("seed", lambda v: isinstance(v, int)),
                      ("story", lambda v: v is None or isinstance(v, int))):
            if not ok(c.get(k, "missing")):
                raise ValueError(f"its {k} is {c.get(k, 'missing')!r}")
        if not _list_of(c.get("agents"), str):
            raise ValueError(f"its agents are {c.get('agents')!r}")
    except (ValueError, TypeError) as e:
        raise StoreError(f"tournament {tid}: its stored config is not a tournament's ({e}): "
                         f"{_clip(text)}") from None
    return c


def _list_of(v, t) -> bool:
    return isinstance(v, list) and all(isinstance(x, t) for x in v)


def _clip(text) -> str:
    text = repr(text)
    return text if len(text) <= 80 else text[:77] + "..."


def file_game(con: sqlite3.Connection) -> str | None:
    """The game of the tournaments in the file (None for a file without any)."""
    games = [r[0] for r in con.execute("SELECT DISTINCT game FROM tournaments")]
    return games[0] if len(games) == 1 else None if not games else "+".join(sorted(games))


def check_game(con: sqlite3.Connection, game: str, path) -> None:
    """StoreError unless the file holds no tournament or only tournaments of `game`."""
    from ..agents.adapter import game_title
    have = file_game(con)
    if have is not None and have != game:
        raise StoreError(
            f"{str(path)!r} holds a {game_title(have)} tournament; this is a {game_title(game)} "
            f"run (--game {game}): a database holds the games of one game only, so use another "
            f"--db file" + (f" (or --game {have} to continue that one)" if "+" not in have else ""))


def tournament(con: sqlite3.Connection, tournament_id: int | None = None) -> TournamentInfo:
    """One tournament: by id, or the latest one in the file."""
    ts = tournaments(con)
    if not ts:
        raise StoreError("the database holds no tournament")
    if tournament_id is None:
        return ts[-1]
    for t in ts:
        if t.id == tournament_id:
            return t
    raise StoreError(f"no tournament {tournament_id} in the database "
                     f"(ids: {', '.join(str(t.id) for t in ts)})")


def extend_tournament(con: sqlite3.Connection, tournament_id: int, config: dict,
                      jobs_total: int) -> None:
    """Store a tournament's larger schedule (more deals, the same settings):
    its config and game count; it is no longer finished."""
    con.execute("BEGIN IMMEDIATE")
    try:
        con.execute("UPDATE tournaments SET config = ?, jobs_total = ?, finished = NULL "
                    "WHERE id = ?", (_dumps(config), jobs_total, tournament_id))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def create_tournament(con: sqlite3.Connection, config: dict, agents: list[tuple[str, str, str]],
                      jobs_total: int, package_version: str, data_hash: str,
                      game: str = "maracaibo") -> int:
    """A new tournament row and its agents ((spec, kind, role) in order); its id."""
    con.execute("BEGIN IMMEDIATE")
    try:
        cur = con.execute(
            "INSERT INTO tournaments (config, created, package_version, data_hash, jobs_total, "
            "game) VALUES (?, ?, ?, ?, ?, ?)",
            (_dumps(config), _now(), package_version, data_hash, jobs_total, game))
        tid = cur.lastrowid
        con.executemany("INSERT INTO agents VALUES (?, ?, ?, ?, ?)",
                        [(tid, i, spec, kind, role) for i, (spec, kind, role) in enumerate(agents)])
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return tid


def done_keys(con: sqlite3.Connection, tournament_id: int) -> set[str]:
    """Job keys already stored."""
    return {r[0] for r in con.execute("SELECT job_key FROM games WHERE tournament_id = ?",
                                      (tournament_id,))}


def insert_game(con: sqlite3.Connection, tournament_id: int, job, result: GameResult,
                seconds: float, package_version: str) -> bool:
    """Store one finished game and its seats in one transaction. False (and
    nothing written) if the job's key is already stored."""
    d = result.to_dict()
    details = d.pop("details")
    old = {k: details.pop(k, none) for k, none in OLD_FIELDS.items()}   # their own columns
    extra = {k: v for k, v in d.items() if k not in _COLUMNS}
    if details:
        extra["details"] = details
    history = d.get("history")
    n = len(result.specs)
    ranks = seat_ranks(result.scores)
    credits = win_credits(n, result.winners)
    con.execute("BEGIN IMMEDIATE")
    try:
        cur = con.execute(
            "INSERT OR IGNORE INTO games (tournament_id, job_key, job_index, lineup, deal, seed, "
            "num_seats, specs, difficulty, story, scores, winners, breakdown, decisions, turns, "
            "careers, events, data_hash, package_version, seconds, history, extra, finished_at, "
            "game) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, job.key, job.index, job.lineup, job.deal, int(result.seed), n,
             _dumps(result.specs), result.difficulty, int(old["story"]), _dumps(result.scores),
             _dumps(result.winners), _dumps(result.breakdown), int(result.decisions),
             _dumps(result.turns), _dumps(old["careers"]), _dumps([list(e) for e in result.events]),
             result.data_hash, package_version, float(seconds),
             _dumps(history) if history is not None else None, _dumps(extra), _now(),
             result.game))
        if cur.rowcount != 1:
            con.execute("ROLLBACK")
            return False
        gid = cur.lastrowid
        con.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                        [(gid, s, result.specs[s], int(result.scores[s]), ranks[s], credits[s])
                         for s in range(n)])
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise
    return True


def mark_finished(con: sqlite3.Connection, tournament_id: int) -> None:
    con.execute("UPDATE tournaments SET finished = ? WHERE id = ? AND finished IS NULL",
                (_now(), tournament_id))


@dataclass
class StoredGame:
    """A games row: the job's key and place, timing, versions, and the result."""
    id: int
    job_key: str
    job_index: int
    lineup: str
    deal: int
    seconds: float
    package_version: str
    finished_at: str
    result: GameResult


_FIELDS = {f.name for f in dataclasses.fields(GameResult)}


# what each JSON column must hold, for the check of rows read back
_SHAPES = {"specs": (str, "agent specs"), "scores": (int, "ints"), "winners": (int, "seats"),
           "breakdown": (dict, "objects"), "turns": (list, "lists"), "careers": (int, "ints"),
           "events": (list, "lists"), "history": (int, "ints")}


def _row_result(row: sqlite3.Row) -> GameResult:
    """A games row as a GameResult; StoreError naming the game and column when
    a value is not what insert_game writes (so readers never crash on it). The
    careers and story columns go into details (GameResult.from_dict)."""
    d: dict[str, Any] = {k: row[k] for k in ("seed", "decisions", "story", "difficulty",
                                             "data_hash", "game")}
    for k in (*_JSON_COLUMNS, "history", "extra"):
        if k == "history" and row[k] is None:
            d[k] = None
            continue
        try:
            d[k] = json.loads(row[k])
        except (ValueError, TypeError):
            raise _bad_row(row, k, "is not JSON") from None
        if k in _SHAPES and not _list_of(d[k], _SHAPES[k][0]):
            raise _bad_row(row, k, f"is not a JSON list of {_SHAPES[k][1]}")
    n = len(d["specs"])
    for k in ("scores", "breakdown"):            # the readers index them by seat
        if len(d[k]) != n:
            raise _bad_row(row, k, f"has {len(d[k])} entries for {n} seats")
    if not all(0 <= w < n for w in d["winners"]):
        raise _bad_row(row, "winners", f"names a seat outside 0-{n - 1}")
    if not isinstance(d["extra"], dict):
        raise _bad_row(row, "extra", "is not a JSON object")
    if not isinstance(d["extra"].get("details", {}), dict):
        raise _bad_row(row, "extra", "has details that are not a JSON object")
    d.update({k: v for k, v in d.pop("extra").items() if k in _FIELDS})
    return result_from_dict(d)


def result_from_dict(d: dict) -> GameResult:
    """A stored result's GameResult: a solo line-up stored before its level was
    recorded (Pirates' [jordan:2, raider]) gets the level from its spec."""
    r = GameResult.from_dict(d)
    if r.difficulty is None:
        r.difficulty = _solo_level(r.specs, r.game)
    return r


def _solo_level(specs, game: str) -> str | None:
    """The solo opponent's level in a line-up (Pirates' 'jordan:3' -> '3'), or None."""
    try:
        found = solo_opponent(specs, game)
    except ValueError:          # an unknown game or spec: not a solo game this can read
        return None
    return None if found is None else found[1].arg


def _bad_row(row: sqlite3.Row, column: str, what: str) -> StoreError:
    return StoreError(f"game {row['id']} of tournament {row['tournament_id']}: its {column} "
                      f"{what}: {_clip(row[column])}")


def _stored(r: sqlite3.Row) -> StoredGame:
    return StoredGame(r["id"], r["job_key"], r["job_index"], r["lineup"], r["deal"], r["seconds"],
                      r["package_version"], r["finished_at"], _row_result(r))


@contextmanager
def _reading(db_path, readonly: bool):
    """A connection for a loader; what goes wrong while reading (a damaged page,
    a damaged row) becomes a StoreError that names the file."""
    con = connect(db_path, create=False, readonly=readonly)
    try:
        yield con
    except StoreError as e:
        raise StoreError(f"{str(db_path)!r}: {e}") from None
    except sqlite3.DatabaseError as e:
        raise StoreError(f"{str(db_path)!r} could not be read: {e}") from None
    finally:
        con.close()


def load_games(db_path: str | os.PathLike, tournament_id: int | None = None, *,
               readonly: bool = True) -> list[StoredGame]:
    """Every stored game of a tournament (default: the latest in the file), in
    schedule order (the order is that of the schedule, whatever order the
    games finished in)."""
    with _reading(db_path, readonly) as con:
        t = tournament(con, tournament_id)
        con.row_factory = sqlite3.Row
        rows = con.execute("SELECT * FROM games WHERE tournament_id = ? ORDER BY job_index",
                           (t.id,)).fetchall()
        return [_stored(r) for r in rows]


def load_game(db_path: str | os.PathLike, tournament_id: int, game_id: int, *,
              readonly: bool = True) -> StoredGame | None:
    """One stored game of a tournament by its id (None when there is none)."""
    with _reading(db_path, readonly) as con:
        con.row_factory = sqlite3.Row
        r = con.execute("SELECT * FROM games WHERE id = ? AND tournament_id = ?",
                        (int(game_id), int(tournament_id))).fetchone()
        return None if r is None else _stored(r)


def load_results(db_path: str | os.PathLike, tournament_id: int | None = None, *,
                 readonly: bool = True) -> list[GameResult]:
    """The GameResults of a tournament (default: the latest in the file), in
    schedule order; each is what ``match.play_match`` returned for its game."""
    return [g.result for g in load_games(db_path, tournament_id, readonly=readonly)]


def load_tournament(db_path: str | os.PathLike, tournament_id: int | None = None, *,
                    readonly: bool = True) -> TournamentInfo:
    """A tournament's config, versions and progress (default: the latest)."""
    with _reading(db_path, readonly) as con:
        return tournament(con, tournament_id)

"""The replays the web app offers, read safely: replay files (*.jsonl) directly
in the served folders, and the stored games of tournament databases (opened
read-only). Files are offered by name only, size-capped, named in errors by
that name (never the server's path), and every game is re-run and its final
scores re-computed, like `maracaibo replay`. Errors are ApiError (404, 400, 413).
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from ...registry import available_games, game_class
from ..replay_view import ReplayCursor, names_from_specs
from .context import MAX_LISTED, MAX_UPLOAD, ApiError


def offered_files(folders) -> dict[str, Path]:
    """name -> path of the replay files (*.jsonl) directly in the folders."""
    out = {}
    for folder in folders:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.name.endswith(".jsonl") and e.is_file(follow_symlinks=False):
                out.setdefault(e.name, Path(e.path))
    return out


def read_offered(path: Path, name: str, cap: int = MAX_UPLOAD) -> bytes:
    """An offered file's bytes: a regular file (no link, no device, no fifo) of at most cap bytes,
    read no further than that (a file that grows, or a sparse one, changes nothing)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ApiError(404, f"{name}: cannot open ({exc.strerror})") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(f.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise ApiError(404, f"{name}: not a regular file")
        if st.st_size > cap:
            raise ApiError(413, f"{name}: {st.st_size} bytes; a replay is at most {cap} bytes here")
        data = f.read(cap + 1)
    if len(data) > cap:
        raise ApiError(413, f"{name}: more than {cap} bytes; a replay is at most {cap} bytes here")
    return data


def checked_replay(data: bytes, name: str):
    """The game of a replay's bytes, checked like `maracaibo replay` (every decision re-run, the
    final scores re-computed); errors name the file by `name`."""
    from ...framework.replay import ReplayError, load_replay_bytes
    try:
        game, final = load_replay_bytes(data, name, True)
    except ReplayError as exc:
        raise ApiError(400, str(exc)) from None
    if final is not None and game.scores() != final:
        raise ApiError(400, f"{name}: final scores {game.scores()} differ from the recorded {final}")
    return game


def scrub(message: str, path: Path) -> str:
    """An error message with the server's paths of `path` replaced by its name."""
    for p in sorted({str(path), str(path.resolve()), str(path.resolve().as_uri())}, key=len, reverse=True):
        message = message.replace(p, path.name)
    return message


def tournament_games(databases, limit: int = MAX_LISTED) -> list[dict]:
    """The stored games with a history (at most `limit` per database, in schedule order)."""
    from ...tournament.store import connect
    out = []
    for i, db in enumerate(databases):
        try:
            con = connect(db, create=False, readonly=True)
            try:
                rows = con.execute(
                    "SELECT tournament_id, id, game, lineup, deal, scores FROM games WHERE history IS NOT "
                    "NULL ORDER BY tournament_id, job_index LIMIT ?", (limit + 1,)).fetchall()
            finally:
                con.close()
            for t, gid, game, lineup, deal, scores in rows[:limit]:
                out.append({"db": i, "database": db.name, "tournament": t, "game_id": gid,
                            "game": game, "lineup": lineup, "deal": deal, "scores": json.loads(scores)})
            if len(rows) > limit:
                out.append({"db": i, "database": db.name,
                            "error": f"only the first {limit} games with a history are listed"})
        except Exception as exc:   # a broken or foreign file is shown as such, not a crash
            out.append({"db": i, "database": db.name, "error": scrub(str(exc), db)})
    return out


def tournament_cursor(db: Path, tournament_id: int, game_id: int) -> ReplayCursor:
    """A cursor over a stored tournament game, re-run from its history and its scores checked."""
    info, sg = _load_stored_game(db, tournament_id, game_id)
    r = sg.result
    if r.game not in available_games():
        raise ApiError(400, f"{db.name}: game {game_id} is of an unknown game {str(r.game)[:40]!r}")
    from ...agents.adapter import get_adapter
    options = dict(info.config.get("options") or {})
    n, kw = get_adapter(r.game).setup_of(r, options)
    where = f"{db.name}, tournament {tournament_id}, game {game_id}"
    try:
        g = game_class(r.game)(n, seed=r.seed, **kw)
        for a in r.history:
            g.step(int(a))
    except (ValueError, TypeError, OverflowError) as exc:   # a tampered row: illegal or malformed
        raise ApiError(400, f"{where}: the stored game does not re-run: {exc}") from None
    if not g.is_over or g.scores() != list(r.scores):
        raise ApiError(400, f"{where}: the stored scores {list(r.scores)} are not the game's "
                            f"{g.scores() if g.is_over else '(it does not end)'}")
    return ReplayCursor(g, names_from_specs(r.specs, g), f"{where}: {sg.lineup}")


def _load_stored_game(db: Path, tournament_id: int, game_id: int):
    """(tournament info, stored game) of a game with a history, read only if under MAX_UPLOAD bytes."""
    import sqlite3
    from ...tournament.store import StoreError, connect, load_game, load_tournament
    try:
        con = connect(db, create=False, readonly=True)
        try:      # a stored game is read into memory: capped like a replay file
            sizes = con.execute("SELECT max(coalesce(length(CAST(history AS BLOB)), 0), "
                                "coalesce(length(CAST(events AS BLOB)), 0)) FROM games WHERE id = ? AND "
                                "tournament_id = ?", (game_id, tournament_id)).fetchone()
        finally:
            con.close()
        if sizes is not None and sizes[0] is not None and sizes[0] > MAX_UPLOAD:
            raise ApiError(413, f"{db.name}: game {game_id} holds {sizes[0]} bytes; at most {MAX_UPLOAD} here")
        info = load_tournament(db, tournament_id, readonly=True)
        sg = load_game(db, tournament_id, game_id, readonly=True)
    except (StoreError, sqlite3.Error, ValueError) as exc:
        raise ApiError(404, f"{db.name}: {scrub(str(exc), db)}") from None
    if sg is None or sg.result.history is None:
        raise ApiError(404, f"no stored game {game_id} with a history in tournament {tournament_id}")
    return info, sg

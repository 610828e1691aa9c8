"""The local web app of `maracaibo serve`: play against bots, watch bots,
step through replays and tournament games (Starlette; the page is plain
JavaScript in static/, nothing fetched from outside, so it works offline).

    app = create_app(replay_dirs=["runs/"], databases=["rr.sqlite"])

JSON API (every error is {"error": "..."} with status 400/404/413):

    POST /api/games                   {game, players, seat (null = watch), opponents, options, seed}
    GET  /api/games/{id}              the view (play/view.py) of that game
    POST /api/games/{id}/act          {"action": id or name}
    POST /api/games/{id}/undo | hint | step ({"n": k} bot decisions, watching)
    GET  /api/games/{id}/replay       the game's replay file (JSON lines)
    GET  /api/explain/{id}?action=... what an action does
    GET  /api/sources                 replay files and tournament games on offer
    POST /api/replays                 upload a replay (the body, at most MAX_UPLOAD bytes)
    POST /api/replays/open            {"source": "file"|"db", "name", "game_id"} -> {id, steps}
    GET  /api/replays/{id}/{k}        the view after k decisions

Safety: game ids are unguessable (secrets.token_urlsafe) and a browser acts
only in the games it created; files are offered by name from the configured
folders and databases only (a request names an entry of that list, never a
path); uploads are size-limited and parsed strictly; agents that would run
code or read files (python:, policy files) cannot be chosen from the page.
"""
from __future__ import annotations

import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...framework.game import GameConfigError, IllegalActionError
from ..labels import explain
from ..replay_view import ReplayCursor, names_from_specs
from ..session import PlaySession, PlayError

STATIC = Path(__file__).with_name("static")
MAX_UPLOAD = 2 << 20            # bytes of an uploaded replay (a long game is ~30 KB)
MAX_BODY = 64 << 10             # bytes of any other request body
MAX_GAMES = 200                 # live games kept; the least recently used go first
MAX_REPLAYS = 50
MAX_STEPS = 2000                # bot decisions per /step call
MAX_LISTED = 300                # tournament games listed per database
WEB_SPEC_KINDS = ("random", "heuristic", "mcts", "policy")


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class _Store:
    """Live objects by unguessable id, least recently used dropped first; a lock per object."""

    def __init__(self, cap: int, what: str):
        self.cap, self.what = cap, what
        self.items: OrderedDict[str, tuple[object, threading.Lock]] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, obj) -> str:
        key = secrets.token_urlsafe(18)
        with self.lock:
            self.items[key] = (obj, threading.Lock())
            while len(self.items) > self.cap:
                self.items.popitem(last=False)
        return key

    def get(self, key: str):
        with self.lock:
            item = self.items.get(key)
            if item is None:
                raise ApiError(404, f"no such {self.what} (unknown or expired id)")
            self.items.move_to_end(key)
            return item


def check_web_spec(spec, game: str) -> str:
    """An agent spec the page may choose: no python: classes, no policy files, bounded MCTS."""
    if not isinstance(spec, str):
        raise ApiError(400, f"an opponent is an agent spec string, got {spec!r}")
    s = spec.strip()
    if s.startswith("python:"):
        raise ApiError(400, "python: agents run code; start them from Python or the CLI, not the page")
    from ...adapters import get_adapter
    try:
        parsed = get_adapter(game).parse_spec(s)
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None
    if parsed.kind not in WEB_SPEC_KINDS:
        raise ApiError(400, f"{s!r} cannot sit at a table from the page (allowed: random, the heuristics, "
                            "mcts with iters <= 2000, policy:<shipped name>)")
    if parsed.kind == "policy":
        from agents.policy import shipped_policies
        if parsed.arg not in shipped_policies():
            raise ApiError(400, f"policy {parsed.arg!r}: only shipped policies from the page "
                                f"({', '.join(shipped_policies())})")
    if parsed.kind == "mcts":
        from ...match import mcts_options
        o = mcts_options(s)
        if o.get("iterations", 1000) > 2000 or "ms" in o:
            raise ApiError(400, "mcts from the page: iters at most 2000, no ms= budget")
    return s


def _offered_files(folders) -> dict[str, Path]:
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


def _tournament_games(databases, limit: int = MAX_LISTED) -> list[dict]:
    """The stored games with a history (at most `limit` per database, in schedule order)."""
    from ...tournament.store import connect
    out = []
    for i, db in enumerate(databases):
        try:
            con = connect(db, create=False)
            try:
                rows = con.execute(
                    "SELECT tournament_id, id, game, lineup, deal, scores FROM games WHERE history IS NOT "
                    "NULL ORDER BY tournament_id, job_index LIMIT ?", (limit + 1,)).fetchall()
            finally:
                con.close()
            for t, gid, game, lineup, deal, scores in rows[:limit]:
                out.append({"db": i, "database": Path(db).name, "tournament": t, "game_id": gid,
                            "game": game, "lineup": lineup, "deal": deal, "scores": json.loads(scores)})
            if len(rows) > limit:
                out.append({"db": i, "database": Path(db).name,
                            "error": f"only the first {limit} games with a history are listed"})
        except Exception as exc:   # a broken or foreign file is shown as such, not a crash
            out.append({"db": i, "database": Path(db).name, "error": str(exc)})
    return out


def _tournament_cursor(db, tournament_id: int, game_id: int) -> ReplayCursor:
    from ...adapters import get_adapter
    import sqlite3
    from ...tournament.store import StoreError, load_game, load_tournament
    try:
        info = load_tournament(db, tournament_id)
        sg = load_game(db, tournament_id, game_id)
    except (StoreError, sqlite3.Error, ValueError) as exc:
        raise ApiError(404, f"{Path(db).name}: {exc}") from None
    if sg is None or sg.result.history is None:
        raise ApiError(404, f"no stored game {game_id} with a history in tournament {tournament_id}")
    r = sg.result
    options = dict(info.config.get("options") or {})
    cls = get_adapter(r.game).game_class()
    kw = dict(options)
    if r.game == "maracaibo":
        kw["story"] = r.story
        if r.difficulty is not None:
            kw["difficulty"] = r.difficulty
    g = cls(1 if r.difficulty is not None else len(r.specs), seed=r.seed, **kw)
    for a in r.history:
        g.step(int(a))
    return ReplayCursor(g, names_from_specs(r.specs, g),
                        f"{Path(db).name}, tournament {tournament_id}, game {game_id}: {sg.lineup}")


def create_app(replay_dirs=(), databases=(), max_upload: int = MAX_UPLOAD) -> Starlette:
    """The app; replay_dirs: folders whose *.jsonl replays are offered; databases: tournament files."""
    games, replays = _Store(MAX_GAMES, "game"), _Store(MAX_REPLAYS, "replay")
    replay_dirs, databases = [Path(d) for d in replay_dirs], [Path(d) for d in databases]

    async def body_json(request: Request, limit: int = MAX_BODY) -> dict:
        raw = await _read_body(request, limit)
        try:
            d = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ApiError(400, "the request body is not JSON") from None
        if not isinstance(d, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return d

    def session(gid: str):
        return games.get(gid)

    def session_view(s: PlaySession, **extra) -> dict:
        v = s.view()
        v.update(extra)
        return v

    async def new_game(request: Request):
        d = await body_json(request)
        allowed = {"game", "players", "seat", "opponents", "options", "seed", "agent_seed"}
        if not set(d) <= allowed:
            raise ApiError(400, f"unknown keys {sorted(set(d) - allowed)}; allowed: {sorted(allowed)}")
        kind = d.get("game", "maracaibo")
        opponents = d.get("opponents") or None
        if opponents is not None:
            if not isinstance(opponents, list) or len(opponents) > 4:
                raise ApiError(400, "opponents must be a list of at most 4 agent specs")
            opponents = [check_web_spec(o, kind) for o in opponents]
        if kind not in ("maracaibo", "pirates"):
            raise ApiError(400, f"game must be 'maracaibo' or 'pirates', got {kind!r}")
        options = d.get("options") or []
        if not (isinstance(options, list) and all(isinstance(o, str) for o in options)):
            raise ApiError(400, 'options must be a list of "NAME" or "NAME=VALUE" strings, as in the CLI')
        from ...cli import parse_options
        options = parse_options(kind, options)     # GameConfigError names what is allowed

        def build():
            s = PlaySession(kind, d.get("players", 2), d.get("seat", 0), opponents, options,
                            d.get("seed", 0), d.get("agent_seed", 0))
            s.advance()
            return s
        s = await run_in_threadpool(build)
        gid = games.add(s)
        return JSONResponse({"id": gid, "view": session_view(s)})

    async def get_game(request: Request):
        s, lock = session(request.path_params["gid"])
        with lock:
            return JSONResponse(session_view(s))

    async def act(request: Request):
        s, lock = session(request.path_params["gid"])
        d = await body_json(request)
        if set(d) != {"action"}:
            raise ApiError(400, 'expected {"action": <id or name>}')

        def run():
            with lock:
                entry = s.act(d["action"])
                return session_view(s, last=entry)
        return JSONResponse(await run_in_threadpool(run))

    async def undo(request: Request):
        s, lock = session(request.path_params["gid"])
        with lock:
            s.undo()
            return JSONResponse(session_view(s))

    async def hint(request: Request):
        s, lock = session(request.path_params["gid"])

        def run():
            with lock:
                return s.hint()
        return JSONResponse(await run_in_threadpool(run))

    async def step(request: Request):
        s, lock = session(request.path_params["gid"])
        d = await body_json(request)
        n = d.get("n", 1)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_STEPS:
            raise ApiError(400, f"n must be an int 1..{MAX_STEPS}, got {n!r}")

        def run():
            with lock:
                for _ in range(n):
                    if s.step_bot() is None:
                        break
                return session_view(s)
        return JSONResponse(await run_in_threadpool(run))

    async def game_replay(request: Request):
        s, lock = session(request.path_params["gid"])
        from ...replay import replay_rows
        with lock:
            text = "\n".join(json.dumps(r) for r in replay_rows(s.game)) + "\n"
        return PlainTextResponse(text, headers={"Content-Disposition": 'attachment; filename="game.jsonl"'})

    async def explain_action(request: Request):
        s, lock = session(request.path_params["gid"])
        name = request.query_params.get("action", "")
        with lock:
            if name not in s.game.action_names:
                raise ApiError(400, f"unknown action name {name[:60]!r}")
            return JSONResponse({"action": name, "text": explain(s.game, name)})

    async def sources(request: Request):
        files = await run_in_threadpool(_offered_files, replay_dirs)
        games_ = await run_in_threadpool(_tournament_games, databases)
        return JSONResponse({"files": sorted(files), "tournament_games": games_})

    async def upload(request: Request):
        from ...replay import load_replay_bytes, ReplayError
        raw = await _read_body(request, max_upload)
        try:
            game, _ = await run_in_threadpool(load_replay_bytes, raw, "upload", True)
        except ReplayError as exc:
            raise ApiError(400, str(exc)) from None
        return await _open_cursor(ReplayCursor(game, None, "uploaded replay"))

    async def open_replay(request: Request):
        from ...replay import load_replay, ReplayError
        d = await body_json(request)
        src = d.get("source")
        if src == "file":
            files = _offered_files(replay_dirs)
            name = d.get("name")
            if not isinstance(name, str) or name not in files:
                raise ApiError(404, "no such replay file in the served folders")
            try:
                game, _ = await run_in_threadpool(load_replay, files[name], True)
            except ReplayError as exc:
                raise ApiError(400, str(exc)) from None
            return await _open_cursor(ReplayCursor(game, None, name))
        if src == "db":
            i, tid, gid = d.get("db"), d.get("tournament"), d.get("game_id")
            if not (type(i) is int and 0 <= i < len(databases) and type(tid) is int and type(gid) is int):
                raise ApiError(400, "expected {source: 'db', db: <index>, tournament: <id>, game_id: <id>}")
            cursor = await run_in_threadpool(_tournament_cursor, databases[i], tid, gid)
            return await _open_cursor(cursor)
        raise ApiError(400, "source must be 'file' or 'db'")

    async def _open_cursor(cursor: ReplayCursor):
        rid = replays.add(cursor)
        return JSONResponse({"id": rid, "steps": cursor.steps, "title": cursor.title,
                             "log": cursor.log, "view": cursor.frame(0, with_log=False)})

    async def replay_frame(request: Request):
        cursor, lock = replays.get(request.path_params["rid"])
        try:
            k = int(request.path_params["k"])
        except ValueError:
            raise ApiError(400, "the step is an int") from None
        with lock:
            try:
                return JSONResponse(cursor.frame(k, with_log=False))
            except ValueError as exc:
                raise ApiError(400, str(exc)) from None

    async def index(request: Request):
        return FileResponse(STATIC / "index.html")

    async def health(request: Request):
        return JSONResponse({"ok": True})

    routes = [
        Route("/", index), Route("/api/health", health),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{gid}", get_game),
        Route("/api/games/{gid}/act", act, methods=["POST"]),
        Route("/api/games/{gid}/undo", undo, methods=["POST"]),
        Route("/api/games/{gid}/hint", hint, methods=["POST"]),
        Route("/api/games/{gid}/step", step, methods=["POST"]),
        Route("/api/games/{gid}/replay", game_replay),
        Route("/api/explain/{gid}", explain_action),
        Route("/api/sources", sources),
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/replays/open", open_replay, methods=["POST"]),
        Route("/api/replays/{rid}/{k}", replay_frame),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {ApiError: _api_error, IllegalActionError: _bad_request, PlayError: _bad_request,
                GameConfigError: _bad_request, ValueError: _bad_request}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.started = time.time()
    return app


async def _read_body(request: Request, limit: int) -> bytes:
    """The body, refused with 413 as soon as it passes limit bytes."""
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > limit:
        raise ApiError(413, f"the body has {size} bytes; at most {limit} are accepted")
    chunks, n = [], 0
    async for chunk in request.stream():
        n += len(chunk)
        if n > limit:
            raise ApiError(413, f"the body passes {limit} bytes, the most accepted")
        chunks.append(chunk)
    return b"".join(chunks)


async def _api_error(request: Request, exc: ApiError) -> Response:
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _bad_request(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=400)

"""The local web app of `maracaibo serve`: play against bots, watch bots,
step through replays and tournament games (Starlette; the page is plain
JavaScript in static/, nothing fetched from outside, so it works offline).

    app = create_app(replay_dirs=["runs/"], databases=["rr.sqlite"])

JSON API (every error is {"error": "..."} with status 400/403/404/409/413/415/421/429/503):

    GET  /api/meta                    {"games": [{"id", "title"}]}: the registered games (the page's
                                      game list; maracaibo_env.registry)
    POST /api/games                   {game (a registered id), players, seat (null = watch), opponents,
                                      options, seed, campaign (true: the next game of the server's
                                      --campaign file; 409 while one is unfinished)}
    GET  /api/games/{id}              the view (play/view.py) of that game, with "decisions" (the
                                      number made so far) and "bot_to_act"; a campaign game's also has
                                      "campaign": {file, game, summary (once recorded), error}
    POST /api/games/{id}/act          {"action": id or name, "seen": decisions}: the person's decision
    POST /api/games/{id}/step         {"seen": decisions}: one bot decision (the page asks while
                                      "bot_to_act"; a watched game is paced to one per WATCH_TICK)
    POST /api/games/{id}/undo         {"seen": decisions}
    POST /api/games/{id}/hint         {} -> {"id", "name", "detail", "agent"}
    GET  /api/games/{id}/replay       the game's replay file (JSON lines)
    GET  /api/explain/{id}?action=... what an action does
    GET  /api/sources                 replay files and tournament games on offer
    GET  /api/campaign                {"campaign": null} or where the --campaign file stands
                                      (web/campaign.py CampaignDesk.status)
    POST /api/replays                 {"replay": "<the replay file's text>"} (at most MAX_UPLOAD bytes)
    POST /api/replays/open            {"source": "file"|"db", "name", "game_id"} -> {id, steps}
    GET  /api/replays/{id}/{k}        the view after k decisions

Safety (issue 22):
* bots never run in the server's process: every bot decision and hint is a
  job for a worker process (workers.BotPool) with a hard time budget, a
  request waits for at most one decision, a request that goes away cancels
  its decision, a full queue is refused (503) and each game has a budget of
  worker time (GAME_CPU_BUDGET);
* what a page may seat is one allowlist (play/limits.py), checked on the
  text before anything is imported or opened;
* other websites cannot drive it (security.SameOriginGuard: Host allowlist,
  JSON-only state changes from no foreign Origin, CSP and friends);
* every decision carries the number of decisions the page saw, so a repeated
  POST is refused (409) instead of played twice;
* game ids are unguessable (secrets.token_urlsafe); files are offered by name
  from the configured folders only, size-capped, and named in errors by that
  name; databases are opened read-only; replays are checked like `maracaibo
  replay` (every decision re-run, the final scores re-computed).
"""
from __future__ import annotations

import asyncio
import json
import os
import secrets
import stat
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...framework.game import GameConfigError, IllegalActionError
from ...registry import DEFAULT_GAME, available_games, game_class, game_info
from ..labels import explain
from ..limits import check_safe_spec
from ..replay_view import ReplayCursor, names_from_specs
from ..session import PlaySession, PlayError
from .campaign import GAME as CAMPAIGN_GAME, CampaignBusy, CampaignDesk
from .security import SameOriginGuard
from .workers import BotPool, DecisionFailed, PoolBusy

STATIC = Path(__file__).with_name("static")
MAX_UPLOAD = 2 << 20            # bytes of an uploaded or served replay (a long game is ~30 KB)
MAX_BODY = 64 << 10             # bytes of any other request body
MAX_GAMES = 200                 # games kept; the least recently used finished one goes first
MAX_REPLAYS = 50
MAX_LISTED = 300                # tournament games listed per database
MAX_ID = 2**62                  # tournament and game ids from the page
WATCH_TICK = 0.15               # seconds between two decisions of a watched game
GAME_CPU_BUDGET = 900.0         # seconds of worker time per game (bots and hints)


class ApiError(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class _Store:
    """Live objects by unguessable id. At the cap the least recently used
    finished one is dropped; an unfinished one (`in_progress(obj)`) never is:
    a new one is refused with a 503 instead, saying why."""

    def __init__(self, cap: int, what: str, in_progress=lambda obj: False):
        self.cap, self.what, self.in_progress = cap, what, in_progress
        self.items: OrderedDict[str, object] = OrderedDict()

    def check_room(self) -> None:
        """ApiError(503) when the store is full of unfinished objects (ask before building one)."""
        if len(self.items) >= self.cap and all(self.in_progress(v) for v in self.items.values()):
            raise ApiError(503, f"the server holds {len(self.items)} {self.what}s in progress, its "
                                f"most; finish one (or restart the server) before starting another")

    def add(self, obj) -> str:
        self.check_room()
        if len(self.items) >= self.cap:
            del self.items[next(k for k, v in self.items.items() if not self.in_progress(v))]
        key = secrets.token_urlsafe(18)
        self.items[key] = obj
        return key

    def get(self, key: str):
        item = self.items.get(key)
        if item is None:
            raise ApiError(404, f"no such {self.what} (unknown or expired id)")
        self.items.move_to_end(key)
        return item


class _Live:
    """A game in play: its session, whether a decision is in flight, the worker time used.
    Every change happens on the event loop, so a flag is lock enough."""

    def __init__(self, session: PlaySession):
        self.s = session
        self.busy = False
        self.cpu = 0.0
        self.last_tick = 0.0
        self.campaign: dict | None = None    # a campaign game's {file, game, summary, error}
        self.watch = session.seat is None


def check_web_spec(spec, game: str) -> str:
    """An agent spec the page may choose (play/limits.py), as an ApiError(400) if not."""
    try:
        return check_safe_spec(spec, game)
    except ValueError as exc:            # UnsafeSpecError, or AgentSpecError listing the known
        raise ApiError(400, str(exc)) from None


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


def _read_offered(path: Path, name: str, cap: int = MAX_UPLOAD) -> bytes:
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


def _checked_replay(data: bytes, name: str):
    """The game of a replay's bytes, checked like `maracaibo replay` (every decision re-run, the
    final scores re-computed); errors name the file by `name`."""
    from ...replay import ReplayError, load_replay_bytes
    try:
        game, final = load_replay_bytes(data, name, True)
    except ReplayError as exc:
        raise ApiError(400, str(exc)) from None
    if final is not None and game.scores() != final:
        raise ApiError(400, f"{name}: final scores {game.scores()} differ from the recorded {final}")
    return game


def _scrub(message: str, path: Path) -> str:
    """An error message with the server's paths of `path` replaced by its name."""
    for p in sorted({str(path), str(path.resolve()), str(path.resolve().as_uri())}, key=len, reverse=True):
        message = message.replace(p, path.name)
    return message


def _tournament_games(databases, limit: int = MAX_LISTED) -> list[dict]:
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
            out.append({"db": i, "database": db.name, "error": _scrub(str(exc), db)})
    return out


def _tournament_cursor(db: Path, tournament_id: int, game_id: int) -> ReplayCursor:
    from ...adapters import get_adapter
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
        raise ApiError(404, f"{db.name}: {_scrub(str(exc), db)}") from None
    if sg is None or sg.result.history is None:
        raise ApiError(404, f"no stored game {game_id} with a history in tournament {tournament_id}")
    r = sg.result
    if r.game not in available_games():
        raise ApiError(400, f"{db.name}: game {game_id} is of an unknown game {str(r.game)[:40]!r}")
    options = dict(info.config.get("options") or {})
    cls = game_class(r.game)
    n, kw = get_adapter(r.game).setup_of(r, options)
    where = f"{db.name}, tournament {tournament_id}, game {game_id}"
    try:
        g = cls(n, seed=r.seed, **kw)
        for a in r.history:
            g.step(int(a))
    except (ValueError, TypeError, OverflowError) as exc:   # a tampered row: illegal or malformed
        raise ApiError(400, f"{where}: the stored game does not re-run: {exc}") from None
    if not g.is_over or g.scores() != list(r.scores):
        raise ApiError(400, f"{where}: the stored scores {list(r.scores)} are not the game's "
                            f"{g.scores() if g.is_over else '(it does not end)'}")
    return ReplayCursor(g, names_from_specs(r.specs, g), f"{where}: {sg.lineup}")


def default_workers() -> int:
    """Bot worker processes: one core is left to the server (and the rest of the machine)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def create_app(replay_dirs=(), databases=(), max_upload: int = MAX_UPLOAD, hosts=(),
               bot_workers: int | None = None, decision_timeout: float | None = None,
               game_cpu_budget: float = GAME_CPU_BUDGET, watch_tick: float = WATCH_TICK,
               campaign: str | Path | None = None) -> Starlette:
    """The app (wrapped in SameOriginGuard); replay_dirs: folders whose *.jsonl replays are
    offered; databases: tournament files (opened read-only); hosts: names besides localhost
    the server answers to; bot_workers: worker processes for bot decisions (default_workers());
    campaign: a campaign file (read now: CampaignError) whose next game a page may start."""
    games = _Store(MAX_GAMES, "game", in_progress=lambda g: not g.s.game.is_over)
    replays = _Store(MAX_REPLAYS, "replay")
    desk = CampaignDesk(campaign) if campaign is not None else None
    replay_dirs, databases = [Path(d) for d in replay_dirs], [Path(d) for d in databases]
    pool_box: list[BotPool] = []

    def pool() -> BotPool:
        if not pool_box:
            kw = {} if decision_timeout is None else {"timeout": decision_timeout}
            pool_box.append(BotPool(bot_workers or default_workers(), **kw))
        return pool_box[0]

    async def body_json(request: Request, limit: int = MAX_BODY) -> dict:
        raw = await _read_body(request, limit)
        try:
            d = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ApiError(400, "the request body is not JSON") from None
        if not isinstance(d, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return d

    def live(request: Request) -> _Live:
        return games.get(request.path_params["gid"])

    def view(g: _Live, **extra) -> dict:
        v = g.s.view()
        v["decisions"] = len(g.s.game.history)
        v["bot_to_act"] = g.s.bot_to_act is not None
        v["bot_seconds_left"] = round(max(0.0, game_cpu_budget - g.cpu), 1)
        if g.campaign is not None:
            v["campaign"] = dict(g.campaign)
        v.update(extra)
        return v

    def check_seen(g: _Live, d: dict, keys: set) -> None:
        """The page's decision count must be the game's: a repeated or stale POST changes nothing."""
        if set(d) != keys:
            raise ApiError(400, f"expected exactly the keys {sorted(keys)}, got {sorted(d)[:8]}")
        seen, n = d["seen"], len(g.s.game.history)
        if type(seen) is not int:
            raise ApiError(400, f'"seen" is the number of decisions the page saw (an int), got {seen!r:.40}')
        if seen != n:
            raise ApiError(409, f"the game has moved on: {n} decisions made, the page saw {seen} "
                                "(nothing was done; reload the game)")
        if g.busy:
            raise ApiError(409, "a bot is deciding in this game; try again when it has")

    async def decide(g: _Live, request: Request, spec: str, game, rng_state: dict):
        """One decision of `spec` in a worker; the game is marked busy until it is back."""
        if g.cpu >= game_cpu_budget:
            raise ApiError(429, f"this game has used its {game_cpu_budget:g} s of bot time")
        g.busy = True
        task = asyncio.ensure_future(pool().decide(g.s.kind, spec, game, rng_state))
        try:
            while not task.done():     # a client that goes away cancels its decision
                await asyncio.wait({task}, timeout=0.25)
                if not task.done() and await request.is_disconnected():
                    task.cancel()
                    raise ApiError(499, "the client went away")
            a, state, seconds = task.result()
        except PoolBusy as exc:
            raise ApiError(503, str(exc)) from None
        except DecisionFailed as exc:
            raise ApiError(503, str(exc)) from None
        finally:
            if not task.done():
                task.cancel()
            g.busy = False
        g.cpu += seconds
        return a, state

    async def new_game(request: Request):
        d = await body_json(request)
        allowed = {"game", "players", "seat", "opponents", "options", "seed", "agent_seed", "campaign"}
        if not set(d) <= allowed:
            raise ApiError(400, f"unknown keys {sorted(set(d) - allowed)}; allowed: {sorted(allowed)}")
        kind = d.get("game", DEFAULT_GAME)
        if kind not in available_games():
            raise ApiError(400, f"game must be one of {', '.join(map(repr, available_games()))}, "
                                f"got {kind!r:.40}")
        opponents = d.get("opponents") or None
        if opponents is not None:
            if not isinstance(opponents, list) or len(opponents) > 4:
                raise ApiError(400, "opponents must be a list of at most 4 agent specs")
            opponents = [check_web_spec(o, kind) for o in opponents]
        options = d.get("options") or []
        if not (isinstance(options, list) and all(isinstance(o, str) for o in options)):
            raise ApiError(400, 'options must be a list of "NAME" or "NAME=VALUE" strings, as in the CLI')
        from ...cli_options import parse_options
        options = parse_options(kind, options)     # GameConfigError names what is allowed

        def build():
            return PlaySession(kind, d.get("players", 2), d.get("seat", 0), opponents, options,
                               d.get("seed", 0), d.get("agent_seed", 0))
        want = d.get("campaign", False)
        if type(want) is not bool:
            raise ApiError(400, f'"campaign" is true (the campaign\'s next game) or false, got {want!r:.40}')
        games.check_room()              # before anything is built or handed out
        if not want:
            g = _Live(await run_in_threadpool(build))
            gid = games.add(g)
            return JSONResponse({"id": gid, "view": view(g)})
        if desk is None:
            raise ApiError(400, "this server has no campaign (start it with `maracaibo serve --campaign FILE`)")
        if kind != CAMPAIGN_GAME:
            raise ApiError(400, f"the campaign is {game_info(CAMPAIGN_GAME).title}'s; allowed: game "
                                f"{CAMPAIGN_GAME!r} (or campaign false for a game of {kind})")

        def build_next():    # the campaign's next game: its start comes from the archive
            start = desk.campaign.next_game(d.get("players", 2), d.get("seed", 0), **options)
            return PlaySession(kind, d.get("players", 2), d.get("seat", 0), opponents,
                               {**options, "campaign": start.config["campaign"]},
                               d.get("seed", 0), d.get("agent_seed", 0))
        async with desk.lock:         # one campaign game at a time, whichever tab asks
            desk.check_free(games.items)
            g = _Live(await run_in_threadpool(build_next))
            gid = games.add(g)
            desk.started(gid, g)
        return JSONResponse({"id": gid, "view": view(g)})

    async def get_game(request: Request):
        return JSONResponse(view(live(request)))

    async def act(request: Request):
        g = live(request)
        d = await body_json(request)
        if "action" not in d:
            raise ApiError(400, 'expected {"action": <id or name>, "seen": <decisions the page saw>}')
        check_seen(g, d, {"action", "seen"})
        entry = g.s.act(d["action"], answer=False)
        if desk is not None:
            await desk.finish(g)
        return JSONResponse(view(g, last=entry))

    async def step(request: Request):
        g = live(request)
        d = await body_json(request)
        check_seen(g, d, {"seen"})
        if g.s.bot_to_act is None:
            raise ApiError(400, "no bot is to act: " + ("the game is over" if g.s.game.is_over else "it is your turn"))
        if g.watch:           # paced: at most one decision per tick, whoever asks
            g.busy = True
            try:
                await asyncio.sleep(max(0.0, g.last_tick + watch_tick - time.monotonic()))
            finally:
                g.busy = False
        p = g.s.bot_to_act
        a, state = await decide(g, request, g.s.seats[p], g.s.game, g.s.rng.bit_generator.state)
        g.last_tick = time.monotonic()
        entry = g.s.apply_bot(a, state)
        if desk is not None:
            await desk.finish(g)
        return JSONResponse(view(g, last=entry))

    async def undo(request: Request):
        g = live(request)
        d = await body_json(request)
        check_seen(g, d, {"seen"})
        if g.campaign is not None and g.s.game.is_over:
            raise ApiError(409, f"this campaign game of {g.campaign['file']} is over (recorded as played): "
                                "it cannot be undone")
        g.s.undo()
        return JSONResponse(view(g))

    async def hint(request: Request):
        g = live(request)
        await body_json(request)
        if g.busy:
            raise ApiError(409, "a bot is deciding in this game; try again when it has")
        rng = g.s.hint_rng()                     # PlayError when it is not the person's turn
        a, _ = await decide(g, request, g.s.hint_spec, g.s.game.clone(), rng.bit_generator.state)
        return JSONResponse(g.s.hint_reply(a))

    async def game_replay(request: Request):
        g = live(request)
        from ...replay import replay_rows
        text = "\n".join(json.dumps(r) for r in replay_rows(g.s.game)) + "\n"
        return PlainTextResponse(text, headers={"Content-Disposition": 'attachment; filename="game.jsonl"'})

    async def explain_action(request: Request):
        g = live(request)
        name = request.query_params.get("action", "")
        if name not in g.s.game.action_names:
            raise ApiError(400, f"unknown action name {name[:60]!r}")
        return JSONResponse({"action": name, "text": explain(g.s.game, name)})

    async def sources(request: Request):
        files = await run_in_threadpool(_offered_files, replay_dirs)
        games_ = await run_in_threadpool(_tournament_games, databases)
        return JSONResponse({"files": sorted(files), "tournament_games": games_})

    async def upload(request: Request):
        d = await body_json(request, max_upload + MAX_BODY)
        text = d.get("replay")
        if set(d) != {"replay"} or not isinstance(text, str):
            raise ApiError(400, 'expected {"replay": "<the replay file\'s text>"}')
        try:      # the file's bytes: undecodable ones travel as lone surrogates (surrogateescape)
            raw = text.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError as exc:
            raise ApiError(400, f"upload: not UTF-8 text (character {exc.start})") from None
        if len(raw) > max_upload:
            raise ApiError(413, f"the replay has {len(raw)} bytes; at most {max_upload} are accepted")
        game = await run_in_threadpool(_checked_replay, raw, "upload")
        return await _open_cursor(ReplayCursor, game, None, "uploaded replay")

    async def open_replay(request: Request):
        d = await body_json(request)
        src = d.get("source")
        if src == "file":
            files = await run_in_threadpool(_offered_files, replay_dirs)
            name = d.get("name")
            if not isinstance(name, str) or name not in files:
                raise ApiError(404, "no such replay file in the served folders")
            data = await run_in_threadpool(_read_offered, files[name], name, max_upload)
            game = await run_in_threadpool(_checked_replay, data, name)
            return await _open_cursor(ReplayCursor, game, None, name)
        if src == "db":
            i, tid, gid = d.get("db"), d.get("tournament"), d.get("game_id")
            if not (type(i) is int and 0 <= i < len(databases) and type(tid) is int and 0 <= tid < MAX_ID
                    and type(gid) is int and 0 <= gid < MAX_ID):
                raise ApiError(400, f"expected {{source: 'db', db: <index 0..{len(databases) - 1}>, "
                                    f"tournament: <id>, game_id: <id>}} with ids 0..2**62-1")
            cursor = await run_in_threadpool(_tournament_cursor, databases[i], tid, gid)
            return await _open_cursor(lambda: cursor)
        raise ApiError(400, "source must be 'file' or 'db'")

    async def _open_cursor(make, *args):
        cursor = await run_in_threadpool(make, *args)
        rid = replays.add(cursor)
        return JSONResponse({"id": rid, "steps": cursor.steps, "title": cursor.title,
                             "log": cursor.log, "view": cursor.frame(0, with_log=False)})

    async def replay_frame(request: Request):
        cursor = replays.get(request.path_params["rid"])
        try:
            k = int(request.path_params["k"])
        except ValueError:
            raise ApiError(400, "the step is an int") from None
        try:
            return JSONResponse(cursor.frame(k, with_log=False))
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None

    async def campaign_status(request: Request):
        return JSONResponse({"campaign": desk.status(games.items) if desk is not None else None})

    async def meta(request: Request):
        return JSONResponse({"games": [{"id": g, "title": game_info(g).title} for g in available_games()]})

    async def index(request: Request):
        return FileResponse(STATIC / "index.html")

    async def health(request: Request):
        p = pool_box[0] if pool_box else None
        return JSONResponse({"ok": True, "games": len(games.items), "queued": p.queued if p else 0,
                             "workers_ready": p.ready if p else 0, "worker_restarts": p.restarts if p else 0})

    @asynccontextmanager
    async def lifespan(app):
        pool()                          # the workers warm up while the first page loads
        try:
            yield
        finally:
            if pool_box:
                pool_box[0].close()

    routes = [
        Route("/", index), Route("/api/health", health), Route("/api/meta", meta),
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
        Route("/api/campaign", campaign_status),
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/replays/open", open_replay, methods=["POST"]),
        Route("/api/replays/{rid}/{k}", replay_frame),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers = {ApiError: _api_error, CampaignBusy: _conflict, IllegalActionError: _bad_request,
                PlayError: _bad_request, GameConfigError: _bad_request, ValueError: _bad_request}
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan,
                    middleware=[Middleware(SameOriginGuard, hosts=tuple(hosts))])
    app.state.started = time.time()
    app.state.pool = pool
    app.state.campaign = desk
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


async def _conflict(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=409)


async def _bad_request(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=400)

"""What every route of the web app shares: `AppContext` (the stores of live
games and replays, the bot workers, the campaign desk, the served folders and
databases, the limits), the `ApiError` every route raises, and the limits.

    ctx = AppContext(replay_dirs=["runs/"], bot_workers=1)
    Route("/api/games/{gid}", ctx.bind(get_game))     # get_game(ctx, request)

Each module of routes/ holds endpoints `async def name(ctx, request)` and a
`routes(ctx)` list; create_app (app.py) builds one context and joins them.
"""
from __future__ import annotations

import json
import os
import secrets
from collections import OrderedDict
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path

from starlette.requests import Request
from starlette.routing import Route

from ..limits import check_safe_spec
from ..session import PlaySession
from .campaign import CampaignDesk
from .workers import BotPool

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
    """An answer {"error": message} with that status (app.py's handler)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class Store:
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


class Live:
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


def default_workers() -> int:
    """Bot worker processes: one core is left to the server (and the rest of the machine)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class AppContext:
    """One app's state and limits (create_app's arguments); the bot pool starts on first use."""

    def __init__(self, replay_dirs=(), databases=(), max_upload: int = MAX_UPLOAD,
                 bot_workers: int | None = None, decision_timeout: float | None = None,
                 game_cpu_budget: float = GAME_CPU_BUDGET, watch_tick: float = WATCH_TICK,
                 campaign: str | Path | None = None):
        self.games = Store(MAX_GAMES, "game", in_progress=lambda g: not g.s.game.is_over)
        self.replays = Store(MAX_REPLAYS, "replay")
        self.desk = CampaignDesk(campaign) if campaign is not None else None
        self.replay_dirs = [Path(d) for d in replay_dirs]
        self.databases = [Path(d) for d in databases]
        self.max_upload = max_upload
        self.game_cpu_budget = game_cpu_budget
        self.watch_tick = watch_tick
        self._bot_workers, self._decision_timeout = bot_workers, decision_timeout
        self._pool: BotPool | None = None

    # ---- the bot workers -----------------------------------------------------------------
    @property
    def started_pool(self) -> BotPool | None:
        """The pool if it was started (GET /api/health does not start it)."""
        return self._pool

    def pool(self) -> BotPool:
        if self._pool is None:
            kw = {} if self._decision_timeout is None else {"timeout": self._decision_timeout}
            self._pool = BotPool(self._bot_workers or default_workers(), **kw)
        return self._pool

    @asynccontextmanager
    async def lifespan(self, app):
        self.pool()                     # the workers warm up while the first page loads
        try:
            yield
        finally:
            if self._pool is not None:
                self._pool.close()

    # ---- what the routes share -------------------------------------------------------------
    def bind(self, endpoint):
        """endpoint(ctx, request) as the Starlette endpoint(request) of this context."""
        return partial(endpoint, self)

    def route(self, path: str, endpoint, methods: list[str] | None = None) -> Route:
        """Route(path) to endpoint(ctx, request), named after the endpoint."""
        return Route(path, self.bind(endpoint), methods=methods, name=endpoint.__name__)

    async def body_json(self, request: Request, limit: int = MAX_BODY) -> dict:
        """The request's body: a JSON object of at most `limit` bytes, or ApiError 400/413."""
        raw = await read_body(request, limit)
        try:
            d = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ApiError(400, "the request body is not JSON") from None
        if not isinstance(d, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return d

    def live(self, request: Request) -> Live:
        """The game of the path's {gid} (ApiError 404)."""
        return self.games.get(request.path_params["gid"])

    def view(self, g: Live, **extra) -> dict:
        """The page's view of g: play/view.py's, with the decisions made, whether a bot is to act,
        the bot time left and a campaign game's record."""
        v = g.s.view()
        v["decisions"] = len(g.s.game.history)
        v["bot_to_act"] = g.s.bot_to_act is not None
        v["bot_seconds_left"] = round(max(0.0, self.game_cpu_budget - g.cpu), 1)
        if g.campaign is not None:
            v["campaign"] = dict(g.campaign)
        v.update(extra)
        return v


async def read_body(request: Request, limit: int) -> bytes:
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

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

The routes live in routes/ (one module per area: meta, games, campaign,
replays), bound to one context.AppContext (the stores, the bot workers, the
campaign desk, the limits); web/sources.py reads the offered files and
tournament games.

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

import time
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...framework.game import GameConfigError, IllegalActionError
from ..session import PlayError
from .campaign import CampaignBusy
from .context import (GAME_CPU_BUDGET, MAX_UPLOAD, WATCH_TICK, ApiError, AppContext, check_web_spec,
                      default_workers)
from .routes import campaign as campaign_routes, games, meta, replays
from .security import SameOriginGuard

__all__ = ["create_app", "ApiError", "check_web_spec", "default_workers", "MAX_UPLOAD"]

AREAS = (meta, games, campaign_routes, replays)     # each: routes(ctx) -> its list of routes


def create_app(replay_dirs=(), databases=(), max_upload: int = MAX_UPLOAD, hosts=(),
               bot_workers: int | None = None, decision_timeout: float | None = None,
               game_cpu_budget: float = GAME_CPU_BUDGET, watch_tick: float = WATCH_TICK,
               campaign: str | Path | None = None) -> Starlette:
    """The app (wrapped in SameOriginGuard); replay_dirs: folders whose *.jsonl replays are
    offered; databases: tournament files (opened read-only); hosts: names besides localhost
    the server answers to; bot_workers: worker processes for bot decisions (default_workers());
    campaign: a campaign file (read now: CampaignError) whose next game a page may start."""
    ctx = AppContext(replay_dirs, databases, max_upload, bot_workers, decision_timeout,
                     game_cpu_budget, watch_tick, campaign)
    handlers = {ApiError: _api_error, CampaignBusy: _conflict, IllegalActionError: _bad_request,
                PlayError: _bad_request, GameConfigError: _bad_request, ValueError: _bad_request}
    app = Starlette(routes=[r for area in AREAS for r in area.routes(ctx)], exception_handlers=handlers,
                    lifespan=ctx.lifespan, middleware=[Middleware(SameOriginGuard, hosts=tuple(hosts))])
    app.state.started = time.time()
    app.state.context = ctx
    app.state.pool = ctx.pool
    app.state.campaign = ctx.desk
    return app


async def _api_error(request: Request, exc: ApiError) -> Response:
    return JSONResponse({"error": exc.message}, status_code=exc.status)


async def _conflict(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=409)


async def _bad_request(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc)}, status_code=400)

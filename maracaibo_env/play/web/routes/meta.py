"""The page itself and what it asks first: index.html and its static files,
the registered games (/api/meta) and the server's health (/api/health)."""
from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from ....registry import available_games, game_info
from ..context import STATIC, AppContext


def routes(ctx: AppContext) -> list[BaseRoute]:
    return [
        ctx.route("/", index), ctx.route("/api/health", health), ctx.route("/api/meta", meta),
        ctx.route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


async def index(ctx: AppContext, request: Request):
    return FileResponse(STATIC / "index.html")


async def favicon(ctx: AppContext, request: Request):
    return Response(status_code=204)


async def meta(ctx: AppContext, request: Request):
    return JSONResponse({"games": [{"id": g, "title": game_info(g).title} for g in available_games()]})


async def health(ctx: AppContext, request: Request):
    p = ctx.started_pool
    return JSONResponse({"ok": True, "games": len(ctx.games.items), "queued": p.queued if p else 0,
                         "workers_ready": p.ready if p else 0, "worker_restarts": p.restarts if p else 0})

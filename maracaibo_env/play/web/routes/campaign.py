"""The server's campaign (`maracaibo serve --campaign FILE`, web/campaign.py):
where it stands (GET /api/campaign) and starting its next game, one at a time
(POST /api/games with "campaign": true, through routes/games.py)."""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ....registry import game_info
from ..campaign import GAME as CAMPAIGN_GAME
from ..context import ApiError, AppContext, Live


def routes(ctx: AppContext) -> list[Route]:
    return [ctx.route("/api/campaign", campaign_status)]


async def campaign_status(ctx: AppContext, request: Request):
    return JSONResponse({"campaign": ctx.desk.status(ctx.games.items) if ctx.desk is not None else None})


async def start_game(ctx: AppContext, kind: str, d: dict, options: dict, session) -> JSONResponse:
    """The campaign's next game as a new game (its start comes from the archive); d: the
    POST /api/games body, session(options): its PlaySession with those options."""
    desk = ctx.desk
    if desk is None:
        raise ApiError(400, "this server has no campaign (start it with `maracaibo serve --campaign FILE`)")
    if kind != CAMPAIGN_GAME:
        raise ApiError(400, f"the campaign is {game_info(CAMPAIGN_GAME).title}'s; allowed: game "
                            f"{CAMPAIGN_GAME!r} (or campaign false for a game of {kind})")

    def build_next():
        start = desk.campaign.next_game(d.get("players", 2), d.get("seed", 0), **options)
        return session({**options, "campaign": start.config["campaign"]})
    async with desk.lock:         # one campaign game at a time, whichever tab asks
        desk.check_free(ctx.games.items)
        g = Live(await run_in_threadpool(build_next))
        gid = ctx.games.add(g)
        desk.started(gid, g)
    return JSONResponse({"id": gid, "view": ctx.view(g)})

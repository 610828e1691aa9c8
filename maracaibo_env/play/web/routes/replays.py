"""Replays stepped through on the page: what is on offer (replay files of the
served folders, games of the tournament databases), opening one of them or an
uploaded replay file, and the view after k decisions (web/sources.py reads and
checks them)."""
from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ...replay_view import ReplayCursor
from ..context import MAX_BODY, MAX_ID, ApiError, AppContext
from ..sources import checked_replay, offered_files, read_offered, tournament_cursor, tournament_games


def routes(ctx: AppContext) -> list[Route]:
    return [
        ctx.route("/api/sources", sources),
        ctx.route("/api/replays", upload, methods=["POST"]),
        ctx.route("/api/replays/open", open_replay, methods=["POST"]),
        ctx.route("/api/replays/{rid}/{k}", replay_frame),
    ]


async def sources(ctx: AppContext, request: Request):
    files = await run_in_threadpool(offered_files, ctx.replay_dirs)
    games = await run_in_threadpool(tournament_games, ctx.databases)
    return JSONResponse({"files": sorted(files), "tournament_games": games})


async def upload(ctx: AppContext, request: Request):
    d = await ctx.body_json(request, ctx.max_upload + MAX_BODY)
    text = d.get("replay")
    if set(d) != {"replay"} or not isinstance(text, str):
        raise ApiError(400, 'expected {"replay": "<the replay file\'s text>"}')
    try:      # the file's bytes: undecodable ones travel as lone surrogates (surrogateescape)
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise ApiError(400, f"upload: not UTF-8 text (character {exc.start})") from None
    if len(raw) > ctx.max_upload:
        raise ApiError(413, f"the replay has {len(raw)} bytes; at most {ctx.max_upload} are accepted")
    game = await run_in_threadpool(checked_replay, raw, "upload")
    return await _open_cursor(ctx, ReplayCursor, game, None, "uploaded replay")


async def open_replay(ctx: AppContext, request: Request):
    d = await ctx.body_json(request)
    src = d.get("source")
    if src == "file":
        files = await run_in_threadpool(offered_files, ctx.replay_dirs)
        name = d.get("name")
        if not isinstance(name, str) or name not in files:
            raise ApiError(404, "no such replay file in the served folders")
        data = await run_in_threadpool(read_offered, files[name], name, ctx.max_upload)
        game = await run_in_threadpool(checked_replay, data, name)
        return await _open_cursor(ctx, ReplayCursor, game, None, name)
    if src == "db":
        i, tid, gid = d.get("db"), d.get("tournament"), d.get("game_id")
        if not (type(i) is int and 0 <= i < len(ctx.databases) and type(tid) is int and 0 <= tid < MAX_ID
                and type(gid) is int and 0 <= gid < MAX_ID):
            raise ApiError(400, f"expected {{source: 'db', db: <index 0..{len(ctx.databases) - 1}>, "
                                f"tournament: <id>, game_id: <id>}} with ids 0..2**62-1")
        cursor = await run_in_threadpool(tournament_cursor, ctx.databases[i], tid, gid)
        return await _open_cursor(ctx, lambda: cursor)
    raise ApiError(400, "source must be 'file' or 'db'")


async def replay_frame(ctx: AppContext, request: Request):
    cursor = ctx.replays.get(request.path_params["rid"])
    try:
        k = int(request.path_params["k"])
    except ValueError:
        raise ApiError(400, "the step is an int") from None
    try:
        return JSONResponse(cursor.frame(k, with_log=False))
    except ValueError as exc:
        raise ApiError(400, str(exc)) from None


async def _open_cursor(ctx: AppContext, make, *args):
    """The cursor make(*args) (built in a thread), stored; its id, length, title, log, first view."""
    cursor = await run_in_threadpool(make, *args)
    rid = ctx.replays.add(cursor)
    return JSONResponse({"id": rid, "steps": cursor.steps, "title": cursor.title,
                         "log": cursor.log, "view": cursor.frame(0, with_log=False)})

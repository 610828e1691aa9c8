"""Games in play: start one, read its view, make the person's decision, ask
for one bot decision, undo, ask for a hint, download its replay, explain an
action. Every bot decision and hint runs in a worker (context.AppContext.pool)
against the game's budget of worker time; every decision names the number of
decisions the page saw, so a repeated POST is refused (409), not played twice.
"""
from __future__ import annotations

import asyncio
import json
import time
from functools import partial

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

from ....registry import DEFAULT_GAME, available_games
from ...labels import explain
from ...session import PlaySession
from ..context import ApiError, AppContext, Live, check_web_spec
from ..workers import DecisionFailed, PoolBusy
from . import campaign

NEW_GAME_KEYS = {"game", "players", "seat", "opponents", "options", "seed", "agent_seed", "campaign"}


def routes(ctx: AppContext) -> list[Route]:
    return [
        ctx.route("/api/games", new_game, methods=["POST"]),
        ctx.route("/api/games/{gid}", get_game),
        ctx.route("/api/games/{gid}/act", act, methods=["POST"]),
        ctx.route("/api/games/{gid}/undo", undo, methods=["POST"]),
        ctx.route("/api/games/{gid}/hint", hint, methods=["POST"]),
        ctx.route("/api/games/{gid}/step", step, methods=["POST"]),
        ctx.route("/api/games/{gid}/replay", game_replay),
        ctx.route("/api/explain/{gid}", explain_action),
    ]


# ---- starting a game ---------------------------------------------------------------------
async def new_game(ctx: AppContext, request: Request):
    d = await ctx.body_json(request)
    kind, opponents, options, want_campaign = _new_game_request(d)
    ctx.games.check_room()              # before anything is built or handed out
    session = partial(_session, kind, d, opponents)
    if want_campaign:
        return await campaign.start_game(ctx, kind, d, options, session)
    g = Live(await run_in_threadpool(session, options))
    gid = ctx.games.add(g)
    return JSONResponse({"id": gid, "view": ctx.view(g)})


def _new_game_request(d: dict) -> tuple[str, list[str] | None, dict, bool]:
    """(game, opponents, options, campaign) of a POST /api/games body, checked (ApiError 400)."""
    if not set(d) <= NEW_GAME_KEYS:
        raise ApiError(400, f"unknown keys {sorted(set(d) - NEW_GAME_KEYS)}; allowed: {sorted(NEW_GAME_KEYS)}")
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
    from ....framework.cli_options import parse_options
    options = parse_options(kind, options)     # GameConfigError names what is allowed
    want = d.get("campaign", False)
    if type(want) is not bool:
        raise ApiError(400, f'"campaign" is true (the campaign\'s next game) or false, got {want!r:.40}')
    return kind, opponents, options, want


def _session(kind: str, d: dict, opponents, options: dict) -> PlaySession:
    """The session a POST /api/games body asks for, with those options (PlayError, ValueError)."""
    return PlaySession(kind, d.get("players", 2), d.get("seat", 0), opponents, options,
                       d.get("seed", 0), d.get("agent_seed", 0))


# ---- a game in play ------------------------------------------------------------------------
async def get_game(ctx: AppContext, request: Request):
    return JSONResponse(ctx.view(ctx.live(request)))


async def act(ctx: AppContext, request: Request):
    g = ctx.live(request)
    d = await ctx.body_json(request)
    if "action" not in d:
        raise ApiError(400, 'expected {"action": <id or name>, "seen": <decisions the page saw>}')
    check_seen(g, d, {"action", "seen"})
    entry = g.s.act(d["action"], answer=False)
    if ctx.desk is not None:
        await ctx.desk.finish(g)
    return JSONResponse(ctx.view(g, last=entry))


async def step(ctx: AppContext, request: Request):
    g = ctx.live(request)
    d = await ctx.body_json(request)
    check_seen(g, d, {"seen"})
    if g.s.bot_to_act is None:
        raise ApiError(400, "no bot is to act: " + ("the game is over" if g.s.game.is_over else "it is your turn"))
    if g.watch:           # paced: at most one decision per tick, whoever asks
        g.busy = True
        try:
            await asyncio.sleep(max(0.0, g.last_tick + ctx.watch_tick - time.monotonic()))
        finally:
            g.busy = False
    p = g.s.bot_to_act
    a, state = await decide(ctx, g, request, g.s.seats[p], g.s.game, g.s.rng.bit_generator.state)
    g.last_tick = time.monotonic()
    entry = g.s.apply_bot(a, state)
    if ctx.desk is not None:
        await ctx.desk.finish(g)
    return JSONResponse(ctx.view(g, last=entry))


async def undo(ctx: AppContext, request: Request):
    g = ctx.live(request)
    d = await ctx.body_json(request)
    check_seen(g, d, {"seen"})
    if g.campaign is not None and g.s.game.is_over:
        raise ApiError(409, f"this campaign game of {g.campaign['file']} is over (recorded as played): "
                            "it cannot be undone")
    g.s.undo()
    return JSONResponse(ctx.view(g))


async def hint(ctx: AppContext, request: Request):
    g = ctx.live(request)
    await ctx.body_json(request)
    if g.busy:
        raise ApiError(409, "a bot is deciding in this game; try again when it has")
    rng = g.s.hint_rng()                     # PlayError when it is not the person's turn
    a, _ = await decide(ctx, g, request, g.s.hint_spec, g.s.game.clone(), rng.bit_generator.state)
    return JSONResponse(g.s.hint_reply(a))


async def game_replay(ctx: AppContext, request: Request):
    g = ctx.live(request)
    from ....framework.replay import replay_rows
    text = "\n".join(json.dumps(r) for r in replay_rows(g.s.game)) + "\n"
    return PlainTextResponse(text, headers={"Content-Disposition": 'attachment; filename="game.jsonl"'})


async def explain_action(ctx: AppContext, request: Request):
    g = ctx.live(request)
    name = request.query_params.get("action", "")
    if name not in g.s.game.action_names:
        raise ApiError(400, f"unknown action name {name[:60]!r}")
    return JSONResponse({"action": name, "text": explain(g.s.game, name)})


# ---- helpers -------------------------------------------------------------------------------
def check_seen(g: Live, d: dict, keys: set) -> None:
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


async def decide(ctx: AppContext, g: Live, request: Request, spec: str, game, rng_state: dict):
    """One decision of `spec` in a worker; the game is marked busy until it is back."""
    if g.cpu >= ctx.game_cpu_budget:
        raise ApiError(429, f"this game has used its {ctx.game_cpu_budget:g} s of bot time")
    g.busy = True
    task = asyncio.ensure_future(ctx.pool().decide(g.s.kind, spec, game, rng_state))
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

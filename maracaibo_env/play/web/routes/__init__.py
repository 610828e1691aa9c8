"""The web app's routes, one module per area of the API; each module's
`routes(ctx)` is its list of Route, bound to the app's context.AppContext:

* meta: the page, its static files, /api/meta, /api/health;
* games: new games, a game's view, decisions (act, step, undo), hints, its replay;
* campaign: /api/campaign and starting the campaign's next game;
* replays: replay files, tournament games and uploads, stepped through.
"""
from __future__ import annotations

from . import campaign, games, meta, replays

__all__ = ["campaign", "games", "meta", "replays"]

"""`maracaibo serve --campaign FILE`: the web app's campaign games, one at a time.

    desk = CampaignDesk("camp.json")      # read once, at start (CampaignError: said, exit 2)
    async with desk.lock:
        desk.check_free(games)            # CampaignBusy while a campaign game is unfinished
        ... desk.campaign.next_game(...)  # the page's new game (routes/campaign.start_game)
    await desk.finish(live_game)          # after act/step: a finished game is recorded once

Every change of the campaign happens under `lock`, an asyncio lock: uvicorn
runs every endpoint on one event loop and only the set-up of a game (numba
may compile) runs in a worker thread, while the lock is held. The file is
written only when a game is recorded (Campaign.save: atomically), and never
over changes another program made to it since the server read or wrote it
(`maracaibo campaign next` on the same file): then the server refuses further
campaign games and says why.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from starlette.concurrency import run_in_threadpool

from ...maracaibo.campaign import Campaign, CampaignError, unknown_backs
from ..campaign import EVENT_TEXT, GAME, UNKNOWN_BACK

__all__ = ["CampaignDesk", "CampaignBusy", "GAME"]


class CampaignBusy(Exception):
    """A campaign game cannot start now (one is unfinished, or the file changed elsewhere): 409."""


class CampaignDesk:
    """The campaign file the server was started with and the campaign game in play."""

    def __init__(self, path) -> None:
        self.path = Path(path)
        self.name = self.path.name          # what the page is told: the file's name, not its folder
        from ...maracaibo.campaign import MAX_CAMPAIGN_BYTES
        from ...framework.files import FileError, read_bytes
        try:        # a regular file under the cap: a device or a FIFO is refused at once
            raw = read_bytes(self.path, MAX_CAMPAIGN_BYTES, "campaign file")
        except FileError as exc:
            raise CampaignError(f"cannot read it: {exc.reason}") from None
        self.campaign = Campaign.from_json(raw)
        self._on_disk = raw                  # what the file held when last read or written
        self.lock = asyncio.Lock()
        self.live_id: str | None = None      # the campaign game in play: its id and its context.Live
        self.live = None
        self.stuck: str | None = None        # why no more campaign games can start
        from ...maracaibo.story import load_story_cards
        self.titles = {c.number: c.title or "" for c in load_story_cards(self.campaign.data_dir)}
        self.unknown = unknown_backs(self.campaign.catalog)   # cards whose back no source prints

    # ---- starting a game -------------------------------------------------------------------
    def check_free(self, games: dict) -> None:
        """CampaignBusy unless a campaign game may start now; games: the app's live games by id
        (a campaign game dropped from them, the least recently used, no longer counts)."""
        if self.stuck:
            raise CampaignBusy(self.stuck)
        g = games.get(self.live_id) if self.live_id else None
        if g is not None and g is self.live and not g.s.game.is_over:
            raise CampaignBusy(
                f"a campaign game of {self.name} is in progress ({len(g.s.game.history)} decisions made): "
                "one campaign game at a time. Finish it first (the new-game page's 'continue the "
                "campaign game'); restarting the server drops it")

    def started(self, gid: str, g) -> None:
        """The campaign game just handed out by next_game is g, stored as gid."""
        self.live_id, self.live = gid, g
        g.campaign = {"file": self.name, "game": len(self.campaign.games) + 1, "summary": None, "error": None}

    # ---- ending it ---------------------------------------------------------------------------
    async def finish(self, g) -> None:
        """Record g into the campaign and save the file, once, if g is the campaign game and over."""
        c = g.campaign
        if c is None or not g.s.game.is_over or c["summary"] is not None or c["error"] is not None:
            return
        async with self.lock:
            if c["summary"] is not None or c["error"] is not None:
                return
            if g is self.live:
                self.live_id, self.live = None, None
            try:
                summary = self.campaign.record(g.s.game)
            except CampaignError as exc:       # not the game handed out last: nothing changed
                c["error"] = f"not recorded in {self.name}: {exc}"
                return
            c["summary"] = self.public(summary)
            try:
                await run_in_threadpool(self._save)
            except OSError as exc:
                c["error"] = (f"recorded, but {self.name} could not be written ({exc.strerror or exc}); "
                              "the server keeps it and writes it with the next campaign game")
            except CampaignError as exc:
                c["error"] = str(exc)

    def _save(self) -> None:
        from ...maracaibo.campaign import MAX_CAMPAIGN_BYTES
        from ...framework.files import fingerprint, read_bytes
        now = None if fingerprint(self.path) is None else \
            read_bytes(self.path, MAX_CAMPAIGN_BYTES, "campaign file")
        if now != self._on_disk:
            self.stuck = (f"{self.name} was changed or removed by another program since the server read "
                          "it: the server does not write over it, so this game is not saved there and no "
                          "more campaign games start here (restart the server to go on from the file)")
            raise CampaignError(self.stuck)
        self.campaign.save(self.path)
        self._on_disk = self.campaign.to_json().encode()

    # ---- what the page reads -------------------------------------------------------------------
    def public(self, summary: dict) -> dict:
        """A recorded game's summary for the page: its story cards (story_log) and the archive."""
        return {"file": self.name, "game": summary["game"], "games_recorded": len(self.campaign.games),
                "scores": summary["scores"], "winners": summary["winners"],
                "story": [{"card": n, "title": self.titles.get(n, ""), "event": e,
                           "text": UNKNOWN_BACK if e == "read" and n in self.unknown else EVENT_TEXT.get(e, e)}
                          for n, e in summary["story"]],
                "archive": summary["archive"]}

    def status(self, games: dict) -> dict:
        """GET /api/campaign: where the campaign stands, and the id of its game in play (if any)."""
        c = self.campaign
        g = games.get(self.live_id) if self.live_id else None
        in_play = self.live_id if g is not None and g is self.live and not g.s.game.is_over else None
        return {"file": self.name, "games": len(c.games), "chapter": c.chapter, "archive": c.archive,
                "last": self.public(c.games[-1]) if c.games else None, "in_play": in_play,
                "stuck": self.stuck}

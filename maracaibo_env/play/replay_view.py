"""Stepping through a finished (or unfinished) game: `ReplayCursor`, and
`maracaibo replay FILE --html out.html`, one self-contained page.

A cursor re-runs the game once and keeps the state after every decision, so
stepping back and forth costs nothing; `frame(k)` is the view (play/view.py)
after k decisions, seen over the shoulder of the player to act (their hand
shows, so you see what an agent saw). Sources: a replay file or upload
(maracaibo_env.framework.replay), a tournament game stored with --replays (SQLite).
"""
from __future__ import annotations

import html
import json
from pathlib import Path

from .labels import detail, seat_names
from .view import build_view

STATIC = Path(__file__).with_name("web") / "static"
# JSON inside <script>: with no "<" no string can end the block ("</script>") or
# comment it ("<!--"); each \uXXXX is a JSON (and JS) escape, so the data reads
# the same. U+2028/U+2029 end a line in older JS.
_SCRIPT_SAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                              "\u2028": "\\u2028", "\u2029": "\\u2029"})


class ReplayCursor:
    """The states of one game after 0, 1, ..., n decisions."""

    def __init__(self, game, names: list[str] | None = None, title: str = ""):
        """game: a Game with config and history (e.g. from replay.load_replay);
        it is re-run from its set-up."""
        if game.history is None or game.config is None:
            raise ValueError("this game has no history to step through (it was loaded from a saved state)")
        g = type(game)(**game.config, catalog=game.catalog)
        g.history = None                  # the frames need no history of their own
        self.names = list(names) if names else [f"player {p}" for p in range(g.num_seats)]
        self.title = title
        self.frames, self.log = [g.clone()], []
        for a in game.history:
            p, name = g.current_player, g.action_names[a]
            self.log.append({"n": len(self.log), "round": g.round, "player": p, "who": self.names[p],
                             "action": name, "detail": detail(g, name)})
            g.step(a)
            self.frames.append(g.clone())

    @property
    def steps(self) -> int:
        return len(self.frames) - 1

    def frame(self, k: int, with_log: bool = True) -> dict:
        """The view after k decisions (0..steps)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self.steps:
            raise ValueError(f"step must be an int 0..{self.steps}, got {k!r}")
        g = self.frames[k]
        v = build_view(g, None if g.is_over else g.current_player, self.names, actions=False)
        v.update(step=k, steps=self.steps, replay_title=self.title)
        if k < self.steps:
            v["next"] = self.log[k]           # the decision taken in this state
        if with_log:
            v["log"] = self.log[max(0, k - 40):k]
        return v


def names_from_specs(specs, game) -> list[str]:
    """Seat names for a tournament game: its agent specs, plus the solo opponent."""
    return seat_names(game, [str(s) for s in specs])


def replay_page(cursor: ReplayCursor) -> str:
    """One HTML page (no outside files, works offline) that steps through the game."""
    frames = [cursor.frame(k, with_log=False) for k in range(cursor.steps + 1)]
    data = json.dumps({"frames": frames, "log": cursor.log, "title": cursor.title},
                      separators=(",", ":")).translate(_SCRIPT_SAFE)
    css = (STATIC / "app.css").read_text(encoding="utf-8")
    js = (STATIC / "app.js").read_text(encoding="utf-8")
    title = html.escape(cursor.title or "replay")
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title}</title>"
            f"<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<style>{css}</style></head><body><div id=app></div>"
            f"<script>{js}</script>"
            f"<script>const DATA = {data};\nMV.replayPlayer(document.getElementById('app'), DATA);</script>"
            f"</body></html>")


def write_replay_page(cursor: ReplayCursor, out) -> None:
    Path(out).write_text(replay_page(cursor), encoding="utf-8")

"""Maracaibo's campaign from game to game (checklist SETUP-18, END-05, LEG-00b,
STORY-01; the rules inside a game are in core/story.py).

    from maracaibo_env.maracaibo.campaign import Campaign
    c = Campaign.new()                      # story card 01 (SETUP-18)
    g = c.next_game(num_players=2, seed=1)  # a Game set up from the archive
    ...                                     # play it to the end
    c.record(g)                             # the archive takes what the game leaves
    text = c.to_json(); c = Campaign.from_json(text)

The archive (the rulebook's blue bag) holds the story cards on the board at
the end of a game (in play, and any drawn during final scoring, which are
followed at the start of the next game), the legacy tiles in play (their
discs go back to the box, L732), and the C-cards (90-99) in the project
pile (L732: they stay in the pile). ``start_chapter(n)`` starts chapter n
(2..11) from its card 80..89 (L227) instead.

A game's campaign start is the ``campaign`` option of ``Game``: a dict with
``in_play``, ``pending``, ``gone`` (card numbers), ``legacy`` (tile names),
``c_pile``, ``c_discard`` (C-card numbers). Replays and saved games carry it.

A campaign whose archive holds no story card (none in play, none pending:
the last card was read and its back named no next card, or is printed in no
source, like card 01's) cannot pick up where it left off: ``next_game``
refuses it, saying why (docs/rulings.md, SETUP-18); start a chapter instead.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..framework.game import GameConfigError
from .campaign_start import (START_KEYS, FIRST_CARD, CHAPTERS, chapter_card,  # noqa: F401 (API)
                                       chapter_of_card, check_start, write_start)

__all__ = ["Campaign", "CampaignError", "START_KEYS", "check_start", "write_start", "archive_of",
           "story_log", "unknown_backs", "CAMPAIGN_FORMAT", "CAMPAIGN_VERSION"]

CAMPAIGN_FORMAT, CAMPAIGN_VERSION = "maracaibo-campaign", 1
#: the registry id of the game whose campaign this is (Pirates has none)
GAME = "maracaibo"
EVENTS = ("drawn", "read", "removed", "pending", "again", "chosen")   # core/story.py EV_*


class CampaignError(ValueError):
    """A malformed campaign, campaign file or campaign start; the message says
    what was wrong and what is allowed."""


def archive_of(game) -> dict:
    """END-05 / LEG-00b: what a finished campaign game leaves for the next:
    the cards on the board (in play; pending = drawn in final scoring), the
    legacy tiles in play (discs back to the box), the C-cards in the project
    pile (the discard pile's join it: "in the next game ... shuffled into the
    project card pile", L1465), and every card drawn so far (gone)."""
    from .core import constants as L
    from .core.options import LEGACY_TILES, legacy_bit
    from .core.story import GONE_BITS
    s, numbers = game.state, game.catalog.story_numbers

    def bit(field, k):
        return (int(s[getattr(L, "G_" + field) + k // GONE_BITS]) >> (k % GONE_BITS)) & 1
    in_play, pending = [], []
    for i in range(L.SC_PLAY_CAP):
        slot = int(s[L.G_SC_PLAY + i]) - 1
        if slot >= 0:
            (pending if bit("SC_PENDING", slot) else in_play).append(numbers[slot])
    on_board = set(in_play) | set(pending)
    gone = [numbers[k] for k in range(len(numbers)) if bit("SC_GONE", k) and numbers[k] not in on_board]
    leg = int(s[L.G_LEGACY])
    cc = int(s[L.G_CC_PILE]) | int(s[L.G_CC_DISCARD])
    return {"in_play": in_play, "pending": pending, "gone": sorted(gone),
            "legacy": [t for t in LEGACY_TILES if leg & legacy_bit(t)],
            "c_pile": [90 + k for k in range(10) if (cc >> k) & 1], "c_discard": []}


def story_log(game) -> list[tuple[int, str]]:
    """What happened to story cards in this game, in order: (card number,
    event), events from EVENTS ("drawn": followed; "read": its back read;
    "removed": STORY-06; "pending": drawn in final scoring; "again": an
    archived card read again at set-up; "chosen": the decision's outcome)."""
    from .core import constants as L
    s = game.state
    return [(int(v) // 8, EVENTS[int(v) % 8]) for v in s[L.G_SC_LOG:L.G_SC_LOG + int(s[L.G_SC_LOG_N])]]


def unknown_backs(catalog) -> set[int]:
    """The story cards whose back is printed in no source (story.toml
    ``back_known = false``, e.g. card 01): reading one does nothing, so the
    story goes on from it with no next card."""
    return {c["number"] for c in catalog.raw.get("story", {}).get("card", []) if not c.get("back_known", True)}


def _check_open(d: Any, catalog) -> dict:
    """The saved 'open' entry: the game handed out by next_game, not yet recorded."""
    if not isinstance(d, dict) or set(d) != {"start", "num_players", "seed"}:
        raise GameConfigError("open must be null or {'start': {...}, 'num_players': N, 'seed': S}")
    if type(d["num_players"]) is not int or d["num_players"] not in (1, 2, 3, 4) \
            or type(d["seed"]) is not int or not 0 <= d["seed"] < 2**31:
        raise GameConfigError(f"open: num_players {d['num_players']!r} / seed {d['seed']!r}; allowed: "
                              "1..4 / 0..2**31-1")
    return {"start": check_start(d["start"], catalog), "num_players": d["num_players"], "seed": d["seed"]}


#: a campaign file is small (an archive and a list of games); larger is not one
MAX_CAMPAIGN_BYTES = 16 << 20
GAME_KEYS = ("game", "num_players", "seed", "scores", "winners", "story", "start", "archive")


def _check_games(games: Any) -> list:
    """The saved summaries of the recorded games (record()'s shape)."""
    def bad(k, what):
        raise CampaignError(f"campaign file: games[{k}]: {what}; allowed: record()'s summaries "
                            f"(keys {', '.join(GAME_KEYS)})")
    if not isinstance(games, list):
        raise CampaignError("campaign file: games must be a list of game summaries")
    for k, g in enumerate(games):
        if not isinstance(g, dict) or set(g) != set(GAME_KEYS):
            bad(k, f"keys {sorted(g) if isinstance(g, dict) else type(g).__name__}")
        ints = [g["game"], g["num_players"], g["seed"], *(g["scores"] if isinstance(g["scores"], list) else [None]),
                *(g["winners"] if isinstance(g["winners"], list) else [None])]
        if not all(type(v) is int for v in ints):
            bad(k, "game, num_players, seed, scores and winners must be ints (lists of ints)")
        n = g["num_players"]
        seats = 2 if n == 1 else n          # a solo game scores Jean too
        if not (g["game"] >= 1 and 1 <= n <= 4 and 0 <= g["seed"] <= 2**31 - 1
                and len(g["scores"]) == seats and all(0 <= v <= 10**6 for v in g["scores"])
                and g["winners"] and all(0 <= w < seats for w in g["winners"])):
            bad(k, f"out of range (game {g['game']}, num_players {n}, seed {g['seed']}, "
                   f"{len(g['scores'])} scores, winners {g['winners']}): game >= 1, num_players 1-4, "
                   "seed 0..2**31-1, one score >= 0 a seat (solo: the player and Jean), winners are seats")
        if not isinstance(g["story"], list) or not all(
                isinstance(e, list) and len(e) == 2 and type(e[0]) is int and e[1] in EVENTS for e in g["story"]):
            bad(k, "story must be a list of [card number, event] with events from " + ", ".join(EVENTS))
        if not isinstance(g["start"], dict) or not isinstance(g["archive"], dict):
            bad(k, "start and archive must be objects")
    return games


# ---- the campaign object ------------------------------------------------------------------------
class Campaign:
    """A campaign's archive between games; see the module docstring."""

    def __init__(self, data_dir: str | Path | None = None, catalog=None) -> None:
        from .game import _check_catalog
        self.data_dir = None if data_dir is None else str(data_dir)
        self.catalog = _check_catalog(catalog, data_dir)
        if not self.catalog.story_numbers:
            raise CampaignError("this game data has no story.toml: no campaign to play "
                                "(docs/story_cards.md describes the file)")
        self.archive: dict = {k: [] for k in START_KEYS}
        self.chapter: int | None = None      # None: started from card 01
        self.games: list[dict] = []
        self._open: dict | None = None       # the start of the game handed out, not yet recorded

    # ---- starting ------------------------------------------------------------
    @classmethod
    def new(cls, data_dir: str | Path | None = None, catalog=None) -> "Campaign":
        """The first game of the campaign: story card 01 (SETUP-18)."""
        c = cls(data_dir, catalog)
        if FIRST_CARD not in c.catalog.story_numbers:
            raise CampaignError("story.toml has no card 01, the campaign's first card (SETUP-18); "
                                "start at a chapter instead: Campaign(...).start_chapter(n)")
        c.archive["pending"] = [FIRST_CARD]
        return c

    def start_chapter(self, chapter: int) -> "Campaign":
        """Start (again) at chapter 2..11, from its card 80..89 (L227); the
        archive is emptied first. Returns self."""
        if type(chapter) is not int or chapter not in CHAPTERS:
            raise CampaignError(f"chapter = {chapter!r}; allowed: 2..11 (card 80 starts chapter 2, "
                                f"card 89 chapter 11; rulebook 'From the second game on')")
        card = chapter_card(chapter)
        have = [chapter_of_card(n) for n in self.catalog.story_numbers if chapter_of_card(n) > 1]
        if card not in self.catalog.story_numbers:
            raise CampaignError(f"chapter {chapter}: card {card} is not in story.toml; allowed: "
                                f"{', '.join(map(str, have)) or 'none (no chapter cards 80-89 in the data)'}")
        self.archive = {k: [] for k in START_KEYS}
        self.archive["pending"] = [card]
        self.chapter = chapter
        self._open = None
        return self

    # ---- playing -------------------------------------------------------------
    def next_start(self) -> dict:
        """The next game's campaign start: a copy of the archive. CampaignError
        when the archive holds no story card to pick up (SETUP-18, L223 "Take
        all story cards out of the archive"): in the campaign new quests come
        only from story cards (L656-660; a schedule by round is for games "not
        playing the campaign"), so that game would have no story card and no
        quests (ruling, docs/rulings.md)."""
        a = self.archive
        if not a["in_play"] and not a["pending"]:
            stuck = sorted(set(a["gone"]) & unknown_backs(self.catalog))
            why = (f"the back of card {', '.join(f'{n:02d}' for n in stuck)}, which would name the next "
                   "card, is printed in no source (story.toml: back_known = false)" if stuck
                   else "no story card is left to follow")
            have = [chapter_of_card(n) for n in self.catalog.story_numbers if chapter_of_card(n) > 1]
            raise CampaignError(
                "the archive holds no story card (none in play, none pending), so the campaign cannot "
                f"pick up where it left off (SETUP-18, rulebook L223): {why}; a game from it would "
                "have no story card and no quests (in the campaign they come from story cards, L656-660). "
                "Allowed: start a chapter (Campaign.start_chapter(n), `maracaibo campaign chapter FILE "
                f"N`; chapters in story.toml: {', '.join(map(str, have)) or 'none'}), or play without "
                "the campaign (story card 75, 76 or 77, L229-231)")
        return {k: list(v) for k, v in a.items()}

    def next_game(self, num_players: int = 2, seed: int = 0, **options: Any):
        """A Game set up from the archive (SETUP-18 "pick up where you left
        off"); options are Game's (retirement, open_prestige, solo options).
        Play it to the end, then record() it. CampaignError: see next_start."""
        from .game import Game
        if "campaign" in options or "legacy" in options or "story" in options:
            raise CampaignError("next_game: campaign, legacy and story come from the archive; "
                                "allowed options: retirement, open_prestige, difficulty, automa_table, "
                                "automa_income")
        start = self.next_start()
        g = Game(num_players=num_players, seed=seed, catalog=self.catalog, campaign=start, **options)
        self._open = {"start": g.config["campaign"], "num_players": num_players, "seed": g.config["seed"]}
        return g

    def record(self, game) -> dict:
        """Take back what a finished game leaves (END-05); returns the game's
        summary (also appended to .games)."""
        from .game import Game
        if not isinstance(game, Game):
            raise CampaignError(f"record: expected a Maracaibo Game, got {type(game).__name__}")
        if not game.is_over:
            raise CampaignError("record: the game is not over; play it to the end first (END-05 "
                                "happens after final scoring)")
        cfg = game.config or {}
        start = cfg.get("campaign")
        if start is None or self._open is None or self._open != {
                "start": start, "num_players": cfg.get("num_players"), "seed": cfg.get("seed")}:
            raise CampaignError("record: this game was not set up by this campaign's next_game() "
                                "(or was recorded already); allowed: the game next_game() returned last")
        self.archive = archive_of(game)
        summary = {"game": len(self.games) + 1, "num_players": game.num_players,
                   "seed": game.config["seed"], "scores": game.scores(), "winners": game.winners(),
                   "story": [[n, e] for n, e in story_log(game)],
                   "start": start, "archive": {k: list(v) for k, v in self.archive.items()}}
        self.games.append(summary)
        self._open = None
        return summary

    # ---- reading -------------------------------------------------------------
    def summary(self) -> dict:
        return {"chapter": self.chapter, "games": len(self.games), "archive": self.archive,
                "story_hash": self.catalog.story_hash[:12]}

    def show(self) -> str:
        """A few readable lines: where the campaign stands."""
        a = self.archive
        start = f"chapter {self.chapter}" if self.chapter else "card 01"
        lines = [f"campaign from {start}, {len(self.games)} game(s) recorded "
                 f"(story data {self.catalog.story_hash[:12]})",
                 "  story cards in the archive: " + (", ".join(f"{n:02d}" for n in a["in_play"]) or "none"),
                 "  drawn in final scoring, followed next game: "
                 + (", ".join(f"{n:02d}" for n in a["pending"]) or "none"),
                 "  legacy tiles: " + (", ".join(a["legacy"]) or "none"),
                 "  C-cards in the project pile: " + (", ".join(map(str, a["c_pile"])) or "none"),
                 "  story cards done (read or removed): " + (", ".join(f"{n:02d}" for n in a["gone"]) or "none")]
        for s in self.games[-5:]:
            read = ", ".join(f"{n:02d} {e}" for n, e in s["story"]) or "nothing"
            lines.append(f"  game {s['game']}: {s['num_players']} players, seed {s['seed']}, scores "
                         f"{s['scores']}; story: {read}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Campaign(games={len(self.games)}, archive={self.archive})"

    # ---- saving --------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_VERSION,
                "story_hash": self.catalog.story_hash, "chapter": self.chapter,
                "archive": self.archive, "open": self._open, "games": self.games}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, data_dir: str | Path | None = None, catalog=None, *,
                  ignore_story_hash: bool = False) -> "Campaign":
        """A campaign saved with to_json(); CampaignError names what is wrong."""
        try:
            d = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise CampaignError(f"campaign file is not valid JSON: {exc}") from None
        return cls.from_dict(d, data_dir, catalog, ignore_story_hash=ignore_story_hash)

    @classmethod
    def from_dict(cls, d: Any, data_dir: str | Path | None = None, catalog=None, *,
                  ignore_story_hash: bool = False) -> "Campaign":
        keys = ("format", "version", "story_hash", "chapter", "archive", "open", "games")
        if not isinstance(d, dict) or d.get("format") != CAMPAIGN_FORMAT:
            raise CampaignError(f"not a campaign file: expected {{'format': '{CAMPAIGN_FORMAT}', "
                                f"'version': {CAMPAIGN_VERSION}, ...}}")
        if d.get("version") != CAMPAIGN_VERSION or type(d.get("version")) is not int:
            raise CampaignError(f"campaign version {d.get('version')!r}; this version reads {CAMPAIGN_VERSION}")
        if set(d) != set(keys):
            raise CampaignError(f"campaign file keys are {sorted(d)}; expected exactly {list(keys)}")
        c = cls(data_dir, catalog)
        h = d["story_hash"]
        if not isinstance(h, str) or (h != c.catalog.story_hash and not ignore_story_hash):
            raise CampaignError(f"story_hash = {str(h)[:16]}…: the campaign was played with other story "
                                f"cards than this data's ({c.catalog.story_hash[:16]}…); load it with that "
                                "data, or pass ignore_story_hash=True to check it against this data")
        ch = d["chapter"]
        if ch is not None and (type(ch) is not int or ch not in CHAPTERS):
            raise CampaignError(f"chapter = {ch!r}; allowed: null or 2..11")
        try:
            c.archive = check_start(d["archive"], c.catalog)
            c._open = None if d["open"] is None else _check_open(d["open"], c.catalog)
        except GameConfigError as exc:
            raise CampaignError(f"campaign file: {exc}") from None
        c.chapter, c.games = ch, _check_games(d["games"])
        return c

    def save(self, path: str | Path) -> None:
        """Write the campaign atomically (never through a planted link). A file
        this campaign was loaded from or saved to is overwritten only if no
        other process changed it since (two games of one campaign at once
        would lose one): CampaignError then."""
        from ..framework.files import FileError, write_atomic
        key = os.path.realpath(path)
        seen = getattr(self, "_on_disk", {})
        try:
            after = write_atomic(path, self.to_json(), expect=seen.get(key, False))
        except FileError as exc:
            raise CampaignError(str(exc)) from None
        self._on_disk = {**seen, key: after}

    @classmethod
    def load(cls, path: str | Path, data_dir: str | Path | None = None) -> "Campaign":
        from ..framework.files import FileError, fingerprint, read_bytes
        key = os.path.realpath(path)
        before = fingerprint(key)
        try:        # a regular file under the cap: a device or a FIFO is refused at once
            text = read_bytes(path, MAX_CAMPAIGN_BYTES, "campaign file")
        except FileError as exc:
            raise CampaignError(f"cannot read campaign file {path}: {exc.reason}") from None
        c = cls.from_json(text, data_dir)
        c._on_disk = {key: before}
        return c

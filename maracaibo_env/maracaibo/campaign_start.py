"""A campaign game's start (``Game(campaign=...)``): checked, then written
into the state that core/story.py plays (the Campaign object that makes it:
campaign.py)."""
from __future__ import annotations

import reprlib
from typing import Any

import numpy as np

from ..framework.game import GameConfigError

START_KEYS = ("in_play", "pending", "gone", "legacy", "c_pile", "c_discard")
C_CARDS = range(90, 100)        # L150: the C-cards
FIRST_CARD = 1                  # SETUP-18: the campaign's first game starts with story card 01
CHAPTERS = range(2, 12)         # L227: card 80 starts chapter 2, ..., card 89 chapter 11
MAX_ITEMS = 99                  # story cards are numbered 01-99 (L52), tiles L1-L25


def chapter_card(chapter: int) -> int:
    """The story card a campaign start `chapter` begins with: 1 -> card 01
    (the first game, SETUP-18), 2..11 -> cards 80..89 (L227)."""
    return FIRST_CARD if chapter == 1 else 78 + chapter


def chapter_of_card(number: int) -> int:
    """chapter_card's inverse; 0 for a card that starts no chapter."""
    return 1 if number == FIRST_CARD else number - 78 if 80 <= number <= 89 else 0


def check_start(spec: Any, catalog) -> dict:
    """The campaign start as a JSON-ready dict with every key, or
    GameConfigError naming the key, the value and what is allowed."""
    from .core.layout import SC_PLAY_CAP
    from .core.options import LEGACY_TILES
    from .legacy import legacy_problem
    if not isinstance(spec, dict):
        raise GameConfigError(f"campaign must be a dict with keys from {list(START_KEYS)} (see "
                              f"maracaibo_env.maracaibo.campaign), got {type(spec).__name__}")
    unknown = sorted(set(spec) - set(START_KEYS), key=reprlib.repr)
    if unknown:
        raise GameConfigError(f"campaign: unknown key {reprlib.repr(unknown[0])}; allowed: "
                              f"{', '.join(START_KEYS)}")
    numbers = catalog.story_numbers
    if not numbers:
        raise GameConfigError("campaign: this game data has no story.toml, so it has no campaign; "
                              "allowed: campaign=None, or data with story cards (docs/story_cards.md)")
    out: dict = {}
    for key in START_KEYS:
        value = spec.get(key, [])
        if not isinstance(value, (list, tuple)):
            raise GameConfigError(f"campaign: {key} = {reprlib.repr(value)}; allowed: a list")
        if len(value) > MAX_ITEMS:
            raise GameConfigError(f"campaign: {key} has {len(value)} entries; allowed: at most {MAX_ITEMS}")
        try:
            repeated = len(set(value)) != len(value)
        except TypeError:     # unhashable entries: refused by the type checks below
            repeated = False
        if repeated:
            raise GameConfigError(f"campaign: {key} repeats an entry; allowed: no repeats")
        if key == "legacy":
            bad = [t for t in value if not isinstance(t, str) or t not in LEGACY_TILES]
            if bad:
                raise GameConfigError(f"campaign: legacy: {reprlib.repr(bad[0])}; allowed: tiles from "
                                      f"{', '.join(LEGACY_TILES)}")
            problem = legacy_problem(catalog, list(value))
            if problem:
                raise GameConfigError(f"campaign: {problem}")
        else:
            allowed = C_CARDS if key.startswith("c_") else numbers
            for v in value:
                if type(v) not in (int, np.int32, np.int64) or int(v) not in allowed:
                    shown = "90..99 (C-cards)" if key.startswith("c_") else \
                        "a card of story.toml: " + ", ".join(f"{n:02d}" for n in numbers)
                    raise GameConfigError(f"campaign: {key}: {reprlib.repr(v)}; allowed: {shown}")
        out[key] = [str(v) if key == "legacy" else int(v) for v in value]
    for a, b in (("in_play", "pending"), ("in_play", "gone"), ("pending", "gone"), ("c_pile", "c_discard")):
        both = sorted(set(out[a]) & set(out[b]))
        if both:
            raise GameConfigError(f"campaign: card {both[0]} is in both {a} and {b}; allowed: one place")
    if len(out["in_play"]) + len(out["pending"]) > SC_PLAY_CAP:
        raise GameConfigError(f"campaign: {len(out['in_play']) + len(out['pending'])} cards in play and "
                              f"pending; allowed: at most {SC_PLAY_CAP}")
    return out


def start_template(start: dict, catalog) -> np.ndarray:
    """A checked start (check_start) as core/story.start_from's int array."""
    from .core.layout import SC_PLAY_CAP
    from .core.story import GONE_BITS, START_SIZE
    tpl = np.zeros(START_SIZE, np.int64)
    slot = catalog.story_slot
    for i, n in enumerate(start["in_play"] + start["pending"]):
        tpl[i] = slot(n) + 1
    for n in start["pending"]:
        s = slot(n)
        tpl[SC_PLAY_CAP + s // GONE_BITS] |= 1 << (s % GONE_BITS)
    for n in start["gone"] + start["in_play"] + start["pending"]:
        s = slot(n)
        tpl[SC_PLAY_CAP + 3 + s // GONE_BITS] |= 1 << (s % GONE_BITS)
    tpl[SC_PLAY_CAP + 6] = sum(1 << (n - 90) for n in start["c_pile"])
    tpl[SC_PLAY_CAP + 7] = sum(1 << (n - 90) for n in start["c_discard"])
    return tpl


def write_start(state, catalog, start: dict) -> None:
    """Put a checked start (check_start) into a state set up by reset(story=-1)
    and play its set-up (core/story.start_from)."""
    from .core.story import start_from
    start_from(state, catalog.array, start_template(start, catalog))


# a format-4 save held 8 story cards in play and SC_PENDING as bits of their entries
FORMAT4_PLAY_CAP = 8


def upgrade_format4(state: Any) -> Any:
    """A format-4 saved state's campaign fields in format 5's layout: SC_PLAY,
    SC_TAKER, SC_STILE padded with 0s to SC_PLAY_CAP entries, SC_PENDING from
    bits of SC_PLAY entries to bits of story-card slots (as SC_GONE). Anything
    not in format 4's shape is returned as it is, for the checks to name."""
    from .core.layout import SC_PLAY_CAP
    from .core.story import GONE_BITS
    if not isinstance(state, dict):
        return state
    play, pending = state.get("SC_PLAY"), state.get("SC_PENDING")
    lists = [state.get(k) for k in ("SC_PLAY", "SC_TAKER", "SC_STILE")]
    if not all(isinstance(x, list) and len(x) == FORMAT4_PLAY_CAP for x in lists) or type(pending) is not int:
        return state
    out = dict(state)
    for k, x in zip(("SC_PLAY", "SC_TAKER", "SC_STILE"), lists):
        out[k] = x + [0] * (SC_PLAY_CAP - FORMAT4_PLAY_CAP)
    bits = [0, 0, 0]
    for i in range(FORMAT4_PLAY_CAP):
        if (pending >> i) & 1:
            slot = play[i] - 1 if type(play[i]) is int else -1
            if not 0 <= slot < len(bits) * GONE_BITS:
                raise ValueError(f"field SC_PENDING: {pending} marks SC_PLAY[{i}] = {play[i]!r} pending; "
                                 "allowed (format 4): bits of the used SC_PLAY entries")
            bits[slot // GONE_BITS] |= 1 << (slot % GONE_BITS)
    out["SC_PENDING"] = bits
    return out

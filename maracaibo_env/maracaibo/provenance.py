"""Maracaibo's components and where their data comes from: its balance
report's component kinds and each component's source (the shared counting is
framework/provenance.py).

    KINDS                          the component kinds a report analyses
    component_sources(cat)         {kind: [(key, name, source), ...]} in item-id order
    kind_note(cat, kind)           'reconstructed: 157 of 157 cards'
"""
from __future__ import annotations

from ..framework.provenance import note_of
from .catalog import Catalog, STORY_NUMBERS

# kind -> (file, table, plural noun); the item ids of GameResult events,
# careers and story index these tables in order
KINDS: dict[str, tuple[str, str, str]] = {
    "card": ("cards", "card", "project cards"),
    "career": ("careers", "career", "career cards"),
    "prestige": ("prestige", "building", "prestige buildings"),
    "city": ("city_tiles", "tile", "city tiles"),
    "quest": ("quests", "quest", "quest tiles"),
    "story": ("story_cards", "story", "story cards"),
}

def component_sources(cat: Catalog) -> dict[str, list[tuple[str, str, str]]]:
    """For each kind, (key, readable name, source) of every component, indexed
    by the item id the game records."""
    raw = cat.raw or {}
    out: dict[str, list[tuple[str, str, str]]] = {}
    for kind, (file, table, _) in KINDS.items():
        entries = raw.get(file, {}).get(table, [])
        rows = []
        if kind == "story":
            by_number = {e.get("number"): e for e in entries}
            for n in STORY_NUMBERS:
                e = by_number.get(n, {})
                rows.append((str(n), f"story {n}", e.get("source", "unknown")))
        else:
            for e in entries:
                key = str(e.get("key", e.get("number", "?")))
                name = str(e.get("name", quest_name(e) if kind == "quest" else key))
                rows.append((key, name, e.get("source", "unknown")))
        out[kind] = rows
    # names the core knows (the catalog's tables) win over the raw names
    if cat.card_names and len(cat.card_names) == len(out["card"]):
        out["card"] = [(k, n, s) for (k, _, s), n in zip(out["card"], cat.card_names)]
    if cat.tile_names and len(cat.tile_names) == len(out["city"]):
        out["city"] = [(k, n, s) for (k, _, s), n in zip(out["city"], cat.tile_names)]
    return out


def _part(d: dict) -> str:
    kind = d.get("kind", "?")
    what = d.get("object", d.get("good", d.get("what")))
    amount = d.get("amount")
    if kind == "per_compass":
        return f"{amount or 1} {what} per compass"
    words = [str(amount)] if amount not in (None, 1) or what else []
    words.append(str(what) if what else kind)
    return " ".join(words)


def quest_name(entry: dict) -> str:
    """A quest tile's readable name from its cost and reward ('q03: 2 map -> 4 vp, explore 2')."""
    cost = ", ".join(_part(c) for c in entry.get("cost", []))
    reward = ", ".join(_part(r) if r.get("kind") != "explore" else f"explore {r.get('amount', 2)}"
                       for r in entry.get("reward", []))
    return f"{entry.get('key', '?')}: {cost} -> {reward}"


def kind_note(cat: Catalog, kind: str) -> str:
    """'reconstructed: 140 of 157 project cards' (or 'all from the rulebook or
    published sources')."""
    return note_of(component_sources(cat)[kind], KINDS[kind][2])

"""Legacy tiles (§28) on the Python side: each tile's spot on the board
(DATA-18, from data/legacy_tiles.toml), the combinations Game accepts, and a
one-line description per tile for render and logs. The rules are in
core/legacy.py."""
from __future__ import annotations

from itertools import combinations

from .core.options import LEGACY_TILES


def tile_spot(t: dict) -> str:
    """Where a tile lies: 'location:<key>', 'route:<from>-<to>', 'fork:<from>-<to>'
    (a new city), or 'tile:<name>' (L6 and L9 lie beside the board)."""
    if "location" in t:
        return f"location:{t['location']}"
    if t["kind"] == "route":
        return f"route:{t['from']}-{t['to']}"
    if t["kind"] == "new_city":
        return f"fork:{t['from']}-{t['to']}"
    return f"tile:{t['tile']}"


def tile_spots(catalog) -> dict[str, str]:
    """{tile name: spot} for every tile the data describes."""
    return {t["tile"]: tile_spot(t) for t in catalog.raw.get("legacy_tiles", {}).get("tile", [])}


def legacy_problem(catalog, legacy) -> str | None:
    """Why this set of tiles cannot be played with this data (None: it can):
    a tile the data does not describe, or two tiles on one spot (DATA-18)."""
    spots = tile_spots(catalog)
    missing = [t for t in legacy if t not in spots]
    if missing:
        return (f"legacy: {', '.join(missing)} not described in legacy_tiles.toml; "
                f"allowed: {', '.join(t for t in LEGACY_TILES if t in spots)}")
    clashes = [(a, b) for a, b in combinations(legacy, 2) if spots[a] == spots[b]]
    if clashes:
        a, b = clashes[0]
        shared = sorted({frozenset((x, y)) for x, y in combinations(spots, 2) if spots[x] == spots[y]},
                        key=lambda s: sorted(s))
        return (f"legacy: {a} and {b} would both lie on {spots[a]} (DATA-18); allowed: any set of "
                f"tiles without two of " + "; ".join("/".join(sorted(s)) for s in shared))
    return None


def describe_tiles(state, catalog) -> list[str]:
    """One line per tile in play, with its discs / markers (render)."""
    from .core import constants as L
    from .core.enums import NATIONS
    leg = int(state[L.G_LEGACY])
    spots = tile_spots(catalog)
    raw = {t["tile"]: t for t in catalog.raw.get("legacy_tiles", {}).get("tile", [])}
    lines = []
    for name in LEGACY_TILES:
        i = int(name[1:]) - 1
        if not (leg >> i) & 1 or name not in raw:
            continue
        t = raw[name]
        extra = ""
        if t["kind"] == "disc":
            extra = f" discs {int(state[L.G_LEG_DISCS + i - 9])}/{t['spaces']}"
        elif t["kind"] == "silver_fleet":
            extra = " spaces " + ", ".join(NATIONS[v - 1] if v else "-" for v in
                                           state[L.G_LEG_SILVER:L.G_LEG_SILVER + 2].tolist())
        elif t["kind"] == "gold_mine":
            v = int(state[L.G_LEG_MINE])
            extra = f" mine {NATIONS[v - 1] if v else '-'}"
        elif t["kind"] == "city_quest":
            q = int(state[L.G_LEG_QUEST]) - 1
            extra = f" quest {catalog.quest_keys[q] if q >= 0 else '-'}"
        lines.append(f"{name} {t['kind']} at {spots[name]}{extra}")
    return lines

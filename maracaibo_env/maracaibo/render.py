"""Plain-text rendering of a game (the "ansi" render mode).

`render_text(game)` shows everything public plus the acting player's hand:
a header (round, phase, acting player), one row per player, the board
(location markers, market discs, city tiles, ships, quests), the card market
and the acting player's hand. Pure Python; reads the state by field name.
"""
from __future__ import annotations

from .core import layout as L
from .core.enums import NATIONS
from .legacy import describe_tiles


def _g(game, name):
    """A global field of the game state: int for one-int fields, list otherwise."""
    v = game.state[L.field_slice(name)]
    return int(v[0]) if len(v) == 1 else [int(x) for x in v]


def _card(cat, cid: int) -> str:
    return cat.card_names[cid] if 0 <= cid < len(cat.card_names) else f"card{cid}"


def _quest(cat, qid: int) -> str:
    """'q03 (2 map -> 4 vp, explore2)' from the raw quest data."""
    try:
        q = cat.raw["quests"]["quest"][qid]
    except (KeyError, IndexError, TypeError):
        return f"quest{qid}"

    def part(d):
        amt = d.get("amount")
        what = d.get("object") or d.get("good") or d.get("what")
        kind = d["kind"] if not what or d["kind"] != "per_compass" else f"{what}/compass"
        bits = [str(amt)] if amt is not None else []
        if what and d["kind"] != "per_compass":
            bits.append(what)
        else:
            bits.append(kind)
        return " ".join(bits)

    cost = ", ".join(part(c) for c in q.get("cost", []))
    rew = ", ".join(part(r) for r in q.get("reward", []))
    return f"{q['key']} ({cost} -> {rew})"


def _table(headers: list[str], rows: list[list]) -> list[str]:
    cells = [[str(c) for c in r] for r in [headers] + rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
             for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def render_text(game) -> str:
    """A readable multi-line text view of the game (public info + acting hand)."""
    cat = game.catalog
    np_ = game.num_players
    cur = game.current_player
    out = []
    head = f"Maracaibo  round {game.round}/4  phase {game.phase}"
    head += "  GAME OVER" if game.is_over else f"  to act: player_{cur}"
    out.append(head)
    if game.is_over:
        out.append("winners: " + ", ".join(f"player_{p}" for p in game.winners()))
    out.append("")

    # ---- players --------------------------------------------------------------------
    rows = []
    for p in range(np_):
        v = game.player_view(p)
        inf = v["influence"]
        exp = v["EXPLORER"]
        ship = v["SHIP"]
        rows.append([
            f"player_{p}" + ("*" if p == cur else ""), v["VP"], v["DOUBLOONS"], v["CP"],
            v["FIG_SUPPLY"], f"{v['DINC']}/{v['VINC']}",
            "/".join(str(inf[n]) for n in NATIONS),
            cat.exp_keys[exp] if 0 <= exp < len(cat.exp_keys) else exp,
            v["QUESTS"], v["TOKENS"], bin(v["UPGRADES"] & 0xFFFFFFFF).count("1"),
            cat.loc_names[ship] if 0 <= ship < len(cat.loc_names) else ship,
            v["HAND_N"],
        ])
    out += _table(["player", "VP", "dbl", "CP", "fig", "inc d/v", "inf F/E/S", "explorer",
                   "quests", "tokens", "upgr", "ship", "hand"], rows)
    out.append("")

    # ---- board ------------------------------------------------------------------------
    markers, market, tiles = _g(game, "LOC_MARKER"), _g(game, "LOC_MARKET"), _g(game, "LOC_TILE")
    raw_locs = sorted(cat.raw.get("board", {}).get("location", []), key=lambda l: l["number"])
    ships = {}
    for p in range(np_):
        ships.setdefault(game.player_view(p)["SHIP"], []).append(f"p{p}")
    quests_at = {}
    for loc, tile in zip(_g(game, "BQ_LOC"), _g(game, "BQ_TILE")):
        if loc >= 0 and tile >= 0:
            quests_at.setdefault(loc, []).append(_quest(cat, tile))
    out.append("board:")
    for i, key in enumerate(cat.loc_keys):
        kind = raw_locs[i]["kind"] if i < len(raw_locs) else "?"
        bits = []
        if markers[i] >= 0:
            bits.append("marker " + NATIONS[markers[i]])
        if market[i] > 0:
            bits.append(f"market {market[i]}")
        if tiles[i] >= 0:
            bits.append("tile " + (cat.tile_names[tiles[i]] if tiles[i] < len(cat.tile_names)
                                   else str(tiles[i])))
        if i in ships:
            bits.append("ships " + ",".join(ships[i]))
        if i in quests_at:
            bits.append("quest " + "; ".join(quests_at[i]))
        if bits:
            out.append(f"  {key:>4} {cat.loc_names[i]:<20} {kind:<8} " + " | ".join(bits))
    exq = [_quest(cat, t) if t >= 0 else "-" for t in _g(game, "EXQ_TILE")]
    out.append("explorer-track quests: " + ", ".join(exq))
    qn = _g(game, "QPILE_N")
    out.append(f"quest pile: {qn} left" + (f", top {_quest(cat, _g(game, 'QPILE')[qn - 1])}" if qn else ""))
    legacy = describe_tiles(game.state, cat)   # §28: the tiles in play, their discs and markers
    if legacy:
        out.append("legacy tiles: " + "; ".join(legacy))
    out.append("")

    # ---- cards ------------------------------------------------------------------------
    mk = [_card(cat, c) if c >= 0 else "-" for c in _g(game, "MARKET")]
    out.append("market: " + ", ".join(mk))
    out.append(f"draw pile {_g(game, 'DRAW_N')}, discard pile {_g(game, 'DISCARD_N')}")
    if cur >= 0:
        v = game.player_view(cur)
        hand = [_card(cat, c) for c in v["HAND"][:v["HAND_N"]]]
        plan = [_card(cat, c) for c in v["PLAN"] if c >= 0]
        out.append(f"player_{cur} hand: " + (", ".join(hand) or "-"))
        out.append(f"player_{cur} plan: " + (", ".join(plan) or "-"))
    return "\n".join(out)

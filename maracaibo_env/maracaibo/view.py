"""What a person sees of a Maracaibo game (GameInfo.view): its part of a play
session's view dict (``board``, play/view.py) and what the arguments of its
action names point at now (``action_detail``, play/labels.py). Only what the
viewer may know: the viewer's own hand and plan, public tableaus and tracks.
"""
from __future__ import annotations

import math
import re

from ..play.labels import explain_table
from ..play.view import map_positions
from .core import layout as L
from .core import constants as K
from .core.enums import CHOICES, NATIONS, OP_CHOICE
from .core.legacy import skull_in_play
from .legacy import describe_tiles
from .render import _quest

_HAND = re.compile(r"hand(\d+)$")
_PLAN = re.compile(r"plan(\d+)$")


# ---- the board -------------------------------------------------------------------------------
def board(game, viewer, names, v) -> None:
    """Fill the view dict v (play/view.py build_view) with the map, tracks, players,
    market, the viewer's hand and plan, and the notes."""
    cat, st = game.catalog, game.state
    g = lambda name: st[L.field_slice(name)].tolist()  # noqa: E731
    v.update(title="Maracaibo", rounds=4)
    pos = map_positions("maracaibo")
    keys = list(cat.loc_keys)
    raw = {loc["key"]: loc for loc in cat.raw["board"]["location"]}
    markers, market, tiles = g("LOC_MARKER"), g("LOC_MARKET"), g("LOC_TILE")
    quests = {}
    for loc, tile in zip(g("BQ_LOC"), g("BQ_TILE")):
        if loc >= 0 and tile >= 0:
            quests.setdefault(loc, []).append("quest " + _quest(cat, tile))
    n = game.num_seats
    views = [game.player_view(p) for p in range(n)]
    in_play = set(game.options.get("legacy", ()))
    new_cities = {t["key"]: t for t in cat.raw.get("legacy_tiles", {}).get("tile", [])
                  if t.get("kind") == "new_city" and t["tile"] in in_play}
    nodes = []
    for i, key in enumerate(keys):
        if key not in raw and key not in new_cities:
            continue                     # a legacy city whose tile is not in play
        x, y = pos.get(key) or _on_circle(i, len(keys))
        notes = []
        if markers[i] >= 0:
            notes.append(f"{NATIONS[markers[i]]} marker")
        if market[i] > 0:
            notes.append(f"{market[i]} market discs")
        if tiles[i] >= 0:
            notes.append("city tile " + cat.tile_names[tiles[i]])
        notes += quests.get(i, [])
        nodes.append({"id": key, "label": cat.loc_names[i], "number": key, "x": x, "y": y,
                      "kind": raw.get(key, {}).get("kind", "legacy"),
                      "marker": NATIONS[markers[i]] if markers[i] >= 0 else None,
                      "ships": [p for p in range(n) if views[p]["SHIP"] == i], "notes": notes})
    edges = [[a["from"], a["to"]] for a in cat.raw["board"]["arrow"]]
    for key, t in new_cities.items():     # §28: a new city sits on a route of its own
        edges += [[t["from"], key], [key, t["to"]]]
    v["map"] = {"width": 1000, "height": 600, "nodes": nodes, "edges": edges}
    v["tracks"] = [{"name": "explorer track", "values": [cat.exp_keys[x["EXPLORER"]] for x in views],
                    "note": "space of each explorer (s0 = start)"}]
    v["tracks"] += [{"name": f"influence {nation}", "values": [x["influence"][nation] for x in views],
                     "note": ""} for nation in NATIONS]
    v["players"] = []
    for p, x in enumerate(views):
        fields = [["VP", x["VP"]], ["doubloons", x["DOUBLOONS"]], ["CP", x["CP"]],
                  ["income doubloons / VP", f"{x['DINC']} / {x['VINC']}"],
                  ["figures in supply", x["FIG_SUPPLY"]], ["quests", x["QUESTS"]],
                  ["combat tokens", x["TOKENS"]], ["ship upgrades", bin(x["UPGRADES"] & 0xFFFFFFFF).count("1")],
                  ["ship at", cat.loc_names[x["SHIP"]] if 0 <= x["SHIP"] < len(keys) else "-"],
                  ["cards in hand", x["HAND_N"]],
                  ["career", cat.career_names[x["CAREER"]] if x["CAREER"] >= 0 else "-"]]
        seat_name = "Jean (Automa)" if game.solo and p == 1 else names[p]
        v["players"].append({"seat": p, "name": seat_name, "vp": x["VP"], "fields": fields,
                             "cards": [cat.card_names[c] for c in x["TABLEAU"][:x["TABLEAU_N"]]]})
    v["market"] = [cat.card_names[c] if c >= 0 else "-" for c in g("MARKET")]
    if viewer is not None and 0 <= viewer < n:
        x = views[viewer]
        v["hand"] = [cat.card_names[c] for c in x["HAND"][:x["HAND_N"]]]
        v["plan"] = [cat.card_names[c] for c in x["PLAN"] if c >= 0]
    exq = [_quest(cat, t) for t in g("EXQ_TILE") if t >= 0]
    if exq:
        v["notes"].append("explorer-track quests: " + "; ".join(exq))
    v["notes"] += ["legacy tile " + t for t in describe_tiles(st, cat)]
    if game.solo:
        v["notes"].append("Jean's last turn: " + (", ".join(f"{e} {a}" for e, a in game.solo_log()) or "-"))


def _on_circle(i: int, n: int) -> tuple[int, int]:
    """Where a location without a position in play/maps/maracaibo.toml is drawn."""
    t = 2 * math.pi * i / max(n, 1)
    return int(500 + 260 * math.cos(t)), int(300 + 260 * math.sin(t))


# ---- what an action name points at -----------------------------------------------------------
def action_detail(game, name: str) -> str:
    """What the arguments of an action name point at now ('' when nothing to add):
    the card in a hand or plan slot, the location, the MP, the market card, or
    what option k of a pending choice means."""
    cat = game.catalog
    p = game.current_player
    out = []
    parts = name.split(":")
    if parts[0] == "choice" and len(parts) == 2 and parts[1].isdigit():
        return _choice(game, int(parts[1]))
    view = game.player_view(p) if 0 <= p < game.num_seats else None
    for i, tok in enumerate(parts[1:], 1):
        if view is not None and (m := _HAND.match(tok)):
            k = int(m.group(1))
            if k < view["HAND_N"]:
                out.append(cat.card_names[view["HAND"][k]])
        elif view is not None and (m := _PLAN.match(tok)) and parts[0] in ("buy", "pay"):
            k = int(m.group(1))
            if k < len(view["PLAN"]) and view["PLAN"][k] >= 0:
                out.append(cat.card_names[view["PLAN"][k]])
        elif tok in cat.loc_keys and parts[0] in ("sail", "place", "cb"):
            out.append(cat.loc_names[cat.loc_keys.index(tok)])
        elif tok.startswith("mp") and tok[2:].isdigit():
            out.append(f"{tok[2:]} MP")
        elif parts[0] == "draw" and tok == "market" and i + 1 < len(parts) and parts[i + 1].isdigit():
            market = game.state[L.field_slice("MARKET")]
            k = int(parts[i + 1])
            if k < len(market) and market[k] >= 0:
                out.append(cat.card_names[int(market[k])])
    return ", ".join(out)


def choice_texts() -> dict:
    """{choice kind: {"options": [...]} or {"option": template}} (explain/maracaibo.toml [choice.*])."""
    return explain_table("maracaibo", "choice")


def _choice(game, k: int) -> str:
    """What option k of the pending generic choice means (explain/maracaibo.toml [choice.*])."""
    st = game.state
    n = int(st[K.G_STK_N])
    if n == 0:
        return ""
    o = K.G_STK + (n - 1) * L.STACK_W
    op, _, kind, arg = (int(x) for x in st[o:o + 4])
    if op != OP_CHOICE or not 0 <= kind < len(CHOICES):
        return ""
    entry = choice_texts().get(CHOICES[kind], {})
    special = _campaign_choice(game, CHOICES[kind], arg, k)
    if special:
        return special
    if "options" in entry:
        return entry["options"][k] if k < len(entry["options"]) else ""
    cat = game.catalog
    return entry.get("option", "").format(
        k=k, arg=arg, synergy=cat.synergy_keys[k] if k < len(cat.synergy_keys) else k,
        good=cat.goods_keys[k] if k < len(cat.goods_keys) else k)


def _campaign_choice(game, kind: str, arg: int, k: int) -> str:
    """A story vote's option text (story.toml) or the skull tile's name, "" if none."""
    if kind == "story_vote":
        cards = game.catalog.raw.get("story", {}).get("card", [])
        slot = arg // 4
        options = (cards[slot].get("decision") or {}).get("option", []) if slot < len(cards) else []
        if k < len(options):
            return f"vote: {options[k]['text']} (then card {options[k]['read']:02d})"
    if kind == "skull_tile":
        i = skull_in_play(game.state, k)
        return f"remove skull tile L{i + 1} from the game" if i >= 0 else ""
    return ""

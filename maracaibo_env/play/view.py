"""What a person sees of a game, as one JSON-ready dict (the "view").

The terminal (play/terminal.py), the browser (play/web) and the one-page
replays (play/replay_html.py) all draw this same dict, so they show the
same thing:

    {"game": "maracaibo", "title", "round", "rounds", "phase", "over", "to_act",
     "viewer": seat or None (a spectator sees no hand),
     "map": {"width", "height", "nodes": [{"id", "label", "x", "y", "kind",
             "ships": [seats], "notes": [str], "marker": nation or None (Maracaibo)}],
             "edges": [[id, id]]},
     "tracks": [{"name", "values": [per seat], "note"}],
     "players": [{"seat", "name", "vp", "fields": [[label, value]], "cards": [str]}],
     "hand": [str], "plan": [str], "market": [str], "notes": [str],
     "actions": [{"group", "title", "items": [{"id", "name", "detail"}]}],
     "final": None or {"sources", "breakdown": [[...] per seat], "scores", "winners"}}

Only what the viewer may know is in it: the viewer's own hand, public
tableaus and tracks, facedown Pirates cards as "facedown".
"""
from __future__ import annotations

import math
import tomllib
from functools import lru_cache
from pathlib import Path

from .labels import detail, game_name, group_of, group_title, pirates_slot_name

MAPS = Path(__file__).with_name("maps")


def build_view(game, viewer: int | None, names: list[str] | None = None,
               actions: bool = True) -> dict:
    """The view of `game` for seat `viewer` (None: a spectator). names: the
    players' names by seat; actions: list the legal actions when the viewer
    is to act."""
    kind = game_name(game)
    n = game.num_seats
    names = list(names) if names else [f"player {p}" for p in range(n)]
    v = {"game": kind, "round": game.round, "phase": game.phase, "over": game.is_over,
         "to_act": None if game.is_over else game.current_player, "viewer": viewer,
         "options": {k: (list(x) if isinstance(x, tuple) else x) for k, x in game.options.items()},
         "hand": [], "plan": [], "market": [], "notes": [], "actions": [], "final": None}
    board = _BOARDS.get(kind)
    if board is None:
        raise ValueError(f"no view of the game {kind!r} is written (play/view.py _BOARDS)")
    board(game, viewer, names, v)
    if actions and not game.is_over and viewer is not None and game.current_player == viewer:
        v["actions"] = action_groups(game)
    if game.is_over:
        v["final"] = {"sources": list(game.VP_SOURCES),
                      "breakdown": [[b[s] for s in game.VP_SOURCES] for b in game.score_breakdown()],
                      "scores": game.scores(), "winners": game.winners(), "names": names}
    return v


def action_groups(game) -> list[dict]:
    """The legal actions grouped by their name's prefix, each with what its arguments point at."""
    kind = game_name(game)
    groups: dict[str, dict] = {}
    for a in game.legal_actions():
        name = game.action_names[a]
        g = group_of(name)
        entry = groups.setdefault(g, {"group": g, "title": group_title(kind, g), "items": []})
        entry["items"].append({"id": a, "name": name, "detail": detail(game, name)})
    return list(groups.values())


# ---- Maracaibo ------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _positions(game: str) -> dict:
    with open(MAPS / f"{game}.toml", "rb") as f:
        return {k: tuple(v) for k, v in tomllib.load(f)["position"].items()}


def _maracaibo(game, viewer, names, v) -> None:
    from ..maracaibo.core import layout as L
    from ..maracaibo.core.enums import NATIONS
    from ..maracaibo.render import _quest
    cat, st = game.catalog, game.state
    g = lambda name: st[L.field_slice(name)].tolist()  # noqa: E731
    v.update(title="Maracaibo", rounds=4)
    pos = _positions("maracaibo")
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
    from ..maracaibo.legacy import describe_tiles
    v["notes"] += ["legacy tile " + t for t in describe_tiles(st, cat)]
    if game.solo:
        v["notes"].append("Jean's last turn: " + (", ".join(f"{e} {a}" for e, a in game.solo_log()) or "-"))


def _on_circle(i: int, n: int) -> tuple[int, int]:
    t = 2 * math.pi * i / max(n, 1)
    return int(500 + 260 * math.cos(t)), int(300 + 260 * math.sin(t))


# ---- Pirates of Maracaibo --------------------------------------------------------------------
TREASURES = ("gold", "emerald", "pearl")


def _pirates(game, viewer, names, v) -> None:
    from ..pirates.core import layout as L
    cat, st = game.catalog, game.state
    f = lambda name, p=None: st[L.LAYOUT.field_slice(name, p)].tolist()  # noqa: E731
    v.update(title="Pirates of Maracaibo", rounds=3)
    lay = cat.data.layouts.layout[int(st[L.G_LAYOUT])]
    n = game.num_seats
    ships = [int(f("SHIP", p)[0]) for p in range(n)]
    island = f("ISLAND")
    cw, ch, left, top = 100, 110, 110, 70
    nodes, slot = [], 0
    for col in range(len(lay.rows[0])):
        for r, row in enumerate(lay.rows):
            cell, x, y = row[col], left + col * cw, top + r * ch
            if cell == "C":
                nodes.append({"id": f"s{slot}", "label": pirates_slot_name(game, slot).split(": ", 1)[-1],
                              "number": f"s{slot}", "x": x, "y": y, "kind": "slot",
                              "ships": [p for p in range(n) if ships[p] == slot], "notes": []})
                slot += 1
            elif cell in "GEP":
                t = "GEP".index(cell)
                nodes.append({"id": f"island{r}_{col}", "label": f"{TREASURES[t]} island", "number": "",
                              "x": x, "y": y, "kind": "island", "ships": [],
                              "notes": [f"{island[t]} {TREASURES[t]} left"]})
    width = left + len(lay.rows[0]) * cw
    special = (("start", L.SP_START, 30), ("gulf", L.SP_GULF, width), ("maracaibo", L.SP_MARA, width + 100))
    for key, sp, x in special:
        nodes.append({"id": key, "label": key.capitalize(), "number": "", "x": x, "y": top + ch * 1.5,
                      "kind": "home" if key != "start" else "start",
                      "ships": [p for p in range(n) if ships[p] == sp], "notes": []})
    v["map"] = {"width": width + 160, "height": top + ch * len(lay.rows), "nodes": nodes, "edges": [],
                "layout": lay.name}
    v["tracks"] = [{"name": "explorer track", "values": [cat.track_keys[int(f("EXPL", p)[0])] for p in range(n)],
                    "note": "space of each explorer"},
                   {"name": "rivers", "values": [int(f("RIVERS", p)[0]) for p in range(n)], "note": ""}]
    modules = int(st[L.G_MODULES])
    v["players"] = []
    for p in range(n):
        tre = f("TRE", p)
        fields = [["VP", int(f("VP", p)[0])], ["doubloons", int(f("COINS", p)[0])],
                  ["treasures gold / emerald / pearl", " / ".join(map(str, tre))],
                  ["buried", int(sum(f("BUR", p)))], ["upgrades", int(f("NUPG", p)[0])],
                  ["quests", int(f("QN", p)[0])], ["residences", int(f("NRES", p)[0])]]
        if modules & 16:
            fields.append(["rubies", int(f("RUBIES", p)[0])])
        if int(f("RETIRED", p)[0]):
            fields.append(["retired", "yes"])
        tab = f("TAB", p)[: int(f("TAB_N", p)[0])]
        seat_name = "Jordan (solo opponent)" if game.solo and p == 1 else names[p]
        v["players"].append({"seat": p, "name": seat_name, "vp": int(f("VP", p)[0]), "fields": fields,
                             "cards": [cat.card_names[c] for c in tab if 0 <= c < len(cat.card_names)]})
    if game.solo:
        j = game.jordan_view()
        v["notes"].append(f"Jordan: track level {j['level']}, {j['upgrades']} solo upgrades, last card "
                          f"{j['card'] or '-'}; last turn: "
                          + (", ".join(f"{e} {a}" if a is not None else e for e, a in game.solo_log()) or "-"))
    if viewer is not None and 0 <= viewer < n:
        q = f("QHAND", viewer)[: int(f("QN", viewer)[0])]
        v["hand"] = [f"quest {cat.quest_keys[k]}" for k in q if 0 <= k < len(cat.quest_keys)]


#: each game's part of the view (per-game code, keyed by registry id)
_BOARDS = {"maracaibo": _maracaibo, "pirates": _pirates}

"""What a person sees of a Pirates of Maracaibo game (GameInfo.view): its part
of a play session's view dict (``board``, play/view.py) and what the arguments
of its action names point at now (``action_detail``, play/labels.py). Hidden
things stay hidden: a facedown or fogged slot is shown as such, never by its
card.
"""
from __future__ import annotations

import re

from .core import layout as L

from .core import constants as K
from .core.common import OP_LIST
from .data_load import TREASURES

_SLOT = re.compile(r"s(\d+)$")
#: actions whose argument is a quest: where that quest lies
_QUEST_ACTIONS = ("keep_quest", "return_quest", "quest_market", "discard_quest")


# ---- the board -------------------------------------------------------------------------------
def board(game, viewer, names, v) -> None:
    """Fill the view dict v (play/view.py build_view) with the sea chart (its slots,
    islands and home ports), tracks, players, the solo opponent and the viewer's quests."""
    cat, st = game.catalog, game.state
    f = lambda name, p=None: st[L.LAYOUT.field_slice(name, p)].tolist()  # noqa: E731
    v.update(title="Pirates of Maracaibo", rounds=3)
    lay = cat.data.layouts.layout[int(st[K.G_LAYOUT])]
    n = game.num_seats
    ships = [int(f("SHIP", p)[0]) for p in range(n)]
    island = f("ISLAND")
    cw, ch, left, top = 100, 110, 110, 70
    nodes, slot = [], 0
    for col in range(len(lay.rows[0])):
        for r, row in enumerate(lay.rows):
            cell, x, y = row[col], left + col * cw, top + r * ch
            if cell == "C":
                nodes.append({"id": f"s{slot}", "label": slot_name(game, slot).split(": ", 1)[-1],
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
    modules = int(st[K.G_MODULES])
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


def slot_name(game, slot: int) -> str:
    """The card in a board slot as a player sees it (facedown / fog hide it)."""
    st = game.state
    cards = st[L.LAYOUT.field_slice("SLOT_CARD")]
    if not 0 <= slot < len(cards):
        return f"slot {slot}"
    if st[L.LAYOUT.field_slice("SLOT_DOWN")][slot]:
        return f"slot {slot}: a facedown card"
    if st[K.G_SLOT_FOG + slot]:
        coins = int(st[K.G_SLOT_COINS + slot])
        return f"slot {slot}: fog" + (f" ({coins} doubloons)" if coins else "")
    cid = int(cards[slot])
    return f"slot {slot}: " + (game.catalog.card_names[cid] if cid >= 0 else "empty")


# ---- what an action name points at -----------------------------------------------------------
def action_detail(game, name: str) -> str:
    """What the arguments of an action name point at now ('' when nothing to add):
    a Location card's side, a pending effect, a quest, the cards in slots."""
    parts = name.split(":")
    if parts[0] == "side" and len(parts) == 2 and parts[1].isdigit():
        return _side(game, int(parts[1]))
    if parts[0] == "effect" and len(parts) == 2 and parts[1].isdigit():
        return _effect(game, int(parts[1]))
    if len(parts) == 2 and parts[1].isdigit() and parts[0] in _QUEST_ACTIONS:
        return _quest(game, parts[0], int(parts[1]))
    out = []
    for tok in parts[1:]:
        m = _SLOT.match(tok.split("_")[0])
        if m:
            out.append(slot_name(game, int(m.group(1))))
    return ", ".join(out)


def _quest(game, kind: str, i: int) -> str:
    st, p = game.state, game.current_player
    if not 0 <= p < game.num_seats:
        return ""
    field = lambda name: st[L.LAYOUT.field_slice(name, p)]  # noqa: E731
    if kind in ("keep_quest", "return_quest"):
        q = int(field("SETUPQ")[i]) if i < 2 else int(field("SETUPQ3")[0]) - 1
    elif kind == "quest_market":
        q = int(st[L.LAYOUT.field_slice("QMARKET")][i])
    else:
        q = int(field("QHAND")[i])
    keys = game.catalog.quest_keys
    return f"quest {keys[q]}" if 0 <= q < len(keys) else ""


def _side(game, k: int) -> str:
    """The actions on side k of the Location card where the acting player's ship is (LOC-05)."""
    st, p = game.state, game.current_player
    if not 0 <= p < game.num_seats:
        return ""
    slot = int(st[L.LAYOUT.field_slice("SHIP", p)][0])
    cards = st[L.LAYOUT.field_slice("SLOT_CARD")]
    if not 0 <= slot < len(cards) or cards[slot] < 0:
        return ""
    key = game.catalog.card_keys[int(cards[slot])]
    loc = next((c for c in game.catalog.data.cards.location if c.key == key), None)
    if loc is None or k >= len(loc.sides):
        return ""
    return ", ".join(" ".join(str(x) for x in (e.do.replace("_", " "), e.n or "", e.treasure, e.type) if x)
                     for e in loc.sides[k])


def _effect(game, i: int) -> str:
    """Effect i of the pending list of effects (the top task of the engine's stack)."""
    st = game.state
    n = int(st[K.G_STK_N])
    if n == 0:
        return ""
    o = K.G_STK + (n - 1) * L.STACK_W
    if int(st[o]) != OP_LIST or not 0 <= i < int(st[o + 2]):
        return ""
    effects = game.catalog.effects
    e = int(st[o + 1]) + i
    return effects[e].replace(" n=", " ").replace("=", " ") if 0 <= e < len(effects) else ""

"""Readable labels and explanations of action names, for people.

An action keeps its engine name ('deliver:hand0', 'acquire:s4'), which is
what a person types and what replays store; ``detail`` adds what its
arguments point at now ('Legionnaire', 'Port Royal'), and ``explain`` the
rule text of its group from ``explain/<game>.toml`` (data: edit the file, not
this code). Hidden things stay hidden: a facedown or fogged Pirates slot is
shown as such, never by its card.
"""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

from ..registry import game_id_of, game_info

EXPLAIN_DIR = Path(__file__).with_name("explain")
_HAND = re.compile(r"hand(\d+)$")
_PLAN = re.compile(r"plan(\d+)$")
_SLOT = re.compile(r"s(\d+)$")


def game_name(game) -> str:
    """The registered game id of a Game object ('maracaibo', 'pirates')."""
    return game_id_of(game)


def group_of(name: str) -> str:
    """The group an action name is listed under: its part before the first ':'."""
    return name.split(":", 1)[0]


def seat_names(game, names) -> list[str]:
    """names of the deciding seats, plus the solo opponent's seat (as the logs name
    it: registry GameInfo.solo_opponent) when there is one."""
    out = list(names)
    while len(out) < game.num_seats:
        out.append(game_info(game_name(game)).solo_opponent)
    return out


@lru_cache(maxsize=None)
def _explain_file(game: str) -> dict:
    path = EXPLAIN_DIR / f"{game}.toml"
    if not path.is_file():      # titles fall back to the prefixes
        return {}
    with open(path, "rb") as f:
        return tomllib.load(f)


def explanations(game: str) -> dict:
    """{key: {"title", "text"[, "args"]}} of explain/<game>.toml ('prefix' or 'prefix:second')."""
    return _explain_file(game).get("group", {})


def group_title(game: str, group: str) -> str:
    entry = explanations(game).get(group)
    return entry["title"] if entry else group


def explain(game, name: str) -> str:
    """What an action does (its group's rule text) and what its arguments point at now."""
    table = explanations(game_name(game))
    parts = name.split(":")
    entry = table.get(":".join(parts[:2])) or table.get(parts[0])
    lines = [name + (f"  ({d})" if (d := detail(game, name)) else "")]
    if entry:
        lines.append(entry["title"] + ": " + entry["text"])
        if entry.get("args"):
            lines.append("reading the name: " + entry["args"])
    else:
        lines.append("no explanation recorded for this kind of action")
    return "\n".join(lines)


def detail(game, name: str) -> str:
    """What the arguments of an action name point at now ('' when nothing to add,
    or for a game whose details are not written here)."""
    of = _DETAILS.get(game_name(game))
    return of(game, name) if of is not None else ""


def _maracaibo_detail(game, name: str) -> str:
    cat = game.catalog
    p = game.current_player
    out = []
    parts = name.split(":")
    if parts[0] == "choice" and len(parts) == 2 and parts[1].isdigit():
        return _maracaibo_choice(game, int(parts[1]))
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
            from ..maracaibo.core import layout as L
            market = game.state[L.field_slice("MARKET")]
            k = int(parts[i + 1])
            if k < len(market) and market[k] >= 0:
                out.append(cat.card_names[int(market[k])])
    return ", ".join(out)


def _choice_texts() -> dict:
    return _explain_file("maracaibo").get("choice", {})


def _maracaibo_choice(game, k: int) -> str:
    """What option k of the pending generic choice means (explain/maracaibo.toml [choice.*])."""
    from ..maracaibo.core import layout as L
    from ..maracaibo.core.enums import CHOICES, OP_CHOICE
    st = game.state
    n = int(st[L.G_STK_N])
    if n == 0:
        return ""
    o = L.G_STK + (n - 1) * L.STACK_W
    op, _, kind, arg = (int(x) for x in st[o:o + 4])
    if op != OP_CHOICE or not 0 <= kind < len(CHOICES):
        return ""
    entry = _choice_texts().get(CHOICES[kind], {})
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
        from ..maracaibo.core.legacy import skull_in_play
        i = skull_in_play(game.state, k)
        return f"remove skull tile L{i + 1} from the game" if i >= 0 else ""
    return ""


def _pirates_detail(game, name: str) -> str:
    parts = name.split(":")
    if parts[0] == "side" and len(parts) == 2 and parts[1].isdigit():
        return _pirates_side(game, int(parts[1]))
    if parts[0] == "effect" and len(parts) == 2 and parts[1].isdigit():
        return _pirates_effect(game, int(parts[1]))
    if len(parts) == 2 and parts[1].isdigit() and parts[0] in _QUEST_ACTIONS:
        return _pirates_quest(game, parts[0], int(parts[1]))
    out = []
    for tok in parts[1:]:
        m = _SLOT.match(tok.split("_")[0])
        if m:
            out.append(pirates_slot_name(game, int(m.group(1))))
    return ", ".join(out)


def pirates_slot_name(game, slot: int) -> str:
    """The card in a Pirates board slot as a player sees it (facedown / fog hide it)."""
    from ..pirates.core import layout as L
    st = game.state
    cards = st[L.LAYOUT.field_slice("SLOT_CARD")]
    if not 0 <= slot < len(cards):
        return f"slot {slot}"
    if st[L.LAYOUT.field_slice("SLOT_DOWN")][slot]:
        return f"slot {slot}: a facedown card"
    if st[L.G_SLOT_FOG + slot]:
        coins = int(st[L.G_SLOT_COINS + slot])
        return f"slot {slot}: fog" + (f" ({coins} doubloons)" if coins else "")
    cid = int(cards[slot])
    return f"slot {slot}: " + (game.catalog.card_names[cid] if cid >= 0 else "empty")


# Pirates actions whose argument is a quest: where that quest lies
_QUEST_ACTIONS = ("keep_quest", "return_quest", "quest_market", "discard_quest")


def _pirates_quest(game, kind: str, i: int) -> str:
    from ..pirates.core import layout as L
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


def _pirates_side(game, k: int) -> str:
    """The actions on side k of the Location card where the acting player's ship is (LOC-05)."""
    from ..pirates.core import layout as L
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


def _pirates_effect(game, i: int) -> str:
    """Effect i of the pending list of effects (the top task of the engine's stack)."""
    from ..pirates.core import layout as L
    from ..pirates.core.common import OP_LIST
    st = game.state
    n = int(st[L.G_STK_N])
    if n == 0:
        return ""
    o = L.G_STK + (n - 1) * L.STACK_W
    if int(st[o]) != OP_LIST or not 0 <= i < int(st[o + 2]):
        return ""
    effects = game.catalog.effects
    e = int(st[o + 1]) + i
    return effects[e].replace(" n=", " ").replace("=", " ") if 0 <= e < len(effects) else ""


#: each game's details of action names (per-game code, keyed by registry id)
_DETAILS = {"maracaibo": _maracaibo_detail, "pirates": _pirates_detail}

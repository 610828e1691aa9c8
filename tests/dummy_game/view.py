"""What a person sees of a Harbour Race game (GameInfo.view): its part of a play
session's view dict (``board``, maracaibo_env/play/view.py) and what an action
name's arguments point at now (``action_detail``, maracaibo_env/play/labels.py)."""
from __future__ import annotations

from .game import GEM_COST, GEM_VP, ROUNDS, TRACK


def _field(game, name, p):
    return int(game.state[game.LAYOUT.field_slice(name, p)][0])


def board(game, viewer, names, v) -> None:
    """The track as a map of spaces with the ships on it, and the players."""
    cat, n = game.catalog, game.num_seats
    bonus = int(game.state[game.LAYOUT.glob["BONUS"][0]])
    pos = [_field(game, "POS", p) for p in range(n)]
    v.update(title="Harbour Race", rounds=ROUNDS)
    labels = ["Quay", *cat.space_names, "Harbour"]
    nodes = [{"id": f"space{i}", "label": labels[i], "number": str(i), "x": 60 + 80 * i, "y": 80,
              "kind": "space", "ships": [p for p in range(n) if pos[p] == i],
              "notes": [f"bonus {int(cat.array[i])} VP"] if i == bonus else []} for i in range(TRACK + 1)]
    v["map"] = {"width": 120 + 80 * TRACK, "height": 160, "nodes": nodes,
                "edges": [[f"space{i}", f"space{i + 1}"] for i in range(TRACK)]}
    v["tracks"] = [{"name": "track", "values": pos, "note": f"the harbour is space {TRACK}"}]
    v["players"] = [{"seat": p, "name": names[p], "vp": _field(game, "VP", p),
                     "fields": [["VP", _field(game, "VP", p)], ["coins", _field(game, "COINS", p)],
                                ["gems", _field(game, "GEMS", p)], ["space", pos[p]]],
                     "cards": []} for p in range(n)]
    v["notes"].append(f"bonus on space {bonus} ({labels[bonus]}, {int(cat.array[bonus])} VP)")


def action_detail(game, name: str) -> str:
    """'to space 4 (Lagoon, the bonus)', '3 coins for 2 VP', ''."""
    p = game.current_player
    if name.startswith("sail:") and 0 <= p < game.num_seats:
        to = min(TRACK, _field(game, "POS", p) + int(name[5:]))
        label = "the harbour" if to == TRACK else game.catalog.space_names[to - 1]
        bonus = to == int(game.state[game.LAYOUT.glob["BONUS"][0]])
        return f"to space {to} ({label}{', the bonus' if bonus else ''})"
    if name == "buy:gem":
        return f"{GEM_COST} coins for {GEM_VP} VP"
    return ""

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
tableaus and tracks, facedown Pirates cards as "facedown". The board part
(title, map, tracks, players, hand, notes) is each game's own code: the
``board`` of its view module (registry GameInfo.view, e.g.
maracaibo_env/maracaibo/view.py); this module builds the rest.
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from .labels import detail, game_name, game_view, group_of, group_title

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
    game_view(kind).board(game, viewer, names, v)
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


@lru_cache(maxsize=None)
def map_positions(game: str) -> dict:
    """{location key: (x, y)} of maps/<game>.toml, where a game's view draws its map."""
    with open(MAPS / f"{game}.toml", "rb") as f:
        return {k: tuple(v) for k, v in tomllib.load(f)["position"].items()}

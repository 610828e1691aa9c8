"""Readable labels and explanations of action names, for people.

An action keeps its engine name ('deliver:hand0', 'acquire:s4'), which is
what a person types and what replays store; ``detail`` adds what its
arguments point at now ('Legionnaire', 'Port Royal'), and ``explain`` the
rule text of its group from ``explain/<game>.toml`` (data: edit the file, not
this code). What the arguments point at is the game's own code: the
``action_detail`` of its view module (registry GameInfo.view, e.g.
maracaibo_env/pirates/view.py), which keeps hidden things hidden (a facedown
or fogged Pirates slot is shown as such, never by its card).
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from ..registry import game_id_of, game_info, game_part

EXPLAIN_DIR = Path(__file__).with_name("explain")


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


def explain_table(game: str, table: str) -> dict:
    """One table of explain/<game>.toml ("group"; a game's own, such as Maracaibo's
    "choice"); {} when the file or the table is missing."""
    return _explain_file(game).get(table, {})


def explanations(game: str) -> dict:
    """{key: {"title", "text"[, "args"]}} of explain/<game>.toml ('prefix' or 'prefix:second')."""
    return explain_table(game, "group")


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


def game_view(game_id: str):
    """The module that shows a game to a person (registry GameInfo.view: ``board``
    and ``action_detail``); registry.UnknownGameError (a ValueError) when the game
    has none."""
    return game_part(game_id, "view")


def detail(game, name: str) -> str:
    """What the arguments of an action name point at now (the game's view module's
    ``action_detail``); '' when nothing to add, or for a game without a view module."""
    gid = game_name(game)
    return game_view(gid).action_detail(game, name) if game_info(gid).view else ""

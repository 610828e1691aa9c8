"""Who a balance report's solo games were against, read from the report itself
(report.py and figures.py both draw the solo section)."""
from __future__ import annotations


def solo_side(a) -> tuple[str, str]:
    """(the solo opponent's name, the prefix of its keys) of a report: ('Jean', 'jean'),
    ('Jordan', 'jordan'); a report written before the solo section named him is Jean's."""
    s = a.get("solo") or {}
    if "opponent" in s:
        return s["opponent"], s["key"]
    from ..agents.registry import solo_kind
    from ..registry import game_info
    game = a["meta"].get("game", "maracaibo")
    row = solo_kind(game)
    return game_info(game).solo_opponent or "the solo opponent", row.kind if row else "jean"

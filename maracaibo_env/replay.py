"""Replays: a game as JSON lines that re-run and verify.

    {"format": "maracaibo-replay", "version": 1, "setup": {"num_players": 3, "seed": 7, ...}}
    {"player": 0, "action": "setup:plan:hand2"}
    ...
    {"final_scores": [61, 58, 70]}          (only when the game ended)

Actions are stored by name, so a replay stays readable and survives a change
of action ids; `verify_replay` replays it and checks every action was legal
and the final scores match.
"""
from __future__ import annotations

import json
from pathlib import Path

from .game import Game, IllegalActionError

FORMAT = "maracaibo-replay"
VERSION = 1


class ReplayError(ValueError):
    """A replay file that is malformed or does not reproduce."""


def write_replay(game: Game, path) -> None:
    if game.history is None or game.config is None:
        raise ReplayError("this game has no replay history (it was loaded from a saved state)")
    names = game.action_names
    lines = [json.dumps({"format": FORMAT, "version": VERSION, "setup": game.config})]
    g = Game(**game.config, catalog=game.catalog)
    for a in game.history:
        lines.append(json.dumps({"player": g.current_player, "action": names[a]}))
        g.step(a)
    if game.is_over:
        lines.append(json.dumps({"final_scores": game.scores()}))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def load_replay(path) -> tuple[Game, list[int] | None]:
    """Re-run a replay; returns the game and the recorded final scores (None
    if the replay stops before the end). Raises ReplayError on any mismatch."""
    rows = []
    for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append((i, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise ReplayError(f"{path}:{i}: not JSON ({exc})") from None
    if not rows or rows[0][1].get("format") != FORMAT or rows[0][1].get("version") != VERSION:
        raise ReplayError(f"{path}:1: expected a header {{'format': '{FORMAT}', 'version': {VERSION}, "
                          "'setup': {...}}")
    try:
        game = Game(**rows[0][1]["setup"])
    except (TypeError, ValueError, KeyError) as exc:
        raise ReplayError(f"{path}:1: bad setup: {exc}") from None
    final = None
    for i, row in rows[1:]:
        if "final_scores" in row:
            final = row["final_scores"]
            continue
        if "action" not in row:
            raise ReplayError(f"{path}:{i}: expected {{'player': p, 'action': name}}")
        if row.get("player") != game.current_player:
            raise ReplayError(f"{path}:{i}: player {row.get('player')} recorded, but player "
                              f"{game.current_player} is to act")
        try:
            game.step(row["action"])
        except IllegalActionError as exc:
            raise ReplayError(f"{path}:{i}: {exc}") from None
    return game, final


def verify_replay(path) -> Game:
    """Re-run and check the final scores; returns the replayed game."""
    game, final = load_replay(path)
    if final is not None:
        if not game.is_over:
            raise ReplayError(f"{path}: the replay records final scores but the game has not ended")
        if game.scores() != final:
            raise ReplayError(f"{path}: final scores {game.scores()} differ from the recorded {final}")
    return game

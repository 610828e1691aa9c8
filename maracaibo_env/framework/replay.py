"""Replays: a game as JSON lines that re-run and verify.

    {"format": "maracaibo-replay", "version": 2, "data_hash": "<sha256>", "setup": {"num_players": 3, ...}}
    (Pirates of Maracaibo: "format": "pirates-replay", "version": 1; the format names the game)
    {"player": 0, "action": "setup:plan:hand2"}
    ...
    {"end": "game_over", "actions": 243, "final_scores": [61, 58, 70]}
or, for a game saved before its end,
    {"end": "unfinished", "actions": 120}

Actions are stored by name, so a replay stays readable; the header records
the game data's hash (`Catalog.data_hash`), so a replay is never re-run with
other data by mistake. Parsing is strict: every line must have exactly its
shape, the file must end with its end line and a newline, and the number of
actions must match. Version 1 replays (before the rules changes of issue 9)
are refused: they would not re-run identically. `verify_replay` re-runs a
replay, checks every action was legal for the recorded player, and the final
scores; `partial=True` accepts an unfinished game (an "unfinished" end line,
or a file that stops after a complete action line).
"""
from __future__ import annotations

import inspect
import json
from typing import Any

from ..registry import DEFAULT_GAME, UnknownGameError, game_class, game_for_replay_format, game_info, replay_formats
from .errors import IllegalActionError

#: a framework.game.GameBase (not imported: game.py imports this module for save_replay)
Game = Any

HEADER_KEYS = ("format", "version", "data_hash", "setup")


def _class_of_format(fmt):
    """The Game class whose replays have this header format (None: no registered game's);
    only that game is imported."""
    if not isinstance(fmt, str):
        return None
    try:
        return game_class(game_for_replay_format(fmt))
    except UnknownGameError:
        return None


def _setup_keys(cls) -> tuple[str, ...]:
    # the setup is Game's keywords (a new option is accepted without a change here)
    return tuple(name for name, prm in inspect.signature(cls.__init__).parameters.items()
                 if name not in ("self", "catalog", "data_dir") and prm.kind is not prm.VAR_KEYWORD)


class ReplayError(ValueError):
    """A replay file that is malformed or does not reproduce."""


def write_replay(game, path) -> None:
    """Write the game's replay to path (atomically: a crash leaves no half file)."""
    from .files import write_atomic
    text = "\n".join(json.dumps(row) for row in replay_rows(game)) + "\n"
    write_atomic(path, text)       # a fresh file beside it, then renamed: never through a planted link


def replay_rows(game) -> list[dict]:
    """The lines of the game's replay as dicts: header, one per action, end."""
    if game.history is None or game.config is None:
        raise ReplayError("this game has no replay history (it was loaded from a saved state)")
    names = game.action_names
    cls = type(game)
    rows = [{"format": cls.REPLAY_FORMAT, "version": cls.REPLAY_VERSION,
             "data_hash": cls.data_hash_of(game.state, game.catalog), "setup": game.config}]
    g = cls(**game.config, catalog=game.catalog)
    for a in game.history:
        rows.append({"player": g.current_player, "action": names[a]})
        g.step(a)
    end = {"end": "game_over" if game.is_over else "unfinished", "actions": len(game.history)}
    if game.is_over:
        end["final_scores"] = game.scores()
    rows.append(end)
    return rows


def load_replay(path, partial: bool = False, catalog=None,
                ignore_data_hash: bool = False) -> tuple[Game, list[int] | None]:
    """Re-run a replay of any registered game (its header's format says which);
    returns the game and the recorded final scores (None for an unfinished
    game, accepted only with partial=True). Raises ReplayError naming the
    line and what was expected."""
    return load_replay_rows(_read_lines(path), str(path), partial, catalog, ignore_data_hash)


def load_replay_bytes(data: bytes, name: str = "<replay>", partial: bool = False,
                      catalog=None) -> tuple[Game, list[int] | None]:
    """load_replay of a replay's bytes (an upload); name stands for the path in errors."""
    return load_replay_rows(_parse_lines(data, name), name, partial, catalog)


def load_replay_rows(rows: list, path: str, partial: bool = False, catalog=None,
                     ignore_data_hash: bool = False) -> tuple[Game, list[int] | None]:
    """load_replay of the replay's lines, already parsed (a list of dicts)."""
    if not isinstance(rows, list) or not rows:
        raise ReplayError(f"{path}: a replay is a non-empty list of lines, got {_short(rows)}")
    for i, row in enumerate(rows, 1):
        if not isinstance(row, dict):
            raise ReplayError(f"{path}:{i}: expected a JSON object, got {_short(row)}")
    where = lambda i: f"{path}:{i}"  # noqa: E731
    game = _start(rows[0], where(1), catalog, ignore_data_hash)
    end, end_line = None, None
    for i, row in enumerate(rows[1:], 2):
        if end is not None:
            raise ReplayError(f"{where(i)}: a line after the end line {end_line}")
        if "end" in row:
            end, end_line = row, i
            continue
        if set(row) != {"player", "action"} or type(row["player"]) is not int \
                or not isinstance(row["action"], str):
            raise ReplayError(f"{where(i)}: expected {{\"player\": <int>, \"action\": <action name>}}, "
                              f"got {_short(row)}")
        if row["player"] != game.current_player:
            raise ReplayError(f"{where(i)}: player {row['player']} recorded, but "
                              + (f"player {game.current_player} is to act" if not game.is_over
                                 else "the game is already over"))
        try:
            game.step(row["action"])
        except IllegalActionError as exc:
            raise ReplayError(f"{where(i)}: {exc}") from None
    n = len(game.history)
    if end is None:
        if not partial:
            raise ReplayError(f"{path}: the replay stops after {n} actions without its end line "
                              "(truncated?); pass partial=True / --partial to accept an unfinished game")
        return game, None
    return game, _check_end(end, f"{where(end_line)}", game, partial)


def _read_lines(path) -> list[dict]:
    from .files import FileError, read_bytes
    try:
        data = read_bytes(path, what="replay")     # a regular file under the size cap
    except FileError as exc:
        raise ReplayError(f"{path}: cannot read: {exc.reason}") from None
    return _parse_lines(data, path)


def _parse_lines(data: bytes, path) -> list[dict]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ReplayError(f"{path}:{line}: not UTF-8 text (byte {exc.start}: {data[exc.start:exc.start + 1]!r})") \
            from None
    if not text:
        raise ReplayError(f"{path}: empty file; a replay starts with its header line")
    if not text.endswith("\n"):
        n = text.count("\n") + 1
        raise ReplayError(f"{path}:{n}: the last line has no line end: the file is truncated")
    rows = []
    for i, line in enumerate(text[:-1].split("\n"), 1):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise ReplayError(f"{path}:{i}: not a JSON line ({exc})") from None
        if not isinstance(row, dict):
            raise ReplayError(f"{path}:{i}: expected a JSON object, got {_short(row)}")
        rows.append(row)
    return rows


def _start(header: dict, where: str, catalog, ignore_data_hash: bool) -> Game:
    cls = _class_of_format(header.get("format"))
    if cls is None:
        first = game_info(DEFAULT_GAME).replay_format
        raise ReplayError(f"{where}: expected a header {{\"format\": \"{first}\" (or "
                          f"{', '.join(repr(f) for f in replay_formats() if f != first)}), \"version\": ..., "
                          f"\"data_hash\": ..., \"setup\": {{...}}}}, got {_short(header)}")
    VERSION = cls.REPLAY_VERSION
    try:
        catalog = cls._catalog_from(catalog)
    except ValueError as exc:
        raise ReplayError(f"{where}: {exc}") from None
    SETUP_KEYS = _setup_keys(cls)
    version = header.get("version")
    if version != VERSION or type(version) is not int:
        if type(version) is int and 0 < version < VERSION:
            raise ReplayError(f"{where}: replay version {version} was written by an older maracaibo_env whose "
                              f"rules engine differs, so it would not re-run identically; this version reads "
                              f"version {VERSION}")
        raise ReplayError(f"{where}: replay version {version!r} is not supported; this version reads {VERSION}")
    if set(header) != set(HEADER_KEYS):
        raise ReplayError(f"{where}: header keys are {sorted(header)}; expected exactly {list(HEADER_KEYS)}")
    h = header["data_hash"]
    if not isinstance(h, str):
        raise ReplayError(f"{where}: data_hash = {_short(h)}: expected the game data's sha256 (hex)")
    if h not in cls._known_hashes(catalog) and not ignore_data_hash and h not in cls.PREVIOUS_DATA_HASHES:
        raise ReplayError(f"{where}: recorded with other game data (data_hash {h[:16]}…, this installation's "
                          f"data is {catalog.data_hash[:16]}…): it would not re-run identically")
    setup = header["setup"]
    if not isinstance(setup, dict) or not set(setup) <= set(SETUP_KEYS) or "num_players" not in setup:
        raise ReplayError(f"{where}: setup must be an object with num_players and some of {list(SETUP_KEYS)}, "
                          f"got {_short(setup)}")
    try:
        game = cls(**setup, catalog=catalog)
    except ValueError as exc:
        raise ReplayError(f"{where}: bad setup: {exc}") from None
    if h != cls.data_hash_of(game.state, catalog) and not ignore_data_hash and h not in cls.PREVIOUS_DATA_HASHES:
        raise ReplayError(f"{where}: recorded with other game data for what this game uses (a campaign "
                          f"game: other story cards; data_hash {h[:16]}…, here "
                          f"{cls.data_hash_of(game.state, catalog)[:16]}…): it would not re-run identically")
    return game


def _check_end(end: dict, where: str, game: Game, partial: bool) -> list[int] | None:
    n = len(game.history)
    kind = end.get("end")
    if kind == "game_over":
        keys, scores = {"end", "actions", "final_scores"}, end.get("final_scores")
        if set(end) != keys or not (isinstance(scores, list) and len(scores) == game.num_seats
                                    and all(type(x) is int for x in scores)):
            raise ReplayError(f"{where}: expected {{\"end\": \"game_over\", \"actions\": <int>, "
                              f"\"final_scores\": [{game.num_seats} ints]}}, got {_short(end)}")
    elif kind == "unfinished":
        if set(end) != {"end", "actions"}:
            raise ReplayError(f"{where}: expected {{\"end\": \"unfinished\", \"actions\": <int>}}, got {_short(end)}")
    else:
        raise ReplayError(f"{where}: end must be \"game_over\" or \"unfinished\", got {_short(end)}")
    if end["actions"] != n or type(end["actions"]) is not int:
        raise ReplayError(f"{where}: the end line counts {_short(end['actions'])} actions, the file has {n}")
    if kind == "unfinished":
        if game.is_over:
            raise ReplayError(f"{where}: recorded as unfinished, but the game is over after these actions")
        if not partial:
            raise ReplayError(f"{where}: the replay records an unfinished game; pass partial=True / --partial "
                              "to accept it")
        return None
    if not game.is_over:
        raise ReplayError(f"{where}: the replay records final scores but the game has not ended")
    return end["final_scores"]


def _short(x, limit: int = 80) -> str:
    text = repr(x)
    return text if len(text) <= limit else text[:limit] + "…"


def verify_replay(path, partial: bool = False, catalog=None) -> Game:
    """Re-run and check the final scores; returns the replayed game."""
    game, final = load_replay(path, partial, catalog)
    if final is not None and game.scores() != final:
        raise ReplayError(f"{path}: final scores {game.scores()} differ from the recorded {final}")
    return game

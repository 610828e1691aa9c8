"""The games of this package: one table that every tool asks.

    from maracaibo_env.registry import available_games, game_info, game_class, game_id_of
    available_games()                          # ("maracaibo", "pirates")
    game_info("pirates").title                 # "Pirates of Maracaibo"
    g = game_class("pirates")(3, seed=1)       # or maracaibo_env.make("pirates", 3, seed=1)
    game_id_of(g)                              # "pirates" (an instance or a class)
    game_for_replay_format("pirates-replay")   # "pirates"

A game is one `GameInfo` row. Its Game class and its tournament adapter are
named by dotted path ("module:attribute") and imported on first use, so
importing this module imports no engine. The CLI's --game choices, the web
app's game list (GET /api/meta), replays, tournaments, balance reports and
the play tools read this table; none of them names a game.

A new game is its own folder plus one ``register(GameInfo(...))`` row; a
test may register a game for a while and ``unregister`` it (or use
``registered(info)``, a context manager).
"""
from __future__ import annotations

import importlib
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator


class UnknownGameError(ValueError):
    """A game id (or replay format, or Game class) that no registered game has."""


@dataclass(frozen=True)
class GameInfo:
    """One registered game.

    :param id: the game's name everywhere: --game, the web app, tournament
        and balance files, saved play sessions ("maracaibo").
    :param title: its name in texts ("Pirates of Maracaibo").
    :param game: its Game class, as "module:attribute" (imported when first
        asked for) or the class itself.
    :param replay_format: the "format" of its replays' header line (the Game
        class's REPLAY_FORMAT; conformance-tested).
    :param adapter: its tournament and balance adapter class
        (adapters.GameAdapter), as "module:attribute" or the class; None:
        the game plays no tournaments.
    :param hint_agent: the agent spec that a play session's hint asks
        ("strongest").
    :param strongest: {deciding players (1 = solo): agent spec}: what the
        `strongest` agent plays (maracaibo_env/agents/strongest.py), chosen by the
        tournaments in docs/agents.md; None: the game has no `strongest`.
    :param solo_opponent: the name of the engine-played solo opponent in
        logs and tables ("Jean"); "" when the game has none.
    :param solo_log: the game's own name of its solo opponent's log ("jean_log"),
        for documentation: tools call the generic ``Game.solo_log()``, which
        returns the same.
    :param solo_note: what the solo opponent's score rows mean (printed under
        a solo game's score table).
    :param gym_id: the Gymnasium id of its single-agent env ("" for none);
        gym_entry: that env's entry point ("module:Class").
    :param openspiel: its OpenSpiel description (framework.openspiel.OpenSpielSpec),
        as "module:attribute" or the spec; "": not an OpenSpiel game.
        ``import maracaibo_env.openspiel_game`` registers every game that has
        one with pyspiel, as the spec's short_name ("python_<id>").
    :param determinize: ``determinize(game, seat, rng) -> Game``, as
        "module:attribute" or the callable: a copy of the game with everything
        the seat cannot see (the game's core/hidden.py) redrawn at random from
        the numpy Generator rng (usually its Game class's ``determinize``);
        "": the game offers none. The conformance suite checks it keeps the
        seat's observation and legal actions.
    :param view: the module (its dotted name, or the module) that shows the game
        to a person: ``board(game, viewer, names, v)`` fills a play session's
        view dict (play/view.py) and ``action_detail(game, name)`` says what an
        action name's arguments point at now (play/labels.py); "": the game has
        no board view (its action names get no details).
    :param vector: its vector training env, the module (its dotted name, or the
        module) with ``LearnerGames``, ``sb3_vec_env``, ``gym_vector_env`` and
        ``observation_space``: the game's plug-in of framework/vector.py (training
        tools ask ``game_part(game, "vector")``); "": the game has none.
    :param compile_parts: what ``maracaibo compile`` runs for the game, as
        "module:attribute" or the tuple itself: rows (name, what it compiles,
        function, after): each function is a short real use run in a fresh
        process, once the parts named in `after` (declared before it) are
        done (play/compile.py); "": none.
    :param demo: the game's own part of ``maracaibo demo`` (its flags and its
        lines), as "module:attribute" or the class: a subclass of
        cli.Demo; "": the generic demo.
    :param calibration_stats: what the calibration (maracaibo_env/calibration) measures of
        the game's played games: the module (its dotted name, or the module) with
        STATISTICS, FIELDS and optionally Tracker (written with framework/statistics.py);
        "": the game has no calibration.
    :param data_ensemble: the module that draws data sets inside the game's value-model
        uncertainty for ``maracaibo balance --data-ensemble`` (draw_data_sets, check_size,
        spread_text, SPREAD, price_sources), its dotted name; "": the game has none.
    :param calibration_targets: the game's shipped calibration targets file, as
        "package:path in the package's folder" ("maracaibo_env.pirates:data/calibration.toml");
        "": it ships none (give the targets file or a data folder holding one).
    """
    id: str
    title: str
    game: Any
    replay_format: str
    adapter: Any = None
    hint_agent: str = "random"
    strongest: Any = None
    solo_opponent: str = ""
    solo_log: str = ""
    solo_note: str = ""
    gym_id: str = ""
    gym_entry: str = ""
    openspiel: Any = ""
    determinize: Any = ""
    ladder: tuple[str, ...] = ("random",)
    agents: str = ""
    view: Any = ""
    vector: Any = ""
    compile_parts: Any = ""
    demo: Any = ""
    calibration_stats: Any = ""
    calibration_targets: str = ""
    data_ensemble: Any = ""

    def __post_init__(self):
        if not (isinstance(self.id, str) and self.id.isidentifier() and self.id.islower()):
            raise ValueError(f"a game id is a lower-case identifier, got {self.id!r}")
        if not (isinstance(self.replay_format, str) and self.replay_format):
            raise ValueError(f"{self.id}: replay_format must be a non-empty string")


_GAMES: dict[str, GameInfo] = {}
_LOADED: dict[tuple[str, str], Any] = {}     # (game id, field) -> the imported object
_ADAPTERS: dict[str, Any] = {}               # game id -> its adapter instance

#: the game of a tool run without --game (and of files written before games were named)
DEFAULT_GAME = "maracaibo"


# ---- the table -----------------------------------------------------------------------------
def register(info: GameInfo) -> GameInfo:
    """Add a game; ValueError if its id or replay format is taken."""
    if not isinstance(info, GameInfo):
        raise TypeError(f"register takes a GameInfo, got {type(info).__name__}")
    if info.id in _GAMES:
        raise ValueError(f"a game {info.id!r} is already registered")
    for other in _GAMES.values():
        if other.replay_format == info.replay_format:
            raise ValueError(f"replay format {info.replay_format!r} is already {other.id!r}'s")
    _GAMES[info.id] = info
    return info


def unregister(game_id: str) -> None:
    """Remove a game (and what was loaded for it); UnknownGameError if it is not registered."""
    game_info(game_id)
    del _GAMES[game_id]
    _ADAPTERS.pop(game_id, None)
    for key in [k for k in _LOADED if k[0] == game_id]:
        del _LOADED[key]


@contextmanager
def registered(info: GameInfo) -> Iterator[GameInfo]:
    """register(info) for the duration of a with block (a test's extra game)."""
    register(info)
    try:
        yield info
    finally:
        unregister(info.id)


def available_games() -> tuple[str, ...]:
    """The registered game ids, in registration order (the default game first)."""
    return tuple(_GAMES)


def game_info(game_id: str) -> GameInfo:
    """The GameInfo of a game id; UnknownGameError listing the registered ids."""
    info = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise UnknownGameError(f"unknown game {game_id!r:.60}; known: {', '.join(_GAMES)}")
    return info


def game_class(game_id: str) -> type:
    """The Game class of a game id (imported on first use)."""
    return _load(game_info(game_id), "game")


def determinizer(game_id: str) -> Callable[..., Any]:
    """The game's ``determinize(game, seat, rng) -> Game`` (GameInfo.determinize);
    UnknownGameError if it offers none."""
    info = game_info(game_id)
    if not info.determinize:
        raise UnknownGameError(f"{info.title} offers no determinization of its hidden information")
    return _load(info, "determinize")


def game_part(game_id: str, field: str) -> Any:
    """What a game's row names in a "module:attribute" field ("view", "compile_parts",
    "demo", ...), imported on first use; UnknownGameError if the row leaves it empty."""
    info = game_info(game_id)
    if not getattr(info, field):
        raise UnknownGameError(f"{info.title} has no {field} (its registry row's GameInfo.{field} is empty)")
    return _load(info, field)


def make(game_id: str, *args: Any, **options: Any) -> Any:
    """A new game (a framework.game.GameBase; typed Any because this module imports
    no game): ``make("pirates", 3, seed=1, rubies=True)`` is
    ``maracaibo_env.pirates.Game(3, seed=1, rubies=True)``."""
    return game_class(game_id)(*args, **options)


def game_adapter(game_id: str) -> Any:
    """The tournament/balance adapter (adapters.GameAdapter) of a game id, one instance per game."""
    ad = _ADAPTERS.get(game_id) if isinstance(game_id, str) else None
    if ad is None:
        info = game_info(game_id)
        if info.adapter is None:
            raise UnknownGameError(f"{info.title} has no tournament adapter")
        ad = _ADAPTERS[game_id] = _load(info, "adapter")()
    return ad


def game_id_of(game: Any) -> str:
    """The id of a Game instance or class: the registered class nearest in its
    MRO (a subclass of a registered game that is not registered itself is that
    game). Nothing is imported: a class that is not loaded has no instances."""
    cls = game if isinstance(game, type) else type(game)
    loaded = [(info.id, c) for info in _GAMES.values() if (c := _loaded_class(info)) is not None]
    for klass in cls.__mro__:
        for gid, c in loaded:
            if c is klass:
                return gid
    raise UnknownGameError(f"{cls.__module__}.{cls.__qualname__} is not a registered game's class; "
                           f"known: {', '.join(_GAMES)}")


def game_for_replay_format(fmt: str) -> str:
    """The id of the game whose replays have this header "format"; UnknownGameError listing them."""
    for info in _GAMES.values():
        if info.replay_format == fmt:
            return info.id
    raise UnknownGameError(f"unknown replay format {fmt!r:.60}; known: "
                           + ", ".join(info.replay_format for info in _GAMES.values()))


def games_text() -> str:
    """The registered games for help texts: 'maracaibo = Maracaibo (default), pirates = Pirates of Maracaibo'."""
    return ", ".join(f"{i.id} = {i.title}" + (" (default)" if i.id == DEFAULT_GAME else "")
                     for i in _GAMES.values())


def replay_formats() -> tuple[str, ...]:
    """The replay formats of the registered games, in registration order."""
    return tuple(info.replay_format for info in _GAMES.values())


# ---- lazy loading -----------------------------------------------------------------------------
def _load(info: GameInfo, field: str):
    key = (info.id, field)
    if key not in _LOADED:
        ref = getattr(info, field)
        _LOADED[key] = _resolve(ref) if isinstance(ref, str) else ref
    return _LOADED[key]


def _resolve(ref: str):
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _loaded_class(info: GameInfo):
    """The game's class if it is imported already (None when its module is not loaded)."""
    if not isinstance(info.game, str):
        return info.game
    key = (info.id, "game")
    if key in _LOADED:
        return _LOADED[key]
    if info.game.partition(":")[0] not in sys.modules:
        return None
    try:
        return _load(info, "game")
    except (ImportError, AttributeError):    # its module is still being imported
        return None


# ---- the games --------------------------------------------------------------------------------
#: the games that ship with the package: each game folder's info.py registers its own row
BUILTIN = ("maracaibo_env.maracaibo.info", "maracaibo_env.pirates.info")
for _module in BUILTIN:
    importlib.import_module(_module)

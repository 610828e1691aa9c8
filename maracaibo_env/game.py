"""`Game`: a thin Python object over one state vector.

    g = Game(num_players=3, seed=7)
    while not g.is_over:
        g.step(g.legal_actions()[0])        # ids or names ('sail:13:mp5')
    g.scores(), g.score_breakdown()

Every rule lives in `maracaibo_env.core`; this class adds names, errors,
cloning and JSON round trips.
"""
from __future__ import annotations

from pathlib import Path

import json
from typing import Any

import numpy as np

from .catalog import Catalog, load_catalog, STORY_NUMBERS
from .core import engine, layout as L
from .core.actions import NUM_ACTIONS, A_FREE_PLAN, A_FREE_FIGURE_CP, action_names
from .core.enums import PHASES, NATIONS, DIFFICULTIES, AUTOMA_TABLES, AUTOMA_INCOMES
from .core.observe import observe, OBS_SIZE, OBS_SPEC
from .core.random_play import play_random
from .core.setup import reset
# the errors of both games (maracaibo_env.IllegalActionError is Pirates' too)
from .framework.game import GameConfigError, IllegalActionError  # noqa: F401
from .validate import validate_state

PLAYER_COUNTS = (1, 2, 3, 4)   # 1 = solo against the Automa Jean
# saved games: 2 records the data hash (format 1, before the rules changes of
# issue 9, is refused: an old state need not be valid for this engine)
FORMAT_VERSION = 2
SAVE_KEYS = ("format", "data_hash", "state")
# the solo options' defaults: a non-solo game accepts only these (it has no Automa)
SOLO_DEFAULTS = {"difficulty": "medium", "automa_table": "en", "automa_income": "en"}
# exact types accepted by step's fast path (bool and np.bool_ are not among them)
_INT_TYPES = frozenset((int, np.int8, np.int16, np.int32, np.int64,
                        np.uint8, np.uint16, np.uint32, np.uint64))


class Game:
    """One game of Maracaibo.

    :param num_players: 2, 3 or 4 (1: solo against Jean).
    :param seed: an int 0..2**31-1; the same seed and actions replay the same game.
    :param story: non-campaign story card 75 (default), 76 or 77.
    :param data_dir: play with the game data in this folder (a copy of
        maracaibo_env/data with your changes; validated like the shipped data).
    :param difficulty: solo only: Jean's level, one of DIFFICULTIES
        ("very_easy" … "very_hard"; default "medium").
    :param automa_table: solo only: the deck-size table, "en" (default) or
        "de" (5 A-cards on every level), checklist SOLO-06.
    :param automa_income: solo only: Jean's income reading (SOLO-18), "en"
        (default: the highest-value empty space) or "de" (the space uncovered last).
    :param catalog: a compiled data catalog (default: the shipped data).

    Numbers must be ints (numpy integers are accepted); a float such as 2.0,
    a bool, or a solo option other than its default in a non-solo game raise
    GameConfigError.

    In a solo game (num_players=1) you are seat 0 and Jean is seat 1; her
    turns are played by the engine, so current_player is always 0.
    """

    def __init__(self, num_players: int = 2, seed: int = 0, story: int = 75,
                 difficulty: str = "medium", automa_table: str = "en",
                 catalog: Catalog | None = None, automa_income: str = "en",
                 data_dir: str | Path | None = None):
        num_players, seed, story = _check_config(num_players, seed, story, difficulty,
                                                 automa_table, automa_income)
        self.catalog = _check_catalog(catalog, data_dir)
        self._cat = self.catalog.array
        self.state = np.zeros(L.STATE_SIZE, np.int32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        # = engine.new_game_with; step_unchecked(-1) only advances, so that one
        # compiled copy of the engine serves new games and steps (cold start)
        reset(self.state, self._cat, num_players, seed, STORY_NUMBERS.index(story),
              DIFFICULTIES.index(difficulty), solo_options(automa_table, automa_income))
        engine.step_unchecked(self.state, self._cat, -1, self._mask)
        #: how the game was set up, and every action id since (for replays)
        self.config = {"num_players": num_players, "seed": seed, "story": story,
                       "difficulty": difficulty, "automa_table": automa_table,
                       "automa_income": automa_income}
        self.history: list[int] | None = []

    # ---- queries -----------------------------------------------------------
    @property
    def num_players(self) -> int:
        """Players who make decisions (1 in a solo game)."""
        return 1 if self.solo else int(self.state[L.G_NP])

    @property
    def num_seats(self) -> int:
        """Seats with a score (2 in a solo game: you and Jean)."""
        return int(self.state[L.G_NP])

    @property
    def solo(self) -> bool:
        return bool(self.state[L.G_SOLO])

    @property
    def is_over(self) -> bool:
        return bool(self.state[L.G_OVER])

    @property
    def current_player(self) -> int:
        """The player to decide now (-1 once the game is over)."""
        return int(self.state[L.G_CUR])

    @property
    def phase(self) -> str:
        return PHASES[int(self.state[L.G_PHASE])]

    @property
    def round(self) -> int:
        return int(self.state[L.G_ROUND])

    def action_mask(self) -> np.ndarray:
        """int8 vector over all NUM_ACTIONS ids: 1 = legal now."""
        return self._mask.copy()

    def legal_actions(self) -> list[int]:
        # nonzero on a bool view is ~4x faster than on the int8 mask
        return self._mask.view(np.bool_).nonzero()[0].tolist()

    def free_actions(self) -> list[int]:
        """The legal free actions now: planning a card, completing a career
        task, a figure for 2 CP (FREE-01, CAR-02, PERM-08). They are offered at
        every decision of the acting player's Phase B turn and leave that
        decision pending; the other legal actions are the decision's own."""
        lo, hi = A_FREE_PLAN, A_FREE_FIGURE_CP + 1
        return (np.flatnonzero(self._mask[lo:hi]) + lo).tolist()

    def legal_action_names(self) -> list[str]:
        names = self.action_names
        return [names[a] for a in self.legal_actions()]

    @property
    def action_names(self) -> list[str]:
        names = getattr(self.catalog, "_action_names", None)
        if names is None:
            c = self.catalog
            names = action_names(c.loc_keys, c.exp_keys, c.goods_keys)
            c._action_names = names
        return names

    def action_name(self, action: int) -> str:
        if (isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer))
                or not 0 <= action < NUM_ACTIONS):
            raise ValueError(f"action must be an int id 0..{NUM_ACTIONS - 1}, got {action!r}")
        return self.action_names[int(action)]

    def action_id(self, name: str) -> int:
        try:
            return self.action_names.index(name)
        except ValueError:
            raise IllegalActionError(
                f"unknown action name {name!r}; legal now: {self._legal_summary()}") from None

    # ---- acting ------------------------------------------------------------
    def step(self, action: int | str) -> None:
        """Apply one decision of the current player. Raises IllegalActionError
        (leaving the state untouched) when the action is not legal now."""
        a = self._legal_id(action)
        if self.history is not None:
            self.history.append(a)
        engine.step_unchecked(self.state, self._cat, a, self._mask)

    def step_observe(self, action: int | str) -> np.ndarray | None:
        """step(action), then the observation of the player to act next (None
        once the game is over), computed in the same compiled call."""
        a = self._legal_id(action)
        if self.history is not None:
            self.history.append(a)
        out = np.empty(OBS_SIZE, np.int32)  # observe writes every entry
        engine.step_observe(self.state, self._cat, a, self._mask, out)
        return None if self.state[L.G_OVER] else out

    def play_random(self, stop_seats: int, rng: np.ndarray) -> int:
        """Uniformly random legal moves, made inside numba, until a seat in the
        bitmask stop_seats is to act or the game ends (the single-agent env's
        "random" opponents). rng is the random player's generator: a 1-element
        nonzero uint64 array, advanced in place. Returns the number of moves
        (recorded in history like any step)."""
        if not (type(rng) is np.ndarray and rng.dtype == np.uint64 and rng.shape == (1,)
                and rng.flags.writeable and rng[0]):
            raise ValueError(f"rng must be a writeable nonzero uint64 array of shape (1,), got {rng!r}")
        if not (type(stop_seats) is int and 0 <= stop_seats < 1 << L.MAX_P):
            if (isinstance(stop_seats, (bool, np.bool_)) or not isinstance(stop_seats, (int, np.integer))
                    or not 0 <= stop_seats < 1 << L.MAX_P):
                raise ValueError(f"stop_seats must be an int bitmask of seats 0..{(1 << L.MAX_P) - 1}, "
                                 f"got {stop_seats!r}")
        buf = np.empty(512, np.int64)
        total = 0
        while True:
            k = play_random(self.state, self._cat, self._mask, int(stop_seats), rng, buf)
            if self.history is not None:
                self.history.extend(buf[:k].tolist())
            total += k
            if k < len(buf):
                return total

    def _legal_id(self, action) -> int:
        # fast path: an int id that the mask allows (the mask is all zeros once
        # the game is over); everything else goes through _checked_action
        if type(action) in _INT_TYPES and 0 <= action < NUM_ACTIONS and self._mask[action]:
            return int(action)
        return self._checked_action(action)

    def _checked_action(self, action) -> int:
        """The action id, or IllegalActionError saying what is wrong and what is legal."""
        if self.is_over:
            raise IllegalActionError("the game is over; no action is legal")
        if isinstance(action, str):
            action = self.action_id(action)
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"action must be an int id or a name, not {action!r}")
        a = int(action)
        if not 0 <= a < NUM_ACTIONS:
            raise IllegalActionError(f"action id {a} is out of range 0..{NUM_ACTIONS - 1}")
        if not self._mask[a]:
            raise IllegalActionError(
                f"{self.action_name(a)!r} (id {a}) is not legal for player "
                f"{self.current_player} in phase {self.phase!r}; legal now: {self._legal_summary()}")
        return a

    def _legal_summary(self, limit: int = 12) -> str:
        names = self.legal_action_names()
        more = f" … (+{len(names) - limit} more)" if len(names) > limit else ""
        return ", ".join(names[:limit]) + more

    # ---- copies and persistence ------------------------------------------------
    def clone(self) -> "Game":
        g = object.__new__(Game)
        g.catalog = self.catalog
        g._cat = self._cat
        g.state = self.state.copy()
        g._mask = self._mask.copy()
        g.config = dict(self.config) if self.config else None
        g.history = list(self.history) if self.history is not None else None
        return g

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; Game.from_dict(g.to_dict()) is an exact copy. It
        records the data hash of the catalog the game was played with."""
        return {"format": FORMAT_VERSION, "data_hash": self.catalog.data_hash,
                "state": L.describe_state(self.state, all_players=True)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: dict[str, Any], catalog: Catalog | None = None, *,
                  ignore_data_hash: bool = False) -> "Game":
        """Rebuild a saved game. Raises ValueError (a `StateError` for the
        state itself) naming the field, its value and what is allowed when d
        is malformed or describes a state the engine must not be given.
        A game saved with other game data is refused unless ignore_data_hash
        (the state is then validated against this catalog's data)."""
        g = object.__new__(cls)
        g.catalog = _check_catalog(catalog)
        g._cat = g.catalog.array
        g.state = _saved_state(d, g.catalog, ignore_data_hash)
        g._mask = np.zeros(NUM_ACTIONS, np.int8)
        g.config, g.history = None, None  # a saved state carries no replay history
        if not g.is_over:
            engine.legal_mask(g.state, g._cat, g._mask)
        return g

    @classmethod
    def from_json(cls, text: str | bytes, catalog: Catalog | None = None, *,
                  ignore_data_hash: bool = False) -> "Game":
        try:
            d = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:  # bad JSON or UTF-8, not text, absurd nesting
            raise ValueError(f"saved game is not valid JSON: {exc}") from None
        return cls.from_dict(d, catalog, ignore_data_hash=ignore_data_hash)

    # ---- scores and observations -------------------------------------------------
    def scores(self) -> list[int]:
        """VP per seat (solo: [you, Jean])."""
        return [int(self.state[L.field_slice("VP", p)][0]) for p in range(self.num_seats)]

    def score_breakdown(self) -> list[dict[str, int]]:
        """VP of each seat by source (they add up to scores())."""
        out = []
        for p in range(self.num_seats):
            src = self.state[L.field_slice("VP_SRC", p)]
            out.append({name: int(v) for name, v in zip(L.VP_SOURCES, src)})
        return out

    def winners(self) -> list[int]:
        """Seats with the most VP (END-01); solo: you win only with more VP
        than Jean, a tie goes to her (END-02)."""
        s = self.scores()
        if self.solo:
            return [0] if s[0] > s[1] else [1]
        best = max(s)
        return [p for p, v in enumerate(s) if v == best]

    def jean_log(self) -> list[tuple[str, int | str]]:
        """What Jean did in her last turn: (event, argument) pairs, readable."""
        from .core.automa import JEV_NAMES
        if not self.solo:
            return []
        n = int(self.state[L.G_AUTOMA_LOG_N])
        log = self.state[L.field_slice("AUTOMA_LOG")][: 2 * n].reshape(-1, 2)
        c = self.catalog
        out = []
        for ev, arg in log.tolist():
            name = JEV_NAMES[ev]
            if name == "card":
                arg = c.automa_ids[arg]
            elif name in ("sail", "quest", "deliver", "annex"):
                arg = c.loc_keys[arg]
            elif name in ("influence", "combat", "marker_out"):
                arg = NATIONS[arg]
            elif name == "take_card":
                arg = c.card_names[arg]
            elif name in ("explore", "explorer_quest"):
                arg = c.exp_keys[arg]
            out.append((name, arg))
        return out

    def observe(self, player: int) -> np.ndarray:
        """Player's observation (int32, OBS_SIZE); see observation_spec().
        player: a seat 0..num_seats-1 (an int)."""
        if type(player) is not int or not 0 <= player < self.state[L.G_NP]:
            player = self._seat(player)
        out = np.empty(OBS_SIZE, np.int32)  # observe writes every entry
        observe(self.state, player, out)
        return out

    def _seat(self, p) -> int:
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)) \
                or not 0 <= p < self.num_seats:
            raise ValueError(f"player must be an int seat 0..{self.num_seats - 1}, got {p!r}")
        return int(p)

    @staticmethod
    def observation_spec() -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) of every slice of the observation."""
        spec, off = [], 0
        for name, size, meaning in OBS_SPEC:
            spec.append((name, off, size, meaning))
            off += size
        return spec

    def player_view(self, p: int) -> dict[str, Any]:
        """Readable fields of player p (for logs and rendering)."""
        p = self._seat(p)
        d = {name: (v[0] if len(v) == 1 else list(v))
             for name in L.PLAYER for v in [self.state[L.field_slice(name, p)].tolist()]}
        d["influence"] = dict(zip(NATIONS, d.pop("INF")))
        return d

    def save_replay(self, path) -> None:
        """Write this game's replay (JSON lines: set-up, one action name per
        line, final scores); `maracaibo replay PATH` re-runs and verifies it."""
        from .replay import write_replay
        write_replay(self, path)

    def __repr__(self) -> str:
        return (f"Game(players={self.num_players}, round={self.round}, phase={self.phase!r}, "
                f"current_player={self.current_player}, scores={self.scores()})")


def solo_options(automa_table="en", automa_income="en"):
    """The core's solo-option int: bit 0 deck table (SOLO-06), bit 1 income reading (SOLO-18)."""
    return AUTOMA_TABLES.index(automa_table) | AUTOMA_INCOMES.index(automa_income) << 1


def _check_config(num_players, seed, story, difficulty="medium", automa_table="en", automa_income="en"):
    """(num_players, seed, story) as Python ints, or GameConfigError naming
    the option, its value and what is allowed. Ints only: numpy integers are
    accepted, floats (even 2.0) and bools are not. The solo options must keep
    their defaults in a non-solo game (it has no Automa to apply them to)."""
    num_players = _int_option("num_players", num_players, PLAYER_COUNTS)
    seed = _int_option("seed", seed, range(2**31), "0..2**31-1")
    story = _int_option("story", story, STORY_NUMBERS)
    for name, value, allowed in (("difficulty", difficulty, DIFFICULTIES),
                                 ("automa_table", automa_table, AUTOMA_TABLES),
                                 ("automa_income", automa_income, AUTOMA_INCOMES)):
        if not isinstance(value, str) or value not in allowed:
            raise GameConfigError(f"{name} must be one of {allowed}, got {value!r}")
        if num_players != 1 and value != SOLO_DEFAULTS[name]:
            raise GameConfigError(f"{name}={value!r} applies only to a solo game (num_players=1); a "
                                  f"{num_players}-player game has no Automa: leave {name} at its default")
    return num_players, seed, story


def _int_option(name, value, allowed, shown=None):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise GameConfigError(f"{name} must be an int, one of {shown or allowed}, got {value!r} "
                              f"({type(value).__name__})")
    if value not in allowed:
        raise GameConfigError(f"{name} must be one of {shown or allowed}, got {value!r}")
    return int(value)


def _check_catalog(catalog, data_dir=None) -> Catalog:
    """The catalog to play with: `catalog`, or the data files in `data_dir`
    (validated like the shipped data: DataError names file, entry and field),
    or the shipped data; its array is what numba reads."""
    if data_dir is not None:
        if catalog is not None:
            raise GameConfigError("give catalog or data_dir, not both")
        if not isinstance(data_dir, (str, Path)) or not Path(data_dir).is_dir():
            raise GameConfigError(f"data_dir must be a folder of data files (*.toml, as in "
                                  f"maracaibo_env/data), got {data_dir!r}")
        return load_catalog(data_dir)
    if catalog is None:
        return load_catalog()
    from .core.catalog_layout import CATALOG_SIZE
    arr = getattr(catalog, "array", None)
    if not (isinstance(arr, np.ndarray) and arr.dtype == np.int32 and arr.shape == (CATALOG_SIZE,)
            and arr.flags.c_contiguous):
        raise GameConfigError(f"catalog must be a Catalog (maracaibo_env.load_catalog()) whose array "
                              f"is int32 of shape ({CATALOG_SIZE},)")
    return catalog


def _saved_state(d, catalog: Catalog, ignore_data_hash: bool) -> np.ndarray:
    """The validated state vector of a saved-game dict (Game.to_dict's shape)."""
    shape = f"{{'format': {FORMAT_VERSION}, 'data_hash': '...', 'state': {{...}}}}"
    if not isinstance(d, dict):
        raise ValueError(f"a saved game is a dict {shape}, not {type(d).__name__}")
    fmt = d.get("format")
    if fmt != FORMAT_VERSION or isinstance(fmt, bool):
        if type(fmt) is int and 0 < fmt < FORMAT_VERSION:
            raise ValueError(f"saved game format {fmt} comes from an older maracaibo_env; this version "
                             f"reads format {FORMAT_VERSION} only (the rules engine changed since, so an "
                             "old state need not be valid): start a new game or re-run its replay")
        raise ValueError(f"not a saved game of format {FORMAT_VERSION}: 'format' is {fmt!r}; expected {shape}")
    if set(d) != set(SAVE_KEYS):
        raise ValueError(f"saved game keys are {sorted(d)}; expected exactly {list(SAVE_KEYS)}")
    h = d["data_hash"]
    if not isinstance(h, str):
        raise ValueError(f"data_hash = {h!r}: expected the game data's sha256 as a hex string")
    if h != catalog.data_hash and not ignore_data_hash:
        raise ValueError(f"data_hash = {h[:16]}…: the game was saved with other game data than this "
                         f"catalog ({catalog.data_hash[:16]}…); load it with the data it was played with, "
                         "or pass ignore_data_hash=True to check the state against this data instead")
    state = L.pack_state(d["state"])
    validate_state(state, catalog, "saved game")
    return state

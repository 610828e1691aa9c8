"""`GameBase`: what every game's Python `Game` object shares.

A game is one int32 state vector plus the legal mask of the pending
decision; the rules live in the game's numba core. A subclass provides:

* ``NUM_ACTIONS``, ``OBS_SIZE``, ``OBS`` (a framework.obs_spec.ObsSpec: the
  observation's slices with their bounds), ``LAYOUT`` (a framework.layout.StateLayout), ``VP_SOURCES``,
  ``FORMAT_VERSION``;
* ``_names()`` (readable action names), ``_engine_step(a)`` (apply a legal id),
  ``_fill_mask()``, ``_observe(p, out)``, ``_engine_step_observe(a, out)``, ``_random_moves(stop_seats, rng, buf)``
  (numba random play, see play_random), ``_redraw_hidden(seat, x)`` (redraw in
  place what seat cannot see, the game's core/hidden.py; see determinize)
  (numba random play, see play_random), ``_validate(state)`` (a saved state
  the engine may be given, else ValueError), ``phase``, and
  ``_catalog_from(catalog)`` (the catalog to play with).

It gives names, errors that say what is legal, clone, JSON round trips with
validation of every field, scores, breakdowns and observations.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection
from typing import Any, Self

import numpy as np

from .errors import GameConfigError, IllegalActionError, StateError  # noqa: F401  (their home; re-exported)
from .obs_spec import obs_spec_of
from .replay import write_replay


# exact types accepted by step's fast path (bool and np.bool_ are not among them)
INT_TYPES = frozenset((int, np.int8, np.int16, np.int32, np.int64,
                       np.uint8, np.uint16, np.uint32, np.uint64))
SAVE_KEYS = ("format", "data_hash", "state")
#: draws of the hidden information determinize tries before it gives up
REDRAW_TRIES = 50


def int_option(name: str, value: Any, allowed: Collection[int], shown: Any = None) -> int:
    """value as a Python int if it is an int in allowed, else GameConfigError
    naming the option and what is allowed (floats and bools are not ints)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise GameConfigError(f"{name} must be an int, one of {shown or allowed}, got {value!r} "
                              f"({type(value).__name__})")
    if value not in allowed:
        raise GameConfigError(f"{name} must be one of {shown or allowed}, got {value!r}")
    return int(value)


def str_option(name: str, value: Any, allowed: Collection[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise GameConfigError(f"{name} must be one of {tuple(allowed)}, got {value!r}")
    return value


def check_catalog(catalog: Any, data_dir: str | os.PathLike[str] | None, load: Callable[..., Any],
                  catalog_size: int, data_folder: str | os.PathLike[str], what: str) -> Any:
    """The catalog to play with: `catalog`, or the data files in `data_dir` (a
    folder, or the name of a data set shipped beside the game's `data_folder`)
    (validated like the shipped data: DataError names file, entry and field),
    or the shipped data (``load()``); its array is what numba reads, so a
    given catalog must have exactly the game's array shape."""
    from pathlib import Path
    from .datafiles import data_set_names, is_data_dir
    if data_dir is not None:
        if catalog is not None:
            raise GameConfigError("give catalog or data_dir, not both")
        if not is_data_dir(data_dir, Path(data_folder)):
            raise GameConfigError(f"data_dir must be a folder of data files (*.toml, as in "
                                  f"{Path(data_folder).relative_to(Path(data_folder).parents[2])}) or one "
                                  f"of the data sets {data_set_names(Path(data_folder))}, got {data_dir!r}")
        return load(data_dir)
    if catalog is None:
        return load()
    arr = getattr(catalog, "array", None)
    if not (isinstance(arr, np.ndarray) and arr.dtype == np.int32 and arr.shape == (catalog_size,)
            and arr.flags.c_contiguous):
        raise GameConfigError(f"catalog must be a {what} whose array is int32 of shape ({catalog_size},)")
    return catalog


class GameBase:
    NUM_ACTIONS: int
    OBS_SIZE: int
    #: the observation's one spec (framework.obs_spec.ObsSpec: slices with bounds)
    OBS: Any = None
    #: what a seat cannot see (framework.hidden.HiddenPart rows, the game's core/hidden.py)
    HIDDEN: tuple = ()
    LAYOUT: Any
    VP_SOURCES: tuple
    FORMAT_VERSION: int
    #: saved-game formats from_dict reads (the current one and older ones whose
    #: states are still valid; their missing fields are 0)
    READABLE_FORMATS: tuple = ()
    #: the game's options (framework.options.Option), keyword arguments of Game(...)
    OPTIONS: tuple = ()
    #: data hashes of earlier shipped data whose base-game content the current
    #: shipped data keeps (only tables for new options were added): saves and
    #: replays made with them load without ignore_data_hash (and are validated)
    PREVIOUS_DATA_HASHES: frozenset = frozenset()

    # ---- queries ---------------------------------------------------------------
    @property
    def options(self) -> dict:
        """Every option's value in this game (read from the state, so saved games have them too)."""
        return self._options_of_state()

    def _options_of_state(self) -> dict:
        return {}

    @property
    def num_seats(self) -> int:
        """Seats with a score."""
        return int(self.state[self.LAYOUT.glob["NP"][0]])

    @property
    def num_players(self) -> int:
        return self.num_seats

    @property
    def is_over(self) -> bool:
        return bool(self.state[self.LAYOUT.glob["OVER"][0]])

    @property
    def current_player(self) -> int:
        return int(self.state[self.LAYOUT.glob["CUR"][0]])

    @property
    def round(self) -> int:
        return int(self.state[self.LAYOUT.glob["ROUND"][0]])

    def action_mask(self) -> np.ndarray:
        """int8 vector over all NUM_ACTIONS ids: 1 = legal now."""
        return self._mask.copy()

    def legal_actions(self) -> list[int]:
        return self._mask.view(np.bool_).nonzero()[0].tolist()

    def legal_action_names(self) -> list[str]:
        names = self.action_names
        return [names[a] for a in self.legal_actions()]

    @property
    def action_names(self) -> list[str]:
        names = getattr(self.catalog, "_action_names", None)
        if names is None:
            names = self.catalog._action_names = self._names()
        return names

    def action_name(self, action: int) -> str:
        if (isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer))
                or not 0 <= action < self.NUM_ACTIONS):
            raise ValueError(f"action must be an int id 0..{self.NUM_ACTIONS - 1}, got {action!r}")
        return self.action_names[int(action)]

    def action_id(self, name: str) -> int:
        try:
            return self.action_names.index(name)
        except ValueError:
            raise IllegalActionError(
                f"unknown action name {name!r}; legal now: {self._legal_summary()}") from None

    # ---- acting ---------------------------------------------------------------------
    def step(self, action: int | str) -> None:
        """Apply one decision of the current player. Raises IllegalActionError
        (leaving the state untouched) when the action is not legal now."""
        a = self._legal_id(action)
        if self.history is not None:
            self.history.append(a)
        self._engine_step(a)

    def step_observe(self, action: int | str) -> np.ndarray | None:
        """step(action), then the observation of the player to act next (None
        once the game is over), computed in the same compiled call."""
        a = self._legal_id(action)
        if self.history is not None:
            self.history.append(a)
        out = np.empty(self.OBS_SIZE, np.int32)     # observe writes every entry
        self._engine_step_observe(a, out)
        return None if self.is_over else out

    def play_random(self, stop_seats: int, rng: np.ndarray) -> int:
        """Uniformly random legal moves, made inside numba, until a seat in the
        bitmask stop_seats is to act or the game ends (the single-agent env's
        "random" opponents). rng is the random player's generator: a 1-element
        nonzero uint64 array, advanced in place. Returns the number of moves
        (recorded in history like any step)."""
        if not (type(rng) is np.ndarray and rng.dtype == np.uint64 and rng.shape == (1,)
                and rng.flags.writeable and rng[0]):
            raise ValueError(f"rng must be a writeable nonzero uint64 array of shape (1,), got {rng!r}")
        top = 1 << self.LAYOUT.max_players
        if (isinstance(stop_seats, (bool, np.bool_)) or not isinstance(stop_seats, (int, np.integer))
                or not 0 <= stop_seats < top):
            raise ValueError(f"stop_seats must be an int bitmask of seats 0..{top - 1}, got {stop_seats!r}")
        buf = np.empty(512, np.int64)
        total = 0
        while True:
            k = self._random_moves(int(stop_seats), rng, buf)
            if self.history is not None:
                self.history.extend(buf[:k].tolist())
            total += k
            if k < len(buf):
                return total

    def _legal_id(self, action) -> int:
        # fast path: an int id the mask allows (all zeros once the game is over)
        if type(action) in INT_TYPES and 0 <= action < self.NUM_ACTIONS and self._mask[action]:
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
        if not 0 <= a < self.NUM_ACTIONS:
            raise IllegalActionError(f"action id {a} is out of range 0..{self.NUM_ACTIONS - 1}")
        if not self._mask[a]:
            raise IllegalActionError(
                f"{self.action_name(a)!r} (id {a}) is not legal for player "
                f"{self.current_player} in phase {self.phase!r}; legal now: {self._legal_summary()}")
        return a

    def _legal_summary(self, limit: int = 12) -> str:
        names = self.legal_action_names()
        more = f" … (+{len(names) - limit} more)" if len(names) > limit else ""
        return ", ".join(names[:limit]) + more

    # ---- copies and persistence ---------------------------------------------------------
    def clone(self) -> Self:
        g = object.__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.copy()
        g._mask = self._mask.copy()
        g.config = dict(self.config) if self.config else None
        g.history = list(self.history) if self.history is not None else None
        return g

    @classmethod
    def data_hash_of(cls, state, catalog) -> str:
        """The data identity a saved game or replay of this state records: the
        catalog's data_hash (a game may add the data its state uses, e.g. a
        Maracaibo campaign game the story cards')."""
        return catalog.data_hash

    @classmethod
    def _known_hashes(cls, catalog) -> tuple[str, ...]:
        """The hashes data_hash_of can give with this catalog."""
        return (catalog.data_hash,)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; from_dict(g.to_dict()) is an exact copy. It
        records the data hash of the catalog the game was played with."""
        return {"format": self.FORMAT_VERSION, "data_hash": self.data_hash_of(self.state, self.catalog),
                "state": self.LAYOUT.describe(self.state, all_players=True)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, d: dict[str, Any], catalog: Any = None, *, ignore_data_hash: bool = False) -> Self:
        """Rebuild a saved game. Raises ValueError naming the field, its value and
        what is allowed when d is malformed or describes a state the engine must
        not be given. A game saved with other game data is refused unless
        ignore_data_hash (the state is then validated against this data)."""
        g = object.__new__(cls)
        g.catalog = cls._catalog_from(catalog)
        g._cat = g.catalog.array
        g.state = cls._saved_state(d, g.catalog, ignore_data_hash)
        g._mask = np.zeros(cls.NUM_ACTIONS, np.int8)
        g.config, g.history = None, None    # a saved state carries no replay history
        if not g.is_over:
            g._fill_mask()
            if not g._mask.any():   # fields each in range, but together no decision is possible
                raise ValueError("saved game: the game is not over but no action is legal in this "
                                 "state: its fields contradict each other (a hand-edited file?)")
        return g

    @classmethod
    def from_json(cls, text: str | bytes, catalog: Any = None, *, ignore_data_hash: bool = False) -> Self:
        try:
            d = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise ValueError(f"saved game is not valid JSON: {exc}") from None
        return cls.from_dict(d, catalog, ignore_data_hash=ignore_data_hash)

    @classmethod
    def _saved_state(cls, d, catalog, ignore_data_hash: bool) -> np.ndarray:
        """The validated state vector of a saved-game dict (to_dict's shape)."""
        shape = f"{{'format': {cls.FORMAT_VERSION}, 'data_hash': '...', 'state': {{...}}}}"
        if not isinstance(d, dict):
            raise ValueError(f"a saved game is a dict {shape}, not {type(d).__name__}")
        fmt = d.get("format")
        readable = cls.READABLE_FORMATS or (cls.FORMAT_VERSION,)
        if type(fmt) is not int or fmt not in readable:
            if type(fmt) is int and 0 < fmt < min(readable):
                raise ValueError(f"saved game format {fmt} comes from an older maracaibo_env; this "
                                 f"version reads formats {', '.join(map(str, readable))} only (the rules "
                                 "engine changed since, so an old state need not be valid): start a new "
                                 "game or re-run its replay")
            raise ValueError(f"not a saved game of format {cls.FORMAT_VERSION}: 'format' is {fmt!r}; "
                             f"expected {shape}")
        if set(d) != set(SAVE_KEYS):
            raise ValueError(f"saved game keys are {sorted(d)}; expected exactly {list(SAVE_KEYS)}")
        h = d["data_hash"]
        if not isinstance(h, str):
            raise ValueError(f"data_hash = {h!r}: expected the game data's sha256 as a hex string")
        if h not in cls._known_hashes(catalog) and not ignore_data_hash and h not in cls.PREVIOUS_DATA_HASHES:
            raise ValueError(f"data_hash = {h[:16]}…: the game was saved with other game data than "
                             f"this catalog ({catalog.data_hash[:16]}…); load it with the data it was "
                             "played with, or pass ignore_data_hash=True to check the state against "
                             "this data instead")
        # an older readable format lacks the fields added since; they are 0 (options off)
        state = cls.LAYOUT.pack(d["state"], fmt)
        if h in cls._known_hashes(catalog) and h != cls.data_hash_of(state, catalog) and not ignore_data_hash:
            raise ValueError(f"data_hash = {h[:16]}…: this state was saved with other data for what it "
                             f"uses (a campaign game: other story cards) than this catalog's "
                             f"({cls.data_hash_of(state, catalog)[:16]}…); load it with the data it was "
                             "played with, or pass ignore_data_hash=True")
        cls._validate(state, catalog)
        cls._check_generator(state)
        return state

    @classmethod
    def _check_generator(cls, state) -> None:
        """The in-state generator both games share (framework/rng.py): SEED is
        the seed option (0..2**31-1); RNG is a uint64 in two int32 halves (any
        bits, -1 included), but never 0: xorshift64* would stay at 0."""
        glob = cls.LAYOUT.glob
        if "SEED" in glob:
            seed = int(state[glob["SEED"][0]])
            if not 0 <= seed < 2**31:
                raise ValueError(f"saved game: SEED = {seed}: allowed 0..{2**31 - 1} (the seed option)")
        if "RNG" in glob:
            off, size = glob["RNG"]
            if not state[off:off + size].any():
                raise ValueError(f"saved game: RNG = {state[off:off + size].tolist()}: allowed a nonzero "
                                 "generator state (xorshift64* never leaves 0)")

    # ---- scores and observations --------------------------------------------------------
    def scores(self) -> list[int]:
        return [int(self.state[self.LAYOUT.field_slice("VP", p)][0]) for p in range(self.num_seats)]

    def score_breakdown(self) -> list[dict[str, int]]:
        """VP of each seat by source (they add up to scores())."""
        out = []
        for p in range(self.num_seats):
            src = self.state[self.LAYOUT.field_slice("VP_SRC", p)]
            out.append({name: int(v) for name, v in zip(self.VP_SOURCES, src)})
        return out

    def solo_log(self) -> list[tuple[str, Any]]:
        """What the solo opponent (the engine's seat of a solo game) did in its
        last turn: readable (event, argument) pairs; [] outside a solo game.
        Each game names it too (Maracaibo's ``jean_log``, Pirates' ``jordan_log``)."""
        raise NotImplementedError

    def observe(self, player: int) -> np.ndarray:
        """Player's observation (int32, OBS_SIZE); see observation_spec()."""
        if type(player) is not int or not 0 <= player < self.num_seats:
            player = self._seat(player)
        out = np.empty(self.OBS_SIZE, np.int32)     # observe writes every entry
        self._observe(player, out)
        return out

    def _seat(self, p) -> int:
        if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)) \
                or not 0 <= p < self.num_seats:
            raise ValueError(f"player must be an int seat 0..{self.num_seats - 1}, got {p!r}")
        return int(p)

    @classmethod
    def observation_spec(cls) -> list[tuple[str, int, int, str]]:
        """(name, offset, size, meaning) of every slice of the observation."""
        return obs_spec_of(cls).slices()

    @classmethod
    def observation_bounds(cls) -> tuple[np.ndarray, np.ndarray]:
        """(low, high): int32 vectors of OBS_SIZE that bound every observation."""
        return obs_spec_of(cls).bounds()

    def determinize(self, seat: int, rng: np.random.Generator) -> Self:
        """A copy of this game in which everything `seat` cannot see (the
        game's core/hidden.py) is redrawn at random from rng: the seat's
        observation and, if it is to act, its legal actions are unchanged. The
        copy has no history (its replay would not reach it); the game over,
        it is a plain copy. (ISMCTS determinisations, OpenSpiel's resampler.)

        A redraw in which the player to act would have no real decision (the
        engine would have moved on by itself) contradicts what the seat sees,
        a game waiting for that player: it is drawn again (rejection, up to
        REDRAW_TRIES times)."""
        seat = self._seat(seat)
        g = self.clone()
        g.history = None
        if g.is_over:
            return g
        glob = self.LAYOUT.glob
        for attempt in range(REDRAW_TRIES):
            g.state[:] = self.state
            g._redraw_hidden(seat, np.uint64(rng.integers(1, 2**63, dtype=np.uint64)))
            if "SEED" in glob:      # the recorded deal seed says nothing about this world
                g.state[glob["SEED"][0]] = rng.integers(2**31)
            try:
                self._validate(g.state, g.catalog)
                break
            except StateError:
                if attempt == REDRAW_TRIES - 1:
                    raise
        self._check_generator(g.state)
        g._fill_mask()
        return g

    def _redraw_hidden(self, seat: int, x) -> None:
        raise NotImplementedError(f"{type(self).__module__}.{type(self).__qualname__} defines no redraw "
                                  "of its hidden information (core/hidden.py)")

    def save_replay(self, path: str | os.PathLike[str]) -> None:
        """Write this game's replay (JSON lines: set-up, one action name per
        line, final scores); `maracaibo replay PATH` re-runs and verifies it."""
        write_replay(self, path)

    def __repr__(self) -> str:
        return (f"{type(self).__module__.split('.')[-2]}.Game(players={self.num_players}, "
                f"round={self.round}, phase={self.phase!r}, current_player={self.current_player}, "
                f"scores={self.scores()})")

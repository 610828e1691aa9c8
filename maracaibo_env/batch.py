"""Batch API: N games in one 2-D int32 array, stepped inside numba.

    from maracaibo_env.batch import Batch
    b = Batch(1024, num_players=3, seed=0)
    while not b.done.all():
        actions = policy(b.observations(), b.masks)      # -1 for finished games
        b.step(actions)                                  # or b.step(b.random_actions())

Rows are independent games (state vectors as in `Game.state`); stepping runs
in parallel over rows (numba prange; threads = numba.get_num_threads()).
An illegal action raises IllegalActionError naming the game and changes no
game; actions must be integers (a float or bool array is refused, never
truncated), -1 exactly for finished games. `auto_reset=True` starts a fresh
game in a row as soon as it ends and records the finished game's scores in
`finished`.
"""
from __future__ import annotations

import numpy as np

from .catalog import Catalog, STORY_NUMBERS
from .core import layout as L
from .core import batch as K
from .core.actions import NUM_ACTIONS
from .core.enums import DIFFICULTIES
from .core.observe import OBS_SIZE
from .game import Game, IllegalActionError, _check_config, _check_catalog, _int_option, solo_options


class Batch:
    """N games stepped together.

    :param n: number of games (rows).
    :param num_players: 1 (solo vs Jean), 2, 3 or 4 for every game.
    :param seed: game i starts from seed + i (and later auto-resets continue the sequence).
    :param story: story card 75, 76 or 77.
    :param difficulty: solo only: Jean's level.
    :param automa_table: solo only: "en" or "de".
    :param automa_income: solo only: Jean's income reading, "en" or "de" (SOLO-18).
    :param auto_reset: restart finished games at once (their scores go to `finished`).
    """

    def __init__(self, n: int, num_players: int = 2, seed: int = 0, story: int = 75,
                 difficulty: str = "medium", automa_table: str = "en", auto_reset: bool = False,
                 catalog: Catalog | None = None, automa_income: str = "en",
                 data_dir=None):
        self.n = _int_option("n", n, range(1, 2**31), "a positive int")
        num_players, seed, story = _check_config(num_players, seed, story, difficulty,
                                                 automa_table, automa_income)
        if not isinstance(auto_reset, (bool, np.bool_)):
            raise ValueError(f"auto_reset must be True or False, got {auto_reset!r}")
        self.catalog = _check_catalog(catalog, data_dir)
        self._cat = self.catalog.array
        self.num_players = num_players
        self._opts = (STORY_NUMBERS.index(story), DIFFICULTIES.index(difficulty),
                      solo_options(automa_table, automa_income))
        self.auto_reset = bool(auto_reset)
        self.states = np.zeros((self.n, L.STATE_SIZE), np.int32)
        self.masks = np.zeros((self.n, NUM_ACTIONS), np.int8)
        self._obs = np.zeros((self.n, OBS_SIZE), np.int32)
        self._next_seed = seed
        # random_actions' generators: one nonzero xorshift64 state per row
        self._policy_rng = (np.arange(1, self.n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
                            ^ np.uint64(seed % 2**63)) | np.uint64(1)
        self._actions = np.zeros(self.n, np.int64)
        self.finished: list[list[int]] = []
        self.reset_rows(np.arange(self.n))

    def reset_rows(self, rows) -> None:
        """Start new games in the given rows (distinct ints 0..n-1; seeds continue
        the batch's sequence)."""
        self._reset(self._rows(rows))

    def _reset(self, rows: np.ndarray) -> None:
        seeds = (self._next_seed + np.arange(len(rows))) % 2**31
        self._next_seed += len(rows)
        story, diff, table = self._opts
        K.reset_rows(self.states, self.masks, self._cat, rows, self.num_players,
                     seeds.astype(np.int64), story, diff, table)

    @property
    def done(self) -> np.ndarray:
        return self.states[:, L.G_OVER] != 0

    @property
    def current_players(self) -> np.ndarray:
        """Acting player of each game (-1 for finished games)."""
        return self.states[:, L.G_CUR].copy()

    def scores(self) -> np.ndarray:
        """(n, seats) VP of every game."""
        seats = int(self.states[0, L.G_NP])
        vp = L.PLAYERS + np.arange(seats) * L.PLAYER_SIZE + L.P_VP
        return self.states[:, vp].copy()

    def observations(self) -> np.ndarray:
        """(n, OBS_SIZE) observation of each game's acting player."""
        K.observe_rows(self.states, self._obs)
        return self._obs

    def _rows(self, rows) -> np.ndarray:
        a = np.asarray(rows)
        if a.ndim != 1 or (a.size and a.dtype.kind not in "iu"):
            raise ValueError(f"rows must be a 1-D sequence of ints, got {a.dtype} of shape {a.shape}")
        if a.size and (a.min() < 0 or a.max() >= self.n):
            raise ValueError(f"rows must be in 0..{self.n - 1}, got {int(a.min())}..{int(a.max())}")
        a = a.astype(np.int64)
        if len(np.unique(a)) != len(a):
            raise ValueError("rows must not repeat a row")
        return a

    def _actions_array(self, actions) -> np.ndarray:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":  # a float or bool array is an error, not truncated
            raise ValueError(f"actions must be integers, got an array of {a.dtype}")
        if a.dtype.kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
            i = int(np.argmax(a > np.iinfo(np.int64).max))
            raise IllegalActionError(f"game {i}: action {int(a[i])} is out of range 0..{NUM_ACTIONS - 1}")
        return np.ascontiguousarray(a, dtype=np.int64)

    def step(self, actions) -> None:
        """Apply one action per game: a legal action id for every game in
        play, -1 for every finished game (an int array or a list of ints)."""
        if not (type(actions) is np.ndarray and actions.dtype == np.int64 and actions.flags.c_contiguous):
            actions = self._actions_array(actions)  # (random_actions() needs no conversion)
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {actions.shape}")
        bad = K.first_illegal(self.states, self.masks, actions)
        if bad >= 0:
            a = int(actions[bad])
            if a < 0:
                why = "-1 is for a finished game only" if a == -1 else "not an action id (-1: a finished game)"
            elif a >= NUM_ACTIONS:
                why = f"out of range 0..{NUM_ACTIONS - 1}"
            else:
                why = "the game is over: give -1" if self.states[bad, L.G_OVER] else "not legal"
            raise IllegalActionError(f"game {bad}: action {a}: {why} "
                                     f"(legal: {np.flatnonzero(self.masks[bad]).tolist()[:12]})")
        K.step_rows(self.states, self.masks, self._cat, actions)
        if self.auto_reset:
            ended = np.flatnonzero(self.done)
            if len(ended):
                self.finished.extend(self.scores()[ended].tolist())
                self._reset(ended)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (-1 for finished games),
        drawn inside numba from per-row generators seeded by the batch's seed.
        The array is reused by the next call: copy it to keep it."""
        K.random_actions(self.masks, self._policy_rng, self._actions)
        return self._actions

    def game(self, i: int) -> Game:
        """Game i as a `Game` object (a copy; it has no replay history)."""
        i = _int_option("i", i, range(self.n), f"a row 0..{self.n - 1}")
        g = object.__new__(Game)
        g.catalog, g._cat = self.catalog, self._cat
        g.state = self.states[i].copy()
        g._mask = self.masks[i].copy()
        g.config, g.history = None, None
        return g

    def random_playouts(self, games_per_row: int, seed: int = 0) -> int:
        """Benchmark kernel: every row plays games_per_row uniform-random games
        inside numba (the rows' current games are overwritten). Returns decisions.
        Game seeds are seed, seed + 1, ... (all below 2**31)."""
        games_per_row = _int_option("games_per_row", games_per_row, range(1, 2**31), "a positive int")
        seed = _int_option("seed", seed, range(2**31 - self.n * games_per_row + 1),
                           f"0..{2**31 - self.n * games_per_row} (n * games_per_row game seeds follow it)")
        return int(K.random_playouts(self.states, self.masks, self._cat, self.num_players, seed,
                                     games_per_row, *self._opts).sum())

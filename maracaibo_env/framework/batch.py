"""`BatchBase`: N games of one game in a 2-D int32 array, stepped inside numba.

A game's Batch subclass sets ``game_class`` (its Game: NUM_ACTIONS, OBS_SIZE,
LAYOUT) and ``kernels`` (a module of numba kernels over the rows:
``first_illegal(states, masks, actions, over_field)``, ``step_rows(states, masks, cat,
actions)``, ``observe_rows(states, out)``, ``random_actions(masks, rng, out)``)
and implements ``_reset(rows)`` (start new games with the next seeds) and
``random_playouts``. Everything a user passes in is checked here before it
reaches numba.
"""
from __future__ import annotations

import numpy as np

from .game import IllegalActionError, int_option


class BatchBase:
    game_class: type
    kernels: object

    def _setup(self, n, seed, auto_reset, catalog) -> None:
        self.n = int_option("n", n, range(1, 2**31), "a positive int")
        if not isinstance(auto_reset, (bool, np.bool_)):
            raise ValueError(f"auto_reset must be True or False, got {auto_reset!r}")
        G = self.game_class
        self.catalog = catalog
        self._cat = catalog.array
        self.auto_reset = bool(auto_reset)
        self.states = np.zeros((self.n, G.LAYOUT.size), np.int32)
        self.masks = np.zeros((self.n, G.NUM_ACTIONS), np.int8)
        self._obs = np.zeros((self.n, G.OBS_SIZE), np.int32)
        self._next_seed = seed
        # random_actions' generators: one nonzero xorshift64 state per row
        self._policy_rng = (np.arange(1, self.n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
                            ^ np.uint64(seed % 2**63)) | np.uint64(1)
        self._actions = np.zeros(self.n, np.int64)
        self.finished: list[list[int]] = []
        self.reset_rows(np.arange(self.n))

    def _next_seeds(self, k: int) -> np.ndarray:
        seeds = (self._next_seed + np.arange(k)) % 2**31
        self._next_seed += k
        return seeds.astype(np.int64)

    def reset_rows(self, rows) -> None:
        """Start new games in the given rows (distinct ints 0..n-1; seeds continue
        the batch's sequence)."""
        self._reset(self._rows(rows))

    def _field(self, name) -> int:
        return self.game_class.LAYOUT.glob[name][0]

    @property
    def done(self) -> np.ndarray:
        return self.states[:, self._field("OVER")] != 0

    @property
    def current_players(self) -> np.ndarray:
        """Acting player of each game (-1 for finished games)."""
        return self.states[:, self._field("CUR")].copy()

    def scores(self) -> np.ndarray:
        """(n, seats) VP of every game."""
        lay = self.game_class.LAYOUT
        seats = int(self.states[0, self._field("NP")])
        vp = lay.players + np.arange(seats) * lay.player_size + lay.player["VP"][0]
        return self.states[:, vp].copy()

    def observations(self) -> np.ndarray:
        """(n, OBS_SIZE) observation of each game's acting player."""
        self.kernels.observe_rows(self.states, self._obs)
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
            raise IllegalActionError(f"game {i}: action {int(a[i])} is out of range "
                                     f"0..{self.game_class.NUM_ACTIONS - 1}")
        return np.ascontiguousarray(a, dtype=np.int64)

    def step(self, actions) -> None:
        """Apply one action per game: a legal action id for every game in
        play, -1 for every finished game (an int array or a list of ints)."""
        if not (type(actions) is np.ndarray and actions.dtype == np.int64 and actions.flags.c_contiguous):
            actions = self._actions_array(actions)  # (random_actions() needs no conversion)
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {actions.shape}")
        K = self.kernels
        bad = K.first_illegal(self.states, self.masks, actions, self._field("OVER"))
        if bad >= 0:
            a = int(actions[bad])
            top = self.game_class.NUM_ACTIONS - 1
            if a < 0:
                why = "-1 is for a finished game only" if a == -1 else "not an action id (-1: a finished game)"
            elif a > top:
                why = f"out of range 0..{top}"
            else:
                why = "the game is over: give -1" if self.states[bad, self._field("OVER")] else "not legal"
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
        self.kernels.random_actions(self.masks, self._policy_rng, self._actions)
        return self._actions

    def game(self, i: int):
        """Game i as a `Game` object (a copy; it has no replay history)."""
        i = int_option("i", i, range(self.n), f"a row 0..{self.n - 1}")
        g = object.__new__(self.game_class)
        g.catalog, g._cat = self.catalog, self._cat
        g.state = self.states[i].copy()
        g._mask = self.masks[i].copy()
        g.config, g.history = None, None
        return g

    def _playout_args(self, games_per_row, seed) -> tuple[int, int]:
        games_per_row = int_option("games_per_row", games_per_row, range(1, 2**31), "a positive int")
        seed = int_option("seed", seed, range(2**31 - self.n * games_per_row + 1),
                          f"0..{2**31 - self.n * games_per_row} (n * games_per_row game seeds follow it)")
        return games_per_row, seed

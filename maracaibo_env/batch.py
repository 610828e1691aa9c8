"""Batch API: N games in one 2-D int32 array, stepped inside numba.

    from maracaibo_env.batch import Batch
    b = Batch(1024, num_players=3, seed=0)
    while not b.done.all():
        actions = policy(b.observations(), b.masks)      # -1 for finished games
        b.step(actions)                                  # or b.step(b.random_actions())

Rows are independent games (state vectors as in `Game.state`); stepping runs
in parallel over rows (numba prange; threads = numba.get_num_threads()).
An illegal action raises IllegalActionError naming the game and changes no
game. `auto_reset=True` starts a fresh game in a row as soon as it ends and
records the finished game's scores in `finished`.
"""
from __future__ import annotations

import numpy as np

from .catalog import Catalog, load_catalog, STORY_NUMBERS
from .core import layout as L
from .core import batch as K
from .core.actions import NUM_ACTIONS
from .core.enums import DIFFICULTIES
from .core.observe import OBS_SIZE
from .game import Game, IllegalActionError, _check_config, solo_options


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
                 catalog: Catalog | None = None, automa_income: str = "en"):
        if not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n must be a positive int, got {n!r}")
        _check_config(num_players, seed, story, difficulty, automa_table, automa_income)
        self.catalog = catalog or load_catalog()
        self._cat = self.catalog.array
        self.n = int(n)
        self.num_players = num_players
        self._opts = (STORY_NUMBERS.index(story), DIFFICULTIES.index(difficulty),
                      solo_options(automa_table, automa_income))
        self.auto_reset = auto_reset
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
        """Start new games in the given rows (seeds continue the batch's sequence)."""
        rows = np.asarray(rows, np.int64)
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

    def step(self, actions) -> None:
        """Apply one action per game (-1 for a finished game)."""
        actions = np.asarray(actions, np.int64)
        if actions.shape != (self.n,):
            raise ValueError(f"actions must have shape ({self.n},), got {actions.shape}")
        bad = K.first_illegal(self.masks, actions)
        if bad >= 0:
            raise IllegalActionError(
                f"game {bad}: action {int(actions[bad])} is not legal "
                f"(legal: {np.flatnonzero(self.masks[bad]).tolist()[:12]})")
        K.step_rows(self.states, self.masks, self._cat, actions)
        if self.auto_reset:
            ended = np.flatnonzero(self.done)
            if len(ended):
                self.finished.extend(self.scores()[ended].tolist())
                self.reset_rows(ended)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game (-1 for finished games),
        drawn inside numba from per-row generators seeded by the batch's seed.
        The array is reused by the next call: copy it to keep it."""
        K.random_actions(self.masks, self._policy_rng, self._actions)
        return self._actions

    def game(self, i: int) -> Game:
        """Game i as a `Game` object (a copy)."""
        g = object.__new__(Game)
        g.catalog, g._cat = self.catalog, self._cat
        g.state = self.states[i].copy()
        g._mask = self.masks[i].copy()
        return g

    def random_playouts(self, games_per_row: int, seed: int = 0) -> int:
        """Benchmark kernel: every row plays games_per_row uniform-random games
        inside numba (the rows' current games are overwritten). Returns decisions."""
        return int(K.random_playouts(self.states, self.masks, self._cat, self.num_players, seed,
                                     games_per_row, *self._opts).sum())

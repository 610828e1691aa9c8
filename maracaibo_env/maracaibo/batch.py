"""Batch API: N games in one 2-D int32 array, stepped inside numba.

    from maracaibo_env.maracaibo.batch import Batch
    b = Batch(1024, num_players=3, seed=0)
    while not b.done.all():
        actions = policy(b.observations(), b.masks)      # -1 for finished games
        b.step(actions)                                  # or b.step(b.random_actions())

Rows are independent games (state vectors as in `Game.state`); stepping runs
in parallel over rows (framework/parallel.ChunkLoop; threads = numba.get_num_threads()).
An illegal action raises IllegalActionError naming the game and changes no
game; actions must be integers (a float or bool array is refused, never
truncated), -1 exactly for finished games. `auto_reset=True` starts a fresh
game in a row as soon as it ends and records the finished game's scores in
`finished`.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from .catalog import Catalog, STORY_NUMBERS
from .core import batch as K
from .core.enums import DIFFICULTIES
from ..framework.batch import BatchBase
from .game import Game, IllegalActionError, _check_config, _check_catalog, solo_options, option_bits  # noqa: F401
from .game import OPTIONS
from ..framework.options import check_options


class Batch(BatchBase):
    """N games stepped together.

    :param n: number of games (rows).
    :param num_players: 1 (solo vs Jean), 2, 3 or 4 for every game.
    :param seed: game i starts from seed + i (and later auto-resets continue the sequence).
    :param story: story card 75, 76 or 77.
    :param difficulty: solo only: Jean's level.
    :param automa_table: solo only: "en" or "de".
    :param automa_income: solo only: Jean's income reading, "en" or "de" (SOLO-18).
    :param auto_reset: restart finished games at once (their scores go to `finished`).
    :param legacy, retirement, open_prestige: the options of `Game` for every game.
    """
    game_class = Game
    kernels = K

    def __init__(self, n: int, num_players: int = 2, seed: int = 0, story: int = 75,
                 difficulty: str = "medium", automa_table: str = "en", auto_reset: bool = False,
                 catalog: Catalog | None = None, automa_income: str = "en",
                 data_dir: str | Path | None = None, legacy: Iterable[str] = (), retirement: bool = False,
                 open_prestige: bool = False) -> None:
        num_players, seed, story = _check_config(num_players, seed, story, difficulty,
                                                 automa_table, automa_income)
        variants = check_options(OPTIONS, {"legacy": legacy, "retirement": retirement,
                                           "open_prestige": open_prestige})
        Game(num_players, legacy=variants["legacy"])        # the tiles' own compatibility checks
        self.num_players = num_players
        self._opts = (STORY_NUMBERS.index(story), DIFFICULTIES.index(difficulty),
                      option_bits(automa_table, automa_income, variants["legacy"],
                                  variants["retirement"], variants["open_prestige"]))
        self._setup(n, seed, auto_reset, _check_catalog(catalog, data_dir))

    def _reset(self, rows: np.ndarray) -> None:
        story, diff, table = self._opts
        K.reset_rows(self.states, self.masks, self._cat, rows, self.num_players,
                     self._next_seeds(len(rows)), story, diff, table)

    def random_playouts(self, games_per_row: int, seed: int = 0) -> int:
        """Benchmark kernel: every row plays games_per_row uniform-random games
        inside numba (the rows' current games are overwritten). Returns decisions.
        Game seeds are seed, seed + 1, ... (all below 2**31)."""
        games_per_row, seed = self._playout_args(games_per_row, seed)
        return int(K.random_playouts(self.states, self.masks, self._cat, self.num_players, seed,
                                     games_per_row, *self._opts).sum())

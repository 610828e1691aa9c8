"""Batch API for Pirates: N games in one 2-D int32 array, stepped inside numba.

    from maracaibo_env.pirates.batch import Batch
    b = Batch(1024, num_players=3, seed=0)
    while not b.done.all():
        b.step(b.random_actions())                  # or a policy's ids, -1 for finished games

The same contract as Maracaibo's Batch (maracaibo_env.framework.batch).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..framework.batch import BatchBase
from ..framework.game import int_option, str_option
from .core import batch as K
from .game import Game, PLAYER_COUNTS, OPTIONS, _check_catalog, _check_combination
from .catalog import Catalog
from .core import options as O
from ..framework.options import check_options


class Batch(BatchBase):
    """:param n: games (rows). :param num_players: 2, 3 or 4 (1: solo against Jordan).
    :param seed: game i starts from seed + i. :param layout: a Caribbean layout key.
    :param auto_reset: restart finished games at once (scores go to `finished`).
    :param options: the options of `Game` (modules, difficulty) for every game."""
    game_class = Game
    kernels = K

    def __init__(self, n: int, num_players: int = 2, seed: int = 0, layout: str | None = None,
                 auto_reset: bool = False, catalog: Catalog | None = None, data_dir: str | Path | None = None,
                 **options: Any) -> None:
        self.num_players = int_option("num_players", num_players, PLAYER_COUNTS)
        seed = int_option("seed", seed, range(2**31), "0..2**31-1")
        opts = check_options(OPTIONS, options)
        _check_combination(self.num_players, opts)
        catalog = _check_catalog(catalog, data_dir)
        key = str_option("layout", catalog.default_layout if layout is None else layout, catalog.layout_keys)
        # the core's set-up int: layout, modules, difficulty (core/options.py)
        self._layout = O.setup_bits(catalog.layout_keys.index(key),
                                    sum(O.MODULE_BITS[m] for m in O.MODULES if opts[m]), opts["difficulty"])
        self._setup(n, seed, auto_reset, catalog)

    def _reset(self, rows: np.ndarray) -> None:
        K.reset_rows(self.states, self.masks, self._cat, rows, self.num_players,
                     self._next_seeds(len(rows)), self._layout)

    def random_playouts(self, games_per_row: int, seed: int = 0) -> int:
        """Benchmark kernel: every row plays games_per_row uniform-random games
        inside numba (the rows' current games are overwritten). Returns decisions."""
        games_per_row, seed = self._playout_args(games_per_row, seed)
        return int(K.random_playouts(self.states, self.masks, self._cat, self.num_players, seed,
                                     games_per_row, self._layout).sum())

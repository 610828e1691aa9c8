"""`Game`: one game of Pirates of Maracaibo over one state vector.

    from maracaibo_env.pirates import Game
    g = Game(num_players=3, seed=7)
    while not g.is_over:
        g.step(g.legal_actions()[0])          # ids or names ('sail:s3', 'die:gold')
    g.scores(), g.score_breakdown(), g.winners()

Every rule lives in `maracaibo_env.pirates.core`; this class adds names,
errors, cloning and JSON round trips (framework.game.GameBase).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..framework.game import GameBase, GameConfigError, IllegalActionError, int_option, str_option, \
    check_catalog  # noqa: F401
from .catalog import Catalog, load_catalog
from .core import engine, layout as L
from .core import common as K
from .core.actions import NUM_ACTIONS, action_names
from .core.catalog_layout import CATALOG_SIZE
from .core.observe import observe, OBS_SIZE, OBS_SPEC
from .core.random_play import play_random
from .validate import StateError, validate_state

PLAYER_COUNTS = (2, 3, 4)
PHASES = {v: k[3:].lower() for k, v in vars(K).items() if k.startswith("OP_")}
PHASES[31] = "begin"


class Game(GameBase):
    """One game of Pirates of Maracaibo.

    :param num_players: 2, 3 or 4 (seat 0 moves first, SET-20).
    :param seed: an int 0..2**31-1; the same seed and actions replay the same game.
    :param layout: the Caribbean layout, a key of the data's layouts.toml
        (default: the data's default layout).
    :param data_dir: play with the game data in this folder (a copy of
        maracaibo_env/pirates/data with your changes, validated like the shipped data).
    :param catalog: a compiled data catalog (default: the shipped data).
    """
    NUM_ACTIONS = NUM_ACTIONS
    OBS_SIZE = OBS_SIZE
    OBS_SPEC = OBS_SPEC
    LAYOUT = L.LAYOUT
    VP_SOURCES = L.VP_SOURCES
    FORMAT_VERSION = 1
    REPLAY_FORMAT, REPLAY_VERSION = "pirates-replay", 1

    def __init__(self, num_players: int = 2, seed: int = 0, layout: str | None = None,
                 catalog: Catalog | None = None, data_dir: str | Path | None = None):
        num_players = int_option("num_players", num_players, PLAYER_COUNTS)
        seed = int_option("seed", seed, range(2**31), "0..2**31-1")
        self.catalog = _check_catalog(catalog, data_dir)
        layout = str_option("layout", self.catalog.default_layout if layout is None else layout,
                            self.catalog.layout_keys)
        self._cat = self.catalog.array
        self.state = np.zeros(L.STATE_SIZE, np.int32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        engine.new_game(self.state, self._cat, num_players, seed,
                        self.catalog.layout_keys.index(layout), self._mask)
        #: how the game was set up, and every action id since (for replays)
        self.config = {"num_players": num_players, "seed": seed, "layout": layout}
        self.history: list[int] | None = []

    @property
    def phase(self) -> str:
        return PHASES.get(int(self.state[L.G_PHASE]), "over")

    @property
    def current_player(self) -> int:
        """The player to decide now (-1 once the game is over)."""
        return -1 if self.is_over else int(self.state[L.G_CUR])

    def winners(self) -> list[int]:
        """TIE-01..03: most VP; ties broken by most buried treasures; still tied: shared."""
        s = self.scores()
        buried = [int(K.buried_total(self.state, p)) for p in range(self.num_seats)]
        best = max(zip(s, buried))
        return [p for p in range(self.num_seats) if (s[p], buried[p]) == best]

    def player_view(self, p: int) -> dict:
        """Readable fields of player p (for logs and rendering)."""
        p = self._seat(p)
        return {name: (v[0] if len(v) == 1 else list(v))
                for name in L.LAYOUT.player for v in [self.state[L.LAYOUT.field_slice(name, p)].tolist()]}

    # ---- hooks of GameBase ------------------------------------------------------
    def _names(self):
        c = self.catalog
        return action_names(c.slot_keys, c.raid_action_keys, c.track_keys)

    def _engine_step(self, a: int) -> None:
        engine.step(self.state, self._cat, a, self._mask)

    def _engine_step_observe(self, a: int, out) -> None:
        engine.step_observe(self.state, self._cat, a, self._mask, out)

    def _random_moves(self, stop_seats, rng, buf) -> int:
        return play_random(self.state, self._cat, self._mask, stop_seats, rng, buf)

    def _fill_mask(self) -> None:
        engine.fill_mask(self.state, self._cat, self._mask)

    def _observe(self, p, out) -> None:
        observe(self.state, p, out)

    @classmethod
    def _catalog_from(cls, catalog):
        return _check_catalog(catalog)

    @classmethod
    def _validate(cls, state, catalog):
        """Every index in range (validate_state), then the fields consistent
        with each other (each card, quest and figurehead in one place, tiles,
        counts and ongoing bonuses matching what the player owns, ...)."""
        validate_state(state, catalog, "saved game")
        from .invariants import check_invariants
        problems = check_invariants(state, catalog, strict=True)
        if problems:
            more = f" (+{len(problems) - 3} more)" if len(problems) > 3 else ""
            raise StateError("saved game: inconsistent fields: " + "; ".join(problems[:3]) + more)


def _check_catalog(catalog, data_dir=None) -> Catalog:
    """The catalog to play with (framework.game.check_catalog)."""
    return check_catalog(catalog, data_dir, load_catalog, CATALOG_SIZE, "maracaibo_env/pirates/data",
                         "pirates Catalog (maracaibo_env.pirates.load_catalog())")

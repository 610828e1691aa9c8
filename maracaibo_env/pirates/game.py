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
from typing import Any

import numpy as np

from ..framework.game import GameBase, GameConfigError, IllegalActionError, int_option, str_option, \
    check_catalog  # noqa: F401
from ..framework.options import Option, check_options, unknown_options
from .catalog import Catalog, load_catalog
from .core import options as O
from .core import engine, layout as L
from .core import constants as KC
from .core import common as K
from .core.actions import NUM_ACTIONS, action_names
from .core.catalog_layout import CATALOG_SIZE
from .core.observe import observe, OBS, OBS_SIZE
from .core.hidden import HIDDEN, redraw
from .core.random_play import play_random
from .validate import StateError, validate_state

PLAYER_COUNTS = (1, 2, 3, 4)   # 1 = solo against Jordan (§19)

OPTIONS = tuple(Option(name, "flag", False, help=text) for name, text in (
    ("fog_locations", "Fog of War: Locations, facedown Tier I locations with coins on them (§20.1)"),
    ("fog_improvements", "Fog of War: Improvements, facedown improvements turned on entry (§20.2)"),
    ("skirmish", "Pirate Skirmish: combat when a ship ends on a card with opponents (§20.3)"),
    ("quest_hunters", "Quest Hunters: 3 quests kept 2, only the harder condition scores, double (§20.4)"),
    ("rubies", "Rubies: ruby supplies on Bonaire and Tobago, a ruby market at the Gulf (§20.5)"),
    ("retirement", "Retirement: the Residence Discount tile on the exploration track (§20.6)"),
)) + (Option("difficulty", "int", 0, range(O.MAX_DIFFICULTY + 1),
             help="solo only: k B cards replace A cards in Jordan's deck (SOLO-05)"),)
# options whose rules are not written yet: refused rather than silently ignored
NOT_IMPLEMENTED: set[str] = set()
PHASES = {v: k[3:].lower() for k, v in vars(K).items() if k.startswith("OP_")}
PHASES[31] = "begin"


class Game(GameBase):
    """One game of Pirates of Maracaibo.

    :param num_players: 2, 3 or 4 (seat 0 moves first, SET-20); 1 = solo
        against the automated Jordan (§19): you are seat 0, Jordan seat 1, his
        turns are played inside step(), so you are always the player to act.
    :param seed: an int 0..2**31-1; the same seed and actions replay the same game.
    :param layout: the Caribbean layout, a key of the data's layouts.toml
        (default: the data's default layout).
    :param data_dir: play with the game data in this folder (a copy of
        maracaibo_env/pirates/data with your changes, validated like the shipped data).
    :param catalog: a compiled data catalog (default: the shipped data).
    """
    NUM_ACTIONS = NUM_ACTIONS
    OBS_SIZE = OBS_SIZE
    OBS = OBS                   # the observation's slices and bounds (core/obs_spec.py)
    HIDDEN = HIDDEN             # what a seat cannot see (core/hidden.py; determinize redraws it)
    LAYOUT = L.LAYOUT
    VP_SOURCES = L.VP_SOURCES
    FORMAT_VERSION = 2          # 2 adds the options; a format-1 save loads with all off
    READABLE_FORMATS = (1, 2)
    OPTIONS = OPTIONS
    # no PREVIOUS_DATA_HASHES: the layouts were redrawn with the options (docs/pirates_data.md),
    # so a game saved with the earlier data is refused unless ignore_data_hash (then validated)
    REPLAY_FORMAT, REPLAY_VERSION = "pirates-replay", 1

    def __init__(self, num_players: int = 2, seed: int = 0, layout: str | None = None,
                 catalog: Catalog | None = None, data_dir: str | Path | None = None, *,
                 fog_locations: bool = False, fog_improvements: bool = False, skirmish: bool = False,
                 quest_hunters: bool = False, rubies: bool = False, retirement: bool = False,
                 difficulty: int = 0, **unknown: Any) -> None:
        unknown_options(unknown, OPTIONS, "num_players, seed, layout, data_dir, catalog")
        num_players = int_option("num_players", num_players, PLAYER_COUNTS)
        seed = int_option("seed", seed, range(2**31), "0..2**31-1")
        opts = check_options(OPTIONS, dict(
            fog_locations=fog_locations, fog_improvements=fog_improvements, skirmish=skirmish,
            quest_hunters=quest_hunters, rubies=rubies, retirement=retirement, difficulty=difficulty))
        _check_combination(num_players, opts)
        self.catalog = _check_catalog(catalog, data_dir)
        layout = str_option("layout", self.catalog.default_layout if layout is None else layout,
                            self.catalog.layout_keys)
        self._cat = self.catalog.array
        self.state = np.zeros(KC.STATE_SIZE, np.int32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        modules = sum(O.MODULE_BITS[m] for m in O.MODULES if opts[m])
        engine.new_game(self.state, self._cat, num_players, seed,
                        O.setup_bits(self.catalog.layout_keys.index(layout), modules, opts["difficulty"]),
                        self._mask)
        #: how the game was set up, and every action id since (for replays)
        self.config = {"num_players": num_players, "seed": seed, "layout": layout,
                       **{o.name: opts[o.name] for o in OPTIONS if opts[o.name] != o.default}}
        self.history: list[int] | None = []

    def _options_of_state(self) -> dict:
        m = int(self.state[KC.G_MODULES])
        return {**{name: bool(m & O.MODULE_BITS[name]) for name in O.MODULES},
                "difficulty": int(self.state[KC.G_DIFFICULTY])}

    @property
    def phase(self) -> str:
        return PHASES.get(int(self.state[KC.G_PHASE]), "over")

    @property
    def current_player(self) -> int:
        """The player to decide now (-1 once the game is over)."""
        return -1 if self.is_over else int(self.state[KC.G_CUR])

    @property
    def num_players(self) -> int:
        """Players who make decisions (1 in a solo game; num_seats is 2 there)."""
        return 1 if self.solo else self.num_seats

    @property
    def solo(self) -> bool:
        return bool(self.state[KC.G_SOLO])

    def winners(self) -> list[int]:
        """TIE-01..03: most VP; ties broken by most buried treasures; still tied: shared.
        Solo: you (seat 0) win only with strictly more VP than Jordan (SOLO-37)."""
        s = self.scores()
        if self.solo:
            return [0] if s[0] > s[1] else [1]
        buried = [int(K.buried_total(self.state, p)) for p in range(self.num_seats)]
        best = max(zip(s, buried))
        return [p for p in range(self.num_seats) if (s[p], buried[p]) == best]

    def solo_log(self) -> list[tuple[str, int | str]]:
        """The solo opponent's last turn: Jordan's (``jordan_log``)."""
        return self.jordan_log()

    def jordan_log(self) -> list[tuple[str, int | str]]:
        """What Jordan did in his last turn, as readable (event, argument) pairs
        ([] outside a solo game); see pirates.core.jordan JEV_*."""
        from .core.jordan import jordan_log_names
        return jordan_log_names(self) if self.solo else []

    def jordan_view(self) -> dict:
        """Jordan's public state (solo): track level 1-4, solo-board cubes, the card
        revealed last, cards left before a reshuffle, quests (facedown), cards acquired.
        His score_breakdown() uses the same sources (SOLO-18/21/35): raids = his raid-track
        VP, effects = his explore-track VP, card_vp = 6 per acquired card, residences =
        15 each, quests = 5 each, besides residence_first, maracaibo, rivers, treasures
        and quest_bonus."""
        if not self.solo:
            return {}
        st, c = self.state, self.catalog
        card = int(st[KC.G_J_CARD])
        b = L.LAYOUT.field_slice
        return {"level": int(st[KC.G_J_LEVEL]) + 1, "upgrades": int(st[KC.G_J_UPG]),
                "card": c.jordan_keys[card] if card >= 0 else None,
                "deck_left": L.J_DECK_N - int(st[KC.G_J_DRAWN]),
                "quests": int(st[b("QN", 1)][0]), "cards": int(st[b("TAB_N", 1)][0]),
                "residences": int(st[b("NRES", 1)][0])}

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

    def _redraw_hidden(self, seat, x) -> None:
        redraw(self.state, self._cat, seat, x)

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


def _check_combination(num_players: int, opts: dict) -> None:
    """GameConfigError for an option set the rules do not allow (or not written yet)."""
    on = [name for name in NOT_IMPLEMENTED if opts.get(name)]
    if on:
        raise GameConfigError(f"option {on[0]} is not implemented yet; available now: "
                              f"{', '.join(o.name for o in OPTIONS if o.name not in NOT_IMPLEMENTED)}")
    if num_players != 1 and opts["difficulty"] != 0:
        raise GameConfigError(f"difficulty={opts['difficulty']} applies only to a solo game against "
                              f"Jordan (num_players=1); a {num_players}-player game has none: leave it 0")


def _check_catalog(catalog, data_dir=None) -> Catalog:
    """The catalog to play with (framework.game.check_catalog)."""
    from .data_load import DATA_DIR
    return check_catalog(catalog, data_dir, load_catalog, CATALOG_SIZE, DATA_DIR,
                         "pirates Catalog (maracaibo_env.pirates.load_catalog())")

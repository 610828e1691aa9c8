"""`Game`: a thin Python object over one state vector.

    g = Game(num_players=3, seed=7)
    while not g.is_over:
        g.step(g.legal_actions()[0])        # ids or names ('sail:13:mp5')
    g.scores(), g.score_breakdown()

Every rule lives in `maracaibo_env.maracaibo.core`; this class adds names, errors,
cloning and JSON round trips.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np  # noqa: F401

from .catalog import Catalog, load_catalog, STORY_NUMBERS
from .core import engine, layout as L
from .core import constants as K
from .core.actions import NUM_ACTIONS, A_FREE_PLAN, A_FREE_FIGURE_CP, action_names
from .core.enums import PHASES, NATIONS, DIFFICULTIES, AUTOMA_TABLES, AUTOMA_INCOMES
from .core.observe import observe, OBS, OBS_SIZE
from .core.hidden import HIDDEN, redraw
from .core.random_play import play_random
from .core.setup import reset
# the errors of both games (maracaibo_env.IllegalActionError is Pirates' too)
from ..framework.game import (
    GameBase, GameConfigError, IllegalActionError, int_option, check_catalog) # noqa: F401
from ..framework.options import Option, check_options, unknown_options
from .core import options as O
from .validate import validate_state
from .legacy import legacy_problem

PLAYER_COUNTS = (1, 2, 3, 4)   # 1 = solo against the Automa Jean
# saved games: 2 records the data hash (format 1, before the rules changes of
# issue 9, is refused: an old state need not be valid for this engine); 3 adds
# the options (a format-2 save loads with every option off)
# 4 adds the campaign's fields (a format-2/3 save loads as a non-campaign game); 5 holds
# every story card in play (SC_PLAY_CAP 8 -> 80, SC_PENDING by slot: a format-4 save is
# upgraded, campaign_start.upgrade_format4)
FORMAT_VERSION = 5
READABLE_FORMATS = (2, 3, 4, 5)
# the solo options' defaults: a non-solo game accepts only these (it has no Automa)
SOLO_DEFAULTS = {"difficulty": "medium", "automa_table": "en", "automa_income": "en"}

OPTIONS = (
    Option("legacy", "set", (), O.LEGACY_TILES,
           help="legacy tiles in play (§28: L1-L18, L20-L23, L25), e.g. legacy=L6,L9"),
    Option("retirement", "flag", False, help="the Retirement module: Residence Discount tile on the "
                                             "explorer track (§29)"),
    Option("open_prestige", "flag", False, help="all 4 prestige buildings face up from the start (VAR-01)"),
    Option("chapter", "int", 0, tuple(range(12)),
           help="a campaign game from its start (§27): 1 = the first game (story card 01), 2-11 = "
                "that chapter (card 80-89); 0 = no campaign. Continuing a campaign: maracaibo campaign"),
    Option("difficulty", "choice", "medium", DIFFICULTIES, help="solo only: Jean's level (SOLO-06)"),
    Option("automa_table", "choice", "en", AUTOMA_TABLES, help="solo only: the deck-size table (SOLO-06)"),
    Option("automa_income", "choice", "en", AUTOMA_INCOMES, help="solo only: Jean's income reading (SOLO-18)"),
)


class Game(GameBase):
    """One game of Maracaibo.

    :param num_players: 2, 3 or 4 (1: solo against Jean).
    :param seed: an int 0..2**31-1; the same seed and actions replay the same game.
    :param story: non-campaign story card 75 (default), 76 or 77.
    :param data_dir: play with the game data in this folder (a copy of
        maracaibo_env/maracaibo/data with your changes; validated like the shipped data).
    :param difficulty: solo only: Jean's level, one of DIFFICULTIES
        ("very_easy" … "very_hard"; default "medium").
    :param automa_table: solo only: the deck-size table, "en" (default) or
        "de" (5 A-cards on every level), checklist SOLO-06.
    :param automa_income: solo only: Jean's income reading (SOLO-18), "en"
        (default: the highest-value empty space) or "de" (the space uncovered last).
    :param catalog: a compiled data catalog (default: the shipped data).
    :param legacy: legacy tiles in play, names from core.options.LEGACY_TILES
        ("L1" … "L25"; §28), e.g. ["L6", "L9"] (default none).
    :param retirement: the Retirement module (§29).
    :param open_prestige: the open-prestige variant (VAR-01).
    :param chapter: 1 = the campaign's first game (story card 01), 2-11 = a
        campaign game starting chapter N (card 80-89); 0 (default) = no campaign.
    :param campaign: play a campaign game (§27) from this start: a dict with
        ``in_play``, ``pending``, ``gone`` (story-card numbers of
        data/story.toml), ``legacy`` (tiles), ``c_pile``, ``c_discard``
        (C-cards 90-99); ``maracaibo_env.maracaibo.campaign.Campaign.next_game`` makes
        it. ``{"pending": [1]}`` is the campaign's first game (SETUP-18).

    Numbers must be ints (numpy integers are accepted); a float such as 2.0,
    a bool, or a solo option other than its default in a non-solo game raise
    GameConfigError.

    In a solo game (num_players=1) you are seat 0 and Jean is seat 1; her
    turns are played by the engine, so current_player is always 0.
    """

    NUM_ACTIONS = NUM_ACTIONS
    OBS_SIZE = OBS_SIZE
    OBS = OBS                   # the observation's slices and bounds (core/obs_spec.py)
    HIDDEN = HIDDEN             # what a seat cannot see (core/hidden.py; determinize redraws it)
    LAYOUT = L.LAYOUT
    VP_SOURCES = L.VP_SOURCES
    FORMAT_VERSION = FORMAT_VERSION
    READABLE_FORMATS = READABLE_FORMATS
    OPTIONS = OPTIONS
    # none: the calibration (issue 25, docs/data_provenance.md) changed cards and quest tiles,
    # so a game saved with earlier data is refused unless ignore_data_hash (then validated)
    PREVIOUS_DATA_HASHES: frozenset = frozenset()
    REPLAY_FORMAT, REPLAY_VERSION = "maracaibo-replay", 2

    def __init__(self, num_players: int = 2, seed: int = 0, story: int = 75,
                 difficulty: str = "medium", automa_table: str = "en",
                 catalog: Catalog | None = None, automa_income: str = "en",
                 data_dir: str | Path | None = None, legacy: Iterable[str] = (), retirement: bool = False,
                 open_prestige: bool = False, chapter: int = 0, campaign: dict | None = None,
                 **unknown: Any) -> None:
        unknown_options(unknown, OPTIONS, "num_players, seed, story, data_dir, catalog, campaign")
        num_players, seed, story = _check_config(num_players, seed, story, difficulty,
                                                 automa_table, automa_income)
        opts = check_options(OPTIONS, {"legacy": legacy, "retirement": retirement,
                                       "open_prestige": open_prestige, "chapter": chapter})
        del opts["difficulty"], opts["automa_table"], opts["automa_income"]  # _check_config's
        self.catalog = _check_catalog(catalog, data_dir)
        clash = legacy_problem(self.catalog, opts["legacy"])  # DATA-18: one tile per spot
        if clash:
            raise GameConfigError(clash)
        from_chapter = opts["chapter"] > 0
        if from_chapter:
            if campaign is not None:
                raise GameConfigError("chapter and campaign both given; allowed: one of them (chapter "
                                      "starts a campaign, campaign continues one)")
            from .campaign_start import chapter_card
            campaign = {"pending": [chapter_card(opts["chapter"])]}
        if campaign is not None:
            from .campaign_start import check_start, write_start
            if story != 75 or opts["legacy"]:
                raise GameConfigError("a campaign game takes its story cards and legacy tiles from "
                                      "campaign=...; allowed: story and legacy left at their defaults")
            campaign = check_start(campaign, self.catalog)
            opts["legacy"] = tuple(t for t in O.LEGACY_TILES if t in campaign["legacy"])
        self._cat = self.catalog.array
        self.state = np.zeros(K.STATE_SIZE, np.int32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        # = engine.new_game_with; step_unchecked(-1) only advances, so that one
        # compiled copy of the engine serves new games and steps (cold start)
        reset(self.state, self._cat, num_players, seed, -1 if campaign is not None else STORY_NUMBERS.index(story),
              DIFFICULTIES.index(difficulty), option_bits(automa_table, automa_income, **opts))
        if campaign is not None:   # SETUP-18: the archive's cards, then the new ones
            write_start(self.state, self.catalog, campaign)
        engine.step_unchecked(self.state, self._cat, -1, self._mask)
        #: how the game was set up, and every action id since (for replays)
        self.config = {"num_players": num_players, "seed": seed, "story": story,
                       "difficulty": difficulty, "automa_table": automa_table,
                       "automa_income": automa_income, **_config_options(opts)}
        if campaign is not None:
            self.config.pop("legacy", None)    # the campaign's (a replay passes campaign=... again)
            if not from_chapter:
                self.config["campaign"] = campaign
        self.history: list[int] | None = []

    # ---- queries -----------------------------------------------------------
    @property
    def num_players(self) -> int:
        """Players who make decisions (1 in a solo game)."""
        return 1 if self.solo else int(self.state[K.G_NP])

    @property
    def solo(self) -> bool:
        return bool(self.state[K.G_SOLO])

    @property
    def phase(self) -> str:
        return PHASES[int(self.state[K.G_PHASE])]

    def free_actions(self) -> list[int]:
        """The legal free actions now: planning a card, completing a career
        task, a figure for 2 CP (FREE-01, CAR-02, PERM-08). They are offered at
        every decision of the acting player's Phase B turn and leave that
        decision pending; the other legal actions are the decision's own."""
        lo, hi = A_FREE_PLAN, A_FREE_FIGURE_CP + 1
        return (np.flatnonzero(self._mask[lo:hi]) + lo).tolist()

    # ---- acting ------------------------------------------------------------
    def winners(self) -> list[int]:
        """Seats with the most VP (END-01); solo: you win only with more VP
        than Jean, a tie goes to her (END-02)."""
        s = self.scores()
        if self.solo:
            return [0] if s[0] > s[1] else [1]
        best = max(s)
        return [p for p, v in enumerate(s) if v == best]

    def solo_log(self) -> list[tuple[str, int | str]]:
        """The solo opponent's last turn: Jean's (``jean_log``)."""
        return self.jean_log()

    def jean_log(self) -> list[tuple[str, int | str]]:
        """What Jean did in her last turn: (event, argument) pairs, readable."""
        from .core.automa import JEV_NAMES
        if not self.solo:
            return []
        n = int(self.state[K.G_AUTOMA_LOG_N])
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

    def player_view(self, p: int) -> dict:
        """Readable fields of player p (for logs and rendering)."""
        p = self._seat(p)
        d = {name: (v[0] if len(v) == 1 else list(v))
             for name in L.PLAYER for v in [self.state[L.field_slice(name, p)].tolist()]}
        d["influence"] = dict(zip(NATIONS, d.pop("INF")))
        return d

    # ---- hooks of GameBase -------------------------------------------------------
    def _names(self):
        c = self.catalog
        return action_names(c.loc_keys, c.exp_keys, c.goods_keys)

    def _engine_step(self, a: int) -> None:
        engine.step_unchecked(self.state, self._cat, a, self._mask)

    def _engine_step_observe(self, a: int, out) -> None:
        engine.step_observe(self.state, self._cat, a, self._mask, out)

    def _fill_mask(self) -> None:
        engine.legal_mask(self.state, self._cat, self._mask)

    def _options_of_state(self) -> dict:
        v, leg = int(self.state[K.G_VARIANTS]), int(self.state[K.G_LEGACY])
        return {"legacy": tuple(t for t in O.LEGACY_TILES if leg & O.legacy_bit(t)),
                "retirement": bool(v & O.VAR_RETIREMENT), "open_prestige": bool(v & O.VAR_OPEN_PRESTIGE),
                "chapter": self._chapter_of_state(),
                "difficulty": DIFFICULTIES[int(self.state[K.G_DIFFICULTY])],
                "automa_table": AUTOMA_TABLES[int(self.state[K.G_AUTOMA_TABLE])],
                "automa_income": AUTOMA_INCOMES[int(self.state[K.G_AUTOMA_INCOME])]}

    @classmethod
    def data_hash_of(cls, state, catalog) -> str:
        """A campaign game also records its story cards: Catalog.campaign_hash."""
        return catalog.campaign_hash if state[K.G_CAMPAIGN] else catalog.data_hash

    @classmethod
    def _known_hashes(cls, catalog) -> tuple[str, ...]:
        return (catalog.data_hash, catalog.campaign_hash)

    @classmethod
    def _saved_state(cls, d, catalog, ignore_data_hash: bool):
        """A format-4 save's campaign fields are put in this format's layout first."""
        if isinstance(d, dict) and d.get("format") == 4:
            from .campaign_start import upgrade_format4
            d = {**d, "state": upgrade_format4(d.get("state"))}
        return super()._saved_state(d, catalog, ignore_data_hash)

    def _chapter_of_state(self) -> int:
        """The chapter option a campaign game started from (its first story
        card drawn: 01 -> 1, 80-89 -> 2-11); 0 otherwise (no campaign, or a
        continued one)."""
        if not self.state[K.G_CAMPAIGN] or not self.state[K.G_SC_LOG_N]:
            return 0
        from .campaign_start import chapter_of_card
        return chapter_of_card(int(self.state[K.G_SC_LOG]) // 8)

    def _observe(self, p, out) -> None:
        observe(self.state, p, out)

    def _redraw_hidden(self, seat, x) -> None:
        redraw(self.state, seat, x)

    def _random_moves(self, stop_seats, rng, buf) -> int:
        return play_random(self.state, self._cat, self._mask, stop_seats, rng, buf)

    @classmethod
    def _catalog_from(cls, catalog):
        return _check_catalog(catalog)

    @classmethod
    def _validate(cls, state, catalog):
        validate_state(state, catalog, "saved game")

    def __repr__(self) -> str:
        return (f"Game(players={self.num_players}, round={self.round}, phase={self.phase!r}, "
                f"current_player={self.current_player}, scores={self.scores()})")


def solo_options(automa_table: str = "en", automa_income: str = "en") -> int:
    """The core's solo-option int: bit 0 deck table (SOLO-06), bit 1 income reading (SOLO-18)."""
    return option_bits(automa_table, automa_income)


def option_bits(automa_table: str = "en", automa_income: str = "en", legacy: Iterable[str] = (),
                retirement: bool = False, open_prestige: bool = False, chapter: int = 0) -> int:
    """The core's set-up int (core/options.py): solo readings, variants, legacy tiles
    (a chapter starts a campaign: Game passes it as the campaign's start)."""
    variants = (O.VAR_OPEN_PRESTIGE if open_prestige else 0) | (O.VAR_RETIREMENT if retirement else 0)
    tiles = 0
    for t in legacy:
        tiles |= O.legacy_bit(t)
    return O.table_bits(AUTOMA_TABLES.index(automa_table), AUTOMA_INCOMES.index(automa_income),
                        variants, tiles)


def _config_options(opts: dict) -> dict:
    """The options not at their default, JSON-ready (a replay header stays as before without them)."""
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in opts.items()
            if v != next(o.default for o in OPTIONS if o.name == k)}


def _check_config(num_players, seed, story, difficulty="medium", automa_table="en", automa_income="en"):
    """(num_players, seed, story) as Python ints, or GameConfigError naming
    the option, its value and what is allowed. Ints only: numpy integers are
    accepted, floats (even 2.0) and bools are not. The solo options must keep
    their defaults in a non-solo game (it has no Automa to apply them to)."""
    num_players = int_option("num_players", num_players, PLAYER_COUNTS)
    seed = int_option("seed", seed, range(2**31), "0..2**31-1")
    story = int_option("story", story, STORY_NUMBERS)
    for name, value, allowed in (("difficulty", difficulty, DIFFICULTIES),
                                 ("automa_table", automa_table, AUTOMA_TABLES),
                                 ("automa_income", automa_income, AUTOMA_INCOMES)):
        if not isinstance(value, str) or value not in allowed:
            raise GameConfigError(f"{name} must be one of {allowed}, got {value!r}")
        if num_players != 1 and value != SOLO_DEFAULTS[name]:
            raise GameConfigError(f"{name}={value!r} applies only to a solo game (num_players=1); a "
                                  f"{num_players}-player game has no Automa: leave {name} at its default")
    return num_players, seed, story


def _check_catalog(catalog, data_dir=None) -> Catalog:
    """The catalog to play with (framework.game.check_catalog)."""
    from .core.catalog_layout import CATALOG_SIZE
    from .data_load import DATA_DIR
    return check_catalog(catalog, data_dir, load_catalog, CATALOG_SIZE, DATA_DIR,
                         "Catalog (maracaibo_env.load_catalog())")

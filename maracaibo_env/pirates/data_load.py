"""The Pirates of Maracaibo data files (``pirates/data/*.toml``) as pydantic models.

One model per file; ``load_data(folder)`` validates every file and the
constraints between them (the checklist's CON-xx items) and returns a
``PiratesData``. The JSON Schemas of the files are written by
``python -m maracaibo_env.pirates.data_load --schemas DIR``.

Effects are small tables ``{do = "vp", n = 2}``; the vocabulary (``do``) is the
rulebook glossary (checklist §21), listed in IMMEDIATE / ONGOING / ENDGAME.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from ..framework.datafiles import DataError, Entry, Strict, check, parse_file, write_json_schemas

DATA_DIR = Path(__file__).resolve().parent / "data"

TREASURES = ("gold", "emerald", "pearl")           # yellow, green, white die (CON-05)
IMP_TYPES = ("crew", "equipment", "ship")           # CON-19
Treasure = Literal["gold", "emerald", "pearl"]
TreasureOrAny = Literal["gold", "emerald", "pearl", "any"]
ImpType = Literal["crew", "equipment", "ship"]

# ---- the effect vocabulary (checklist §21.5 GIC, §21.2 GBM, §21.3 GFH) -----
#: one-time effects, resolved when gained (lightning, beige scroll, track
#: spaces, location actions, black-market tiles, hideout bonuses)
IMMEDIATE = (
    "vp",               # +n VP (GIC-VP)
    "coins",            # +n doubloons (GIC-DB)
    "upgrade",          # an Upgrade (GIC-18, UPG-*)
    "bury",             # bury 1 treasure (GIC-19, BURY-*)
    "raid",             # a Raiding action with +n power (RAID-*, Gulf n = 2)
    "raid_as_if",       # raid as if rolled n, treasure of choice (GIC-11/12)
    "raid_colour",      # raid with only the `treasure` die, +n power (GIC-13..15)
    "explore",          # explore up to n (EXP-*, GIC-16)
    "explorer_space",   # the benefits of the explorer's space again (GIC-17)
    "activate_bm",      # one placed black-market tile again (GIC-20)
    "figurehead",       # pay 3 doubloons for a figurehead (GIC-21, FIG-*)
    "discard_quest",    # discard a quest for +8 doubloons (GIC-22)
    "island_cube",      # +n cubes on one island of choice, or on `treasure`'s island (GIC-23/24)
    "build_residence",  # construct a residence at the usual cost (GIC-25)
    "acquire",          # acquire an improvement of `type` anywhere, +n doubloons (GIC-26/29/30)
    "income_vp",        # VP = own VP income (GIC-27)
    "income_coins",     # doubloons = own doubloon income (GIC-28)
    "vp_per",           # n VP per `count`, at most `cap` (0: no cap) (GIC-31..34, GBM-02..10)
    "treasure",         # n treasures of `treasure` ("any": one type of choice) (GIC-38, Hawk)
    "quest",            # gain a quest (QST-*)
    "place_bm",         # pay n, place a black-market tile and activate it (BM-*)
)
#: ongoing effects (red scroll), in force from the moment they are gained
ONGOING = (
    "raid_power",       # +n power in every raid (GIC-04)
    "colour_power",     # +n power when the `treasure` die is chosen (GIC-05/06)
    "explore_bonus",    # up to +n explorer movement (GIC-07, Dragon)
    "forfeit",          # each explore: give up n movement for `reward` (GIC-08/09, Nautilus)
    "discount",         # improvements and residences cost n less (GIC-10, Unicorn)
    "move_bonus",       # ship moves up to 3 + n spaces (Harpy)
    "reroll",           # n more rerolls per raid (Lion)
    "raid_action",      # a new Raiding action (GIC-01..03, Mermaid, Kraken, Skull)
    "whale",            # refresh the quest market first; +1 doubloon income per quest (Whale)
    "poseidon",         # bury onto the figurehead's reward spaces (Poseidon)
)
#: endgame conditional scoring (gray scroll)
ENDGAME = (
    "end_per3_treasure",  # n VP per 3 treasures of `treasure` (GIC-35)
    "end_per3_quests",    # n VP per 3 quests that score (GIC-36)
    "end_per_buried",     # n VP per buried treasure (GIC-37)
)
COUNTS = ("buried", "quests", "rivers", "crew", "equipment", "ship", "gold", "emerald",
          "pearl", "treasures")
FORFEIT_REWARDS = ("gold", "emerald", "pearl", "coins2", "vp2", "cube")

Do = Literal[IMMEDIATE + ONGOING + ENDGAME]


class Effect(Strict):
    do: Do
    n: int = Field(0, ge=0, le=30)
    treasure: Literal["", "gold", "emerald", "pearl", "any"] = ""
    type: Literal["", "crew", "equipment", "ship"] = ""
    count: Literal[("",) + COUNTS] = ""
    cap: int = Field(0, ge=0, le=30)
    action: str = ""        # raid_action: a key of ship.toml [[raid_action]]
    reward: Literal[("",) + FORFEIT_REWARDS] = ""

    @model_validator(mode="after")
    def _args(self):
        need = {"raid_colour": "treasure", "treasure": "treasure", "colour_power": "treasure",
                "end_per3_treasure": "treasure", "acquire": "type", "vp_per": "count",
                "raid_action": "action", "forfeit": "reward"}
        if self.do in need and not getattr(self, need[self.do]):
            raise ValueError(f"do = {self.do!r} needs {need[self.do]} = ...")
        if self.do in ("raid_colour", "colour_power", "end_per3_treasure") and self.treasure == "any":
            raise ValueError(f"do = {self.do!r}: treasure must be gold, emerald or pearl")
        positive = ("vp", "coins", "raid_as_if", "explore", "island_cube", "raid_power",
                    "colour_power", "explore_bonus", "discount", "move_bonus", "reroll",
                    "forfeit", "end_per3_treasure", "end_per3_quests", "end_per_buried",
                    "treasure", "vp_per")
        if self.do in positive and self.n < 1:
            raise ValueError(f"do = {self.do!r} needs n >= 1")
        return self


def _kinds(effects, allowed, what):
    for e in effects:
        if e.do not in allowed:
            raise ValueError(f"{what}: {e.do!r} is not allowed here; allowed: {', '.join(allowed)}")


class Income(Strict):
    coins: int = Field(0, ge=0, le=10)
    vp: int = Field(0, ge=0, le=10)


# ---- cards.toml --------------------------------------------------------------
class Improvement(Entry):
    name: str
    tier: Literal[1, 2]
    type: ImpType
    cost: int = Field(ge=0, le=30)
    vp: int = Field(0, ge=0, le=10)                 # top-right, scored at the end (SCORE-03)
    lightning: list[Effect] = []                    # immediate on acquisition (IMP-04)
    ongoing: list[Effect] = []                      # red scroll (IMP-05)
    income: Income = Income()                       # green scroll (ROUND-01)
    endgame: list[Effect] = []                      # gray scroll (SCORE-04)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.lightning, IMMEDIATE, "lightning")
        _kinds(self.ongoing, ONGOING, "ongoing")
        _kinds(self.endgame, ENDGAME, "endgame")
        return self


class Location(Entry):
    name: str
    tier: Literal[1, 2]
    treasure_value: bool = False                    # bears the TV symbol (SET-13, CON-08)
    #: the actions; two lists = a "/" between them (LOC-05)
    sides: list[list[Effect]] = Field(min_length=1, max_length=2)

    @model_validator(mode="after")
    def _effects(self):
        for side in self.sides:
            check(len(side) >= 1, "sides", "a side needs at least one action")
            _kinds(side, IMMEDIATE, "location action")
        return self


GRS = ("income_coins", "income_vp", "ship", "equipment", "crew", "buried", "quests_scored",
       "emerald", "gold", "pearl", "sets", "rivers")


class Residence(Entry):
    name: str
    cost: int = Field(ge=0, le=30)
    formula: Literal[GRS]
    per: int = Field(ge=1, le=10)                   # VP per unit (GRS-01..12)
    cap: int = Field(ge=1, le=30)


class CardsFile(Strict):
    improvement: list[Improvement]
    location: list[Location]
    residence: list[Residence]


# ---- quests.toml ----------------------------------------------------------------
GQ = ("treasures", "buried", "type_count", "income_coins", "income_vp", "cards", "rivers",
      "each_type", "ship", "buried_and_income_vp", "lightning", "upgrades", "crew_and_rivers",
      "equipment_and_rivers", "equipment_and_crew", "ship_and_residences", "buried_and_rivers")
#: how many numbers a condition of each kind has (GQ-NOTE: "X and Y" = two thresholds)
GQ_PARTS = {k: (2 if "_and_" in k else 1) for k in GQ}


class Condition(Strict):
    need: list[int] = Field(min_length=1, max_length=2)
    vp: int = Field(ge=1, le=20)


class Quest(Entry):
    kind: Literal[GQ]
    treasure: TreasureOrAny | Literal[""] = ""      # treasures (GQ-01)
    type: ImpType | Literal[""] = ""                # type_count (GQ-03)
    types: list[ImpType] = []                       # each_type (GQ-08)
    low: Condition
    high: Condition

    @model_validator(mode="after")
    def _params(self):
        parts = GQ_PARTS[self.kind]
        for c in (self.low, self.high):
            check(len(c.need) == parts, self.kind, f"need has {parts} number(s)")
        check(all(h >= l for h, l in zip(self.high.need, self.low.need)) and
              self.high.need != self.low.need and self.high.vp > self.low.vp,
              self.kind, "high must need more than low and give more VP")
        check((self.kind == "treasures") == bool(self.treasure), self.kind,
              "treasure = ... is for (only) kind treasures")
        check((self.kind == "type_count") == bool(self.type), self.kind,
              "type = ... is for (only) kind type_count")
        check((self.kind == "each_type") == (len(self.types) >= 2), self.kind,
              "types = [2 or 3 types] is for (only) kind each_type")
        return self


class QuestsFile(Strict):
    quest: list[Quest]


# ---- figureheads.toml -------------------------------------------------------------
class Figurehead(Entry):
    letter: Literal[tuple("ABCDEFGHIJKL")]
    name: str
    lightning: list[Effect] = []
    ongoing: list[Effect] = []
    income: Income = Income()

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.lightning, IMMEDIATE, "lightning")
        _kinds(self.ongoing, ONGOING, "ongoing")
        return self


class FigureheadsFile(Strict):
    figurehead: list[Figurehead]
    poseidon_spaces: list[list[Effect]] = Field(min_length=4, max_length=4)   # GFH-G
    poseidon_source: Literal["rulebook", "published", "reconstructed"]


# ---- black_market.toml -------------------------------------------------------------
class BMEffect(Entry):
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.effects, IMMEDIATE, "black market")
        return self


class BMTile(Entry):
    front: str
    back: str


class BlackMarketFile(Strict):
    effect: list[BMEffect]
    tile: list[BMTile]


# ---- ship.toml: ship board, raiding actions, hideout ----------------------------------
class RaidAction(Entry):
    power: int = Field(ge=1, le=10)
    effects: list[Effect] = Field(min_length=1)
    standard: bool = False                          # printed on every ship board (RAID-06)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.effects, ("vp", "coins", "treasure", "island_cube", "bury"), "raid action")
        return self


class Slot(Entry):
    section: int = Field(ge=0, le=3)                # 0 = left of barrier line 1
    cost: int = Field(0, ge=0, le=10)               # red number paid first (UPG-04)
    benefit: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.benefit, IMMEDIATE + ONGOING, "slot benefit")
        return self


class HideoutArea(Strict):
    treasure: Treasure
    bonus: list[list[Effect]]                       # bonus spaces above the shovel line
    buried: list[list[Effect]] = Field(min_length=1)  # spaces below the line ([] = no bonus)


class ShipFile(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    barriers: list[int] = Field(min_length=3, max_length=3)   # CON-16
    slot: list[Slot]
    raid_action: list[RaidAction]
    hideout: list[HideoutArea] = Field(min_length=3, max_length=3)
    hideout_source: Literal["rulebook", "published", "reconstructed"]


# ---- board.toml: exploration track, islands, fixed amounts ------------------------------
class TrackSpace(Strict):
    key: str
    next: list[str] = []                            # the direction of travel (EXP-02)
    river: bool = False                             # entering this space crosses a river
    effects: list[Effect] = []                      # icons (EXP-04)
    retirement: bool = False                        # the Residence Discount tile's spot (RET-01)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.effects, IMMEDIATE, "track space")
        return self


class Island(Strict):
    treasure: Treasure
    spaces: int = Field(ge=4, le=12)                # normal spaces below the unlimited top


class BoardFile(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    track: list[TrackSpace]
    islands: list[Island] = Field(min_length=3, max_length=3)
    start_cubes: int = Field(ge=0, le=12)           # CON-07
    #: CON-06: the value of a treasure by its island's final cubes: value[i] for
    #: cubes >= at_least[i] (ascending)
    value_at_least: list[int]
    value: list[int]
    start_coins: list[int] = Field(min_length=4, max_length=4)    # CON-09
    tv_tiles: list[Treasure] = Field(min_length=6, max_length=6)  # DATA-12


# ---- layouts.toml ----------------------------------------------------------------
class Layout(Entry):
    name: str
    #: rows top to bottom; "C" card slot, "G"/"E"/"P" island, "." empty
    rows: list[str] = Field(min_length=2, max_length=6)


class LayoutsFile(Strict):
    default: str
    layout: list[Layout]


# ---- modules.toml: the components of the modules (§20) ---------------------------
class RubySpace(Entry):
    effects: list[Effect] = Field(min_length=1)     # the bonus the seller takes (RUBY-03)

    @model_validator(mode="after")
    def _effects(self):
        _kinds(self.effects, IMMEDIATE, "ruby market")
        return self


class ModulesFile(Strict):
    ruby_supply: list[str] = Field(min_length=1, max_length=8)     # location keys (RUBY-01)
    ruby_supply_source: Literal["rulebook", "published", "reconstructed"]
    ruby_market: list[RubySpace] = Field(min_length=6, max_length=6)   # RUBY-05: 6 spaces


# ---- jordan.toml: the solo opponent (§19) -------------------------------------------
JORDAN_ACTIONS = ("raid", "explore", "quest", "tier2", "buy")     # SOLO-18, 21..24
JORDAN_BONUSES = ("upgrade", "raid", "explore")                   # SOLO-30
JORDAN_SLOTS = ("advance", "figurehead", "quest", "residence")    # SOLO-26..29
JORDAN_DIE = ("gold", "emerald", "pearl", "most")                 # SOLO-19


class JordanAction(Strict):
    do: Literal[JORDAN_ACTIONS]
    types: list[ImpType] = []                       # "buy": 3 types, first choice first

    @model_validator(mode="after")
    def _types(self):
        if (self.do == "buy") != bool(self.types):
            raise ValueError('types = [3 improvement types] is for (only) do = "buy"')
        if self.types and sorted(self.types) != sorted(IMP_TYPES):
            raise ValueError("a buy lists each improvement type once: crew, equipment, ship")
        return self


class JordanBonus(Strict):
    do: Literal[JORDAN_BONUSES]
    n: int = Field(0, ge=0, le=10)                  # explore: the printed distance (0: none)


class JordanCard(Entry):
    letter: Literal["A", "B"]
    bonus: JordanBonus | None = None                # B cards only (SOLO-12)
    actions: list[JordanAction] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _bonus(self):
        if (self.letter == "B") != (self.bonus is not None):
            raise ValueError("a B card has a bonus action, an A card none (SOLO-30)")
        return self


class JordanLevel(Strict):
    raid_vp: int = Field(ge=0, le=20)
    raid_treasures: int = Field(ge=1, le=3)
    raid_cube: bool                                 # +1 cube if Jordan has more of the type (L3/L4)
    explore_move: int = Field(ge=0, le=6)
    explore_vp: int = Field(ge=0, le=20)


class JordanTrack(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    levels: list[JordanLevel] = Field(min_length=4, max_length=4)     # DATA-10


class JordanDie(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    faces: list[Literal[JORDAN_DIE]] = Field(min_length=6, max_length=6)


class JordanScoring(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    per_river: int = Field(ge=0, le=20)
    per_card: int = Field(ge=0, le=20)
    per_residence: int = Field(ge=0, le=40)
    per_quest: int = Field(ge=0, le=20)
    quest_bonus_at: int = Field(ge=1, le=16)
    quest_bonus: int = Field(ge=0, le=40)


class JordanShip(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    columns: list[list[Literal[JORDAN_SLOTS]]] = Field(min_length=1)


class JordanFile(Strict):
    source: Literal["rulebook", "published", "reconstructed"]
    tier2_locations: list[str] = Field(min_length=1, max_length=2)    # DATA-16
    track: JordanTrack
    treasure_die: JordanDie
    scoring: JordanScoring
    ship_board: JordanShip
    card: list[JordanCard]


FILE_MODELS = {"board": BoardFile, "layouts": LayoutsFile, "cards": CardsFile,
               "quests": QuestsFile, "figureheads": FigureheadsFile,
               "black_market": BlackMarketFile, "ship": ShipFile, "modules": ModulesFile,
               "jordan": JordanFile}


class PiratesData:
    """Every data file, validated, as attributes named after the files."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        for stem, model in FILE_MODELS.items():
            setattr(self, stem, parse_file(self.folder / f"{stem}.toml", model))
        _cross_checks(self)


def _unique(keys, where):
    dup = [k for k, n in Counter(keys).items() if n > 1]
    check(not dup, where, f"duplicate keys {dup}")


def _cross_checks(d: PiratesData) -> None:
    c = d.cards
    _unique([x.key for x in c.improvement + c.location + c.residence], "cards.toml")
    t1_imp = [x for x in c.improvement if x.tier == 1]
    t1_loc = [x for x in c.location if x.tier == 1]
    check(len(t1_imp) == 22, "cards.toml", f"22 Tier I improvements (CON-02), found {len(t1_imp)}")
    check(len(t1_loc) == 8, "cards.toml", f"8 Tier I locations (CON-02), found {len(t1_loc)}")
    check(len(c.residence) == 12, "cards.toml", f"12 residences (CON-02), found {len(c.residence)}")
    t2 = len(c.improvement) - len(t1_imp) + len(c.location) - len(t1_loc)
    check(t2 == 41, "cards.toml", f"41 Tier II cards (CON-02), found {t2}")
    check(sum(x.treasure_value for x in t1_loc) == 6, "cards.toml",
          "exactly 6 Tier I locations bear the treasure-value symbol (CON-08)")
    check(not any(x.treasure_value for x in c.location if x.tier == 2), "cards.toml",
          "Tier II locations bear no treasure-value symbol (the 6 tiles go out at setup)")
    check(sorted(r.formula for r in c.residence) == sorted(GRS), "cards.toml",
          "each of the 12 residence formulas (GRS-01..12) once")
    check(len(d.quests.quest) == 25, "quests.toml", f"25 quests (CON-02), found {len(d.quests.quest)}")
    _unique([q.key for q in d.quests.quest], "quests.toml")
    fh = d.figureheads.figurehead
    check(sorted(f.letter for f in fh) == list("ABCDEFGHIJKL"), "figureheads.toml",
          "figureheads A..L once each (CON-02)")
    bm = d.black_market
    _unique([e.key for e in bm.effect], "black_market.toml")
    check(len(bm.effect) == 10, "black_market.toml", "10 effects (CON-12)")
    check(len(bm.tile) == 5, "black_market.toml", "5 tiles per player (CON-12)")
    sides = [t.front for t in bm.tile] + [t.back for t in bm.tile]
    check(sorted(sides) == sorted(e.key for e in bm.effect), "black_market.toml",
          "each effect on exactly one tile side (DATA-14)")
    s = d.ship
    _unique([x.key for x in s.slot], "ship.toml slot")
    _unique([x.key for x in s.raid_action], "ship.toml raid_action")
    check(s.barriers[0] == 2 and s.barriers == sorted(s.barriers), "ship.toml",
          "barriers ascending, line 1 = 2 (CON-16)")
    check(sum(x.section == 0 for x in s.slot) == 6, "ship.toml",
          "6 slots left of barrier line 1 (CON-16)")
    check(sum(x.standard for x in s.raid_action) == 3, "ship.toml", "3 standard raiding actions (RAID-06)")
    check(sorted(h.treasure for h in s.hideout) == sorted(TREASURES), "ship.toml",
          "one hideout area per treasure")
    raid_keys = {x.key for x in s.raid_action}
    for where, effs in _all_effects(d):
        for e in effs:
            if e.do == "raid_action":
                check(e.action in raid_keys, where, f"raid_action {e.action!r} not in ship.toml")
    b = d.board
    keys = [x.key for x in b.track]
    _unique(keys, "board.toml track")
    check(keys[0] == "start", "board.toml", "the first track space is 'start'")
    for x in b.track:
        for n in x.next:
            check(n in keys, f"board.toml track {x.key}", f"next {n!r} is not a space")
    check_track(b.track)
    check(sorted(i.treasure for i in b.islands) == sorted(TREASURES), "board.toml", "one island per treasure")
    check(len(b.value) == len(b.value_at_least) >= 1 and b.value_at_least[0] == 0, "board.toml",
          "value / value_at_least: same length, starting at 0 cubes")
    loc1 = {x.key for x in t1_loc}
    for k in d.modules.ruby_supply:
        check(k in loc1, "modules.toml", f"ruby_supply {k!r} is not a Tier I location of cards.toml")
    _unique(d.modules.ruby_supply, "modules.toml ruby_supply")
    _unique([x.key for x in d.modules.ruby_market], "modules.toml ruby_market")
    check(sum(x.retirement for x in b.track) == 1, "board.toml track",
          "exactly one space with retirement = true (RET-01)")
    check(not b.track[0].retirement, "board.toml track", "the Retirement spot is not the start space")
    _unique([l.key for l in d.layouts.layout], "layouts.toml")
    check(d.layouts.default in [l.key for l in d.layouts.layout], "layouts.toml",
          f"default {d.layouts.default!r} is not a layout")
    for l in d.layouts.layout:
        check_layout(l.rows, f"layouts.toml {l.key}")
    _check_jordan(d)


def _check_jordan(d: PiratesData) -> None:
    """jordan.toml: 6 A and 6 B cards (CON-21), Tier I locations as the Tier-II-draw targets."""
    j = d.jordan
    _unique([x.key for x in j.card], "jordan.toml card")
    for letter in "AB":
        n = sum(x.letter == letter for x in j.card)
        check(n == 6, "jordan.toml", f"6 {letter} cards (CON-21), found {n}")
    locs = {x.key for x in d.cards.location}
    for k in j.tier2_locations:
        check(k in locs, "jordan.toml tier2_locations", f"{k!r} is not a location of cards.toml")
    _unique(j.tier2_locations, "jordan.toml tier2_locations")
    check(sum(len(c) for c in j.ship_board.columns) <= 32, "jordan.toml ship_board", "at most 32 slots")


def _all_effects(d: PiratesData):
    for x in d.cards.improvement:
        yield f"cards.toml {x.key}", x.lightning + x.ongoing + x.endgame
    for x in d.cards.location:
        yield f"cards.toml {x.key}", [e for s in x.sides for e in s]
    for x in d.figureheads.figurehead:
        yield f"figureheads.toml {x.letter}", x.lightning + x.ongoing
    for x in d.ship.slot:
        yield f"ship.toml {x.key}", x.benefit
    for x in d.modules.ruby_market:
        yield f"modules.toml {x.key}", x.effects


def check_track(track) -> None:
    """The exploration track: a directed acyclic graph from 'start' in which
    every space is reachable, at least one space branches (CON-27), and all
    routes to a space cross the same number of rivers (so the rivers a player
    has crossed follow from where the explorer stands, EXP-05)."""
    by_key = {x.key: x for x in track}
    rivers = {"start": 0}
    order = [x.key for x in track]
    for x in track:
        check(x.key in rivers, f"board.toml track {x.key}",
              "unreachable, or listed before a space that leads to it (list spaces in travel order)")
        for n in x.next:
            check(order.index(n) > order.index(x.key), f"board.toml track {x.key}",
                  f"next {n!r} must come later in the list (the track runs one way)")
            r = rivers[x.key] + by_key[n].river
            check(rivers.setdefault(n, r) == r, f"board.toml track {n}",
                  "routes to this space cross different numbers of rivers")
    check(any(len(x.next) > 1 for x in track), "board.toml track", "at least one branch (CON-27)")
    check(max(rivers.values()) >= 4, "board.toml track", "at least 4 rivers can be crossed (GBM-04)")


def check_layout(rows: list[str], where: str) -> None:
    """A layout: equal rows of C/G/E/P/. cells; 27 card slots (CON-04); each
    island once; every column has a card; every card reachable from the
    first column by orthogonal steps (MOVE-02)."""
    check(len(set(map(len, rows))) == 1, where, "rows of equal length")
    cells = "".join(rows)
    check(set(cells) <= set("CGEP."), where, "cells are C (card), G/E/P (island) or . (empty)")
    check(cells.count("C") == 27, where, f"27 card slots (CON-04), found {cells.count('C')}")
    for t in "GEP":
        check(t in cells, where, f"island {t} missing")
    ncol = len(rows[0])
    for col in range(ncol):
        check(any(r[col] == "C" for r in rows), where, f"column {col + 1} has no card slot")
    seen = {(r, 0) for r in range(len(rows)) if rows[r][0] == "C"}
    todo = list(seen)
    while todo:
        r, k = todo.pop()
        for dr, dk in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, kk = r + dr, k + dk
            if 0 <= rr < len(rows) and 0 <= kk < ncol and rows[rr][kk] == "C" and (rr, kk) not in seen:
                seen.add((rr, kk))
                todo.append((rr, kk))
    check(len(seen) == 27, where, "every card slot reachable from the first column")
    # TURN-04 is silent on a ship with no legal move: the layout must not make one
    for r0, k0 in sorted(seen):
        check(k0 == ncol - 1 or _move_ends({(r0, k0)}, seen), where,      # the last column: the Gulf
              f"the card in row {r0 + 1}, column {k0 + 1} cannot reach a column "
              "nearer Maracaibo in 3 steps (MOVE-04)")
    unused = sorted(seen - _voyage_ends(seen))
    check(not unused, where, f"no legal move (1-3 steps ending in a column nearer Maracaibo, MOVE-01..04) "
                             f"can end on the card in row {unused[0][0] + 1}, column {unused[0][1] + 1}"
                             if unused else "")


_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))        # orthogonal steps (MOVE-02)


def _step(frontier: set, cards: set) -> set:
    return {(r + dr, k + dk) for r, k in frontier for dr, dk in _STEPS if (r + dr, k + dk) in cards}


def _move_ends(start: set | None, cards: set) -> set:
    """The cards a move of 1-3 steps (MOVE-01) from the card in `start` can end
    on, all in a column right of its own (MOVE-04). start None: the starting
    zone, whose first step goes to column 1 (MOVE-03)."""
    if start is None:
        frontier, col = {c for c in cards if c[1] == 0}, -1
    else:
        frontier, col = _step(start, cards), next(iter(start))[1]
    ends = {c for c in frontier if c[1] > col}
    for _ in range(2):
        frontier = _step(frontier, cards)
        ends |= {c for c in frontier if c[1] > col}
    return ends


def _voyage_ends(cards: set) -> set:
    """Every card where some move can end, over whole voyages from the starting zone."""
    ends = _move_ends(None, cards)
    todo = list(ends)
    while todo:
        for c in _move_ends({todo.pop()}, cards) - ends:
            ends.add(c)
            todo.append(c)
    return ends


def load_data(folder: str | Path | None = None) -> PiratesData:
    return PiratesData(Path(folder) if folder else DATA_DIR)


if __name__ == "__main__":   # python -m maracaibo_env.pirates.data_load --schemas DIR
    if len(sys.argv) == 3 and sys.argv[1] == "--schemas":
        for p in write_json_schemas(FILE_MODELS, Path(sys.argv[2])):
            print(p)
    else:
        load_data(sys.argv[1] if len(sys.argv) > 1 else None)
        print("data OK")

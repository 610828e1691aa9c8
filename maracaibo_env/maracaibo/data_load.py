"""Read and validate the game data files ``maracaibo_env/maracaibo/data/*.toml``.

The contract is ``docs/data_schema.md``; the rules behind the checks are the
numbered items of the rules checklist (CON-xx, §0.2). ``load_raw`` returns the
parsed TOML unchanged (plain dicts and lists, keys as in the files) after
checking every file for

* shape: one pydantic model per file (``FILE_MODELS``, on the framework shared
  with Pirates, ``framework/datafiles.py``): required and unknown keys, types,
  allowed strings, ranges;
* counts and rulebook facts (CON-01 157 cards, CON-09 13 city tiles, ...);
* references between files (goods, synergy symbols, locations, ...);
* graph sanity of the sailing map and of the explorer track.

The last three are plain functions (``check``). Any problem raises
:class:`DataError` naming the file, the entry, the field and what is allowed,
e.g. ``cards.toml: card[0] (a01): cost: Input should be a valid integer`` or
``board.toml: arrow[12] (10->99): to: unknown value '99'; allowed: havana, 1, ...``.
``python -m maracaibo_env.maracaibo.data_load --schemas DIR`` writes the files' JSON Schemas.
"""

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, Literal, Union

from pydantic import (AfterValidator, BeforeValidator, Field, WithJsonSchema, create_model,
                      model_validator)
from pydantic_core import PydanticCustomError

from ..framework.datafiles import (
    DataError, Source, Strict, check, parse_file, read_toml, write_json_schemas)

__all__ = ["DataError", "DATA_DIR", "FILES", "load_raw", "SOURCES", "CITY_ACTIONS",
           "EFFECT_KINDS", "REQUIREMENT_KINDS"]

DATA_DIR = Path(__file__).resolve().parent / "data"

#: file stems, in load order (later files reference earlier ones)
FILES = (
    "goods", "board", "city_tiles", "explorer", "influence", "income", "ship",
    "combat_tokens", "quests", "careers", "prestige", "story_cards", "cards", "automa",
    "legacy_tiles",
)
#: files a data folder may lack (an older folder): what it then holds
OPTIONAL_FILES = {"legacy_tiles": {"tile": []}}


# =========================================================================
# Vocabulary (docs/data_schema.md)
# =========================================================================

SOURCES = ("rulebook", "published", "reconstructed")
#: where a "published" entry's facts come from (maracaibo_env/maracaibo/facts/published_facts.toml)
REF_HINT = 'the source and place, e.g. "ZH p14 (pic)" or "SH src/util/jean/getRoundVP.ts"'
NATIONS = ("france", "england", "spain")
BARRIERS = ("red", "blue", "green")          # in the order they are crossed

LOCATION_KINDS = ("start", "city", "village", "home")
CITY_ACTIONS = (
    "combat", "explore", "influence_village", "cp_remove_disc", "cp3",
    "doubloons_village", "cp_influence", "compass_villages",
    "tokens_vp_discard", "doubloons_or_assistants", "pay_cp_influence_doubloons",
)
# home spaces: key -> (action kind, printed amount, rounds in which it is used)
HOME_SPACES = {
    "20": ("home20", 2, (1, 4)),     # Combat OR explorer up to 2
    "21a": ("home21a", 3, (1, 3)),   # 3 VP, interim scoring
    "21b": ("home21b", 3, (4, 4)),   # 3 VP
    "22": ("home22", 5, (4, 4)),     # 5 VP, final scoring
}
# the homeward arrows (SAIL-09): (from, to) -> rounds. 21b is entered only in
# round IV, so 21b -> 22 exists in every round: every location except the
# terminal spaces has an arrow out in every round.
HOME_ARROWS = {("20", "21a"): [1, 3], ("20", "21b"): [4, 4], ("21b", "22"): [1, 4]}
ROUND_END = {1: "21a", 2: "21a", 3: "21a", 4: "22"}
TERMINAL = ("21a", "22")

# CON-29: named locations: key -> (name, kind, tile_slot)
NAMED_LOCATIONS = {
    "havana": ("Havana", "start", False),
    "4": ("Puerto Plata", "city", True),
    "5": ("Santo Domingo", "city", True),
    "6": ("San Juan", "village", False),
    "7": ("St. Kitts", "village", False),
    "8": ("Martinique", "village", False),
    "13": ("Port Royal", "city", True),
    "14": ("Cartagena", "city", True),
}
MAX_LOCATIONS = 32
TWO_PLAYER_MARKERS = {"spain": "6", "england": "7", "france": "8"}   # SETUP-09

EXPLORER_REWARDS = {           # CON-40: kind -> allowed amount range
    "doubloons": (1, 6), "influence": (1, 1), "vp": (1, 6), "remove_disc": (1, 1),
    "cp": (1, 3), "doubloons_vp": (1, 4), "figures2": (2, 2),
}
EXPLORER_REFERENCED_SPACES = (4, 5, 11)      # CON-30 (legacy tiles L4, L9, L7)

SHIP_AREAS = {                 # CON-33 / §18: key -> (requires_area, requires_completed)
    "village_thresholds": (None, None), "hand_limit": (None, None),
    "free_market": (None, None), "doubloons5": (None, None), "vp3": (None, None),
    "vp6": ("vp3", None), "village_annex": (None, None),
    "village_cp_doubloon": (None, None), "village_goods": ("village_cp_doubloon", None),
    "village_marker": (None, 4), "choice": (None, 4), "vp10": (None, 6),
}

PRESTIGE = {                   # CON-11 / PRES-10..17: key -> (name, scoring)
    "abbey": ("Abbey", {"per": "barrier", "vp": 4}),
    "palace": ("Palace", {"per": "quest", "vp": 2}),
    "basilica": ("Basilica", {"per": "assistant", "vp": 4, "max": 16}),
    "citadel": ("Citadel", {"per": "figure_and_cp", "vp": 2}),
    "minster": ("Minster", {"per": "synergy", "vp": 3}),
    "military_base": ("Military Base", {"per": "combat_token", "vp": 2}),
    "academy": ("Academy", {"per": "upgrade", "vp": 2}),
    "cathedral": ("Cathedral", {"per": "doubloon_track_vp", "vp": 2}),
}

CAREER_TASKS = ("combat_tokens", "quests", "influence_one", "influence_two",
                "upgrades", "barrier", "synergy", "assistants")

STORY_NUMBERS = (75, 76, 77)
# SETUP-16 / INT-06: rows printed on story card 75 (round, location, players)
STORY_75_RULEBOOK = [
    (0, "15", [1, 2, 3, 4]), (0, "18", [3, 4]), (0, "19", [4]),
    (1, "6", [1, 2, 3, 4]), (1, "12", [1, 2, 3, 4]), (1, "16", [3, 4]),
]
QUESTS_ON_EXPLORER_TRACK = 3                 # SETUP-02

EXPECTED_COUNTS = {            # (file, table): (count, checklist id)
    ("goods", "synergy"): (5, "CON-07"),
    ("city_tiles", "tile"): (13, "CON-09"),
    ("ship", "area"): (12, "CON-14/CON-33"),
    ("combat_tokens", "token"): (25, "CON-08"),
    ("quests", "quest"): (24, "CON-05"),
    ("careers", "career"): (8, "CON-04"),
    ("prestige", "building"): (8, "CON-11"),
    ("cards", "card"): (157, "CON-01"),
    ("automa", "card"): (15, "CON-16"),
}
DECK_SIZES = {"A": 56, "B": 101}            # CON-01
MAX_SYMBOLS = 8                              # goods + objects (catalog capacity)
OBJECTS = ("map", "book", "herbs")           # DATA-19: the objects the rulebook names
NAMED_SYNERGY = ("anchor", "crossed_axes", "crown")   # DATA-20
SUPPLY_SPACES = [1, 2, 2, 2, 2, 2, 2]        # CON-12
LAST_SPACE_VP = [10, 8, 6, 4]                # CON-30
DOUBLOON_TRACK = (8, 34)                     # CON-22
VP_TRACK = (0, 20)                           # CON-23
FIGURES_PER_COLOUR = 8                       # CON-13
MAX_COST = 30                                # doubloons (published cards cost 10, 12, 16)

AUTOMA_LEVELS = ("very_easy", "easy", "medium", "hard", "very_hard")
AUTOMA_TRACK_MAX = 24                       # catalog capacity (MAX_TRACK)
AUTOMA_LETTERS = {"A": 5, "B": 6, "C": 4}   # DATA-16: 5 A, 6 B, 4 C cards
AUTOMA_DIFFICULTY = {                       # SOLO-06, EN and DE tables
    "en": {"very_easy": [5, 0, 0], "easy": [5, 0, 1], "medium": [5, 1, 1], "hard": [4, 2, 1],
           "very_hard": [3, 3, 1]},
    "de": {"very_easy": [5, 0, 0], "easy": [5, 0, 1], "medium": [5, 1, 1], "hard": [5, 2, 1],
           "very_hard": [5, 3, 1]},
}


# =========================================================================
# Shape: one pydantic model per file
# =========================================================================

Key = Annotated[str, Field(pattern=r"^[a-z0-9_]+$")]     # lowercase letters, digits and _
Text = Annotated[str, Field(min_length=1)]               # a non-empty string


def Int(lo: int, hi: int) -> Any:
    """An integer in lo..hi; a range error names the value and the range."""
    def in_range(v: int) -> int:
        if not lo <= v <= hi:
            raise PydanticCustomError("out_of_range", f"{v} is out of range; allowed: "
                                      + (str(lo) if lo == hi else f"{lo}..{hi}"))
        return v
    return Annotated[int, AfterValidator(in_range),
                     WithJsonSchema({"type": "integer", "minimum": lo, "maximum": hi})]


def List(item: Any, lo: int = 0, hi: int | None = None) -> Any:
    return Annotated[list[item], Field(min_length=lo, max_length=hi)]


def OneOf(values: Iterable) -> Any:
    return Literal[tuple(values)]


def amount(lo: int, hi: int) -> dict:
    return {"amount": Int(lo, hi)}


class Table(Strict):
    """A table of a data file; an unknown field is an error listing the allowed ones."""

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        if isinstance(data, dict):
            allowed = [f.alias or n for n, f in cls.model_fields.items()]
            unknown = [k for k in data if k not in allowed]
            if unknown:
                raise PydanticCustomError("unknown_field", f"{unknown[0]}: unknown field; allowed: "
                                          + ", ".join(sorted(allowed)))
        return data


class Sourced(Table):
    """An entry or single table with provenance: ``source``, and ``ref`` naming
    the published source (required when source = "published")."""

    source: Source
    ref: Text = None

    @model_validator(mode="after")
    def _published_has_ref(self):
        if self.source == "published" and not self.ref:
            raise PydanticCustomError("missing_ref", 'ref: missing: required when source = '
                                      f'"published"; allowed: {REF_HINT}')
        return self


def table(name: str, base: type = Table, **fields: Any) -> Any:
    """A small table model; fields are ``name=type`` or ``name=(type, None)`` (optional)."""
    return create_model(name, __base__=base, **fields)


def sourced(name: str, **fields: Any) -> Any:
    return table(name, Sourced, **fields)


def variant(name: str, kinds: dict[str, dict], tag: str = "kind", common: dict = {}) -> Any:
    """A table whose ``tag`` field selects its other fields: one model per kind."""
    models = [table(f"{name}_{k}", **{tag: Literal[k], **common, **fields})
              for k, fields in kinds.items()]

    def known_tag(data: Any) -> Any:
        if isinstance(data, dict) and not (isinstance(data.get(tag), str) and data[tag] in kinds):
            what = f"unknown value {data[tag]!r}" if tag in data else "missing"
            raise PydanticCustomError("unknown_kind", f"{tag}: {what}; allowed: {', '.join(kinds)}")
        return data
    return Annotated[Union[tuple(models)], Field(discriminator=tag), BeforeValidator(known_tag)]


Flag = variant("Flag", {"doubloons": amount(1, 5), "vp": amount(1, 5), "cp": amount(1, 3),
                        "influence": amount(1, 2), "figure": amount(1, 1),
                        "remove_disc": amount(1, 1)})
_CITY_ACTIONS = {k: amount(1, 6) if k == "explore" else {} for k in CITY_ACTIONS}
CityAction = variant("CityAction", _CITY_ACTIONS)
LocationAction = variant("LocationAction", {
    **_CITY_ACTIONS, **{kind: amount(n, n) for kind, n, _rounds in HOME_SPACES.values()}})


Market = table("Market", good=Text, spaces=Int(1, 4))     # good: a key of goods.toml


class Location(Sourced):
    key: Key
    number: Int(0, 99)
    name: Text
    kind: OneOf(LOCATION_KINDS)
    must_stop: bool
    tile_slot: bool
    maracaibo: bool
    action: LocationAction = None
    market: Market = None
    flag: Flag = None


class Arrow(Sourced):
    from_: Text = Field(alias="from")     # location keys
    to: Text
    cost: Int(1, 3)
    rounds: List(Int(1, 4), 2, 2)
    branch: OneOf(("upper", "lower")) = None


class BoardFile(Table):
    location: List(Location, 1)
    arrow: List(Arrow, 1)
    setup: sourced("Setup", two_player_markers=table("NationKeys", **{n: Text for n in NATIONS}))


class GoodsFile(Table):
    good: List(sourced("Good", key=Key, kind=OneOf(("good", "object"))), 1)
    synergy: List(sourced("Synergy", key=Key), 1)


class CityTile(Sourced):
    key: Key
    name: Text
    players: List(Int(2, 4), 1, 3)
    special: bool
    maracaibo: bool
    action: CityAction
    market: Market
    flag: Flag = None


class CityTilesFile(Table):
    tile: List(CityTile, 1)


class ExplorerSpace(Sourced):
    key: Key
    number: Int(0, 99)
    next: List(Text, 0, 2)          # keys of spaces
    reward: variant("Reward", {k: amount(lo, hi) for k, (lo, hi) in EXPLORER_REWARDS.items()}) = None
    quest: bool
    barrier: OneOf(BARRIERS) = None
    last: bool


class ExplorerFile(Table):
    space: List(ExplorerSpace, 1)
    last_space: sourced("LastSpace", vp=List(Int(0, 20), 4, 4))
    retirement: sourced("Retirement", space=Text)    # the Retirement tile's spot (RET-02)


class InfluenceFile(Table):
    track: sourced("InfluenceTrack", spaces=Int(4, 40))
    rank: List(sourced("Rank", position=Int(1, 39), value=Int(1, 20)), 1)  # position < track spaces
    supply: sourced("Supply", spaces=List(Int(0, 13), 1))


_D0, _D1 = DOUBLOON_TRACK


class IncomeFile(Table):
    doubloon_track: sourced("DoubloonTrack", start=Int(_D0, _D0), max=Int(_D1, _D1),
                            vp=List(Int(0, 50), _D1 - _D0 + 1, _D1 - _D0 + 1))
    vp_track: sourced("VpTrack", start=Int(VP_TRACK[0], VP_TRACK[0]), max=Int(VP_TRACK[1], VP_TRACK[1]))


class ShipArea(Sourced):
    key: OneOf(SHIP_AREAS)
    requires_area: OneOf(SHIP_AREAS) = None
    requires_completed: Int(1, 11) = None


class ShipFile(Table):
    area: List(ShipArea, 1)


TokenSide = variant("TokenSide", tag="bonus", common={"value": Int(0, 12)}, kinds={
    "none": amount(0, 0), "doubloons": amount(-5, 5), "influence": amount(1, 1),
    "vp": amount(1, 5), "figure": amount(1, 1)})


class Token(Sourced):
    key: Key
    modifier: OneOf(("none", "most_minus2", "fewest_plus3"))
    france: TokenSide
    england: TokenSide
    spain: TokenSide


class CombatTokensFile(Table):
    token: List(Token, 1)


QuestCost = variant("QuestCost", {                  # QCOST-01..06
    "cp": amount(1, 2), "objects": {"object": Text, **amount(2, 2)},
    "doubloons": amount(2, 2), "mp4": {}, "figure": {}, "goods": {"good": Text, **amount(2, 2)}})
QuestReward = variant("QuestReward", {              # QREW-02..07, 09..12 (non-campaign)
    "doubloons": amount(1, 10), "per_compass": {"what": OneOf(("vp", "doubloons")), **amount(1, 5)},
    "influence": {}, "figure": {}, "cp": amount(1, 5), "spain2": {}, "discs2": {},
    "vp": amount(1, 10), "combat": {}, "explore": {"amount": (Int(1, 6), None)}})   # default 2


class Quest(Sourced):
    key: Key
    cost: List(QuestCost, 1, 2)
    reward: List(QuestReward, 1, 3)


class QuestsFile(Table):
    quest: List(Quest, 1)


# CAR-05f: a barrier task's thresholds are barrier colours (crossed in this order)
CareerTask = variant("CareerTask", {
    k: {"low": OneOf(BARRIERS), "high": OneOf(BARRIERS)} if k == "barrier" else {}
    for k in CAREER_TASKS},
    common={"low": Int(1, 99), "high": Int(1, 99), "doubloons": Int(0, 10), "vp": Int(0, 10)})


class Career(Sourced):
    key: Key
    name: Text
    tasks: List(CareerTask, 3, 3)


class CareersFile(Table):
    career: List(Career, 1)


class Building(Sourced):
    key: OneOf(PRESTIGE)
    name: Text
    cost: Int(0, MAX_COST)
    scoring: table("Scoring", per=OneOf(sorted({s["per"] for _name, s in PRESTIGE.values()})),
                   vp=Int(1, 10), max=(Int(1, 99), None))


class PrestigeFile(Table):
    investing: sourced("Investing", synergy=Text)      # a key of goods.toml [[synergy]]
    building: List(Building, 1)


class Story(Sourced):
    number: Int(1, 99)
    #: location: a village or city; players: 1 = solo
    quests: List(sourced("StoryRow", round=Int(0, 3), location=Text, players=List(Int(1, 4), 1, 4)), 1)


class StoryCardsFile(Table):
    story: List(Story, 1)


REQUIREMENTS = {                                    # REQ-02..07 (REQ-01 is `cost`)
    "figure": {}, "assistant": {"location": Text}, "herbs": amount(3, 3),
    "nation": {"nation": OneOf(NATIONS)}, "figure_on_card": {}, "cp": amount(1, 4)}
EFFECTS = {                                         # checklist §11
    # income up to 10 a card: the schema leaves the cost gradient to the data (a cap of 5
    # made a 20-doubloon card give what a 5-doubloon one gave, issue 37); the tracks end
    # at 34 and 20
    "income_doubloons": {**amount(1, 10), "if_synergy": (Text, None)},
    "income_vp": {**amount(1, 10), "if_synergy": (Text, None)},
    "perm_object": {"object": Text}, "perm_discount": amount(1, 3),
    "perm_combat_cp": {}, "perm_compass": {}, "perm_explorer": {}, "perm_steal_vp": {},
    "perm_assistant_income": {"what": OneOf(("vp", "doubloons"))}, "perm_figure_cp": {},
    "perm_nation_cp": {"nation": OneOf(NATIONS)}, "perm_displace_vp": {},
    "nva_maps_vp_explore": {}, "nva_maps_doubloons_explore": {},
    "nva_books": amount(1, 5), "nva_goods_doubloons": {},
    "nca_influence_vp": amount(1, 5), "nca_doubloons": {"if_synergy": Text},
    "imm_influence2": {"nation": OneOf(NATIONS)}, "imm_village_marker": {},
    "imm_remove_disc": {}, "imm_influence1": {}, "imm_quest_on_card": {},
    "imm_vp_per_token": {}, "imm_vp_per_assistant": {}, "imm_vp_per_quest": {},
    "imm_vp_per_compass": {}, "imm_figures2": {}, "imm_any_synergy": {},
    "imm_village_marker_rank": {}, "imm_figures_income": {}, "imm_cp": amount(1, 8),
    "imm_vp_per_synergy": {}, "imm_vp_per_nation3": {},
    "assistant": {"action": OneOf(f"aa{i:02d}" for i in range(1, 18))},
}
#: effect and requirement kinds the schema defines (for tests and tools)
EFFECT_KINDS = tuple(EFFECTS)
REQUIREMENT_KINDS = tuple(REQUIREMENTS)


class Card(Sourced):
    key: Key
    name: Text
    deck: OneOf(DECK_SIZES)
    cost: Int(0, MAX_COST)
    symbol: Text                    # a good or object
    vp: Int(0, 10)
    synergy: List(Text, 0, 1)
    requirements: List(variant("Requirement", REQUIREMENTS), 0, 3)
    effects: List(variant("Effect", EFFECTS), 1, 3)


class CardsFile(Table):
    card: List(Card, 1)


AutomaLevels = table("AutomaLevels", **{lv: List(Int(0, 6), 3, 3) for lv in AUTOMA_LEVELS})
AutomaAction = variant("AutomaAction", {
    "explore": {"steps": Int(1, 6)}, "influence": {"nation": OneOf(NATIONS), **amount(1, 3)},
    "combat": {"influence": Int(1, 5)}, "remove_disc": {}, "vp": amount(1, 10), "quest_pile": {},
}, common={"rounds": List(Int(1, 4), 2, 2)})


class AutomaCard(Sourced):
    id: Text
    level: OneOf(AUTOMA_LETTERS)
    move: Int(1, 6)
    route: OneOf(("upper", "lower"))
    display: Int(1, 4)
    warrior: bool
    actions: List(AutomaAction, 1, 4)


class AutomaFile(Table):
    difficulty: sourced("AutomaDifficulty", en=AutomaLevels, de=AutomaLevels)
    track: sourced("AutomaTrack", vp=List(Int(0, 60), 4, AUTOMA_TRACK_MAX),
                   marked=List(Int(0, 1), 4, AUTOMA_TRACK_MAX))
    card: List(AutomaCard, 1)


# ---- legacy_tiles.toml (§28, DATA-18) ----------------------------------------
LegacyMarket = table("LegacyMarket", good=Text, spaces=Int(1, 4))
LEGACY_COSTS = {"doubloons": amount(1, 5), "cp": amount(1, 3), "figure": amount(1, 1)}
LEGACY_REWARDS = {"vp": amount(1, 10), "doubloons": amount(1, 10), "cp": amount(1, 4),
                  "influence": amount(1, 3), "figure": amount(1, 2)}
LEGACY_CITY_ACTIONS = ("villages2_figure_vp", "cp3_combat")   # LEG-L4, LEG-L7
_PLACED = {"placement": OneOf(("rulebook", "reconstructed")), "source": Source, "ref": (Text, None)}
LegacyTile = variant("LegacyTile", {
    "city_quest": {"location": Text, "market": LegacyMarket},
    "route": {"from_": (Text, Field(alias="from")), "to": Text, "cost": Int(1, 7)},
    "plague": {"location": Text},
    "new_city": {"key": Key, "city_name": Text, "from_": (Text, Field(alias="from")), "to": Text,
                 "cost": Int(1, 7), "explorer": Int(0, 99), "market": LegacyMarket,
                 "flag": (Flag, None), "action": OneOf(LEGACY_CITY_ACTIONS)},
    "figure": {"location": Text, "figures": Int(1, 2)},
    "silver_fleet": {"spaces": List(Int(1, 20), 2, 2), "influence": Int(0, 5), "doubloons": Int(0, 20)},
    "gold_mine": {"cost": Int(1, 20), "doubloons": Int(0, 20), "explorer": Int(0, 99)},
    "disc": {"location": Text, "spaces": Int(1, 8), "cost": (variant("LegacyCost", LEGACY_COSTS), None),
             "reward": variant("LegacyReward", LEGACY_REWARDS), "two_player_disc": bool,
             "toll": (Int(0, 5), 0)},
    "skull": {"location": Text},
    "vp": {"location": Text, "vp": Int(1, 10)},
}, common={"tile": Text, **_PLACED})


class LegacyTilesFile(Table):
    tile: List(LegacyTile, 0, 25)


FILE_MODELS = {
    "goods": GoodsFile, "board": BoardFile, "city_tiles": CityTilesFile,
    "explorer": ExplorerFile, "influence": InfluenceFile, "income": IncomeFile,
    "ship": ShipFile, "combat_tokens": CombatTokensFile, "quests": QuestsFile,
    "careers": CareersFile, "prestige": PrestigeFile, "story_cards": StoryCardsFile,
    "cards": CardsFile, "automa": AutomaFile, "legacy_tiles": LegacyTilesFile,
}


# =========================================================================
# Counts, rulebook facts, references and graphs: plain functions (check)
# =========================================================================

def _join(values: Iterable) -> str:
    return ", ".join(str(v) for v in values)


class _File:
    """One validated file: entry labels like the pydantic errors' and common checks."""

    def __init__(self, stem: str, doc: dict):
        self.stem, self.doc = stem, doc

    def at(self, *parts: str) -> str:
        return ": ".join((f"{self.stem}.toml",) + parts)

    def entries(self, name: str) -> list[tuple[str, dict]]:
        """(where, entry): where = 'cards.toml: card[2] (a03)'."""
        out = []
        for i, e in enumerate(self.doc[name]):
            label = e.get("key", e.get("number", e.get("id")))
            if "from" in e:
                label = f"{e['from']}->{e['to']}"
            out.append((self.at(f"{name}[{i}]" + ("" if label is None else f" ({label})")), e))
        return out

    def unique(self, entries: str, name: str = "key") -> dict[Any, dict]:
        seen: dict[Any, dict] = {}
        for at, e in self.entries(entries):
            check(e[name] not in seen, f"{at}: {name}",
                  f"duplicate {name} {e[name]!r}; allowed: unique values")
            seen[e[name]] = e
        return seen

    def count(self) -> None:
        for (stem, entries), (n, rule) in EXPECTED_COUNTS.items():
            if stem == self.stem:
                found = len(self.doc[entries])
                check(found == n, self.at(f"[[{entries}]]"),
                      f"{found} entries, expected {n} ({rule}); allowed: {n}")

    def refs(self, entries: str, paths: dict[str, Iterable]) -> None:
        """Every value at a path ('market.good', 'effects[].if_synergy') of
        every entry is one of the allowed keys (defined by another file)."""
        for at, e in self.entries(entries):
            for path, allowed in paths.items():
                for where, value in _values(e, path.split("."), at):
                    check(value in allowed, where, f"unknown value {value!r}; allowed: {_join(allowed)}")


def _values(node: dict, path: list[str], where: str):
    name = path[0].removesuffix("[]")
    if name not in node:
        return
    items = enumerate(node[name]) if path[0].endswith("[]") else [(None, node[name])]
    for i, item in items:
        at = f"{where}: {name}" + ("" if i is None else f"[{i}]")
        yield from _values(item, path[1:], at) if len(path) > 1 else [(at, item)]


@dataclass
class Refs:
    """Keys defined by files already validated, for cross-file references."""

    goods: tuple[str, ...] = ()        # kind = "good"
    objects: tuple[str, ...] = ()      # kind = "object"
    synergy: tuple[str, ...] = ()
    locations: dict[str, dict] = field(default_factory=dict)
    quest_locations: tuple[str, ...] = ()      # villages and cities (not start/home)
    arrows: tuple[tuple[str, str], ...] = ()   # (from, to) of board.toml's arrows
    influence_max: int = 0
    counts: dict[str, int] = field(default_factory=dict)


def _goods(f: _File, refs: Refs) -> None:
    goods, synergy = f.unique("good"), f.unique("synergy")
    refs.goods = tuple(k for k, e in goods.items() if e["kind"] == "good")
    refs.objects = tuple(k for k, e in goods.items() if e["kind"] == "object")
    refs.synergy = tuple(synergy)
    check(refs.goods and len(goods) <= MAX_SYMBOLS, f.at("[[good]]"),
          f"{len(refs.goods)} goods and {len(refs.objects)} objects; allowed: at least 1 good, "
          f"at most {MAX_SYMBOLS} goods and objects")
    for name in OBJECTS:
        check(name in refs.objects, f.at("[[good]]"),
              f"the rulebook object {name!r} is missing (DATA-19); allowed: {_join(OBJECTS)}")
    for name in NAMED_SYNERGY:
        check(name in synergy, f.at("[[synergy]]"),
              f"the rulebook synergy {name!r} is missing (DATA-20); allowed: {_join(NAMED_SYNERGY)}")
    overlap = sorted(set(goods) & set(synergy))
    check(not overlap, f.at("[[synergy]]"), f"keys used for both a good and a synergy: {overlap}")


def _board(f: _File, refs: Refs) -> None:
    locs = f.unique("location")
    f.unique("location", "number")
    check(len(locs) <= MAX_LOCATIONS, f.at("[[location]]"),
          f"{len(locs)} locations; allowed: at most {MAX_LOCATIONS}")
    f.refs("location", {"market.good": refs.goods})
    f.refs("arrow", {"from": locs, "to": locs})
    for at, loc in f.entries("location"):
        _check_location(at, loc)
    _check_named_locations(f, locs)
    markers = f.doc["setup"]["two_player_markers"]
    check(markers == TWO_PLAYER_MARKERS, f.at("[setup]", "two_player_markers"),
          f"{markers} (SETUP-09); allowed: {TWO_PLAYER_MARKERS}")
    _check_arrows(f, locs)
    refs.locations = locs
    refs.quest_locations = tuple(k for k, e in locs.items() if e["kind"] in ("city", "village"))
    refs.arrows = tuple((str(a["from"]), str(a["to"])) for a in f.doc["arrow"])


def _check_location(at: str, loc: dict) -> None:
    kind, key = loc["kind"], loc["key"]

    def present(names: tuple[str, ...], want: bool, why: str) -> None:
        for name in names:
            check((name in loc) == want, f"{at}: {name}",
                  f"{'missing: required' if want else 'not allowed'} {why}")

    if kind != "city":
        for name in ("tile_slot", "maracaibo"):
            check(not loc[name], f"{at}: {name}", f"true on a {kind}; allowed: true only on a city")
    if kind in ("start", "village"):
        present(("action", "market", "flag"), False, f"on a {kind} (flags are on cities, COMBAT-18)")
    elif kind == "home":
        check(key in HOME_SPACES, f"{at}: key",
              f"not a homeward-bound key; allowed: {_join(HOME_SPACES)}")
        present(("market", "flag"), False, "on a homeward-bound space (no delivery, HOME-01)")
        present(("action",), True, "on a homeward-bound space")
        want = HOME_SPACES[key][0]
        check(loc["action"]["kind"] == want, f"{at}: action: kind",
              f"{loc['action']['kind']!r} on space {key}; allowed: {want}")
        check(loc["must_stop"], f"{at}: must_stop", "false on a homeward-bound space; allowed: true")
    elif loc["tile_slot"]:
        present(("action", "market"), False, "on a tile slot (the city tile provides them)")
        check(not loc["maracaibo"], f"{at}: maracaibo",
              "true on a tile slot; allowed: true only on a printed city")
    else:
        present(("action", "market"), True, "on a printed city")
        check(loc["action"]["kind"] in CITY_ACTIONS, f"{at}: action: kind",
              f"{loc['action']['kind']!r} on a city; allowed: {_join(CITY_ACTIONS)}")
    check(kind == "home" or key not in HOME_SPACES, f"{at}: kind",
          f"{kind!r} for homeward-bound key {key}; allowed: home")


def _check_named_locations(f: _File, locs: dict[str, dict]) -> None:
    def at(key: str, name: str) -> str:
        return f.at(f'location "{key}"', name)

    for key, (name, kind, tile_slot) in NAMED_LOCATIONS.items():
        check(key in locs, at(key, "key"), f"missing (CON-29 names it); allowed: {name} ({kind})")
        for fld, want in (("name", name), ("kind", kind), ("tile_slot", tile_slot)):
            check(locs[key][fld] == want, at(key, fld),
                  f"{locs[key][fld]!r} contradicts the rulebook (CON-29); allowed: {want!r}")
    starts = [k for k, e in locs.items() if e["kind"] == "start"]
    check(starts == ["havana"] and locs["havana"]["number"] == 0, f.at("[[location]]"),
          f'start locations {starts}; allowed: exactly one: "havana", number 0')
    for key in HOME_SPACES:
        check(key in locs, at(key, "key"),
              f"homeward-bound space missing; allowed: {_join(HOME_SPACES)}")
    for key in ("12", "15", "16", "18", "19"):     # story card 75 quest locations
        check(key in locs, at(key, "key"), "missing (story card 75 quest location)")
    slots = sorted((k for k, e in locs.items() if e["tile_slot"]), key=lambda k: locs[k]["number"])
    check(slots == ["4", "5", "13", "14"], f.at("[[location]]"),
          f"tile slots {slots} (CON-09); allowed: 4, 5, 13, 14")
    maracaibo = [k for k, e in locs.items() if e["maracaibo"]]
    check(len(maracaibo) == 1 and locs[maracaibo[0]]["name"] == "Maracaibo", f.at("[[location]]"),
          f'maracaibo = true on {maracaibo}; allowed: exactly one printed city named "Maracaibo"')
    check(any(e["name"] == "Puerto Cabezas" and e["kind"] == "village" for e in locs.values()),
          f.at("[[location]]"), 'no village named "Puerto Cabezas" (CON-29)')
    # ordering numbers: 1..19 printed; the homeward spaces come after every other location
    for key, loc in locs.items():
        check(not key.isdigit() or key in HOME_SPACES or loc["number"] == int(key), at(key, "number"),
              f"{loc['number']} differs from the printed number; allowed: {key}")
    home_numbers = [locs[k]["number"] for k in HOME_SPACES]
    others = [e["number"] for k, e in locs.items() if k not in HOME_SPACES]
    check(home_numbers == sorted(home_numbers) and min(home_numbers) > max(others), f.at("[[location]]"),
          f"homeward numbers {home_numbers}; allowed: ascending in the order 20, 21a, 21b, 22 "
          "and above every other location")


def _active(arrow: dict, rnd: int) -> bool:
    lo, hi = arrow["rounds"]
    return lo <= rnd <= hi


def _check_arrows(f: _File, locs: dict[str, dict]) -> None:
    arrows = f.entries("arrow")
    seen: set[tuple[str, str]] = set()
    for at, a in arrows:
        pair, src, dst = (a["from"], a["to"]), locs[a["from"]], locs[a["to"]]
        check(pair not in seen, f"{at}: to", "duplicate arrow; allowed: one arrow per pair of locations")
        seen.add(pair)
        check(a["rounds"][0] <= a["rounds"][1], f"{at}: rounds",
              f"{a['rounds']} is not a range; allowed: [first, last], first <= last")
        check(dst["number"] > src["number"], f"{at}: to",
              f"arrow points backward (number {src['number']} -> {dst['number']}); "
              "allowed: arrows to a higher number")
        check(dst["kind"] != "start", f"{at}: to",
              "arrow into the start location; allowed: start has arrows out only")
        expected = HOME_ARROWS.get(pair)
        touches_home = a["from"] in ("20", "21a", "21b", "22") or a["to"] in ("21a", "21b", "22")
        check(not touches_home or expected is not None, f"{at}: to",
              f"arrow {a['from']} -> {a['to']} (SAIL-09); allowed: 20 -> 21a, 20 -> 21b, 21b -> 22 only")
        if expected is not None:
            check(a["rounds"] == expected, f"{at}: rounds",
                  f"{a['rounds']} for {a['from']} -> {a['to']} (SAIL-09); allowed: {expected}")
            check(a["cost"] == 1, f"{at}: cost", f"{a['cost']} on a homeward arrow; allowed: 1")
    for pair in HOME_ARROWS:
        check(pair in seen, f.at("[[arrow]]"),
              f"homeward arrow {pair[0]} -> {pair[1]} missing (SAIL-09)")
    _check_routes(f, locs, arrows)


def _check_routes(f: _File, locs: dict[str, dict], arrows: list[tuple[str, dict]]) -> None:
    """Every round: a route from Havana to that round's last space, no dead ends."""
    def at(key: str) -> str:
        return f.at(f'location "{key}"', "arrow")

    ever_reached = {"havana"}
    for rnd in (1, 2, 3, 4):
        out: dict[str, list[tuple[str, dict]]] = {k: [] for k in locs}
        for where, a in arrows:
            if _active(a, rnd):
                out[a["from"]].append((where, a))
        reached, todo = {"havana"}, ["havana"]
        while todo:
            for _where, a in out[todo.pop()]:
                if a["to"] not in reached:
                    reached.add(a["to"])
                    todo.append(a["to"])
        ever_reached |= reached
        end = ROUND_END[rnd]
        check(end in reached, at(end), f"not reachable from havana in round {rnd}")
        for key, (_kind, _n, (lo, hi)) in HOME_SPACES.items():
            check(key not in reached or lo <= rnd <= hi, at(key),
                  f"reachable in round {rnd} (SAIL-09); allowed: rounds {lo}..{hi}")
        for key in sorted(reached, key=lambda k: locs[k]["number"]):
            n_out = len(out[key])
            check(key != end or not n_out, at(key),
                  f"round {rnd} ends here, but {n_out} arrow(s) leave it")
            check(key == end or n_out, at(key),
                  f"dead end in round {rnd}: no arrow leaves it; allowed: an arrow towards {end}")
            check(n_out <= 2, at(key),
                  f"{n_out} arrows leave it in round {rnd}; allowed: at most 2 (a fork)")
            if n_out:
                first, branches = out[key][0], sorted(a.get("branch", "") for _w, a in out[key])
                check(n_out != 2 or branches == ["lower", "upper"], f"{first[0]}: branch",
                      f"fork at {key} in round {rnd} has branches {branches}; "
                      'allowed: one "upper" and one "lower"')
                check(n_out != 1 or "branch" not in first[1], f"{first[0]}: branch",
                      f"not a fork in round {rnd}; allowed: branch only on the two arrows of a fork")
    for key in locs:
        check(key in ever_reached, at(key), "not reachable from havana in any round")
        rounds_out = {r for _w, a in arrows if a["from"] == key for r in range(1, 5) if _active(a, r)}
        check(key in TERMINAL or rounds_out == {1, 2, 3, 4}, at(key),
              f"no arrow leaves it in round(s) {sorted({1, 2, 3, 4} - rounds_out)}; "
              "allowed: an arrow out in every round (only 21a and 22 are terminal)")


def _city_tiles(f: _File, refs: Refs) -> None:
    f.refs("tile", {"market.good": refs.goods})
    tiles = f.unique("tile")
    for at, t in f.entries("tile"):
        check(t["players"] == sorted(set(t["players"])), f"{at}: players",
              f"{t['players']}; allowed: ascending, no repeats, from 2, 3, 4")
    maracaibo = [k for k, t in tiles.items() if t["maracaibo"]]
    special = [k for k, t in tiles.items() if t["special"]]
    check(len(maracaibo) == 1, f.at("[[tile]]", "maracaibo"),
          f"maracaibo = true on {maracaibo} (CON-09); allowed: exactly 1 tile")
    m = tiles[maracaibo[0]]
    check(m["players"] == [2] and not m["special"], f.at(f'tile "{maracaibo[0]}"', "players"),
          "the Maracaibo tile is 2-player only and not special (SETUP-04); allowed: players = [2]")
    check(len(special) == 2, f.at("[[tile]]", "special"),
          f"special = true on {special} (CON-09); allowed: exactly 2 tiles")
    for n in (2, 3, 4):
        usable = [k for k, t in tiles.items() if n in t["players"] and not t["maracaibo"]]
        check(len(usable) >= 4 and set(special) <= set(usable), f.at("[[tile]]"),
              f"{n} players: usable tiles {usable} (SETUP-05); "
              "allowed: at least 4 non-Maracaibo tiles including both special tiles")


def _explorer(f: _File, refs: Refs) -> None:
    vp = f.doc["last_space"]["vp"]
    check(vp == LAST_SPACE_VP, f.at("[last_space]", "vp"), f"{vp} (CON-30); allowed: {LAST_SPACE_VP}")
    spaces = f.unique("space")
    by_number = f.unique("space", "number")
    f.refs("space", {"next[]": spaces})
    check(20 <= len(spaces) <= 36, f.at("[[space]]"), f"{len(spaces)} spaces; allowed: 20..36")
    check(0 in by_number, f.at("[[space]]"), "no start space (number 0)")
    start = by_number[0]["key"]
    lasts = [k for k, s in spaces.items() if s["last"]]
    check(len(lasts) == 1, f.at("[[space]]"),
          f"last = true on {lasts} (CON-30); allowed: exactly one space")
    last = lasts[0]
    for at, s in f.entries("space"):
        special = s["key"] in (start, last)
        check(len(set(s["next"])) == len(s["next"]), f"{at}: next", f"repeated key in {s['next']}")
        check(not (s["last"] and s["next"]), f"{at}: next", "the last space has successors; allowed: []")
        check(s["last"] or s["next"], f"{at}: next", "dead end; allowed: one or two following spaces")
        for nxt in s["next"]:
            check(spaces[nxt]["number"] > s["number"], f"{at}: next",
                  f"{nxt!r} does not have a higher number; allowed: numbers increase along the track")
        check(not ((special or s["quest"]) and "reward" in s), f"{at}: reward",
              "not allowed on the start, last or a quest space")
        check(not (special and (s["quest"] or "barrier" in s)),
              f"{at}: {'quest' if s['quest'] else 'barrier'}", "not allowed on the start or last space")
        check(not (s["quest"] and "barrier" in s), f"{at}: barrier", "not allowed on a quest space")
    ret = f.doc["retirement"]["space"]
    check(ret in spaces and ret not in (start, last) and not spaces[ret]["quest"],
          f.at("[retirement]", "space"), f"{ret!r}; allowed: a space key other than the start "
          f"({start!r}), the last space ({last!r}) and the quest spaces (RET-02)")
    quests = [k for k, s in spaces.items() if s["quest"]]
    check(len(quests) == QUESTS_ON_EXPLORER_TRACK, f.at("[[space]]"),
          f"quest = true on {len(quests)} spaces (CON-30); allowed: {QUESTS_ON_EXPLORER_TRACK}")
    _check_explorer_paths(f, spaces, start, last)


def _check_explorer_paths(f: _File, spaces: dict[str, dict], start: str, last: str) -> None:
    order = sorted(spaces, key=lambda k: spaces[k]["number"])   # topological (numbers increase)
    reached = {start}
    for k in order:
        if k in reached:
            reached.update(spaces[k]["next"])
    for k in order:
        check(k in reached, f.at(f'space "{k}"', "next"), "not reachable from the start space")
    # paths through each space = paths from start * paths to last
    from_start = {k: 0 for k in order}
    from_start[start] = 1
    for k in order:
        for nxt in spaces[k]["next"]:
            from_start[nxt] += from_start[k]
    to_last = {k: 0 for k in order}
    to_last[last] = 1
    for k in reversed(order):
        to_last[k] += sum(to_last[n] for n in spaces[k]["next"])
    numbers = {s["number"]: k for k, s in spaces.items()}
    for n in EXPLORER_REFERENCED_SPACES:
        check(n in numbers, f.at("[[space]]"), f"no space number {n} (CON-30 references it)")
        k = numbers[n]
        check(from_start[k] * to_last[k] == from_start[last], f.at(f'space "{k}"', "number"),
              f"space {n} is not on every path (legacy tiles test 'reached or passed {n}')")
    # every path crosses each barrier exactly once, in the order red, blue, green
    preds: dict[str, list[str]] = {k: [] for k in order}
    for k in order:
        for nxt in spaces[k]["next"]:
            preds[nxt].append(k)
    for colour in BARRIERS:
        fewest: dict[str, int] = {}
        most: dict[str, int] = {}
        for k in order:      # fewest / most crossings on any path from the start to k
            here = 1 if spaces[k].get("barrier") == colour else 0
            fewest[k] = min((fewest[p] for p in preds[k]), default=0) + here
            most[k] = max((most[p] for p in preds[k]), default=0) + here
        check((fewest[last], most[last]) == (1, 1), f.at("[[space]]"),
              f"the {colour} barrier is crossed {fewest[last]}..{most[last]} times on the paths "
              "(CON-30); allowed: exactly once on every path")
    descendants: dict[str, set[str]] = {}
    for k in reversed(order):
        descendants[k] = set(spaces[k]["next"]).union(*(descendants[n] for n in spaces[k]["next"]))
    for k, s in spaces.items():
        for d in descendants[k] if "barrier" in s else ():
            later = spaces[d].get("barrier")
            check(later is None or BARRIERS.index(later) >= BARRIERS.index(s["barrier"]),
                  f.at(f'space "{d}"', "barrier"),
                  f"{later} barrier lies after the {s['barrier']} barrier on space {k!r}; "
                  "allowed: the order red, blue, green")


def _influence(f: _File, refs: Refs) -> None:
    spaces = f.doc["track"]["spaces"]
    ranks = f.entries("rank")
    for at, r in ranks:
        check(r["position"] < spaces, f"{at}: position",
              f"{r['position']} is out of range; allowed: 1..{spaces - 1} (the track's positions)")
    supply = f.doc["supply"]["spaces"]
    check(supply == SUPPLY_SPACES, f.at("[supply]", "spaces"),
          f"{supply} (CON-12); allowed: {SUPPLY_SPACES}")
    for (at, r), (_, prev) in zip(ranks[1:], ranks):
        for name in ("position", "value"):
            check(r[name] > prev[name], f"{at}: {name}",
                  f"{r[name]} is not above the previous band's {prev[name]}; "
                  "allowed: strictly ascending bands")
    refs.influence_max = spaces - 1


def _income(f: _File, refs: Refs) -> None:
    vp = f.doc["doubloon_track"]["vp"]
    start = DOUBLOON_TRACK[0]
    check(vp[0] == 0, f.at("[doubloon_track]", "vp[0]"), f"{vp[0]} VP at position {start}; allowed: 0")
    for i in range(1, len(vp)):
        check(vp[i] >= vp[i - 1], f.at("[doubloon_track]", f"vp[{i}]"),
              f"{vp[i]} VP at position {start + i} is below the previous {vp[i - 1]}; "
              "allowed: non-decreasing values")


def _ship(f: _File, refs: Refs) -> None:
    f.unique("area")
    for at, a in f.entries("area"):
        want_area, want_n = SHIP_AREAS[a["key"]]
        check(a.get("requires_area") == want_area, f"{at}: requires_area",
              f"{a.get('requires_area')!r} (§18); allowed: {want_area!r}")
        check(a.get("requires_completed") == want_n, f"{at}: requires_completed",
              f"{a.get('requires_completed')!r} (§18); allowed: {want_n!r}")


def _combat_tokens(f: _File, refs: Refs) -> None:
    f.unique("token")
    for at, t in f.entries("token"):
        for n in NATIONS:
            check(t[n]["bonus"] != "doubloons" or t[n]["amount"] != 0, f"{at}: {n}: amount",
                  '0 doubloons; allowed: non-zero, or bonus = "none"')


def _repeated_kinds(at: str, entry: dict, names: Iterable[str]) -> None:
    for name in names:
        kinds = Counter(item["kind"] for item in entry[name])
        repeated = [k for k, n in kinds.items() if n > 1]
        check(not repeated, f"{at}: {name}",
              f"kind {_join(map(repr, repeated))} appears twice; allowed: each kind once")


def _quests(f: _File, refs: Refs) -> None:
    f.refs("quest", {"cost[].object": refs.objects, "cost[].good": refs.goods})
    f.unique("quest")
    for at, q in f.entries("quest"):
        _repeated_kinds(at, q, ("cost", "reward"))


def _careers(f: _File, refs: Refs) -> None:
    counts = refs.counts
    limits = {                                       # the most a player can ever have
        "combat_tokens": counts["combat_tokens"], "quests": counts["quests"],
        "influence_one": refs.influence_max, "influence_two": refs.influence_max,
        "upgrades": counts["ship_areas"], "synergy": counts["synergy"],
        "assistants": FIGURES_PER_COLOUR,
    }
    f.unique("career")
    f.unique("career", "name")
    for at, c in f.entries("career"):
        seen = set()
        for i, t in enumerate(c["tasks"]):
            tat, kind = f"{at}: tasks[{i}]", t["kind"]
            check(kind not in seen, f"{tat}: kind", f"task {kind!r} appears twice on the card")
            seen.add(kind)
            low, high = career_thresholds(t)
            allowed = "an earlier barrier than high" if kind == "barrier" else "low < high"
            check(low < high, f"{tat}: low", f"low {t['low']} is not below high {t['high']} "
                  f"(CAR-01: a smaller and a larger number); allowed: {allowed}")
            check(kind == "barrier" or high <= limits[kind], f"{tat}: high",
                  f"{t['high']} can never be reached; allowed: <= {limits.get(kind)} for {kind}")


def career_thresholds(task: dict) -> tuple[int, int]:
    """A task's (low, high) as numbers; barrier colours count barriers crossed
    (red 1, blue 2, green 3: every path crosses them in this order)."""
    if task["kind"] == "barrier":
        return BARRIERS.index(task["low"]) + 1, BARRIERS.index(task["high"]) + 1
    return task["low"], task["high"]


def _prestige(f: _File, refs: Refs) -> None:
    synergy = f.doc["investing"]["synergy"]
    check(synergy in refs.synergy, f.at("[investing]", "synergy"),
          f"unknown value {synergy!r}; allowed: {_join(refs.synergy)}")
    f.unique("building")
    for at, b in f.entries("building"):
        name, scoring = PRESTIGE[b["key"]]
        check(b["name"] == name, f"{at}: name", f"{b['name']!r} (CON-11); allowed: {name!r}")
        check(b["scoring"] == scoring, f"{at}: scoring",
              f"{b['scoring']} contradicts PRES-10..17; allowed: {scoring}")


def _story_cards(f: _File, refs: Refs) -> None:
    f.refs("story", {"quests[].location": refs.quest_locations})
    cards = f.unique("story", "number")
    check(sorted(cards) == list(STORY_NUMBERS), f.at("[[story]]"),
          f"cards {sorted(cards)} (SETUP-16/17); allowed: {_join(STORY_NUMBERS)}")
    pile = refs.counts["quests"] - QUESTS_ON_EXPLORER_TRACK
    for at, card in f.entries("story"):
        for i, q in enumerate(card["quests"]):
            check(q["players"] == sorted(set(q["players"])), f"{at}: quests[{i}]: players",
                  f"{q['players']}; allowed: ascending, no repeats, from 1..4")
        for n in (1, 2, 3, 4):
            placed = sum(1 for q in card["quests"] if n in q["players"])
            check(placed <= pile, f"{at}: quests",
                  f"{placed} quest tiles for {n} players; allowed: at most {pile} (the quest pile)")
        if card["number"] == 75:
            rows = [(q["round"], q["location"], q["players"]) for q in card["quests"]]
            for want in STORY_75_RULEBOOK:
                check(want in rows, f"{at}: quests",
                      f"missing the rulebook row round {want[0]}, location {want[1]}, "
                      f"players {want[2]} (SETUP-16 / INT-06)")
                i = rows.index(want)
                check(card["quests"][i]["source"] == "rulebook", f"{at}: quests[{i}]: source",
                      'a rulebook row of card 75; allowed: "rulebook"')


def _cards(f: _File, refs: Refs) -> None:
    f.refs("card", {"symbol": refs.goods + refs.objects, "synergy[]": refs.synergy,
                    "requirements[].location": refs.quest_locations,     # villages and cities
                    "effects[].if_synergy": refs.synergy, "effects[].object": refs.objects})
    f.unique("card")
    f.unique("card", "name")
    decks = Counter(c["deck"] for c in f.doc["card"])
    for deck, n in DECK_SIZES.items():
        check(decks[deck] == n, f.at("[[card]]"), f"{decks[deck]} {deck}-cards (CON-01); allowed: {n}")
    for at, c in f.entries("card"):
        _repeated_kinds(at, c, ("requirements",))
        n_assist = sum(1 for e in c["effects"] if e["kind"] == "assistant")
        check(n_assist <= 1, f"{at}: effects", f"{n_assist} assistant effects; allowed: at most 1")
        n_req = sum(r["kind"] == "assistant" for r in c["requirements"])
        check(n_assist == n_req, f"{at}: requirements",
              "an assistant effect needs exactly one assistant requirement (REQ-03) and vice versa; "
              'allowed: { kind = "assistant", location = "<village or city key>" }')


def _automa(f: _File, refs: Refs) -> None:
    """automa.toml: Jean's cards (§26), difficulty tables, Automa board track."""
    for lang, want in AUTOMA_DIFFICULTY.items():
        check(f.doc["difficulty"][lang] == want, f.at("[difficulty]", lang),
              f"differs from the rulebook table (SOLO-06); allowed: {want}")
    track = f.doc["track"]
    check(len(track["vp"]) == len(track["marked"]), f.at("[track]", "marked"),
          f"not as long as vp; allowed: {len(track['vp'])} items")
    f.unique("card", "id")
    letters = dict(Counter(c["level"] for c in f.doc["card"]))
    check(letters == AUTOMA_LETTERS, f.at("[[card]]"),
          f"letters {letters} (DATA-16); allowed: {AUTOMA_LETTERS}")
    check(sum(c["warrior"] for c in f.doc["card"]) == 1, f.at("[[card]]"),
          "exactly one card must be the Warrior (JCOMBAT-04); allowed: 1")
    for at, c in f.entries("card"):
        for i, a in enumerate(c["actions"]):
            check(a["rounds"][0] <= a["rounds"][1], f"{at}: actions[{i}]: rounds",
                  f"{a['rounds']}; allowed: [first, last]")


# the numbers the rulebook prints for each tile (CON-35, §28): tile -> {field: value}
LEGACY_RULEBOOK = {
    "L1": {"kind": "city_quest"}, "L2": {"kind": "route", "cost": 3}, "L3": {"kind": "plague"},
    "L4": {"kind": "new_city", "cost": 3, "explorer": 4, "action": "villages2_figure_vp"},
    "L5": {"kind": "figure", "figures": 1},
    "L6": {"kind": "silver_fleet", "influence": 3, "doubloons": 8},
    "L7": {"kind": "new_city", "explorer": 11, "action": "cp3_combat"},
    "L8": {"kind": "route", "cost": 3},
    "L9": {"kind": "gold_mine", "cost": 8, "doubloons": 12, "explorer": 5},
    "L10": {"kind": "disc", "toll": 0, "two_player_disc": False},
    **{f"L{i}": {"kind": "disc", "toll": 2 if i == 11 else 0, "two_player_disc": True} for i in range(11, 18)},
    "L18": {"kind": "route", "cost": 3},
    **{f"L{i}": {"kind": "skull"} for i in range(20, 24)},
    "L25": {"kind": "vp", "vp": 6},
}
LEGACY_NAMED_LOCATIONS = {"L1": "Puerto Cabezas", "L3": "Cartagena"}   # LEG-L1, LEG-L3


def _legacy_tiles(f: _File, refs: Refs) -> None:
    """legacy_tiles.toml: the rulebook's numbers, references into board.toml."""
    f.unique("tile", "tile")
    locs = refs.locations
    for at, t in f.entries("tile"):
        name = t["tile"]
        check(name in LEGACY_RULEBOOK, f"{at}: tile", f"{name!r}; allowed: {_join(LEGACY_RULEBOOK)} "
              "(L19 and L24 are described nowhere)")
        for field_, want in LEGACY_RULEBOOK[name].items():
            got = t.get(field_, 0 if field_ == "toll" else None)
            check(got == want, f"{at}: {field_}", f"{got!r} contradicts the rulebook (§28); allowed: {want!r}")
        if name == "L6":
            check(sorted(t["spaces"]) == [10, 11], f"{at}: spaces",
                  f"{t['spaces']} (LEG-L6: one space 10, one 11); allowed: [10, 11] or [11, 10]")
        if name == "L10":
            check("cost" not in t, f"{at}: cost", "LEG-L10 has no cost; allowed: no cost field")
        if "location" in t:
            check(t["location"] in refs.quest_locations, f"{at}: location",
                  f"unknown value {t['location']!r}; allowed: a village or city of board.toml")
            want_name = LEGACY_NAMED_LOCATIONS.get(name)
            if want_name and t["location"] in locs:
                check(locs[t["location"]]["name"] == want_name, f"{at}: location",
                      f"{t['location']!r} is not {want_name} (LEG-{name}); allowed: the key of {want_name}")
        if t["kind"] == "route":
            check((t["from"], t["to"]) in refs.arrows, f"{at}: from, to",
                  f"{t['from']}->{t['to']} is no arrow of board.toml; allowed: an arrow's from and to")
        if t["kind"] == "new_city":
            for end in ("from", "to"):
                check(t[end] in refs.quest_locations, f"{at}: {end}",
                      f"unknown value {t[end]!r}; allowed: a village or city of board.toml")
            check(t["key"] not in locs, f"{at}: key", f"{t['key']!r} is a board.toml location; allowed: a new key")
        for mk in ("market",):
            if mk in t:
                check(t[mk]["good"] in refs.goods, f"{at}: market: good",
                      f"unknown value {t[mk]['good']!r}; allowed: {_join(refs.goods)}")
    tolls = [t["tile"] for t in f.doc["tile"] if t.get("toll", 0)]
    check(len(tolls) <= 1, f.at("[[tile]]"), f"tolls on {tolls}; allowed: at most one tile with a toll (L11)")


# =========================================================================
# Entry point
# =========================================================================

_CHECKS: dict[str, Callable[[_File, Refs], None]] = {
    "goods": _goods, "board": _board, "city_tiles": _city_tiles, "explorer": _explorer,
    "influence": _influence, "income": _income, "ship": _ship,
    "combat_tokens": _combat_tokens, "quests": _quests, "careers": _careers,
    "prestige": _prestige, "story_cards": _story_cards, "cards": _cards, "automa": _automa,
    "legacy_tiles": _legacy_tiles,
}
_COUNT_OF = {"combat_tokens": ("combat_tokens", "token"), "quests": ("quests", "quest"),
             "ship_areas": ("ship", "area"), "synergy": ("goods", "synergy")}


def load_raw(data_dir: str | Path | None = None) -> dict:
    """Read every data file, validate it, and return ``{file stem: parsed TOML}``.

    :param data_dir: folder holding the ``*.toml`` files; defaults to the
        package's ``maracaibo_env/maracaibo/data``.
    :raises DataError: a file is missing, not valid TOML, or breaks the
        schema (``docs/data_schema.md``) or a constraint; the message names the
        file, the entry and the field.
    """
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    present = [stem for stem in FILES if stem not in OPTIONAL_FILES or (folder / f"{stem}.toml").exists()]
    for stem in present:    # the shape; the data returned is the TOML itself, unchanged
        parse_file(folder / f"{stem}.toml", FILE_MODELS[stem])
    raw = {stem: read_toml(folder / f"{stem}.toml") if stem in present else OPTIONAL_FILES[stem]
           for stem in FILES}
    refs = Refs()
    for stem in FILES:
        f = _File(stem, raw[stem])
        _CHECKS[stem](f, refs)
        f.count()
        for name, (file, entries) in _COUNT_OF.items():
            if file == stem:
                refs.counts[name] = len(raw[stem][entries])
    return raw


if __name__ == "__main__":   # python -m maracaibo_env.maracaibo.data_load [--schemas DIR | DATA_DIR]
    if len(sys.argv) == 3 and sys.argv[1] == "--schemas":
        for p in write_json_schemas(FILE_MODELS, Path(sys.argv[2])):
            print(p)
    else:
        try:
            load_raw(sys.argv[1] if len(sys.argv) > 1 else None)
        except DataError as e:
            sys.exit(str(e))
        print("data OK")

"""Read and validate the game data files ``maracaibo_env/data/*.toml``.

The contract is ``docs/data_schema.md``; the rules behind the checks are the
numbered items of the rules checklist (CON-xx, §0.2). ``load_raw`` returns the
parsed TOML unchanged (plain dicts and lists, keys as in the files) after
checking every file for

* shape: required and unknown keys, types, allowed strings, ranges;
* counts and rulebook facts (CON-01 157 cards, CON-09 13 city tiles, ...);
* references between files (goods, synergy symbols, locations, ...);
* graph sanity of the sailing map and of the explorer track.

Any problem raises :class:`DataError` whose message reads
``<file>: <entry>: <field>: <what is wrong>; allowed: <what is allowed>``.

Only the standard library is used.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

__all__ = ["DataError", "DATA_DIR", "FILES", "load_raw", "SOURCES", "CITY_ACTIONS",
           "EFFECT_KINDS", "REQUIREMENT_KINDS"]

DATA_DIR = Path(__file__).resolve().parent / "data"

#: file stems, in load order (later files reference earlier ones)
FILES = (
    "goods", "board", "city_tiles", "explorer", "influence", "income", "ship",
    "combat_tokens", "quests", "careers", "prestige", "story_cards", "cards", "automa",
)


class DataError(ValueError):
    """A data file is missing, unreadable or breaks the schema / a constraint."""


# =========================================================================
# Vocabulary (docs/data_schema.md)
# =========================================================================

SOURCES = ("rulebook", "published", "reconstructed")
#: where a "published" entry's facts come from (shared/data/maracaibo_published_facts.md)
REF_HINT = 'the source and place, e.g. "ZH p14 (pic)" or "SH src/util/jean/getRoundVP.ts"'
NATIONS = ("france", "england", "spain")
BARRIERS = ("red", "blue", "green")          # in the order they are crossed
KEY_RE = re.compile(r"^[a-z0-9_]+$")

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


# =========================================================================
# Error location
# =========================================================================

@dataclass(frozen=True)
class At:
    """Where a value sits: file, entry, and the field path inside the entry."""

    file: str
    entry: str
    path: tuple[str, ...] = ()

    def field(self, name: str) -> "At":
        return At(self.file, self.entry, self.path + (name,))

    def index(self, i: int) -> "At":
        if not self.path:
            return At(self.file, self.entry, (f"[{i}]",))
        return At(self.file, self.entry, self.path[:-1] + (f"{self.path[-1]}[{i}]",))

    def fail(self, problem: str, allowed: Any = None) -> "DataError":
        where = ".".join(self.path) or "(entry)"
        msg = f"{self.file}: {self.entry}: {where}: {problem}"
        if allowed is not None:
            if not isinstance(allowed, str):
                allowed = ", ".join(str(a) for a in allowed)
            msg += f"; allowed: {allowed}"
        return DataError(msg)


def _entry_label(table: str, i: int, entry: Any) -> str:
    """``card[12] "a13"``: table name, index, and the key (or number) if any."""
    if isinstance(entry, dict):
        for name in ("key", "number"):
            if name in entry:
                return f'{table}[{i}] "{entry[name]}"'
        if "from" in entry and "to" in entry:
            return f'{table}[{i}] "{entry["from"]}->{entry["to"]}"'
    return f"{table}[{i}]"


# =========================================================================
# Field specs: small declarative validators
# =========================================================================

class Spec:
    def check(self, value: Any, at: At) -> None:  # pragma: no cover - interface
        raise NotImplementedError


@dataclass(frozen=True)
class Opt(Spec):
    """An optional field (may be absent)."""

    spec: Spec

    def check(self, value: Any, at: At) -> None:
        self.spec.check(value, at)


@dataclass(frozen=True)
class Int(Spec):
    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise at.fail(f"expected an integer, got {value!r}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise at.fail(f"{value} is out of range", _range_text(self.lo, self.hi))


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, bool):
            raise at.fail(f"expected true or false, got {value!r}")


@dataclass(frozen=True)
class Str(Spec):
    values: tuple[str, ...] | None = None    # None: any non-empty string
    key: bool = False                        # must match KEY_RE

    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, str) or not value:
            raise at.fail(f"expected a non-empty string, got {value!r}")
        if self.values is not None and value not in self.values:
            raise at.fail(f"unknown value {value!r}", self.values)
        if self.key and not KEY_RE.match(value):
            raise at.fail(f"bad key {value!r}", "lowercase letters, digits and _")


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    min_len: int = 0
    max_len: int | None = None

    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, list):
            raise at.fail(f"expected a list, got {value!r}")
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            raise at.fail(f"{len(value)} items", _range_text(self.min_len, self.max_len) + " items")
        for i, item in enumerate(value):
            self.item.check(item, at.index(i))


@dataclass(frozen=True)
class Table(Spec):
    """A table with a fixed set of fields (unknown fields are errors)."""

    fields: Mapping[str, Spec]

    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, dict):
            raise at.fail(f"expected a table, got {value!r}")
        _check_fields(value, self.fields, at)


@dataclass(frozen=True)
class Variant(Spec):
    """A table whose ``tag`` field selects which other fields it has."""

    kinds: Mapping[str, Mapping[str, Spec]]
    tag: str = "kind"
    common: Mapping[str, Spec] = field(default_factory=dict)

    def check(self, value: Any, at: At) -> None:
        if not isinstance(value, dict):
            raise at.fail(f"expected a table, got {value!r}")
        if self.tag not in value:
            raise at.field(self.tag).fail("missing", tuple(self.kinds))
        kind = value[self.tag]
        if kind not in self.kinds:
            raise at.field(self.tag).fail(f"unknown value {kind!r}", tuple(self.kinds))
        _check_fields(value, {self.tag: Str(), **self.common, **self.kinds[kind]}, at,
                      context=f"{self.tag} = {kind!r}")


def _check_fields(value: dict, fields: Mapping[str, Spec], at: At, context: str = "") -> None:
    if "source" in fields and "ref" not in fields:
        # every entry with a source may name its published source; "published" must
        fields = {**fields, "ref": Opt(Str())}
    for name in value:
        if name not in fields:
            suffix = f" for {context}" if context else ""
            raise at.field(name).fail(f"unknown field{suffix}", sorted(fields) or "no fields")
    for name, spec in fields.items():
        if name in value:
            spec.check(value[name], at.field(name))
        elif not isinstance(spec, Opt):
            raise at.field(name).fail("missing (required)")
    if value.get("source") == "published" and "ref" not in value:
        raise at.field("ref").fail('missing: required when source = "published"', REF_HINT)


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return str(lo) if lo == hi else f"{lo}..{hi}"
    if lo is not None:
        return f">= {lo}"
    return f"<= {hi}"


def amount(lo: int, hi: int) -> dict[str, Spec]:
    return {"amount": Int(lo, hi)}


SOURCE = Str(SOURCES)


# =========================================================================
# File-level helpers
# =========================================================================

def _read(data_dir: Path, stem: str) -> dict:
    path = data_dir / f"{stem}.toml"
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{stem}.toml: (file): (file): not found in {data_dir}") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{stem}.toml: (file): (file): not valid TOML: {exc}") from None


class FileCheck:
    """Validation helpers bound to one parsed file."""

    def __init__(self, stem: str, doc: dict, arrays: Iterable[str], tables: Iterable[str] = ()):
        self.file = f"{stem}.toml"
        self.doc = doc
        arrays, tables = tuple(arrays), tuple(tables)
        top = At(self.file, "(top level)")
        for name in doc:
            if name not in arrays + tables:
                raise top.field(name).fail("unknown top-level table", arrays + tables)
        for name in arrays:
            if not isinstance(doc.get(name), list) or not doc[name]:
                raise top.field(name).fail(f"missing or empty [[{name}]] entries")
        for name in tables:
            if not isinstance(doc.get(name), dict):
                raise top.field(name).fail(f"missing [{name}] table")

    # -- addressing ------------------------------------------------------
    def entries(self, table: str) -> list[tuple[At, dict]]:
        return [(At(self.file, _entry_label(table, i, e)), e)
                for i, e in enumerate(self.doc[table])]

    def at(self, label: str, *path: str) -> At:
        return At(self.file, label, tuple(path))

    def whole(self, table: str) -> At:
        return At(self.file, f"(all [[{table}]] entries)", (table,))

    # -- common checks ---------------------------------------------------
    def check_entries(self, table: str, spec: Spec) -> None:
        for at, entry in self.entries(table):
            spec.check(entry, at)

    def check_table(self, table: str, spec: Spec) -> None:
        spec.check(self.doc[table], At(self.file, f"[{table}]"))

    def unique(self, table: str, name: str = "key") -> dict[Any, dict]:
        seen: dict[Any, dict] = {}
        for at, entry in self.entries(table):
            if entry[name] in seen:
                raise at.field(name).fail(f"duplicate {name} {entry[name]!r}", "unique values")
            seen[entry[name]] = entry
        return seen

    def count(self, table: str, expected: int, rule: str) -> None:
        n = len(self.doc[table])
        if n != expected:
            raise self.whole(table).fail(f"{n} entries, expected {expected} ({rule})", str(expected))


def _check_counts(stem: str, fc: FileCheck) -> None:
    for (file, table), (n, rule) in EXPECTED_COUNTS.items():
        if file == stem:
            fc.count(table, n, rule)


# =========================================================================
# Per-file validation
# =========================================================================

@dataclass
class Refs:
    """Keys defined by files already validated, for cross-file references."""

    goods: tuple[str, ...] = ()        # kind = "good"
    objects: tuple[str, ...] = ()      # kind = "object"
    synergy: tuple[str, ...] = ()
    locations: dict[str, dict] = field(default_factory=dict)
    quest_locations: tuple[str, ...] = ()      # villages and cities (not start/home)
    influence_max: int = 0
    counts: dict[str, int] = field(default_factory=dict)


def _goods(doc: dict, refs: Refs) -> None:
    fc = FileCheck("goods", doc, arrays=("good", "synergy"))
    fc.check_entries("good", Table({"key": Str(key=True), "kind": Str(("good", "object")),
                                    "source": SOURCE}))
    fc.check_entries("synergy", Table({"key": Str(key=True), "source": SOURCE}))
    goods = fc.unique("good")
    synergy = fc.unique("synergy")
    _check_counts("goods", fc)
    refs.goods = tuple(k for k, e in goods.items() if e["kind"] == "good")
    refs.objects = tuple(k for k, e in goods.items() if e["kind"] == "object")
    refs.synergy = tuple(synergy)
    if not refs.goods or len(goods) > MAX_SYMBOLS:
        raise fc.whole("good").fail(f"{len(refs.goods)} goods and {len(refs.objects)} objects",
                                    f"at least 1 good, at most {MAX_SYMBOLS} goods and objects")
    for name in OBJECTS:
        if name not in refs.objects:
            raise fc.whole("good").fail(f"the rulebook object {name!r} is missing (DATA-19)", OBJECTS)
    for name in NAMED_SYNERGY:
        if name not in synergy:
            raise fc.whole("synergy").fail(f"the rulebook synergy {name!r} is missing (DATA-20)",
                                           NAMED_SYNERGY)
    overlap = set(goods) & set(synergy)
    if overlap:
        raise fc.whole("synergy").fail(f"keys used for both a good and a synergy: {sorted(overlap)}")


def _flag_spec() -> Variant:
    return Variant({
        "doubloons": amount(1, 5), "vp": amount(1, 5), "cp": amount(1, 3),
        "influence": amount(1, 2), "figure": amount(1, 1), "remove_disc": amount(1, 1),
    })


def _action_spec(kinds: Iterable[str]) -> Variant:
    specs: dict[str, dict[str, Spec]] = {k: {} for k in kinds}
    if "explore" in specs:
        specs["explore"] = amount(1, 6)
    for kind, n, _rounds in HOME_SPACES.values():
        if kind in specs:
            specs[kind] = amount(n, n)
    return Variant(specs)


def _market_spec(refs: Refs) -> Table:
    return Table({"good": Str(refs.goods), "spaces": Int(1, 4)})


def _board(doc: dict, refs: Refs) -> None:
    fc = FileCheck("board", doc, arrays=("location", "arrow"), tables=("setup",))
    home_actions = tuple(kind for kind, _n, _r in HOME_SPACES.values())
    fc.check_entries("location", Table({
        "key": Str(key=True), "number": Int(0, 99), "name": Str(),
        "kind": Str(LOCATION_KINDS), "must_stop": Bool(), "tile_slot": Bool(),
        "maracaibo": Bool(), "action": Opt(_action_spec(CITY_ACTIONS + home_actions)),
        "market": Opt(_market_spec(refs)), "flag": Opt(_flag_spec()), "source": SOURCE,
    }))
    locs = fc.unique("location")
    fc.unique("location", "number")
    if len(locs) > MAX_LOCATIONS:
        raise fc.whole("location").fail(f"{len(locs)} locations", f"at most {MAX_LOCATIONS}")
    fc.check_entries("arrow", Table({
        "from": Str(tuple(locs)), "to": Str(tuple(locs)), "cost": Int(1, 3),
        "rounds": ListOf(Int(1, 4), 2, 2), "branch": Opt(Str(("upper", "lower"))),
        "source": SOURCE,
    }))
    for at, loc in fc.entries("location"):
        _check_location(at, loc)
    _check_named_locations(fc, locs)
    villages = tuple(k for k, e in locs.items() if e["kind"] == "village")
    fc.check_table("setup", Table({
        "two_player_markers": Table({n: Str(villages) for n in NATIONS}), "source": SOURCE}))
    if doc["setup"]["two_player_markers"] != TWO_PLAYER_MARKERS:
        raise fc.at("[setup]", "two_player_markers").fail(
            f"{doc['setup']['two_player_markers']} (SETUP-09)", str(TWO_PLAYER_MARKERS))
    _check_arrows(fc, locs)
    refs.locations = locs
    refs.quest_locations = tuple(k for k, e in locs.items() if e["kind"] in ("city", "village"))


def _check_location(at: At, loc: dict) -> None:
    kind = loc["kind"]
    has = {name: name in loc for name in ("action", "market", "flag")}

    def forbid(*names: str, why: str) -> None:
        for name in names:
            if has[name]:
                raise at.field(name).fail(f"not allowed {why}")

    def require(*names: str, why: str) -> None:
        for name in names:
            if not has[name]:
                raise at.field(name).fail(f"missing: required {why}")

    if kind != "city":
        for flag_name in ("tile_slot", "maracaibo"):
            if loc[flag_name]:
                raise at.field(flag_name).fail(f"true on a {kind}", "true only on a city")
    if kind in ("start", "village"):
        forbid("action", "market", "flag", why=f"on a {kind} (flags are on cities, COMBAT-18)")
    elif kind == "home":
        expected = HOME_SPACES.get(loc["key"])
        if expected is None:
            raise at.field("key").fail("not a homeward-bound key", tuple(HOME_SPACES))
        forbid("market", "flag", why="on a homeward-bound space (no delivery, HOME-01)")
        require("action", why="on a homeward-bound space")
        if loc["action"]["kind"] != expected[0]:
            raise at.field("action").field("kind").fail(
                f"{loc['action']['kind']!r} on space {loc['key']}", expected[0])
        if not loc["must_stop"]:
            raise at.field("must_stop").fail("false on a homeward-bound space", "true")
    elif loc["tile_slot"]:
        forbid("action", "market", why="on a tile slot (the city tile provides them)")
        if loc["maracaibo"]:
            raise at.field("maracaibo").fail("true on a tile slot", "true only on a printed city")
    else:
        require("action", "market", why="on a printed city")
        if loc["action"]["kind"] not in CITY_ACTIONS:
            raise at.field("action").field("kind").fail(
                f"{loc['action']['kind']!r} on a city", CITY_ACTIONS)
    if kind != "home" and loc["key"] in HOME_SPACES:
        raise at.field("kind").fail(f"{kind!r} for homeward-bound key {loc['key']}", "home")


def _check_named_locations(fc: FileCheck, locs: dict[str, dict]) -> None:
    for key, (name, kind, tile_slot) in NAMED_LOCATIONS.items():
        at = fc.at(f'location "{key}"')
        if key not in locs:
            raise at.field("key").fail("missing (CON-29 names it)", f"{name} ({kind})")
        loc = locs[key]
        for fld, want in (("name", name), ("kind", kind), ("tile_slot", tile_slot)):
            if loc[fld] != want:
                raise at.field(fld).fail(f"{loc[fld]!r} contradicts the rulebook (CON-29)", repr(want))
    starts = [k for k, e in locs.items() if e["kind"] == "start"]
    if starts != ["havana"] or locs["havana"]["number"] != 0:
        raise fc.whole("location").fail(f"start locations {starts}",
                                        'exactly one: "havana", number 0')
    for key in HOME_SPACES:
        if key not in locs:
            raise fc.at(f'location "{key}"', "key").fail("homeward-bound space missing",
                                                         tuple(HOME_SPACES))
    for key in ("12", "15", "16", "18", "19"):     # story card 75 quest locations
        if key not in locs:
            raise fc.at(f'location "{key}"', "key").fail("missing (story card 75 quest location)")
    slots = sorted((k for k, e in locs.items() if e["tile_slot"]), key=lambda k: locs[k]["number"])
    if slots != ["4", "5", "13", "14"]:
        raise fc.whole("location").fail(f"tile slots {slots} (CON-09)", "4, 5, 13, 14")
    maracaibo = [k for k, e in locs.items() if e["maracaibo"]]
    if len(maracaibo) != 1 or locs[maracaibo[0]]["name"] != "Maracaibo":
        raise fc.whole("location").fail(f"maracaibo = true on {maracaibo}",
                                        'exactly one printed city named "Maracaibo"')
    if not any(e["name"] == "Puerto Cabezas" and e["kind"] == "village" for e in locs.values()):
        raise fc.whole("location").fail('no village named "Puerto Cabezas" (CON-29)')
    # ordering numbers: 1..19 printed; the homeward spaces come after every other location
    for key, loc in locs.items():
        if key.isdigit() and key not in HOME_SPACES and loc["number"] != int(key):
            raise fc.at(f'location "{key}"', "number").fail(
                f"{loc['number']} differs from the printed number", key)
    home_numbers = [locs[k]["number"] for k in HOME_SPACES]
    others = [e["number"] for k, e in locs.items() if k not in HOME_SPACES]
    if home_numbers != sorted(home_numbers) or min(home_numbers) <= max(others):
        raise fc.whole("location").fail(
            f"homeward numbers {home_numbers}",
            "ascending in the order 20, 21a, 21b, 22 and above every other location")


def _active(arrow: dict, rnd: int) -> bool:
    lo, hi = arrow["rounds"]
    return lo <= rnd <= hi


def _check_arrows(fc: FileCheck, locs: dict[str, dict]) -> None:
    arrows = fc.entries("arrow")
    seen: set[tuple[str, str]] = set()
    for at, a in arrows:
        src, dst = locs[a["from"]], locs[a["to"]]
        if (a["from"], a["to"]) in seen:
            raise at.field("to").fail("duplicate arrow", "one arrow per pair of locations")
        seen.add((a["from"], a["to"]))
        if a["rounds"][0] > a["rounds"][1]:
            raise at.field("rounds").fail(f"{a['rounds']} is not a range", "[first, last], first <= last")
        if dst["number"] <= src["number"]:
            raise at.field("to").fail(
                f"arrow points backward (number {src['number']} -> {dst['number']})",
                "arrows to a higher number")
        if dst["kind"] == "start":
            raise at.field("to").fail("arrow into the start location", "start has arrows out only")
        expected = HOME_ARROWS.get((a["from"], a["to"]))
        touches_home = a["from"] in ("21a", "21b", "22") or a["to"] in ("21a", "21b", "22") \
            or a["from"] == "20"
        if touches_home and expected is None:
            raise at.field("to").fail(f"arrow {a['from']} -> {a['to']} (SAIL-09)",
                                      "20 -> 21a, 20 -> 21b, 21b -> 22 only")
        if expected is not None and a["rounds"] != expected:
            raise at.field("rounds").fail(f"{a['rounds']} for {a['from']} -> {a['to']} (SAIL-09)",
                                          str(expected))
        if expected is not None and a["cost"] != 1:
            raise at.field("cost").fail(f"{a['cost']} on a homeward arrow", "1")
    for pair in HOME_ARROWS:
        if pair not in seen:
            raise fc.whole("arrow").fail(f"homeward arrow {pair[0]} -> {pair[1]} missing (SAIL-09)")
    _check_routes(fc, locs, arrows)


def _check_routes(fc: FileCheck, locs: dict[str, dict], arrows: list[tuple[At, dict]]) -> None:
    """Every round: a route from Havana to that round's last space, no dead ends."""
    ever_reached = {"havana"}
    for rnd in (1, 2, 3, 4):
        out: dict[str, list[tuple[At, dict]]] = {k: [] for k in locs}
        for at, a in arrows:
            if _active(a, rnd):
                out[a["from"]].append((at, a))
        reached, todo = {"havana"}, ["havana"]
        while todo:
            for _at, a in out[todo.pop()]:
                if a["to"] not in reached:
                    reached.add(a["to"])
                    todo.append(a["to"])
        ever_reached |= reached
        end = ROUND_END[rnd]
        if end not in reached:
            raise fc.at(f'location "{end}"', "arrow").fail(f"not reachable from havana in round {rnd}")
        for key in HOME_SPACES:
            lo, hi = HOME_SPACES[key][2]
            if key in reached and not lo <= rnd <= hi:
                raise fc.at(f'location "{key}"', "arrow").fail(
                    f"reachable in round {rnd} (SAIL-09)", f"rounds {lo}..{hi}")
        for key in sorted(reached, key=lambda k: locs[k]["number"]):
            n_out = len(out[key])
            at = fc.at(f'location "{key}"', "arrow")
            if key == end and n_out:
                raise at.fail(f"round {rnd} ends here, but {n_out} arrow(s) leave it")
            if key != end and n_out == 0:
                raise at.fail(f"dead end in round {rnd}: no arrow leaves it",
                              f"an arrow towards {end}")
            if n_out > 2:
                raise at.fail(f"{n_out} arrows leave it in round {rnd}", "at most 2 (a fork)")
            branches = sorted(a.get("branch", "") for _at, a in out[key])
            if n_out == 2 and branches != ["lower", "upper"]:
                raise out[key][0][0].field("branch").fail(
                    f"fork at {key} in round {rnd} has branches {branches}",
                    'one "upper" and one "lower"')
            if n_out == 1 and "branch" in out[key][0][1]:
                raise out[key][0][0].field("branch").fail(f"not a fork in round {rnd}",
                                                          "branch only on the two arrows of a fork")
    for key in locs:
        if key not in ever_reached:
            raise fc.at(f'location "{key}"', "arrow").fail("not reachable from havana in any round")
        rounds_out = {r for _at, a in arrows if a["from"] == key for r in range(1, 5) if _active(a, r)}
        if key not in TERMINAL and rounds_out != {1, 2, 3, 4}:
            missing = sorted({1, 2, 3, 4} - rounds_out)
            raise fc.at(f'location "{key}"', "arrow").fail(
                f"no arrow leaves it in round(s) {missing}",
                "an arrow out in every round (only 21a and 22 are terminal)")


def _city_tiles(doc: dict, refs: Refs) -> None:
    fc = FileCheck("city_tiles", doc, arrays=("tile",))
    fc.check_entries("tile", Table({
        "key": Str(key=True), "name": Str(), "players": ListOf(Int(2, 4), 1, 3),
        "special": Bool(), "maracaibo": Bool(), "action": _action_spec(CITY_ACTIONS),
        "market": _market_spec(refs), "flag": Opt(_flag_spec()), "source": SOURCE,
    }))
    tiles = fc.unique("tile")
    _check_counts("city_tiles", fc)
    for at, t in fc.entries("tile"):
        if t["players"] != sorted(set(t["players"])):
            raise at.field("players").fail(f"{t['players']}", "ascending, no repeats, from 2, 3, 4")
    maracaibo = [k for k, t in tiles.items() if t["maracaibo"]]
    special = [k for k, t in tiles.items() if t["special"]]
    if len(maracaibo) != 1:
        raise fc.whole("tile").fail(f"maracaibo = true on {maracaibo} (CON-09)", "exactly 1 tile")
    if tiles[maracaibo[0]]["players"] != [2] or tiles[maracaibo[0]]["special"]:
        raise fc.at(f'tile "{maracaibo[0]}"', "players").fail(
            "the Maracaibo tile is 2-player only and not special (SETUP-04)", "players = [2]")
    if len(special) != 2:
        raise fc.whole("tile").fail(f"special = true on {special} (CON-09)", "exactly 2 tiles")
    for n in (2, 3, 4):
        usable = [k for k, t in tiles.items() if n in t["players"] and not t["maracaibo"]]
        if len(usable) < 4 or not set(special) <= set(usable):
            raise fc.whole("tile").fail(
                f"{n} players: usable tiles {usable} (SETUP-05)",
                "at least 4 non-Maracaibo tiles including both special tiles")


def _explorer(doc: dict, refs: Refs) -> None:
    fc = FileCheck("explorer", doc, arrays=("space",), tables=("last_space",))
    fc.check_table("last_space", Table({"vp": ListOf(Int(0, 20), 4, 4), "source": SOURCE}))
    if doc["last_space"]["vp"] != LAST_SPACE_VP:
        raise fc.at("[last_space]", "vp").fail(f"{doc['last_space']['vp']} (CON-30)", str(LAST_SPACE_VP))
    keys = tuple(e["key"] for e in doc["space"] if isinstance(e, dict) and isinstance(e.get("key"), str))
    fc.check_entries("space", Table({
        "key": Str(key=True), "number": Int(0, 99), "next": ListOf(Str(keys), 0, 2),
        "reward": Opt(Variant({k: amount(lo, hi) for k, (lo, hi) in EXPLORER_REWARDS.items()})),
        "quest": Bool(), "barrier": Opt(Str(BARRIERS)), "last": Bool(), "source": SOURCE,
    }))
    spaces = fc.unique("space")
    by_number = fc.unique("space", "number")
    if not 20 <= len(spaces) <= 36:
        raise fc.whole("space").fail(f"{len(spaces)} spaces", "20..36")
    if 0 not in by_number:
        raise fc.whole("space").fail("no start space (number 0)")
    start = by_number[0]["key"]
    lasts = [k for k, s in spaces.items() if s["last"]]
    if len(lasts) != 1:
        raise fc.whole("space").fail(f"last = true on {lasts} (CON-30)", "exactly one space")
    last = lasts[0]
    for at, s in fc.entries("space"):
        special = s["key"] in (start, last)
        if len(set(s["next"])) != len(s["next"]):
            raise at.field("next").fail(f"repeated key in {s['next']}")
        if s["last"] and s["next"]:
            raise at.field("next").fail("the last space has successors", "[]")
        if not s["last"] and not s["next"]:
            raise at.field("next").fail("dead end", "one or two following spaces")
        for nxt in s["next"]:
            if spaces[nxt]["number"] <= s["number"]:
                raise at.field("next").fail(f"{nxt!r} does not have a higher number",
                                            "numbers increase along the track")
        if (special or s["quest"]) and "reward" in s:
            raise at.field("reward").fail("not allowed on the start, last or a quest space")
        if special and (s["quest"] or "barrier" in s):
            raise at.field("quest" if s["quest"] else "barrier").fail(
                "not allowed on the start or last space")
        if s["quest"] and "barrier" in s:
            raise at.field("barrier").fail("not allowed on a quest space")
    quests = [k for k, s in spaces.items() if s["quest"]]
    if len(quests) != QUESTS_ON_EXPLORER_TRACK:
        raise fc.whole("space").fail(f"quest = true on {len(quests)} spaces (CON-30)",
                                     str(QUESTS_ON_EXPLORER_TRACK))
    _check_explorer_paths(fc, spaces, start, last)


def _check_explorer_paths(fc: FileCheck, spaces: dict[str, dict], start: str, last: str) -> None:
    order = sorted(spaces, key=lambda k: spaces[k]["number"])   # topological (numbers increase)
    reached = {start}
    for k in order:
        if k in reached:
            reached.update(spaces[k]["next"])
    for k in order:
        if k not in reached:
            raise fc.at(f'space "{k}"', "next").fail("not reachable from the start space")
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
    total = from_start[last]
    numbers = {s["number"]: k for k, s in spaces.items()}
    for n in EXPLORER_REFERENCED_SPACES:
        if n not in numbers:
            raise fc.whole("space").fail(f"no space number {n} (CON-30 references it)")
        k = numbers[n]
        if from_start[k] * to_last[k] != total:
            raise fc.at(f'space "{k}"', "number").fail(
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
        if (fewest[last], most[last]) != (1, 1):
            raise fc.whole("space").fail(
                f"the {colour} barrier is crossed {fewest[last]}..{most[last]} times "
                "on the paths (CON-30)", "exactly once on every path")
    descendants: dict[str, set[str]] = {}
    for k in reversed(order):
        descendants[k] = set(spaces[k]["next"]).union(*(descendants[n] for n in spaces[k]["next"]))
    for k, s in spaces.items():
        if "barrier" not in s:
            continue
        rank = BARRIERS.index(s["barrier"])
        for d in descendants[k]:
            later = spaces[d].get("barrier")
            if later is not None and BARRIERS.index(later) < rank:
                raise fc.at(f'space "{d}"', "barrier").fail(
                    f"{later} barrier lies after the {s['barrier']} barrier on space {k!r}",
                    "the order red, blue, green")


def _influence(doc: dict, refs: Refs) -> None:
    fc = FileCheck("influence", doc, arrays=("rank",), tables=("track", "supply"))
    fc.check_table("track", Table({"spaces": Int(4, 40), "source": SOURCE}))
    spaces = doc["track"]["spaces"]
    fc.check_entries("rank", Table({"position": Int(1, spaces - 1), "value": Int(1, 20),
                                    "source": SOURCE}))
    fc.check_table("supply", Table({"spaces": ListOf(Int(0, 13), 1), "source": SOURCE}))
    if doc["supply"]["spaces"] != SUPPLY_SPACES:
        raise fc.at("[supply]", "spaces").fail(f"{doc['supply']['spaces']} (CON-12)", str(SUPPLY_SPACES))
    ranks = fc.entries("rank")
    for (at, r), (_, prev) in zip(ranks[1:], ranks):
        for name in ("position", "value"):
            if r[name] <= prev[name]:
                raise at.field(name).fail(f"{r[name]} is not above the previous band's {prev[name]}",
                                          "strictly ascending bands")
    refs.influence_max = spaces - 1


def _income(doc: dict, refs: Refs) -> None:
    fc = FileCheck("income", doc, arrays=(), tables=("doubloon_track", "vp_track"))
    start, top = DOUBLOON_TRACK
    fc.check_table("doubloon_track", Table({
        "start": Int(start, start), "max": Int(top, top),
        "vp": ListOf(Int(0, 50), top - start + 1, top - start + 1), "source": SOURCE,
    }))
    vp = doc["doubloon_track"]["vp"]
    at = fc.at("[doubloon_track]", "vp")
    if vp[0] != 0:
        raise at.index(0).fail(f"{vp[0]} VP at position {start}", "0")
    for i in range(1, len(vp)):
        if vp[i] < vp[i - 1]:
            raise at.index(i).fail(f"{vp[i]} VP at position {start + i} is below the previous {vp[i - 1]}",
                                   "non-decreasing values")
    lo, hi = VP_TRACK
    fc.check_table("vp_track", Table({"start": Int(lo, lo), "max": Int(hi, hi), "source": SOURCE}))


def _ship(doc: dict, refs: Refs) -> None:
    fc = FileCheck("ship", doc, arrays=("area",))
    fc.check_entries("area", Table({
        "key": Str(tuple(SHIP_AREAS)), "requires_area": Opt(Str(tuple(SHIP_AREAS))),
        "requires_completed": Opt(Int(1, 11)), "source": SOURCE,
    }))
    fc.unique("area")
    _check_counts("ship", fc)
    for at, a in fc.entries("area"):
        want_area, want_n = SHIP_AREAS[a["key"]]
        if a.get("requires_area") != want_area:
            raise at.field("requires_area").fail(f"{a.get('requires_area')!r} (§18)", repr(want_area))
        if a.get("requires_completed") != want_n:
            raise at.field("requires_completed").fail(f"{a.get('requires_completed')!r} (§18)",
                                                      repr(want_n))


def _combat_tokens(doc: dict, refs: Refs) -> None:
    fc = FileCheck("combat_tokens", doc, arrays=("token",))
    side = Variant(tag="bonus", common={"value": Int(0, 12)}, kinds={
        "none": amount(0, 0), "doubloons": amount(-5, 5), "influence": amount(1, 1),
        "vp": amount(1, 5), "figure": amount(1, 1),
    })
    fc.check_entries("token", Table({
        "key": Str(key=True), "modifier": Str(("none", "most_minus2", "fewest_plus3")),
        **{n: side for n in NATIONS}, "source": SOURCE,
    }))
    fc.unique("token")
    _check_counts("combat_tokens", fc)
    for at, t in fc.entries("token"):
        for n in NATIONS:
            if t[n]["bonus"] == "doubloons" and t[n]["amount"] == 0:
                raise at.field(n).field("amount").fail("0 doubloons", 'non-zero, or bonus = "none"')


def _quests(doc: dict, refs: Refs) -> None:
    fc = FileCheck("quests", doc, arrays=("quest",))
    cost = Variant({                                 # QCOST-01..06
        "cp": amount(1, 2),
        "objects": {"object": Str(refs.objects), **amount(2, 2)},
        "doubloons": amount(2, 2), "mp4": {}, "figure": {},
        "goods": {"good": Str(refs.goods), **amount(2, 2)},
    })
    reward = Variant({                               # QREW-02..07, 09..12 (non-campaign)
        "doubloons": amount(1, 10),
        "per_compass": {"what": Str(("vp", "doubloons")), **amount(1, 5)},
        "influence": {}, "figure": {}, "cp": amount(1, 5), "spain2": {}, "discs2": {},
        "vp": amount(1, 10), "combat": {}, "explore": {"amount": Opt(Int(1, 6))},   # default 2
    })
    fc.check_entries("quest", Table({"key": Str(key=True), "cost": ListOf(cost, 1, 2),
                                     "reward": ListOf(reward, 1, 3), "source": SOURCE}))
    fc.unique("quest")
    _check_counts("quests", fc)
    for at, q in fc.entries("quest"):
        for part in ("cost", "reward"):
            kinds = Counter(item["kind"] for item in q[part])
            repeated = [k for k, n in kinds.items() if n > 1]
            if repeated:
                raise at.field(part).fail(f"kind {repeated[0]!r} appears twice", "each kind once")


def _careers(doc: dict, refs: Refs) -> None:
    fc = FileCheck("careers", doc, arrays=("career",))
    counts = refs.counts
    limits = {                                       # the most a player can ever have
        "combat_tokens": counts["combat_tokens"], "quests": counts["quests"],
        "influence_one": refs.influence_max, "influence_two": refs.influence_max,
        "upgrades": counts["ship_areas"], "synergy": counts["synergy"],
        "assistants": FIGURES_PER_COLOUR,
    }
    common = {"low": Int(1, 99), "high": Int(1, 99), "doubloons": Int(0, 10), "vp": Int(0, 10)}
    # CAR-05f: a barrier task's thresholds are barrier colours (crossed in this order)
    colour = {"low": Str(BARRIERS), "high": Str(BARRIERS)}
    task = Variant(common=common, kinds={
        k: (colour if k == "barrier" else {}) for k in CAREER_TASKS})
    fc.check_entries("career", Table({"key": Str(key=True), "name": Str(),
                                      "tasks": ListOf(task, 3, 3), "source": SOURCE}))
    fc.unique("career")
    fc.unique("career", "name")
    _check_counts("careers", fc)
    for at, c in fc.entries("career"):
        seen = set()
        for i, t in enumerate(c["tasks"]):
            tat = at.field("tasks").index(i)
            if t["kind"] in seen:
                raise tat.field("kind").fail(f"task {t['kind']!r} appears twice on the card")
            seen.add(t["kind"])
            low, high = career_thresholds(t)
            if low >= high:
                raise tat.field("low").fail(
                    f"low {t['low']} is not below high {t['high']} (CAR-01: a smaller and a larger number)",
                    "low < high" if t["kind"] != "barrier" else "an earlier barrier than high")
            if t["kind"] != "barrier" and high > limits[t["kind"]]:
                raise tat.field("high").fail(f"{t['high']} can never be reached",
                                             f"<= {limits[t['kind']]} for {t['kind']}")


def career_thresholds(task: dict) -> tuple[int, int]:
    """A task's (low, high) as numbers; barrier colours count barriers crossed
    (red 1, blue 2, green 3: every path crosses them in this order)."""
    if task["kind"] == "barrier":
        return BARRIERS.index(task["low"]) + 1, BARRIERS.index(task["high"]) + 1
    return task["low"], task["high"]


def _prestige(doc: dict, refs: Refs) -> None:
    fc = FileCheck("prestige", doc, arrays=("building",), tables=("investing",))
    fc.check_table("investing", Table({"synergy": Str(refs.synergy), "source": SOURCE}))
    pers = tuple(sorted({s["per"] for _n, s in PRESTIGE.values()}))
    fc.check_entries("building", Table({
        "key": Str(tuple(PRESTIGE)), "name": Str(), "cost": Int(0, MAX_COST),
        "scoring": Table({"per": Str(pers), "vp": Int(1, 10), "max": Opt(Int(1, 99))}),
        "source": SOURCE,
    }))
    fc.unique("building")
    _check_counts("prestige", fc)
    for at, b in fc.entries("building"):
        name, scoring = PRESTIGE[b["key"]]
        if b["name"] != name:
            raise at.field("name").fail(f"{b['name']!r} (CON-11)", repr(name))
        if b["scoring"] != scoring:
            raise at.field("scoring").fail(f"{b['scoring']} contradicts PRES-10..17", str(scoring))


def _story_cards(doc: dict, refs: Refs) -> None:
    fc = FileCheck("story_cards", doc, arrays=("story",))
    row = Table({"round": Int(0, 3), "location": Str(refs.quest_locations),
                 "players": ListOf(Int(1, 4), 1, 4), "source": SOURCE})
    fc.check_entries("story", Table({"number": Int(1, 99), "quests": ListOf(row, 1),
                                     "source": SOURCE}))
    cards = fc.unique("story", "number")
    if sorted(cards) != list(STORY_NUMBERS):
        raise fc.whole("story").fail(f"cards {sorted(cards)} (SETUP-16/17)", STORY_NUMBERS)
    pile = refs.counts["quests"] - QUESTS_ON_EXPLORER_TRACK
    for at, card in fc.entries("story"):
        for i, q in enumerate(card["quests"]):
            if q["players"] != sorted(set(q["players"])):
                raise at.field("quests").index(i).field("players").fail(
                    f"{q['players']}", "ascending, no repeats, from 1..4")
        for n in (1, 2, 3, 4):
            placed = sum(1 for q in card["quests"] if n in q["players"])
            if placed > pile:
                raise at.field("quests").fail(f"{placed} quest tiles for {n} players",
                                              f"at most {pile} (the quest pile)")
        if card["number"] == 75:
            rows = [(q["round"], q["location"], q["players"]) for q in card["quests"]]
            for want in STORY_75_RULEBOOK:
                if want not in rows:
                    raise at.field("quests").fail(
                        f"missing the rulebook row round {want[0]}, location {want[1]}, "
                        f"players {want[2]} (SETUP-16 / INT-06)")
                q = card["quests"][rows.index(want)]
                if q["source"] != "rulebook":
                    raise at.field("quests").index(rows.index(want)).field("source").fail(
                        "a rulebook row of card 75", '"rulebook"')


def _card_specs(refs: Refs) -> tuple[Variant, Variant]:
    assistant_locations = tuple(k for k, e in refs.locations.items()
                                if e["kind"] in ("village", "city"))
    syn = Str(refs.synergy)
    requirement = Variant({                          # REQ-02..07 (REQ-01 is `cost`)
        "figure": {}, "assistant": {"location": Str(assistant_locations)},
        "herbs": amount(3, 3), "nation": {"nation": Str(NATIONS)},
        "figure_on_card": {}, "cp": amount(1, 4),
    })
    effect = Variant({
        "income_doubloons": {**amount(1, 5), "if_synergy": Opt(syn)},
        "income_vp": {**amount(1, 5), "if_synergy": Opt(syn)},
        "perm_object": {"object": Str(refs.objects)}, "perm_discount": amount(1, 3),
        "perm_combat_cp": {}, "perm_compass": {}, "perm_explorer": {}, "perm_steal_vp": {},
        "perm_assistant_income": {"what": Str(("vp", "doubloons"))}, "perm_figure_cp": {},
        "perm_nation_cp": {"nation": Str(NATIONS)}, "perm_displace_vp": {},
        "nva_maps_vp_explore": {}, "nva_maps_doubloons_explore": {},
        "nva_books": amount(1, 5), "nva_goods_doubloons": {},
        "nca_influence_vp": amount(1, 5), "nca_doubloons": {"if_synergy": syn},
        "imm_influence2": {"nation": Str(NATIONS)}, "imm_village_marker": {},
        "imm_remove_disc": {}, "imm_influence1": {}, "imm_quest_on_card": {},
        "imm_vp_per_token": {}, "imm_vp_per_assistant": {}, "imm_vp_per_quest": {},
        "imm_vp_per_compass": {}, "imm_figures2": {}, "imm_any_synergy": {},
        "imm_village_marker_rank": {}, "imm_figures_income": {}, "imm_cp": amount(1, 8),
        "imm_vp_per_synergy": {}, "imm_vp_per_nation3": {},
        "assistant": {"action": Str(tuple(f"aa{i:02d}" for i in range(1, 18)))},
    })
    return requirement, effect


#: effect kinds the schema defines (for tests and tools)
EFFECT_KINDS = tuple(_card_specs(Refs())[1].kinds)
REQUIREMENT_KINDS = tuple(_card_specs(Refs())[0].kinds)


def _cards(doc: dict, refs: Refs) -> None:
    fc = FileCheck("cards", doc, arrays=("card",))
    requirement, effect = _card_specs(refs)
    fc.check_entries("card", Table({
        "key": Str(key=True), "name": Str(), "deck": Str(tuple(DECK_SIZES)),
        "cost": Int(0, MAX_COST), "symbol": Str(refs.goods + refs.objects), "vp": Int(0, 10),
        "synergy": ListOf(Str(refs.synergy), 0, 1), "requirements": ListOf(requirement, 0, 3),
        "effects": ListOf(effect, 1, 3), "source": SOURCE,
    }))
    fc.unique("card")
    fc.unique("card", "name")
    _check_counts("cards", fc)
    decks = Counter(c["deck"] for c in doc["card"])
    for deck, n in DECK_SIZES.items():
        if decks[deck] != n:
            raise fc.whole("card").fail(f"{decks[deck]} {deck}-cards (CON-01)", str(n))
    for at, c in fc.entries("card"):
        req_kinds = Counter(r["kind"] for r in c["requirements"])
        repeated = [k for k, n in req_kinds.items() if n > 1]
        if repeated:
            raise at.field("requirements").fail(f"kind {repeated[0]!r} appears twice", "each kind once")
        n_assist = sum(1 for e in c["effects"] if e["kind"] == "assistant")
        if n_assist > 1:
            raise at.field("effects").fail(f"{n_assist} assistant effects", "at most 1")
        if n_assist != req_kinds["assistant"]:
            raise at.field("requirements").fail(
                "an assistant effect needs exactly one assistant requirement (REQ-03) and vice versa",
                '{ kind = "assistant", location = "<village or city key>" }')


# =========================================================================
# Entry point
# =========================================================================

AUTOMA_LEVELS = ("very_easy", "easy", "medium", "hard", "very_hard")
AUTOMA_TRACK_MAX = 24                       # catalog capacity (MAX_TRACK)
AUTOMA_LETTERS = {"A": 5, "B": 6, "C": 4}   # DATA-16: 5 A, 6 B, 4 C cards
AUTOMA_DIFFICULTY = {                       # SOLO-06, EN and DE tables
    "en": {"very_easy": [5, 0, 0], "easy": [5, 0, 1], "medium": [5, 1, 1], "hard": [4, 2, 1],
           "very_hard": [3, 3, 1]},
    "de": {"very_easy": [5, 0, 0], "easy": [5, 0, 1], "medium": [5, 1, 1], "hard": [5, 2, 1],
           "very_hard": [5, 3, 1]},
}


def _automa(doc: dict, refs: Refs) -> None:
    """automa.toml: Jean's cards (§26), difficulty tables, Automa board track."""
    fc = FileCheck("automa", doc, arrays=("card",), tables=("difficulty", "track"))
    level = Table({lv: ListOf(Int(0, 6), 3, 3) for lv in AUTOMA_LEVELS})
    fc.check_table("difficulty", Table({"en": level, "de": level, "source": SOURCE}))
    for table, want in AUTOMA_DIFFICULTY.items():
        if doc["difficulty"][table] != want:
            raise fc.at("[difficulty]", table).fail("differs from the rulebook table (SOLO-06)", str(want))
    fc.check_table("track", Table({"vp": ListOf(Int(0, 60), 4, AUTOMA_TRACK_MAX),
                                   "marked": ListOf(Int(0, 1), 4, AUTOMA_TRACK_MAX), "source": SOURCE}))
    if len(doc["track"]["vp"]) != len(doc["track"]["marked"]):
        raise fc.at("[track]", "marked").fail("not as long as vp", f"{len(doc['track']['vp'])} items")
    action = Variant({
        "explore": {"steps": Int(1, 6)},
        "influence": {"nation": Str(NATIONS), "amount": Int(1, 3)},
        "combat": {"influence": Int(1, 5)},
        "remove_disc": {}, "vp": {"amount": Int(1, 10)}, "quest_pile": {},
    }, common={"rounds": ListOf(Int(1, 4), 2, 2)})
    fc.check_entries("card", Table({
        "id": Str(), "level": Str(tuple(AUTOMA_LETTERS)), "move": Int(1, 6),
        "route": Str(("upper", "lower")), "display": Int(1, 4), "warrior": Bool(),
        "actions": ListOf(action, 1, 4), "source": SOURCE,
    }))
    fc.unique("card", "id")
    fc.count("card", 15, "CON-16")
    letters = Counter(c["level"] for c in doc["card"])
    if dict(letters) != AUTOMA_LETTERS:
        raise fc.whole("card").fail(f"letters {dict(letters)} (DATA-16)", str(AUTOMA_LETTERS))
    if sum(c["warrior"] for c in doc["card"]) != 1:
        raise fc.whole("card").fail("exactly one card must be the Warrior (JCOMBAT-04)", "1")
    for at, c in fc.entries("card"):
        for i, a in enumerate(c["actions"]):
            r0, r1 = a["rounds"]
            if r0 > r1:
                raise at.field("actions").index(i).field("rounds").fail(f"{a['rounds']}", "[first, last]")


_VALIDATORS: dict[str, Callable[[dict, Refs], None]] = {
    "automa": _automa,
    "goods": _goods, "board": _board, "city_tiles": _city_tiles, "explorer": _explorer,
    "influence": _influence, "income": _income, "ship": _ship,
    "combat_tokens": _combat_tokens, "quests": _quests, "careers": _careers,
    "prestige": _prestige, "story_cards": _story_cards, "cards": _cards,
}
_COUNT_OF = {"combat_tokens": ("combat_tokens", "token"), "quests": ("quests", "quest"),
             "ship_areas": ("ship", "area"), "synergy": ("goods", "synergy")}


def load_raw(data_dir: str | Path | None = None) -> dict:
    """Read every data file, validate it, and return ``{file stem: parsed TOML}``.

    :param data_dir: folder holding the ``*.toml`` files; defaults to the
        package's ``maracaibo_env/data``.
    :raises DataError: a file is missing, not valid TOML, or breaks the
        schema (``docs/data_schema.md``) or a constraint; the message names the
        file, the entry and the field.
    """
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    raw = {stem: _read(folder, stem) for stem in FILES}
    refs = Refs()
    for stem in FILES:
        _VALIDATORS[stem](raw[stem], refs)
        for name, (file, table) in _COUNT_OF.items():
            if file == stem:
                refs.counts[name] = len(raw[stem][table])
    return raw

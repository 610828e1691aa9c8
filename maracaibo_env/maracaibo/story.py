"""Story cards of Maracaibo's campaign as data (issue 27, first increment).

``data/story.toml`` holds story cards: their number, provenance, the front's
instructions, the story quest, the requirement for reading the back, the
back's instructions and its decision. The engine does not read this file yet
(docs/rulings.md: the campaign is not modelled); it is content a player can
transcribe from the box and check (``docs/story_cards.md``).

Rulebook references are line numbers of ``shared/rules/000_*.txt`` (the EN
rulebook), written ``L178``:

* numbers: red 01-99 (L52); 75, 76, 77 are the non-campaign cards (L182,
  L231); 80-89 start chapters 2-11, card 80 is chapter 2 (L227); 90-99 are
  C-cards, project cards that enter the project pile (L150, L166, L732);
  77 cards in all, 8 of them C-cards (L166);
* the front's instructions (STORY-02, "Story card summary", L1451-1479):
  ``story_tile``, ``quests``, ``cards_to_discard``, ``read``,
  ``legacy_tiles``, ``cards_to_project_pile``; and, on a back,
  ``next_card`` ("take a new story card from the pile", L656);
* the story quest: cost left of the bracket, reward right of it (L545-553,
  L1483-1487, STILE-05), with the quest tiles' cost and reward kinds
  (QCOST-01..06, QREW-02..07/09..12: ``data_load.QuestCost``/``QuestReward``)
  plus the two campaign rewards ``story_tile`` (QREW-01, L1507) and
  ``remove_skull_tile`` (QREW-08, L1521);
* the requirement for reading the back (STORY-03, L650): the card's story
  tile taken, or a legacy tile full of discs (L10-L17 carry discs, L1581);
* a decision on the back: options chosen by majority vote, each leading to a
  "Read NN" (STORY-04, L652).

``load_story_cards(data_dir)`` reads ``story.toml`` of a data folder and
raises :class:`DataError` naming the file, the entry and the field, e.g.
``story.toml: card[1] (60): front[4]: card: card 70 is not in story.toml;
allowed: 1, 60, 61, 62, 63``.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..framework.datafiles import DataError, read_toml, validate
from .core.options import LEGACY_TILES
from .data_load import (DATA_DIR, Int, List, OneOf, QuestCost, Sourced, Table, Text,
                        amount, table, variant)

__all__ = ["DataError", "STORY_FILE", "StoryCard", "StoryFile", "INSTRUCTION_KINDS",
           "REQUIREMENT_KINDS", "STORY_REWARD_KINDS", "card_range", "load_story_cards"]

STORY_FILE = "story.toml"

# ---- numbers (L52, L150, L166, L182, L227, L231) ----------------------------
NON_CAMPAIGN = (75, 76, 77)            # L182, L231
CHAPTERS = range(80, 90)               # L227: card 80 starts chapter 2, 81 chapter 3, ...
C_CARDS = range(90, 100)               # L150: C-cards, recognizable by the numbers 90-99
STORY_CARDS_IN_BOX = 77                # L166: 77 story cards (69 plus 8 C-cards)
C_CARDS_IN_BOX = 8                     # L166
STORY_TILES = (1, 2, 3, 4)             # L32, L142, L545
DISC_TILES = tuple(f"L{i}" for i in range(10, 18))   # L1581: L10-L17 take discs
SKULL_TILES = ("L3", "L20", "L21", "L22", "L23")     # L1521


def card_range(number: int) -> str:
    """The rulebook's group of a story-card number: "c_card" (90-99, L150),
    "chapter" (80-89, L227), "non_campaign" (75-77, L182), else "campaign"."""
    if number in C_CARDS:
        return "c_card"
    if number in CHAPTERS:
        return "chapter"
    if number in NON_CAMPAIGN:
        return "non_campaign"
    return "campaign"


def chapter_of(number: int) -> int | None:
    """The chapter a card 80-89 starts (L227: 80 -> chapter 2, 81 -> 3, ...)."""
    return number - 78 if number in CHAPTERS else None


# ---- instructions (STORY-02, L1455-1479; L656) ------------------------------
CardNumber = Int(1, 99)
Players = List(Int(1, 4), 1, 4)
QuestPlacement = table("QuestPlacement", location=Text, players=Players)

INSTRUCTIONS: dict[str, dict] = {
    # L1457 "Story: 15": the next story tile from the pile onto location N (STORY-02a)
    "story_tile": {"location": Text},
    # L1459-1461 "Quest: 16 (1-4), 19 (4)": quest tiles by player count (STORY-02b)
    "quests": {"placements": List(QuestPlacement, 1, 8)},
    # L1463-1465 "Cards: Add cards 90, 91 to the Discard Pile" (STORY-02c)
    "cards_to_discard": {"cards": List(CardNumber, 1, 10)},
    # L1467-1469 "Read 05": place this card, then read card NN at once (STORY-02d)
    "read": {"card": CardNumber},
    # L1471-1475 "Add tile L12 to the game." / "Tiles: L25, L13" (STORY-02e)
    "legacy_tiles": {"tiles": List(OneOf(LEGACY_TILES), 1, 8)},
    # L1477-1479 "Cards: 90-92": shuffle them into the project card pile (STORY-02f)
    "cards_to_project_pile": {"cards": List(CardNumber, 1, 10)},
    # L656 "take a new story card from the pile (placing any skipped-over cards
    # at the bottom)", then L658 read it and follow its instructions (STORY-05)
    "next_card": {"card": CardNumber},
}
INSTRUCTION_KINDS = tuple(INSTRUCTIONS)
Instruction = variant("Instruction", INSTRUCTIONS)

# ---- the story quest (STILE-01/05, L545-553, L1481-1521) --------------------
STORY_REWARDS: dict[str, dict] = {
    "story_tile": {},                 # QREW-01, L1507 (every story quest gives it, L547)
    "doubloons": amount(1, 10),       # QREW-02
    "per_compass": {"what": OneOf(("vp", "doubloons")), **amount(1, 5)},   # QREW-03
    "influence": {},                  # QREW-04
    "figure": {},                     # QREW-05
    "cp": amount(1, 5),               # QREW-06
    "spain2": {},                     # QREW-07
    "remove_skull_tile": {},          # QREW-08, L1521 (L3, L20-L23)
    "discs2": {},                     # QREW-09
    "vp": amount(1, 10),              # QREW-10
    "combat": {},                     # QREW-11
    "explore": {"amount": (Int(1, 6), None)},   # QREW-12 (default 2)
}
STORY_REWARD_KINDS = tuple(STORY_REWARDS)
StoryReward = variant("StoryReward", STORY_REWARDS)
# cost kinds: quests.toml's QCOST-01..06 (cp, objects, doubloons, mp4, figure, goods)
StoryQuest = table("StoryQuest", cost=List(QuestCost, 1, 2), reward=List(StoryReward, 1, 4))

# ---- reading the back (STORY-03, L650) --------------------------------------
REQUIREMENTS: dict[str, dict] = {
    "story_tile_taken": {},           # L650 "a player has claimed the corresponding story tile"
    "legacy_tile_full": {"tile": OneOf(DISC_TILES)},   # L650 "this legacy tile is full" (L1581)
}
REQUIREMENT_KINDS = tuple(REQUIREMENTS)
Requirement = variant("Requirement", REQUIREMENTS)

# ---- decisions (STORY-04, L652) ---------------------------------------------
Option = table("Option", text=Text, read=CardNumber)
Decision = table("Decision", text=Text, option=List(Option, 2, 4))


class StoryCard(Sourced):
    """One story card; ``source``/``ref`` as in the other data files (for
    "rulebook", ``ref`` names the rulebook lines)."""
    number: CardNumber
    title: Text = None
    text: Text = None                          # story text and new rules, not executed
    front: List(Instruction) = []
    quest: StoryQuest = None
    requirement: Requirement = None
    back: List(Instruction) = []
    decision: Decision = None
    back_known: bool = True                    # false: the back is not transcribed


class StoryFile(Table):
    card: List(StoryCard, 1, STORY_CARDS_IN_BOX)


# =========================================================================
# Loading
# =========================================================================

def _where(raw: dict, loc: tuple) -> str:
    """'card[2] (61): front[0]: cards' from a pydantic error location; a card is
    labelled with its number (the other files label entries with their key)."""
    parts, node = [], raw
    for item in loc:
        if isinstance(item, int):
            if not parts:
                parts.append("")
            parts[-1] += f"[{item}]"
            node = node[item] if isinstance(node, list) and item < len(node) else None
            if isinstance(node, dict) and isinstance(node.get("number"), int) and len(parts) == 1:
                parts[-1] += f" ({node['number']:02d})"
        elif isinstance(node, dict) and item not in node and isinstance(node.get("kind"), str) \
                and item == node["kind"]:
            continue      # the discriminated union's tag step ("read" under front[0])
        else:
            parts.append(str(item))
            node = node.get(item) if isinstance(node, dict) else None
    return ": ".join(parts) if parts else "(file)"


def _label(i: int, card: dict) -> str:
    return f"{STORY_FILE}: card[{i}] ({card['number']:02d})"


def _fail(at: str, what: str) -> None:
    raise DataError(f"{at}: {what}")


def _locations(folder: Path) -> list[str] | None:
    """The board's location keys (board.toml) plus the keys of new cities of
    legacy tiles (legacy_tiles.toml); None if the folder has no board.toml."""
    if not (folder / "board.toml").exists():
        return None
    keys = [loc["key"] for loc in read_toml(folder / "board.toml").get("location", [])]
    if (folder / "legacy_tiles.toml").exists():
        keys += [t["key"] for t in read_toml(folder / "legacy_tiles.toml").get("tile", [])
                 if isinstance(t, dict) and "key" in t]
    return keys


def _goods(folder: Path) -> list[str] | None:
    """The goods and object keys of goods.toml (a quest cost's `good` /
    `object`); None if the folder has no goods.toml."""
    if not (folder / "goods.toml").exists():
        return None
    doc = read_toml(folder / "goods.toml")
    return [e["key"] for name in ("good", "object") for e in doc.get(name, []) if "key" in e]


def _check(cards: list[dict], locations: list[str] | None, goods: list[str] | None = None) -> None:
    """Checks across cards: numbers unique and in range, references exist."""
    seen: dict[int, int] = {}
    for i, card in enumerate(cards):
        n = card["number"]
        if n in seen:
            _fail(f"{_label(i, card)}: number", f"{n:02d} repeats card[{seen[n]}]; allowed: "
                  "each number once")
        seen[n] = i
        if card_range(n) == "c_card":
            _fail(f"{_label(i, card)}: number", f"{n} is a C-card (90-99: a project card, "
                  "rulebook L150); allowed: 1..89")
    c_cards = {c for card in cards for ins in card.get("front", []) + card.get("back", [])
               if ins["kind"] in ("cards_to_discard", "cards_to_project_pile") for c in ins["cards"]}
    if len(c_cards) > C_CARDS_IN_BOX:
        _fail(f"{STORY_FILE}: [[card]]", f"{len(c_cards)} different C-cards named; allowed: at most "
              f"{C_CARDS_IN_BOX} (rulebook L166)")
    numbers = ", ".join(str(k) for k in sorted(seen))

    def exists(at: str, target: int) -> None:
        if target not in seen:
            _fail(at, f"card {target} is not in {STORY_FILE}; allowed: {numbers}")

    for i, card in enumerate(cards):
        here = _label(i, card)
        for side in ("front", "back"):
            for j, ins in enumerate(card.get(side, [])):
                at, kind = f"{here}: {side}[{j}]", ins["kind"]
                if kind in ("read", "next_card"):
                    if ins["card"] == card["number"]:
                        _fail(f"{at}: card", f"{ins['card']} is this card; allowed: another card")
                    exists(f"{at}: card", ins["card"])
                elif kind in ("cards_to_discard", "cards_to_project_pile"):
                    for c in ins["cards"]:
                        if c not in C_CARDS:
                            _fail(f"{at}: cards", f"{c} is no C-card; allowed: 90..99 (rulebook "
                                  "L150, L1463-1479)")
                    if len(set(ins["cards"])) != len(ins["cards"]):
                        _fail(f"{at}: cards", f"{ins['cards']}; allowed: no repeats")
                elif kind == "legacy_tiles" and len(set(ins["tiles"])) != len(ins["tiles"]):
                    _fail(f"{at}: tiles", f"{ins['tiles']}; allowed: no repeats")
                elif kind == "quests":
                    for k, p in enumerate(ins["placements"]):
                        if p["players"] != sorted(set(p["players"])):
                            _fail(f"{at}: placements[{k}]: players", f"{p['players']}; allowed: "
                                  "ascending, no repeats, from 1..4")
                where = [("location", ins.get("location"))] + [
                    (f"placements[{k}]: location", p["location"])
                    for k, p in enumerate(ins.get("placements", []))]
                for field, loc in where:
                    if loc is not None and locations is not None and loc not in locations:
                        _fail(f"{at}: {field}", f"unknown value {loc!r}; allowed: a location of "
                              "board.toml (or a new city of legacy_tiles.toml)")
        for j, ins in enumerate(card.get("back", [])):
            if ins["kind"] == "story_tile":
                _fail(f"{here}: back[{j}]: kind", "story_tile on a back; allowed: on the front only "
                      "(the tile is the card's own story quest, L545, and a read card leaves play)")
        tiles = [ins for ins in card.get("front", []) if ins["kind"] == "story_tile"]
        if len(tiles) > 1:
            _fail(f"{here}: front", "2 story_tile instructions; allowed: at most 1 (one story "
                  "tile per card, L1457)")
        quest, req = card.get("quest"), card.get("requirement")
        if quest is not None:
            if not tiles:
                _fail(f"{here}: quest", "a story quest without a story_tile instruction on the "
                      "front; allowed: a quest only where the card places its story tile (L545)")
            if not any(r["kind"] == "story_tile" for r in quest["reward"]):
                _fail(f"{here}: quest: reward", "no story_tile reward; allowed: a reward that "
                      "includes the story tile (L547, QREW-01)")
        for k, c in enumerate(quest["cost"] if quest is not None else []):
            what = c.get("good", c.get("object"))
            if what is not None and goods is not None and what not in goods:
                field = "good" if "good" in c else "object"
                _fail(f"{here}: quest: cost[{k}]: {field}", f"unknown value {what!r}; allowed: "
                      + ", ".join(goods))
        if req is not None and req["kind"] == "story_tile_taken" and quest is None:
            _fail(f"{here}: requirement", "story_tile_taken without a story quest; allowed: "
                  "legacy_tile_full, or add the card's quest (L650)")
        decision = card.get("decision")
        if decision is not None:
            for k, opt in enumerate(decision["option"]):
                if opt["read"] == card["number"]:   # it left play when its back was read (L654)
                    _fail(f"{here}: decision: option[{k}]: read", f"{opt['read']} is this card; "
                          "allowed: another card (this one is read already, L650-654)")
                exists(f"{here}: decision: option[{k}]: read", opt["read"])
            if req is None:
                _fail(f"{here}: decision", "a decision without a requirement; allowed: a "
                      "decision on a back that is read (L650-652)")
        if not card.get("back_known", True) and (card.get("back") or decision is not None):
            _fail(f"{here}: back_known", "false, but the back has instructions; allowed: true")


def load_story_cards(data_dir: str | Path | None = None) -> list[StoryCard]:
    """Read and validate ``story.toml`` of a data folder (default: the shipped
    data); the cards in the file's order.

    :raises DataError: the file is missing, not valid TOML, breaks the schema
        (``docs/story_cards.md``) or a check across cards; the message names
        the file, the entry and the field.
    """
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    path = folder / STORY_FILE
    raw = read_toml(path)
    parsed = validate(path, raw, StoryFile, where=_where)
    _check(raw["card"], _locations(folder), _goods(folder))
    return list(parsed.card)


if __name__ == "__main__":   # python -m maracaibo_env.maracaibo.story [DATA_DIR]
    try:
        cards = load_story_cards(sys.argv[1] if len(sys.argv) > 1 else None)
    except DataError as e:
        sys.exit(str(e))
    print(f"{STORY_FILE}: {len(cards)} story cards OK")

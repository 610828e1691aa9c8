"""Story cards as data (issue 27, first increment): data/story.toml and its
loader maracaibo_env/maracaibo/story.py (docs/story_cards.md).

Card 01's expected values are typed from the EN rulebook (shared/rules/000_*.txt,
line numbers Lnnn), not read from the data file.
"""
import shutil

import pytest

from maracaibo_env.maracaibo import story
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.data_load import DATA_DIR, FILES, DataError, load_raw
from maracaibo_env.maracaibo.story import (INSTRUCTION_KINDS, REQUIREMENT_KINDS, STORY_REWARD_KINDS,
                                           card_range, chapter_of, load_story_cards)


@pytest.fixture(scope="module")
def cards():
    return {c.number: c for c in load_story_cards()}


def dump(model) -> dict:
    return model.model_dump(exclude_none=True, by_alias=True)


# ---- the shipped file ----------------------------------------------------------
def test_shipped_story_file_loads(cards):
    assert 1 in cards
    assert all(c.source in ("rulebook", "published", "reconstructed") for c in cards.values())
    # every card but 01 is the invented example chapter
    assert [n for n, c in cards.items() if c.source != "reconstructed"] == [1]


def test_tv_18_card_01_front_instructions(cards):
    """TV-18 (SETUP-18, STORY-02b): L178 / L1457-1461: story tile 1 next to
    location 15; quest tiles at 16 (1-4 players) and 19 (4 players). Named after
    the test vector only: SETUP-18 itself (the engine's set-up) stays not modelled."""
    c = cards[1]
    assert c.source == "rulebook" and "L178" in c.ref
    assert [dump(i) for i in c.front] == [
        {"kind": "story_tile", "location": "15"},
        {"kind": "quests", "placements": [{"location": "16", "players": [1, 2, 3, 4]},
                                          {"location": "19", "players": [4]}]},
    ]


def test_tv_09_card_01_story_quest(cards):
    """TV-09 (STILE-04): L553: pay 1 combat point; 5 doubloons, 1 VP per compass
    and the story tile. STILE-04 itself (playing the quest) stays not modelled."""
    q = cards[1].quest
    assert [dump(x) for x in q.cost] == [{"kind": "cp", "amount": 1}]
    assert sorted((dump(x) for x in q.reward), key=lambda d: d["kind"]) == [
        {"kind": "doubloons", "amount": 5},
        {"kind": "per_compass", "what": "vp", "amount": 1},
        {"kind": "story_tile"},
    ]


def test_story_02_card_01_back_read_when_its_tile_is_taken(cards):
    """L650: most of the time the back is read once the story tile is claimed;
    the rulebook prints nothing of card 01's back."""
    c = cards[1]
    assert dump(c.requirement) == {"kind": "story_tile_taken"}
    assert c.back_known is False and c.back == [] and c.decision is None


def test_story_02_the_instruction_kinds_are_the_rulebooks():
    """L1457-1479 (STORY-02a..f) and L656 (take a new story card)."""
    assert set(INSTRUCTION_KINDS) == {"story_tile", "quests", "cards_to_discard", "read",
                                      "legacy_tiles", "cards_to_project_pile", "next_card"}
    assert set(REQUIREMENT_KINDS) == {"story_tile_taken", "legacy_tile_full"}
    assert {"story_tile", "remove_skull_tile"} <= set(STORY_REWARD_KINDS)


def test_story_02_example_chapter_uses_every_kind(cards):
    example = [c for c in cards.values() if c.source == "reconstructed"]
    used = {i.kind for c in example for i in c.front + c.back}
    assert used == set(INSTRUCTION_KINDS)
    assert {c.requirement.kind for c in example if c.requirement} == set(REQUIREMENT_KINDS)
    assert any(c.decision for c in example)
    assert {"story_tile", "remove_skull_tile"} <= {r.kind for c in example if c.quest
                                                   for r in c.quest.reward}


def test_number_ranges_of_the_rulebook():
    """L182/L231 75-77 non-campaign, L227 80-89 chapters (80 = chapter 2), L150 90-99 C-cards."""
    assert [card_range(n) for n in (1, 74, 75, 77, 78, 80, 89, 90, 99)] == [
        "campaign", "campaign", "non_campaign", "non_campaign", "campaign", "chapter", "chapter",
        "c_card", "c_card"]
    assert (chapter_of(80), chapter_of(81), chapter_of(89), chapter_of(1)) == (2, 3, 11, None)


# ---- the game data is unchanged ----------------------------------------------------
def test_story_file_is_not_game_data():
    """story.toml is outside load_raw's FILES, so neither the validation of a data
    folder nor Catalog.data_hash sees it."""
    assert "story" not in FILES
    assert "story" not in load_raw()


def test_story_file_does_not_change_the_data_hash(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    with_story = load_catalog(folder).data_hash
    (folder / "story.toml").unlink()
    assert load_catalog(folder).data_hash == with_story == load_catalog(None).data_hash


# ---- malformed files ----------------------------------------------------------------
@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


def edit(folder, old: str, new: str) -> None:
    p = folder / "story.toml"
    text = p.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    p.write_text(text.replace(old, new), encoding="utf-8")


def rejects(folder, *parts: str) -> str:
    with pytest.raises(DataError) as e:
        load_story_cards(folder)
    msg = str(e.value)
    for part in parts:
        assert part in msg, (part, msg)
    return msg


BAD = [
    ("unknown_instruction_kind", '{ kind = "read", card = 61 }', '{ kind = "teleport", card = 61 }',
     ["story.toml", "card[1] (60)", "front[3]", "kind: unknown value 'teleport'", "allowed: story_tile"]),
    ("unknown_requirement_kind", 'requirement = { kind = "legacy_tile_full", tile = "L12" }',
     'requirement = { kind = "tile_gone" }',
     ["story.toml", "card[2] (61)", "requirement", "unknown value 'tile_gone'"]),
    ("read_to_a_missing_card", '{ kind = "read", card = 61 }', '{ kind = "read", card = 70 }',
     ["story.toml", "card[1] (60)", "front[3]: card", "card 70 is not in story.toml"]),
    ("next_card_to_a_missing_card", '{ kind = "next_card", card = 62 }',
     '{ kind = "next_card", card = 71 }',
     ["story.toml", "card[2] (61)", "back[1]: card", "card 71 is not in story.toml"]),
    ("decision_to_a_missing_card", '{ text = "The smugglers", read = 63 }',
     '{ text = "The smugglers", read = 72 }',
     ["story.toml", "card[1] (60)", "decision: option[1]: read", "card 72 is not in story.toml"]),
    ("duplicate_number", "number = 63", "number = 62",
     ["story.toml", "card[4] (62)", "number", "repeats card[3]"]),
    ("wrong_field_type", 'number = 61', 'number = "61"',
     ["story.toml", "card[2]", "number", "valid integer"]),
    ("wrong_type_in_a_list", 'cards = [93]', 'cards = ["93"]',
     ["story.toml", "card[2] (61)", "front[0]", "cards[0]", "valid integer"]),
    ("number_out_of_range", "number = 63", "number = 100",
     ["story.toml", "card[4] (100)", "number", "100 is out of range; allowed: 1..99"]),
    ("c_card_as_a_story_card", "number = 63", "number = 95",
     ["story.toml", "card[4] (95)", "number", "C-card"]),
    ("project_pile_card_not_a_c_card", "cards = [90, 91, 92]", "cards = [90, 91, 12]",
     ["story.toml", "card[1] (60)", "front[2]: cards", "12 is no C-card"]),
    ("unknown_legacy_tile", 'tiles = ["L20"]', 'tiles = ["L19"]',
     ["story.toml", "card[2] (61)", "back[0]", "tiles[0]", "'L19'"]),
    ("legacy_tile_without_discs", 'tile = "L12"', 'tile = "L3"',
     ["story.toml", "card[2] (61)", "requirement", "tile", "'L3'"]),
    ("unknown_location", '{ kind = "story_tile", location = "16" }',
     '{ kind = "story_tile", location = "99" }',
     ["story.toml", "card[3] (62)", "front[0]: location", "unknown value '99'"]),
    ("players_out_of_order", 'players = [3, 4] }', 'players = [4, 3] }',
     ["story.toml", "card[1] (60)", "front[1]: placements[1]: players", "ascending"]),
    ("unknown_field", 'title = "Example: the new dock (invented)"', 'titel = "x"',
     ["story.toml", "card[2] (61)", "titel: unknown field"]),
    ("quest_missing_story_tile", '  { kind = "story_tile" },\n  { kind = "vp", amount = 3 },',
     '  { kind = "vp", amount = 3 },',
     ["story.toml", "card[1] (60)", "quest: reward", "no story_tile reward"]),
    ("unknown_good", 'good = "tobacco"', 'good = "rum"',
     ["story.toml", "card[3] (62)", "quest: cost[0]: good", "unknown value 'rum'"]),
    ("not_valid_toml", 'number = 63\ntitle', 'number = 63\nsource = "published"\ntitle',
     ["story.toml", "not valid TOML"]),   # a second `source` key
    ("quest_without_story_tile_instruction", '{ kind = "story_tile", location = "16" },\n', '',
     ["story.toml", "card[3] (62)", "quest", "without a story_tile instruction"]),
]


@pytest.mark.parametrize("old,new,parts", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_malformed_story_file_names_file_entry_and_field(folder, old, new, parts):
    edit(folder, old, new)
    rejects(folder, *parts)


def test_published_card_needs_a_ref(folder):
    edit(folder, 'number = 63\ntitle = "Example: the smugglers\' cove (invented)"\nsource = "reconstructed"',
         'number = 63\ntitle = "x"\nsource = "published"')
    rejects(folder, "story.toml", "card[4] (63)", "ref: missing")


def test_missing_story_file_names_it(folder):
    (folder / "story.toml").unlink()
    rejects(folder, "story.toml: missing")


def test_a_data_folder_without_board_skips_the_location_check(tmp_path):
    d = tmp_path / "only_story"
    d.mkdir()
    text = (DATA_DIR / story.STORY_FILE).read_text(encoding="utf-8")
    (d / story.STORY_FILE).write_text(text.replace('location = "16" }', 'location = "99" }'),
                                      encoding="utf-8")
    assert len(load_story_cards(d)) == 6   # 01, 60-63 and the chapter card 80


def test_story_04_a_decision_option_cannot_read_its_own_card(folder):
    """STORY-04: a decision's option leads to another card ("Read NN"); the
    card whose back is being read has just left play (L650-654), so an option
    reading it again is refused, naming file, entry and field."""
    edit(folder, '{ text = "The smugglers", read = 63 }', '{ text = "The smugglers", read = 60 }')
    rejects(folder, "story.toml", "card[1] (60)", "decision: option[1]: read", "60 is this card",
            "allowed: another card")

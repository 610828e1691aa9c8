"""Rule tests for Maracaibo's campaign (checklist §27 STORY-*, STILE-*, SETUP-03,
SETUP-07, SETUP-18, QREW-01, QREW-08, LEG-00b, LEG-00c, END-05, SOLO-20, TV-09,
TV-18).

Card 01 is the rulebook's (data/story.toml, source "rulebook"); every other
scenario plays story cards written here, in a copy of the data folder, so the
expected values come from the rules, not from the shipped reconstructed cards.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from helpers import (refresh, at_main, at_phase, finish_setup, get, put, loc, compasses, set_tableau,
                     card_by_name)
from test_solo import set_deck, JEAN
from maracaibo_env import Game
from maracaibo_env.maracaibo.campaign import Campaign, CampaignError, archive_of, story_log
from maracaibo_env.framework.game import GameConfigError
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import automa, constants as L
from maracaibo_env.maracaibo.data_load import DATA_DIR
from maracaibo_env.maracaibo.invariants import check_invariants

N_QUESTS = L.N_QUESTS
OLD = Path(__file__).parents[1] / "data" / "old_saves"


# ---------------------------------------------------------------- helpers
def _data(tmp_path, cards: str):
    """A copy of the shipped data whose story.toml holds `cards` (TOML)."""
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    (d / "story.toml").write_text(cards)
    return load_catalog(d)


def _story_quests(g):
    """{location key: story-card number} of the story tiles on the board."""
    cat = g.catalog
    return {cat.loc_keys[int(lc)]: cat.story_numbers[int(t) - N_QUESTS]
            for t, lc in zip(get(g, "BQ_TILE"), get(g, "BQ_LOC")) if t >= N_QUESTS}


def _quest_tiles(g):
    """Sorted location keys of the quest tiles (not story tiles) on the board."""
    cat = g.catalog
    return sorted(cat.loc_keys[int(lc)] for t, lc in zip(get(g, "BQ_TILE"), get(g, "BQ_LOC"))
                  if 0 <= t < N_QUESTS)


def _in_play(g):
    return [g.catalog.story_numbers[int(s) - 1] for s in get(g, "SC_PLAY") if s > 0]


def _pending(g):
    """The cards in play drawn during final scoring (SC_PENDING: bits by story-card slot)."""
    bits = get(g, "SC_PENDING")
    return [n for n in _in_play(g) if (bits[g.catalog.story_slot(n) // 30] >> (g.catalog.story_slot(n) % 30)) & 1]


def _take_story_tile(g, p, key):
    """p's ship at `key` in Phase B with enough to pay; fulfil the story quest there."""
    at_main(g, p, key)
    put(g, "CP", 5, p)
    refresh(g)
    names = [n for n in g.legal_action_names() if n.startswith("main:quest:")]
    k = [i for i in range(L.BOARD_QUEST_CAP) if get(g, "BQ_TILE")[i] >= N_QUESTS
         and get(g, "BQ_LOC")[i] == loc(g, key)]
    assert f"main:quest:{k[0]}" in names
    g.step(f"main:quest:{k[0]}")


def _end_round(g, p, final=False):
    """p ends the round (ship to 21a, 22 in round IV), everyone takes 2 VP in step 1."""
    put(g, "ROUND", 4 if final else get(g, "ROUND"))
    put(g, "STK_N", 0)
    put(g, "MAIN_DONE", 0)
    put(g, "SHIP", loc(g, "21b" if final else "20"), p)
    at_phase(g, p, "sail")
    g.step("sail:22:mp1" if final else "sail:21a:mp1")
    if g.phase == "main":
        g.step("pass")
    while g.phase == "draw":
        g.step(g.legal_actions()[0])
    while g.phase == "score_buy":
        g.step("score:vp2")


def _quest(cost="{ kind = \"cp\", amount = 1 }", more=""):
    return f'quest = {{ cost = [{cost}], reward = [{{ kind = "story_tile" }}, {{ kind = "vp", amount = 1 }}{more}] }}'


# ------------------------------------------------- SETUP-18 / TV-18: the first game
@pytest.mark.parametrize("n,quests", [(1, ["16"]), (2, ["16"]), (3, ["16"]), (4, ["16", "19"])])
def test_tv_18_setup_18_story_02a_story_02b_first_game_card_01(n, quests):
    """Story tile 1 next to 15, quest tiles at 16 (1-4 players) and 19 (4
    players) (EN set-up step 15; story-card summary "Quest: 16 (1-4), 19 (4)")."""
    g = Campaign.new().next_game(num_players=n, seed=3)
    assert _story_quests(g) == {"15": 1}
    assert get(g, "STILE_USED") == 1 and get(g, "SC_STILE")[0] == 1   # SETUP-03: tile 1 first
    assert _quest_tiles(g) == quests
    assert _in_play(g) == [1] and story_log(g) == [(1, "drawn")]
    assert check_invariants(g.state, g.catalog) == []


def test_setup_03_no_story_tiles_outside_the_campaign():
    """SETUP-03 / STORY-08: a non-campaign game uses no story tiles."""
    for story in (75, 76, 77):
        g = Game(num_players=4, seed=2, story=story)
        assert not (get(g, "BQ_TILE") >= N_QUESTS).any()
        assert get(g, "CAMPAIGN") == 0 and get(g, "STILE_USED") == 0 and _in_play(g) == []


def test_campaign_off_plays_the_same_game():
    """A non-campaign game is unchanged by the campaign's code: the same
    seed and actions give the same scores with and without a story.toml."""
    g = Game(num_players=3, seed=8)
    rng = np.random.default_rng(8)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    h = Game.from_json(g.to_json())
    assert h.scores() == g.scores() and get(g, "SC_LOG_N") == 0


# ------------------------------------------- TV-09 / STILE-01..05 / QREW-01: the story quest
@pytest.mark.parametrize("comp", [1, 2])
def test_tv_09_stile_04_stile_05_qrew_01_story_quest_of_card_01(comp):
    """Ship at 15, pay 1 CP -> 5 doubloons, 1 VP per compass, and the story
    tile onto the quest track (EN "Story tiles" example: with 1 compass, 5
    doubloons and 1 VP)."""
    g = finish_setup(Campaign.new().next_game(num_players=2, seed=4))
    p = g.current_player
    if comp == 2:   # a compass card in the display (PERM-04)
        raw = g.catalog.raw["cards"]["card"]
        name = next(c["name"] for c in raw if c.get("effects") == [{"kind": "perm_compass"}])
        set_tableau(g, p, [card_by_name(g, name)])
    at_main(g, p, "15")
    put(g, "CP", 2, p)
    refresh(g)
    assert compasses(g, p) == comp
    before = {k: get(g, k, p) for k in ("CP", "DOUBLOONS", "VP", "QUESTS")}
    k = int(np.flatnonzero(get(g, "BQ_TILE") >= N_QUESTS)[0])
    g.step(f"main:quest:{k}")
    assert get(g, "CP", p) == before["CP"] - 1                 # STILE-05: the cost, left of the bracket
    assert get(g, "DOUBLOONS", p) == before["DOUBLOONS"] + 5
    assert get(g, "VP", p) == before["VP"] + comp
    assert get(g, "QUESTS", p) == before["QUESTS"] + 1         # QREW-01: onto the quest track
    assert _story_quests(g) == {}
    assert get(g, "SC_TAKER")[0] == p + 1 and get(g, "STILE_TAKEN") == 1
    assert check_invariants(g.state, g.catalog) == []


def test_stile_01_quest_01_needs_the_ship_there_and_the_cost():
    g = finish_setup(Campaign.new().next_game(num_players=2, seed=4))
    p = g.current_player
    at_main(g, p, "15")
    put(g, "CP", 0, p)
    refresh(g)
    assert not [n for n in g.legal_action_names() if n.startswith("main:quest")]
    at_main(g, p, "14")
    put(g, "CP", 3, p)
    refresh(g)
    assert not [n for n in g.legal_action_names() if n.startswith("main:quest")]


def test_stile_02_a_story_tile_is_a_quest_tile_fourth_quest_vp():
    """STILE-02: it counts for the quest track's 4th-quest VP (QUEST-06) and
    everything that counts quest tiles (QUESTS)."""
    g = finish_setup(Campaign.new().next_game(num_players=2, seed=4))
    p = g.current_player
    put(g, "QUESTS", 3, p)
    vp = get(g, "VP", p)
    _take_story_tile(g, p, "15")
    assert get(g, "QUESTS", p) == 4
    assert get(g, "VP", p) == vp + compasses(g, p) + 3


def test_stile_03_a_taken_story_tile_is_not_replaced_until_round_end():
    g = finish_setup(Campaign.new().next_game(num_players=2, seed=4))
    p = g.current_player
    _take_story_tile(g, p, "15")
    g.step("pass")
    while g.phase == "draw":
        g.step(g.legal_actions()[0])
    assert _story_quests(g) == {} and get(g, "STILE_USED") == 1


# ------------------------------------------- STORY-03..05: the campaign check
CHAIN = """
[[card]]
number = 1
source = "reconstructed"
front = [{ kind = "story_tile", location = "15" }]
%s
requirement = { kind = "story_tile_taken" }
back = [{ kind = "next_card", card = 5 }, { kind = "legacy_tiles", tiles = ["L12"] }]

[[card]]
number = 2
source = "reconstructed"
front = [{ kind = "story_tile", location = "3" }]
%s
requirement = { kind = "story_tile_taken" }
decision = { text = "x", option = [{ text = "a", read = 7 }, { text = "b", read = 8 }] }

[[card]]
number = 5
source = "reconstructed"
front = [{ kind = "story_tile", location = "9" }, { kind = "quests", placements = [{ location = "6", players = [1, 2, 3, 4] }] }]
%s
requirement = { kind = "story_tile_taken" }

[[card]]
number = 7
source = "reconstructed"
front = [{ kind = "quests", placements = [{ location = "7", players = [2, 3, 4] }] }]

[[card]]
number = 8
source = "reconstructed"
front = [{ kind = "quests", placements = [{ location = "8", players = [1, 2, 3, 4] }] }]
""" % (_quest(), _quest(), _quest())


def _chain(tmp_path, n=3, seed=5, in_play=(1, 2)):
    cat = _data(tmp_path, CHAIN)
    g = finish_setup(Game(num_players=n, seed=seed, catalog=cat,
                          campaign={"pending": list(in_play)}))
    return g


def test_story_03_story_05_story_02e_taker_reads_the_back_then_a_new_card(tmp_path):
    """STORY-03: the tile's taker reads the back at interim step 6; STORY-05:
    the card is tucked (leaves play) and the new card is drawn and followed
    at once (STORY-01): its story tile and quests; STORY-02e: a tile added."""
    g = _chain(tmp_path, n=3, in_play=(1,))
    assert _story_quests(g) == {"15": 1}
    p = g.current_player
    _take_story_tile(g, p, "15")
    _end_round(g, p)
    assert get(g, "ROUND") == 2
    assert _in_play(g) == [5]
    assert _story_quests(g) == {"9": 5}                 # the next story tile (2) at 9
    assert get(g, "SC_STILE")[0] == 2 and get(g, "STILE_USED") == 2
    assert "6" in _quest_tiles(g)
    assert get(g, "LEGACY") & (1 << 11)                 # L12 added (STORY-02e)
    assert get(g, "LEG_DISCS")[12 - 10] == 0          # 3 players: no set-up disc
    assert story_log(g) == [(1, "drawn"), (1, "read"), (5, "drawn")]
    assert check_invariants(g.state, g.catalog) == []


def test_story_03_untaken_story_tile_no_reading(tmp_path):
    g = _chain(tmp_path, n=2, in_play=(1,))
    _end_round(g, g.current_player)
    assert _in_play(g) == [1] and _story_quests(g) == {"15": 1}


def test_story_03_several_cards_in_ascending_order(tmp_path):
    """Cards 1 and 2 both fulfilled: 1 is read before 2 (then 2's decision)."""
    g = _chain(tmp_path, n=2, in_play=(2, 1))
    p = g.current_player
    _take_story_tile(g, p, "3")        # card 2's tile
    g.step("pass")
    while g.phase == "draw":
        g.step(g.legal_actions()[0])
    q = g.current_player
    _take_story_tile(g, q, "15")       # card 1's tile
    _end_round(g, q)
    reads = [n for n, e in story_log(g) if e == "read"]
    assert reads == [1, 2]
    assert g.phase == "choice"         # card 2's vote (STORY-04)


@pytest.mark.parametrize("votes,reader_vote,expected", [
    ((0, 0, 1), 0, 7),    # majority option a
    ((1, 1, 0), 1, 8),    # majority option b
])
def test_story_04_majority_vote(tmp_path, votes, reader_vote, expected):
    """STORY-04: every player votes once; the majority's option is read."""
    g = _chain(tmp_path, n=3, in_play=(2,))
    p = g.current_player
    _take_story_tile(g, p, "3")
    _end_round(g, p)
    voters = []
    for _ in range(3):
        assert g.phase == "choice"
        voters.append(g.current_player)
        g.step(f"choice:{votes[len(voters) - 1]}")
    assert voters[0] == p                                # from the reader on
    assert sorted(voters) == [0, 1, 2]
    assert _in_play(g) == [expected]


@pytest.mark.parametrize("reader_choice", [0, 1])
def test_story_04_a_tie_is_broken_by_the_reader(tmp_path, reader_choice):
    g = _chain(tmp_path, n=2, in_play=(2,))
    p = g.current_player
    _take_story_tile(g, p, "3")
    _end_round(g, p)
    assert g.current_player == p
    g.step(f"choice:{reader_choice}")
    g.step(f"choice:{1 - reader_choice}")
    assert _in_play(g) == [(7, 8)[reader_choice]]


def test_story_03_legacy_tile_full_read_by_who_ended_the_round(tmp_path):
    """A card needing a full legacy tile is read by the player who ended the
    round (STORY-03); shown by the tie of a 2-player vote going to that player."""
    cat = _data(tmp_path, """
[[card]]
number = 3
source = "reconstructed"
front = [{ kind = "legacy_tiles", tiles = ["L12"] }]
requirement = { kind = "legacy_tile_full", tile = "L12" }
decision = { text = "x", option = [{ text = "a", read = 7 }, { text = "b", read = 8 }] }

[[card]]
number = 7
source = "reconstructed"
[[card]]
number = 8
source = "reconstructed"
""")
    g = finish_setup(Game(num_players=2, seed=6, catalog=cat, campaign={"pending": [3]}))
    spaces = next(t for t in cat.raw["legacy_tiles"]["tile"] if t["tile"] == "L12")["spaces"]
    trig = 1 - g.current_player
    _end_round(g, g.current_player)
    assert _in_play(g) == [3]                     # not full: not read
    put(g, "LEG_DISCS", spaces, index=12 - 10)
    _end_round(g, trig)
    assert g.current_player == trig               # the round-ender reads and votes first
    g.step("choice:1")
    g.step("choice:0")
    assert _in_play(g) == [8]


# ------------------------------------------- SOLO-20 / STORY-07: Jean's story quest
def test_solo_20_story_07_jean_takes_the_story_tile_you_read_the_back(tmp_path):
    cat = _data(tmp_path, CHAIN.replace('location = "15" }]', 'location = "1" }]', 1))
    g = finish_setup(Game(num_players=1, seed=6, catalog=cat, campaign={"pending": [1]}))
    assert _story_quests(g) == {"1": 1}
    set_deck(g, ["A1"])
    automa.take_turn(g.state, g._cat)            # Jean sails to 1 and takes the oldest quest there
    assert ("quest", "1") in g.jean_log()
    assert get(g, "SC_TAKER")[0] == JEAN + 1 and get(g, "QUESTS", JEAN) == 1
    _end_round(g, 0)
    assert _in_play(g) == [5]                    # the back was read at the end of the round


# ------------------------------------------- STORY-01: a card drawn in final scoring
def test_story_01_card_drawn_in_final_scoring_waits_for_the_next_game(tmp_path):
    cat = _data(tmp_path, CHAIN)
    c = Campaign.new(catalog=cat)
    g = finish_setup(c.next_game(num_players=2, seed=7))
    p = g.current_player
    _take_story_tile(g, p, "15")
    _end_round(g, p, final=True)
    assert g.is_over
    assert _in_play(g) == [5] and _pending(g) == [5]
    assert "9" not in _story_quests(g) and "6" not in _quest_tiles(g)   # not followed yet
    assert story_log(g)[-1] == (5, "pending")
    c.record(g)
    assert c.archive["pending"] == [5] and c.archive["in_play"] == [] and c.archive["gone"] == [1]
    assert c.archive["legacy"] == ["L12"]
    h = c.next_game(num_players=2, seed=8)        # followed at the start of the next game
    assert _story_quests(h) == {"9": 5} and "6" in _quest_tiles(h)
    assert _pending(h) == [] and get(h, "SC_STILE")[0] == 1   # the new game's tile 1


# ------------------------------------------- STORY-02: instructions
def test_story_02d_story_02c_story_02f_setup_07_read_chain_and_c_cards(tmp_path):
    cat = _data(tmp_path, """
[[card]]
number = 10
source = "reconstructed"
front = [{ kind = "cards_to_project_pile", cards = [90, 91, 92] }, { kind = "read", card = 11 }]

[[card]]
number = 11
source = "reconstructed"
front = [{ kind = "cards_to_discard", cards = [93] }, { kind = "quests", placements = [{ location = "12", players = [2] }] }]
""")
    g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [10]})
    assert _in_play(g) == [10, 11]                       # both placed (STORY-02d)
    assert [n for n, _ in story_log(g)] == [10, 11]
    assert "12" in _quest_tiles(g)
    assert get(g, "CC_PILE") == 0b111 and get(g, "CC_DISCARD") == 0b1000
    rng = np.random.default_rng(1)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    a = archive_of(g)                                    # END-05: C-cards stay in the pile
    assert a["c_pile"] == [90, 91, 92, 93] and a["in_play"] == [10, 11]


def test_story_02c_draw_04_c_cards_on_the_discard_pile_join_the_draw_pile_when_it_runs_out(tmp_path):
    """STORY-02c (L1465): C-cards added to the discard pile are shuffled into
    the project card pile "in the next game, or in the current game if the
    draw pile runs out" (DRAW-04: then the discard pile is reshuffled)."""
    from maracaibo_env.maracaibo.core import common
    cat = _data(tmp_path, """
[[card]]
number = 10
source = "reconstructed"
front = [{ kind = "cards_to_discard", cards = [93, 94] }, { kind = "cards_to_project_pile", cards = [90] }]
""")
    g = finish_setup(Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [10]}))
    c_bits = lambda ns: sum(1 << (n - 90) for n in ns)   # noqa: E731
    assert get(g, "CC_DISCARD") == c_bits([93, 94]) and get(g, "CC_PILE") == c_bits([90])
    assert common.draw_top(g.state) >= 0                 # the pile has cards: they stay discarded
    assert get(g, "CC_DISCARD") == c_bits([93, 94])
    n, d = get(g, "DRAW_N"), get(g, "DISCARD_N")         # the draw pile runs out: all of it discarded
    draw = get(g, "DRAW")
    for i in range(n):
        put(g, "DISCARD", draw[i], index=d + i)
    put(g, "DISCARD_N", n + d)
    put(g, "DRAW", -1)
    put(g, "DRAW_N", 0)
    assert common.draw_top(g.state) >= 0                 # the reshuffle
    assert get(g, "CC_PILE") == c_bits([90, 93, 94]) and get(g, "CC_DISCARD") == 0
    assert get(g, "DRAW_N") == n + d - 1 and get(g, "DISCARD_N") == 0


def test_story_02c_draw_06_c_cards_join_the_pile_even_when_nothing_else_is_discarded(tmp_path):
    """STORY-02c (L1465): "if the draw pile runs out" the discarded C-cards are
    shuffled in, even when they are all the discard pile holds."""
    from maracaibo_env.maracaibo.core import common
    cat = _data(tmp_path, """
[[card]]
number = 10
source = "reconstructed"
front = [{ kind = "cards_to_discard", cards = [95] }]
""")
    g = finish_setup(Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [10]}))
    put(g, "DRAW", -1)
    put(g, "DRAW_N", 0)
    put(g, "DISCARD", -1)
    put(g, "DISCARD_N", 0)
    assert common.draw_top(g.state) == -1                # no project card to draw (DRAW-06)
    assert get(g, "CC_PILE") == 1 << 5 and get(g, "CC_DISCARD") == 0


ADDS_L12 = 'front = [{ kind = "legacy_tiles", tiles = ["L12"] }]'
NEEDS_L12 = 'requirement = { kind = "legacy_tile_full", tile = "L12" }'


def _story_card(number: int, *lines: str) -> str:
    """A reconstructed story card of story.toml with these extra lines."""
    return f"""
[[card]]
number = {number}
source = "reconstructed"
""" + "".join(line + "\n" for line in lines)


@pytest.mark.parametrize("low,high", [
    (ADDS_L12, ADDS_L12),
    (ADDS_L12, NEEDS_L12),
    (NEEDS_L12, ADDS_L12),
    ('front = [{ kind = "legacy_tiles", tiles = ["L6", "L12"] }]', ADDS_L12),
], ids=["both_add_it", "adds_it_and_needs_it_full", "needs_it_full_and_adds_it", "one_of_two_tiles"])
def test_story_06_leg_00c_any_two_cards_needing_one_legacy_tile_the_higher_wins(tmp_path, low, high):
    """STORY-06 / LEG-00c (L1539 "two story cards that both require the same
    legacy tile ... the card with the higher number governs. Remove the
    lower-numbered story card from the game"): a card needs a tile when it adds
    it (L1475: with its new rules for it) or needs it full (L650), in any pair."""
    cat = _data(tmp_path, _story_card(20, low) + _story_card(30, high))
    for order in ([20, 30], [30, 20]):
        g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": order})
        assert _in_play(g) == [30] and (20, "removed") in story_log(g), order
        assert (30, "removed") not in story_log(g)


def test_story_06_cards_needing_different_tiles_both_stay(tmp_path):
    """STORY-06 concerns only cards that need the same tile (L1539)."""
    cat = _data(tmp_path, _story_card(20, ADDS_L12, NEEDS_L12)
                + _story_card(30, ADDS_L12.replace("L12", "L13"), NEEDS_L12.replace("L12", "L13")))
    g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [20, 30]})
    assert _in_play(g) == [20, 30] and not [e for _, e in story_log(g) if e == "removed"]


def test_story_02d_story_01_every_card_drawn_stays_in_play_however_many(tmp_path):
    """STORY-02d: "Add the story card to the usual space ... Then immediately
    draw the indicated story card ... Add the second card to the usual space
    on the game board as well" (L1469): the rulebook sets no limit on the
    space, so a Read chain of 12 cards leaves all 12 in play (none used up),
    and the archive carries them to the next game (END-05, SETUP-18)."""
    cards = "".join(f"""
[[card]]
number = {n}
source = "reconstructed"
front = [{{ kind = "quests", placements = [{{ location = "16", players = [2] }}] }}{f', {{ kind = "read", card = {n + 1} }}' if n < 21 else ''}]
""" for n in range(10, 22))
    from maracaibo_env.maracaibo.core.catalog_layout import MAX_SC
    assert L.SC_PLAY_CAP >= MAX_SC          # room for every card story.toml may hold
    cat = _data(tmp_path, cards)
    c = Campaign(catalog=cat)
    c.archive["pending"] = [10]
    g = c.next_game(num_players=2, seed=1)
    assert _in_play(g) == list(range(10, 22))
    assert story_log(g) == [(n, "drawn") for n in range(10, 22)]
    assert check_invariants(g.state, g.catalog) == []
    rng = np.random.default_rng(1)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    c.record(g)
    assert c.archive["in_play"] == list(range(10, 22))
    h = c.next_game(num_players=2, seed=2)
    assert story_log(h) == [(n, "again") for n in range(10, 22)]
    assert np.array_equal(Game.from_json(h.to_json(), catalog=cat).state, h.state)


def test_quest_09_con_05_a_full_board_places_no_more_and_loses_no_tile(tmp_path):
    """CON-05: 24 quest tiles, every one accounted for. The engine lays at most
    BOARD_QUEST_CAP (16) quests on the board at once; a placement beyond it
    places nothing and leaves the tile in the pile, as with an empty pile
    (QUEST-09 ruling; docs/rulings.md)."""
    locs = ["3", "6", "7", "8", "9", "12", "16", "18"]
    placements = ", ".join(f'{{ location = "{k}", players = [2] }}' for k in locs)
    cards = "".join(f"""
[[card]]
number = {n}
source = "reconstructed"
front = [{{ kind = "quests", placements = [{placements}] }}{f', {{ kind = "read", card = {n + 1} }}' if n < 12 else ''}]
""" for n in (10, 11, 12))
    cat = _data(tmp_path, cards)
    g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [10]})
    assert _in_play(g) == [10, 11, 12]
    assert len(_quest_tiles(g)) == L.BOARD_QUEST_CAP == 16
    assert get(g, "QPILE_N") == N_QUESTS - L.EXP_QUESTS - 16     # the other 5 stay in the pile
    assert check_invariants(g.state, g.catalog) == []


def test_story_06_leg_00c_two_cards_need_one_tile_the_higher_wins(tmp_path):
    cat = _data(tmp_path, _story_card(20, ADDS_L12, NEEDS_L12) + _story_card(30, ADDS_L12, NEEDS_L12))
    g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [20, 30]})
    assert _in_play(g) == [30] and (20, "removed") in story_log(g)
    g = Game(num_players=2, seed=1, catalog=cat, campaign={"pending": [30, 20]})
    assert _in_play(g) == [30] and (20, "removed") in story_log(g)


def test_qrew_08_story_quest_removes_a_skull_tile(tmp_path):
    """QREW-08: remove a skull tile (L3, L20-L23); with L3 Cartagena gets a city tile."""
    cat = _data(tmp_path, """
[[card]]
number = 4
source = "reconstructed"
front = [{ kind = "story_tile", location = "15" }]
%s
""" % _quest(more=', { kind = "remove_skull_tile" }'))
    g = finish_setup(Game(num_players=2, seed=3, catalog=cat,
                          campaign={"pending": [4], "legacy": ["L3", "L20"]}))
    cart = next(t for t in cat.raw["legacy_tiles"]["tile"] if t["tile"] == "L3")["location"]
    assert get(g, "LOC_TILE")[loc(g, cart)] == -1
    p = g.current_player
    _take_story_tile(g, p, "15")
    assert g.phase == "choice"                  # two skull tiles: the player chooses
    g.step("choice:0")                          # the first in play: L3
    assert not get(g, "LEGACY") & (1 << 2) and get(g, "LEGACY") & (1 << 19)
    assert get(g, "LOC_TILE")[loc(g, cart)] >= 0


# ------------------------------------------- LEG-00b / END-05 / SETUP-07: between games
def test_leg_00b_tiles_carry_over_with_their_discs_removed(tmp_path):
    g = Game(num_players=3, seed=1, campaign={"pending": [], "legacy": ["L12"]})
    put(g, "LEG_DISCS", 2, index=2)
    rng = np.random.default_rng(2)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    a = archive_of(g)
    assert a["legacy"] == ["L12"]
    h = Game(num_players=3, seed=2, campaign=a)
    assert get(h, "LEG_DISCS")[2] == 0           # 3 players: no set-up disc


def test_end_05_archive_and_setup_18_continue(tmp_path):
    """The cards on the board and the tiles go to the archive; the next game
    reads the archived cards again (their story tiles and quests)."""
    c = Campaign.new()
    g = c.next_game(num_players=2, seed=5)
    rng = np.random.default_rng(5)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    s = c.record(g)
    if get(g, "SC_TAKER")[0] == 0 and _in_play(g) == [1]:
        assert c.archive["in_play"] == [1]
        h = c.next_game(num_players=4, seed=6)
        assert _story_quests(h) == {"15": 1} and _quest_tiles(h) == ["16", "19"]
        assert story_log(h) == [(1, "again")]
    assert s["game"] == 1 and c.games == [s]


def test_setup_18_a_campaign_with_no_story_card_left_is_refused_saying_why(tmp_path):
    """SETUP-18 "pick up where you left off": "Take all story cards out of the
    archive" (L223), and in the campaign new quests come only from story cards
    (L656-660). Card 01's back is printed in no source, so once it is read the
    archive holds no card: the next game is refused, saying why and what is
    allowed (a chapter, L227), never played without a card or quests."""
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    c = Campaign.new()
    g = finish_setup(c.next_game(num_players=2, seed=4))
    p = g.current_player
    _take_story_tile(g, p, "15")
    _end_round(g, p, final=True)
    assert g.is_over and (1, "read") in story_log(g)
    c.record(g)
    assert c.archive["in_play"] == c.archive["pending"] == [] and c.archive["gone"] == [1]
    for refused in (lambda: c.next_game(num_players=2, seed=5),
                    lambda: MaracaiboSingleEnv(num_players=2, campaign=c)):
        with pytest.raises(CampaignError, match=r"holds no story card.*card 01.*printed in no source"
                                                r".*Allowed: start a chapter"):
            refused()
    assert c._open is None and len(c.games) == 1
    g = c.start_chapter(2).next_game(num_players=2, seed=5)
    assert story_log(g)[0] == (80, "drawn")
    # a back that is known and names no next card: the same refusal
    cat = _data(tmp_path, """
[[card]]
number = 1
source = "reconstructed"
front = [{ kind = "story_tile", location = "15" }]
%s
requirement = { kind = "story_tile_taken" }
""" % _quest())
    c = Campaign.new(catalog=cat)
    g = finish_setup(c.next_game(num_players=2, seed=4))
    _take_story_tile(g, g.current_player, "15")
    _end_round(g, g.current_player, final=True)
    c.record(g)
    with pytest.raises(CampaignError, match="no story card is left to follow.*chapters in story.toml: none"):
        c.next_game(num_players=2, seed=5)


def test_a_format_4_campaign_save_loads_in_format_5(tmp_path):
    """A format-4 save (8 story cards in play, SC_PENDING by entry) loads with
    its campaign fields in format 5's layout: the same cards in play, the
    pending one (drawn in final scoring, STORY-01) still pending."""
    d = json.loads((OLD / "maracaibo_format4_campaign.json").read_text())
    assert d["format"] == 4 and len(d["state"]["SC_PLAY"]) == 8 and d["state"]["SC_PENDING"] == 0b100
    g = Game.from_dict(d, ignore_data_hash=True)   # the data changed since (issue 37)
    assert _in_play(g) == [80, 61, 62] and _pending(g) == [62]
    assert len(get(g, "SC_PLAY")) == L.SC_PLAY_CAP and g.is_over
    h = Game.from_json(g.to_json())
    assert h.to_dict()["format"] == 5 and np.array_equal(h.state, g.state)
    d["state"]["SC_PENDING"] = 0b1000                   # an empty entry pending: named
    with pytest.raises(ValueError, match=r"SC_PENDING: 8 marks SC_PLAY\[3\] = 0 pending"):
        Game.from_dict(d, ignore_data_hash=True)


def test_setup_18_chapter_start():
    """A chapter starts from its card 80-89 (card 80 = chapter 2)."""
    cat = load_catalog()
    c = Campaign.new().start_chapter(2)
    assert c.archive["pending"] == [80] and c.chapter == 2
    g = c.next_game(num_players=2, seed=1)
    assert story_log(g)[0] == (80, "drawn")
    with pytest.raises(CampaignError, match="allowed: 2..11"):
        c.start_chapter(12)
    missing = [ch for ch in range(2, 12) if 78 + ch not in cat.story_numbers]
    with pytest.raises(CampaignError, match="not in story.toml"):
        c.start_chapter(missing[0])


# ------------------------------------------- the Campaign object
def test_campaign_json_round_trip_and_errors():
    c = Campaign.new()
    g = c.next_game(num_players=2, seed=1)
    d = Campaign.from_json(c.to_json())
    assert d.archive == c.archive and d._open == c._open
    with pytest.raises(CampaignError, match="not over"):
        c.record(g)
    rng = np.random.default_rng(1)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    foreign = Game(num_players=2, seed=2, campaign={"pending": [1]})
    while not foreign.is_over:
        foreign.step(int(rng.choice(foreign.legal_actions())))
    with pytest.raises(CampaignError, match="not set up by this campaign"):
        c.record(foreign)
    d.record(g)                            # the reloaded campaign takes the game back
    with pytest.raises(CampaignError, match="recorded already"):
        d.record(g)
    for bad, msg in (("{", "not valid JSON"), ("[]", "not a campaign file"),
                     (json.dumps({**c.to_dict(), "story_hash": "0" * 64}), "other story cards"),
                     (json.dumps({**c.to_dict(), "archive": {"in_play": [99]}}), "in_play: 99")):
        with pytest.raises(CampaignError, match=msg):
            Campaign.from_json(bad)


@pytest.mark.parametrize("spec,msg", [
    ([1], "must be a dict"),
    ({"cards": [1]}, "unknown key 'cards'"),
    ({"pending": [2]}, "pending: 2; allowed: a card of story.toml"),
    ({"pending": [True]}, "pending: True"),
    ({"pending": [1], "gone": [1]}, "both pending and gone"),
    ({"c_pile": [89]}, "90..99"),
    ({"legacy": ["L19"]}, "legacy: 'L19'"),
    ({"pending": "1"}, "allowed: a list"),
])
def test_game_campaign_option_is_checked(spec, msg):
    before = Game(num_players=2, seed=1)
    with pytest.raises(GameConfigError, match=msg):
        Game(num_players=2, seed=1, campaign=spec)
    with pytest.raises(GameConfigError, match="story and legacy"):
        Game(num_players=2, seed=1, campaign={"pending": [1]}, legacy=["L6"])
    assert before.legal_actions()


def test_a_campaign_game_replays_and_saves(tmp_path):
    from maracaibo_env.framework.replay import verify_replay
    g = Campaign.new().next_game(num_players=3, seed=9)
    rng = np.random.default_rng(9)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
        if get(g, "STEPS") == 40:
            h = Game.from_json(g.to_json())
            assert np.array_equal(h.state, g.state) and get(h, "CAMPAIGN") == 1
    path = tmp_path / "c.jsonl"
    g.save_replay(path)
    assert verify_replay(path).scores() == g.scores()
    assert json.loads(path.read_text().splitlines()[0])["setup"]["campaign"]["pending"] == [1]


# ------------------------------------------- the envs train on a chapter
def test_envs_take_a_campaign_or_a_chapter():
    from maracaibo_env.maracaibo.aec import env as aec_env
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    e = aec_env(num_players=2, campaign=2)
    e.reset(seed=3)
    assert story_log(e.unwrapped.game)[0] == (80, "drawn")
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    s = MaracaiboSingleEnv(num_players=2, campaign=Campaign.new(), obs_type="float")
    obs, info = s.reset(seed=1)
    assert get(s.game, "CAMPAIGN") == 1 and _story_quests(s.game) == {"15": 1}
    assert obs.dtype == np.float32 and np.abs(obs).max() <= 1
    with pytest.raises(GameConfigError, match="chapter is 2..11"):
        aec_env(num_players=2, campaign=1)
    with pytest.raises(GameConfigError, match="unknown key"):
        MaracaiboSingleEnv(num_players=2, campaign={"x": 1})


def test_vector_env_trains_on_a_chapter():
    """LearnerGames(campaign=N): every game, restarted ones too, starts that chapter."""
    from maracaibo_env.maracaibo.vector import LearnerGames
    v = LearnerGames(8, num_players=2, opponents="random", seed=3, campaign=2)
    v.reset()
    rng = np.random.default_rng(0)
    done_games = 0
    for _ in range(400):
        masks = v.action_masks()
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, _, dones, _ = v.step(acts)
        done_games += int(dones.sum())
    assert done_games > 0                      # some games restarted
    for st in v.batch.states:
        assert st[L.G_CAMPAIGN] == 1 and st[L.G_SC_LOG] == 80 * 8    # card 80 drawn first
        assert st[L.G_LEGACY] & (1 << 5)       # card 80 brings L6
    plain = LearnerGames(2, num_players=2, seed=3)
    plain.reset()
    assert not plain.batch.states[:, L.G_CAMPAIGN].any()


def test_a_campaign_save_and_replay_record_the_story_cards(tmp_path):
    """A campaign game's save and replay record data_hash and story_hash
    together: other story cards are refused; a non-campaign save is not
    concerned by them."""
    from maracaibo_env.framework.replay import ReplayError, verify_replay
    g = Campaign.new().next_game(num_players=2, seed=1)
    d = g.to_dict()
    assert d["data_hash"] == g.catalog.campaign_hash != g.catalog.data_hash
    text = (DATA_DIR / "story.toml").read_text(encoding="utf-8")
    other = _data(tmp_path, text.replace('{ kind = "doubloons", amount = 5 }', '{ kind = "doubloons", amount = 6 }'))
    assert other.data_hash == g.catalog.data_hash and other.story_hash != g.catalog.story_hash
    with pytest.raises(ValueError, match="other game data"):
        Game.from_dict(d, catalog=other)
    assert np.array_equal(Game.from_dict(d, catalog=other, ignore_data_hash=True).state, g.state)
    path = tmp_path / "c.jsonl"
    g.step(g.legal_actions()[0])
    g.save_replay(path)
    with pytest.raises(ReplayError, match="other game data"):
        verify_replay(path, partial=True, catalog=other)
    plain = Game(num_players=2, seed=1)
    assert plain.to_dict()["data_hash"] == plain.catalog.data_hash
    assert np.array_equal(Game.from_dict(plain.to_dict(), catalog=other).state, plain.state)


def test_leg_00a_story_02e_l3_added_in_final_scoring_takes_cartagenas_goods(tmp_path):
    """LEG-L3 arriving through a back read in final scoring (found by the
    fuzzer): Cartagena's city tile and its delivered goods leave the game."""
    cat = _data(tmp_path, """
[[card]]
number = 1
source = "reconstructed"
front = [{ kind = "story_tile", location = "15" }]
%s
requirement = { kind = "story_tile_taken" }
back = [{ kind = "legacy_tiles", tiles = ["L3"] }]
""" % _quest())
    g = finish_setup(Game(num_players=2, seed=2, catalog=cat, campaign={"pending": [1]}))
    cart = loc(g, next(t for t in cat.raw["legacy_tiles"]["tile"] if t["tile"] == "L3")["location"])
    p = g.current_player
    _take_story_tile(g, p, "15")
    area = int(np.flatnonzero(get(g, "DISCS", p) == 2)[0])   # a disc delivered there (CITY-03)
    put(g, "DISCS", 1, p, index=area)
    put(g, "LOC_MARKET", 1, index=cart)
    out = get(g, "CITY_DISCS_OUT")
    _end_round(g, p, final=True)
    assert g.is_over and get(g, "LEGACY") & (1 << 2)
    assert get(g, "LOC_TILE")[cart] == -1 and get(g, "LOC_MARKET")[cart] == 0
    assert get(g, "CITY_DISCS_OUT") == out + 1
    assert check_invariants(g.state, g.catalog) == []
    assert np.array_equal(Game.from_json(g.to_json(), catalog=cat).state, g.state)


def test_a_chapter_match_records_the_story_cards_hash():
    """Tournaments per chapter (--option chapter=N): a game's result records
    the campaign hash (data and story cards), a plain game the data hash."""
    from maracaibo_env.maracaibo.match import play_match
    cat = load_catalog()
    r = play_match(["balanced", "random"], seed=4, options={"chapter": 2})
    assert r.data_hash == cat.campaign_hash
    assert play_match(["balanced", "random"], seed=4).data_hash == cat.data_hash


def test_a_story_tile_shows_in_the_observation_as_quest_id_24():
    """The observation's board_quest_tile shows a story tile as N_QUESTS (24),
    within its declared bounds (docs/rulings.md "The campaign")."""
    g = Campaign.new().next_game(num_players=2, seed=3)
    _, off, size, _ = next(s for s in g.observation_spec() if s[0] == "board_quest_tile")
    tiles = g.observe(g.current_player)[off:off + size]
    assert N_QUESTS in tiles.tolist() and max(tiles) == N_QUESTS

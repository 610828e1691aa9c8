"""Pirates of Maracaibo solo against Jordan (checklist §19, SOLO-01..37).

Jordan's turn is played by the engine (core/jordan.py); the unit tests call
its functions on a crafted solo state. The data (jordan.toml, cards.toml,
the layout) are used only to *find* things (a card whose first action is a
raid, the slot in column 5); expected numbers come from the rulebook's solo
section and the checklist's test vectors.
"""
from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

import pirates_helpers as H
from pirates_helpers import force_rolls
from pirates_rules_helpers import clear_caribbean, slot_in_column
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import common as K, jordan as J, layout as L, scoring
from maracaibo_env.pirates.core import constants as KC
from maracaibo_env.pirates.core.catalog_layout import JA_RAID, JA_EXPLORE, JA_QUEST, JA_TIER2, JA_BUY, \
    JB_UPGRADE, JB_EXPLORE, JS_ADVANCE, KIND_LOC, KIND_IMP, KIND_RES
from maracaibo_env.pirates.invariants import check_invariants
from maracaibo_env.pirates.validate import StateError

GOLD, EMERALD, PEARL = 0, 1, 2
HUMAN, JORDAN = 0, 1


# ---- helpers ----------------------------------------------------------------------------
def solo(seed=1, difficulty=0, layout=None):
    """A solo game at the human's first move (the set-up quest kept)."""
    g = Game(1, seed=seed, difficulty=difficulty, layout=layout)
    while g.phase == "keepq":
        g.step("keep_quest:0")
    return g


def get(g, name, p=None):
    return H.get(g, name, p)


def put(g, name, value, p=None):
    H.put(g, name, value, p)


def card_where(g, pred):
    """Index of the first solo card (jordan.toml order) for which pred(k) holds."""
    c = g.catalog
    for k in range(int(c.field("J_N_CARDS")[0])):
        if pred(k):
            return k
    raise AssertionError("no such solo card in the data")


def first_action(g, k):
    return int(g.catalog.field("J_ACT")[k * 6])


def actions(g, k):
    n = int(g.catalog.field("J_NACT")[k])
    return [int(x) for x in g.catalog.field("J_ACT")[k * 6:k * 6 + n]]


def a_card(g, act):
    """An A card whose first main action is act."""
    return card_where(g, lambda k: g.catalog.field("J_LETTER")[k] == 0 and first_action(g, k) == act)


def next_card(g, k):
    """Jordan's next reveal is solo card k."""
    d = get(g, "J_DRAWN")
    if d >= L.J_DECK_N:
        put(g, "J_DRAWN", 0)
        d = 0
    g.state[KC.G_J_DECK + d] = k


def jordan_turn(g, card=None):
    """One turn of Jordan now (from his move frame, as start_turn pushes it)."""
    if card is not None:
        next_card(g, card)
    K.push(g.state, K.OP_MOVE, 0, 0, 0)
    J.jordan_turn(g.state, g._cat)
    return g.jordan_log()


def board_full(g):
    """Every solo ship slot covered: an Upgrade does nothing (so a test sees only its action)."""
    put(g, "J_UPG", int(g.catalog.field("J_N_SLOTS")[0]))


def location_with(g, act, tv=None, only=False):
    """Key of a faceup-able location showing solo action act (only: no other raid/explore/quest)."""
    c = g.catalog
    acts = c.field("J_LOC_ACTS")
    for i, key in enumerate(c.card_keys):
        if c.field("CARD_KIND")[i] != KIND_LOC or not (acts[i] >> act) & 1:
            continue
        if only and acts[i] != 1 << act:
            continue
        if tv is not None and bool(c.field("CARD_TV")[i]) != tv:
            continue
        return key
    raise AssertionError("no such location")


def place(g, slot, key):
    H.place_card(g, slot, key)


def ship(g, p):
    return get(g, "SHIP", p)


def cols(g):
    return int(g.catalog.field("LAY_NCOLS")[int(get(g, "LAYOUT"))])


# ---- §19.1 set-up ---------------------------------------------------------------------------
def test_solo_01_two_player_game_with_jordan_in_seat_1():
    g = Game(1, seed=4)
    assert g.solo and get(g, "NP") == 2 and get(g, "SOLO") == 1
    assert g.num_players == 1 and g.num_seats == 2 and len(g.scores()) == 2
    assert g.current_player == 0
    assert not Game(2, seed=4).solo


def test_solo_02_three_figureheads_and_no_money_for_jordan():
    g = solo(seed=5)
    figm = g.state[L.LAYOUT.field_slice("FIGM")]
    assert int((figm >= 0).sum()) == 3                      # SOLO-02: only 3 tiles
    assert get(g, "COINS", JORDAN) == 0
    rng = random.Random(5)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
        assert get(g, "COINS", JORDAN) == 0                  # he never gains or pays


def test_solo_03_jordan_uses_the_solo_boards():
    g = solo(seed=6)
    rng = random.Random(6)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
    assert get(g, "J_UPG") > 0                               # his cubes go on the solo ship board
    assert get(g, "UPG", JORDAN) == 0 and get(g, "NUPG", JORDAN) == 0   # never the multiplayer side


def test_solo_04_marker_on_level_1():
    g = solo(seed=7)
    assert get(g, "J_LEVEL") == 0                            # level 1 (0-based)
    assert g.jordan_view()["level"] == 1
    spec = {name: off for name, off, _, _ in Game.observation_spec()}
    assert g.observe(0)[spec["jordan_level"]] == 1


@pytest.mark.parametrize("k", range(7))
def test_solo_05_k_b_cards_replace_a_cards(k):
    letters = Game(1, seed=0).catalog.field("J_LETTER")
    decks = set()
    for seed in range(6):
        g = Game(1, seed=seed, difficulty=k)
        deck = g.state[L.LAYOUT.field_slice("J_DECK")].tolist()
        assert len(set(deck)) == 6
        assert sum(int(letters[c]) for c in deck) == k        # k B cards, 6 - k A cards
        decks.add(tuple(sorted(deck)))
        assert g.options["difficulty"] == k
    if 0 < k < 6:
        assert len(decks) > 1                                  # chosen at random


def test_solo_06_jordan_draws_one_quest_facedown():
    g = Game(1, seed=8)
    assert g.phase == "keepq" and g.current_player == 0        # only the human chooses
    assert get(g, "QN", JORDAN) == 1
    assert (g.state[L.LAYOUT.field_slice("SETUPQ", JORDAN)] == -1).all()
    g.step("keep_quest:0")
    q = int(g.state[L.LAYOUT.field_slice("QHAND", JORDAN)][0])
    spec = {name: (off, size) for name, off, size, _ in Game.observation_spec()}
    obs = g.observe(0)
    off, size = spec["my_quests"]
    assert q not in obs[off:off + size].tolist()              # facedown: you see only its count
    assert obs[spec["p1_quests"][0]] == 1
    assert check_invariants(g, strict=True) == []


def test_solo_07_human_first_with_10_doubloons_jordan_holds_the_marker():
    g = solo(seed=9)
    assert get(g, "COINS", HUMAN) == 10                      # the first seat's doubloons (CON-09)
    assert get(g, "MARA_SEAT") == JORDAN                     # the last seat
    assert g.current_player == HUMAN


# ---- §19.2 flow ------------------------------------------------------------------------------
def test_solo_08_human_first_then_alternating():
    g = solo(seed=10)
    rng = random.Random(10)
    seen_jordan_turn = False
    while not g.is_over:
        assert g.current_player == 0
        assert get(g, "TURNS", HUMAN) == get(g, "TURNS", JORDAN)   # Jordan moved after each turn
        before = get(g, "TURNS", HUMAN)
        g.step(rng.choice(g.legal_actions()))
        seen_jordan_turn |= get(g, "TURNS", JORDAN) > before
    assert seen_jordan_turn


def test_solo_09_move_09_payments_go_to_and_come_from_the_supply():
    g = solo(seed=11)
    clear_caribbean(g)
    s = slot_in_column(g, 1, 0)
    place(g, s, "tobacco" if "tobacco" in g.catalog.card_keys else g.catalog.card_keys[0])
    put(g, "SHIP", s, JORDAN)
    H.land(g, s)                                             # the human ends on Jordan's card
    assert get(g, "COINS", HUMAN) == 9 and get(g, "COINS", JORDAN) == 0
    # Jordan ends on a card with the human's ship: the human takes 1 from the supply
    g = solo(seed=12)
    clear_caribbean(g)
    board_full(g)
    s = slot_in_column(g, 2, 0)
    place(g, s, location_with(g, JA_RAID))
    put(g, "SHIP", s, HUMAN)
    log = jordan_turn(g, a_card(g, JA_RAID))
    assert ship(g, JORDAN) == s and ("doubloon_to_human", 1) in log
    assert get(g, "COINS", HUMAN) == 11 and get(g, "COINS", JORDAN) == 0


def test_solo_09_with_0_doubloons_nothing_is_paid_and_the_card_still_acts():
    """"If the player lands on a card with Jordan's ship, then they must pay 1
    doubloon to the supply, if possible": with 0 there is nothing to pay, the
    human stays at 0 (never -1), Jordan gains nothing (SOLO-02), and the card's
    actions follow as usual: an Improvement card, option A "gain 5 doubloons"."""
    g = solo(seed=11)
    clear_caribbean(g)
    s = slot_in_column(g, 1, 0)
    place(g, s, "tobacco")                                   # an Improvement card
    put(g, "SHIP", s, JORDAN)
    put(g, "COINS", 0, HUMAN)
    H.land(g, s)                                             # the human ends on Jordan's card
    assert get(g, "COINS", HUMAN) == 0 and get(g, "COINS", JORDAN) == 0
    assert g.phase == "improvement" and "take5" in H.names(g)
    g.step("take5")                                          # IMP-01 A: 5 doubloons from the supply
    assert get(g, "COINS", HUMAN) == 5 and get(g, "COINS", JORDAN) == 0
    # the other way round at 0: the human still takes 1 from the supply
    g = solo(seed=12)
    clear_caribbean(g)
    board_full(g)
    s = slot_in_column(g, 2, 0)
    place(g, s, location_with(g, JA_RAID))
    put(g, "SHIP", s, HUMAN)
    put(g, "COINS", 0, HUMAN)
    jordan_turn(g, a_card(g, JA_RAID))
    assert ship(g, JORDAN) == s
    assert get(g, "COINS", HUMAN) == 1 and get(g, "COINS", JORDAN) == 0


def test_solo_10_from_the_gulf_to_maracaibo():
    g = solo(seed=13)
    put(g, "SHIP", L.SP_GULF, JORDAN)
    drawn, vp, upg = get(g, "J_DRAWN"), get(g, "VP", JORDAN), get(g, "J_UPG")
    log = jordan_turn(g)
    assert get(g, "J_DRAWN") == drawn                         # no solo card revealed
    assert not any(e == "card" for e, _ in log)
    assert ship(g, JORDAN) == L.SP_MARA
    assert get(g, "VP", JORDAN) - vp >= 6 and get(g, "VP_SRC", JORDAN)[KC.VS_MARACAIBO] == 6
    assert get(g, "J_UPG") == upg + 1                         # an Upgrade
    assert get(g, "ROUND_END") == 1                           # the round ends as usual


def test_solo_10_gulf_turn_in_play_ends_the_round():
    g = solo(seed=14)
    rng = random.Random(14)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
        if ("maracaibo", None) in g.jordan_log() and not g.is_over:
            assert ship(g, JORDAN) == L.SP_START or get(g, "ROUND") == 3
    assert g.is_over


def test_solo_11_empty_deck_is_reshuffled():
    g = solo(seed=15)
    put(g, "J_DRAWN", 6)
    deck = sorted(g.state[L.LAYOUT.field_slice("J_DECK")].tolist())
    log = jordan_turn(g)
    assert log[0] == ("shuffle", None)
    assert get(g, "J_DRAWN") >= 1
    assert sorted(g.state[L.LAYOUT.field_slice("J_DECK")].tolist()) == deck   # all 6 again


def test_solo_12_b_card_bonus_comes_first():
    g = solo(seed=16)
    k = card_where(g, lambda k: g.catalog.field("J_BONUS")[k] == JB_UPGRADE)
    log = jordan_turn(g, k)
    names = [e for e, _ in log]
    assert names[:3] == ["card", "bonus", "upgrade"]
    assert names.index("bonus") < names.index("sail")        # before his movement


def test_solo_13_highest_completable_action():
    g = solo(seed=17)
    clear_caribbean(g)
    board_full(g)
    # a card whose first action is not a raid but which has one; only a raid location in reach
    k = card_where(g, lambda k: first_action(g, k) != JA_RAID and JA_RAID in actions(g, k)
                   and g.catalog.field("J_LETTER")[k] == 0)
    s = slot_in_column(g, 1, 0)
    place(g, s, location_with(g, JA_RAID, only=True))
    log = jordan_turn(g, k)
    assert ("action", "raid") in log and ship(g, JORDAN) == s
    assert sum(e == "card" for e, _ in log) == 1


def test_solo_13_no_action_discards_and_guard_passes():
    g = solo(seed=18)
    clear_caribbean(g)                                       # nothing anywhere: no card can be done
    log = jordan_turn(g)
    names = [e for e, _ in log]
    assert names.count("card") == 6 and names.count("discard") == 6 and names[-1] == "pass"
    assert ship(g, JORDAN) == L.SP_START


def test_solo_14_range_is_a_legal_move():
    g = solo(seed=19)
    # classic layout: from the start, 1-3 steps reach columns 1 and 2 and, along the second
    # row, column 3's lower card (its top card is 4 steps away)
    reach = int(J.jordan_reach(g.state, g._cat))
    want = {slot_in_column(g, c, r) for c, n in ((1, 3), (2, 3)) for r in range(n)}
    want.add(slot_in_column(g, 3, 1))
    assert {s for s in range(L.N_SPACES) if reach >> s & 1} == want
    # from column 5's top card the legal ends are the top cards of columns 6, 7 and 8
    # (right along the top row; the Emerald and Pearl islands block the rows below)
    put(g, "SHIP", slot_in_column(g, 5, 0), JORDAN)
    reach = int(J.jordan_reach(g.state, g._cat))
    assert {s for s in range(L.N_SPACES) if reach >> s & 1} == {slot_in_column(g, c, 0) for c in (6, 7, 8)}
    # from the last column only the Gulf (the column rule)
    put(g, "SHIP", slot_in_column(g, cols(g), 0), JORDAN)
    reach = int(J.jordan_reach(g.state, g._cat))
    assert {s for s in range(L.N_SPACES) if reach >> s & 1} == {L.SP_GULF}


def test_solo_13_card_without_action_is_ignored_with_its_bonus():
    # "In the rare event that no main action is possible, ignore this whole solo card and
    # draw a new one instead": a B card none of whose main actions can be done gives no bonus
    g = solo(seed=18, difficulty=6)                           # six B cards
    clear_caribbean(g)                                       # nothing anywhere: no card can be done
    vp0, tre0 = get(g, "VP", JORDAN), list(get(g, "TRE", JORDAN))
    log = jordan_turn(g)
    names = [e for e, _ in log]
    assert names.count("discard") == 6 and "bonus" not in names and names[-1] == "pass"
    assert get(g, "J_UPG") == 0 and get(g, "J_LEVEL") == 0 and get(g, "EXPL", JORDAN) == 0
    assert get(g, "VP", JORDAN) == vp0 and list(get(g, "TRE", JORDAN)) == tre0
    # the same B card with a possible action: its bonus first, then the action
    k = card_where(g, lambda k: g.catalog.field("J_BONUS")[k] == JB_UPGRADE and JA_RAID in actions(g, k))
    place(g, slot_in_column(g, 1, 0), location_with(g, JA_RAID))
    names = [e for e, _ in jordan_turn(g, k)]
    assert names[:3] == ["card", "bonus", "upgrade"] and "action" in names and "discard" not in names


def test_solo_13_reconstructed_layouts_leave_jordan_a_choice():
    # SOLO-13: "In the rare event that no main action is possible" -- a card from which a
    # legal move has a single end traps him whenever that end is a Residence, so the
    # reconstructed diagrams give every card but the last column's (whose end is the Gulf,
    # always a Raid and an Explore, SOLO-16) from column 3 on at least 2 ends, classic and
    # east at least 3 (layouts.toml design rule)
    for key in ("classic", "neck", "wide", "east"):
        g = solo(layout=key)
        last = cols(g)
        for c in range(3, last):
            lay = int(g.state[KC.G_LAYOUT])
            n = int(sum(g.catalog.field("LAY_COL")[lay * 27:(lay + 1) * 27] == c))
            for r in range(n):
                put(g, "SHIP", slot_in_column(g, c, r), JORDAN)
                ends = bin(int(J.jordan_reach(g.state, g._cat))).count("1")
                assert ends >= (3 if key in ("classic", "east") else 2), (key, c, r, ends)


def test_solo_15_tie_break_column_nearest_maracaibo_then_top():
    g = solo(seed=20)
    clear_caribbean(g)
    board_full(g)
    key = location_with(g, JA_RAID, tv=False)
    for c, r in ((1, 0), (2, 1), (2, 2)):                   # all three in range from the start
        place(g, slot_in_column(g, c, r), key)
    jordan_turn(g, a_card(g, JA_RAID))
    assert ship(g, JORDAN) == slot_in_column(g, 2, 1)        # column 2, the upper of the two


def test_solo_16_gulf_first_for_raid_and_explore():
    for act in (JA_RAID, JA_EXPLORE):
        g = solo(seed=21)
        clear_caribbean(g)
        board_full(g)
        n = cols(g)
        put(g, "SHIP", slot_in_column(g, n - 1, 0), JORDAN)
        place(g, slot_in_column(g, n, 0), location_with(g, act))   # also in range
        jordan_turn(g, a_card(g, act))
        assert ship(g, JORDAN) == L.SP_GULF


def test_solo_17_tv_cube_then_upgrade_then_action():
    g = solo(seed=22)
    clear_caribbean(g)
    s = slot_in_column(g, 1, 0)
    place(g, s, location_with(g, JA_RAID, tv=True))
    g.state[KC.G_SLOT_TV + s] = PEARL + 1
    isl = get(g, "ISLAND").copy()
    log = jordan_turn(g, a_card(g, JA_RAID))
    names = [e for e, _ in log]
    i_tv, i_up, i_die = names.index("tv_cube"), names.index("upgrade"), names.index("die")
    assert names.index("sail") < i_tv < i_up < i_die
    assert log[i_tv] == ("tv_cube", "pearl")
    assert get(g, "J_UPG") == 1
    took = [a for e, a in log if e == "treasure"]
    assert get(g, "ISLAND")[PEARL] == isl[PEARL] + 1 - took.count("pearl")


def test_solo_17_buy_has_no_tv_step_and_no_upgrade():
    g = solo(seed=23)
    clear_caribbean(g)
    k = a_card(g, JA_BUY)
    typ = int(g.catalog.field("J_ACT_TYPES")[k * 6 * 3])
    imp = next(key for i, key in enumerate(g.catalog.card_keys)
               if g.catalog.field("CARD_KIND")[i] == KIND_IMP and g.catalog.field("CARD_TYPE")[i] == typ)
    s = slot_in_column(g, 1, 0)
    place(g, s, imp)
    log = jordan_turn(g, k)
    assert ("action", "buy") in log
    assert get(g, "J_UPG") == 0 and not any(e in ("tv_cube", "upgrade") for e, _ in log)


# ---- §19.3 main actions ---------------------------------------------------------------------------
def raid_at_level(level, islands=(6, 4, 4), human_gold=0, seed=24):
    g = solo(seed=seed)
    put(g, "J_LEVEL", level)
    put(g, "ISLAND", list(islands))
    put(g, "TRE", [human_gold, 0, 0], HUMAN)
    vp = get(g, "VP", JORDAN)
    force_rolls(g, 5)                                        # 4-6: the island with the most cubes
    J.jordan_raid(g.state, g._cat)
    return g, get(g, "VP", JORDAN) - vp


def test_solo_18_raid_levels():
    g, vp = raid_at_level(0)                                 # L1: 1 treasure
    assert vp == 0 and get(g, "TRE", JORDAN) == [1, 0, 0] and get(g, "ISLAND")[GOLD] == 5
    g, vp = raid_at_level(1)                                 # L2: 2 VP + 1 treasure
    assert vp == 2 and get(g, "TRE", JORDAN) == [1, 0, 0] and get(g, "ISLAND")[GOLD] == 5
    g, vp = raid_at_level(2)                                 # L3: + a cube: he has more gold (1 > 0)
    assert vp == 2 and get(g, "TRE", JORDAN) == [1, 0, 0] and get(g, "ISLAND")[GOLD] == 6
    g, vp = raid_at_level(3)                                 # L4: 3 VP + 2 of one type + the cube
    assert vp == 3 and get(g, "TRE", JORDAN) == [2, 0, 0] and get(g, "ISLAND")[GOLD] == 5
    assert g.state[L.LAYOUT.field_slice("VP_SRC", JORDAN)][KC.VS_RAIDS] == 3


def test_solo_18_cube_only_with_strictly_more_than_the_human():
    g, _ = raid_at_level(2, human_gold=1)                    # 1 vs 1 after the gain: no cube
    assert get(g, "ISLAND")[GOLD] == 5
    g, _ = raid_at_level(3, human_gold=1)                    # 2 vs 1: the cube
    assert get(g, "ISLAND")[GOLD] == 5


def test_solo_19_treasure_die_vectors():
    g = solo(seed=25)
    put(g, "ISLAND", [4, 6, 6])
    force_rolls(g, 5)
    assert J.treasure_die(g.state, g._cat) == EMERALD        # tie E = P broken E > P
    put(g, "ISLAND", [5, 5, 3])
    force_rolls(g, 6)
    assert J.treasure_die(g.state, g._cat) == GOLD           # tie G = E broken G > E
    put(g, "ISLAND", [1, 2, 7])
    force_rolls(g, 4)
    assert J.treasure_die(g.state, g._cat) == PEARL


def test_solo_19_faces_1_to_3_name_a_type_and_cubes_come_off_the_island():
    g = solo(seed=26)
    put(g, "ISLAND", [9, 1, 1])
    for face in (1, 2, 3):
        force_rolls(g, face)
        t = J.treasure_die(g.state, g._cat)
        assert 0 <= t <= 2
    put(g, "ISLAND", [0, 3, 3])
    J.take_treasure(g.state, GOLD)                           # an empty island: from the supply
    assert get(g, "ISLAND") == [0, 3, 3] and get(g, "TRE", JORDAN)[GOLD] == 1
    J.take_treasure(g.state, PEARL)
    assert get(g, "ISLAND") == [0, 3, 2]
    assert sum(get(g, "BONUS", JORDAN)) == 0 and sum(get(g, "BUR", JORDAN)) == 0


def test_solo_20_no_gulf_raid_power_for_jordan():
    g = solo(seed=27)
    clear_caribbean(g)
    board_full(g)
    put(g, "SHIP", slot_in_column(g, cols(g), 0), JORDAN)
    put(g, "ISLAND", [6, 4, 4])
    force_rolls(g, 6)
    vp = get(g, "VP", JORDAN)
    log = jordan_turn(g, a_card(g, JA_RAID))
    assert ship(g, JORDAN) == L.SP_GULF
    assert get(g, "VP", JORDAN) == vp                        # level 1: just the treasure
    assert get(g, "TRE", JORDAN) == [1, 0, 0]
    assert get(g, "RAID_POWER") == 0 and get(g, "RAID_POW", JORDAN) == 0


def test_solo_21_gulf_explore_at_level_3_moves_6_and_scores_4():
    g = solo(seed=28)
    clear_caribbean(g)
    board_full(g)
    put(g, "SHIP", slot_in_column(g, cols(g), 0), JORDAN)
    put(g, "J_LEVEL", 2)
    vp = get(g, "VP", JORDAN)
    jordan_turn(g, a_card(g, JA_EXPLORE))
    keys = g.catalog.track_keys
    # start, t01, t02, t03 (river 1, the fork: the upper branch has 3 spaces before the
    # branches rejoin, the lower 2), t04u, t05u, t06u: 6 spaces
    assert keys[get(g, "EXPL", JORDAN)] == "t06u"
    assert get(g, "RIVERS", JORDAN) == 1
    assert get(g, "VP", JORDAN) - vp == 4


def test_solo_21_exact_distance_jumps_the_human_and_takes_the_longer_branch():
    g = solo(seed=29)
    keys = g.catalog.track_keys
    put(g, "EXPL", keys.index("t02"), HUMAN)
    put(g, "J_LEVEL", 0)
    J.jordan_explore(g.state, g._cat, 4)                     # L1: +0 move, 3 VP
    # t01, t03 (t02 jumped for free), t04u, t05u: 4 moves
    assert keys[get(g, "EXPL", JORDAN)] == "t05u"
    # branch B at t11: upper 3 spaces, lower 2 -> upper; branch C at t21: upper 2, lower 1 -> upper
    put(g, "EXPL", keys.index("t11"), JORDAN)
    put(g, "EXPL", 0, HUMAN)
    J.jordan_explore(g.state, g._cat, 1)
    assert keys[get(g, "EXPL", JORDAN)] == "t12u"
    put(g, "EXPL", keys.index("t21"), JORDAN)
    J.jordan_explore(g.state, g._cat, 1)
    assert keys[get(g, "EXPL", JORDAN)] == "t22u"
    for level, move, vp in ((1, 1, 3), (2, 2, 4), (3, 2, 6)):    # the track levels L2..L4
        g = solo(seed=30)
        put(g, "J_LEVEL", level)
        v = get(g, "VP", JORDAN)
        J.jordan_explore(g.state, g._cat, 1)
        assert get(g, "EXPL", JORDAN) == 1 + move and get(g, "VP", JORDAN) - v == vp


def test_solo_22_quest_takes_the_rightmost_market_card():
    g = solo(seed=31)
    clear_caribbean(g)
    board_full(g)
    s = slot_in_column(g, 1, 0)
    place(g, s, location_with(g, JA_QUEST))
    left, right = (int(x) for x in g.state[KC.G_QMARKET:KC.G_QMARKET + 2])
    top = int(g.state[KC.G_QDECK + get(g, "QDECK_N") - 1])
    log = jordan_turn(g, a_card(g, JA_QUEST))
    assert ("action", "quest") in log and ship(g, JORDAN) == s
    assert g.state[L.LAYOUT.field_slice("QHAND", JORDAN)][1] == right      # facedown on his stack
    # the other card slides over; a new one is revealed next to the deck
    assert [int(x) for x in g.state[KC.G_QMARKET:KC.G_QMARKET + 2]] == [top, left]


def test_solo_23_tier2_draw_at_the_two_locations():
    g = solo(seed=32)
    clear_caribbean(g)
    board_full(g)
    loc = g.catalog.card_keys[int(g.catalog.field("J_T2_LOC")[0])]
    s = slot_in_column(g, 2, 0)
    place(g, s, loc)
    n = get(g, "T2_N")
    top = int(g.state[KC.G_T2 + n - 1])
    log = jordan_turn(g, a_card(g, JA_TIER2))
    assert ("action", "tier2") in log and ship(g, JORDAN) == s
    assert get(g, "T2_N") == n - 1
    assert get(g, "TAB_N", JORDAN) == 1 and g.state[L.LAYOUT.field_slice("TAB", JORDAN)][0] == top


def test_solo_24_buy_checks_the_types_in_order_and_refills():
    g = solo(seed=33)
    clear_caribbean(g)
    k = a_card(g, JA_BUY)
    t1, t2 = (int(x) for x in g.catalog.field("J_ACT_TYPES")[k * 18:k * 18 + 2])
    cf, ct = g.catalog.field("CARD_KIND"), g.catalog.field("CARD_TYPE")
    of = lambda t: next(key for i, key in enumerate(g.catalog.card_keys)  # noqa: E731
                        if cf[i] == KIND_IMP and ct[i] == t and g.catalog.field("CARD_TIER")[i] == 1)
    first, second = slot_in_column(g, 1, 0), slot_in_column(g, 2, 0)
    place(g, first, of(t1))                                  # the 1st type, farther from Maracaibo
    place(g, second, of(t2))                                 # the 2nd type, nearer
    top = int(g.state[KC.G_T2 + get(g, "T2_N") - 1])
    bought = int(g.state[KC.G_SLOT_CARD + first])
    jordan_turn(g, k)
    assert ship(g, JORDAN) == first
    assert g.state[L.LAYOUT.field_slice("TAB", JORDAN)][0] == bought
    assert g.state[KC.G_SLOT_CARD + first] == top             # refilled from Tier II
    assert get(g, "COINS", JORDAN) == 0                      # for free


def test_solo_24_no_type_in_range_tries_the_next_action():
    g = solo(seed=34)
    clear_caribbean(g)
    board_full(g)
    k = card_where(g, lambda k: first_action(g, k) == JA_BUY and JA_RAID in actions(g, k))
    s = slot_in_column(g, 1, 0)
    place(g, s, location_with(g, JA_RAID, only=True))
    log = jordan_turn(g, k)
    assert ("action", "raid") in log


# ---- §19.4 upgrades and bonus actions -----------------------------------------------------------------
def test_solo_25_upgrades_fill_the_board_column_by_column(tmp_path):
    """"Place a Marker cube on the left-most uncovered Upgrade on their Ship board.
    The first column is completed from top to bottom before proceeding to the
    second column etc. All Upgrades have an immediate effect". The shipped solo
    board is reconstructed (DATA-08), so the test writes its own: column 1 three
    Advances, column 2 three Quests. Upgrades 1-3 then move the marker from
    level 1 to 4 and take no quest; upgrades 4-6 take one quest each."""
    f = _data_copy(tmp_path)
    p = f / "jordan.toml"
    text = p.read_text()
    board = re.sub(r"\ncolumns = \[\n(?:    \[[^\n]*\],\n)+\]",
                   '\ncolumns = [\n    ["advance", "advance", "advance"],\n    ["quest", "quest", "quest"],\n]', text)
    assert board != text
    p.write_text(board)
    g = Game(1, seed=35, data_dir=f)
    while g.phase == "keepq":
        g.step("keep_quest:0")
    assert (get(g, "J_LEVEL"), get(g, "QN", JORDAN), get(g, "J_UPG")) == (0, 1, 0)   # level 1, setup quest
    seen = []
    for _ in range(6):
        J.jordan_upgrade(g.state, g._cat)
        seen.append((get(g, "J_UPG"), get(g, "J_LEVEL") + 1, get(g, "QN", JORDAN)))
    # (cubes on the board, track level, quests held) after each Upgrade
    assert seen == [(1, 2, 1), (2, 3, 1), (3, 4, 1), (4, 4, 2), (5, 4, 3), (6, 4, 4)]
    J.jordan_upgrade(g.state, g._cat)                        # a full board: nothing more (not covered)
    assert (get(g, "J_UPG"), get(g, "J_LEVEL") + 1, get(g, "QN", JORDAN)) == (6, 4, 4)


def test_solo_26_advance_and_stay_on_level_4():
    g = solo(seed=36)
    slots = g.catalog.field("J_SLOT")[:int(g.catalog.field("J_N_SLOTS")[0])].tolist()
    i = slots.index(JS_ADVANCE)
    put(g, "J_UPG", i)
    J.jordan_upgrade(g.state, g._cat)
    assert get(g, "J_LEVEL") == 1
    put(g, "J_UPG", i)
    put(g, "J_LEVEL", 3)
    J.jordan_upgrade(g.state, g._cat)
    assert get(g, "J_LEVEL") == 3


def test_solo_27_figurehead_roll():
    for face, pos in ((1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2)):
        g = solo(seed=37)
        market = g.state[KC.G_FIGM:KC.G_FIGM + 3].tolist()
        force_rolls(g, face)
        J.jordan_figurehead(g.state)
        assert get(g, "FIG", JORDAN) == market[pos]
        assert g.state[KC.G_FIGM + pos] == -1
        assert get(g, "COINS", JORDAN) == 0 and get(g, "RAID_POW", JORDAN) == 0   # no effect for him
    g = solo(seed=38)
    put(g, "FIG", int(g.state[KC.G_FIGM]), HUMAN)             # the human has one: he takes none
    g.state[KC.G_FIGM] = -1
    J.jordan_figurehead(g.state)
    assert get(g, "FIG", JORDAN) == -1


def test_solo_28_quest_slot_without_moving():
    g = solo(seed=39)
    here = ship(g, JORDAN)
    right = int(g.state[KC.G_QMARKET + 1])
    J.jordan_quest(g.state)
    assert ship(g, JORDAN) == here and get(g, "QN", JORDAN) == 2
    assert g.state[L.LAYOUT.field_slice("QHAND", JORDAN)][1] == right


def residences(g):
    c = g.catalog
    return [s for s in range(L.N_SLOTS) if g.state[KC.G_SLOT_CARD + s] >= 0
            and c.field("CARD_KIND")[g.state[KC.G_SLOT_CARD + s]] == KIND_RES]


def test_solo_29_residence_roll():
    g = solo(seed=40)
    res = residences(g)
    assert len(res) == 4
    force_rolls(g, 6, 5, 2)                                  # 5 and 6 are rerolled
    vp = get(g, "VP", JORDAN)
    J.jordan_residence(g.state, g._cat)
    assert g.state[KC.G_SLOT_RES + res[1]] == 1 << JORDAN     # residence 2 (left to right)
    assert get(g, "VP", JORDAN) - vp == 2 and get(g, "NRES", JORDAN) == 1
    assert get(g, "COINS", JORDAN) == 0                      # he pays nothing
    force_rolls(g, 2, 3)                                     # his residence again: rerolled
    g.state[KC.G_SLOT_RES + res[2]] = 1 << HUMAN              # not the first token there
    vp = get(g, "VP", JORDAN)
    J.jordan_residence(g.state, g._cat)
    assert g.state[KC.G_SLOT_RES + res[2]] == (1 << HUMAN) | (1 << JORDAN)
    assert get(g, "VP", JORDAN) == vp
    for s in res:                                            # on all 4: nothing
        g.state[KC.G_SLOT_RES + s] |= 1 << JORDAN
    J.jordan_residence(g.state, g._cat)
    assert g.jordan_log()[-1] == ("residence", None)


def test_solo_30_bonus_actions_without_sailing():
    g = solo(seed=41)
    clear_caribbean(g)
    board_full(g)
    k = card_where(g, lambda k: g.catalog.field("J_BONUS")[k] == JB_EXPLORE and JA_RAID in actions(g, k))
    n = int(g.catalog.field("J_BONUS_N")[k])
    place(g, slot_in_column(g, 1, 0), location_with(g, JA_RAID, only=True))   # his only main action
    put(g, "J_DRAWN", 0)
    g.state[L.LAYOUT.field_slice("J_DECK")] = [k] + [x for x in range(12) if x != k][:5]
    K.push(g.state, K.OP_MOVE, 0, 0, 0)
    next_card(g, k)
    J.jordan_turn(g.state, g._cat)
    log = g.jordan_log()
    names = [e for e, _ in log]
    assert log[:2] == [("card", g.catalog.jordan_keys[k]), ("bonus", "explore")]
    assert get(g, "EXPL", JORDAN) == max(n, 1)               # level 1: the printed distance
    assert names.index("explore") < names.index("sail")      # done where he stands, before sailing


# ---- §19.5 what Jordan ignores, scoring -----------------------------------------------------------------
def test_solo_31_solo_32_solo_33_he_ignores_card_effects_income_and_points():
    g = solo(seed=42)
    c = g.catalog
    inc = [i for i, k in enumerate(c.card_keys) if c.field("CARD_KIND")[i] == KIND_IMP
           and (c.field("CARD_INC_C")[i] or c.field("CARD_INC_V")[i] or c.field("CARD_ONG_N")[i])]
    loc2 = [i for i, k in enumerate(c.card_keys) if c.field("CARD_KIND")[i] == KIND_LOC
            and c.field("CARD_TIER")[i] == 2]
    for cid in inc[:3] + loc2[:2]:
        J.to_pile(g.state, g._cat, cid)
    for name in ("INC_COINS", "INC_VP", "RAID_POW", "DISCOUNT", "EXPL_BONUS", "LIGHTNING"):
        assert get(g, name, JORDAN) == 0
    scoring.income(g.state, g._cat)
    assert get(g, "COINS", JORDAN) == 0 and get(g, "VP", JORDAN) == 0     # no income (SOLO-33)
    put(g, "OVER", 0)
    scoring.final_scoring(g.state, g._cat)
    src = dict(zip(L.VP_SOURCES, g.state[L.LAYOUT.field_slice("VP_SRC", JORDAN)].tolist()))
    assert src["card_vp"] == 6 * 5 and src["card_endgame"] == 0 and src["doubloons"] == 0


def test_solo_34_no_black_markets_for_jordan():
    g = solo(seed=43)
    rng = random.Random(43)
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
    assert (g.state[L.LAYOUT.field_slice("BM_AT", JORDAN)] == -1).all()
    bm = g.state[KC.G_SLOT_BM:KC.G_SLOT_BM + L.N_SLOTS]
    assert not any(v > 0 and (v - 1) // 8 == JORDAN for v in bm.tolist())


def test_solo_35_jordan_scoring_vector_157():
    g = solo(seed=44)
    st = g.state
    put(g, "VP", 40, JORDAN)                                 # 40 track VP
    src = L.LAYOUT.field_slice("VP_SRC", JORDAN)
    st[src] = 0
    st[src.start + KC.VS_RAIDS] = 40
    put(g, "RIVERS", 2, JORDAN)
    put(g, "TAB_N", 4, JORDAN)
    put(g, "NRES", 2, JORDAN)
    put(g, "TRE", [3, 0, 0], JORDAN)
    put(g, "ISLAND", [7, 4, 4])
    put(g, "QN", 6, JORDAN)
    scoring.jordan_final_scoring(st, g._cat, JORDAN)
    assert get(g, "VP", JORDAN) == 40 + 8 + 24 + 30 + 15 + 30 + 10 == 157


def test_solo_36_jordan_takes_the_last_turn():
    for seed in range(3):
        g = solo(seed=50 + seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.step(rng.choice(g.legal_actions()))
        assert get(g, "TURNS", HUMAN) == get(g, "TURNS", JORDAN)   # the human began, Jordan ended
        assert g.score_breakdown()[HUMAN]["doubloons"] == get(g, "COINS", HUMAN) // 5   # §17 scoring
        assert sum(g.score_breakdown()[JORDAN].values()) == g.scores()[JORDAN]


def test_solo_37_tie_is_not_a_win():
    g = solo(seed=45)
    put(g, "VP", 100, HUMAN)
    put(g, "VP", 100, JORDAN)
    put(g, "BUR", [3, 0, 0], HUMAN)                          # buried treasures do not break it
    assert g.winners() == [JORDAN]
    put(g, "VP", 101, HUMAN)
    assert g.winners() == [HUMAN]


# ---- API, persistence, safety ---------------------------------------------------------------------------------
@pytest.mark.parametrize("k", range(7))
def test_pirates_solo_random_games_keep_the_invariants(k):
    g = Game(1, seed=100 + k, difficulty=k)
    rng = random.Random(k)
    steps = 0
    while not g.is_over:
        g.step(rng.choice(g.legal_actions()))
        steps += 1
        if steps % 3 == 0 or g.is_over:
            assert check_invariants(g, strict=True) == [], (k, steps)
        if steps == 40:
            g2 = Game.from_json(g.to_json())                  # a saved solo game round-trips
            assert (g2.state == g.state).all() and (g2._mask == g._mask).all()
    assert len(g.winners()) == 1
    assert isinstance(g.jordan_log(), list)


def test_pirates_solo_illegal_action_changes_nothing():
    g = solo(seed=46)
    before = g.state.copy()
    illegal = int(np.flatnonzero(g.action_mask() == 0)[0])
    with pytest.raises(ValueError):
        g.step(illegal)
    assert (g.state == before).all()


def test_pirates_solo_options_checked():
    from maracaibo_env.framework.game import GameConfigError
    with pytest.raises(GameConfigError, match="solo"):
        Game(2, difficulty=2)
    with pytest.raises(GameConfigError):
        Game(1, difficulty=7)
    assert Game(1, difficulty=6).options["difficulty"] == 6


def test_pirates_solo_crafted_saves_refused():
    g = solo(seed=47)
    d = g.to_dict()
    for field, value in (("J_LEVEL", 4), ("J_DRAWN", 7), ("J_CARD", 12), ("J_UPG", 99)):
        bad = json.loads(json.dumps(d))
        bad["state"][field] = value
        with pytest.raises(ValueError, match=field):
            Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["J_DECK"] = [0, 1, 2, 3, 4, 40]
    with pytest.raises(ValueError, match="J_DECK"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["J_DECK"] = [0, 1, 2, 3, 4, 5] if g.options["difficulty"] else [6, 7, 8, 9, 10, 11]
    with pytest.raises(ValueError, match="B cards"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["J_LEVEL"] = 2                              # level 3 with no advance covered
    with pytest.raises(ValueError, match="J_LEVEL"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["NP"] = 3                                   # a solo game has 2 seats
    with pytest.raises(ValueError, match="NP"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["players"][1]["COINS"] = 5                  # Jordan never has doubloons
    with pytest.raises(ValueError, match="COINS"):
        Game.from_dict(bad)
    g2 = H.game(2, seed=1)
    bad = json.loads(json.dumps(g2.to_dict()))
    bad["state"]["J_LEVEL"] = 2                              # solo fields in a 2-player game
    with pytest.raises(ValueError, match="J_LEVEL"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(g2.to_dict()))
    bad["state"]["DIFFICULTY"] = 3
    with pytest.raises(ValueError, match="DIFFICULTY"):
        Game.from_dict(bad)


def test_pirates_solo_observation_render_and_log():
    g = solo(seed=48)
    rng = random.Random(48)
    for _ in range(30):
        g.step(rng.choice(g.legal_actions()))
    spec = {name: off for name, off, _, _ in Game.observation_spec()}
    obs = g.observe(0)
    v = g.jordan_view()
    assert obs[spec["solo"]] == 1 and obs[spec["jordan_level"]] == v["level"]
    assert obs[spec["jordan_upgrades"]] == v["upgrades"] and obs[spec["jordan_deck_left"]] == v["deck_left"]
    assert obs[spec["difficulty"]] == 0
    from maracaibo_env.pirates.render import render_text
    assert "Jordan" in render_text(g)
    log = g.jordan_log()
    assert log and all(isinstance(e, str) for e, _ in log)


def test_pirates_solo_aec_and_single_envs():
    from maracaibo_env.pirates import aec, single
    env = aec.env(num_players=1, difficulty=2)
    env.reset(seed=3)
    assert env.agents == ["player_0"]
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if not (term or trunc):
            assert "jordan" in info
        a = None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(a)
        steps += 1
        if steps > 3000:
            break
    e = single.PiratesSingleEnv(num_players=1, difficulty=1)
    obs, info = e.reset(seed=1)
    done = False
    while not done:
        obs, r, term, trunc, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
        done = term or trunc
    assert r in (-1.0, 0.0, 1.0)


def test_pirates_solo_tournament_spec():
    from maracaibo_env.pirates.match import parse_spec, play_pirates_match
    assert parse_spec("jordan:3").kind == "jordan"
    with pytest.raises(ValueError):
        parse_spec("jordan:7")
    r = play_pirates_match(["random", "jordan:2"], 3)
    assert r.specs == ["random", "jordan:2"] and len(r.scores) == 2
    r2 = play_pirates_match(["jordan:2", "random"], 3)
    assert r2.scores == r.scores[::-1] and r2.winners == [1 - w for w in r.winners]


# ---- the data (jordan.toml) ----------------------------------------------------------------------------
def _data_copy(tmp_path):
    import shutil
    from maracaibo_env.pirates.data_load import DATA_DIR
    dst = tmp_path / "data"
    shutil.copytree(DATA_DIR, dst)
    return dst


def test_con_21_six_a_and_six_b_cards_four_levels(tmp_path):
    from maracaibo_env.pirates.data_load import load_data, DataError
    d = load_data()
    assert sorted(c.letter for c in d.jordan.card) == ["A"] * 6 + ["B"] * 6
    assert len(d.jordan.track.levels) == 4
    f = _data_copy(tmp_path)
    p = f / "jordan.toml"
    p.write_text(p.read_text().replace('key = "b6"\nletter = "B"', 'key = "b6"\nletter = "A"'))
    with pytest.raises(DataError, match="jordan.toml"):                # an A card with a bonus
        load_data(f)
    p.write_text(p.read_text().replace('key = "b6"\nletter = "A"\nbonus = {do = "explore", n = 3}\n',
                                       'key = "b6"\nletter = "A"\n'))
    with pytest.raises(DataError, match="6 A cards"):
        load_data(f)


def test_data_10_track_levels_are_the_rulebooks():
    from maracaibo_env.pirates.data_load import load_data
    lv = load_data().jordan.track.levels
    # SOLO-18: L1 1 treasure; L2 2 VP + 1; L3 2 VP + 1 + cube check; L4 3 VP + 2 + cube check
    assert [(x.raid_vp, x.raid_treasures, x.raid_cube) for x in lv] == \
        [(0, 1, False), (2, 1, False), (2, 1, True), (3, 2, True)]
    # SOLO-21: L1 +0 move 3 VP; L2 +1, 3; L3 +2, 4; L4 +2, 6
    assert [(x.explore_move, x.explore_vp) for x in lv] == [(0, 3), (1, 3), (2, 4), (2, 6)]


def test_data_08_solo_ship_board_and_data_13_cards_are_declared():
    from maracaibo_env.pirates.data_load import load_data
    d = load_data().jordan
    kinds = {x for col in d.ship_board.columns for x in col}
    assert kinds <= {"advance", "figurehead", "quest", "residence"}          # SOLO-26..29
    assert sum(x == "advance" for col in d.ship_board.columns for x in col) >= 3   # reach level 4
    for c in d.card:
        assert c.source in ("rulebook", "published", "reconstructed")
        assert (c.bonus is not None) == (c.letter == "B")                     # SOLO-30
        for a in c.actions:
            assert (a.do == "buy") == (len(a.types) == 3)                     # SOLO-24: 3 types
    assert d.treasure_die.faces[3:] == ["most"] * 3                          # SOLO-19: 4-6


def test_data_16_solo_targets_read_off_the_locations():
    g = solo(seed=60)
    c = g.catalog
    acts = c.field("J_LOC_ACTS")
    # rulebook facts: Aruba gives a quest (SOLO-22), Bonaire explores up to 3 (EXP-09)
    assert acts[c.card_keys.index("aruba")] >> JA_QUEST & 1
    b = c.card_keys.index("bonaire")
    assert acts[b] >> JA_EXPLORE & 1 and c.field("J_LOC_EXPL")[b] == 3
    t2 = [c.card_keys[i] for i in c.field("J_T2_LOC") if i >= 0]
    assert len(t2) == 2 and all(c.field("CARD_KIND")[c.card_keys.index(k)] == KIND_LOC for k in t2)

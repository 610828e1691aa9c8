"""Rule tests: §26 the solo variant against the Automa "Jean" (SOLO, JACT,
JCOMBAT, JEND) and the §30 vectors TV-10, TV-21..23, TV-44, TV-45.

States are built by hand with tests/helpers.py: the wanted Automa card is put
on top of Jean's pile (AUTOMA_DECK / AUTOMA_N), then Jean's turn is run either
directly (core.automa.take_turn) or by letting the human end a turn, and the
exact effects are asserted. Movement expectations use the shipped map
(data/board.toml): Havana -> 1 -> 2 | 3 (villages; fork at 1: upper 2, lower
short cut to 3) -> 4, 5 (cities) -> 6, 7, 8 (villages with the 2p markers;
fork at 8: upper 9, lower short cut to 10) -> 10 -> 11 (Maracaibo, city) ->
12 -> 13 (city; fork: upper 14 (city) -> 15 -> 16 -> 17, lower short cut to
17 (city)) -> 18 -> 19 -> 20 -> 21a | 21b -> 22. No location but the homeward
spaces has the stop symbol. Noble ranks (influence.toml): 1 at position 1,
2 at 3, 3 at 6, 4 at 9, 5 at 10, 6 at 12.
"""
from __future__ import annotations

import numpy as np
import pytest

from helpers import (finish_setup, get, put, loc, cat_get, custom_catalog,
                     set_tableau, card_by_name, check)
from maracaibo_env import Game
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import automa, enums as E, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.explorer import apply_explore, shortest
from maracaibo_env.maracaibo.core.sailing import market_spaces

FR, EN, SP = 0, 1, 2          # nation indices (enums.NATIONS)
HUMAN, JEAN = 0, 1
CARDS = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6",
         "C1", "C2", "C3", "C4")


# ---------------------------------------------------------------- helpers
def solo(seed=1, catalog=None, difficulty="medium", table="en"):
    g = Game(num_players=1, seed=seed, difficulty=difficulty, automa_table=table,
             catalog=catalog)
    return finish_setup(g)


def cid(g, name):
    return g.catalog.automa_ids.index(name)


def set_deck(g, names, discard=()):
    """Jean's pile holds exactly `names` (the last one on top) and her
    discard pile exactly `discard`."""
    deck = np.full(L.N_AUTOMA, -1, np.int32)
    deck[: len(names)] = [cid(g, n) for n in names]
    put(g, "AUTOMA_DECK", deck)
    put(g, "AUTOMA_N", len(names))
    disc = np.full(L.N_AUTOMA, -1, np.int32)
    disc[: len(discard)] = [cid(g, n) for n in discard]
    put(g, "AUTOMA_DISCARD", disc)
    put(g, "AUTOMA_DISCARD_N", len(discard))


def jean_at(g, key):
    put(g, "SHIP", loc(g, key), JEAN)


def exp(g, key):
    return g.catalog.exp_keys.index(key)


def explorers(g, human=None, jean=None):
    if human is not None:
        put(g, "EXPLORER", exp(g, human), HUMAN)
    if jean is not None:
        put(g, "EXPLORER", exp(g, jean), JEAN)


def turn(g, card=None):
    """Jean's whole turn (the card on top of her pile unless `card` is given)."""
    if card is not None:
        set_deck(g, [card])
    automa.take_turn(g.state, g._cat)
    return g.jean_log()


def empty_piles(g):
    put(g, "TOKENS_OUT", get(g, "TOKENS_OUT") + int(get(g, "TPILE_N").sum()))
    put(g, "TPILE_N", [0, 0])
    put(g, "TPILE0", -1)
    put(g, "TPILE1", -1)


def token_on_top(g, t, pile=0):
    """Make token t the top of `pile` (positions swapped; conservation kept)."""
    n = get(g, "TPILE_N")
    for k, name in ((0, "TPILE0"), (1, "TPILE1")):
        arr = list(get(g, name)[: n[k]])
        if t in arr:
            src = (name, arr.index(t))
            break
    else:
        raise AssertionError("token not in a pile")
    dst = ("TPILE0" if pile == 0 else "TPILE1", n[pile] - 1)
    a, b = get(g, src[0])[src[1]], get(g, dst[0])[dst[1]]
    put(g, src[0], b, index=src[1])
    put(g, dst[0], a, index=dst[1])


def token_catalog(tokens, **extra):
    """tokens: {t: (modifier, [(value, bonus, amount)] for france, england, spain)}."""
    ed = {k: {} for k in ("TOK_MOD", "TOK_VAL", "TOK_BONUS", "TOK_AMT")}
    for t, (m, sides) in tokens.items():
        ed["TOK_MOD"][t] = E.TOKEN_MODIFIERS.index(m)
        for n, (v, b, a) in enumerate(sides):
            ed["TOK_VAL"][t * 3 + n] = v
            ed["TOK_BONUS"][t * 3 + n] = E.TOKEN_BONUSES.index(b)
            ed["TOK_AMT"][t * 3 + n] = a
    ed.update(extra)
    return custom_catalog(**ed)


def marker(g, key, nation):
    """A nation's leftmost supply marker onto an empty location."""
    i = loc(g, key)
    assert get(g, "LOC_MARKER")[i] < 0, key
    put(g, "LOC_MARKER", nation, index=i)
    put(g, "SUP_TAKEN", get(g, "SUP_TAKEN")[nation] + 1, index=nation)


def spaces(g, key):
    return int(market_spaces(g.state, g._cat, loc(g, key)))


def fill_market(g, key):
    """Fill a city market with the human's discs (one from each of the first
    areas, so no area completes and conservation holds)."""
    i = loc(g, key)
    have = get(g, "LOC_MARKET")[i]
    for a in range(spaces(g, key) - have):
        d = get(g, "DISCS", HUMAN)
        assert d[a] == 2
        put(g, "DISCS", 1, HUMAN, index=a)
    put(g, "LOC_MARKET", spaces(g, key), index=i)


def add_board_quest(g, key, age=None):
    """The top tile of the quest pile onto location `key`; returns its slot."""
    n = get(g, "QPILE_N")
    t = get(g, "QPILE")[n - 1]
    put(g, "QPILE", -1, index=n - 1)
    put(g, "QPILE_N", n - 1)
    k = list(get(g, "BQ_TILE")).index(-1)
    put(g, "BQ_TILE", t, index=k)
    put(g, "BQ_LOC", loc(g, key), index=k)
    if age is None:
        age = get(g, "BQ_NEXT_AGE")
        put(g, "BQ_NEXT_AGE", age + 1)
    put(g, "BQ_AGE", age, index=k)
    return k


def board_quests(g, key):
    i = loc(g, key)
    return sorted(int(t) for t, l in zip(get(g, "BQ_TILE"), get(g, "BQ_LOC")) if t >= 0 and l == i)


def draw_top_card(g):
    return get(g, "DRAW")[get(g, "DRAW_N") - 1]


def vp(g, p=JEAN):
    return get(g, "VP", p)


def src(g, p, name):
    return get(g, "VP_SRC", p)[L.VP_SOURCES.index(name)]


def events(log):
    return [e for e, _ in log]


def income(g):
    return int(automa.jean_income(g.state, g._cat))


def bonuses(g):
    """VP Jean gains from end_bonuses alone."""
    before = vp(g)
    automa.end_bonuses(g.state, g._cat)
    return vp(g) - before


# ===================================================================== set-up (§26.1)
def test_solo_01_setup_24_two_player_setup():
    for seed in (0, 1, 2):
        g = solo(seed)
        assert g.solo and g.num_seats == 2 and g.num_players == 1 and get(g, "NP") == 2
        # SETUP-04: the Maracaibo tile covers Maracaibo (11); 2p city tiles on 4, 5, 13, 14
        mara = [t for t in range(13) if cat_get(g, "TILE_MARACAIBO", t)]
        assert get(g, "LOC_TILE")[loc(g, "11")] == mara[0]
        for key in ("4", "5", "13", "14"):
            t = get(g, "LOC_TILE")[loc(g, key)]
            assert t >= 0 and cat_get(g, "TILE_PLAYERS", t) & (1 << 2)
        # SETUP-09: Spain on 6, England on 7, France on 8, nothing else
        m = get(g, "LOC_MARKER")
        assert (m[loc(g, "6")], m[loc(g, "7")], m[loc(g, "8")]) == (SP, EN, FR)
        assert int((m >= 0).sum()) == 3
        assert list(get(g, "SUP_TAKEN")) == [1, 1, 1]
        # SETUP-16: card 75 with 2 players puts one quest at 15
        locs = [int(l) for l in get(g, "BQ_LOC") if l >= 0]
        assert locs == [loc(g, "15")]
        check(g)


def test_solo_02_jean_has_ship_explorer_and_nothing_else():
    g = solo(4)
    assert get(g, "SHIP", JEAN) == loc(g, "havana")
    assert get(g, "EXPLORER", JEAN) == cat_get(g, "EXP_START")
    for f in ("FIG_SUPPLY", "FIG_CAREER", "FIG_BOARD", "DOUBLOONS", "CP", "HAND_N",
              "TABLEAU_N", "DINC", "VINC"):
        assert get(g, f, JEAN) == 0, f
    assert list(get(g, "PLAN", JEAN)) == [-1] * L.PLAN_CAP
    assert get(g, "CAREER", JEAN) == -1
    # the human kept 4 cards + 1 planned; Jean was dealt nothing, so the 8 A-cards
    # a second player would get stay in the pile: 48 A + 40 B = 88, 84 after the market
    assert get(g, "HAND_N", HUMAN) == 4 and (get(g, "PLAN", HUMAN) >= 0).sum() == 1
    assert get(g, "DRAW_N") == 84 and get(g, "DISCARD_N") == 3
    check(g)


def test_solo_03_jean_vp_and_influence_start_at_zero():
    g = solo(5)
    assert vp(g) == 0 and list(get(g, "INF", JEAN)) == [0, 0, 0]


def test_solo_04_jean_uses_the_automa_board_not_a_ship_board():
    g = solo(6)
    assert list(get(g, "DISCS", JEAN)) == [0] * L.N_AREAS
    assert get(g, "UPGRADES", JEAN) == 0
    # her discs live on the Automa track instead
    assert get(g, "TRACK_REMOVED") == 0 and get(g, "TRACK_TO_MARKET") == 0


def test_solo_05_every_track_space_starts_with_a_disc():
    g = solo(7)
    n = cat_get(g, "TRACK_N")
    assert n == 22                                   # DATA-17: published (ZH p16, SH)
    assert [cat_get(g, "TRACK_VP", i) for i in range(n)] == [
        0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38]
    assert automa.track_emptied(g.state) == 0 and income(g) == 0


@pytest.mark.parametrize("table,level,counts", [
    ("en", "very_easy", (5, 0, 0)), ("en", "easy", (5, 0, 1)), ("en", "medium", (5, 1, 1)),
    ("en", "hard", (4, 2, 1)), ("en", "very_hard", (3, 3, 1)),
    ("de", "very_easy", (5, 0, 0)), ("de", "easy", (5, 0, 1)), ("de", "medium", (5, 1, 1)),
    ("de", "hard", (5, 2, 1)), ("de", "very_hard", (5, 3, 1)),
])
def test_solo_06_deck_by_difficulty_and_table(table, level, counts):
    for seed in (0, 1, 2, 3):
        g = solo(seed, difficulty=level, table=table)
        n = get(g, "AUTOMA_N")
        deck = [int(c) for c in get(g, "AUTOMA_DECK")]
        assert n == sum(counts)
        assert all(c >= 0 for c in deck[:n]) and all(c == -1 for c in deck[n:])
        assert len(set(deck[:n])) == n
        letters = [g.catalog.automa_ids[c][0] for c in deck[:n]]
        assert tuple(letters.count(x) for x in "ABC") == counts
        assert get(g, "AUTOMA_DISCARD_N") == 0


def test_solo_06_vectors_and_shuffle():
    assert solo(1, difficulty="medium").state[K.G_AUTOMA_N] == 7
    assert solo(1, difficulty="very_hard").state[K.G_AUTOMA_N] == 7
    assert solo(1, difficulty="very_hard", table="de").state[K.G_AUTOMA_N] == 9
    # the letter groups are shuffled: which B-cards are chosen varies with the seed
    chosen = set()
    for seed in range(12):
        g = solo(seed, difficulty="hard")
        chosen |= {g.catalog.automa_ids[c] for c in get(g, "AUTOMA_DECK")[: get(g, "AUTOMA_N")]}
    assert {"B1", "B2", "B3", "B4", "B5", "B6"} <= chosen


def test_solo_06_deck_is_shuffled_after_it_is_built():
    # medium (EN): 5 A, 1 B, 1 C. Built letter by letter, an unshuffled pile would
    # always hold the C-card on top and the B-card below it.
    tops, b_at = set(), set()
    for seed in range(20):
        g = solo(seed, difficulty="medium")
        deck = [g.catalog.automa_ids[c] for c in get(g, "AUTOMA_DECK")[: get(g, "AUTOMA_N")]]
        tops.add(deck[-1][0])
        b_at.add(next(i for i, c in enumerate(deck) if c[0] == "B"))
    assert tops == {"A", "B", "C"}
    assert len(b_at) >= 4


def test_solo_07_you_start_with_8_doubloons():
    for seed in range(8):
        g = Game(num_players=1, seed=seed)
        assert get(g, "START") == HUMAN and g.current_player == HUMAN
        assert get(g, "DOUBLOONS", HUMAN) == 8 and get(g, "DOUBLOONS", JEAN) == 0
        finish_setup(g)
        assert g.phase == "sail" and g.current_player == HUMAN


# ===================================================================== Jean's turn (§26.2)
def test_solo_08_draw_top_card_discard_after_and_alternate_turns():
    g = solo(2)
    set_deck(g, ["A2", "A5", "A1"])      # A1 on top
    g.step("sail:1:mp1")
    g.step("pass")                         # human's turn ends -> Jean's turn -> human again
    assert g.current_player == HUMAN and g.phase == "sail"
    assert g.jean_log()[0] == ("card", "A1")
    assert get(g, "AUTOMA_N") == 2 and list(get(g, "AUTOMA_DECK")[:3]) == [cid(g, "A2"), cid(g, "A5"), -1]
    assert get(g, "AUTOMA_DISCARD_N") == 1 and get(g, "AUTOMA_DISCARD")[0] == cid(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "4")
    g.step("sail:2:mp1")
    g.step("pass")
    assert g.jean_log()[0] == ("card", "A5")
    assert list(get(g, "AUTOMA_DISCARD")[:2]) == [cid(g, "A1"), cid(g, "A5")]
    check(g)


def test_solo_08_reshuffle_when_the_pile_runs_out():
    g = solo(3)
    set_deck(g, [], discard=["A1", "A2", "A4"])
    log = turn(g)
    drawn = log[0][1]
    assert drawn in ("A1", "A2", "A4")
    assert get(g, "AUTOMA_N") == 2
    rest = {g.catalog.automa_ids[c] for c in get(g, "AUTOMA_DECK")[:2]}
    assert rest | {drawn} == {"A1", "A2", "A4"} and drawn not in rest
    assert get(g, "AUTOMA_DISCARD_N") == 1 and get(g, "AUTOMA_DISCARD")[0] == cid(g, drawn)
    assert list(get(g, "AUTOMA_DISCARD")[1:]) == [-1] * (L.N_AUTOMA - 1)


def test_solo_08_the_reshuffle_shuffles():
    # the same discard pile (A4 last) gives different new piles: without a
    # shuffle A4 would be drawn every time
    drawn, orders = set(), set()
    for seed in range(12):
        g = solo(seed)
        set_deck(g, [], discard=["A1", "A2", "A4"])
        drawn.add(turn(g)[0][1])
        orders.add(tuple(int(c) for c in get(g, "AUTOMA_DECK")[:2]))
    assert drawn == {"A1", "A2", "A4"}
    assert len(orders) >= 4


def test_solo_08_actions_in_printed_order():
    g = solo(3)
    put(g, "ROUND", 3)
    fill_market(g, "5")
    log = turn(g, "B3")   # remove a disc, then (round III+) 4 VP
    assert events(log) == ["card", "sail", "take_card", "remove_disc", "vp"]
    g = solo(3)
    fill_market(g, "5")
    log = turn(g, "C1")   # 4 VP, then remove a disc
    assert events(log) == ["card", "sail", "take_card", "vp", "remove_disc"]
    g = solo(3)
    fill_market(g, "5")
    log = turn(g, "B4")   # 4 VP, then explore
    assert events(log) == ["card", "sail", "take_card", "vp", "explore"]


@pytest.mark.parametrize("start,card,dest", [
    ("havana", "A1", "4"),    # upper, 1 space: the villages 1, 2, 3 are not counted
    ("havana", "A2", "4"),    # lower short cut 1 -> 3, then 4
    ("havana", "A4", "5"),    # upper, 2 spaces: 4, 5
    ("5", "A1", "11"),        # 6 .. 10 are villages
    ("5", "A5", "13"),        # lower, 2 spaces: 11, 13
    ("11", "A4", "14"),       # upper, 2 spaces: 13, then the fork's upper arrow to 14
    ("11", "A5", "17"),       # lower, 2 spaces: 13, then the short cut to 17
    ("13", "A1", "14"),       # upper
    ("13", "A2", "17"),       # lower: 14, 15, 16 are bypassed
    ("14", "A2", "15"),       # 15 is a village with card 75's set-up quest: it counts
    ("15", "A2", "17"),       # 16 (village) skipped
    ("17", "A1", "20"),       # 18, 19 skipped; 20 counts (a homeward-bound city)
])
def test_solo_09_move_and_route_arrow_at_forks(start, card, dest):
    g = solo(4)
    jean_at(g, start)
    log = turn(g, card)
    assert get(g, "SHIP", JEAN) == loc(g, dest)
    assert log[1] == ("sail", dest)


def test_solo_09_route_through_a_village_fork():
    # 8 -> 9 (upper) / 10 (lower); with a quest at 9 the upper arrow ends there
    g = solo(4)
    add_board_quest(g, "9")
    jean_at(g, "5")
    turn(g, "A1")                # upper, move 1: 6, 7, 8 skipped, 9 has a quest
    assert get(g, "SHIP", JEAN) == loc(g, "9")
    g = solo(4)
    add_board_quest(g, "9")
    jean_at(g, "5")
    turn(g, "A2")                # lower, move 1: the short cut 8 -> 10 passes 9 by -> 11
    assert get(g, "SHIP", JEAN) == loc(g, "11")
    # the same at the first fork: 1 -> 2 (upper) / 3 (lower)
    g = solo(4)
    add_board_quest(g, "2")
    turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "2")
    g = solo(4)
    add_board_quest(g, "2")
    turn(g, "A2")
    assert get(g, "SHIP", JEAN) == loc(g, "4")


def test_solo_10_tv_45_villages_without_quest_are_not_counted():
    # route from 4: 5 C, 6 V(no quest), 7 V(quest), 8 .. 10 V(no quest), 11 C; move 3
    cat = custom_catalog(AUTO_MOVE={0: 3})   # A1: move 3, upper
    g = solo(4, catalog=cat)
    jean_at(g, "4")
    add_board_quest(g, "7")
    turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "11")  # 5 = 1, 7 (quest) = 2, 11 = 3
    g = solo(4, catalog=cat)
    jean_at(g, "4")
    turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "13")  # no quest at 7: 5, 11, 13
    # a quest in the first village makes it space 1
    g = solo(4)
    add_board_quest(g, "1")
    turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "1")


def test_solo_10_jean_never_ends_on_a_village_without_a_quest():
    # the shipped map has no stop symbol outside 20-22 (published facts 14-17), so
    # every move of hers ends at a city, a homeward-bound space or a quest
    cities = {"4", "5", "11", "13", "14", "17", "20", "21a", "21b", "22"}
    ends = 0
    for seed in range(4):
        g = Game(num_players=1, seed=seed, difficulty="very_hard")
        rng = np.random.default_rng(seed)
        while not g.is_over:
            g.step(int(rng.choice(g.legal_actions())))
            log = g.jean_log()
            sails = [a for e, a in log if e == "sail"]
            if sails:
                ends += 1
                assert sails[0] in cities or ("quest", sails[0]) in log, (seed, log)
    assert ends > 40


def test_solo_11_must_stop_locations_end_her_move():
    g = solo(5)
    jean_at(g, "19")
    turn(g, "A4")                     # move 2: 20 ends it
    assert get(g, "SHIP", JEAN) == loc(g, "20")
    g = solo(5)
    jean_at(g, "17")
    turn(g, "A4")                     # move 2: 20 is the first counted space and ends it
    assert get(g, "SHIP", JEAN) == loc(g, "20")
    # a stop symbol on a village (a corrected map may have one) ends her move there
    g = solo(5, catalog=custom_catalog(LOC_MUST_STOP={16: 1}))
    jean_at(g, "14")
    turn(g, "A4")                     # 15 skipped, 16 (must stop) ends it uncounted
    assert get(g, "SHIP", JEAN) == loc(g, "16")


@pytest.mark.parametrize("rnd,start,dest", [
    (1, "20", "21a"), (3, "20", "21a"), (4, "20", "21b"), (4, "21b", "22"),
])
def test_solo_11_from_20_one_space_per_turn(rnd, start, dest):
    g = solo(5)
    put(g, "ROUND", rnd)
    jean_at(g, start)
    turn(g, "B1")                     # move 2
    assert get(g, "SHIP", JEAN) == loc(g, dest)
    assert get(g, "ROUND_END") == (1 if dest in ("21a", "22") else 0)


def test_solo_13_quest_taken_without_cost_or_reward_and_turn_ends():
    g = solo(6)
    k = add_board_quest(g, "1")
    t = get(g, "BQ_TILE")[k]
    before = g.state.copy()
    log = turn(g, "A1")               # would explore 2 -- not this turn
    assert get(g, "SHIP", JEAN) == loc(g, "1")
    assert log == [("card", "A1"), ("sail", "1"), ("quest", "1")]
    assert get(g, "QUESTS", JEAN) == 1 and t not in get(g, "BQ_TILE")
    assert board_quests(g, "1") == []
    assert vp(g) == 0 and get(g, "DOUBLOONS", JEAN) == 0 and list(get(g, "INF", JEAN)) == [0, 0, 0]
    assert get(g, "EXPLORER", JEAN) == before[L.field_slice("EXPLORER", JEAN)][0]
    assert get(g, "AUTOMA_CARDS") == 0 and automa.track_emptied(g.state) == 0
    assert list(get(g, "MARKET")) == list(before[L.field_slice("MARKET")])
    assert get(g, "AUTOMA_DISCARD_N") == 1   # the card is still discarded
    check(g)
    # B1 in round III would score 4 VP and explore 4: nothing after the quest
    g = solo(6)
    put(g, "ROUND", 3)
    add_board_quest(g, "5")
    log = turn(g, "B1")
    assert log == [("card", "B1"), ("sail", "5"), ("quest", "5")]
    assert vp(g) == 0 and get(g, "EXPLORER", JEAN) == exp(g, "s0") and get(g, "QUESTS", JEAN) == 1


def test_solo_13_city_with_a_quest_quest_first():
    g = solo(6)
    add_board_quest(g, "4")
    log = turn(g, "A1")
    assert events(log) == ["card", "sail", "quest"]
    assert get(g, "LOC_MARKET")[loc(g, "4")] == 0 and get(g, "QUESTS", JEAN) == 1
    assert get(g, "EXPLORER", JEAN) == exp(g, "s0")


@pytest.mark.parametrize("old_first", [True, False])
def test_solo_13_takes_the_oldest_tile(old_first):
    # the oldest tile, wherever it lies in the board's quest slots (not the last or
    # the first slot)
    g = solo(6)
    ages = (7, 50) if old_first else (50, 7)
    k1 = add_board_quest(g, "1", age=ages[0])
    k2 = add_board_quest(g, "1", age=ages[1])
    assert k1 < k2
    k_old, k_new = (k1, k2) if old_first else (k2, k1)
    t_new, t_old = get(g, "BQ_TILE")[k_new], get(g, "BQ_TILE")[k_old]
    turn(g, "A1")
    assert board_quests(g, "1") == [t_new] and t_old not in get(g, "BQ_TILE")
    check(g)


def test_solo_14_delivery_into_an_empty_market_space():
    g = solo(7)
    assert spaces(g, "11") == 2                # the 2p Maracaibo tile: 2 spaces
    jean_at(g, "5")
    market = list(get(g, "MARKET"))
    log = turn(g, "A1")
    assert ("deliver", "11") in log
    assert get(g, "LOC_MARKET")[loc(g, "11")] == 1
    assert get(g, "TRACK_TO_MARKET") == 1 and get(g, "TRACK_REMOVED") == 0
    assert get(g, "AUTOMA_CARDS") == 0 and list(get(g, "MARKET")) == market
    check(g)
    jean_at(g, "5")
    turn(g, "A1")                              # the second space
    assert get(g, "LOC_MARKET")[loc(g, "11")] == 2 and get(g, "TRACK_TO_MARKET") == 2
    jean_at(g, "5")
    top = draw_top_card(g)
    old = get(g, "MARKET")[2]
    log = turn(g, "A1")                        # full now: display card 3
    assert ("take_card", g.catalog.card_names[old]) in log
    assert get(g, "TRACK_TO_MARKET") == 2 and get(g, "AUTOMA_CARDS") == 1
    assert get(g, "MARKET")[2] == top
    check(g)


@pytest.mark.parametrize("card,dest,pos", [
    ("A1", "4", 3), ("A2", "4", 2), ("A3", "4", 4), ("A4", "5", 1), ("C2", "5", 2),
])
def test_solo_14_full_market_takes_the_shown_display_card(card, dest, pos):
    g = solo(8)
    empty_piles(g)
    fill_market(g, dest)
    market = list(get(g, "MARKET"))
    top = draw_top_card(g)
    n = get(g, "DRAW_N")
    log = turn(g, card)
    assert get(g, "SHIP", JEAN) == loc(g, dest)
    assert ("take_card", g.catalog.card_names[market[pos - 1]]) in log
    exp_market = market.copy()
    exp_market[pos - 1] = top                 # refilled in place
    assert list(get(g, "MARKET")) == exp_market
    assert get(g, "DRAW_N") == n - 1 and get(g, "AUTOMA_CARDS") == 1
    check(g)


def test_solo_15_homeward_spaces_always_take_a_card():
    for start, dest, rnd in (("19", "20", 1), ("20", "21a", 2), ("20", "21b", 4), ("21b", "22", 4)):
        g = solo(9)
        put(g, "ROUND", rnd)
        jean_at(g, start)
        market = list(get(g, "MARKET"))
        top = draw_top_card(g)
        log = turn(g, "A4")            # display 1
        assert get(g, "SHIP", JEAN) == loc(g, dest)
        assert ("take_card", g.catalog.card_names[market[0]]) in log
        assert get(g, "MARKET")[0] == top and get(g, "AUTOMA_CARDS") == 1
        assert get(g, "TRACK_TO_MARKET") == 0 and get(g, "LOC_MARKET")[loc(g, dest)] == 0


def test_solo_16_actions_do_not_depend_on_the_city():
    # A1 from 5 ends at Maracaibo (11), a Combat city: Jean only explores, no Combat
    g = solo(10)
    jean_at(g, "5")
    piles = list(get(g, "TPILE_N"))
    markers = list(get(g, "LOC_MARKER"))
    log = turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, "11")
    assert events(log) == ["card", "sail", "deliver", "explore"]
    assert list(get(g, "TPILE_N")) == piles and list(get(g, "LOC_MARKER")) == markers
    assert get(g, "EXPLORER", JEAN) == exp(g, "s2")
    # the same card at the Explore 3 city (the special tile t02) still explores only 2
    g = solo(10)
    slot = next(k for k in ("4", "5", "13", "14")
                if get(g, "LOC_TILE")[loc(g, k)] == g.catalog.tile_keys.index("t02"))
    jean_at(g, {"4": "havana", "5": "4", "13": "11", "14": "13"}[slot])
    turn(g, "A1")
    assert get(g, "SHIP", JEAN) == loc(g, slot) and get(g, "EXPLORER", JEAN) == exp(g, "s2")
    # and actions are performed even when nothing was delivered or taken (market full)
    g = solo(10)
    fill_market(g, "4")
    turn(g, "A2")
    assert list(get(g, "INF", JEAN)) == [1, 0, 0]


def test_solo_16_must_stop_village_without_quest_still_performs_actions():
    # no such village on the shipped map; a corrected map may have one
    g = solo(11, catalog=custom_catalog(LOC_MUST_STOP={16: 1}))
    jean_at(g, "14")
    market = list(get(g, "MARKET"))
    log = turn(g, "A4")             # move 2 upper: 15 = 1, 16 (must stop, village) ends it
    assert get(g, "SHIP", JEAN) == loc(g, "16")
    assert events(log) == ["card", "sail", "influence"]
    assert list(get(g, "MARKET")) == market and get(g, "AUTOMA_CARDS") == 0
    assert automa.track_emptied(g.state) == 0
    assert list(get(g, "INF", JEAN)) == [0, 0, 1]


# ===================================================================== every card, every round range
# From Havana, both explorers on s0, the destination market full (so the shown
# display card is taken), both token piles empty (Combat: 3 for every nation ->
# France; she annexes Puerto Plata 4, the lowest empty city with a flag, and the
# Warrior also the lowest empty village, 1).
# card: (destination, display, {round: (influence F/E/S, VP, explorer, quests, discs removed)},
#        annexed locations)
def _r(rounds, inf=(0, 0, 0), vp_=0, explorer="s0", quests=0, discs=0):
    return {r: (inf, vp_, explorer, quests, discs) for r in rounds}


CARD_SCENARIOS = {
    "A1": ("4", 3, _r((1, 2, 3, 4), explorer="s2"), []),
    "A2": ("4", 2, _r((1, 2, 3, 4), inf=(1, 0, 0)), []),
    "A3": ("4", 4, _r((1, 2, 3, 4), inf=(2, 0, 0)), ["4"]),
    "A4": ("5", 1, _r((1, 2, 3, 4), inf=(0, 0, 1)), []),
    "A5": ("5", 3, _r((1, 2, 3, 4), inf=(0, 1, 0)), []),
    "B1": ("5", 3, {**_r((1, 2), vp_=4, explorer="s2"), **_r((3, 4), vp_=4, explorer="s4")}, []),
    "B2": ("5", 3, {**_r((1, 2), quests=1), **_r((3, 4), quests=1, vp_=4)}, []),
    "B3": ("5", 3, {**_r((1, 2), discs=1), **_r((3, 4), discs=1, vp_=4)}, []),
    "B4": ("5", 3, {**_r((1, 2), vp_=4, explorer="s2"), **_r((3, 4), vp_=4, explorer="s4")}, []),
    "B5": ("5", 3, {**_r((1, 2), discs=1), **_r((3, 4), discs=1, vp_=4)}, []),
    "B6": ("5", 4, _r((1, 2, 3, 4), inf=(3, 0, 0), vp_=2), ["4"]),
    "C1": ("5", 1, _r((1, 2, 3, 4), vp_=4, discs=1), []),
    "C2": ("5", 2, _r((1, 2, 3, 4), vp_=3, quests=1), []),
    "C3": ("5", 3, {**_r((1, 2), vp_=4, explorer="s3"), **_r((3, 4), vp_=4, explorer="s4")}, []),
    "C4": ("5", 4, _r((1, 2, 3, 4), inf=(3, 0, 0), vp_=2), ["4", "1"]),   # Warrior
}


@pytest.mark.parametrize("card,rnd", [(c, r) for c in CARDS for r in (1, 2, 3, 4)])
def test_solo_16_each_card_in_each_round(card, rnd):
    dest, pos, by_round, annexed = CARD_SCENARIOS[card]
    inf, vp_, explorer, quests, discs = by_round[rnd]
    g = solo(12)
    put(g, "ROUND", rnd)
    empty_piles(g)
    fill_market(g, dest)
    market = list(get(g, "MARKET"))
    top = draw_top_card(g)
    qpile = get(g, "QPILE_N")
    markers = list(get(g, "LOC_MARKER"))
    human = g.state[L.field_slice("VP", HUMAN)].copy()
    log = turn(g, card)
    # movement, then the display card at the card's position, refilled
    assert get(g, "SHIP", JEAN) == loc(g, dest)
    assert log[:3] == [("card", card), ("sail", dest), ("take_card", g.catalog.card_names[market[pos - 1]])]
    market[pos - 1] = top
    assert list(get(g, "MARKET")) == market and get(g, "AUTOMA_CARDS") == 1
    # the card's actions for this round
    assert tuple(get(g, "INF", JEAN)) == inf
    assert vp(g) == vp_ == src(g, JEAN, "automa")
    assert get(g, "EXPLORER", JEAN) == exp(g, explorer)
    assert get(g, "QUESTS", JEAN) == quests and get(g, "QPILE_N") == qpile - quests
    assert get(g, "TRACK_REMOVED") == discs and get(g, "TRACK_TO_MARKET") == 0
    for key in annexed:
        markers[loc(g, key)] = FR
    assert list(get(g, "LOC_MARKER")) == markers
    assert get(g, "TOKENS", JEAN) == 0            # both piles were empty
    # Jean never gains doubloons, CP or figures; the human is untouched
    assert get(g, "DOUBLOONS", JEAN) == 0 and get(g, "CP", JEAN) == 0 and get(g, "FIG_SUPPLY", JEAN) == 0
    assert np.array_equal(g.state[L.field_slice("VP", HUMAN)], human)
    assert list(get(g, "AUTOMA_DISCARD")[:1]) == [cid(g, card)] and get(g, "AUTOMA_N") == 0
    check(g)


# ===================================================================== Automa actions (§26.3)
def test_jact_01_influence_with_the_shown_nation_and_overflow():
    for card, nation in (("A2", FR), ("A4", SP), ("A5", EN)):
        g = solo(13)
        turn(g, card)
        expect = [0, 0, 0]
        expect[nation] = 1
        assert list(get(g, "INF", JEAN)) == expect
    g = solo(13)
    last = cat_get(g, "INF_SPACES") - 1
    put(g, "INF", [last, 0, 0], JEAN)
    turn(g, "A2")                               # past the end: 2 VP (INF-03)
    assert get(g, "INF", JEAN)[FR] == last and vp(g) == 2


@pytest.mark.parametrize("card,dest", [("B3", "5"), ("B5", "5")])
def test_jact_02_remove_disc_and_from_round_3_four_vp(card, dest):
    for rnd, vp_ in ((1, 0), (2, 0), (3, 4), (4, 4)):
        g = solo(14)
        put(g, "ROUND", rnd)
        fill_market(g, dest)
        put(g, "TRACK_REMOVED", 2)
        turn(g, card)
        assert get(g, "TRACK_REMOVED") == 3 and vp(g) == vp_
        assert income(g) == 2 + 1               # leftmost: space 3 (2 VP) emptied; 1 card


def test_jact_03_remove_disc_and_four_vp_every_round():
    for rnd in (1, 4):
        g = solo(15)
        put(g, "ROUND", rnd)
        fill_market(g, "5")
        turn(g, "C1")
        assert get(g, "TRACK_REMOVED") == 1 and vp(g) == 4


def test_jact_03_empty_track_still_scores_the_vp():
    g = solo(15)
    put(g, "TRACK_REMOVED", 22)
    fill_market(g, "5")
    log = turn(g, "C1")
    assert get(g, "TRACK_REMOVED") == 22 and vp(g) == 4
    assert "remove_disc" not in events(log)


def test_jact_04_explore_two_shortest_path_no_rewards():
    g = solo(16)
    turn(g, "A1")                               # s0 -> s1 (2 doubloons), s2 (1 CP): no rewards
    assert get(g, "EXPLORER", JEAN) == exp(g, "s2")
    assert vp(g) == 0 and get(g, "DOUBLOONS", JEAN) == 0 and get(g, "CP", JEAN) == 0
    # at a fork she takes the shorter branch to the end: s7 -> s10 -> s11
    g = solo(16)
    explorers(g, jean="s7")
    turn(g, "A1")
    assert get(g, "EXPLORER", JEAN) == exp(g, "s11")
    g = solo(16)
    explorers(g, jean="s16")
    turn(g, "A1")                               # s16 -> s20 -> s21 (not s17, s18)
    assert get(g, "EXPLORER", JEAN) == exp(g, "s21")


def test_jact_04_stops_on_a_reachable_quest_and_takes_it():
    g = solo(17)
    explorers(g, jean="s4")
    qi = cat_get(g, "EXP_QUEST", exp(g, "s6"))
    t = get(g, "EXQ_TILE")[qi]
    assert t >= 0
    log = turn(g, "A1")
    assert get(g, "EXPLORER", JEAN) == exp(g, "s6")
    assert get(g, "EXQ_TILE")[qi] == -1 and get(g, "QUESTS", JEAN) == 1
    assert ("explorer_quest", "s6") in log
    check(g)
    # within reach with steps left over: she stops there and loses the rest (B1 round III: 4)
    g = solo(17)
    put(g, "ROUND", 3)
    explorers(g, jean="s5")
    turn(g, "B1")
    assert get(g, "EXPLORER", JEAN) == exp(g, "s6") and get(g, "QUESTS", JEAN) == 1
    # out of reach: the normal move
    g = solo(17)
    explorers(g, jean="s3")
    turn(g, "A1")
    assert get(g, "EXPLORER", JEAN) == exp(g, "s5") and get(g, "QUESTS", JEAN) == 0


def test_jact_04_explorer_quest_does_not_end_her_turn():
    # A1 with an extra "4 VP" after its explore (edited card): still scored
    o = load_catalog().automa_ids.index("A1") * 4 + 1
    cat = custom_catalog(AUTO_ACT={o: E.AUTOMA_ACTIONS.index("vp")}, AUTO_ACT_AMT={o: 4},
                         AUTO_ACT_R0={o: 1}, AUTO_ACT_R1={o: 4})
    g = solo(17, catalog=cat)
    explorers(g, jean="s5")
    log = turn(g, "A1")
    assert events(log)[-2:] == ["explorer_quest", "vp"]
    assert get(g, "QUESTS", JEAN) == 1 and vp(g) == 4


def test_jact_04_jumps_occupied_and_emptied_quest_spaces():
    g = solo(18)
    explorers(g, human="s1", jean="s0")
    turn(g, "A1")                               # s1 is jumped: s2, s3
    assert get(g, "EXPLORER", JEAN) == exp(g, "s3")
    g = solo(18)
    explorers(g, human="s0", jean="s5")
    qi = cat_get(g, "EXP_QUEST", exp(g, "s6"))
    put(g, "QPILE", get(g, "EXQ_TILE")[qi], index=get(g, "QPILE_N"))
    put(g, "QPILE_N", get(g, "QPILE_N") + 1)
    put(g, "EXQ_TILE", -1, index=qi)            # an emptied quest space
    turn(g, "A1")                               # s6 jumped: s7, s10
    assert get(g, "EXPLORER", JEAN) == exp(g, "s10")
    check(g)


def test_jact_04_counts_for_first_crossing_and_arrival_no_reward():
    g = solo(19)
    explorers(g, jean="s2")
    turn(g, "A1")                               # s3 red barrier, s4
    assert get(g, "BARRIERS", JEAN) == 1 << K.BAR_RED
    assert vp(g) == 0 and list(get(g, "INF", JEAN)) == [0, 0, 0]
    g = solo(19)
    explorers(g, jean="s13")
    turn(g, "A1")                               # s14 blue barrier, s15
    assert get(g, "EXPLORER", JEAN) == exp(g, "s15")
    assert get(g, "BARRIER_FIRST") & (1 << K.BAR_BLUE) and vp(g) == 0
    g = solo(19)
    explorers(g, jean="s27")
    turn(g, "A1")                               # the last space: rank 1, no VP, no village action
    assert get(g, "EXPLORER", JEAN) == exp(g, "s28")
    assert get(g, "EXP_RANK", JEAN) == 1 and get(g, "EXP_LAST_N") == 1
    assert vp(g) == 0 and get(g, "STK_N") == 0
    turn(g, "A1")                               # on the last space: nothing more
    assert get(g, "EXPLORER", JEAN) == exp(g, "s28") and get(g, "EXP_LAST_N") == 1


@pytest.mark.parametrize("card,dest", [("B1", "5"), ("B4", "5")])
def test_jact_05_four_vp_and_explore_two_then_four(card, dest):
    for rnd, to in ((1, "s2"), (2, "s2"), (3, "s4"), (4, "s4")):
        g = solo(20)
        put(g, "ROUND", rnd)
        turn(g, card)
        assert get(g, "SHIP", JEAN) == loc(g, dest)
        assert vp(g) == 4 and get(g, "EXPLORER", JEAN) == exp(g, to)


def test_jact_06_quest_from_pile_and_from_round_3_four_vp():
    for rnd, vp_ in ((1, 0), (2, 0), (3, 4), (4, 4)):
        g = solo(21)
        put(g, "ROUND", rnd)
        n = get(g, "QPILE_N")
        t = get(g, "QPILE")[n - 1]
        log = turn(g, "B2")
        assert get(g, "QPILE_N") == n - 1 and t not in get(g, "QPILE")
        assert get(g, "QUESTS", JEAN) == 1 and vp(g) == vp_
        assert "quest_pile" in events(log)
        check(g)


def test_jact_06_empty_quest_pile_gives_nothing():
    g = solo(21)
    put(g, "ROUND", 3)
    n = get(g, "QPILE_N")
    put(g, "QUESTS", n, HUMAN)                  # the human holds the rest of the pile
    put(g, "QPILE", -1)
    put(g, "QPILE_N", 0)
    log = turn(g, "B2")
    assert get(g, "QUESTS", JEAN) == 0 and vp(g) == 4
    assert "quest_pile" not in events(log)
    check(g)


def test_jact_07_quest_from_pile_and_three_vp():
    for rnd in (1, 3):
        g = solo(22)
        put(g, "ROUND", rnd)
        n = get(g, "QPILE_N")
        turn(g, "C2")
        assert get(g, "QPILE_N") == n - 1 and get(g, "QUESTS", JEAN) == 1 and vp(g) == 3


def test_jact_08_combat_cards_run_the_special_combat():
    for card, infl, vp_ in (("A3", 2, 0), ("B6", 3, 2), ("C4", 3, 2)):
        g = solo(23)
        n = int(get(g, "TPILE_N").sum())
        log = turn(g, card)
        assert "combat" in events(log) and "annex" in events(log)
        assert int(get(g, "TPILE_N").sum()) == n - 1 and get(g, "TOKENS", JEAN) == 1
        assert int(get(g, "INF", JEAN).sum()) == infl and vp(g) == vp_
        check(g)


# ===================================================================== special Combat (§26.4)
def test_jcombat_01_both_piles_empty_value_three_for_every_nation():
    g = solo(24)
    empty_piles(g)
    log = turn(g, "A3")
    assert ("combat", "france") in log            # all 3: France first
    assert get(g, "TOKENS", JEAN) == 0 and get(g, "TOKENS_OUT") == L.N_TOKENS
    cat = token_catalog({0: ("none", [(3, "none", 0), (3, "none", 0), (3, "none", 0)])})
    g = solo(24, catalog=cat)
    empty_piles(g)
    put(g, "INF", [0, 6, 0], JEAN)                # English rank 3: 3 + 3 beats 3
    log = turn(g, "A3")
    assert ("combat", "england") in log


def test_jcombat_01_reveals_from_the_first_non_empty_pile():
    cat = token_catalog({0: ("none", [(2, "none", 0), (6, "none", 0), (2, "none", 0)]),
                         1: ("none", [(2, "none", 0), (2, "none", 0), (6, "none", 0)])})
    g = solo(24, catalog=cat)
    token_on_top(g, 0, pile=0)
    token_on_top(g, 1, pile=1)
    n0, n1 = get(g, "TPILE_N")
    log = turn(g, "A3")
    assert ("combat", "england") in log and list(get(g, "TPILE_N")) == [n0 - 1, n1]
    # pile 0 empty: from pile 1
    g = solo(24, catalog=cat)
    token_on_top(g, 1, pile=1)
    n0, n1 = get(g, "TPILE_N")
    put(g, "TOKENS_OUT", get(g, "TOKENS_OUT") + n0)
    put(g, "TPILE0", -1)
    put(g, "TPILE_N", [0, n1])
    log = turn(g, "A3")
    assert ("combat", "spain") in log and list(get(g, "TPILE_N")) == [0, n1 - 1]
    assert get(g, "TOKENS", JEAN) == 1
    check(g)


def test_jcombat_02_modified_value_ranks_and_token_modifier():
    # printed F 5, E 4, S 4; Jean's ranks F 0, E 1, S 0; your ranks F 0, E 0, S 0
    cat = token_catalog({0: ("none", [(5, "none", 0), (4, "none", 0), (4, "none", 0)]),
                         1: ("most_minus2", [(5, "none", 0), (4, "none", 0), (4, "none", 0)]),
                         2: ("fewest_plus3", [(5, "none", 0), (4, "none", 0), (2, "none", 0)])})
    g = solo(25, catalog=cat)
    token_on_top(g, 0)
    put(g, "INF", [0, 1, 0], JEAN)                 # England 4 + 1 = 5 ties France 5
    assert ("combat", "france") in turn(g, "A3")   # tie: printed F 5 > E 4
    g = solo(25, catalog=cat)
    token_on_top(g, 0)
    put(g, "INF", [0, 1, 0], JEAN)
    put(g, "INF", [1, 0, 0], HUMAN)                 # your French rank 1: F 4 < E 5
    assert ("combat", "england") in turn(g, "A3")
    # most -2: France alone has the most markers on locations -> F 3, E 4, S 4 -> Spain
    g = solo(25, catalog=cat)
    token_on_top(g, 1)
    marker(g, "1", FR)
    assert ("combat", "spain") in turn(g, "A3")
    g = solo(25, catalog=cat)                      # no sole leader: no -2, France 5
    token_on_top(g, 1)
    assert ("combat", "france") in turn(g, "A3")
    # fewest +3: Spain alone fewest -> S 2 + 3 = 5 ties F 5; printed F 5 > S 2 -> France;
    # with Jean's Spanish rank 1 Spain wins
    g = solo(25, catalog=cat)
    token_on_top(g, 2)
    marker(g, "1", FR)
    marker(g, "3", EN)
    put(g, "INF", [0, 0, 1], JEAN)
    assert ("combat", "spain") in turn(g, "A3")


def test_jcombat_02_costs_and_bonuses_ignored():
    cat = token_catalog({0: ("none", [(6, "doubloons", -3), (1, "vp", 5), (1, "figure", 1)]),
                         1: ("none", [(6, "vp", 4), (1, "none", 0), (1, "none", 0)])})
    for t in (0, 1):
        g = solo(26, catalog=cat)
        token_on_top(g, t)
        log = turn(g, "A3")
        assert ("combat", "france") in log
        assert vp(g) == 0 and get(g, "DOUBLOONS", JEAN) == 0 and get(g, "FIG_SUPPLY", JEAN) == 0
        assert list(get(g, "INF", JEAN)) == [2, 0, 0]
        check(g)


@pytest.mark.parametrize("values,jean_inf,human_inf,nation", [
    # F 5, E 5, S 4; Jean F 0, E 2, S 3; you F 1 -> F 4, E 7, S 7 -> printed E 5 > S 4
    ((5, 5, 4), (0, 3, 6), (1, 0, 0), "england"),
    # everything equal -> France
    ((4, 4, 4), (0, 0, 0), (0, 0, 0), "france"),
    # F 6, S 6, E 2, printed F 4 = S 4 -> France before Spain
    ((4, 2, 4), (3, 0, 3), (0, 0, 0), "france"),
    # S 5 = E 5, printed equal -> Spain before England
    ((3, 5, 5), (0, 0, 0), (0, 0, 0), "spain"),
    # highest modified value wins even against a higher printed value
    ((6, 2, 5), (0, 0, 3), (1, 0, 0), "spain"),
])
def test_jcombat_03_tv_44_tie_break_printed_value_then_france_spain_england(
        values, jean_inf, human_inf, nation):
    cat = token_catalog({0: ("none", [(v, "none", 0) for v in values])})
    g = solo(27, catalog=cat)
    token_on_top(g, 0)
    put(g, "INF", list(jean_inf), JEAN)
    put(g, "INF", list(human_inf), HUMAN)
    assert automa.choose_nation(g.state, g._cat, 0) == E.NATIONS.index(nation)
    log = turn(g, "A3")
    assert ("combat", nation) in log


def test_jcombat_03_the_tie_break_ignores_the_token_modifier():
    # "fewest markers +3": Spain alone has the fewest markers, 3 + 3 = 6; France
    # 5 + Jean's rank 1 = 6: a tie. The printed values (no modifier) decide:
    # France 5 > Spain 3 (with the +3 counted Spain would win 6 > 5)
    cat = token_catalog({0: ("fewest_plus3", [(5, "none", 0), (1, "none", 0), (3, "none", 0)])})
    g = solo(27, catalog=cat)
    token_on_top(g, 0)
    marker(g, "4", FR)
    marker(g, "5", EN)                             # France 2, England 2, Spain 1 on the board
    put(g, "INF", [1, 0, 0], JEAN)
    assert automa.choose_nation(g.state, g._cat, 0) == FR
    assert ("combat", "france") in turn(g, "A3")
    # nor do the ranks: England 5 vs Spain 2 + Jean's rank 3 = 5; printed E 5 > S 2
    # (with the rank counted Spain 5 = England 5 and Spain would win the F, S, E order)
    cat = token_catalog({0: ("none", [(1, "none", 0), (5, "none", 0), (2, "none", 0)])})
    g = solo(27, catalog=cat)
    token_on_top(g, 0)
    put(g, "INF", [0, 0, 6], JEAN)
    assert automa.choose_nation(g.state, g._cat, 0) == EN


CITIES = ("4", "5", "11", "13", "14", "17")                 # every city has a flag
VILLAGES = ("1", "2", "3", "9", "10", "12", "15", "16", "18", "19")   # 6, 7, 8: 2p markers


def test_jcombat_04_annex_lowest_empty_flag_city_then_village_then_out():
    g = solo(28)
    empty_piles(g)                                  # France
    log = turn(g, "A3")
    assert ("annex", "4") in log and get(g, "LOC_MARKER")[loc(g, "4")] == FR
    # 4, 5 taken: next is 11
    g = solo(28)
    empty_piles(g)
    for key in ("4", "5"):
        marker(g, key, EN)
    turn(g, "A3")
    assert get(g, "LOC_MARKER")[loc(g, "11")] == FR
    # a city without a flag is passed over (none on the shipped map: 11's flag removed)
    g = solo(28, catalog=custom_catalog(LOC_FLAG={loc(g, "11"): 0}))
    empty_piles(g)
    for key in ("4", "5"):
        marker(g, key, EN)
    turn(g, "A3")
    assert get(g, "LOC_MARKER")[loc(g, "11")] == -1 and get(g, "LOC_MARKER")[loc(g, "13")] == FR
    # every flag city taken: the lowest empty village (1)
    g = solo(28)
    empty_piles(g)
    for key in CITIES:
        marker(g, key, EN)
    log = turn(g, "A3")
    assert ("annex", "1") in log and get(g, "LOC_MARKER")[loc(g, "1")] == FR
    # nothing empty: the marker leaves the game, the supply space still empties
    g = solo(28)
    empty_piles(g)
    for key in CITIES:
        marker(g, key, EN)
    for key in VILLAGES:
        marker(g, key, SP)
    taken, out = get(g, "SUP_TAKEN")[FR], get(g, "SUP_OUT")[FR]
    log = turn(g, "A3")
    assert ("marker_out", "france") in log
    assert get(g, "SUP_TAKEN")[FR] == taken + 1 and get(g, "SUP_OUT")[FR] == out + 1
    assert list(get(g, "INF", JEAN)) == [2, 0, 0]
    check(g)


def test_jcombat_04_no_flag_reward_and_homeward_never_annexed():
    g = solo(28)
    empty_piles(g)
    for key in CITIES:
        marker(g, key, EN)
    turn(g, "A3")
    for key in ("havana", "20", "21a", "21b", "22"):
        assert get(g, "LOC_MARKER")[loc(g, key)] == -1
    g = solo(28)
    empty_piles(g)
    turn(g, "A3")                                   # Puerto Plata's flag: 1 VP -- not for Jean
    assert get(g, "LOC_MARKER")[loc(g, "4")] == FR
    assert get(g, "DOUBLOONS", JEAN) == 0 and vp(g) == 0 and get(g, "CP", JEAN) == 0


def test_jcombat_04_warrior_annexes_one_more_village():
    g = solo(29)
    empty_piles(g)
    log = turn(g, "C4")
    assert [a for e, a in log if e == "annex"] == ["4", "1"]
    g = solo(29)
    empty_piles(g)
    marker(g, "1", EN)
    marker(g, "2", EN)
    turn(g, "C4")
    assert get(g, "LOC_MARKER")[loc(g, "4")] == FR and get(g, "LOC_MARKER")[loc(g, "3")] == FR
    # the second annex is a village even when flag cities are still empty
    assert get(g, "LOC_MARKER")[loc(g, "5")] == -1
    # no empty village for the second marker: it leaves the game
    g = solo(29)
    empty_piles(g)
    for key in VILLAGES:
        marker(g, key, SP)
    log = turn(g, "C4")
    assert [a for e, a in log if e in ("annex", "marker_out")] == ["4", "france"]
    assert get(g, "SUP_OUT")[FR] == 1
    check(g)


def test_jcombat_04_empty_supply_skips_the_annex():
    g = solo(29)
    empty_piles(g)
    put(g, "SUP_TAKEN", L.MARKERS_PER_NATION, index=FR)
    put(g, "SUP_OUT", L.MARKERS_PER_NATION - 1, index=FR)   # 1 on village 8
    markers = list(get(g, "LOC_MARKER"))
    log = turn(g, "C4")
    assert list(get(g, "LOC_MARKER")) == markers and "annex" not in events(log)
    assert list(get(g, "INF", JEAN)) == [3, 0, 0] and vp(g) == 2
    check(g)


def test_jcombat_05_reward_two_or_three_influence_and_2_vp_with_overflow():
    for card, infl, vp_ in (("A3", 2, 0), ("B6", 3, 2), ("C4", 3, 2)):
        g = solo(30)
        empty_piles(g)
        turn(g, card)
        assert list(get(g, "INF", JEAN)) == [infl, 0, 0] and vp(g) == vp_
    g = solo(30)
    empty_piles(g)
    last = cat_get(g, "INF_SPACES") - 1
    put(g, "INF", [last - 1, 0, 0], JEAN)
    turn(g, "B6")                                   # 1 step, then 2 past the end: 4 VP + 2 VP
    assert get(g, "INF", JEAN)[FR] == last and vp(g) == 4 + 2
    assert src(g, JEAN, "overflow") == 4


def test_jcombat_06_token_goes_onto_the_automa_board():
    cat = token_catalog({0: ("none", [(2, "none", 0), (6, "none", 0), (2, "none", 0)])})
    g = solo(31, catalog=cat)
    token_on_top(g, 0)
    n = get(g, "TPILE_N")[0]
    out = get(g, "TOKENS_OUT")
    turn(g, "A3")
    assert get(g, "TOKENS", JEAN) == 1 and get(g, "TPILE_N")[0] == n - 1
    assert get(g, "TOKENS_OUT") == out and 0 not in get(g, "TPILE0")
    check(g)


# ===================================================================== other rules (§26.5)
def _round_end_by_jean(seed=32, rnd=1, card="A2", jean_loc="20"):
    """The human sails to 1 and passes; Jean moves on and ends the round."""
    g = solo(seed)
    put(g, "ROUND", rnd)
    jean_at(g, jean_loc)
    set_deck(g, ["A5", card])
    g.step("sail:1:mp1")
    g.step("pass")
    return g


def test_solo_17_jean_never_buys_nor_scores_2_vp_at_scoring_step_1():
    g = _round_end_by_jean(card="A2")
    assert g.jean_log()[1] == ("sail", "21a")
    assert g.phase == "score_buy" and g.current_player == HUMAN   # only you decide
    vp_before = vp(g)
    g.step("score:vp2")
    assert g.round == 2 and g.current_player == HUMAN and g.phase == "sail"
    assert src(g, JEAN, "scoring_choice") == 0 and src(g, HUMAN, "scoring_choice") == 2
    # Jean's VP in the scoring: only her income (0 empty spaces, 1 card taken at 21a)
    assert vp(g) - vp_before == 1 and src(g, JEAN, "homeward") == 0
    check(g)


def test_solo_18_tv_10_income_vectors():
    g = solo(33)
    put(g, "TRACK_REMOVED", 3)
    assert income(g) == 2                              # EN: 3 removed, 0 cards
    put(g, "AUTOMA_CARDS", 2)
    assert income(g) == 4                              # DE: 3 removed, 2 cards
    put(g, "TRACK_REMOVED", 1)
    put(g, "TRACK_TO_MARKET", 2)                       # delivered discs empty spaces too
    assert income(g) == 4
    put(g, "TRACK_REMOVED", 22)
    put(g, "TRACK_TO_MARKET", 0)
    assert income(g) == 38 + 2                         # the whole published track
    put(g, "TRACK_REMOVED", 0)
    put(g, "AUTOMA_CARDS", 0)
    assert income(g) == 0


@pytest.mark.parametrize("reading", ["en", "de"])
def test_solo_18_published_track_both_readings_agree(reading):
    # the solo helper app's values (SH getRoundVP.spec.ts): k discs removed -> VP
    g = Game(num_players=1, seed=33, automa_income=reading)
    for k, want in ((0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 6), (7, 8), (22, 38)):
        put(g, "TRACK_REMOVED", k)
        assert income(g) == want, (reading, k)


def test_solo_18_en_highest_empty_space_vs_de_last_uncovered_space():
    # EN: "the highest-value empty space"; DE: "dem zuletzt freigelegten Feld"
    # (the space uncovered last). They differ only on a track whose values fall:
    # here the spaces read 0, 5, 1, 2, ...
    cat = custom_catalog(TRACK_VP={1: 5, 2: 1, 3: 2})
    for reading, want in (("en", 5), ("de", 1)):
        g = Game(num_players=1, seed=33, automa_income=reading, catalog=cat)
        put(g, "TRACK_REMOVED", 3)
        put(g, "AUTOMA_CARDS", 2)
        assert income(g) == want + 2, reading
    g = Game(num_players=1, seed=33, automa_income="de", catalog=cat)
    put(g, "TRACK_REMOVED", 2)
    assert income(g) == 5
    put(g, "TRACK_REMOVED", 0)
    assert income(g) == 0


def test_solo_18_income_reading_is_an_option():
    assert Game(num_players=1, seed=1).config["automa_income"] == "en"
    g = Game(num_players=1, seed=1, automa_income="de")
    assert get(g, "AUTOMA_INCOME") == 1 and get(g, "AUTOMA_TABLE") == 0
    g = Game(num_players=1, seed=1, automa_table="de", automa_income="de")
    assert get(g, "AUTOMA_INCOME") == 1 and get(g, "AUTOMA_TABLE") == 1
    assert get(Game(num_players=1, seed=1, automa_table="de"), "AUTOMA_INCOME") == 0
    with pytest.raises(ValueError, match=r"automa_income must be one of \('en', 'de'\), got 'fr'"):
        Game(num_players=1, automa_income="fr")
    h = Game.from_json(g.to_json())
    assert get(h, "AUTOMA_INCOME") == 1


def test_solo_18_income_reading_reaches_every_front_end():
    from maracaibo_env import raw_env
    from maracaibo_env.maracaibo.batch import Batch
    from maracaibo_env.cli import main as cli_main
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    b = Batch(3, num_players=1, automa_income="de", auto_reset=True)
    assert list(b.states[:, K.G_AUTOMA_INCOME]) == [1, 1, 1]
    b.reset_rows([0])
    assert b.states[0, K.G_AUTOMA_INCOME] == 1
    e = raw_env(num_players=1, automa_income="de")
    e.reset(seed=3)
    assert get(e.game, "AUTOMA_INCOME") == 1
    s = MaracaiboSingleEnv(num_players=1, automa_income="de")
    s.reset(seed=3)
    assert get(s.game, "AUTOMA_INCOME") == 1
    for bad in (lambda: Batch(2, num_players=1, automa_income="xx"),
                lambda: raw_env(num_players=1, automa_income="xx"),
                lambda: MaracaiboSingleEnv(num_players=1, automa_income="xx")):
        with pytest.raises(ValueError, match=r"automa_income must be one of \('en', 'de'\)"):
            bad()
    assert cli_main(["demo", "--players", "1", "--seed", "4", "--automa-income", "de"]) == 0


def test_solo_18_income_at_interim_scoring():
    g = solo(34)
    put(g, "ROUND", 2)
    put(g, "TRACK_REMOVED", 5)                         # spaces 1..5 empty: best 4
    put(g, "AUTOMA_CARDS", 2)
    jean_at(g, "20")
    set_deck(g, ["A5", "A2"])
    g.step("sail:1:mp1")
    g.step("pass")
    v = vp(g)
    g.step("score:vp2")
    assert vp(g) - v == 4 + 3                          # 4 + 3 cards (one taken at 21a)
    assert g.round == 3


def test_solo_18_income_also_at_final_scoring_and_jend_01_influence_scored():
    g = solo(35)
    put(g, "ROUND", 4)
    put(g, "TRACK_REMOVED", 3)
    put(g, "INF", [4, 0, 0], JEAN)                     # French rank 2
    jean_at(g, "21b")
    set_deck(g, ["A5", "A2"])                          # A2: +1 France (5, still rank 2)
    g.step("sail:1:mp1")
    g.step("pass")
    assert g.jean_log()[1] == ("sail", "22")
    v = vp(g)
    g.step("score:vp2")
    assert g.is_over
    br = g.score_breakdown()[JEAN]
    # income 2 (3 discs) + 1 card; majority France 3; rank 2 x (1 empty supply space + 2 tied);
    # end bonus: 3 discs removed = 1 upgrade (floor(3 / 2)) vs 0 upgrades -> 10
    assert vp(g) - v == 3 + 3 + 6 + 10
    assert br["influence_majority"] == 3 and br["noble_ranks"] == 6 and br["automa"] == 3 + 10
    assert br["cards"] == 0 and br["doubloon_track"] == 0 and br["prestige"] == 0
    assert br["homeward"] == 0 and br["scoring_choice"] == 0
    check(g)


def test_solo_19_jean_never_has_doubloons_cp_or_figures_in_random_games():
    for seed in range(6):
        g = Game(num_players=1, seed=seed, difficulty="very_hard")
        rng = np.random.default_rng(seed)
        steps = 0
        while not g.is_over:
            g.step(int(rng.choice(g.legal_actions())))
            steps += 1
            for f in ("DOUBLOONS", "CP", "FIG_SUPPLY", "FIG_BOARD", "FIG_CARDS", "HAND_N",
                      "TABLEAU_N", "DINC", "VINC", "UPGRADES"):
                assert get(g, f, JEAN) == 0, (seed, steps, f)
            assert g.current_player in (HUMAN, -1)
            assert steps < 5000
        check(g)
        assert sum(g.score_breakdown()[JEAN].values()) == g.scores()[JEAN]


def test_solo_21_jean_is_jumped_and_takes_crossing_and_arrival_rewards():
    # the human jumps Jean's explorer: s2 does not count
    g = solo(36)
    explorers(g, human="s1", jean="s2")
    best = np.empty(L.MAX_EXP, np.int64)
    pred = np.empty(L.MAX_EXP, np.int64)
    cost = np.empty(L.MAX_EXP, np.int64)
    shortest(g.state, g._cat, HUMAN, best, pred, cost)
    assert best[exp(g, "s3")] == 1 and best[exp(g, "s4")] == 2
    # Jean crossed blue first: the human gets 2, not 4
    g = solo(36)
    explorers(g, human="s13", jean="s13")
    turn(g, "A1")
    assert get(g, "EXPLORER", JEAN) == exp(g, "s15")
    explorers(g, jean="s21")
    apply_explore(g.state, g._cat, HUMAN, exp(g, "s15"))
    assert src(g, HUMAN, "explorer") == 2
    g = solo(36)
    explorers(g, human="s13", jean="s0")
    apply_explore(g.state, g._cat, HUMAN, exp(g, "s15"))
    assert src(g, HUMAN, "explorer") == 4
    # Jean arrived first: the human's arrival scores 8, not 10
    g = solo(36)
    explorers(g, human="s27", jean="s26")
    turn(g, "A1")
    assert get(g, "EXP_RANK", JEAN) == 1
    apply_explore(g.state, g._cat, HUMAN, exp(g, "s28"))
    assert src(g, HUMAN, "explorer") == 8 and get(g, "EXP_RANK", HUMAN) == 2


def test_solo_22_homeward_spaces_give_jean_no_vp_and_no_action():
    g = solo(37)
    jean_at(g, "19")
    piles = list(get(g, "TPILE_N"))
    log = turn(g, "A2")                       # lower, move 1 -> 20
    assert get(g, "SHIP", JEAN) == loc(g, "20")
    assert events(log) == ["card", "sail", "take_card", "influence"]
    assert list(get(g, "TPILE_N")) == piles and get(g, "EXPLORER", JEAN) == exp(g, "s0")
    assert vp(g) == 0 and get(g, "ROUND_END") == 0
    for rnd, start, dest in ((1, "20", "21a"), (4, "20", "21b"), (4, "21b", "22")):
        g = solo(37)
        put(g, "ROUND", rnd)
        jean_at(g, start)
        turn(g, "A2")
        assert get(g, "SHIP", JEAN) == loc(g, dest) and vp(g) == 0
        assert get(g, "ROUND_END") == (dest != "21b")


def test_solo_22_jean_reaching_21a_ends_the_round_and_22_the_game():
    g = _round_end_by_jean(card="A2")
    assert g.phase == "score_buy"
    g.step("score:vp2")
    assert g.round == 2 and get(g, "SHIP", JEAN) == loc(g, "havana")
    assert get(g, "TURN_P") == HUMAN            # left of Jean, who ended the round
    g = _round_end_by_jean(rnd=4, card="A2", jean_loc="21b")
    g.step("score:vp2")
    assert g.is_over and g.phase == "game_over"


def test_solo_23_jean_stopping_at_your_assistant_triggers_perm_07():
    g = solo(38)
    c = card_by_name(g, "Hostel Owner")          # PERM-07: 1 VP
    set_tableau(g, HUMAN, [c])
    i = loc(g, "4")
    put(g, "ASSIST", 1, HUMAN, index=i)
    put(g, "FIG_BOARD", 1, HUMAN)
    put(g, "FIG_SUPPLY", get(g, "FIG_SUPPLY", HUMAN) - 1, HUMAN)
    turn(g, "A1")                                  # Jean ends at 4
    assert vp(g, HUMAN) == 1 and src(g, HUMAN, "assistants") == 1
    g2 = solo(38)
    set_tableau(g2, HUMAN, [c])
    put(g2, "ASSIST", 1, HUMAN, index=loc(g2, "4"))
    put(g2, "FIG_BOARD", 1, HUMAN)
    put(g2, "FIG_SUPPLY", get(g2, "FIG_SUPPLY", HUMAN) - 1, HUMAN)
    turn(g2, "A4")                                 # passes 4, ends at 5: nothing
    assert get(g2, "SHIP", JEAN) == loc(g2, "5") and vp(g2, HUMAN) == 0
    check(g)


# ===================================================================== end bonuses (§26.7)
def test_jend_02_tv_23_five_vp_per_quest():
    g = solo(39)
    put(g, "QUESTS", 6, JEAN)
    put(g, "QUESTS", 6, HUMAN)
    assert bonuses(g) == 30
    g = solo(39)
    assert bonuses(g) == 0


@pytest.mark.parametrize("jean,human,lead_vp", [
    (1, 0, 10), (2, 0, 10), (3, 0, 20), (4, 0, 30), (5, 0, 30), (7, 4, 20),
    (2, 2, 0), (1, 3, 0),
])
def test_jend_03_tv_22_quest_lead_bands(jean, human, lead_vp):
    g = solo(40)
    put(g, "QUESTS", jean, JEAN)
    put(g, "QUESTS", human, HUMAN)
    assert bonuses(g) == 5 * jean + lead_vp


@pytest.mark.parametrize("emptied,to_market,upgrades,lead_vp", [
    # Jean's "upgrades" are floor(discs removed / 2) (SH EndOfGame.vue)
    (3, 0, 0, 10),      # 1 upgrade
    (1, 0, 0, 0),       # none yet
    (2, 0, 0, 10),      # 1
    (22, 0, 8, 20),     # 11 - 8 = 3
    (22, 0, 7, 30),     # 11 - 7 = 4
    (22, 0, 10, 10),    # 11 - 10 = 1
    (22, 0, 11, 0),
    (1, 4, 0, 10),      # delivered discs empty spaces too: 5 spaces, 2 upgrades -> 10
    (8, 0, 0, 30),      # 4
    (7, 0, 0, 20),      # 3
])
def test_jend_04_tv_22_upgrade_lead_bands(emptied, to_market, upgrades, lead_vp):
    g = solo(41)
    put(g, "TRACK_REMOVED", emptied)
    put(g, "TRACK_TO_MARKET", to_market)
    put(g, "UPGRADES", (1 << upgrades) - 1, HUMAN)
    assert bonuses(g) == lead_vp


@pytest.mark.parametrize("human,jean,lead_vp", [
    ("s0", "s1", 10), ("s0", "s7", 10),        # 7 ahead
    ("s0", "s8", 20), ("s0", "s10", 20),       # 8 (either branch)
    ("s0", "s12", 20),                         # 10 (s7 -> s10 -> s11 -> s12)
    ("s0", "s13", 30), ("s2", "s28", 30),      # 11 and more
    ("s5", "s5", 0), ("s5", "s0", 0),          # level or behind
    ("s8", "s10", 10),                         # different branches: Jean 4 to blue, you 5
    ("s9", "s10", 0),                          # 4 and 4: a tie gives Jean nothing
    ("s10", "s8", 0),                          # you are ahead
    ("s17", "s20", 10),                        # 6 vs 4 to green
    ("s17", "s23", 10),                        # 5 ahead on the same way (s18, s19, s21 .. s23)
])
def test_jend_05_tv_21_explorer_lead_bands(human, jean, lead_vp):
    g = solo(42)
    explorers(g, human=human, jean=jean)
    assert bonuses(g) == lead_vp


def test_jend_05_lead_margin_values():
    g = solo(42)
    for human, jean, d in (("s0", "s7", 7), ("s0", "s8", 8), ("s0", "s12", 10), ("s0", "s13", 11),
                           ("s8", "s10", 1), ("s17", "s20", 2), ("s9", "s10", 0)):
        explorers(g, human=human, jean=jean)
        assert automa.explorer_lead(g.state, g._cat) == d, (human, jean)
    assert [automa.lead_bonus(d) for d in (-2, 0, 1, 2, 3, 4, 9)] == [0, 0, 10, 10, 20, 30, 30]


def test_jend_02_to_05_add_up_after_normal_final_scoring():
    g = solo(43)
    put(g, "QUESTS", 4, JEAN)
    put(g, "QUESTS", 1, HUMAN)              # +20 + 3 * ... : 20 quests VP, lead 3 -> 20
    put(g, "TRACK_REMOVED", 5)              # 2 upgrades, 0 upgrades -> 10
    explorers(g, human="s0", jean="s8")     # 8 ahead -> 20
    assert bonuses(g) == 20 + 20 + 10 + 20
    assert src(g, JEAN, "automa") == 70


def test_jend_06_end_02_a_tie_goes_to_jean():
    g = solo(44)
    put(g, "VP", 50, HUMAN)
    put(g, "VP", 50, JEAN)
    assert g.winners() == [JEAN]
    put(g, "VP", 51, HUMAN)
    assert g.winners() == [HUMAN]
    put(g, "VP", 40, HUMAN)
    assert g.winners() == [JEAN]


def test_end_02_a_finished_solo_game_tied_goes_to_jean():
    # a whole game, then the final scores set by hand: 120 : 120 is Jean's win,
    # 121 : 120 yours (DE "Bei Gleichstand gewinnt Jean!")
    g = Game(num_players=1, seed=45)
    rng = np.random.default_rng(45)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    for human, jean, winners in ((120, 120, [JEAN]), (121, 120, [HUMAN]), (0, 0, [JEAN]),
                                 (119, 120, [JEAN])):
        put(g, "VP", human, HUMAN)
        put(g, "VP", jean, JEAN)
        assert g.scores() == [human, jean] and g.winners() == winners

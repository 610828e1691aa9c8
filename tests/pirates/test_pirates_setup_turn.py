"""Pirates of Maracaibo rules: set-up (§2 SET), the turn (§3 TURN), the move
step (§4 MOVE) and the action step (§5 ACT, IMP, RES, LOC, GULF, MARA) of
shared/spec/pirates-rules-checklist.md.

Expected values come from the rulebook (shared/rules/003_63ee4bc9f765ab79.txt)
and the checklist's test vectors: 10/11/12/13 doubloons, 4 cubes per island,
players + 2 figureheads, 27 = 8 + 4 + 15 cards, +5 for skipping, 8 - 3 = 5 for
Tobacco, +2 for the first Residence token, Gulf raid +2 / explore 4, +6 VP at
Maracaibo... Data values (a card's printed cost, a layout's rows) only build
the positions.
"""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from maracaibo_env.pirates import Game, GameConfigError, load_catalog
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as KC

from pirates_helpers import (begin_turn, card_data, card_id, fill_ship, finish_game, free_slot,
                             game, get, give_card, land, names, open_decision, place_card, put,
                             reach_maracaibo, slot_of)

START_COINS = [10, 11, 12, 13]          # SET-20 (rulebook setup step 14)
SKIP = 5                                # IMP-01 (A): +5 doubloons
FIRST_RESIDENCE = 2                     # RES-02
MARA_VP = 6                             # MARA-02
GULF_RAID_BONUS, GULF_EXPLORE = 2, 4    # GULF-03
TREASURES = ("gold", "emerald", "pearl")
LAYOUTS = load_catalog().layout_keys                     # every Caribbean diagram in the data


# ---- small readers -----------------------------------------------------------------
def sails(g) -> set[str]:
    return {n.split(":")[1] for n in names(g) if n.startswith("sail:")}


def cards_of_kind(g, kind, tier=None) -> set[str]:
    c = g.catalog.data.cards
    return {x.key for x in getattr(c, kind) if tier is None or getattr(x, "tier", 1) == tier}


def dealt_keys(g) -> list[str]:
    return [g.catalog.card_keys[c] for c in get(g, "SLOT_CARD")]


def cells(g, layout_key=None) -> list[tuple[int, int]]:
    """(row, column 1..C) of each card slot: the layout's 'C' cells dealt column
    by column from left to right (SET-07), top to bottom within a column."""
    key = layout_key or g.config["layout"]
    rows = next(lay.rows for lay in g.catalog.data.layouts.layout if lay.key == key)
    return [(r, k + 1) for k in range(len(rows[0])) for r in range(len(rows)) if rows[r][k] == "C"]


def orthogonal(cs, s) -> set[int]:
    """Slots sharing an edge with slot s (MOVE-02 default: no corners)."""
    r, c = cs[s]
    return {i for i, (r2, c2) in enumerate(cs) if abs(r - r2) + abs(c - c2) == 1}


def obs_slice(g, p, name):
    spec = {n: (o, s) for n, o, s, _ in Game.observation_spec()}
    o, s = spec[name]
    return g.observe(p)[o:o + s]


def at_move_start(g) -> bool:
    return g.phase == "move" and get(g, "MV_MOVED") == 0


def pass_until_next_turn(g):
    """Decline everything optional until the next player's move step (nothing
    to do when the turn is already over)."""
    for _ in range(50):
        if g.is_over or at_move_start(g):
            return
        g.step("pass" if "pass" in names(g) else names(g)[0])
    raise AssertionError("the turn did not end")


# =====================================================================================
# §2 Setup (SET)
# =====================================================================================
def test_SET_02_exploration_board_explorers_on_the_start_space():
    g = game(3)
    for p in range(3):
        assert g.catalog.track_keys[get(g, "EXPL", p)] == "start"
        assert get(g, "RIVERS", p) == 0


def test_SET_03_tier1_cards_sorted_into_8_locations_12_residences_22_improvements():
    g = game(2)
    locs, ress = cards_of_kind(g, "location", 1), cards_of_kind(g, "residence")
    imps = cards_of_kind(g, "improvement", 1)
    assert (len(locs), len(ress), len(imps)) == (8, 12, 22)
    removed = [g.catalog.card_keys[c] for c in get(g, "REMOVED")[:get(g, "REMOVED_N")]]
    everything = dealt_keys(g) + removed
    assert len(everything) == len(set(everything)) == 42            # every Tier I card once
    assert set(everything) == locs | ress | imps


def test_SET_04_four_random_residences_join_the_locations():
    picks = set()
    for seed in range(12):
        g = game(2, seed=seed)
        ress = [k for k in dealt_keys(g) if k in cards_of_kind(g, "residence")]
        assert len(ress) == 4
        picks.add(frozenset(ress))
    assert len(picks) > 1                                               # shuffled


def test_SET_05_fifteen_random_improvements_on_top():
    picks = set()
    for seed in range(12):
        g = game(2, seed=seed)
        imps = [k for k in dealt_keys(g) if k in cards_of_kind(g, "improvement", 1)]
        assert len(imps) == 15
        picks.add(frozenset(imps))
    assert len(picks) > 1


def test_SET_06_deck_of_27_and_15_removed_unseen():
    g = game(2)
    dealt = dealt_keys(g)
    kinds = Counter("L" if k in cards_of_kind(g, "location", 1) else
                    "R" if k in cards_of_kind(g, "residence") else "I" for k in dealt)
    assert len(dealt) == 27 and kinds == {"L": 8, "R": 4, "I": 15}
    n = get(g, "REMOVED_N")
    removed = [g.catalog.card_keys[c] for c in get(g, "REMOVED")[:n]]
    rk = Counter("R" if k in cards_of_kind(g, "residence") else "I" for k in removed)
    assert n == 15 and rk == {"R": 8, "I": 7}
    # hidden: reordering or swapping the removed cards changes no observation
    h = g.clone()
    sl = L.LAYOUT.field_slice("REMOVED")
    h.state[sl][:n] = h.state[sl][:n][::-1]
    for p in range(2):
        assert np.array_equal(g.observe(p), h.observe(p))


def test_SET_07_dealt_faceup_column_by_column_into_the_layout():
    g = game(2)
    cs = cells(g)
    assert len(cs) == 27
    assert [c for _, c in cs] == sorted(c for _, c in cs)              # left to right
    assert list(g.catalog.field("LAY_COL")[:27]) == [c for _, c in cs]
    assert list(g.catalog.field("LAY_ROW")[:27]) == [r for r, _ in cs]
    assert all(c >= 0 for c in get(g, "SLOT_CARD")) and get(g, "SLOT_DOWN") == [0] * 27
    # the deck is shuffled: the arrangement differs between seeds
    assert len({tuple(get(game(2, seed=s), "SLOT_CARD")) for s in range(6)}) == 6


def test_SET_08_caribbean_is_the_cards_plus_gulf_and_maracaibo():
    g = game(2)
    cs = cells(g)
    seen = set()
    for s in range(27):
        h = g.clone()
        begin_turn(h, s)
        seen |= sails(h)
    begin_turn(g, L.SP_GULF)
    seen |= sails(g)
    assert seen == {f"s{s}" for s in range(27)} | {"gulf", "maracaibo"}
    assert len(cs) == 27                                                # islands are no spaces


def _location_clusters(g) -> int:
    cs = cells(g)
    locs = {s for s, k in enumerate(dealt_keys(g)) if k in cards_of_kind(g, "location")}
    best, seen = 0, set()
    for s in locs:
        if s in seen:
            continue
        stack, comp = [s], set()
        while stack:
            x = stack.pop()
            if x in comp:
                continue
            comp.add(x)
            stack.extend(orthogonal(cs, x) & locs)
        seen |= comp
        best = max(best, len(comp))
    return best


def test_SET_09_first_game_cluster_swap_not_applied():
    # ruling: the layouts are used as dealt; a cluster of 4+ adjacent Locations stays
    assert any(_location_clusters(game(2, seed=s, keep_quests=False)) >= 4 for s in range(300))


@pytest.mark.parametrize("key", LAYOUTS)
def test_SET_10_alternative_layouts_of_about_9_columns_by_4_rows(key):
    g = game(2, layout=key)
    cs = cells(g)
    assert len(cs) == 27 and max(c for _, c in cs) <= 9 and max(r for r, _ in cs) <= 3
    assert list(g.catalog.field("LAY_COL")[27 * g.catalog.layout_keys.index(key):][:27]) == \
        [c for _, c in cs]
    assert all(c >= 0 for c in get(g, "SLOT_CARD"))


def test_SET_10_unknown_layout_is_refused():
    with pytest.raises(GameConfigError, match="layout"):
        Game(2, layout="atlantis")


def test_SET_11_tier2_deck_shuffled_facedown():
    g = game(2)
    n = get(g, "T2_N")
    deck = [g.catalog.card_keys[c] for c in get(g, "T2")[:n]]
    tier2 = cards_of_kind(g, "improvement", 2) | cards_of_kind(g, "location", 2)
    assert n == 41 and sorted(deck) == sorted(tier2)
    assert len({tuple(get(game(2, seed=s), "T2")[:n]) for s in range(5)}) == 5
    h = g.clone()                                                       # facedown: order unseen
    sl = L.LAYOUT.field_slice("T2")
    h.state[sl][:n] = h.state[sl][:n][::-1]
    assert np.array_equal(g.observe(0), h.observe(0)) and obs_slice(g, 0, "tier2_left")[0] == 41


def test_SET_12_four_cubes_on_each_island():
    for n in (2, 3, 4):
        assert get(game(n), "ISLAND") == [4, 4, 4]


def test_SET_13_six_tv_tiles_one_per_tv_location_at_random():
    layouts = set()
    for seed in range(8):
        g = game(2, seed=seed)
        tv = get(g, "SLOT_TV")
        with_tile = [s for s in range(27) if tv[s] > 0]
        assert len(with_tile) == 6
        for s, key in enumerate(dealt_keys(g)):
            d = card_data(g, key)
            bears = getattr(d, "treasure_value", False) and d.tier == 1
            assert (tv[s] > 0) == bool(bears), key
        assert sorted(tv[s] - 1 for s in with_tile) == \
            sorted(TREASURES.index(t) for t in g.catalog.data.board.tv_tiles)
        layouts.add(tuple(tv[s] for s in sorted(with_tile, key=lambda s: dealt_keys(g)[s])))
    assert len(layouts) > 1                                             # placed at random


def test_SET_14_each_player_has_five_bm_tiles_ship_explorer_score():
    g = game(4)
    for p in range(4):
        assert get(g, "BM_AT", p) == [-1] * 5                           # 5 tiles, none placed
        assert get(g, "FIG", p) == -1 and get(g, "TAB_N", p) == 0


def test_SET_15_starting_positions():
    g = game(4)
    for p in range(4):
        assert get(g, "SHIP", p) == L.SP_START
        assert g.catalog.track_keys[get(g, "EXPL", p)] == "start"
        assert get(g, "VP", p) == 0 and get(g, "UPG", p) == 0 and get(g, "NUPG", p) == 0


def test_SET_16_every_player_has_the_same_bm_sides_faceup():
    seen = set()
    for seed in range(10):
        g = game(3, seed=seed)
        sides = [tuple(obs_slice(g, p, "bm_sides")) for p in range(3)]
        assert sides[0] == sides[1] == sides[2]
        seen.add(sides[0])
    assert len(seen) > 1                                                # flipped at random


def test_SET_17_draw_two_keep_one_then_market_of_two():
    g = Game(3, seed=4)
    assert g.phase == "keepq" and g.current_player == 0                 # ruling: from seat 0
    drawn = [get(g, "SETUPQ", p) for p in range(3)]
    assert all(len(set(d)) == 2 and min(d) >= 0 for d in drawn)
    # hidden from the others: changing seat 0's pair changes no other view
    h = g.clone()
    put(h, "SETUPQ", [drawn[1][0], drawn[2][0]], player=0)
    assert np.array_equal(g.observe(1), h.observe(1))
    kept = []
    for p, i in ((0, 1), (1, 0), (2, 1)):
        assert g.current_player == p and sorted(names(g)) == ["keep_quest:0", "keep_quest:1"]
        g.step(f"keep_quest:{i}")
        kept.append(drawn[p][i])
    assert g.phase == "move" and g.current_player == 0
    for p in range(3):
        assert get(g, "QN", p) == 1 and get(g, "QHAND", p)[0] == kept[p]
    h = g.clone()                                                       # the kept quest is hidden
    put(h, "QHAND", [kept[1]] + [-1] * (L.QHAND_CAP - 1), player=0)
    assert np.array_equal(g.observe(1), h.observe(1)) and np.array_equal(g.observe(2), h.observe(2))
    market = get(g, "QMARKET")[:2]
    deck = get(g, "QDECK")[:get(g, "QDECK_N")]
    assert min(market) >= 0 and len(deck) == 25 - 3 - 2
    assert sorted(deck + market + kept) == list(range(25))              # discards shuffled back


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SET_18_figurehead_market_of_players_plus_two(n):
    g = game(n)
    market = [f for f in get(g, "FIGM") if f >= 0]
    assert len(market) == n + 2 and len(set(market)) == n + 2
    assert len({tuple(get(game(n, seed=s), "FIGM")) for s in range(6)}) > 1


def test_SET_19_doubloons_are_a_common_unlimited_supply():
    g = game(2)
    put(g, "COINS", 10 ** 6, player=0)
    land(g, free_slot(g, "improvement"))
    g.step("take5")
    assert get(g, "COINS", 0) == 10 ** 6 + SKIP


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SET_20_starting_doubloons_10_11_12_13_clockwise(n):
    g = game(n)
    assert [get(g, "COINS", p) for p in range(n)] == START_COINS[:n]
    assert g.current_player == 0                                        # seat 0 moves first


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SET_21_last_seat_holds_the_maracaibo_marker(n):
    assert get(game(n), "MARA_SEAT") == n - 1


# =====================================================================================
# §3 Turn structure (TURN)
# =====================================================================================
@pytest.mark.parametrize("n", [2, 3, 4])
def test_TURN_01_three_rounds_turns_clockwise(n):
    for seed in range(3):
        g = game(n, seed=seed)
        rng = np.random.default_rng(seed)
        order, rounds = [], {1}
        turns = [0] * n
        while not g.is_over:
            g.step(int(rng.choice(g.legal_actions())))
            now = [get(g, "TURNS", p) for p in range(n)]
            for p in range(n):
                if now[p] > turns[p]:
                    order.append(p)
            turns = now
            rounds.add(g.round)
        assert order == [k % n for k in range(len(order))]               # always the next seat
        assert rounds == {1, 2, 3} and g.round == 3


def test_TURN_02_mandatory_move_then_optional_actions():
    g = game(2)
    assert all(n.startswith("sail:") for n in names(g))                 # no pass, no stop
    g.step("sail:s0")
    g.step("stop")                                                      # column 1 > start zone
    assert g.current_player == 0 and g.phase != "move"
    pass_until_next_turn(g)                                             # every action declined
    assert g.current_player == 1 and at_move_start(g)


def test_TURN_03_round_ends_right_after_the_maracaibo_turn():
    g = game(2)
    begin_turn(g, L.SP_GULF)
    g.step("sail:maracaibo")
    assert g.phase == "upgrade" and g.round == 1                        # the turn goes on
    g.step("upgrade:s0_coins")
    assert g.round == 2 and g.current_player == 1 and at_move_start(g)


@pytest.mark.parametrize("key", LAYOUTS)
def test_TURN_04_a_legal_move_always_exists(key):
    g = game(2, layout=key)
    for s in list(range(27)) + [L.SP_START, L.SP_GULF]:
        h = g.clone()
        begin_turn(h, s)
        assert sails(h), (key, s)


# =====================================================================================
# §4 Move step (MOVE)
# =====================================================================================
def test_MOVE_01_one_to_three_spaces():
    g = game(2)
    assert "stop" not in names(g)                                       # at least 1
    g.step("sail:s0")
    assert "stop" in names(g)                                           # 1 space is enough
    g.step("sail:s4")
    g.step("sail:s5")                                                   # the third space
    assert g.phase != "move" and get(g, "SHIP", 0) == 5                 # no 4th step


def test_MOVE_01_harpy_moves_up_to_four():
    g = game(2)
    put(g, "MOVE_BONUS", 1, player=0)                                   # GFH-C
    begin_turn(g, L.SP_START)
    for s in ("s0", "s1", "s5", "s4"):
        assert g.phase == "move"
        g.step(f"sail:{s}")
    assert g.phase != "move" and get(g, "SHIP", 0) == 4


def test_MOVE_01_islands_are_not_spaces():
    g = game(2)
    cs = cells(g)
    # slot 5 is row 2, column 2; to its right (row 2, column 3) lies the Gold island
    assert cs[5] == (2, 2) and (2, 3) not in cs
    assert cs[4] == (1, 2) and cs[7] == (1, 3)
    begin_turn(g, 5)
    # no step into or across the island: the only way on is around it, above
    # (s4 then s7); s1 leads nowhere within 3 spaces
    assert sails(g) == {"s4"}
    g.step("sail:s4")
    assert sails(g) == {"s3", "s7"}             # s0 leads nowhere in the 2 steps left
    g.step("sail:s7")
    g.step("stop")
    assert get(g, "SHIP", 0) == 7


@pytest.mark.parametrize("slot", [0, 4, 9, 13, 20, 25])
def test_MOVE_02_steps_only_to_orthogonally_touching_cards(slot):
    g = game(2)
    cs = cells(g)
    begin_turn(g, slot)
    targets = sails(g) - {"gulf"}
    assert targets <= {f"s{s}" for s in orthogonal(cs, slot)}
    diagonal = {i for i, (r, c) in enumerate(cs)
                if abs(r - cs[slot][0]) == 1 and abs(c - cs[slot][1]) == 1}
    assert not targets & {f"s{s}" for s in diagonal}


def test_MOVE_03_first_step_to_any_card_of_the_leftmost_column():
    for key in LAYOUTS:
        g = game(2, layout=key)
        cs = cells(g)
        assert sails(g) == {f"s{s}" for s, (_, c) in enumerate(cs) if c == 1}, key
    g = game(2)
    for s in range(27):                                                 # never back to the start
        h = g.clone()
        begin_turn(h, s)
        assert "start" not in sails(h)


def test_MOVE_04_black_example_up_then_right():
    g = game(2)
    cs = cells(g)
    assert cs[1] == (2, 1) and cs[0] == (1, 1) and cs[4] == (1, 2)
    begin_turn(g, 1)
    g.step("sail:s0")                                                   # "up": same column
    assert "stop" not in names(g)                                       # illegal to end here
    g.step("sail:s4")                                                   # "right": column + 1
    assert "stop" in names(g)
    g.step("stop")
    assert get(g, "SHIP", 0) == 4 and g.phase != "move"


def test_MOVE_04_intermediate_steps_may_go_back_and_revisit():
    g = game(2)
    cs = cells(g)
    assert (cs[8], cs[6], cs[12]) == ((0, 4), (0, 3), (0, 5))
    begin_turn(g, 8)
    g.step("sail:s6")                                                   # backwards
    assert "stop" not in names(g)
    g.step("sail:s8")                                                   # revisit
    assert "stop" not in names(g)
    g.step("sail:s12")
    assert get(g, "SHIP", 0) == 12 and g.phase != "move"


def _move_ends(g, slot) -> set[int]:
    """Every space where a move of the current player from `slot` can end:
    each sequence of legal sail actions, walked through the engine's mask."""
    begin_turn(g, slot)
    ends, todo = set(), [g]
    while todo:
        h = todo.pop()
        if h.phase != "move":                       # the move ended by itself (3rd step, Gulf)
            ends.add(get(h, "SHIP", 0))
            continue
        for a in names(h):
            if a == "stop":
                ends.add(get(h, "SHIP", 0))
            elif a.startswith("sail:"):
                nxt = h.clone()
                nxt.step(a)
                todo.append(nxt)
    return ends


@pytest.mark.parametrize("harpy", [False, True], ids=["3 steps", "harpy 4 steps"])
@pytest.mark.parametrize("key", LAYOUTS)
def test_MOVE_04_every_card_slot_can_be_where_a_move_ends(key, harpy):
    # SET-07/SET-10: the cards dealt into the layout are the spaces the game is played on; a
    # slot no legal move (MOVE-01..06) can end on would hold a card nobody can ever use.
    # Exhaustive: from the starting zone, every end of every move, again from each end
    g = game(2, layout=key)
    if harpy:
        put(g, "MOVE_BONUS", 1, player=0)                               # GFH-C
    seen, todo = {L.SP_START}, [L.SP_START]
    while todo:
        for end in _move_ends(g.clone(), todo.pop()):
            if end not in seen and end < 27:                            # the Gulf and Maracaibo
                seen.add(end)                                           # lead back to the start
                todo.append(end)
    assert set(range(27)) - seen == set(), key


def test_MOVE_04_gulf_and_maracaibo_are_beyond_the_last_column():
    g = game(2)
    begin_turn(g, 24)                                                   # column 9, the last
    assert "gulf" in sails(g)
    g.step("sail:gulf")
    assert g.phase != "move"                                            # a legal end


def test_MOVE_05_entering_the_gulf_ends_the_move():
    g = game(2)
    begin_turn(g, 20)                                                   # column 8
    g.step("sail:s24")
    assert get(g, "MV_LEFT") == 2
    g.step("sail:gulf")                                                 # 1 movement still left
    assert get(g, "SHIP", 0) == L.SP_GULF and g.phase == "upgrade"
    assert not sails(g)


@pytest.mark.parametrize("key", LAYOUTS)
def test_MOVE_06_every_card_of_the_last_column_touches_the_gulf(key):
    g = game(2, layout=key)
    cs = cells(g)
    last = max(c for _, c in cs)
    for s, (_, c) in enumerate(cs):
        h = g.clone()
        begin_turn(h, s)
        assert ("gulf" in sails(h)) == (c == last), (key, s)
        assert "maracaibo" not in sails(h)                              # only from the Gulf


def test_MOVE_07_ships_never_block_and_share_spaces():
    g = game(3)
    put(g, "SHIP", 4, player=1)
    put(g, "SHIP", 4, player=2)
    g.step("sail:s0")
    assert "s4" in sails(g)
    g.step("sail:s4")
    g.step("stop")
    assert [get(g, "SHIP", p) for p in range(3)] == [4, 4, 4]


def test_MOVE_08_black_pays_blue_one_doubloon():
    g = game(2)                                                         # Black = seat 0, Blue = seat 1
    put(g, "SHIP", 4, player=1)
    g.step("sail:s0")
    g.step("sail:s4")
    g.step("stop")
    assert get(g, "COINS", 0) == START_COINS[0] - 1
    assert get(g, "COINS", 1) == START_COINS[1] + 1


def test_MOVE_08_pay_each_opponent():
    g = game(4)
    for q in (1, 2, 3):
        put(g, "SHIP", 4, player=q)
    g.step("sail:s0")
    g.step("sail:s4")
    g.step("stop")
    assert get(g, "COINS", 0) == START_COINS[0] - 3
    assert [get(g, "COINS", q) for q in (1, 2, 3)] == [c + 1 for c in START_COINS[1:4]]


def test_MOVE_08_short_of_money_the_mover_chooses():
    g = game(3)
    put(g, "COINS", 1, player=0)
    put(g, "SHIP", 4, player=1)
    put(g, "SHIP", 4, player=2)
    g.step("sail:s0")
    g.step("sail:s4")
    g.step("stop")
    assert g.phase == "pay" and sorted(names(g)) == ["pay:p1", "pay:p2"]
    g.step("pay:p2")
    assert get(g, "COINS", 0) == 0
    assert get(g, "COINS", 2) == START_COINS[2] + 1 and get(g, "COINS", 1) == START_COINS[1]
    assert g.phase != "pay"                                             # no consequence


def test_MOVE_08_no_payment_when_passing_through():
    g = game(2)
    put(g, "SHIP", 4, player=1)
    g.step("sail:s0")
    g.step("sail:s4")
    g.step("sail:s5")                                                   # ends beside Blue's card
    assert get(g, "COINS", 0) == START_COINS[0] and get(g, "COINS", 1) == START_COINS[1]


@pytest.mark.parametrize("where", [L.SP_GULF, L.SP_MARA])
def test_MOVE_08_no_payment_on_the_gulf_or_maracaibo(where):
    g = game(2)
    put(g, "SHIP", where, player=1)
    fill_ship(g, 0)
    begin_turn(g, 24 if where == L.SP_GULF else L.SP_GULF)
    g.step("sail:gulf" if where == L.SP_GULF else "sail:maracaibo")
    assert get(g, "COINS", 0) == START_COINS[0] and get(g, "COINS", 1) == START_COINS[1]


def test_MOVE_10_one_step_at_a_time_with_a_chance_to_stop():
    g = game(2)
    g.step("sail:s0")
    assert g.phase == "move" and "stop" in names(g) and sails(g)        # stop or go on
    g.step("sail:s4")
    assert g.phase == "move" and "stop" in names(g) and sails(g)


def test_MOVE_10_the_move_ends_by_itself_when_only_stopping_is_left():
    # ruling: a move step never asks when 'stop' is the only choice, and every
    # offered step keeps a legal end within reach
    for n in (2, 4):
        for seed in range(4):
            g = game(n, seed=seed)
            rng = np.random.default_rng(seed)
            while not g.is_over:
                if g.phase == "move":
                    assert names(g) != ["stop"]
                    assert sails(g) or "stop" in names(g)
                g.step(int(rng.choice(g.legal_actions())))


# =====================================================================================
# §5 Action step (ACT)
# =====================================================================================
def _space(g, kind):
    if kind == "gulf":
        return L.SP_GULF
    if kind == "maracaibo":
        return L.SP_MARA
    return free_slot(g, kind)


@pytest.mark.parametrize("kind, phase, offered", [
    ("improvement", "improvement", {"take5", "acquire"}),
    ("residence", "res_here", {"residence", "pass"}),
    ("location", "upgrade", {"upgrade", "pass"}),
    ("gulf", "upgrade", {"upgrade", "pass"}),
    ("maracaibo", "upgrade", {"upgrade"}),
])
def test_ACT_01_five_space_types(kind, phase, offered):
    g = game(2)
    put(g, "COINS", 100, player=0)
    land(g, _space(g, kind))
    assert g.phase == phase
    assert {n.split(":")[0] for n in names(g)} == offered


@pytest.mark.parametrize("kind", ["improvement", "residence", "location"])
def test_ACT_02_facedown_card_only_gives_5_doubloons(kind):
    g = game(2)
    s = free_slot(g, kind)
    put(g, "COINS", 100, player=0)
    g.state[KC.G_SLOT_DOWN + s] = 1
    land(g, s)
    assert names(g) == ["take5"]
    g.step("take5")
    assert get(g, "COINS", 0) == 100 + SKIP


# ---- §5.1 Improvement card (IMP) -----------------------------------------------------
def test_IMP_01_take_5_or_acquire_exactly_one():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")
    land(g, s)
    assert sorted(names(g)) == [f"acquire:s{s}", "take5"]                # no pass
    g.step("take5")
    assert get(g, "COINS", 0) == START_COINS[0] + SKIP
    assert dealt_keys(g)[s] == "tobacco" and get(g, "TAB_N", 0) == 0     # the card stays
    assert g.current_player == 1 and at_move_start(g)                   # nothing else


def test_IMP_01_unaffordable_card_still_gives_5():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")                                         # printed cost 8
    put(g, "COINS", 7, player=0)
    land(g, s)
    assert names(g) == ["take5"]


def test_IMP_02_tobacco_8_with_klabautermann_costs_5():
    g = game(2)
    give_card(g, "klabautermann", player=0)
    assert card_data(g, "tobacco").cost == 8
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")
    put(g, "COINS", 5, player=0)
    land(g, s)
    assert f"acquire:s{s}" in names(g)                                  # 5 is enough
    g.step(f"acquire:s{s}")
    assert get(g, "COINS", 0) == 5 - (8 - 3)


def test_IMP_02_discounts_never_below_zero():
    g = game(2)
    give_card(g, "klabautermann", player=0)                             # discount 3
    give_card(g, "purser", player=0)                                    # discount 2: 5 in all
    assert card_data(g, "quartermaster").cost == 3
    s = free_slot(g, "improvement")
    place_card(g, s, "quartermaster")
    put(g, "COINS", 0, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    assert get(g, "COINS", 0) == 0 and card_id(g, "quartermaster") in get(g, "TAB", 0)


def test_IMP_02_the_whole_cost_must_be_paid():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")
    put(g, "COINS", 8 - 1, player=0)
    land(g, s)
    assert f"acquire:s{s}" not in names(g)


def test_IMP_03_acquired_card_goes_into_the_tableau():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")                                         # an Equipment
    land(g, s)
    g.step(f"acquire:s{s}")
    assert get(g, "TAB_N", 0) == 1 and get(g, "TAB", 0)[0] == card_id(g, "tobacco")
    assert (get(g, "CREW", 0), get(g, "EQUIP", 0), get(g, "SHIPCARDS", 0)) == (0, 1, 0)


def test_IMP_04_lightning_actions_in_any_order():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "fortune_teller")                                  # quest, discard quest
    put(g, "COINS", 20, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    assert g.phase == "list" and sorted(names(g)) == ["effect:0", "effect:1", "pass"]
    g.step("effect:1")                                                  # the second one first
    g.step("discard_quest:0")
    assert get(g, "QN", 0) == 0
    assert sorted(names(g)) == ["effect:0", "pass"]
    g.step("effect:0")
    g.step("quest_deck")
    assert get(g, "QN", 0) == 1


def test_IMP_04_lightning_actions_are_optional():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "fortune_teller")
    put(g, "COINS", 20, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    g.step("pass")
    assert get(g, "QN", 0) == 1 and g.current_player == 1


def test_IMP_05_ongoing_benefits_start_at_once():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "klabautermann")
    put(g, "COINS", 100, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    # the discount applies to the very next purchase, in the same turn
    t = free_slot(g, "improvement", avoid={s})
    place_card(g, t, "tobacco")
    put(g, "COINS", 8 - 3, player=0)
    open_decision(g, K.OP_ACQUIRE, -1, 0)
    assert f"acquire:s{t}" in names(g)


def test_IMP_05_income_counts_from_the_round_it_was_bought():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "quartermaster")                                   # 2 doubloons income
    assert card_data(g, "quartermaster").income.coins == 2
    land(g, s)
    g.step(f"acquire:s{s}")
    before = get(g, "COINS", 0)
    reach_maracaibo(g)                                                  # seat 1 ends round 1
    assert g.round == 2 and get(g, "COINS", 0) == before + 2


def test_IMP_06_refill_from_tier2_ships_stay_and_do_not_pay_again():
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "tobacco")
    put(g, "SHIP", s, player=1)
    n = get(g, "T2_N")
    top = get(g, "T2")[n - 1]
    put(g, "COINS", 20, player=0)
    land(g, s)                                                          # pays Blue 1
    assert get(g, "COINS", 1) == START_COINS[1] + 1
    g.step(f"acquire:s{s}")
    assert get(g, "SLOT_CARD")[s] == top and get(g, "T2_N") == n - 1
    assert get(g, "SLOT_DOWN")[s] == 0
    assert get(g, "SHIP", 0) == s and get(g, "SHIP", 1) == s
    assert get(g, "COINS", 1) == START_COINS[1] + 1


def test_IMP_06_refill_comes_last_after_the_lightning_actions():
    # rulebook (Improvement card): pay, take the card, lightning actions, ongoing
    # benefits, "Lastly, draw the top card from the Tier II deck" into the slot
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, "dry_dock")                                        # lightning: acquire a Ship
    n = get(g, "T2_N")
    g.state[KC.G_T2 + n - 1] = card_id(g, "cannons")                     # a Ship on top of Tier II
    put(g, "COINS", 100, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    g.step("effect:0")
    assert g.phase == "acquire"
    assert f"acquire:s{s}" not in names(g)                              # the slot is still empty


@pytest.mark.parametrize("key, phase", [("nassau", "upgrade"), ("master_gunner", "improvement")])
def test_IMP_07_tier2_card_takes_its_printed_type(key, phase):
    g = game(2)
    s = free_slot(g, "improvement")
    place_card(g, s, key)
    put(g, "COINS", 100, player=0)
    put(g, "TRE", [1, 1, 1], player=0)                                  # something to bury
    land(g, s)
    assert g.phase == phase
    if phase == "upgrade":                                              # a Location's steps
        g.step("pass")
        assert g.phase == "list"


def test_IMP_08_empty_tier2_deck_refills_facedown_from_the_removed_cards():
    g = game(2)
    put(g, "T2", [-1] * L.T2_CAP)
    put(g, "T2_N", 0)
    n = get(g, "REMOVED_N")
    removed = get(g, "REMOVED")[:n]
    s = free_slot(g, "improvement")
    put(g, "COINS", 100, player=0)
    land(g, s)
    g.step(f"acquire:s{s}")
    assert get(g, "SLOT_DOWN")[s] == 1 and get(g, "SLOT_CARD")[s] in removed
    assert get(g, "REMOVED_N") == n - 1
    assert obs_slice(g, 1, "slot_card")[s] == -2                        # its identity is hidden
    pass_until_next_turn(g)
    put(g, "COINS", 100, player=1)
    put(g, "SHIP", L.SP_START, player=0)
    land(g, s)                                                          # seat 1 ends on it
    assert names(g) == ["take5"]                                        # even with 100 doubloons
    g.step("take5")
    assert get(g, "COINS", 1) == 100 + SKIP


# ---- §5.2 Residence card (RES) -------------------------------------------------------
def _residence(g, key):
    s = free_slot(g, "residence")
    place_card(g, s, key)
    return s


def test_RES_01_build_for_cost_minus_discounts():
    g = game(2)
    s = _residence(g, "hacienda")
    assert card_data(g, "hacienda").cost == 16
    give_card(g, "klabautermann", player=0)
    put(g, "COINS", 16 - 3, player=0)
    land(g, s)
    assert f"residence:s{s}" in names(g)
    g.step(f"residence:s{s}")
    assert get(g, "COINS", 0) == 0
    assert get(g, "SLOT_RES")[s] == 0b01                                # seat 0's token


def test_RES_01_unaffordable_residence_cannot_be_built():
    g = game(2)
    s = _residence(g, "hacienda")
    put(g, "COINS", 15, player=0)
    land(g, s)
    assert f"residence:s{s}" not in names(g)
    assert get(g, "COINS", 0) == 15


def test_RES_02_hacienda_example_first_token_only_scores_2():
    g = game(2)                                                         # Black = 0, Yellow = 1
    s = _residence(g, "hacienda")
    put(g, "COINS", 16, player=0)
    land(g, s)
    g.step(f"residence:s{s}")
    assert get(g, "VP", 0) == FIRST_RESIDENCE
    assert g.current_player == 1
    put(g, "SHIP", L.SP_START, player=0)                                # Black built it earlier
    put(g, "COINS", 16, player=1)
    land(g, s)
    g.step(f"residence:s{s}")
    assert get(g, "COINS", 1) == 0 and get(g, "VP", 1) == 0            # not the first
    assert get(g, "SLOT_RES")[s] == 0b11


@pytest.mark.parametrize("income, vp", [(7, 2 * 7), (13, 24)])
def test_RES_02_hacienda_scores_2_per_income_doubloon_max_24(income, vp):
    g = game(2)
    s = _residence(g, "hacienda")
    g.state[KC.G_SLOT_RES + s] = 0b10                                    # Yellow's token
    put(g, "INC_COINS", income, player=1)
    finish_game(g)
    assert g.score_breakdown()[1]["residences"] == vp
    assert g.score_breakdown()[0]["residences"] == 0


def test_RES_03_one_token_per_player_several_players_per_residence():
    g = game(2)
    s = _residence(g, "hacienda")
    g.state[KC.G_SLOT_RES + s] = 0b01
    put(g, "COINS", 100, player=0)
    land(g, s)                                                          # nothing to do there
    assert g.current_player == 1 and at_move_start(g)
    put(g, "COINS", 100, player=1)
    land(g, s)
    g.step(f"residence:s{s}")
    assert get(g, "SLOT_RES")[s] == 0b11                                # both players
    reach_maracaibo(g)                                                  # seat 0 ends round 1
    assert g.round == 2 and get(g, "SLOT_RES")[s] == 0b11               # tokens never move


def test_RES_04_token_enables_the_scoring_for_its_owner():
    g = game(3)
    s = _residence(g, "hacienda")
    g.state[KC.G_SLOT_RES + s] = 0b001
    for p in range(3):
        put(g, "INC_COINS", 5, player=p)
    finish_game(g)
    assert [b["residences"] for b in g.score_breakdown()] == [2 * 5, 0, 0]


def test_RES_05_no_five_doubloon_option_on_a_residence():
    g = game(2)
    s = _residence(g, "hacienda")
    put(g, "COINS", 100, player=0)
    land(g, s)
    assert sorted(names(g)) == ["pass", f"residence:s{s}"]
    h = game(2)
    s = _residence(h, "hacienda")
    put(h, "COINS", 0, player=0)
    land(h, s)                                                          # nothing to do there
    assert h.current_player == 1 and get(h, "COINS", 0) == 0


def test_RES_06_residences_are_never_acquired_or_replaced():
    g = game(2)
    s = _residence(g, "hacienda")
    put(g, "COINS", 100, player=0)
    open_decision(g, K.OP_ACQUIRE, -1, 0)                               # acquire anything
    res_slots = {f"acquire:s{t}" for t, k in enumerate(dealt_keys(g))
                 if k in cards_of_kind(g, "residence")}
    assert names(g) and not set(names(g)) & res_slots
    g.step("pass")
    land(g, s)
    g.step(f"residence:s{s}")
    assert dealt_keys(g)[s] == "hacienda"


def test_RES_07_gulf_builds_any_residence_without_own_token():
    g = game(2)
    res = [t for t, k in enumerate(dealt_keys(g)) if k in cards_of_kind(g, "residence")]
    g.state[KC.G_SLOT_RES + res[0]] = 0b01                               # own token already
    g.state[KC.G_SLOT_RES + res[1]] = 0b10                               # an opponent's: fine
    put(g, "COINS", 100, player=0)
    land(g, L.SP_GULF)
    g.step("pass")                                                      # no upgrade
    g.step("gulf:residence")
    assert sorted(names(g)) == sorted(["pass"] + [f"residence:s{t}" for t in res[1:]])


def test_RES_07_card_effect_builds_a_residence_at_its_usual_cost():
    g = game(2)
    s = _residence(g, "hacienda")
    put(g, "COINS", 16, player=0)
    open_decision(g, K.OP_RESIDENCE)                                    # GIC-25's effect
    assert f"residence:s{s}" in names(g)
    g.step(f"residence:s{s}")
    assert get(g, "COINS", 0) == 0 and get(g, "VP", 0) == FIRST_RESIDENCE


# ---- §5.3 Location card (LOC) ----------------------------------------------------------
def _own_bm(g, s, p=0, tile=0):
    g.state[KC.G_SLOT_BM + s] = p * 8 + tile + 1
    bm = get(g, "BM_AT", p)
    bm[tile] = s
    put(g, "BM_AT", bm, player=p)


def _bm_tile_showing(g, effect_key):
    """(tile index, side) of the black-market tile showing effect_key."""
    for k, t in enumerate(g.catalog.data.black_market.tile):
        if t.front == effect_key:
            return k, 0
        if t.back == effect_key:
            return k, 1
    raise KeyError(effect_key)


def test_LOC_01_four_steps_in_order():
    g = game(2)
    s = slot_of(g, "trinidad")
    g.state[KC.G_SLOT_TV + s] = 1 + TREASURES.index("gold")
    _own_bm(g, s)
    land(g, s)
    assert get(g, "ISLAND")[0] == 4 + 1                                 # (1) already done
    assert g.phase == "bm_here"                                         # (2)
    g.step("pass")
    assert g.phase == "upgrade"                                         # (3)
    g.step("pass")
    assert g.phase == "side"                                            # (4) Trinidad's "/"


def test_LOC_02_trinidad_pearl_tile_adds_a_cube_and_raises_the_value():
    g = game(2)
    s = slot_of(g, "trinidad")
    g.state[KC.G_SLOT_TV + s] = 1 + TREASURES.index("pearl")
    put(g, "TRE", [0, 0, 1], player=0)
    land(g, s)
    assert get(g, "ISLAND") == [4, 4, 5]                                # mandatory, no question
    pass_until_next_turn(g)
    finish_game(g)
    assert g.score_breakdown()[0]["treasures"] == 4                     # 5 cubes: 3 -> 4


def test_LOC_02_no_tile_no_cube():
    g = game(2)
    s = slot_of(g, "curacao")
    g.state[KC.G_SLOT_TV + s] = 0
    land(g, s)
    assert get(g, "ISLAND") == [4, 4, 4]


def test_LOC_03_blue_bm_bury_on_tobago_gives_an_extra_bury():
    g = game(2)                                                         # Blue = seat 0 here
    s = slot_of(g, "tobago")
    k, side = _bm_tile_showing(g, "bm_bury")
    bm = get(g, "BM_SIDE")
    bm[k] = side
    put(g, "BM_SIDE", bm)
    _own_bm(g, s, p=0, tile=k)
    put(g, "TRE", [0, 2, 0], player=0)                                  # two emeralds
    land(g, s)
    assert g.phase == "bm_here"                                         # may use it
    g.step("bm_here")
    if g.phase == "list":
        g.step("effect:0")                                              # the tile's Bury
    assert g.phase == "bury"
    g.step("bury:emerald:1")                                            # (a blank buried space)
    assert get(g, "BUR", 0) == [0, 1, 0]
    assert g.phase == "upgrade"
    g.step("pass")
    bury = [e.do for e in card_data(g, "tobago").sides[0]].index("bury")
    g.step(f"effect:{bury}")                                            # Tobago's own Bury
    g.step([n for n in names(g) if n.startswith("bury:emerald")][0])
    assert get(g, "BUR", 0) == [0, 2, 0]


def test_LOC_03_opponents_tiles_are_ignored():
    g = game(2)
    s = slot_of(g, "tobago")
    _own_bm(g, s, p=1, tile=0)
    land(g, s)
    assert g.phase == "upgrade"


@pytest.mark.parametrize("key", ["trinidad", "nassau", "nevis"])
def test_LOC_04_every_location_offers_an_upgrade(key):
    g = game(2)
    s = slot_of(g, key) if key == "trinidad" else free_slot(g, "improvement")
    place_card(g, s, key)
    land(g, s)
    assert g.phase == "upgrade" and "pass" in names(g)
    assert any(n.startswith("upgrade:") for n in names(g))


def test_LOC_05_one_side_of_the_slash_actions_in_any_order():
    g = game(2)
    s = slot_of(g, "trinidad")
    sides = card_data(g, "trinidad").sides
    assert [[e.do for e in side] for side in sides] == [["raid"], ["explore", "bury"]]
    put(g, "TRE", [1, 0, 0], player=0)
    land(g, s)
    g.step("pass")                                                      # no upgrade
    assert sorted(names(g)) == ["pass", "side:0", "side:1"]
    g.step("side:1")
    assert sorted(names(g)) == ["effect:0", "effect:1", "pass"]
    g.step("effect:1")                                                  # bury before explore
    g.step([n for n in names(g) if n.startswith("bury:")][0])
    assert sorted(names(g)) == ["effect:0", "pass"]
    g.step("effect:0")
    assert g.phase == "explore"
    g.step([n for n in names(g) if n.startswith("explore:")][0])
    assert get(g, "DICE") == [0, 0, 0]                                  # the raid side was not offered


@pytest.mark.parametrize("key", ["trinidad", "tobago", "bonaire", "aruba", "curacao",
                                 "martinique", "barbados", "grenada"])
def test_LOC_06_location_actions(key):
    phase_of = {"raid": "raid_dice", "explore": "explore", "bury": "bury", "quest": "quest",
                "acquire": "acquire"}
    sides = card_data(Game(2), key).sides
    for k, side in enumerate(sides):
        for i, e in enumerate(side):
            if e.do not in phase_of:
                continue
            g = game(2)
            s = slot_of(g, key)
            put(g, "COINS", 100, player=0)
            put(g, "TRE", [1, 1, 1], player=0)
            land(g, s)
            g.step("pass")                                              # the upgrade
            if len(sides) == 2:
                g.step(f"side:{k}")
            if g.phase == "list":
                g.step(f"effect:{i}")
            assert g.phase == phase_of[e.do], (key, k, e.do)


def test_LOC_07_each_action_once_per_visit():
    g = game(2)
    s = slot_of(g, "aruba")
    assert [e.do for e in card_data(g, "aruba").sides[0]] == ["quest", "bury"]
    put(g, "TRE", [2, 0, 0], player=0)
    land(g, s)
    g.step("pass")
    g.step("effect:0")
    g.step("quest_deck")
    assert sorted(names(g)) == ["effect:1", "pass"]                             # the quest is used up
    g.step("effect:1")
    g.step([n for n in names(g) if n.startswith("bury:")][0])
    assert g.current_player == 1                                        # nothing left: turn over


# ---- §5.4 The Gulf (GULF) -----------------------------------------------------------
def test_GULF_01_entering_the_gulf_ends_the_move():
    g = game(2)
    begin_turn(g, 24)
    g.step("sail:gulf")
    assert get(g, "SHIP", 0) == L.SP_GULF and g.phase == "upgrade" and not sails(g)


def test_GULF_02_upgrade_first():
    g = game(2)
    land(g, L.SP_GULF)
    assert g.phase == "upgrade"
    g.step("upgrade:s0_coins")
    assert g.phase == "gulf"


def test_GULF_03_exactly_one_option():
    g = game(2)
    put(g, "COINS", 100, player=0)
    land(g, L.SP_GULF)
    g.step("pass")
    assert sorted(names(g)) == ["gulf:explore", "gulf:raid", "gulf:residence", "pass"]
    g.step("gulf:explore")
    g.step([n for n in names(g) if n.startswith("explore:")][0])
    while g.current_player == 0 and not at_move_start(g):
        assert not any(n.startswith("gulf:") for n in names(g))
        g.step("pass" if "pass" in names(g) else names(g)[0])
    assert g.current_player == 1


def test_GULF_03_raid_with_2_extra_power():
    g = game(2)
    land(g, L.SP_GULF)
    g.step("pass")
    g.step("gulf:raid")
    assert g.phase == "raid_dice"
    dice = get(g, "DICE")
    g.step("die:emerald")
    assert get(g, "RAID_POWER") == dice[1] + GULF_RAID_BONUS


def _track_within(g, start, k):
    """Track spaces 1..k steps ahead of `start` (the board's next links)."""
    track = {x.key: list(x.next) for x in g.catalog.data.board.track}
    out, frontier = set(), {start}
    for _ in range(k):
        frontier = {n for f in frontier for n in track[f]}
        out |= frontier
    return out


def test_GULF_03_explore_of_value_4():
    g = game(2)
    land(g, L.SP_GULF)
    g.step("pass")
    g.step("gulf:explore")
    assert g.phase == "explore"
    got = {n.split(":")[1] for n in names(g) if n.startswith("explore:")}
    assert got == _track_within(g, "start", GULF_EXPLORE)


def test_GULF_03_residence_option_pays_cost_minus_discounts():
    g = game(2)
    s = _residence(g, "hacienda")
    give_card(g, "klabautermann", player=0)
    put(g, "COINS", 16 - 3, player=0)
    land(g, L.SP_GULF)
    g.step("pass")
    g.step("gulf:residence")
    g.step(f"residence:s{s}")
    assert get(g, "COINS", 0) == 0 and get(g, "VP", 0) == FIRST_RESIDENCE


def test_GULF_04_no_payment_and_no_black_market_tiles():
    g = game(2)
    put(g, "SHIP", L.SP_GULF, player=1)
    land(g, L.SP_GULF)
    assert get(g, "COINS", 0) == START_COINS[0] and get(g, "COINS", 1) == START_COINS[1]
    h = game(2)
    open_decision(h, K.OP_BM_PLACE, 0)
    targets = {int(n.split(":s")[1]) for n in names(h) if n.startswith("bm_at:")}
    locs = {t for t, k in enumerate(dealt_keys(h)) if k in cards_of_kind(h, "location")}
    assert targets == locs                                              # Locations only
    assert not any("gulf" in n or "maracaibo" in n for n in h.action_names if n.startswith("bm_at"))


# ---- §5.5 Maracaibo (MARA) -------------------------------------------------------------
def test_MARA_01_from_the_gulf_only_maracaibo_one_step():
    g = game(2)
    begin_turn(g, L.SP_GULF)
    assert names(g) == ["sail:maracaibo"]
    g.step("sail:maracaibo")
    assert get(g, "SHIP", 0) == L.SP_MARA and g.phase != "move"


def test_MARA_02_six_vp_and_one_mandatory_upgrade():
    g = game(2)
    begin_turn(g, L.SP_GULF)
    g.step("sail:maracaibo")
    assert get(g, "VP", 0) == MARA_VP and g.score_breakdown()[0]["maracaibo"] == MARA_VP
    assert g.phase == "upgrade" and "pass" not in names(g)
    g.step("upgrade:s0_coins")
    assert get(g, "NUPG", 0) == 1


def test_MARA_03_rounds_1_and_2_end_after_that_turn():
    for rnd in (1, 2):
        g = game(3)
        put(g, "ROUND", rnd)
        put(g, "CUR", 1)
        begin_turn(g, L.SP_START)
        put(g, "SHIP", 7, player=0)
        reach_maracaibo(g)
        assert g.round == rnd + 1 and g.current_player == 2 and at_move_start(g)
        assert [get(g, "SHIP", p) for p in range(3)] == [L.SP_START] * 3


def test_MARA_04_round_3_does_not_end_at_once():
    g = game(3)
    put(g, "ROUND", 3)
    reach_maracaibo(g)                                                  # seat 0; the marker is seat 2
    assert not g.is_over and g.round == 3
    assert g.current_player == 1 and at_move_start(g)
    assert get(g, "SHIP", 0) == L.SP_MARA                               # ships are not reset


def test_MARA_05_no_payment_on_maracaibo():
    g = game(2)
    put(g, "SHIP", L.SP_MARA, player=1)
    reach_maracaibo(g)
    assert get(g, "COINS", 0) == START_COINS[0] and get(g, "COINS", 1) == START_COINS[1]


def test_MARA_05_no_black_market_tile_on_maracaibo():
    g = game(2)
    open_decision(g, K.OP_BM_PLACE, 0)
    assert all(int(n.split(":s")[1]) < 27 for n in names(g))

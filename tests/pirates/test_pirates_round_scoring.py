"""Pirates of Maracaibo rules: VP and doubloons (§14 VP), the end of a round
and income (§15 ROUND), the third-round ending (§16 END3), endgame scoring
(§17 SCORE) and the tie-break (§18 TIE) of shared/spec/pirates-rules-checklist.md.

Expected values come from the rulebook (shared/rules/003_63ee4bc9f765ab79.txt)
and the checklist's test vectors: 4 VP per river, 1 VP per 5 doubloons, treasure
values 2/3/4/5 for 0-2/3-4/5-6/7+ cubes, +2 per buried treasure, +10 for 6
scoring quests, Residence caps 24/25, income +5 doubloons / +2 VP, Harpy +4,
Sea Snake +2/+2, Whale +1 per quest. Data values (a card's printed VP or income,
a quest's thresholds) only build the positions.
"""
from __future__ import annotations

import numpy as np
import pytest

from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core import constants as L

from pirates_helpers import (begin_turn, card_data, finish_game, free_slot, game, get, give_card,
                             land, names, open_decision, place_card, play_until, put,
                             reach_maracaibo)

MARA_VP = 6                              # MARA-02
RIVER_VP = 4                             # SCORE-01
COINS_PER_VP = 5                         # SCORE-02
BURIED_VP = 2                            # SCORE-07
QUEST_BONUS, QUEST_BONUS_AT = 10, 6      # SCORE-09


def breakdown(g, p, key):
    return g.score_breakdown()[p][key]


def at_move_start(g) -> bool:
    return g.phase == "move" and get(g, "MV_MOVED") == 0


def quest_id(g, key):
    return g.catalog.quest_keys.index(key)


def quest_data(g, key):
    return next(q for q in g.catalog.data.quests.quest if q.key == key)


def set_quests(g, p, keys):
    ids = [quest_id(g, k) for k in keys]
    put(g, "QHAND", ids + [-1] * (L.QHAND_CAP - len(ids)), player=p)
    put(g, "QN", len(ids), player=p)


def quest_points(q, *measures):
    """SCORE-08: the points of the highest condition met (each part of an
    'X and Y' condition has its own threshold), else 0."""
    def met(need):
        return all(m >= n for m, n in zip(measures, need))
    return q.high.vp if met(q.high.need) else q.low.vp if met(q.low.need) else 0


def figurehead_index(g, key):
    figs = sorted(g.catalog.data.figureheads.figurehead, key=lambda f: f.letter)
    return [f.key for f in figs].index(key)


def residence_slot(g, key, owners):
    s = free_slot(g, "residence")
    place_card(g, s, key)
    g.state[L.G_SLOT_RES + s] = sum(1 << p for p in owners)
    return s


# =====================================================================================
# §14 VP track, doubloons and resources (VP)
# =====================================================================================
@pytest.mark.parametrize("before, tokens, marker", [(47, 1, 3), (97, 2, 3)])
def test_VP_01_one_integer_score_past_50(before, tokens, marker):
    # test vectors: 53 -> one +50 token and the marker on 3; 103 -> two tokens, 3
    g = game(2)
    put(g, "VP", before, player=0)
    put(g, "VP_SRC", [before] + [0] * (len(Game.VP_SOURCES) - 1), player=0)
    reach_maracaibo(g)
    score = g.scores()[0]
    assert score == before + MARA_VP == 50 * tokens + marker
    spec = {n: (o, s) for n, o, s, _ in Game.observation_spec()}
    o, _ = spec["p0_vp"]
    assert g.observe(0)[o] == score and g.observe(1)[spec["p1_vp"][0]] == score


def test_VP_02_white_numbers_gain_from_the_supply_and_holdings_are_public():
    g = game(3)
    land(g, free_slot(g, "improvement"))
    g.step("take5")
    assert get(g, "COINS", 0) == 10 + 5
    spec = {n: (o, s) for n, o, s, _ in Game.observation_spec()}
    for viewer in range(3):
        for rel in range(3):
            seat = (viewer + rel) % 3
            assert g.observe(viewer)[spec[f"p{rel}_coins"][0]] == get(g, "COINS", seat)


def _bm_slot_cost(g):
    """(key, doubloons) of a section-0 ship slot that places a black-market tile at a cost."""
    for sl in g.catalog.data.ship.slot:
        for e in sl.benefit:
            if sl.section == 0 and e.do == "place_bm" and e.n > 0:
                return sl.key, e.n
    raise LookupError


def test_VP_03_a_red_number_must_be_paid_in_full():
    g = game(2)
    key, cost = _bm_slot_cost(g)
    put(g, "COINS", cost - 1, player=0)
    open_decision(g, K.OP_UPGRADE)
    assert f"upgrade:{key}" not in names(g)
    put(g, "COINS", cost, player=0)
    open_decision(g, K.OP_UPGRADE)
    g.step(f"upgrade:{key}")
    assert get(g, "COINS", 0) == 0
    # a figurehead costs 3 (CON-10): 2 doubloons are not enough
    h = game(2)
    put(h, "COINS", 2, player=0)
    open_decision(h, K.OP_FIGUREHEAD)
    assert not any(n.startswith("figurehead:") for n in names(h))


def test_VP_04_doubloons_never_negative_and_unlimited():
    g = game(3)
    put(g, "COINS", 0, player=0)
    put(g, "SHIP", 4, player=1)
    put(g, "SHIP", 4, player=2)
    g.step("sail:s0")
    g.step("sail:s4")
    g.step("stop")                                                      # owes 2, has 0
    assert g.phase != "pay" and get(g, "COINS", 0) == 0
    assert [get(g, "COINS", q) for q in (1, 2)] == [11, 12]
    h = game(2)
    put(h, "COINS", 10 ** 6, player=0)
    land(h, free_slot(h, "improvement"))
    h.step("take5")
    assert get(h, "COINS", 0) == 10 ** 6 + 5


def test_VP_05_scores_may_go_negative():
    g = game(2)
    put(g, "VP", -5, player=0)
    put(g, "VP_SRC", [-5] + [0] * (len(Game.VP_SOURCES) - 1), player=0)
    h = g     # (a saved game cannot hold it: no base-game rule takes VP away before the end)
    assert h.scores()[0] == -5
    reach_maracaibo(h)
    assert h.scores()[0] == -5 + MARA_VP


# =====================================================================================
# §15 End of round and income (ROUND)
# =====================================================================================
def test_ROUND_01_income_of_improvements():
    # rulebook: three Improvements whose income icons total 5 doubloons and 2 VP
    g = game(2)
    cards = ["tobacco", "silk_bales", "spice_crates"]
    inc = [card_data(g, k).income for k in cards]
    assert (sum(i.coins for i in inc), sum(i.vp for i in inc)) == (5, 2)
    for k in cards:
        give_card(g, k, player=1)
    coins, vp = get(g, "COINS", 1), get(g, "VP", 1)
    reach_maracaibo(g)                                                  # seat 0 ends round 1
    assert g.round == 2
    assert get(g, "COINS", 1) == coins + 5 and get(g, "VP", 1) == vp + 2
    assert breakdown(g, 1, "income") == 2


def test_ROUND_01_the_player_who_ended_the_round_collects_too():
    g = game(2)
    give_card(g, "tobacco", player=0)
    assert card_data(g, "tobacco").income.coins == 2
    coins = get(g, "COINS", 0)
    reach_maracaibo(g)
    assert get(g, "COINS", 0) == coins + 2


@pytest.mark.parametrize("key, coins, vp", [("harpy", 4, 0), ("sea_snake", 2, 2), ("whale", 3, 0)])
def test_ROUND_02_figurehead_income(key, coins, vp):
    g = game(2)
    figm = get(g, "FIGM")
    figm[0] = figurehead_index(g, key)
    put(g, "FIGM", figm)
    put(g, "COINS", 3, player=0)
    open_decision(g, K.OP_FIGUREHEAD)
    g.step("figurehead:0")
    assert get(g, "COINS", 0) == 0
    if key == "whale":                                                  # +1 per quest held: 3
        deck = get(g, "QDECK")[:get(g, "QDECK_N")]
        put(g, "QHAND", get(g, "QHAND", 0)[:1] + deck[:2] + [-1] * (L.QHAND_CAP - 3), player=0)
        put(g, "QN", 3, player=0)
    reach_maracaibo(g)
    assert get(g, "COINS", 0) == coins
    assert breakdown(g, 0, "income") == vp


def test_ROUND_04_next_round_starts_after_the_player_who_ended_it():
    # test vector: 4 players, seat 2 reaches Maracaibo in round 1 -> round 2 starts with seat 3
    g = game(4)
    put(g, "CUR", 2)
    begin_turn(g, L.SP_START)
    for p in range(4):
        put(g, "SHIP", 5 + p, player=p)
    reach_maracaibo(g)
    assert g.round == 2 and g.current_player == 3 and at_move_start(g)
    assert [get(g, "SHIP", p) for p in range(4)] == [L.SP_START] * 4


def test_ROUND_04_after_three_rounds_the_game_ends():
    g = game(2)
    finish_game(g)
    assert g.is_over and g.round == 3 and g.legal_actions() == []


def test_ROUND_05_only_ships_are_reset():
    g = game(2)
    give_card(g, "gunner", player=1)
    loc = free_slot(g, "location")
    g.state[L.G_SLOT_BM + loc] = 1 * 8 + 0 + 1
    put(g, "BM_AT", [loc, -1, -1, -1, -1], player=1)
    put(g, "EXPL", 3, player=1)
    put(g, "TRE", [2, 1, 0], player=1)
    put(g, "BUR", [1, 0, 0], player=1)
    put(g, "UPG", 0b101, player=1)
    put(g, "NUPG", 2, player=1)
    put(g, "ISLAND", [2, 5, 9])
    put(g, "SHIP", 12, player=1)
    kept = {f: get(g, f, 1) for f in ("VP", "COINS", "EXPL", "RIVERS", "TRE", "BUR", "UPG",
                                      "BM_AT", "TAB", "QHAND", "FIG")}
    board = {f: get(g, f) for f in ("ISLAND", "SLOT_CARD", "SLOT_BM", "SLOT_TV", "SLOT_RES")}
    reach_maracaibo(g)
    assert g.round == 2
    assert {f: get(g, f, 1) for f in kept} == kept
    assert {f: get(g, f) for f in board} == board
    assert get(g, "SHIP", 0) == get(g, "SHIP", 1) == L.SP_START


# =====================================================================================
# §16 Third-round ending exception (END3)
# =====================================================================================
def _round3_start(n, first):
    """A random game of n players brought to the first turn of round 3, which
    seat `first` takes."""
    for seed in range(300):
        g = game(n, seed=seed)
        play_until(g, lambda g: g.round == 3, np.random.default_rng(seed))
        if not g.is_over and g.current_player == first and at_move_start(g):
            return g
    raise AssertionError("no such game")


def _turns(g):
    return [get(g, "TURNS", p) for p in range(g.num_players)]


def test_END3_01_play_on_until_the_marker_holder_has_played():
    g = game(3)
    put(g, "ROUND", 3)
    reach_maracaibo(g)                                                  # seat 0; the marker: seat 2
    assert not g.is_over and g.round == 3 and g.current_player == 1
    rng = np.random.default_rng(1)
    play_until(g, lambda g: g.current_player == 2, rng)
    assert not g.is_over
    give_card(g, "tobacco", player=1)                                   # 2 doubloons of income
    put(g, "SHIP", L.SP_START, player=1)                                # (nobody pays seat 1)
    coins = get(g, "COINS", 1)
    while not g.is_over:                                                # seat 2's turn ends it
        assert g.current_player == 2
        g.step(int(rng.choice(g.legal_actions())))
    assert g.round == 3
    assert get(g, "COINS", 1) == coins + card_data(g, "tobacco").income.coins  # third income
    assert sum(g.score_breakdown()[1].values()) == g.scores()[1]        # then the scoring


def test_END3_02_every_player_has_the_same_number_of_turns():
    # test vector: 3 players, round 3 starts with seat 1; seat 1 reaches
    # Maracaibo -> seat 2 plays -> the end
    g = _round3_start(3, first=1)
    reach_maracaibo(g)
    assert not g.is_over and g.current_player == 2
    rng = np.random.default_rng(0)
    while not g.is_over:
        assert g.current_player == 2
        g.step(int(rng.choice(g.legal_actions())))
    t = _turns(g)
    assert t[0] == t[1] == t[2]


def test_END3_02_marker_holder_reaching_maracaibo_ends_the_game():
    for seed in range(300):
        g = game(3, seed=seed)
        rng = np.random.default_rng(seed)
        play_until(g, lambda g: g.round == 3, rng)
        play_until(g, lambda g: g.current_player == 2 and at_move_start(g), rng)
        if not g.is_over and get(g, "END3") == 0:
            break
    reach_maracaibo(g)
    assert g.is_over
    t = _turns(g)
    assert t[0] == t[1] == t[2]


def test_END3_03_no_more_turns_after_maracaibo_others_may_still_reach_it():
    g = _round3_start(3, first=1)
    reach_maracaibo(g)                                                  # seat 1
    assert g.current_player == 2
    before = breakdown(g, 2, "maracaibo")
    reach_maracaibo(g)                                                  # seat 2 too
    assert breakdown(g, 2, "maracaibo") == before + MARA_VP
    assert g.is_over                                                    # seat 1 never plays again


# =====================================================================================
# §17 Endgame scoring (SCORE)
# =====================================================================================
@pytest.mark.parametrize("rivers", [0, 1, 3, 6])
def test_SCORE_01_four_vp_per_river(rivers):
    g = game(2)
    put(g, "RIVERS", rivers, player=0)
    finish_game(g)
    assert breakdown(g, 0, "rivers") == RIVER_VP * rivers


@pytest.mark.parametrize("coins, vp", [(0, 0), (4, 0), (5, 1), (14, 2), (15, 3), (23, 4)])
def test_SCORE_02_one_vp_per_five_doubloons(coins, vp):
    g = game(2)
    put(g, "COINS", coins, player=0)
    finish_game(g)
    assert get(g, "COINS", 0) == coins and breakdown(g, 0, "doubloons") == vp


def test_SCORE_02_counted_after_the_third_income():
    g = game(2)
    give_card(g, "tobacco", player=0)                                   # +2 income
    put(g, "COINS", 13, player=0)
    finish_game(g)
    assert breakdown(g, 0, "doubloons") == (13 + 2) // COINS_PER_VP


def test_SCORE_03_printed_vp_of_each_improvement():
    g = game(2)
    cards = ["fortune_teller", "treasure_map", "galleon", "cannons"]
    for k in cards:
        give_card(g, k, player=0)
    finish_game(g)
    assert breakdown(g, 0, "card_vp") == sum(card_data(g, k).vp for k in cards)


def test_SCORE_04_gray_scroll_endgame_conditions():
    g = game(2)
    give_card(g, "gold_digger", player=0)                               # GIC-35: 7 per 3 gold
    give_card(g, "treasure_chest", player=0)                            # GIC-37: 2 per buried
    put(g, "TRE", [7, 1, 1], player=0)
    put(g, "BUR", [1, 1, 1], player=0)
    finish_game(g)
    assert breakdown(g, 0, "card_endgame") == 7 * (7 // 3) + 2 * 3


@pytest.mark.parametrize("key, field, units, vp", [
    ("hacienda", "INC_COINS", 13, 24),          # GRS-01: 2 per income doubloon, max 24
    ("hacienda", "INC_COINS", 7, 14),
    ("shipwrights_villa", "SHIPCARDS", 6, 25),  # GRS-03: 5 per Ship, max 25
    ("shipwrights_villa", "SHIPCARDS", 4, 20),
    ("captains_lodge", "CREW", 7, 24),          # GRS-05: 4 per Crew, max 24
    ("lighthouse", "RIVERS", 3, 18),            # GRS-12: 6 per river, max 24
    ("lighthouse", "RIVERS", 5, 24),
])
def test_SCORE_05_residences_score_for_their_owners_capped(key, field, units, vp):
    g = game(2)
    residence_slot(g, key, owners=[0])
    put(g, field, units, player=0)
    if field == "INC_COINS":
        put(g, "COINS", 0, player=0)
    finish_game(g)
    assert breakdown(g, 0, "residences") == vp


# SCORE-06 / CON-06 test vector: 0-2 cubes -> 2 VP per treasure, 3-4 -> 3, 5-6 -> 4, 7+ -> 5
@pytest.mark.parametrize("cubes, per_treasure", [(0, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4),
                                                 (7, 5), (12, 5)])
@pytest.mark.parametrize("t", [0, 1, 2], ids=["gold", "emerald", "pearl"])
def test_SCORE_06_treasure_value_by_island_cubes(t, cubes, per_treasure):
    """Two treasures of one type, its island at `cubes` at game end: the engine's
    final scoring gives 2 x the rulebook's value. The other islands hold a count
    worth a different value, so reading the wrong island shows."""
    other = 12 if per_treasure != 5 else 0                   # 5 VP, or 2 VP
    g = game(2)
    islands = [other] * 3
    islands[t] = cubes
    put(g, "ISLAND", islands)
    tre = [0, 0, 0]
    tre[t] = 2
    put(g, "TRE", tre, player=0)
    finish_game(g)
    assert get(g, "ISLAND")[t] == cubes                      # the count scored is the one set
    assert breakdown(g, 0, "treasures") == 2 * per_treasure


def test_SCORE_06_three_gold_with_seven_cubes_is_15_buried_included():
    g = game(2)
    put(g, "ISLAND", [7, 4, 4])
    put(g, "TRE", [3, 0, 0], player=0)
    put(g, "BUR", [1, 0, 0], player=0)                                  # buried or not
    finish_game(g)
    assert breakdown(g, 0, "treasures") == 15


def test_SCORE_07_two_vp_per_buried_treasure_poseidon_included():
    g = game(2)
    put(g, "TRE", [2, 0, 1], player=0)
    put(g, "BUR", [1, 0, 1], player=0)
    put(g, "POSEIDON", [1 + 0, 0, 0, 0], player=0)                      # a Gold on Poseidon
    finish_game(g)
    assert breakdown(g, 0, "buried") == BURIED_VP * 3


CREW = ["klabautermann", "quartermaster", "gunner", "cartographer", "ships_cook"]
SHIPS = ["cannons", "cargo_hold", "jib_sail"]


@pytest.mark.parametrize("crew", [1, 2, 3, 5])
def test_SCORE_08_highest_condition_met_and_shared_elements(crew):
    # two quests that both count Crew Improvements each count every Crew card
    g = game(2)
    for k in CREW[:crew] + SHIPS:
        give_card(g, k, player=0)
    set_quests(g, 0, ["q07_crew", "q16_crew_ship"])
    q07, q16 = quest_data(g, "q07_crew"), quest_data(g, "q16_crew_ship")
    assert q07.kind == "type_count" and q07.type == "crew"
    assert q16.kind == "each_type" and set(q16.types) == {"crew", "ship"}
    finish_game(g)
    expected = quest_points(q07, crew) + quest_points(q16, min(crew, len(SHIPS)))
    assert breakdown(g, 0, "quests") == expected
    if crew == 5:
        assert expected == q07.high.vp + q16.high.vp                   # both at their top


SIX = ["q01_treasures", "q02_gold", "q03_emerald", "q04_pearl", "q05_buried", "q06_buried"]


@pytest.mark.parametrize("pearls, bonus", [(4, QUEST_BONUS), (0, 0)])
def test_SCORE_09_ten_vp_for_six_scoring_quests(pearls, bonus):
    g = game(2)
    put(g, "TRE", [4, 4, pearls], player=0)
    put(g, "BUR", [2, 2, min(pearls, 1)], player=0)
    set_quests(g, 0, SIX)
    finish_game(g)
    tre, bur = [4, 4, pearls], 4 + min(pearls, 1)
    measures = [sum(tre), tre[0], tre[1], tre[2], bur, bur]
    scored = sum(quest_points(quest_data(g, k), m) > 0 for k, m in zip(SIX, measures))
    assert scored == (6 if pearls else 5)
    assert breakdown(g, 0, "quest_bonus") == (QUEST_BONUS if scored >= QUEST_BONUS_AT else 0)
    assert breakdown(g, 0, "quest_bonus") == bonus


@pytest.mark.parametrize("tre, scored", [([4, 4, 4], 6), ([4, 4, 0], 5), ([4, 0, 0], 2)])
def test_SCORE_10_governors_palace_counts_the_quests_that_scored(tre, scored):
    # GRS-07: 4 VP per quest that scores, max 24 -- needs SCORE-08 first
    g = game(2)
    residence_slot(g, "governors_palace", owners=[0])
    put(g, "TRE", tre, player=0)
    put(g, "BUR", [2 if t else 0 for t in tre], player=0)
    set_quests(g, 0, SIX)
    finish_game(g)
    bur = sum(2 if t else 0 for t in tre)
    measures = [sum(tre), tre[0], tre[1], tre[2], bur, bur]
    assert sum(quest_points(quest_data(g, k), m) > 0 for k, m in zip(SIX, measures)) == scored
    assert breakdown(g, 0, "residences") == min(4 * scored, 24)


def test_SCORE_11_only_own_residences_with_numbers_taken_at_the_end():
    g = game(2)
    s = free_slot(g, "residence")
    place_card(g, s, "hacienda")
    put(g, "COINS", 16, player=0)
    land(g, s)
    g.step(f"residence:s{s}")                                           # income 0 when built
    assert get(g, "INC_COINS", 0) == 0
    for p in (0, 1):                                                    # 5 income each, later
        for k in ("tobacco", "silk_bales", "spice_crates"):
            give_card(g, k, player=p)
    finish_game(g)
    assert breakdown(g, 0, "residences") == 2 * 5
    assert breakdown(g, 1, "residences") == 0                          # no token of seat 1


# =====================================================================================
# §18 Tie-break (TIE)
# =====================================================================================
def _ended(n=2):
    g = game(n)
    finish_game(g)
    return g


def _set(g, vp, buried, poseidon=None):
    for p, (v, b) in enumerate(zip(vp, buried)):
        put(g, "VP", v, player=p)
        put(g, "TRE", [b + 1, 0, 0], player=p)
        put(g, "BUR", [b, 0, 0], player=p)
        put(g, "POSEIDON", [0, 0, 0, 0], player=p)
    for p, k in (poseidon or {}).items():
        put(g, "TRE", [get(g, "TRE", p)[0] + k, 0, 0], player=p)
        put(g, "POSEIDON", [1] * k + [0] * (4 - k), player=p)


def test_TIE_01_most_vp_wins():
    g = _ended(3)
    _set(g, [40, 52, 51], [3, 0, 0])
    assert g.winners() == [1]


def test_TIE_02_tie_broken_by_most_buried_treasures():
    g = _ended(3)
    _set(g, [50, 50, 49], [1, 2, 5])
    assert g.winners() == [1]


def test_TIE_02_poseidon_burials_count():
    g = _ended(2)
    _set(g, [50, 50], [1, 2], poseidon={0: 2})                          # 1 + 2 on Poseidon = 3
    assert g.winners() == [0]


def test_TIE_03_still_tied_players_share_the_victory():
    g = _ended(4)
    _set(g, [50, 50, 50, 48], [2, 0, 2, 9])
    assert g.winners() == [0, 2]

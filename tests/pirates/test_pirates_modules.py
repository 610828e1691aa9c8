"""Pirates of Maracaibo modules (§20 of shared/spec/pirates-rules-checklist.md):
Fog of War: Locations (FOWL), Fog of War: Improvements (FOWI), Pirate
Skirmish (SKIR), Quest Hunters (QH), Rubies (RUBY) and Retirement (RET).

Expected values come from the rulebook's modules section
(shared/rules/003_63ee4bc9f765ab79.txt) and the checklist's vectors: 1 doubloon
on each facedown Location and +1 per income phase, 2 VP and up to 1 doubloon
for a skirmish win, 3 quests keep 2 and a market of 3, double VP for a done
quest and -5 for another, 2 VP per traded Ruby, 6 Ruby Market spaces, half
price rounded up after discounts. The data only build the positions.
"""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as KC
from maracaibo_env.pirates.core import scoring
from maracaibo_env.pirates.core.skirmish import settle_skirmish
from maracaibo_env.framework.rng import seed_at, below_at
from maracaibo_env.pirates.invariants import check_invariants

from pirates_helpers import (begin_turn, cid, col_slots, get, kind_of, land, mgame, names, neighbours, open_decision,
                             finish_turn, place_card, put, reach_maracaibo, refresh)

MODULES = ("fog_locations", "fog_improvements", "skirmish", "quest_hunters", "rubies", "retirement")
ALL = {m: True for m in MODULES}


# ---- building positions ---------------------------------------------------------------
def tier_of(g, c):
    return int(g.catalog.field("CARD_TIER")[c])


def slot_fields(g, s):
    return [int(g.state[f + s]) for f in (KC.G_SLOT_CARD, KC.G_SLOT_FOG, KC.G_SLOT_COINS, KC.G_SLOT_TV,
                                           KC.G_SLOT_DOWN)]


def set_slot(g, s, fields):
    for f, v in zip((KC.G_SLOT_CARD, KC.G_SLOT_FOG, KC.G_SLOT_COINS, KC.G_SLOT_TV, KC.G_SLOT_DOWN), fields):
        g.state[f + s] = v


def move_card_to(g, key, s):
    """Swap the slot holding card `key` (as it lies) with slot s."""
    c = cid(g, key)
    here = get(g, "SLOT_CARD").index(c)
    a, b = slot_fields(g, here), slot_fields(g, s)
    set_slot(g, here, b)
    set_slot(g, s, a)


def fog_slot(g, s):
    return int(g.state[KC.G_SLOT_FOG + s])


def obs_slice(g, p, name):
    for n, off, size, _ in Game.observation_spec():
        if n == name:
            return g.observe(p)[off:off + size].tolist()
    raise KeyError(name)


def scoring_gain(g, cat=None):
    """VP by source that final scoring adds on this state (on a copy)."""
    s = g.state.copy()
    before = s[L.LAYOUT.field_slice("VP_SRC", 0)].copy()
    scoring.final_scoring(s, g._cat if cat is None else cat)
    after = s[L.LAYOUT.field_slice("VP_SRC", 0)]
    return dict(zip(L.VP_SOURCES, (after - before).tolist()))


# ---- §20.1 Fog of War: Locations -----------------------------------------------------------
def test_fowl_01_setup_locations_facedown_with_a_doubloon():
    g = mgame(2, seed=3, fog_locations=True)
    cards = get(g, "SLOT_CARD")
    locs = [s for s, c in enumerate(cards) if c >= 0 and kind_of(g, c) == 1]
    assert len(locs) == 8                                   # the 8 Tier I Locations
    for s, c in enumerate(cards):
        facedown = s in locs
        assert fog_slot(g, s) == facedown
        assert get(g, "SLOT_COINS")[s] == (1 if facedown else 0)
    seen = obs_slice(g, 1, "slot_card")
    assert all(seen[s] == -2 for s in locs)                  # identities hidden
    assert all(seen[s] == cards[s] for s in range(L.N_SLOTS) if s not in locs)
    assert obs_slice(g, 1, "slot_coins") == get(g, "SLOT_COINS")


def test_fowl_02_ending_turns_it_up_passing_does_not():
    g = mgame(2, seed=1, fog_locations=True)
    s1 = col_slots(g, 1)[0]
    move_card_to(g, "aruba", s1)
    g.state[KC.G_SLOT_COINS + s1] = 3
    s2 = next(x for x in neighbours(g, s1) if x in col_slots(g, 2))
    begin_turn(g, L.SP_START)
    before = get(g, "COINS", 0)
    g.step(f"sail:s{s1}")
    g.step(f"sail:s{s2}")                                    # passing through
    assert fog_slot(g, s1) == 1 and get(g, "SLOT_COINS")[s1] == 3
    # ending there: the doubloons, faceup, then the Location resolves (LOC-01)
    h = mgame(2, seed=1, fog_locations=True)
    move_card_to(h, "aruba", s1)
    h.state[KC.G_SLOT_COINS + s1] = 3
    begin_turn(h, L.SP_START)
    h.step(f"sail:s{s1}")
    h.step("stop")
    assert fog_slot(h, s1) == 0 and get(h, "SLOT_COINS")[s1] == 0
    assert get(h, "COINS", 0) == before + 3
    assert h.phase in ("upgrade", "side", "list")
    assert obs_slice(h, 1, "slot_card")[s1] == cid(h, "aruba")


def test_fowl_03_treasure_value_tile_placed_when_turned_up():
    g = mgame(2, seed=2, fog_locations=True)
    assert get(g, "TV_POOL_N") == 6 and not any(get(g, "SLOT_TV"))
    s = get(g, "SLOT_CARD").index(cid(g, "trinidad"))        # bears the TV symbol (LOC-02 example)
    begin_turn(g, L.SP_START)
    islands = get(g, "ISLAND")
    land(g, s)
    tile = get(g, "SLOT_TV")[s]
    assert tile in (1, 2, 3) and get(g, "TV_POOL_N") == 5
    islands[tile - 1] += 1                                   # step 1 with the new tile
    assert get(g, "ISLAND") == islands


def test_fowl_04_income_adds_a_doubloon_to_facedown_locations():
    g = mgame(2, seed=4, fog_locations=True)
    locs = [s for s in range(L.N_SLOTS) if fog_slot(g, s)]
    up = locs[0]
    g.state[KC.G_SLOT_FOG + up] = 0
    g.state[KC.G_SLOT_COINS + up] = 0
    scoring.income(g.state, g._cat)
    coins = get(g, "SLOT_COINS")
    assert all(coins[s] == 2 for s in locs[1:]) and coins[up] == 0


def _end_round_one(g):
    """The current player reaches Maracaibo in round 1; the round ends after
    their turn (MARA-03) with the income phase (ROUND-01)."""
    assert get(g, "ROUND") == 1
    reach_maracaibo(g)
    finish_turn(g)
    assert get(g, "ROUND") == 2


def test_fowl_04_facedown_improvements_get_no_doubloon():
    """"During the income phase ... place 1 doubloon onto each Location card that
    is still facedown": with Fog of War: Improvements too, the facedown
    Improvements get nothing; a facedown Location goes from 1 doubloon to 2."""
    g = mgame(2, seed=4, fog_locations=True, fog_improvements=True)
    cards = get(g, "SLOT_CARD")
    locs = [s for s, c in enumerate(cards) if c >= 0 and kind_of(g, c) == 1]
    imps = [s for s, c in enumerate(cards) if c >= 0 and kind_of(g, c) == 0]
    assert len(locs) == 8 and imps and all(fog_slot(g, s) for s in locs + imps)
    _end_round_one(g)
    coins = get(g, "SLOT_COINS")
    assert [coins[s] for s in locs] == [2] * 8
    assert [coins[s] for s in imps] == [0] * len(imps)
    assert all(fog_slot(g, s) for s in imps)                 # still facedown, still empty
    # Fog of War: Improvements alone: no doubloons on any card
    h = mgame(2, seed=4, fog_improvements=True)
    assert any(fog_slot(h, s) for s in range(L.N_SLOTS))
    _end_round_one(h)
    assert get(h, "SLOT_COINS") == [0] * L.N_SLOTS


def test_fowl_05_no_black_market_tile_on_a_facedown_location():
    g = mgame(2, seed=5, fog_locations=True)
    locs = [s for s in range(L.N_SLOTS) if fog_slot(g, s)]
    g.state[KC.G_SLOT_FOG + locs[0]] = 0
    open_decision(g, K.OP_BM_PLACE, 0)
    assert sorted(n for n in names(g) if n.startswith("bm_at:")) == [f"bm_at:s{locs[0]}"]


# ---- §20.2 Fog of War: Improvements ------------------------------------------------------------
def test_fowi_01_setup_improvements_facedown():
    g = mgame(3, seed=6, fog_improvements=True)
    cards = get(g, "SLOT_CARD")
    for s, c in enumerate(cards):
        assert fog_slot(g, s) == (c >= 0 and kind_of(g, c) == 0)
    for p in range(3):
        seen = obs_slice(g, p, "slot_card")
        assert all(seen[s] == (-2 if fog_slot(g, s) else cards[s]) for s in range(L.N_SLOTS))
    assert sum(1 for t in get(g, "SLOT_TV") if t) == 6     # locations faceup: tiles as usual


def test_fowi_02_tier_two_half_facedown_and_kept_as_it_lies():
    tops = set()
    for seed in range(4):
        g = mgame(2, seed=seed, fog_improvements=True)
        n2 = get(g, "T2_N")
        fog = get(g, "T2_FOG")[:n2]
        assert n2 == 41 and sum(fog) == 20                   # 41 cut into 20 and 21
        tops.add(tuple(fog))
    assert len(tops) > 1                                     # shuffled together
    g = mgame(2, seed=0, fog_improvements=True)
    s = col_slots(g, 1)[0]
    place_card(g, s, next(k for k in g.catalog.card_keys if kind_of(g, cid(g, k)) == 0))
    g.state[KC.G_SLOT_FOG + s] = 0
    n2 = get(g, "T2_N")
    top = get(g, "T2")[n2 - 1]
    g.state[KC.G_T2_FOG + n2 - 1] = 1
    assert obs_slice(g, 0, "tier2_top_facedown") == [1]
    put(g, "COINS", 99, player=0)
    open_decision(g, K.OP_IMPROVEMENT, s)
    g.step(f"acquire:s{s}")
    while g.phase not in ("move",):
        g.step("pass" if "pass" in names(g) else names(g)[0])
    assert get(g, "SLOT_CARD")[s] == top and fog_slot(g, s) == 1
    assert obs_slice(g, 1, "slot_card")[s] == -2


def test_fowi_03_entering_turns_it_up_then_stop_or_go_on():
    g = mgame(2, seed=7, fog_improvements=True)
    s1 = next(s for s in col_slots(g, 1) if fog_slot(g, s))
    put(g, "COINS", 99, player=0)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    assert fog_slot(g, s1) == 0                              # at once
    n = names(g)
    assert "stop" in n and any(x.startswith("sail:") for x in n)
    g.step("stop")
    assert g.phase == "improvement" and f"acquire:s{s1}" in names(g)


def test_fowi_04_any_facedown_card_entered_turns_up():
    g = mgame(2, seed=8, fog_locations=True, fog_improvements=True)
    s1 = col_slots(g, 1)[0]
    t2_loc = next(k for k in g.catalog.card_keys if kind_of(g, cid(g, k)) == 1 and tier_of(g, cid(g, k)) == 2)
    place_card(g, s1, t2_loc)
    g.state[KC.G_SLOT_FOG + s1] = 1
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    assert fog_slot(g, s1) == 0                              # a Tier II Location, entered


def test_fowi_06_removed_tier_one_card_never_turns_up():
    g = mgame(2, seed=9, fog_improvements=True)
    s1 = col_slots(g, 1)[0]
    removed = get(g, "REMOVED")[0]
    set_slot(g, s1, [removed, 0, 0, 0, 1])                    # IMP-08's facedown card
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step("stop")
    assert get(g, "SLOT_DOWN")[s1] == 1 and fog_slot(g, s1) == 0
    assert names(g) == ["take5"]


# ---- §20.3 Pirate Skirmish ----------------------------------------------------------------------
def _skirmish_game(num_players=2, seed=10):
    g = mgame(num_players, seed=seed, skirmish=True)
    s1 = col_slots(g, 1)[0]
    place_card(g, s1, next(k for k in g.catalog.card_keys if kind_of(g, cid(g, k)) == 0))
    refresh(g)
    return g, s1


def test_skir_01_combat_on_a_card_with_opponents_only():
    g, s1 = _skirmish_game()
    put(g, "RAID_POW", 10, player=0)                         # 1 + 10 beats any 6
    put(g, "SHIP", s1, player=1)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step("stop")
    assert get(g, "VP", 0) == 2 and g.score_breakdown()[0]["raids"] == 2
    # the Gulf: no combat
    g, s1 = _skirmish_game()
    put(g, "RAID_POW", 10, player=0)
    put(g, "SHIP", L.SP_GULF, player=1)
    begin_turn(g, L.SP_START)
    land(g, L.SP_GULF)
    assert get(g, "VP", 0) == 0
    # a card without opponents: no combat
    g, s1 = _skirmish_game()
    put(g, "RAID_POW", 10, player=0)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step("stop")
    assert get(g, "VP", 0) == 0


def test_skir_02_one_die_plus_general_power_not_colour_power():
    g, s1 = _skirmish_game()
    for p in (0, 1):
        put(g, "SHIP", s1, player=p)
    s = g.state.copy()
    s[L.LAYOUT.field_slice("RAID_POW", 0)] = 2
    settle_skirmish(s, s1, np.array([3, 4, 0, 0], np.int32))  # 3 + 2 = 5 > 4
    assert s[L.LAYOUT.field_slice("VP", 0)][0] == 2
    s = g.state.copy()
    s[L.LAYOUT.field_slice("COLOUR_POW", 0)] = [5, 5, 5]
    settle_skirmish(s, s1, np.array([3, 4, 0, 0], np.int32))  # colour bonuses do not count
    assert s[L.LAYOUT.field_slice("VP", 1)][0] == 2 and s[L.LAYOUT.field_slice("VP", 0)][0] == 0
    # simultaneous, no reroll: nothing is asked
    g, s1 = _skirmish_game()
    put(g, "SHIP", s1, player=1)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step("stop")
    assert g.phase == "improvement"


def test_skir_03_single_winner_takes_up_to_one_each_tie_nothing():
    g, s1 = _skirmish_game(3)
    for p in range(3):
        put(g, "SHIP", s1, player=p)
    put(g, "COINS", 5, player=0)
    put(g, "COINS", 0, player=1)
    put(g, "COINS", 5, player=2)
    s = g.state.copy()
    settle_skirmish(s, s1, np.array([6, 6, 2, 0], np.int32))   # tie at the top
    assert np.array_equal(s, g.state)
    settle_skirmish(g.state, s1, np.array([1, 2, 6, 0], np.int32))   # a player who did not move wins
    assert [get(g, "VP", p) for p in range(3)] == [0, 0, 2]
    assert [get(g, "COINS", p) for p in range(3)] == [4, 0, 6]


def _seed_for_rolls(state, rolls):
    """An RNG state whose next die rolls are `rolls` (searched, not assumed)."""
    scratch = state.copy()
    for k in range(100_000):
        seed_at(scratch, KC.G_RNG, k)
        probe = scratch.copy()
        if all(1 + below_at(probe, KC.G_RNG, 6) == r for r in rolls):
            return scratch[KC.G_RNG:KC.G_RNG + 2].copy()
    raise AssertionError("no seed")


def test_skir_04_payment_first_then_combat_vector():
    """A moves onto B's card, pays B 1; A rolls 5 (+2) = 7, B rolls 6: A gains
    2 VP and takes 1 doubloon from B (B had 0: the payment came first)."""
    g, s1 = _skirmish_game()
    put(g, "SHIP", s1, player=1)
    put(g, "RAID_POW", 2, player=0)
    put(g, "COINS", 10, player=0)
    put(g, "COINS", 0, player=1)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.state[KC.G_RNG:KC.G_RNG + 2] = _seed_for_rolls(g.state, (5, 6))
    g.step("stop")
    assert get(g, "VP", 0) == 2 and get(g, "VP", 1) == 0
    assert get(g, "COINS", 0) == 10 and get(g, "COINS", 1) == 0


# ---- §20.4 Quest Hunters ---------------------------------------------------------------------
def test_qh_01_draw_three_keep_two_market_of_three():
    g = Game(3, seed=11, quest_hunters=True)
    assert g.phase == "returnq"
    for p in range(3):
        assert g.current_player == p
        drawn = get(g, "SETUPQ", p) + [get(g, "SETUPQ3", p) - 1]
        assert obs_slice(g, p, "my_setup_quests") + obs_slice(g, p, "my_setup_quest3") == drawn
        assert names(g) == ["return_quest:0", "return_quest:1", "return_quest:2"]
        g.step("return_quest:1")
        assert sorted(get(g, "QHAND", p)[:get(g, "QN", p)]) == sorted([drawn[0], drawn[2]])
    assert g.phase == "move"
    market = get(g, "QMARKET")
    assert get(g, "QMARKET_N") == 3 and all(q >= 0 for q in market)
    assert get(g, "QDECK_N") == 25 - 3 * 2 - 3


def _quest(g, kind):
    return next(i for i, q in enumerate(g.catalog.data.quests.quest) if q.kind == kind)


def _hand(g, quests, p=0):
    put(g, "QHAND", list(quests) + [-1] * (L.QHAND_CAP - len(quests)), player=p)
    put(g, "QN", len(quests), player=p)


def test_qh_02_only_the_harder_condition_double_or_minus_five():
    g = mgame(2, seed=12, quest_hunters=True)
    cat = g._cat.copy()
    q = _quest(g, "rivers")
    off = lambda name: int(g.catalog.field(name).ctypes.data - g._cat.ctypes.data) // 4  # noqa: E731
    cat[off("Q_LOW_VP") + q] = 4
    cat[off("Q_HIGH_VP") + q] = 7
    low, high = int(cat[off("Q_LOW_A") + q]), int(cat[off("Q_HIGH_A") + q])
    _hand(g, [q])
    put(g, "RIVERS", high, player=0)
    assert scoring_gain(g, cat)["quests"] == 14              # 2 x 7
    put(g, "RIVERS", low, player=0)
    assert scoring_gain(g, cat)["quests"] == -5              # the easier only: not done


def _all_high(g, p=0):
    put(g, "TRE", [30, 30, 30], player=p)
    put(g, "BUR", [10, 10, 10], player=p)
    for f in ("CREW", "EQUIP", "SHIPCARDS", "INC_COINS", "INC_VP", "LIGHTNING", "NUPG", "NRES"):
        put(g, f, 30, player=p)


def test_qh_03_only_done_quests_count_as_scored():
    g = mgame(2, seed=13, quest_hunters=True)
    qs = g.catalog.data.quests.quest
    no_river = [i for i, q in enumerate(qs) if "rivers" not in q.kind][:5]
    _hand(g, no_river + [_quest(g, "rivers")])
    _all_high(g)
    put(g, "RIVERS", 0, player=0)
    assert scoring_gain(g)["quest_bonus"] == 0               # 6 quests, 5 done (SCORE-09)
    put(g, "RIVERS", 30, player=0)
    assert scoring_gain(g)["quest_bonus"] == 10              # 6 done


def test_qh_04_whale_replaces_all_three():
    g = mgame(2, seed=14, quest_hunters=True)
    put(g, "WHALE", 1, player=0)
    old = get(g, "QMARKET")
    open_decision(g, K.OP_QUEST)
    g.step("whale")
    new = get(g, "QMARKET")
    assert len(new) == 3 and not set(new) & set(old) and all(q >= 0 for q in new)
    assert sorted(get(g, "QDECK")[:3]) == sorted(old)         # under the deck (QST-03)


# ---- §20.5 Rubies ----------------------------------------------------------------------------------
def test_ruby_01_supply_on_bonaire_and_tobago_market_of_six():
    for key, offered in (("bonaire", True), ("tobago", True), ("aruba", False), ("trinidad", False)):
        g = mgame(2, seed=15, rubies=True)
        s = get(g, "SLOT_CARD").index(cid(g, key))
        begin_turn(g, L.SP_START)
        land(g, s)
        assert ("gain_ruby" in finish_turn(g)) == offered, key
    g = mgame(2, seed=15, rubies=True)
    assert get(g, "RUBY_MKT") == [0] * 6
    put(g, "RUBIES", 1, player=0)
    begin_turn(g, L.SP_START)
    land(g, L.SP_GULF)
    assert sorted(n for n in names(g) if n.startswith("sell_ruby:")) == [f"sell_ruby:{i}" for i in range(6)]


def test_ruby_02_gain_one_optional_no_limit():
    g = mgame(2, seed=16, rubies=True)
    put(g, "RUBIES", 7, player=0)
    s = get(g, "SLOT_CARD").index(cid(g, "tobago"))
    begin_turn(g, L.SP_START)
    land(g, s)
    for _ in range(20):
        if "gain_ruby" in names(g):
            break
        g.step("pass" if "pass" in names(g) else names(g)[0])
    assert "pass" in names(g)
    g.step("gain_ruby")
    assert get(g, "RUBIES", 0) == 8
    assert obs_slice(g, 1, "rubies")[1] == 8                   # seen by the others (relative seat)


def _ruby_market_paying_1_to_6(tmp_path):
    """A copy of the data whose Ruby Market spaces 1-6 give 1-6 doubloons (the
    shipped bonuses are reconstructed, DATA-18), so each space's bonus is known."""
    from maracaibo_env.pirates.data_load import DATA_DIR
    f = tmp_path / "data"
    shutil.copytree(DATA_DIR, f)
    p = f / "modules.toml"
    text = p.read_text()
    text = text[:text.index("\n[[ruby_market]]\n") + 1] + "".join(
        f'[[ruby_market]]\nkey = "pay_{n}"\neffects = [{{do = "coins", n = {n}}}]\nsource = "reconstructed"\n\n'
        for n in range(1, 7))
    p.write_text(text)
    return f


def test_ruby_03_sell_one_onto_an_empty_space_bonus_at_once(tmp_path):
    """"they may sell one Ruby ... placing it onto any empty bonus space on the Ruby
    Market Tile, taking the covered bonus immediately": with spaces 2 and 3 full,
    the seller chooses among the 4 empty ones and gains exactly the bonus of the
    space chosen (space k of this test's market: k doubloons)."""
    data = _ruby_market_paying_1_to_6(tmp_path)
    for space in (0, 3, 4, 5):
        g = mgame(2, seed=17, rubies=True, data_dir=data)
        put(g, "RUBY_MKT", [0, 2, 2, 0, 0, 0])                   # spaces 2 and 3 full (player 2's)
        put(g, "RUBIES", 1, player=0)
        put(g, "COINS", 10, player=0)
        begin_turn(g, L.SP_START)
        land(g, L.SP_GULF)
        assert g.phase == "ruby_sell" and "pass" in names(g)
        assert sorted(n for n in names(g) if n.startswith("sell_ruby:")) == \
            ["sell_ruby:0", "sell_ruby:3", "sell_ruby:4", "sell_ruby:5"]
        g.step(f"sell_ruby:{space}")
        assert get(g, "COINS", 0) == 10 + space + 1 and get(g, "RUBIES", 0) == 0   # at once
        mkt = [0, 2, 2, 0, 0, 0]
        mkt[space] = 1                                           # the seller's Ruby on it
        assert get(g, "RUBY_MKT") == mkt
    # all 6 spaces full: no sale
    h = mgame(2, seed=17, rubies=True)
    put(h, "RUBY_MKT", [2] * 6)
    put(h, "RUBIES", 2, player=0)
    begin_turn(h, L.SP_START)
    land(h, L.SP_GULF)
    assert h.phase == "ruby_trade" and not any(n.startswith("sell_ruby") for n in names(h))


def test_ruby_04_trade_more_for_two_vp_each_leftovers_score_nothing():
    g = mgame(2, seed=18, rubies=True)
    put(g, "RUBIES", 4, player=0)
    begin_turn(g, L.SP_START)
    land(g, L.SP_GULF)
    g.step("sell_ruby:5")
    while g.phase != "ruby_trade":
        g.step("pass" if "pass" in names(g) else names(g)[0])
    vp = get(g, "VP", 0)
    g.step("trade_ruby")
    g.step("trade_ruby")
    assert get(g, "VP", 0) == vp + 4 and get(g, "RUBIES", 0) == 1
    g.step("pass")                                            # keep the last one
    assert get(g, "RUBIES", 0) == 1
    h = g.clone()
    put(h, "RUBIES", 0, player=0)
    assert scoring_gain(g) == scoring_gain(h)                  # RUBY-04: leftovers 0


# ---- §20.6 Retirement ---------------------------------------------------------------------------
def _spot(g):
    t = g.catalog.data.board.track
    key = next(x.key for x in t if x.retirement)
    before = next(x.key for x in t if key in x.next)
    after = next(x for x in t if x.key == key).next[0]
    return key, before, after


def _explore(g, here, n, p=0):
    put(g, "EXPL", g.catalog.track_keys.index(here), player=p)
    open_decision(g, K.OP_EXPLORE, n)


def _residence_slot(g):
    return next(s for s, c in enumerate(get(g, "SLOT_CARD")) if c >= 0 and kind_of(g, c) == 2)


def test_ret_01_tile_on_its_spot_a_token_per_player():
    g = mgame(3, seed=19, retirement=True)
    assert sum(x.retirement for x in g.catalog.data.board.track) == 1
    assert [get(g, "RETIRED", p) for p in range(3)] == [0, 0, 0]
    assert obs_slice(g, 0, "retired")[:3] == [0, 0, 0]


def test_ret_02_stopping_there_must_buy_then_back_to_start():
    g = mgame(2, seed=20, retirement=True)
    key, before, after = _spot(g)
    rs = _residence_slot(g)
    put(g, "COINS", 50, player=0)
    _explore(g, before, 1)
    g.step(f"explore:{key}")
    assert g.phase == "retire" and "pass" not in names(g) and f"retire:s{rs}" in names(g)
    assert get(g, "EXPL", 0) == 0 and get(g, "RETIRED", 0) == 1
    g.step(f"retire:s{rs}")
    assert (get(g, "SLOT_RES")[rs] & 1) == 1
    # passing over it: nothing
    h = mgame(2, seed=20, retirement=True)
    put(h, "COINS", 50, player=0)
    _explore(h, before, 2)
    h.step(f"explore:{after}")
    assert h.phase != "retire" and get(h, "RETIRED", 0) == 0
    # cannot afford any: no purchase, back to the start all the same, tile used
    h = mgame(2, seed=20, retirement=True)
    put(h, "COINS", 0, player=0)
    _explore(h, before, 1)
    h.step(f"explore:{key}")
    assert h.phase != "retire" and get(h, "EXPL", 0) == 0 and get(h, "RETIRED", 0) == 1


@pytest.mark.parametrize("printed, discount, paid", [(16, 2, 7), (15, 0, 8)])
def test_ret_03_half_price_after_discounts_rounded_up(printed, discount, paid):
    g = mgame(2, seed=21, retirement=True)
    key, before, _ = _spot(g)
    rs = _residence_slot(g)
    c = get(g, "SLOT_CARD")[rs]
    g._cat = g._cat.copy()
    g._cat[int(g.catalog.field("CARD_COST").ctypes.data - g.catalog.array.ctypes.data) // 4 + c] = printed
    put(g, "DISCOUNT", discount, player=0)
    put(g, "COINS", 30, player=0)
    vp = get(g, "VP", 0)
    _explore(g, before, 1)
    g.step(f"explore:{key}")
    g.step(f"retire:s{rs}")
    assert get(g, "COINS", 0) == 30 - paid
    assert get(g, "VP", 0) == vp + 2                            # first token (RES-02)


def test_ret_03_not_a_residence_with_own_token():
    g = mgame(2, seed=22, retirement=True)
    key, before, _ = _spot(g)
    rs = _residence_slot(g)
    g.state[KC.G_SLOT_RES + rs] = 1
    put(g, "COINS", 50, player=0)
    _explore(g, before, 1)
    g.step(f"explore:{key}")
    assert f"retire:s{rs}" not in names(g)


def test_ret_04_once_per_player_then_no_effect():
    g = mgame(2, seed=23, retirement=True)
    key, before, _ = _spot(g)
    put(g, "RETIRED", 1, player=0)
    put(g, "COINS", 50, player=0)
    coins, vp = get(g, "COINS", 0), get(g, "VP", 0)
    _explore(g, before, 1)
    g.step(f"explore:{key}")
    assert g.phase == "move" and get(g, "EXPL", 0) == g.catalog.track_keys.index(key)
    assert (get(g, "COINS", 0), get(g, "VP", 0)) == (coins, vp)


def test_ret_05_rivers_are_a_running_total():
    g = mgame(2, seed=24, retirement=True)
    key, before, _ = _spot(g)
    t = {x.key: x for x in g.catalog.data.board.track}
    rivers = g.catalog.field("TR_RIVERS")
    r_spot = int(rivers[g.catalog.track_keys.index(key)])
    assert r_spot >= 1
    put(g, "RIVERS", int(rivers[g.catalog.track_keys.index(before)]), player=0)
    put(g, "COINS", 0, player=0)
    _explore(g, before, 1)
    g.step(f"explore:{key}")
    assert get(g, "RIVERS", 0) == r_spot and get(g, "EXPL", 0) == 0
    # from the start again: the rivers crossed anew add up
    frontier, near = {"start"}, set()
    for _ in range(4):                                        # spaces 1..4 steps from the start
        frontier = {n for k in frontier for n in t[k].next}
        near |= frontier
    dest = next(k for k in g.catalog.track_keys if k in near and rivers[g.catalog.track_keys.index(k)] >= 1
                and k != key)
    open_decision(g, K.OP_EXPLORE, 4)
    g.step(f"explore:{dest}")
    assert get(g, "RIVERS", 0) == r_spot + int(rivers[g.catalog.track_keys.index(dest)])


def test_ret_07_the_tile_is_a_normal_space_for_jumping():
    g = mgame(2, seed=25, retirement=True)
    key, before, after = _spot(g)
    put(g, "EXPL", g.catalog.track_keys.index(key), player=1)
    put(g, "RETIRED", 1, player=1)
    _explore(g, before, 1)
    choices = {n[8:] for n in names(g) if n.startswith("explore:")}
    assert key not in choices and after in choices            # jumped (EXP-03)


# ---- module-off identity, random games, saves ------------------------------------------------------
def test_modules_off_fields_stay_zero():
    g = mgame(3, seed=26)
    for name in ("SLOT_FOG", "SLOT_COINS", "T2_FOG", "TV_POOL", "TV_POOL_N", "RUBY_MKT"):
        assert not any(np.atleast_1d(get(g, name)))
    assert get(g, "MODULES") == 0


CONFIGS = [{m: True} for m in MODULES] + [ALL]


@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("mods", CONFIGS, ids=lambda m: "all" if len(m) > 1 else next(iter(m)))
def test_random_games_with_modules_keep_the_invariants(num_players, mods):
    rng = np.random.default_rng(num_players)
    g = Game(num_players, seed=100 + num_players, **mods)
    steps = 0
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
        steps += 1
        if steps % 3 == 0 or g.is_over:
            assert check_invariants(g, strict=True) == [], (steps, g.phase)
        if steps == 150:                                       # a save mid-game round-trips
            h = Game.from_json(g.to_json())
            assert np.array_equal(h.state, g.state) and h.options == g.options
    h = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert np.array_equal(h.state, g.state)


def test_raid_18_skirmish_roll_is_not_a_raid():
    g, s1 = _skirmish_game()
    put(g, "SHIP", s1, player=1)
    put(g, "RAID_POW", 10, player=0)
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step("stop")
    assert get(g, "VP", 0) == 2                                # the combat happened
    assert g.phase == "improvement" and not any(n.startswith("raid:") for n in names(g))
    assert get(g, "RAID_POWER") == 0 and get(g, "DICE") == [0, 0, 0]


# ---- the modules' solo rules (Jordan, seat 1) ------------------------------------------------------
from maracaibo_env.pirates.core import constants as CL  # noqa: E402
from maracaibo_env.pirates.core.jordan import jordan_move, jordan_targets, jordan_explore  # noqa: E402

JORDAN = 1


def solo(seed=0, **mods) -> Game:
    return mgame(1, seed=seed, **mods)


def _line(g):
    """Card slots A (column 1), B, C, each next to the one before (3 steps from the start)."""
    for a in col_slots(g, 1):
        for b in neighbours(g, a):
            if b < L.N_SLOTS:
                for c in neighbours(g, b):
                    if c < L.N_SLOTS and c != a:
                        return a, b, c
    raise LookupError


def _only_fog(g, slots):
    for s in range(L.N_SLOTS):
        g.state[KC.G_SLOT_FOG + s] = 1 if s in slots else 0
        g.state[KC.G_SLOT_COINS + s] = 0


def _put_card_of_kind(g, s, kind, tier=1, skip=()):
    key = next(k for k in g.catalog.card_keys if kind_of(g, cid(g, k)) == kind
               and tier_of(g, cid(g, k)) == tier and k not in skip)
    place_card(g, s, key)
    return key


def test_fowl_06_jordan_turns_up_locations_on_his_way():
    """Round 2, his path crosses 2 facedown Locations: +6 VP, both turned up,
    their doubloons back to the supply."""
    g = solo(seed=1, fog_locations=True)
    a, b, c = _line(g)
    _put_card_of_kind(g, a, 1)
    _put_card_of_kind(g, b, 1, skip=(g.catalog.card_keys[get(g, "SLOT_CARD")[a]],))
    _put_card_of_kind(g, c, 0)
    _only_fog(g, (a, b))
    g.state[KC.G_SLOT_COINS + a] = 2
    g.state[KC.G_SLOT_COINS + b] = 1
    put(g, "ROUND", 2)
    put(g, "SHIP", L.SP_START, player=JORDAN)
    vp, coins = get(g, "VP", JORDAN), get(g, "COINS", JORDAN)
    jordan_move(g.state, g._cat, c)
    assert get(g, "VP", JORDAN) == vp + 6 and get(g, "COINS", JORDAN) == coins
    assert fog_slot(g, a) == 0 and fog_slot(g, b) == 0 and get(g, "SLOT_COINS")[a] == 0


def _square(g):
    """Card slots x, y, w, u around a square: y, u next to x, w next to y and u."""
    for x in range(L.N_SLOTS):
        nx = [s for s in neighbours(g, x) if s < L.N_SLOTS]
        for y in nx:
            for u in nx:
                if u != y:
                    for w in neighbours(g, u):
                        if w < L.N_SLOTS and w != x and w in neighbours(g, y):
                            return x, y, w, u
    raise LookupError


def test_fowl_07_jordan_prefers_the_path_with_most_facedown_locations():
    """x to y: one step straight, or three round the square x-u-w-y; only u is a
    facedown Location, so he sails round and turns it up (round 1: +1 VP)."""
    g = solo(seed=2, fog_locations=True)
    x, y, w, u = _square(g)
    _put_card_of_kind(g, u, 1)
    _only_fog(g, (u,))
    put(g, "SHIP", x, player=JORDAN)
    put(g, "ROUND", 1)
    vp = get(g, "VP", JORDAN)
    jordan_move(g.state, g._cat, y)
    assert fog_slot(g, u) == 0 and get(g, "VP", JORDAN) == vp + 1
    # default: a facedown Location is no target for his actions (its icons are unknown)
    h = solo(seed=2, fog_locations=True)
    s = get(h, "SLOT_CARD").index(cid(h, "tobago"))           # a Raid Location
    reach = np.int64(1) << s
    h.state[KC.G_SLOT_FOG + s] = 1
    assert jordan_targets(h.state, h._cat, reach, CL.JA_RAID, -1) == 0
    h.state[KC.G_SLOT_FOG + s] = 0
    assert jordan_targets(h.state, h._cat, reach, CL.JA_RAID, -1) == reach


def test_fowi_05_jordan_turns_up_cards_he_sails_through():
    g = solo(seed=3, fog_improvements=True)
    a, b, c = _line(g)
    _put_card_of_kind(g, a, 0)
    _put_card_of_kind(g, b, 0, skip=(g.catalog.card_keys[get(g, "SLOT_CARD")[a]],))
    _only_fog(g, (a, b))
    put(g, "SHIP", L.SP_START, player=JORDAN)
    vp = get(g, "VP", JORDAN)
    jordan_move(g.state, g._cat, c)
    assert fog_slot(g, a) == 0 and fog_slot(g, b) == 0
    assert get(g, "SHIP", JORDAN) == c and get(g, "VP", JORDAN) == vp   # he keeps moving; no VP


def test_skir_05_jordan_adds_the_round_winner_gains_five():
    """Jordan rolls 4 in round 2 -> 6."""
    g = solo(seed=4, skirmish=True)
    s1 = col_slots(g, 1)[0]
    for p in (0, JORDAN):
        put(g, "SHIP", s1, player=p)
    put(g, "ROUND", 2)
    put(g, "COINS", 5, player=0)
    s = g.state.copy()
    settle_skirmish(s, s1, np.array([5, 4, 0, 0], np.int32))      # 5 < 4 + 2
    assert s[L.LAYOUT.field_slice("VP", JORDAN)][0] == 5 and s[L.LAYOUT.field_slice("COINS", 0)][0] == 5
    s = g.state.copy()
    settle_skirmish(s, s1, np.array([6, 4, 0, 0], np.int32))      # 6 = 6: nothing
    assert np.array_equal(s, g.state)
    s = g.state.copy()
    settle_skirmish(s, s1, np.array([6, 3, 0, 0], np.int32))      # the human wins: 5 VP, no coins
    assert s[L.LAYOUT.field_slice("VP", 0)][0] == 5 and s[L.LAYOUT.field_slice("COINS", 0)][0] == 5


def test_ruby_05_jordan_gains_sells_at_random_and_scores_two_each():
    g = solo(seed=5, rubies=True)
    s = get(g, "SLOT_CARD").index(cid(g, "bonaire"))
    jordan_move(g.state, g._cat, s)
    assert get(g, "RUBIES", JORDAN) == 1
    put(g, "RUBY_MKT", [0, 1, 1, 1, 1, 1])                          # only space 1 of 1-6 empty
    vp, coins = get(g, "VP", JORDAN), get(g, "COINS", JORDAN)
    jordan_move(g.state, g._cat, L.SP_GULF)
    assert get(g, "RUBY_MKT")[0] == JORDAN + 1 and get(g, "RUBIES", JORDAN) == 0   # the next empty, wrapping
    assert (get(g, "VP", JORDAN), get(g, "COINS", JORDAN)) == (vp, coins)        # no bonus (default)
    put(g, "RUBIES", 3, player=JORDAN)
    t = g.state.copy()
    scoring.jordan_final_scoring(t, g._cat, JORDAN)
    u = g.state.copy()
    u[L.LAYOUT.field_slice("RUBIES", JORDAN)] = 0
    scoring.jordan_final_scoring(u, g._cat, JORDAN)
    assert t[L.LAYOUT.field_slice("VP", JORDAN)][0] - u[L.LAYOUT.field_slice("VP", JORDAN)][0] == 6


def test_ret_06_jordan_never_triggers_the_tile():
    g = solo(seed=6, retirement=True)
    key, before, _ = _spot(g)
    put(g, "EXPL", g.catalog.track_keys.index(before), player=JORDAN)
    stack = get(g, "STK_N")
    jordan_explore(g.state, g._cat, 1)
    assert get(g, "RETIRED", JORDAN) == 0 and get(g, "STK_N") == stack
    assert get(g, "EXPL", JORDAN) != 0                                # not sent back


def test_qh_05_jordan_unchanged_five_per_quest():
    g = solo(seed=7, quest_hunters=True)
    assert get(g, "QN", JORDAN) == 1 and get(g, "QMARKET_N") == 3
    _hand(g, [0, 1, 2], p=JORDAN)
    t = g.state.copy()
    before = t[L.LAYOUT.field_slice("VP_SRC", JORDAN)][KC.VS_QUESTS]
    scoring.jordan_final_scoring(t, g._cat, JORDAN)
    assert t[L.LAYOUT.field_slice("VP_SRC", JORDAN)][KC.VS_QUESTS] - before == 15   # 5 each, no -5


@pytest.mark.parametrize("mods", CONFIGS, ids=lambda m: "all" if len(m) > 1 else next(iter(m)))
def test_random_solo_games_with_modules_keep_the_invariants(mods):
    rng = np.random.default_rng(7)
    g = Game(1, seed=77, **mods)
    steps = 0
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
        steps += 1
        if steps % 3 == 0 or g.is_over:
            assert check_invariants(g, strict=True) == [], (steps, g.phase)
    h = Game.from_json(g.to_json())
    assert np.array_equal(h.state, g.state)

"""Pirates of Maracaibo modules played together, where their rules meet
(§19 and §20 of shared/spec/pirates-rules-checklist.md): Fog of War:
Locations with Rubies, Pirate Skirmish with Quest Hunters, and Retirement in
the solo game. test_pirates_modules.py switches one module on at a time.

Expected values come from the rulebook's modules and solo sections
(shared/rules/003_63ee4bc9f765ab79.txt) and the checklist's vectors: the
doubloons on a facedown Location go to the player who ends there, or back to
the supply for Jordan, who gains 1/3/5 VP per Location he turns up in round
1/2/3; a Ruby where a ship ends on Bonaire or Tobago; 2 VP and up to 1 doubloon
for a skirmish win (5 VP and no doubloons in solo, Jordan adding the round);
3 quests in the market; half price rounded up (15 -> 8), +2 VP only for the
first token on a Residence; opposing explorers are skipped. The data only
build the positions.
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core import jordan as J
from maracaibo_env.pirates.core import constants as L
from maracaibo_env.pirates.core.catalog_layout import JA_QUEST, KIND_IMP, KIND_RES

from pirates_helpers import (begin_turn, cid, col_slots, get, kind_of, land, mgame, names, neighbours, open_decision,
                             finish_turn, force_rolls, place_card, put)
from pirates_rules_helpers import clear_caribbean, slot_in_column

HUMAN, JORDAN = 0, 1


# ---- positions ----------------------------------------------------------------------------
def slot_of(g, key):
    return get(g, "SLOT_CARD").index(cid(g, key))


def fog(g, s):
    return int(g.state[L.G_SLOT_FOG + s])


_SLOT_FIELDS = (L.G_SLOT_CARD, L.G_SLOT_FOG, L.G_SLOT_COINS, L.G_SLOT_TV, L.G_SLOT_DOWN)


def move_card_to(g, key, s):
    """Swap the slot holding card `key` (as it lies) with slot s."""
    here = slot_of(g, key)
    a = [int(g.state[f + here]) for f in _SLOT_FIELDS]
    b = [int(g.state[f + s]) for f in _SLOT_FIELDS]
    for f, x, y in zip(_SLOT_FIELDS, a, b):
        g.state[f + here] = y
        g.state[f + s] = x


def only_facedown(g, coins):
    """Exactly the slots of `coins` ({slot: doubloons}) facedown, with those doubloons."""
    for s in range(L.N_SLOTS):
        g.state[L.G_SLOT_FOG + s] = 1 if s in coins else 0
        g.state[L.G_SLOT_COINS + s] = coins.get(s, 0)


def a_card_of_kind(g, kind, skip=()):
    return next(k for k in g.catalog.card_keys if kind_of(g, cid(g, k)) == kind
                and int(g.catalog.field("CARD_TIER")[cid(g, k)]) == 1 and k not in skip)


def decline_until(g, action, limit=20):
    """Pass the optional steps of the turn until `action` is legal."""
    for _ in range(limit):
        if action in names(g):
            return
        g.step("pass" if "pass" in names(g) else names(g)[0])
    raise AssertionError(f"{action} never offered")


# ---- Fog of War: Locations + Rubies -------------------------------------------------------------
def test_fowl_02_ruby_02_ending_on_facedown_bonaire_turns_it_up_then_a_ruby():
    """"Each time a player's ship ends its movement on a facedown Location card,
    that player gains any coins on top of the card and then flips it faceup.
    They then perform all actions shown on that Location" -- and on Bonaire,
    which bears a Ruby Supply Tile, "they may gain 1 Ruby"."""
    g = mgame(2, seed=15, fog_locations=True, rubies=True)
    s = slot_of(g, "bonaire")
    assert fog(g, s) == 1
    g.state[L.G_SLOT_COINS + s] = 3
    put(g, "COINS", 10, player=0)
    put(g, "RUBIES", 0, player=0)
    begin_turn(g, L.SP_START)
    land(g, s)
    assert fog(g, s) == 0 and get(g, "SLOT_COINS")[s] == 0
    assert get(g, "COINS", 0) == 13
    decline_until(g, "gain_ruby")
    g.step("gain_ruby")
    assert get(g, "RUBIES", 0) == 1


def test_fowl_02_ruby_02_passing_facedown_tobago_neither_turns_it_nor_gives_a_ruby():
    """Passing through does not turn the card (FOWL-02), and a Ruby is only for
    a ship that "ends its movement on a Location with a Ruby Supply Tile"."""
    g = mgame(2, seed=15, fog_locations=True, rubies=True)
    s1 = col_slots(g, 1)[0]
    move_card_to(g, "tobago", s1)
    g.state[L.G_SLOT_COINS + s1] = 2
    s2 = next(x for x in neighbours(g, s1) if x in col_slots(g, 2))
    place_card(g, s2, a_card_of_kind(g, KIND_IMP, skip=("tobago",)))
    g.state[L.G_SLOT_FOG + s2] = 0
    begin_turn(g, L.SP_START)
    g.step(f"sail:s{s1}")
    g.step(f"sail:s{s2}")
    g.step("stop")
    assert fog(g, s1) == 1 and get(g, "SLOT_COINS")[s1] == 2   # still facedown, its doubloons there
    assert "gain_ruby" not in finish_turn(g)
    assert get(g, "RUBIES", 0) == 0


def _line(g):
    """Card slots a (column 1), b, c, each next to the one before."""
    for a in col_slots(g, 1):
        for b in neighbours(g, a):
            if b < L.N_SLOTS:
                for c in neighbours(g, b):
                    if c < L.N_SLOTS and c != a:
                        return a, b, c
    raise LookupError


def test_fowl_06_ruby_05_jordan_turns_up_tobago_on_his_way_and_gains_a_ruby_on_bonaire():
    """Round 2: Jordan sails over facedown Tobago onto facedown Bonaire. "Whenever
    Jordan sails onto or over a facedown Location card, flip it faceup and return
    all doubloons on it to the supply. Jordan then gains 1/3/5 points" (round 2:
    3 each, +6); "Jordan also gains 1 Ruby on a Location with a Ruby Supply
    Tile": on Bonaire, where he stops, not on Tobago, which he passed."""
    g = mgame(1, seed=1, fog_locations=True, rubies=True)
    a, b, c = _line(g)
    move_card_to(g, "tobago", a)
    move_card_to(g, "bonaire", c)
    place_card(g, b, a_card_of_kind(g, KIND_IMP))
    assert (slot_of(g, "tobago"), slot_of(g, "bonaire")) == (a, c)
    only_facedown(g, {a: 2, c: 1})
    put(g, "ROUND", 2)
    put(g, "SHIP", L.SP_START, player=JORDAN)
    put(g, "RUBIES", 0, player=JORDAN)
    vp, human_coins = get(g, "VP", JORDAN), get(g, "COINS", HUMAN)
    J.jordan_move(g.state, g._cat, c)
    assert get(g, "SHIP", JORDAN) == c
    assert fog(g, a) == 0 and fog(g, c) == 0
    assert get(g, "SLOT_COINS")[a] == 0 and get(g, "SLOT_COINS")[c] == 0
    assert get(g, "COINS", JORDAN) == 0 and get(g, "COINS", HUMAN) == human_coins   # to the supply
    assert get(g, "VP", JORDAN) == vp + 6
    assert get(g, "RUBIES", JORDAN) == 1


# ---- Pirate Skirmish + Quest Hunters --------------------------------------------------------------
def test_skir_04_qh_01_combat_on_aruba_then_a_quest_from_a_market_of_three():
    """A ends on Aruba (a quest Location) where B's ship is: A pays B 1 (MOVE-08),
    then combat: A rolls 5 + 2 = 7 against B's 6, gains 2 VP and takes 1 doubloon
    from B; then Aruba's quest: with Quest Hunters "Place 3 Quest cards into the
    Quest Market at all times", so A picks among 3 market cards (or the deck) and
    the market holds 3 again."""
    g = mgame(2, seed=30, skirmish=True, quest_hunters=True)
    s = slot_of(g, "aruba")
    put(g, "SHIP", s, player=1)
    put(g, "RAID_POW", 2, player=0)
    put(g, "COINS", 10, player=0)
    put(g, "COINS", 0, player=1)
    market, deck_n, qn = get(g, "QMARKET"), get(g, "QDECK_N"), get(g, "QN", 0)
    assert get(g, "QMARKET_N") == 3 and all(q >= 0 for q in market)
    begin_turn(g, L.SP_START)
    force_rolls(g, 5, 6)                                          # A (seat 0), then B
    land(g, s)
    assert (get(g, "VP", 0), get(g, "VP", 1)) == (2, 0)
    assert (get(g, "COINS", 0), get(g, "COINS", 1)) == (10, 0)
    decline_until(g, "effect:0")
    g.step("effect:0")                                            # Aruba's quest action
    assert g.phase == "quest"
    assert {"quest_deck", "quest_market:0", "quest_market:1", "quest_market:2"} <= set(names(g))
    g.step("quest_market:2")
    assert get(g, "QN", 0) == qn + 1 and market[2] in get(g, "QHAND", 0)
    new = get(g, "QMARKET")
    assert new[:2] == market[:2] and new[2] >= 0 and new[2] not in market
    assert get(g, "QDECK_N") == deck_n - 1


def _solo_quest_card(g):
    """An A solo card whose first main action is the Quest action."""
    c = g.catalog
    for k in range(int(c.field("J_N_CARDS")[0])):
        if int(c.field("J_LETTER")[k]) == 0 and int(c.field("J_ACT")[k * 6]) == JA_QUEST:
            return k
    raise LookupError


def test_skir_05_qh_01_solo_22_jordan_fights_on_aruba_then_takes_the_rightmost_of_three():
    """Jordan sails to Aruba, where the human's ship is: the human takes 1 doubloon
    from the supply (SOLO-09); combat: the human rolls 3, Jordan 4 + round 1 = 5
    and wins "5 points but no coins"; then his quest action: "Jordan gains the
    right-most quest ... sliding the remaining Quest card over and drawing a new
    card faceup next to the deck" -- with Quest Hunters' market of 3, the third."""
    g = mgame(1, seed=31, skirmish=True, quest_hunters=True)
    clear_caribbean(g)
    put(g, "J_UPG", int(g.catalog.field("J_N_SLOTS")[0]))       # his board full: no Upgrade effect
    s = slot_in_column(g, 1, 0)
    place_card(g, s, "aruba")
    put(g, "SHIP", s, player=HUMAN)
    put(g, "COINS", 10, player=HUMAN)
    put(g, "ROUND", 1)
    m0, m1, m2 = get(g, "QMARKET")
    top = int(g.state[L.G_QDECK + get(g, "QDECK_N") - 1])
    qn, vp = get(g, "QN", JORDAN), get(g, "VP", JORDAN)
    d = get(g, "J_DRAWN") % L.J_DECK_N
    put(g, "J_DRAWN", d)
    g.state[L.G_J_DECK + d] = _solo_quest_card(g)
    force_rolls(g, 3, 4)                                          # the human (seat 0), then Jordan
    K.push(g.state, K.OP_MOVE, 0, 0, 0)
    J.jordan_turn(g.state, g._cat)
    assert get(g, "SHIP", JORDAN) == s
    assert get(g, "COINS", HUMAN) == 11 and get(g, "COINS", JORDAN) == 0
    assert get(g, "VP", JORDAN) == vp + 5 and get(g, "VP", HUMAN) == 0
    assert get(g, "QN", JORDAN) == qn + 1 and get(g, "QHAND", JORDAN)[qn] == m2
    assert get(g, "QMARKET") == [top, m0, m1]


# ---- Retirement in the solo game ---------------------------------------------------------------
def _spot(g):
    """The Residence Discount tile's track space, the space before it and after it."""
    t = g.catalog.data.board.track
    key = next(x.key for x in t if x.retirement)
    before = next(x.key for x in t if key in x.next)
    after = next(x for x in t if x.key == key).next[0]
    return key, before, after


def _residences(g):
    return [s for s, c in enumerate(get(g, "SLOT_CARD")) if c >= 0 and kind_of(g, c) == KIND_RES]


def _with_cost(g, s, printed):
    """Play on with the Residence in slot s printing cost `printed`."""
    c = get(g, "SLOT_CARD")[s]
    g._cat = g._cat.copy()
    g._cat[int(g.catalog.field("CARD_COST").ctypes.data - g.catalog.array.ctypes.data) // 4 + c] = printed


def test_ret_02_ret_03_res_02_solo_retiring_onto_jordans_residence_pays_half_no_first_token_vp():
    """In solo the human retires as usual: "they must immediately buy a Residence
    at half price" (printed 15, no discount -> 8) "Then move your Explorer back
    to the starting location". The Residence may hold Jordan's token (only one's
    own token excludes it, RES-03); then it is not the first token there, so no
    +2 VP (RES-02). On a Residence without tokens the +2 VP comes."""
    for jordans, gain in ((True, 0), (False, 2)):
        g = mgame(1, seed=20, retirement=True)
        key, before, _ = _spot(g)
        rs = _residences(g)[0]
        if jordans:
            g.state[L.G_SLOT_RES + rs] = 1 << JORDAN
            put(g, "NRES", 1, player=JORDAN)
        _with_cost(g, rs, 15)
        put(g, "DISCOUNT", 0, player=HUMAN)
        put(g, "COINS", 30, player=HUMAN)
        vp = get(g, "VP", HUMAN)
        put(g, "EXPL", g.catalog.track_keys.index(before), player=HUMAN)
        open_decision(g, K.OP_EXPLORE, 1)
        g.step(f"explore:{key}")
        assert g.phase == "retire" and "pass" not in names(g) and f"retire:s{rs}" in names(g)
        g.step(f"retire:s{rs}")
        assert get(g, "COINS", HUMAN) == 30 - 8
        assert get(g, "VP", HUMAN) == vp + gain
        assert get(g, "SLOT_RES")[rs] == (1 << HUMAN) | ((1 << JORDAN) if jordans else 0)
        assert get(g, "EXPL", HUMAN) == 0 and get(g, "RETIRED", HUMAN) == 1


def test_ret_06_ret_07_solo_jordan_stops_on_the_tile_the_human_skips_it():
    """Jordan's explorer treats the tile as a normal space (RET-06 default): moved
    1 onto it, he stays there, builds nothing, pays nothing and takes his level-1
    explore points (3, SOLO-21). The human's explorer then skips the space his
    explorer occupies ("Spaces occupied by opposing Explorers are skipped over"),
    so it cannot stop on the tile and nothing is bought."""
    g = mgame(1, seed=25, retirement=True)
    key, before, after = _spot(g)
    tile = g.catalog.track_keys.index(key)
    put(g, "EXPL", g.catalog.track_keys.index(before), player=JORDAN)
    vp = get(g, "VP", JORDAN)
    J.jordan_explore(g.state, g._cat, 1)
    assert get(g, "EXPL", JORDAN) == tile
    assert get(g, "VP", JORDAN) == vp + 3
    assert get(g, "NRES", JORDAN) == 0 and get(g, "RETIRED", JORDAN) == 0 and get(g, "COINS", JORDAN) == 0
    put(g, "COINS", 30, player=HUMAN)
    put(g, "EXPL", g.catalog.track_keys.index(before), player=HUMAN)
    open_decision(g, K.OP_EXPLORE, 1)
    choices = {n[8:] for n in names(g) if n.startswith("explore:")}
    assert key not in choices and after in choices
    g.step(f"explore:{after}")
    assert g.phase != "retire" and get(g, "RETIRED", HUMAN) == 0
    assert get(g, "COINS", HUMAN) == 30 and get(g, "NRES", HUMAN) == 0
    assert not np.any(g.state[L.G_SLOT_RES:L.G_SLOT_RES + L.N_SLOTS] & (1 << HUMAN))

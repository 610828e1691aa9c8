"""Rule tests: §11.2 permanent effects (PERM-01..10), §11.3 new village actions
(NVA-01..04, TV-56), §11.4 new combat actions (NCA-01/02) and the cost
reduction vectors BUY-08 / TV-53.

States are built with tests/helpers.py. The effects under test are written onto
a few project cards through a private copy of the catalog (make_catalog), so
the tests do not depend on the reconstructed card data; every decision is
stepped through Game.step by name. The helpers at the top are shared with
tests/maracaibo/test_assistants.py and tests/maracaibo/test_careers_prestige_synergy.py.
"""
from __future__ import annotations

import pytest

from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import enums as E, layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG, Q_COSTS, Q_REWARDS
from maracaibo_env.maracaibo.core.combat import unpack
from maracaibo_env.maracaibo.core.common import push

from helpers import (own, new_game, finish_setup, get, put, refresh, resume, at_main, at_phase,
                     set_hand, set_tableau, cards_with_symbol, custom_catalog, check)

FR, EN, SP = 0, 1, 2
BASE = load_catalog()
GOODS = BASE.goods_keys
SYN = BASE.synergy_keys
C1, C2, C3, C4, C5 = 150, 151, 152, 153, 154   # card ids whose data a test rewrites
CUSTOM = (C1, C2, C3, C4, C5)


# ================================================================== shared helpers
def lk(key) -> int:
    """Location index of a printed location key."""
    return BASE.loc_keys.index(str(key))


def make_catalog(cards=None, careers=None, **extra):
    """A private copy of the shipped catalog with some cards / careers redefined.

    cards: {id: dict(cost=0, symbol="telescope", vp=0, syn=[names],
                     effects=[(kind, arg, amount, cond)], reqs=[(kind, arg)])}
    (effect / requirement slots not named are cleared);
    careers: {c: [(kind, arg, low, high, doubloons, vp)] * 3} (arg is unused; a
    barrier task's thresholds count barriers crossed: 1 red, 2 blue, 3 green);
    extra: raw field edits as for custom_catalog."""
    ed = {}

    def setf(name, i, v):
        ed.setdefault(name, {})[i] = v

    for cid, c in (cards or {}).items():
        setf("CARD_COST", cid, c.get("cost", 0))
        setf("CARD_SYMBOL", cid, GOODS.index(c.get("symbol", "telescope")))
        setf("CARD_VP", cid, c.get("vp", 0))
        setf("CARD_SYN", cid, sum(1 << SYN.index(s) for s in c.get("syn", [])))
        effs = c.get("effects", [])
        for k in range(4):
            kind, arg, amt, cond = effs[k] if k < len(effs) else ("none", 0, 0, -1)
            setf("CARD_EFF", cid * 4 + k, E.EFFECTS.index(kind))
            setf("CARD_EFF_ARG", cid * 4 + k, arg)
            setf("CARD_EFF_AMT", cid * 4 + k, amt)
            setf("CARD_EFF_COND", cid * 4 + k, cond)
        reqs = c.get("reqs", [])
        for k in range(3):
            kind, arg = reqs[k] if k < len(reqs) else ("none", 0)
            setf("CARD_REQ", cid * 3 + k, E.REQUIREMENTS.index(kind))
            setf("CARD_REQ_ARG", cid * 3 + k, arg)
    for c, tasks in (careers or {}).items():
        for t, (kind, arg, low, high, dbl, vp) in enumerate(tasks):
            o = c * 3 + t
            setf("CAR_KIND", o, E.CAREER_TASKS.index(kind))
            setf("CAR_LOW", o, low)
            setf("CAR_HIGH", o, high)
            setf("CAR_DBL", o, dbl)
            setf("CAR_VP", o, vp)
    for k, v in extra.items():
        ed.setdefault(k, {}).update(v)
    return custom_catalog(**ed)


def game(n=2, seed=1, cards=None, careers=None, **extra):
    """A finished set-up with a private catalog copy (cat_set may edit it)."""
    return finish_setup(new_game(n, seed=seed, catalog=make_catalog(cards, careers, **extra)))


def cat_set(g, name, i, v):
    """Edit this game's private catalog copy (never the shared one)."""
    assert g._cat is not BASE.array
    off, size = CATALOG[name]
    assert 0 <= i < size
    g._cat[off + i] = v


def eff(kind, arg=0, amt=0, cond=-1):
    return dict(effects=[(kind, arg, amt, cond)])


def goods(g, symbol, n):
    """n card ids showing symbol (never the rewritten cards)."""
    out = cards_with_symbol(g, symbol, n, exclude=CUSTOM)
    assert len(out) == n
    return out


def hand(g, p):
    return [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]


def tableau(g, p):
    return [int(c) for c in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)]]


def supply(g, p, k):
    """Player p has k figures in the personal supply (the rest from / to the
    general supply, so the 8 figures are conserved)."""
    d = k - get(g, "FIG_SUPPLY", p)
    assert get(g, "FIG_GENERAL", p) - d >= 0
    put(g, "FIG_SUPPLY", k, p)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) - d, p)


def add_assistant(g, p, key, n=1):
    """n figures of p from the general supply onto location key as assistants."""
    assert get(g, "FIG_GENERAL", p) >= n
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", p) - n, p)
    put(g, "FIG_BOARD", get(g, "FIG_BOARD", p) + n, p)
    put(g, "ASSIST", get(g, "ASSIST", p)[lk(key)] + n, p, index=lk(key))


def give_tokens(g, p, k):
    """k combat tokens from pile 0 onto p's ship board."""
    n = get(g, "TPILE_N")
    assert n[0] >= k
    for i in range(k):
        put(g, "TPILE0", -1, index=int(n[0]) - 1 - i)
    put(g, "TPILE_N", int(n[0]) - k, index=0)
    put(g, "TOKENS", get(g, "TOKENS", p) + k, p)


def give_quests(g, p, k):
    """k quest tiles from the pile onto p's quest track."""
    n = get(g, "QPILE_N")
    assert n >= k
    for i in range(k):
        put(g, "QPILE", -1, index=n - 1 - i)
    put(g, "QPILE_N", n - k)
    put(g, "QUESTS", get(g, "QUESTS", p) + k, p)


def complete_areas(g, p, areas):
    """Ship-board areas completed (both discs out of the game)."""
    for a in areas:
        i = E.SHIP_AREAS.index(a) if isinstance(a, str) else a
        assert get(g, "DISCS", p)[i] == 2
        put(g, "DISCS", 0, p, index=i)
        put(g, "DISCS_OUT", get(g, "DISCS_OUT", p) + 2, p)
        put(g, "UPGRADES", get(g, "UPGRADES", p) | (1 << i), p)


def set_synergy(g, p, *names):
    put(g, "SYNERGY", sum(1 << SYN.index(s) for s in names), p)


def set_vp(g, p, v):
    """VP set by hand, booked as 'other' so the VP sources still add up."""
    other = L.VP_SOURCES.index("other")
    put(g, "VP_SRC", get(g, "VP_SRC", p)[other] + v - get(g, "VP", p), p, index=other)
    put(g, "VP", v, p)


def src(g, p, name):
    return int(get(g, "VP_SRC", p)[L.VP_SOURCES.index(name)])


def run_task(g, op, p, a=0, b=0):
    """Start a sub-decision the way a main action would (main_done below it)."""
    put(g, "CUR", p)
    put(g, "TURN_P", p)
    push(g.state, K.OP_MAIN_DONE, p, 0, 0)
    push(g.state, E.OPS.index(op), p, a, b)
    resume(g)


def legal(g):
    return set(g.legal_action_names())


def empty_piles(g):
    """Both combat-token piles empty: every nation's combat value is 3 (CON-08)."""
    put(g, "TOKENS_OUT", get(g, "TOKENS_OUT") + int(get(g, "TPILE_N").sum()))
    put(g, "TPILE_N", [0, 0])
    put(g, "TPILE0", -1)
    put(g, "TPILE1", -1)


def combat_value(g):
    stk = get(g, "STK").reshape(L.STACK_CAP, L.STACK_W)[: get(g, "STK_N")]
    rows = [r for r in stk if r[0] == K.OP_COMBAT]
    assert rows, "no Combat in progress"
    return int(unpack(int(rows[-1][3]))[3])


def quest_here(g, key, costs=(), rewards=()):
    """The pile's top quest tile onto location key, its cost items
    (kind, symbol-or-0, amount) and reward items (kind, amount) rewritten in
    this game's catalog copy; returns the board slot."""
    n = get(g, "QPILE_N")
    t = int(get(g, "QPILE")[n - 1])
    put(g, "QPILE", -1, index=n - 1)
    put(g, "QPILE_N", n - 1)
    slot = [k for k, x in enumerate(get(g, "BQ_TILE")) if x < 0][0]
    put(g, "BQ_TILE", t, index=slot)
    put(g, "BQ_LOC", lk(key), index=slot)
    put(g, "BQ_AGE", 0, index=slot)
    for i in range(Q_COSTS):
        kind, arg, amt = costs[i] if i < len(costs) else ("none", 0, 0)
        cat_set(g, "Q_COST", t * Q_COSTS + i, E.QUEST_COSTS.index(kind))
        cat_set(g, "Q_COST_ARG", t * Q_COSTS + i, GOODS.index(arg) if isinstance(arg, str) else arg)
        cat_set(g, "Q_COST_AMT", t * Q_COSTS + i, amt)
    for i in range(Q_REWARDS):
        kind, amt = rewards[i] if i < len(rewards) else ("none", 0)
        cat_set(g, "Q_REW", t * Q_REWARDS + i, E.QUEST_REWARDS.index(kind))
        cat_set(g, "Q_REW_AMT", t * Q_REWARDS + i, amt)
    refresh(g)
    return slot


def take_village_doubloons(g, p):
    """Take 'vil:doubloon' until p's village batch ends; the number taken."""
    k = 0
    while g.phase == "village" and g.current_player == p:
        g.step("vil:doubloon")
        k += 1
    return k


def main_over(g, p=0):
    """p's main action is over: back in Phase B (or, with nothing left to do
    there, on to drawing in Phase C)."""
    return g.current_player == p and g.phase in ("main", "draw") and get(g, "MAIN_DONE") == 1


MAP, BOOK, HERBS = GOODS.index("map"), GOODS.index("book"), GOODS.index("herbs")


# ================================================================== PERM-01
def _map_quest(n_perm):
    cards = {C1 + i: eff("perm_object", MAP) for i in range(n_perm)}
    g = game(cards=cards)
    set_tableau(g, 0, list(cards))
    maps, sugar = goods(g, "map", 2), goods(g, "sugar", 1)
    set_hand(g, 0, maps + sugar)
    slot = quest_here(g, "9", costs=[("objects", "map", 2)], rewards=[("vp", 3)])
    at_main(g, 0, "9")
    d0 = get(g, "DISCARD_N")
    g.step(f"main:quest:{slot}")
    return g, maps, sugar, d0


def test_perm_01_permanent_map_pays_one_of_two_maps():
    g, maps, sugar, d0 = _map_quest(1)
    assert g.phase == "pay" and own(g) == {"pay:hand0", "pay:hand1"}  # one map to pay
    g.step("pay:hand1")
    assert hand(g, 0) == [maps[0]] + sugar
    assert get(g, "DISCARD_N") == d0 + 1
    assert tableau(g, 0) == [C1]  # the permanent card is never discarded
    assert get(g, "QUESTS", 0) == 1 and get(g, "VP", 0) == 3
    check(g)


def test_perm_01_two_permanent_maps_pay_both_and_stack():
    g, maps, sugar, d0 = _map_quest(2)
    assert main_over(g)
    assert hand(g, 0) == maps + sugar and get(g, "DISCARD_N") == d0
    assert sorted(tableau(g, 0)) == [C1, C2]
    assert get(g, "QUESTS", 0) == 1 and get(g, "VP", 0) == 3
    check(g)


def test_perm_01_without_the_card_both_maps_are_paid():
    g, maps, sugar, d0 = _map_quest(0)
    assert hand(g, 0) == sugar and get(g, "DISCARD_N") == d0 + 2
    assert get(g, "VP", 0) == 3


def test_perm_01_objects_only_not_goods():
    """A 'permanent sugar' would not lower a goods cost: goods are always paid."""
    g = game(cards={C1: eff("perm_object", GOODS.index("sugar"))})
    set_tableau(g, 0, [C1])
    sugar = goods(g, "sugar", 2)
    set_hand(g, 0, sugar)
    slot = quest_here(g, "9", costs=[("goods", "sugar", 2)], rewards=[("vp", 1)])
    at_main(g, 0, "9")
    g.step(f"main:quest:{slot}")
    assert hand(g, 0) == [] and get(g, "VP", 0) == 1


def _herb_card_game(n_perm, n_herbs):
    cards = {C1: dict(cost=0, symbol="sugar", reqs=[("herbs", 3)])}
    for i in range(n_perm):
        cards[C2 + i] = eff("perm_object", HERBS)
    g = game(cards=cards)
    set_tableau(g, 0, [C2 + i for i in range(n_perm)])
    herbs = goods(g, "herbs", n_herbs)
    set_hand(g, 0, [C1] + herbs)
    run_task(g, "village", 0, 1, 1)
    return g, herbs


def test_perm_01_req_04_herbs_requirement_lowered_by_permanent_herbs():
    g, herbs = _herb_card_game(1, 3)
    d0 = get(g, "DISCARD_N")
    g.step("buy:hand:hand0")
    assert g.phase == "pay" and own(g) == {"pay:hand0", "pay:hand1", "pay:hand2"}
    g.step("pay:hand0")
    g.step("pay:hand0")
    assert hand(g, 0) == [herbs[2]] and get(g, "DISCARD_N") == d0 + 2
    assert C1 in tableau(g, 0)
    check(g)
    # 2 herbs + 1 permanent herbs card are enough; 1 herb is not
    g2, _ = _herb_card_game(1, 2)
    assert "buy:hand:hand0" in legal(g2)
    g3, _ = _herb_card_game(1, 1)
    assert "buy:hand:hand0" not in legal(g3)


def test_perm_01_req_04_three_herbs_without_permanent_card():
    g, herbs = _herb_card_game(0, 3)
    d0 = get(g, "DISCARD_N")
    g.step("buy:hand:hand0")
    assert hand(g, 0) == [] and get(g, "DISCARD_N") == d0 + 3  # all three, forced
    g2, _ = _herb_card_game(0, 2)
    assert "buy:hand:hand0" not in legal(g2)


# ================================================================== PERM-02
def test_perm_02_buy_08_tv_53_reductions_stack_floor_zero():
    cards = {C1: eff("perm_discount", 0, 1), C2: eff("perm_discount", 0, 1),
             C3: dict(cost=5, reqs=[("figure", 0)]), C4: dict(cost=1)}
    g = game(cards=cards)
    set_tableau(g, 0, [C1, C2])
    set_hand(g, 0, [C3, C4])
    put(g, "DOUBLOONS", 10, 0)
    supply(g, 0, 2)
    gen = get(g, "FIG_GENERAL", 0)
    run_task(g, "village", 0, 2, 1)
    g.step("buy:hand:hand0")                  # cost 5 - 2 = 3, and 1 figure returned
    assert get(g, "DOUBLOONS", 0) == 7
    assert get(g, "FIG_SUPPLY", 0) == 1 and get(g, "FIG_GENERAL", 0) == gen + 1
    g.step("buy:hand:hand0")                  # cost 1 - 2 -> 0 (TV-53)
    assert get(g, "DOUBLOONS", 0) == 7
    assert tableau(g, 0) == [C1, C2, C3, C4]
    check(g)


def test_perm_02_buy_05_reduction_lets_you_buy_with_less_money():
    cards = {C1: eff("perm_discount", 0, 2), C3: dict(cost=4)}
    g = game(cards=cards)
    set_hand(g, 0, [C3])
    put(g, "DOUBLOONS", 2, 0)
    run_task(g, "village", 0, 1, 1)
    assert "buy:hand:hand0" not in legal(g)   # no discount: 4 > 2
    g = game(cards=cards)
    set_tableau(g, 0, [C1])
    set_hand(g, 0, [C3])
    put(g, "DOUBLOONS", 2, 0)
    run_task(g, "village", 0, 1, 1)
    g.step("buy:hand:hand0")
    assert get(g, "DOUBLOONS", 0) == 0


@pytest.mark.parametrize("disc,money,left", [(0, None, None), (2, 0, 0), (20, 0, 0)])
def test_perm_02_also_lowers_prestige_investments(disc, money, left):
    cards = {C1: eff("perm_discount", 0, disc)} if disc else {}
    cost = 7  # every building costs 7 here (the shipped costs are reconstructed)
    g = game(cards=cards, PRE_COST={b: cost for b in range(len(E.BUILDINGS))})
    if disc:
        set_tableau(g, 0, [C1])
    supply(g, 0, 1)
    have = max(cost - disc, 0) if disc else cost - 1
    put(g, "DOUBLOONS", have, 0)
    run_task(g, "village", 0, 1, 1)
    if not disc:
        assert "invest:0" not in legal(g)     # one doubloon short
        return
    g.step("invest:0")
    assert get(g, "DOUBLOONS", 0) == left and get(g, "FIG_PRESTIGE", 0) == 1
    check(g)


# ================================================================== PERM-03
def test_perm_03_cp_before_a_combat_from_a_quest_reward_stacks_and_caps():
    cards = {C1: eff("perm_combat_cp"), C2: eff("perm_combat_cp")}
    for cp, expect in ((3, 5), (7, 8), (8, 8)):
        g = game(cards=cards)
        set_tableau(g, 0, [C1, C2])
        put(g, "CP", cp, 0)
        slot = quest_here(g, "9", costs=[("doubloons", 0, 1)], rewards=[("combat", 0)])
        at_main(g, 0, "9")
        g.step(f"main:quest:{slot}")
        # the Combat has started: +1 CP per card before the token is drawn
        assert g.phase == "combat_pile" and get(g, "CP", 0) == expect


# ================================================================== PERM-04
@pytest.mark.parametrize("n_cards,vp", [(0, 2), (1, 4), (2, 6)])
def test_perm_04_compass_cards_multiply_quest_rewards(n_cards, vp):
    cards = {C1 + i: eff("perm_compass") for i in range(n_cards)}
    g = game(cards=cards)
    set_tableau(g, 0, list(cards))
    slot = quest_here(g, "9", costs=[("doubloons", 0, 1)], rewards=[("per_compass_vp", 2)])
    at_main(g, 0, "9")
    g.step(f"main:quest:{slot}")
    assert get(g, "VP", 0) == vp and src(g, 0, "quests") == vp


# ================================================================== PERM-05
def _explore(n_perm, n=2, **cards_extra):
    cards = {C1 + i: eff("perm_explorer") for i in range(n_perm)}
    cards.update(cards_extra)
    g = game(cards=cards)
    set_tableau(g, 0, [C1 + i for i in range(n_perm)])
    run_task(g, "explore", 0, n)
    return g


def test_perm_05_one_extra_space_only_the_stop_space_pays():
    base = _explore(0)
    assert own(base) == {"explore:s1", "explore:s2", "pass"}
    g = _explore(1)
    assert own(g) == {"explore:s1", "explore:s2", "explore:s3", "pass"}
    d, cp = get(g, "DOUBLOONS", 0), get(g, "CP", 0)
    g.step("explore:s2")                      # s1 pays 2 doubloons, s2 1 CP
    assert get(g, "EXPLORER", 0) == 2
    assert get(g, "CP", 0) == cp + 1 and get(g, "DOUBLOONS", 0) == d
    check(g)


def test_perm_05_two_cards_stack():
    g = _explore(2)
    assert "explore:s4" in legal(g) and "explore:s5" not in legal(g)


def test_perm_05_applies_to_every_explorer_move_nva_01():
    """EN/DE: every explorer movement (here NVA-01's 'up to 2') gets +1."""
    cards = {C1: eff("perm_explorer"), C2: eff("nva_maps_vp_explore")}
    g = game(cards=cards)
    set_tableau(g, 0, [C1, C2])
    set_hand(g, 0, goods(g, "map", 2))
    run_task(g, "village", 0, 1, 1)
    g.step("vil:nva:1")
    assert own(g) == {"explore:s1", "explore:s2", "explore:s3", "pass"}


# ================================================================== PERM-06
def _steal(p1_at, p0_at, p1_vp, with_card=True, dest="s2"):
    g = game(cards={C1: eff("perm_steal_vp")})
    if with_card:
        set_tableau(g, 0, [C1])
    put(g, "EXPLORER", int(p0_at), 0)
    put(g, "EXPLORER", int(p1_at), 1)
    set_vp(g, 1, p1_vp)
    return g


def test_perm_06_jumping_an_explorer_steals_1_vp():
    g = _steal(1, 0, 5)
    run_task(g, "explore", 0, 2)
    assert own(g) == {"explore:s2", "explore:s3", "pass"}  # s1 is jumped, does not count
    g.step("explore:s2")
    assert get(g, "VP", 0) == 1 and get(g, "VP", 1) == 4
    assert src(g, 0, "explorer") == 1
    check(g)


def test_perm_06_no_steal_from_a_player_with_0_vp_or_without_the_card():
    g = _steal(1, 0, 0)
    run_task(g, "explore", 0, 2)
    g.step("explore:s2")
    assert get(g, "VP", 0) == 0 and get(g, "VP", 1) == 0
    g = _steal(1, 0, 5, with_card=False)
    run_task(g, "explore", 0, 2)
    g.step("explore:s2")
    assert get(g, "VP", 0) == 0 and get(g, "VP", 1) == 5


def test_perm_06_explorer_on_an_emptied_quest_space_is_robbed_too():
    g = _steal(6, 5, 5)
    qi = 0
    assert int(g._cat[CATALOG["EXP_QUEST"][0] + 6]) == qi
    t = int(get(g, "EXQ_TILE")[qi])          # empty the quest space (tile back to the pile)
    put(g, "EXQ_TILE", -1, index=qi)
    n = get(g, "QPILE_N")
    put(g, "QPILE", t, index=n)
    put(g, "QPILE_N", n + 1)
    check(g)
    run_task(g, "explore", 0, 2)
    assert "explore:s7" in legal(g) and "explore:s6" not in legal(g)
    g.step("explore:s7")                      # s7 pays 2 VP
    assert get(g, "VP", 0) == 2 + 1 and get(g, "VP", 1) == 4
    check(g)


# ================================================================== PERM-07
def _income_game(what=0, n_cards=1, assistants=1):
    cards = {C1 + i: eff("perm_assistant_income", what) for i in range(n_cards)}
    g = game(cards=cards)
    set_tableau(g, 0, list(cards))
    add_assistant(g, 0, "9", assistants)
    return g


def _sail(g, p, frm, action):
    put(g, "SHIP", lk(frm), p)
    at_phase(g, p, "sail")
    g.step(action)


def test_perm_07_assistant_location_income_any_ship_stopping():
    g = _income_game()
    _sail(g, 1, "8", "sail:9:mp1")           # another player stops at 9
    assert get(g, "VP", 0) == 1 and src(g, 0, "assistants") == 1
    g2 = _income_game()
    _sail(g2, 0, "8", "sail:9:mp1")          # you yourself
    assert get(g2, "VP", 0) == 1
    check(g2)


def test_perm_07_once_per_event_however_many_assistants():
    g = _income_game(assistants=2)
    _sail(g, 1, "8", "sail:9:mp1")
    assert get(g, "VP", 0) == 1


def test_perm_07_doubloon_card_and_passing_through_pays_nothing():
    g = _income_game(what=1)
    d = get(g, "DOUBLOONS", 0)
    _sail(g, 1, "8", "sail:9:mp1")
    assert get(g, "DOUBLOONS", 0) == d + 2 and get(g, "VP", 0) == 0
    g = _income_game()
    _sail(g, 1, "8", "sail:10:mp2")          # 8 -> 9 -> 10: passes 9 without stopping
    assert get(g, "VP", 0) == 0
    g = _income_game()
    put(g, "ASSIST", 0, 0, index=lk("9"))   # no assistant there: nothing
    put(g, "ASSIST", 1, 0, index=lk("7"))
    _sail(g, 1, "8", "sail:9:mp1")
    assert get(g, "VP", 0) == 0


def test_perm_07_two_cards_stack():
    g = _income_game(n_cards=2)
    _sail(g, 1, "8", "sail:9:mp1")
    assert get(g, "VP", 0) == 2


# ================================================================== PERM-08
def test_perm_08_figure_for_2_cp_as_often_as_you_like_cap_8():
    g = game(cards={C1: eff("perm_figure_cp")})
    set_tableau(g, 0, [C1])
    supply(g, 0, 3)
    put(g, "CP", 3, 0)
    at_main(g, 0, "9")
    gen = get(g, "FIG_GENERAL", 0)
    g.step("free:figure:cp")
    assert get(g, "CP", 0) == 5 and get(g, "FIG_SUPPLY", 0) == 2
    assert get(g, "FIG_GENERAL", 0) == gen + 1
    g.step("free:figure:cp")
    assert get(g, "CP", 0) == 7
    g.step("free:figure:cp")                  # 7 + 2 -> 8: the extra point is lost
    assert get(g, "CP", 0) == 8 and get(g, "FIG_SUPPLY", 0) == 0
    assert "free:figure:cp" not in legal(g)   # no figure left
    assert g.phase == "main" and get(g, "MAIN_DONE") == 0  # a free action
    check(g)


def test_perm_08_needs_the_card():
    g = game()
    supply(g, 0, 3)
    at_main(g, 0, "9")
    assert "free:figure:cp" not in legal(g)


def test_perm_08_also_during_a_combat():
    g = game(cards={C1: eff("perm_figure_cp")})
    set_tableau(g, 0, [C1])
    empty_piles(g)
    supply(g, 0, 2)
    put(g, "CP", 0, 0)
    run_task(g, "combat", 0, -1, 0)
    g.step("cb:nation:france")
    assert "free:figure:cp" in legal(g)
    g.step("free:figure:cp")
    assert get(g, "CP", 0) == 2 and combat_value(g) == 3 and g.phase == "combat"


# ================================================================== PERM-09
def test_perm_09_two_cards_of_the_fighting_nation_stack():
    g = game(cards={C1: eff("perm_nation_cp", EN), C2: eff("perm_nation_cp", EN)})
    set_tableau(g, 0, [C1, C2])
    empty_piles(g)
    put(g, "CP", 1, 0)
    run_task(g, "combat", 0, -1, 0)
    g.step("cb:nation:england")
    assert get(g, "CP", 0) == 5


# ================================================================== PERM-10
def _village_combat(with_card):
    g = game(cards={C1: eff("perm_displace_vp")})
    if with_card:
        set_tableau(g, 0, [C1])
    complete_areas(g, 0, ["village_annex"])
    empty_piles(g)
    put(g, "CP", 2, 0)
    run_task(g, "combat", 0, -1, 0)
    g.step("cb:nation:france")
    g.step("cb:cp")
    g.step("cb:cp")                            # value 5
    return g


def test_perm_10_displacing_in_a_village_scores_3_vp():
    g = _village_combat(True)
    assert get(g, "LOC_MARKER")[lk("7")] == EN  # 2p set-up: an English marker at 7
    g.step("cb:village:7")
    assert get(g, "LOC_MARKER")[lk("7")] == FR
    assert get(g, "VP", 0) == 3 and src(g, 0, "combat") == 3
    check(g)


def test_perm_10_annexing_an_empty_village_scores_nothing():
    g = _village_combat(True)
    g.step("cb:village:9")
    assert get(g, "VP", 0) == 0
    g = _village_combat(False)
    g.step("cb:village:7")
    assert get(g, "VP", 0) == 0


# ================================================================== NVA
def _nva(effects, hand_cards_fn, n=2, main=1, **fields):
    cards = {C1 + i: dict(effects=[e]) for i, e in enumerate(effects)}
    g = game(cards=cards)
    set_tableau(g, 0, list(cards))
    set_hand(g, 0, hand_cards_fn(g))
    for k, v in fields.items():
        put(g, k, v, 0)
    run_task(g, "village", 0, n, main)
    return g


def test_nva_01_two_maps_for_2_vp_and_explorer_2_as_last_action():
    g = _nva([("nva_maps_vp_explore", 0, 0, -1)], lambda g: goods(g, "map", 2) + goods(g, "sugar", 1))
    assert "vil:nva:1" in legal(g) and "vil:nva:2" not in legal(g)
    g.step("vil:nva:1")
    assert [GOODS[int(g._cat[CATALOG["CARD_SYMBOL"][0] + c])] for c in hand(g, 0)] == ["sugar"]
    assert get(g, "VP", 0) == 2
    assert own(g) == {"explore:s1", "explore:s2", "pass"}
    g.step("explore:s2")
    assert get(g, "EXPLORER", 0) == 2
    # the second village action is lost (last village action)
    assert main_over(g)
    check(g)


def test_nva_01_needs_two_maps_and_the_card():
    g = _nva([("nva_maps_vp_explore", 0, 0, -1)], lambda g: goods(g, "map", 1) + goods(g, "book", 2))
    assert "vil:nva:1" not in legal(g)
    g = _nva([], lambda g: goods(g, "map", 2))
    assert not any(a.startswith("vil:nva") for a in legal(g))


def test_nva_02_two_maps_for_3_doubloons_and_explorer_2():
    g = _nva([("nva_maps_doubloons_explore", 0, 0, -1)], lambda g: goods(g, "map", 2), DOUBLOONS=5)
    g.step("vil:nva:2")
    assert hand(g, 0) == [] and get(g, "DOUBLOONS", 0) == 8 and get(g, "VP", 0) == 0
    assert g.phase == "explore"
    g.step("explore:s1")                       # s1: 2 doubloons
    assert get(g, "DOUBLOONS", 0) == 10
    assert main_over(g)


def test_nva_03_tv_56_two_books_for_x_doubloons_x_vp_then_batch_ends():
    g = _nva([("nva_books", 0, 3, -1)], lambda g: goods(g, "book", 2), DOUBLOONS=5)
    g.step("vil:nva:3")
    assert hand(g, 0) == []
    assert get(g, "DOUBLOONS", 0) == 8 and get(g, "VP", 0) == 3
    # TV-56: 2 village actions, the first one NVA-03 -> the second is lost
    assert main_over(g)
    check(g)


def test_nva_03_permanent_book_lowers_the_cost():
    g = _nva([("nva_books", 0, 2, -1), ("perm_object", BOOK, 0, -1)],
             lambda g: goods(g, "book", 2) + goods(g, "sugar", 1))
    g.step("vil:nva:3")
    assert g.phase == "pay" and own(g) == {"pay:hand0", "pay:hand1"}
    g.step("pay:hand0")
    assert len(hand(g, 0)) == 2 and get(g, "VP", 0) == 2


def test_nva_04_two_identical_goods_for_4_doubloons_repeatable():
    g = _nva([("nva_goods_doubloons", 0, 0, -1)],
             lambda g: goods(g, "sugar", 2) + goods(g, "corn", 2), DOUBLOONS=0)
    g.step("vil:nva:4")
    assert g.phase == "choice" and own(g) == {"choice:0", "choice:2"}  # sugar or corn
    g.step("choice:0")
    assert get(g, "DOUBLOONS", 0) == 4 and len(hand(g, 0)) == 2
    assert g.phase == "village"               # not a last action: the batch goes on
    g.step("vil:nva:4")                        # only corn is left: paid at once
    assert get(g, "DOUBLOONS", 0) == 8 and hand(g, 0) == []
    assert main_over(g)
    check(g)


def test_nva_04_goods_only_not_objects():
    g = _nva([("nva_goods_doubloons", 0, 0, -1)],
             lambda g: goods(g, "map", 2) + goods(g, "sugar", 1) + goods(g, "corn", 1))
    assert "vil:nva:4" not in legal(g)


# ================================================================== NCA
def _combat(effects, syn=(), **fields):
    cards = {C1 + i: dict(effects=[e]) for i, e in enumerate(effects)}
    g = game(cards=cards)
    set_tableau(g, 0, list(cards))
    set_synergy(g, 0, *syn)
    empty_piles(g)
    for k, v in fields.items():
        put(g, k, v, 0)
    run_task(g, "combat", 0, -1, 0)
    g.step("cb:nation:france")
    assert combat_value(g) == 3
    return g


def test_nca_01_minus_2_for_influence_and_x_vp_once_per_combat():
    g = _combat([("nca_influence_vp", 0, 2, -1)], CP=2)
    inf = int(get(g, "INF", 0)[FR])
    g.step("cb:nca:1")
    assert combat_value(g) == 1
    assert get(g, "INF", 0)[FR] == inf + 1 and get(g, "VP", 0) == 2
    g.step("cb:cp")
    g.step("cb:cp")
    assert combat_value(g) == 3 and "cb:nca:1" not in legal(g)  # once per Combat
    check(g)


def test_nca_01_needs_value_2_and_two_cards_each_once():
    g = _combat([("nca_influence_vp", 0, 1, -1), ("nca_influence_vp", 0, 3, -1)], CP=1)
    g.step("cb:nca:1")
    assert get(g, "VP", 0) == 3 and combat_value(g) == 1
    assert "cb:nca:1" not in legal(g)         # value 1 < 2
    g.step("cb:cp")
    g.step("cb:nca:1")                         # the second card
    assert get(g, "VP", 0) == 4 and combat_value(g) == 0
    assert get(g, "INF", 0)[FR] == 2


@pytest.mark.parametrize("owned,vp", [((), 0), (("medal",), 2)])
def test_nca_02_minus_1_for_3_doubloons_plus_2_vp_with_the_synergy(owned, vp):
    g = _combat([("nca_doubloons", 0, 0, SYN.index("medal"))], syn=owned, DOUBLOONS=4)
    g.step("cb:nca:2")
    assert combat_value(g) == 2
    assert get(g, "DOUBLOONS", 0) == 7 and get(g, "VP", 0) == vp
    assert "cb:nca:2" not in legal(g)

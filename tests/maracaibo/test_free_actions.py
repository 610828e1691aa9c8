"""Rule tests: §16 free actions at any time of Phase B (FREE-01/02/04/05,
MAIN-04, CAR-02, PERM-08), the optional city action after a delivery
(CITY-01), the optional market picks when both piles are empty (DRAW-06),
and the order of a bought card's own synergy token, requirements and effects
(SYN-02/03, IMM-16, BUY-04).

The rulebook: "Before, during, or after your main action you are allowed to
perform as many free actions as you like" (Phase B); the career summary:
"During Phase B, you can use a free action at any time to complete a task";
the figure-for-2-CP card: "At any time, and as often as you like".
Locations are picked by their kind from the catalog, so the tests do not
depend on the reconstructed map.
"""
from __future__ import annotations

from maracaibo_env.maracaibo.core import enums as E

from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG

from helpers import get, put, refresh, at_main, at_phase, set_hand, set_tableau, check, \
    cards_with_symbol
from test_permanent_effects import (C1, C2, SYN, game, eff, supply, run_task, legal,
                                    empty_piles, combat_value, set_synergy, give_tokens)

FR = 0


def _cat(g, name, i=0):
    return int(g._cat[CATALOG[name][0] + i])


def a_village(g) -> str:
    """Key of a village location (no tile, no marker needed)."""
    for i, key in enumerate(g.catalog.loc_keys):
        if _cat(g, "LOC_KIND", i) == K.LK_VILLAGE:
            return key
    raise AssertionError("no village on the map")


def free_names(g):
    return {a for a in legal(g) if a.startswith("free:")}


# ------------------------------------------------------- FREE-01 / MAIN-04
def test_free_01_main_04_free_actions_between_village_actions():
    g = game()
    at_main(g, 0, a_village(g), mp=4)              # 4 MP: two village actions (MAIN-06)
    hand0 = [int(c) for c in get(g, "HAND", 0)[: get(g, "HAND_N", 0)]]
    assert len(hand0) >= 2
    g.step("main:village")
    g.step("vil:doubloon")                          # the first of two village actions
    assert g.phase == "village"
    assert "free:plan:hand0" in legal(g)            # during the main action
    g.step("free:plan:hand0")
    assert g.phase == "village"                     # the batch goes on: one action left
    assert hand0[0] in [int(c) for c in get(g, "PLAN", 0)]
    g.step("vil:doubloon")
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1
    assert "free:plan:hand0" in legal(g)            # and after it
    check(g)


def test_free_01_car_02_not_in_phase_a_phase_c_or_a_payment():
    g = game(careers={0: [("combat_tokens", 0, 1, 2, 1, 1)] * 3})
    put(g, "CAREER", 0, 0)
    give_tokens(g, 0, 1)                             # a task is ready to complete
    at_phase(g, 0, "sail")
    assert not free_names(g) and g.free_actions() == []   # Phase A
    set_hand(g, 0, [int(c) for c in get(g, "HAND", 0)[:3]])
    put(g, "DOUBLOONS", 5, 0)
    at_main(g, 0, a_village(g))
    assert {"free:career:0", "free:plan:hand0"} <= free_names(g)   # Phase B
    assert {g.action_names[a] for a in g.free_actions()} == free_names(g)
    g.step("pass")                                   # no main action: Phase C
    assert g.phase == "draw" and g.current_player == 0   # deck or a market card
    assert not free_names(g)


def test_free_01_not_while_paying_a_cost():
    """Paying a cost is one step: no planning away the cards being paid."""
    g = game()
    maps = cards_with_symbol(g, "map", 3)
    set_hand(g, 0, maps)
    run_task(g, "pay", 0, g.catalog.goods_keys.index("map"), 2)
    assert g.phase == "pay"
    assert not free_names(g)
    g.step("pay:hand0")
    g.step("pay:hand0")
    assert get(g, "HAND_N", 0) == 1


# ------------------------------------------------------- case (a), CAR-02
def test_car_02_free_04_task_completed_between_two_purchases_pays_for_the_second():
    """Buying an assistant card with the first of two village actions meets an
    assistants task; completing it at once pays its doubloons, which pay for a
    purchase with the second village action."""
    g0 = game()
    vloc = g0.catalog.loc_keys.index(a_village(g0))
    cards = {C1: dict(cost=2, effects=[("assistant", 0, 0, -1)], reqs=[("assistant", vloc)]),
             C2: dict(cost=4)}
    g = game(cards=cards, careers={0: [("assistants", 0, 1, 3, 4, 3)] * 3})
    put(g, "CAREER", 0, 0)
    put(g, "CAREER_DONE", 0, 0)
    set_hand(g, 0, [C1, C2])
    supply(g, 0, 1)
    put(g, "DOUBLOONS", 2, 0)
    at_main(g, 0, a_village(g), mp=4)
    g.step("main:village")
    assert "buy:hand:hand1" not in legal(g)               # 2 doubloons: C2 (4) is not affordable
    g.step("buy:hand:hand0")                              # C1: -2 doubloons, an assistant placed
    assert g.phase == "village" and get(g, "DOUBLOONS", 0) == 0 and get(g, "FIG_BOARD", 0) == 1
    assert "free:career:0" in legal(g)               # the task is met now, mid-batch
    g.step("free:career:0")
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "FIG_SUPPLY", 0) == 1
    assert g.phase == "village"
    g.step("buy:hand:hand0")                              # C2 with the second village action
    assert C2 in [int(c) for c in get(g, "TABLEAU", 0)[: get(g, "TABLEAU_N", 0)]]
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "MAIN_DONE") == 1
    check(g)


# ------------------------------------------------------- case (b), CAR-02 + COMBAT-08
def test_car_02_combat_08_task_figure_raises_the_same_combat():
    """At a Combat the first combat action meets an influence task; completing
    it gives its figure, which the player returns to raise the same Combat's
    value ("return as many of your figures ... to increase the combat value")."""
    g = game(careers={0: [("influence_one", 0, 6, 9, 3, 3)] * 3})
    put(g, "CAREER", 0, 0)
    put(g, "CAREER_DONE", 0, 0)
    empty_piles(g)                                   # every nation is worth 3 (COMBAT-02)
    supply(g, 0, 0)
    put(g, "CP", 0, 0)
    put(g, "INF", [5, 0, 0], 0)
    run_task(g, "combat", 0, -1, 0)
    g.step("cb:nation:france")
    assert combat_value(g) == 3 and "free:career:0" not in legal(g)
    g.step("cb:inf1")                                # -2: France 6, the task is met
    assert combat_value(g) == 1 and int(get(g, "INF", 0)[FR]) == 6
    assert g.phase == "combat"                       # not ended: a free action is open
    assert "cb:figure" not in legal(g)               # no figure yet
    g.step("free:career:0")
    assert get(g, "FIG_SUPPLY", 0) == 1 and get(g, "DOUBLOONS", 0) >= 3
    assert g.phase == "combat" and "cb:figure" in legal(g)
    g.step("cb:figure")
    assert combat_value(g) == 2 and get(g, "FIG_SUPPLY", 0) == 0
    g.step("pass")
    assert get(g, "MAIN_DONE") == 1
    check(g)


def test_car_02_free_04_task_during_an_explorer_choice():
    g = game(careers={0: [("combat_tokens", 0, 1, 2, 1, 1)] * 3})
    put(g, "CAREER", 0, 0)
    give_tokens(g, 0, 1)
    run_task(g, "explore", 0, 2, 0)
    assert g.phase == "explore" and "free:career:0" in legal(g)
    g.step("free:career:0")
    assert g.phase == "explore"


# ------------------------------------------------------- FREE-05 / PERM-08
def test_free_05_perm_08_figure_for_cp_in_scoring_step_1_but_not_planning():
    g = game(cards={C1: eff("perm_figure_cp")})
    set_tableau(g, 0, [C1])
    supply(g, 0, 2)
    put(g, "CP", 0, 0)
    put(g, "CAREER", 0, 0)
    put(g, "SCORING", 1)
    run_task(g, "score_buy", 0)
    assert g.phase == "score_buy"
    assert free_names(g) == {"free:figure:cp"}      # FREE-01: planning is Phase B only
    g.step("free:figure:cp")
    assert get(g, "CP", 0) == 2 and g.phase == "score_buy"


def test_perm_08_during_a_village_batch():
    g = game(cards={C1: eff("perm_figure_cp")})
    set_tableau(g, 0, [C1])
    supply(g, 0, 1)
    put(g, "CP", 1, 0)
    at_main(g, 0, a_village(g), mp=4)
    g.step("main:village")
    g.step("vil:doubloon")
    g.step("free:figure:cp")
    assert get(g, "CP", 0) == 3 and g.phase == "village"


# ------------------------------------------------------- CITY-01
def _city_with_tile(g):
    """(key, tile key) of a tile-slot city and a tile whose action is +3 CP."""
    for i, key in enumerate(g.catalog.loc_keys):
        if _cat(g, "LOC_TILE_SLOT", i):
            for t, tkey in enumerate(g.catalog.tile_keys):
                if _cat(g, "TILE_ACT", t) == K.CA_CP3:
                    return key, tkey, t
    raise AssertionError("no +3 CP tile")


def _delivery(g):
    key, tkey, t = _city_with_tile(g)
    i = g.catalog.loc_keys.index(key)
    put(g, "LOC_TILE", t, index=i)
    good = g.catalog.goods_keys[_cat(g, "TILE_GOOD", t)]
    set_hand(g, 0, cards_with_symbol(g, good, 1))
    put(g, "CP", 1, 0)
    at_main(g, 0, key)
    g.step("main:city")
    assert g.phase == "deliver"
    g.step("deliver:hand0")
    g.step(next(a for a in sorted(legal(g)) if a.startswith("disc:")))
    return g


def test_city_01_the_city_action_may_be_declined_after_a_delivery():
    g = _delivery(game())
    assert g.phase == "choice" and {"choice:0", "choice:1"} <= legal(g)
    g.step("choice:0")                               # decline the printed action
    assert get(g, "CP", 0) == 1
    assert g.phase in ("main", "draw") and get(g, "MAIN_DONE") == 1
    check(g)


def test_city_01_or_carried_out_after_a_delivery():
    g = _delivery(game())
    g.step("choice:1")
    assert get(g, "CP", 0) == 4                       # CITYACT-05: +3 CP
    check(g)


# ------------------------------------------------------- DRAW-06
def _empty_piles_draw(g, doubloons):
    """Both project piles empty (their cards go out of play), hand 1, Phase C."""
    hand = [int(c) for c in get(g, "HAND", 0)[: get(g, "HAND_N", 0)]]
    set_hand(g, 0, hand[:1])                         # (the rest is discarded)
    n = get(g, "DRAW_N") + get(g, "DISCARD_N")
    put(g, "CARDS_OUT", get(g, "CARDS_OUT") + n)
    put(g, "DRAW", -1)
    put(g, "DISCARD", -1)
    put(g, "DRAW_N", 0)
    put(g, "DISCARD_N", 0)
    put(g, "DOUBLOONS", doubloons, 0)
    at_main(g, 0, a_village(g))
    g.step("pass")                                   # no main action -> Phase C


def test_draw_06_market_picks_are_optional_when_both_piles_are_empty():
    g = game()
    _empty_piles_draw(g, doubloons=5)
    assert g.phase == "draw"
    assert "pass" in legal(g) and "draw:market:0" in legal(g) and "draw:deck" not in legal(g)
    g.step("draw:market:0")                          # one paid pick ...
    assert get(g, "DOUBLOONS", 0) == 4 and get(g, "HAND_N", 0) == 2
    g.step("pass")                                   # ... then stop below the limit
    assert get(g, "HAND_N", 0) == 2 and get(g, "DOUBLOONS", 0) == 4
    assert g.current_player == 1                     # the turn is over
    check(g)


def test_draw_01_no_stopping_while_the_draw_pile_has_cards():
    g = game()
    set_hand(g, 0, [int(c) for c in get(g, "HAND", 0)[:1]])
    put(g, "DOUBLOONS", 5, 0)
    at_main(g, 0, a_village(g))
    g.step("pass")
    assert g.phase == "draw"                         # a real choice: deck or market
    assert "draw:deck" in legal(g) and "pass" not in legal(g)
    for _ in range(3):
        g.step("draw:deck")
    assert get(g, "HAND_N", 0) == 4 and g.current_player == 1


# ------------------------------------------------------- SYN-02 / IMM-16 / BUY-04
def _shipped_card(g, effect, with_synergy=True):
    """A shipped card carrying `effect` (and a synergy symbol of its own)."""
    e = E.EFFECTS.index(effect)
    for c in range(len(g.catalog.card_names)):
        effs = [_cat(g, "CARD_EFF", c * 4 + k) for k in range(4)]
        if e in effs and (_cat(g, "CARD_SYN", c) != 0) == with_synergy and \
                _cat(g, "CARD_REQ", c * 3) == K.RQ_NONE:
            return c
    raise AssertionError(f"no shipped card with {effect}")


def test_syn_02_imm_16_a_cards_own_synergy_token_counts_for_its_2_vp_each():
    """IMM-16 "2 VP for each synergy token you have": the card's own tan token
    is taken when it is bought, so it counts (ruling BUY-04 / SYN-02)."""
    from helpers import new_game, finish_setup
    g = finish_setup(new_game(2, seed=1))
    card = _shipped_card(g, "imm_vp_per_synergy")
    own = [s for s in range(5) if (_cat(g, "CARD_SYN", card) >> s) & 1]
    others = [SYN[s] for s in range(5) if s not in own][:2]
    set_synergy(g, 0, *others)                       # two tokens before the purchase
    set_hand(g, 0, [card])
    put(g, "DOUBLOONS", 50, 0)
    vp0 = get(g, "VP", 0)
    run_task(g, "village", 0, 1, 1)
    g.step("buy:hand:hand0")
    assert get(g, "VP", 0) - vp0 == 2 * (2 + len(own)) == 6
    check(g)


def test_syn_03_inc_03_own_token_activates_own_conditional_income_once():
    crown = SYN.index("crown")
    g = game(cards={C1: dict(syn=["crown"], effects=[("income_vp", 0, 2, crown)])})
    set_hand(g, 0, [C1])
    put(g, "DOUBLOONS", 10, 0)
    run_task(g, "village", 0, 1, 1)
    g.step("buy:hand:hand0")
    assert get(g, "VINC", 0) == 2                    # +2, not 0 and not 4
    check(g)


def test_imm_08_buy_04_the_cards_own_assistant_counts():
    """A card's requirements are met and paid as it is bought (REQ-03: the
    figure goes onto its location at once), so "2 VP per assistant" on the
    same card counts that new assistant (ruling BUY-04)."""
    g0 = game()
    vloc = g0.catalog.loc_keys.index(a_village(g0))
    g = game(cards={C1: dict(reqs=[("assistant", vloc)],
                             effects=[("imm_vp_per_assistant", 0, 0, -1)])})
    set_hand(g, 0, [C1])
    supply(g, 0, 1)
    put(g, "DOUBLOONS", 10, 0)
    vp0 = get(g, "VP", 0)
    run_task(g, "village", 0, 1, 1)
    g.step("buy:hand:hand0")
    assert get(g, "FIG_BOARD", 0) == 1 and get(g, "VP", 0) - vp0 == 2
    check(g)


def test_req_04_perm_01_a_card_never_pays_its_own_herbs():
    from test_permanent_effects import HERBS, goods
    g = game(cards={C1: dict(reqs=[("herbs", 2)], effects=[("perm_object", HERBS, 0, -1)])})
    h = goods(g, "herbs", 2)
    set_hand(g, 0, [C1] + h)
    put(g, "DOUBLOONS", 10, 0)
    run_task(g, "village", 0, 1, 1)
    assert "buy:hand:hand0" in legal(g)
    g.step("buy:hand:hand0")
    assert get(g, "HAND_N", 0) == 0                  # both herbs paid (PERM-01 only later)
    check(g)

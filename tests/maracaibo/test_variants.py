"""Rule tests: Maracaibo's variants §27 (VAR-01 open prestige, VAR-02) and the
Retirement module §29 (RET-01..11): the Residence Discount tile of Pirates of
Maracaibo on Maracaibo's explorer track.

The tile's spot is data (explorer.toml [retirement], reconstructed); the
tests read it from the catalog and take every expected number from the
checklist (RET-05's vectors: cost 7 with a -1 discount -> 3, cost 5 -> 3).
"""
from __future__ import annotations

import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.core import enums as E, layout as L
from helpers import get, put, finish_setup, set_tableau, check, own
from test_permanent_effects import make_catalog, eff, supply, src, run_task, legal, C1

MINSTER = E.BUILDINGS.index("minster")
CITADEL = E.BUILDINGS.index("citadel")


def game(n=2, seed=1, cards=None, retirement=True, open_prestige=False, **extra):
    return finish_setup(Game(n, seed=seed, catalog=make_catalog(cards, None, **extra),
                             retirement=retirement, open_prestige=open_prestige))


def tile_space(g) -> str:
    from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
    return g.catalog.exp_keys[int(g._cat[CATALOG["EXP_RETIRE"][0]])]


def space_before(g, key) -> str:
    """The space from which `key` is one step away."""
    from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
    i = g.catalog.exp_keys.index(key)
    off, n_off = CATALOG["EXP_NEXT"][0], CATALOG["EXP_NEXT_N"][0]
    for s in range(len(g.catalog.exp_keys)):
        if i in [int(g._cat[off + s * 2 + j]) for j in range(int(g._cat[n_off + s]))]:
            return g.catalog.exp_keys[s]
    raise AssertionError(key)


def explorer_at(g, p, key):
    put(g, "EXPLORER", g.catalog.exp_keys.index(key), p)


def where(g, p) -> str:
    return g.catalog.exp_keys[get(g, "EXPLORER", p)]


def onto_tile(g, p=0):
    """p explores 1 space, from the space before the tile onto it."""
    explorer_at(g, p, space_before(g, tile_space(g)))
    run_task(g, "explore", p, 1)
    g.step(f"explore:{tile_space(g)}")


def only_building(g, key, cost=None):
    """Building `key` in slot 0 (revealed); with open prestige the others stay too."""
    pr = [int(x) for x in get(g, "PR_BUILD")]
    b = E.BUILDINGS.index(key)
    if b in pr:
        j = pr.index(b)
        pr[j], pr[0] = pr[0], b
    else:
        pr[0] = b
    put(g, "PR_BUILD", pr)
    return b


# ---- VAR-01 open prestige -----------------------------------------------------------------------
def test_var_01_open_prestige_all_four_buildings_face_up_and_int_05_reveals_nothing():
    g = game(retirement=False, open_prestige=True)
    assert get(g, "PR_REVEALED") == 4
    supply(g, 0, 2)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 1, 1)
    assert {"invest:0", "invest:1", "invest:2", "invest:3"} <= legal(g)
    h = game(retirement=False, open_prestige=False)
    assert get(h, "PR_REVEALED") == 1                  # SETUP-10 without the variant
    # the observation shows the four building ids (face-down ones are -1)
    off = next(o for name, o, size, _ in Game.observation_spec() if name == "prestige" and size == 4)
    assert g.observe(0)[off:off + 4].tolist() == [int(x) for x in get(g, "PR_BUILD")]
    assert h.observe(0)[off + 1:off + 4].tolist() == [-1, -1, -1]


def test_var_01_interim_scoring_keeps_all_four_revealed():
    from test_assistants import end_round
    g = game(retirement=False, open_prestige=True)
    end_round(g, trigger=1, round_=1)
    assert get(g, "PR_REVEALED") == 4 and g.round == 2


def test_var_02_retirement_is_an_option_and_off_by_default():
    g = game(retirement=False)
    assert g.options["retirement"] is False
    assert [get(g, "RETIRE", p) for p in range(2)] == [0, 0]
    put(g, "DOUBLOONS", 50, 0)
    onto_tile(g)                              # an ordinary space without the module
    assert g.phase != "choice" and where(g, 0) == tile_space(g) and get(g, "FIG_PRESTIGE", 0) == 0


# ---- §29 Retirement -----------------------------------------------------------------------------
def test_ret_01_the_residence_discount_tile_can_be_used_in_maracaibo():
    g = game()
    assert g.options["retirement"] is True and g.config["retirement"] is True


def test_ret_02_setup_each_player_puts_a_figure_from_the_general_supply_on_the_tile():
    g = game(n=3)
    for p in range(3):
        assert get(g, "RETIRE", p) == 1
        assert get(g, "FIG_SUPPLY", p) == 2            # SETUP: the personal supply is unchanged
        assert get(g, "FIG_GENERAL", p) == 8 - 5 - 1     # 8 figures: 2 supply + 3 career + 1 tile
    check(g)


def test_ret_03_the_tile_counts_as_an_explorer_space_and_covers_its_reward():
    g = game()
    put(g, "DOUBLOONS", 0, 0)
    vp, cp = get(g, "VP", 0), get(g, "CP", 0)
    onto_tile(g)                  # one step onto it: it is a space like any other
    assert where(g, 0) == tile_space(g)
    # no money -> no investment possible; and the space's printed reward is covered
    assert get(g, "DOUBLOONS", 0) == 0 and get(g, "VP", 0) == vp and get(g, "CP", 0) == cp


def test_ret_04_entering_the_tile_invests_the_figure_then_the_explorer_goes_back_to_start():
    g = game(PRE_COST={MINSTER: 9})
    only_building(g, "minster")
    put(g, "DOUBLOONS", 20, 0)
    onto_tile(g)
    assert g.phase == "choice" and "choice:0" in legal(g)
    g.step("choice:0")
    assert get(g, "DOUBLOONS", 0) == 20 - 5            # ceil(9 / 2)
    assert get(g, "RETIRE", 0) == 0 and get(g, "FIG_PRESTIGE", 0) == 1
    assert get(g, "FIG_SUPPLY", 0) == 2                  # the figure came from the tile
    assert get(g, "PRESTIGE", 0) == 1 << MINSTER
    assert get(g, "EXPLORER", 0) == 0 and where(g, 0) == g.catalog.exp_keys[0]   # the start
    check(g)


@pytest.mark.parametrize("cost, discount, price", [(7, 1, 3), (5, 0, 3)])
def test_ret_05_half_price_after_discounts_rounded_up(cost, discount, price):
    cards = {C1: eff("perm_discount", 0, discount)} if discount else None
    g = game(cards=cards, PRE_COST={MINSTER: cost})
    if discount:
        set_tableau(g, 0, [C1])
    only_building(g, "minster")
    put(g, "DOUBLOONS", 10, 0)
    onto_tile(g)
    g.step("choice:0")
    assert get(g, "DOUBLOONS", 0) == 10 - price


def test_ret_05_exactly_the_half_price_is_enough():
    g = game(PRE_COST={MINSTER: 5})
    only_building(g, "minster")
    put(g, "DOUBLOONS", 3, 0)
    onto_tile(g)
    assert own(g) == {"choice:0"}
    h = game(PRE_COST={MINSTER: 5})
    only_building(h, "minster")
    put(h, "DOUBLOONS", 2, 0)
    onto_tile(h)
    assert h.phase != "choice" and get(h, "RETIRE", 0) == 1     # cannot afford: nothing happens


def test_ret_06_once_per_player():
    g = game(PRE_COST={MINSTER: 4})
    only_building(g, "minster")
    put(g, "DOUBLOONS", 20, 0)
    onto_tile(g)
    g.step("choice:0")
    put(g, "PR_REVEALED", 4)
    onto_tile(g)                        # again, with other buildings revealed and money
    assert g.phase != "choice" and get(g, "FIG_PRESTIGE", 0) == 1
    assert get(g, "DOUBLOONS", 0) == 18     # covered space: nothing at all for a used tile


def test_ret_07_the_purchase_is_mandatory_when_possible():
    g = game(open_prestige=True)
    put(g, "DOUBLOONS", 50, 0)
    onto_tile(g)
    assert g.phase == "choice"
    assert own(g) == {f"choice:{k}" for k in range(4)}      # no pass


def test_ret_07_no_affordable_building_means_nothing_happens():
    g = game()
    put(g, "DOUBLOONS", 0, 0)
    onto_tile(g)
    assert get(g, "RETIRE", 0) == 1 and where(g, 0) == tile_space(g)


def test_ret_07_a_building_already_invested_in_is_no_option():
    g = game(open_prestige=True)
    put(g, "DOUBLOONS", 50, 0)
    put(g, "PR_INVESTORS", [1, 0, 0, 0])
    b = int(get(g, "PR_BUILD")[0])
    put(g, "PRESTIGE", 1 << b, 0)
    put(g, "FIG_GENERAL", get(g, "FIG_GENERAL", 0) - 1, 0)
    put(g, "FIG_PRESTIGE", 1, 0)
    onto_tile(g)
    assert own(g) == {"choice:1", "choice:2", "choice:3"}


def test_ret_08_it_is_an_investment_first_investor_vp_and_synergy_token():
    g = game(PRE_COST={MINSTER: 2}, PRE_SYN={MINSTER: 0})
    only_building(g, "minster")
    put(g, "DOUBLOONS", 5, 0)
    put(g, "SYNERGY", 0, 0)
    onto_tile(g)
    g.step("choice:0")
    assert src(g, 0, "prestige") == 2 and get(g, "SYNERGY", 0) & 1
    assert get(g, "PR_INVESTORS")[0] == 1


def test_ret_09_barrier_rewards_once_per_player_after_going_back():
    g = game(PRE_COST={MINSTER: 2})
    only_building(g, "minster")
    put(g, "DOUBLOONS", 5, 0)
    put(g, "BARRIERS", 0b1110, 0)            # every barrier already crossed
    onto_tile(g)
    g.step("choice:0")
    assert get(g, "EXPLORER", 0) == 0
    inf = list(get(g, "INF", 0))
    run_task(g, "explore", 0, 5)
    g.step("explore:s4")                     # across the red barrier (s3) again
    assert g.phase != "nation" and list(get(g, "INF", 0)) == inf
    check(g)


def test_ret_10_jean_ignores_the_tile():
    g = finish_setup(Game(1, seed=3, retirement=True))
    assert get(g, "RETIRE", 1) == 0 and get(g, "FIG_GENERAL", 1) == 8   # SOLO-02: no figures
    assert get(g, "RETIRE", 0) == 1
    check(g)


def test_ret_11_the_figure_on_the_tile_is_neither_supply_nor_assistant():
    g = game()
    assert get(g, "FIG_SUPPLY", 0) == 2 and get(g, "FIG_BOARD", 0) == 0
    supply(g, 0, 0)
    put(g, "DOUBLOONS", 50, 0)
    run_task(g, "village", 0, 1, 1)
    assert not {"invest:0"} & legal(g)      # PRES-03: no figure in the supply, no investment


# ---- the option across the API --------------------------------------------------------------------
def test_random_games_with_the_variants_keep_every_invariant():
    from maracaibo_env.maracaibo.invariants import check_invariants
    for n, seed in ((1, 1), (2, 2), (3, 3), (4, 4)):
        g = Game(n, seed=seed, retirement=True, open_prestige=True)
        rng = np.random.default_rng(seed)
        k = 0
        while not g.is_over:
            g.step(int(rng.choice(g.legal_actions())))
            k += 1
            if k % 7 == 0:
                assert not check_invariants(g.state, g.catalog)
        h = Game.from_json(g.to_json())
        assert np.array_equal(h.state, g.state)


def test_retire_field_refused_without_the_module():
    g = game(retirement=False)
    d = g.to_dict()
    d["state"]["players"][0]["RETIRE"] = 1
    d["state"]["players"][0]["FIG_GENERAL"] -= 1
    with pytest.raises(ValueError, match="RETIRE"):
        Game.from_dict(d, g.catalog)

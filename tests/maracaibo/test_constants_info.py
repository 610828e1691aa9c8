"""Hard constraints of §0.2 that the engine (not only the data) enforces, and
the visibility rules of §0.3."""
import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
from helpers import new_game, finish_setup, get, put, at_main, refresh, check


def _obs(g, p, name):
    for n, off, size, _ in Game.observation_spec():
        if n == name:
            return g.observe(p)[off:off + size]
    raise KeyError(name)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_con_13_con_25_eight_figures_per_colour(n):
    g = finish_setup(new_game(n, seed=n))
    for p in range(n):
        assert (get(g, "FIG_SUPPLY", p), get(g, "FIG_CAREER", p), get(g, "FIG_GENERAL", p)) == (2, 3, 3)
    check(g)


def test_con_15_doubloons_unlimited():
    g = finish_setup(new_game(2, seed=1))
    at_main(g, 0, "4")
    put(g, "DOUBLOONS", 10**6, 0)
    refresh(g)
    g.step("pass")
    assert get(g, "DOUBLOONS", 0) >= 10**6 - 4  # no cap on coins


def test_con_16_fifteen_automa_cards_with_letters():
    c = Game(2).catalog
    assert len(c.automa_ids) == 15
    assert sorted(i[0] for i in c.automa_ids) == ["A"] * 5 + ["B"] * 6 + ["C"] * 4


@pytest.mark.parametrize("n", [2, 3, 4])
def test_con_17_con_24_player_components_and_money(n):
    g = Game(n, seed=7)
    start = get(g, "START")
    for p in range(n):
        assert get(g, "SHIP", p) == g.catalog.loc_keys.index("havana")
        assert get(g, "VP", p) == 0 and list(get(g, "INF", p)) == [0, 0, 0]
        assert (get(g, "CP", p), get(g, "DINC", p), get(g, "VINC", p)) == (1, 8, 0)
        assert get(g, "DOUBLOONS", p) == 8 + (p - start) % n


def test_con_18_hand_limit_4_then_6():
    from maracaibo_env.maracaibo.core.common import hand_limit
    g = finish_setup(new_game(2))
    assert hand_limit(g.state, 0) == 4
    put(g, "UPGRADES", 1 << 1, 0)  # hand_limit area
    assert hand_limit(g.state, 0) == 6


def test_con_19_three_planning_spaces():
    g = finish_setup(new_game(2, seed=3))
    p = g.current_player
    at_main(g, p, "1")
    hand = get(g, "HAND_N", p)
    planned = 0
    while "free:plan:hand0" in g.legal_action_names():
        g.step("free:plan:hand0")
        planned += 1
    assert int((get(g, "PLAN", p) >= 0).sum()) == 3 and planned == min(2, hand)


def test_con_20_market_of_four():
    g = Game(3, seed=2)
    assert int((get(g, "MARKET") >= 0).sum()) == 4


def test_con_21_combat_track_capped_at_8():
    from maracaibo_env.maracaibo.core.common import gain_cp
    g = new_game(2)
    gain_cp(g.state, 0, 20)
    assert get(g, "CP", 0) == 8


def test_con_26_one_printed_compass():
    from maracaibo_env.maracaibo.core.common import compasses
    g = new_game(2)
    assert compasses(g.state, g._cat, 0) == 1


def test_con_27_four_rounds_three_interim_scorings():
    g = Game(2, seed=9)
    rng = np.random.default_rng(9)
    rounds_seen = {g.round}
    income_steps = 0
    while not g.is_over:
        r = g.round
        g.step(int(rng.choice(g.legal_actions())))
        if g.round != r:
            income_steps += 1
        rounds_seen.add(g.round)
    assert rounds_seen == {1, 2, 3, 4} and income_steps == 3


def test_con_28_village_action_counts():
    from maracaibo_env.maracaibo.core.sailing import village_count
    assert [village_count(m, False) for m in range(1, 8)] == [1, 1, 1, 2, 2, 2, 3]
    assert [village_count(m, True) for m in range(1, 8)] == [1, 2, 2, 2, 3, 3, 3]


def test_con_31_quest_track_vp():
    from maracaibo_env.maracaibo.core.quests import fulfil
    g = new_game(2)
    vp = []
    for _ in range(6):
        before = get(g, "VP", 0)
        t = 0  # any tile: only the quest-track VP are compared
        put(g, "STK_N", 0)
        fulfil(g.state, g._cat, 0, t)
        vp.append(get(g, "VP_SRC", 0)[L.VP_SOURCES.index("quests")])
    steps = [vp[0]] + [b - a for a, b in zip(vp, vp[1:])]
    # the tile's own VP rewards are the same each time; the difference is the track's
    base = steps[0]
    assert [s - base for s in steps] == [0, 0, 0, 3, 2, 2]


def test_con_34_prestige_revealed_one_per_round():
    g = Game(2, seed=4)
    rng = np.random.default_rng(4)
    seen = {}
    while not g.is_over:
        seen.setdefault(g.round, get(g, "PR_REVEALED"))
        g.step(int(rng.choice(g.legal_actions())))
    assert seen == {1: 1, 2: 2, 3: 3, 4: 4}


def test_info_01_quest_pile_top_public_tokens_and_prestige_hidden():
    g = Game(3, seed=5)
    top = get(g, "QPILE")[get(g, "QPILE_N") - 1]
    for p in range(3):
        assert list(_obs(g, p, "quest_pile")) == [get(g, "QPILE_N"), top]
        assert list(_obs(g, p, "token_piles")) == list(get(g, "TPILE_N"))
        shown = _obs(g, p, "prestige")
        assert shown[0] == get(g, "PR_BUILD")[0] and (shown[1:] == -1).all()
    names = [n for n, *_ in Game.observation_spec()]
    assert not any("tpile" in n or n == "draw" for n in names)  # no pile order anywhere


def test_info_02_won_tokens_count_only():
    g = Game(2, seed=6)
    put(g, "TOKENS", 3, 1)
    assert _obs(g, 0, "p1_tokens")[0] == 3  # a count, no token faces


def test_info_03_hands_and_plans_private():
    g = finish_setup(new_game(3, seed=8))
    for p in range(3):
        for q in range(3):
            if q == p:
                continue
            seat = (q - p) % 3
            assert _obs(g, p, f"p{seat}_hand_count")[0] == get(g, "HAND_N", q)
            assert _obs(g, p, f"p{seat}_plan_count")[0] == int((get(g, "PLAN", q) >= 0).sum())
        own = set(int(c) for c in _obs(g, p, "hand") if c >= 0)
        assert own == set(int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)])


def test_info_05_jean_cards_only_counted():
    g = Game(1, seed=2)
    put(g, "AUTOMA_CARDS", 4)
    obs_names = [n for n, *_ in Game.observation_spec()]
    assert "automa" in obs_names
    assert _obs(g, 0, "automa")[3] == 4

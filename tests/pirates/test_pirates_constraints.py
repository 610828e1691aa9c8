"""Pirates checklist §1.2: the hard constraints the rulebook text gives (CON-xx),
checked on games of the engine. Expected values are the rulebook's numbers."""
import numpy as np
import pytest

from maracaibo_env.pirates import Game, GameConfigError
from maracaibo_env.pirates.data_load import load_data, GQ, GRS
from pirates_helpers import game, get, put, open_decision, names
from maracaibo_env.pirates.core import common as K


def _finish(g, seed=0):
    rng = np.random.default_rng(seed)
    while not g.is_over:
        acts = g.legal_actions()
        g.step(int(rng.choice(acts)))
    return g


@pytest.mark.parametrize("n", [2, 3, 4])
def test_CON_01_players_and_three_rounds(n):
    g = _finish(Game(n, seed=n))
    assert g.round == 3 and g.num_players == n
    for bad in (0, 5):
        with pytest.raises(GameConfigError):
            Game(bad)


def test_CON_05_dice_are_six_sided_and_colour_treasure():
    g = game(2)
    seen = set()
    for _ in range(200):
        open_decision(g, K.OP_LIST, _effect(g, "raid"), 1, K.LIST_ALL)   # starts the raid
        assert g.phase == "raid_dice"
        seen.update(get(g, "DICE"))
        assert names(g)[-3:] == ["die:gold", "die:emerald", "die:pearl"]   # yellow, green, white
        K.pop(g.state)                                                       # drop it again
    assert seen == {1, 2, 3, 4, 5, 6}


def _effect(g, text):
    return next(i for i, t in enumerate(g.catalog.effects) if t == text)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_CON_10_figurehead_market_and_cost(n):
    g = game(n)
    market = [f for f in get(g, "FIGM") if f >= 0]
    assert len(market) == n + 2                       # players + 2
    put(g, "COINS", 10, player=g.current_player)
    open_decision(g, K.OP_FIGUREHEAD, 0)
    g.step(next(a for a in names(g) if a.startswith("figurehead:")))
    assert get(g, "COINS", g.current_player) == 7     # 3 doubloons paid
    open_decision(g, K.OP_LIST, _effect(g, "figurehead"), 1, 0)
    assert not any(a.startswith("figurehead:") for a in names(g))   # at most one figurehead


@pytest.mark.parametrize("n", [2, 3, 4])
def test_CON_11_setup_quests(n):
    g = Game(n, seed=1)
    for p in range(n):
        assert g.phase == "keepq" and len([q for q in get(g, "SETUPQ", p) if q >= 0]) == 2
        g.step("keep_quest:1")
    for p in range(n):
        assert get(g, "QN", p) == 1                   # draw 2, keep 1
    assert len([q for q in get(g, "QMARKET")[:2] if q >= 0]) == 2   # a market of 2
    assert get(g, "QDECK_N") == 25 - n - 2             # discards shuffled back


def test_CON_14_endgame_items_add_up():
    g = _finish(game(3, seed=4))
    for p, b in enumerate(g.score_breakdown()):
        assert b["rivers"] == 4 * get(g, "RIVERS", p)
        assert b["doubloons"] == get(g, "COINS", p) // 5
        assert sum(b.values()) == g.scores()[p]


def test_CON_17_scores_above_fifty():
    g = game(2)
    put(g, "VP", 48, player=0)
    open_decision(g, K.OP_LIST, _effect(g, "vp n=5"), 1, 0)
    assert get(g, "VP", 0) == 53                       # 48 + 5: one +50 token, marker on 3


def test_CON_18_limited_components():
    g = game(4)
    assert get(g, "T2_N") == 41                        # Tier II deck
    assert get(g, "QDECK_N") + sum(get(g, "QN", p) for p in range(4)) + 2 == 25
    assert all(x == -1 for x in get(g, "BM_AT", 0))   # 5 tiles per player, unplaced
    assert len(get(g, "BM_AT", 0)) == 5


def test_CON_20_card_anatomy_in_the_data():
    d = load_data()
    imp = d.cards.improvement[0]
    assert {"cost", "vp", "lightning", "ongoing", "income", "endgame"} <= set(type(imp).model_fields)
    assert {"cost", "formula"} <= set(type(d.cards.residence[0]).model_fields)
    assert "treasure_value" in type(d.cards.location[0]).model_fields


def test_CON_24_figureheads_A_to_L():
    assert sorted(f.letter for f in load_data().figureheads.figurehead) == list("ABCDEFGHIJKL")


def test_CON_25_twelve_residence_formulas():
    assert len(GRS) == 12 and sorted(r.formula for r in load_data().cards.residence) == sorted(GRS)


def test_CON_26_seventeen_quest_kinds():
    assert len(GQ) == 17 and set(q.kind for q in load_data().quests.quest) == set(GQ)

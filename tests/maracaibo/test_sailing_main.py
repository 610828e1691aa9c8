"""Rule tests for checklist §3 Sailing (SAIL-*), §4 Main action (MAIN-*),
§16 Free actions (FREE-*) and §19 Homeward bound (HOME-*), with the test
vector TV-33."""
import pytest

from maracaibo_env import IllegalActionError
from maracaibo_env.maracaibo.core import enums as E
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.actions import MAX_MP
from maracaibo_env.maracaibo.core.sailing import location_action
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG, MAX_OUT, Q_COSTS, Q_REWARDS

from helpers import (own, new_game, finish_setup, get, put, loc, at_phase, at_main, refresh,
                     set_hand, set_tableau, check, cat_get, custom_catalog,
                     cards_with_symbol)


def _cat_arr(g, name):
    off, size = CATALOG[name]
    return g._cat[off:off + size]


def _game(n=2, seed=0, catalog=None):
    return finish_setup(new_game(n, seed=seed, catalog=catalog))


# ---- an independent reference for the sailing rules (SAIL-01..06, 09) ------

def _ref_routes(g, start_key, round_, cost_override=None):
    """{(dest key, MP)} reachable from start_key: follow the arrows open in this
    round, 1..7 MP, never past a must-stop location, at least one move."""
    board = g.catalog.raw["board"]
    stop = {l["key"] for l in board["location"] if l["must_stop"]}
    out = {}
    for a in board["arrow"]:
        lo, hi = a["rounds"]
        if lo <= round_ <= hi:
            cost = (cost_override or {}).get((a["from"], a["to"]), a["cost"])
            out.setdefault(a["from"], []).append((a["to"], cost))
    res, todo = set(), [(start_key, 0)]
    while todo:
        here, mp = todo.pop()
        for nxt, c in out.get(here, []):
            m = mp + c
            if m > MAX_MP or (nxt, m) in res:
                continue
            res.add((nxt, m))
            if nxt not in stop:
                todo.append((nxt, m))
    return res


def _legal_routes(g, p, key):
    put(g, "SHIP", loc(g, key), p)
    at_phase(g, p, "sail")
    out = set()
    for n in g.legal_action_names():
        kind, dest, mp = n.split(":")
        assert kind == "sail"
        out.add((dest, int(mp[2:])))
    return out


def _village_actions(g, p):
    """Take 'vil:doubloon' until the village batch ends; the number taken."""
    k = 0
    while g.phase == "village" and g.current_player == p:
        g.step("vil:doubloon")
        k += 1
    return k


def _quest_to(g, key, reward_vp=3, cost_doubloons=1):
    """A quest tile from the pile onto location key; returns (game, slot).
    The tile's cost / reward are rewritten to 'pay 1 doubloon -> reward_vp VP'
    through a custom catalog, so the test does not depend on quest data."""
    t = int(get(g, "QPILE")[get(g, "QPILE_N") - 1])
    cat = custom_catalog(
        Q_COST={t * Q_COSTS: K.QC_DOUBLOONS, t * Q_COSTS + 1: K.QC_NONE},
        Q_COST_AMT={t * Q_COSTS: cost_doubloons},
        Q_REW={t * Q_REWARDS: K.QR_VP, t * Q_REWARDS + 1: K.QR_NONE, t * Q_REWARDS + 2: K.QR_NONE},
        Q_REW_AMT={t * Q_REWARDS: reward_vp})
    g.catalog, g._cat = cat, cat.array
    put(g, "QPILE_N", get(g, "QPILE_N") - 1)
    put(g, "QPILE", -1, index=get(g, "QPILE_N"))
    slot = [k for k, x in enumerate(get(g, "BQ_TILE")) if x < 0][0]
    put(g, "BQ_TILE", t, index=slot)
    put(g, "BQ_LOC", loc(g, key), index=slot)
    put(g, "BQ_AGE", 0, index=slot)
    return slot


# ------------------------------------------------------------------ §3 sail

def test_sail_01_one_to_seven_mp_at_least_one_move():
    g = _game(3, seed=1)
    p = g.current_player
    for key in ("havana", "1", "6", "11", "14", "19"):
        got = _legal_routes(g, p, key)
        assert got == _ref_routes(g, key, 1)
        assert got and all(1 <= mp <= 7 for _, mp in got)
        assert all(d != key for d, _ in got)
    # from Havana the longest routes use all 7 MP
    assert max(mp for _, mp in _legal_routes(g, p, "havana")) == 7
    # unused MP are lost: the turn records only what was spent, and the
    # next turn starts from zero
    at_phase(g, p, "sail")
    put(g, "SHIP", loc(g, "havana"), p)
    refresh(g)
    g.step("sail:1:mp1")
    assert get(g, "MP_SPENT") == 1
    set_hand(g, p, get(g, "HAND", p)[:4])
    g.step("pass")
    assert g.phase == "sail" and get(g, "MP_SPENT") == 0


def test_sail_02_city_has_an_action_village_does_not():
    g = _game(2, seed=2)
    p = g.current_player
    kinds = {l["key"]: l["kind"] for l in g.catalog.raw["board"]["location"]}
    for key, kind in kinds.items():
        if kind not in ("city", "village"):
            continue
        at_main(g, p, key, mp=1)
        names = g.legal_action_names()
        if kind == "city":
            assert "main:city" in names and "main:village" not in names, key
        else:
            assert "main:village" in names and "main:city" not in names, key


def test_sail_03_one_mp_per_move_unless_data_says_more():
    g = _game(2, seed=3)
    p = g.current_player
    base = _legal_routes(g, p, "havana")
    assert ("1", 1) in base and ("1", 3) not in base
    # a 3-MP arrow (as legacy tiles L2/L8/L18 make one): Havana -> 1 costs 3
    k = loc(g, "havana") * MAX_OUT
    assert _cat_arr(g, "LOC_NEXT")[k] == loc(g, "1")
    cat = custom_catalog(LOC_COST={k: 3})
    h = _game(2, seed=3, catalog=cat)
    got = _legal_routes(h, h.current_player, "havana")
    assert ("1", 3) in got and ("1", 1) not in got
    assert got == _ref_routes(h, "havana", 1, {("havana", "1"): 3})
    assert got == {(d, m + 2) for d, m in base if m + 2 <= 7}


def test_sail_04_arrows_forks_never_backwards():
    g = _game(4, seed=4)
    p = g.current_player
    number = {l["key"]: l["number"] for l in g.catalog.raw["board"]["location"]}
    # every fork offers both branches
    forks = {}
    for a in g.catalog.raw["board"]["arrow"]:
        if a["rounds"][0] <= 1 <= a["rounds"][1]:
            forks.setdefault(a["from"], []).append(a["to"])
    forks = {k: v for k, v in forks.items() if len(v) > 1}
    assert forks
    for here, branches in forks.items():
        got = _legal_routes(g, p, here)
        for b in branches:
            assert (b, 1) in got
    # never against an arrow: no destination with a lower number
    for here in number:
        if here in ("21a", "22"):
            continue
        for d, _ in _legal_routes(g, p, here):
            assert number[d] > number[here]


def test_sail_05_ships_share_locations():
    g = _game(3, seed=5)
    p = g.current_player
    for q in range(3):
        if q != p:
            put(g, "SHIP", loc(g, "2"), q)
    put(g, "SHIP", loc(g, "havana"), p)
    at_phase(g, p, "sail")
    assert "sail:2:mp2" in g.legal_action_names()
    g.step("sail:2:mp2")
    assert [get(g, "SHIP", q) for q in range(3)] == [loc(g, "2")] * 3
    assert "main:village" in g.legal_action_names()


def test_sail_06_must_stop_locations_end_the_move():
    g = _game(2, seed=6)
    p = g.current_player
    stops = [l["key"] for l in g.catalog.raw["board"]["location"] if l["must_stop"]]
    assert {"20", "21a", "21b", "22"} <= set(stops)
    # rulebook vectors: 19 -> only 20; 20 -> only 21a (rounds I-III)
    assert _legal_routes(g, p, "19") == {("20", 1)}
    assert _legal_routes(g, p, "20") == {("21a", 1)}
    # no route passes through a must-stop location, from anywhere
    for l in g.catalog.raw["board"]["location"]:
        if l["key"] in ("21a", "22", "21b"):
            continue
        got = _legal_routes(g, p, l["key"])
        assert got == _ref_routes(g, l["key"], 1)
    # far enough away to pass 20 with 7 MP: still stops there
    for here in ("14", "17", "18"):
        got = _legal_routes(g, p, here)
        assert ("20", 1) in got or any(d == "20" for d, _ in got)
        assert ("21a", 1 + max(m for d, m in got if d == "20")) not in got
        assert all(d != "21a" for d, _ in got)


# MAIN-06 / TV-33: village actions by MP spent, 1-3 MP -> 1, 4-6 -> 2, 7 -> 3
MAIN_06 = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3}


def test_sail_08_mp_spent_sets_village_actions():
    g = _game(2, seed=7)
    p = g.current_player
    routes = _legal_routes(g, p, "havana")
    kinds = {l["key"]: l["kind"] for l in g.catalog.raw["board"]["location"]}
    # a village reachable with two MP totals that give different counts
    pick = None
    for d in sorted({d for d, _ in routes}):
        mps = sorted(m for dd, m in routes if dd == d)
        if kinds[d] == "village" and MAIN_06[mps[0]] != MAIN_06[mps[-1]]:
            pick = (d, mps[0], mps[-1])
            break
    assert pick, "the map should offer such a village"
    d, lo, hi = pick
    counts = []
    for m in (lo, hi):
        h = _game(2, seed=7)
        put(h, "SHIP", loc(h, "havana"), p)
        at_phase(h, p, "sail")
        h.step(f"sail:{d}:mp{m}")
        assert get(h, "MP_SPENT") == m
        h.step("main:village")
        counts.append(_village_actions(h, p))
    assert counts == [MAIN_06[lo], MAIN_06[hi]]


@pytest.mark.parametrize("round_,expected", [(1, {("21a", 1)}), (2, {("21a", 1)}),
                                             (3, {("21a", 1)}), (4, {("21b", 1)})])
def test_sail_09_homeward_route_by_round(round_, expected):
    g = _game(2, seed=8)
    p = g.current_player
    put(g, "ROUND", round_)
    assert _legal_routes(g, p, "20") == expected
    if round_ == 4:
        assert _legal_routes(g, p, "21b") == {("22", 1)}
        # 21a unreachable in round IV from anywhere; 21b/22 unreachable before
    for l in g.catalog.raw["board"]["location"]:
        if l["key"] in ("21a", "21b", "22"):
            continue
        for d, _ in _legal_routes(g, p, l["key"]):
            if round_ == 4:
                assert d != "21a"
            else:
                assert d not in ("21b", "22")


# ------------------------------------------------------------------ §4 main

def test_main_01_at_most_one_main_action_or_none():
    g = _game(2, seed=9)
    p = g.current_player
    at_main(g, p, "6", mp=1)
    assert "main:village" in g.legal_action_names()
    g.step("main:village")
    g.step("vil:doubloon")
    assert g.phase == "main" and get(g, "MAIN_DONE") == 1
    names = g.legal_action_names()
    assert not any(n.startswith("main:") for n in names) and "pass" in names
    with pytest.raises(IllegalActionError):
        g.step("main:village")
    # none at all: pass straight away ends Phase B
    h = _game(2, seed=9)
    at_main(h, p, "6", mp=1)
    d = get(h, "DOUBLOONS", p)
    h.step("pass")
    assert get(h, "DOUBLOONS", p) == d and h.current_player != p


def test_main_02_options_depend_on_location():
    g = _game(3, seed=10)
    p = g.current_player
    at_main(g, p, "havana", mp=1)
    assert not any(n.startswith("main:") for n in g.legal_action_names())
    at_main(g, p, "17", mp=1)         # city
    assert [n for n in g.legal_action_names() if n.startswith("main:")] == ["main:city"]
    at_main(g, p, "3", mp=1)          # village
    assert [n for n in g.legal_action_names() if n.startswith("main:")] == ["main:village"]
    slot = _quest_to(g, "3")          # a quest here too
    at_main(g, p, "3", mp=1)
    assert f"main:quest:{slot}" in g.legal_action_names()
    # a quest elsewhere is not offered
    at_main(g, p, "1", mp=1)
    assert f"main:quest:{slot}" not in g.legal_action_names()
    # an own assistant here: its assistant action
    assert not any(n.startswith("main:assistant") for n in g.legal_action_names())
    card, aa = _assistant_card(g, "1")
    _place_assistant(g, p, "1", card)
    at_main(g, p, "1", mp=1)
    mains = [n for n in g.legal_action_names() if n.startswith("main:")]
    assert mains == ["main:village", f"main:assistant:aa{aa + 1:02d}"]
    # another player's assistant there gives p nothing
    q = (p + 1) % 3
    at_main(g, q, "1", mp=1)
    assert not any(n.startswith("main:assistant") for n in g.legal_action_names())


def test_main_03_several_options_still_only_one():
    g = _game(3, seed=11)
    p = g.current_player
    slot = _quest_to(g, "3", reward_vp=3)
    at_main(g, p, "3", mp=1)
    names = g.legal_action_names()
    assert "main:village" in names and f"main:quest:{slot}" in names
    vp, dbl = get(g, "VP", p), get(g, "DOUBLOONS", p)
    g.step(f"main:quest:{slot}")
    assert get(g, "VP", p) == vp + 3 and get(g, "DOUBLOONS", p) == dbl - 1
    assert get(g, "QUESTS", p) == 1
    assert not any(n.startswith("main:") for n in g.legal_action_names())
    check(g)


def test_main_04_free_actions_before_and_after_main_action():
    g = _game(2, seed=12)
    p = g.current_player
    at_main(g, p, "6", mp=1)
    assert "free:plan:hand0" in g.legal_action_names()
    g.step("free:plan:hand0")                     # before
    assert int((get(g, "PLAN", p) >= 0).sum()) == 2
    g.step("main:village")
    g.step("vil:doubloon")
    assert "free:plan:hand0" in g.legal_action_names()
    g.step("free:plan:hand0")                     # after
    assert int((get(g, "PLAN", p) >= 0).sum()) == 3


def test_main_05_homeward_spaces_no_delivery():
    g = _game(2, seed=13)
    p = g.current_player
    # a hand holding every goods symbol: delivery would be possible in a city
    hand = []
    for gk in g.catalog.goods_keys[:5]:
        hand += cards_with_symbol(g, gk, 1, exclude=hand)
    set_hand(g, p, hand)
    for key in ("20", "21a"):
        at_main(g, p, key, mp=1)
        g.step("main:city")
        assert g.phase != "deliver"
    # a printed city with a matching card does offer delivery
    good = int(_cat_arr(g, "LOC_GOOD")[loc(g, "17")])
    set_hand(g, p, cards_with_symbol(g, g.catalog.goods_keys[good], 2))
    at_main(g, p, "17", mp=1)
    g.step("main:city")
    assert g.phase == "deliver"


VILLAGE_VECTOR = [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)]
VILLAGE_VECTOR_SHIP01 = [(1, 1), (2, 2), (4, 2), (5, 3), (7, 3)]


def _count_at(mp, upgrade):
    g = _game(2, seed=14)
    p = g.current_player
    if upgrade:
        put(g, "DISCS", 0, p, index=K.AREA_VILLAGE_THRESHOLDS)
        put(g, "DISCS_OUT", 2, p)
        put(g, "UPGRADES", 1 << K.AREA_VILLAGE_THRESHOLDS, p)
    at_main(g, p, "3", mp=mp)
    d = get(g, "DOUBLOONS", p)
    g.step("main:village")
    k = _village_actions(g, p)
    assert get(g, "DOUBLOONS", p) == d + k
    return k


@pytest.mark.parametrize("mp,n", VILLAGE_VECTOR)
def test_main_06_village_action_count(mp, n):
    assert _count_at(mp, False) == n


@pytest.mark.parametrize("mp,n", VILLAGE_VECTOR_SHIP01)
def test_main_06_village_action_count_with_ship_01(mp, n):
    assert _count_at(mp, True) == n


def test_tv_33_village_action_counts():
    assert [_count_at(m, False) for m in (1, 3, 4, 6, 7)] == [1, 1, 2, 2, 3]
    assert [_count_at(m, True) for m in (1, 2, 4, 5)] == [1, 2, 2, 3]


def test_main_07_village_main_action_only_in_a_village():
    g = _game(2, seed=15)
    p = g.current_player
    for key in ("11", "17", "20"):
        at_main(g, p, key, mp=7)
        assert "main:village" not in g.legal_action_names()
    # a city action that grants a village action gives exactly 1, whatever the
    # MP and even with SHIP-01 (the thresholds apply to the main action only)
    tile = g.catalog.tile_keys.index("t04")
    assert _cat_arr(g, "TILE_ACT")[tile] == K.CA_DOUBLOONS_VILLAGE
    put(g, "LOC_TILE", tile, index=loc(g, "4"))
    put(g, "DISCS", 0, p, index=K.AREA_VILLAGE_THRESHOLDS)
    put(g, "DISCS_OUT", 2, p)
    put(g, "UPGRADES", 1 << K.AREA_VILLAGE_THRESHOLDS, p)
    set_hand(g, p, [])                       # nothing to deliver
    at_main(g, p, "4", mp=7)
    d = get(g, "DOUBLOONS", p)
    g.step("main:city")
    assert get(g, "DOUBLOONS", p) == d + 2
    assert _village_actions(g, p) == 1
    assert get(g, "DOUBLOONS", p) == d + 3


# ------------------------------------------------------------------ §16 free

def test_free_01_only_in_own_phase_b():
    g = _game(2, seed=16)
    p = g.current_player
    assert g.phase == "sail"
    assert not any(n.startswith("free:") for n in g.legal_action_names())
    g.step("sail:1:mp1")
    assert any(n.startswith("free:plan") for n in g.legal_action_names())
    set_hand(g, p, get(g, "HAND", p)[:2])
    g.step("pass")
    assert g.phase == "draw"
    assert not any(n.startswith("free:") for n in g.legal_action_names())


def test_free_02_planning_needs_an_empty_space():
    g = _game(2, seed=17)
    p = g.current_player
    at_main(g, p, "1", mp=1)
    hand = [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]
    plan0 = int(get(g, "PLAN", p)[0])
    g.step("free:plan:hand1")
    assert [int(c) for c in get(g, "PLAN", p)] == [plan0, hand[1], -1]
    assert get(g, "HAND_N", p) == 3
    g.step("free:plan:hand0")
    assert [int(c) for c in get(g, "PLAN", p)] == [plan0, hand[1], hand[0]]
    # all 3 spaces full: no more planning
    assert not any(n.startswith("free:plan") for n in g.legal_action_names())
    check(g)


def test_free_03_planning_cards_are_not_hand_cards():
    g = _game(2, seed=18)
    p = g.current_player
    tob = cards_with_symbol(g, "corn", 3)          # the good of city 17's market
    other = cards_with_symbol(g, "sugar", 1)
    set_hand(g, p, tob + other + [int(get(g, "PLAN", p)[0])])   # planning area emptied
    assert (get(g, "PLAN", p) == -1).all()
    at_main(g, p, "1", mp=1)
    for _ in range(3):
        g.step("free:plan:hand0")     # the three corn cards
    plan = [int(c) for c in get(g, "PLAN", p)]
    assert sorted(plan) == sorted(tob)
    # not counted toward the hand limit: Phase C refills the hand to 4
    g.step("pass")
    while g.phase == "draw":
        g.step("draw:deck")
    assert get(g, "HAND_N", p) == 4
    assert sorted(int(c) for c in get(g, "PLAN", p)) == sorted(tob)
    # cannot be discarded: village action A discards the hand only
    at_main(g, p, "3", mp=1)
    g.step("main:village")
    g.step("vil:discard")
    assert get(g, "HAND_N", p) == 0
    assert sorted(int(c) for c in get(g, "PLAN", p)) == sorted(tob)
    # cannot be used as goods: no delivery of corn from the planning area
    assert int(_cat_arr(g, "LOC_GOOD")[loc(g, "17")]) == g.catalog.goods_keys.index("corn")
    at_main(g, p, "17", mp=1)
    g.step("main:city")
    assert g.phase != "deliver"
    # can be bought later
    h = _game(2, seed=18)
    set_hand(h, p, [])
    put(h, "DOUBLOONS", 60, p)
    at_main(h, p, "3", mp=1)
    h.step("main:village")
    names = h.legal_action_names()
    assert "buy:plan0" in names
    card = int(get(h, "PLAN", p)[0])
    h.step("buy:plan0")
    assert card in [int(c) for c in get(h, "TABLEAU", p)[: get(h, "TABLEAU_N", p)]]
    assert int(get(h, "PLAN", p)[0]) == -1


def _career_task(g, kind):
    """(career, task) of the first task of this kind in the data."""
    for c in range(8):
        for t in range(3):
            if cat_get(g, "CAR_KIND", 3 * c + t) == E.CAREER_TASKS.index(kind):
                return c, t
    raise LookupError(kind)


def test_free_04_career_task_is_a_free_action():
    g = _game(2, seed=19)
    p = g.current_player
    c, t = _career_task(g, "influence_one")
    o = 3 * c + t
    low, high = cat_get(g, "CAR_LOW", o), cat_get(g, "CAR_HIGH", o)
    dbl = cat_get(g, "CAR_DBL", o)
    put(g, "CAREER", c, p)
    put(g, "INF", [low - 1, 0, 0], p)
    at_main(g, p, "1", mp=1)
    assert f"free:career:{t}" not in g.legal_action_names()   # not met yet
    put(g, "INF", [low, 0, 0], p)
    put(g, "SHIP", loc(g, "havana"), p)
    at_phase(g, p, "sail")
    assert f"free:career:{t}" not in g.legal_action_names()   # not in Phase A
    g.step("sail:1:mp1")
    assert f"free:career:{t}" in g.legal_action_names()
    d, vp = get(g, "DOUBLOONS", p), get(g, "VP", p)
    sup, car = get(g, "FIG_SUPPLY", p), get(g, "FIG_CAREER", p)
    g.step(f"free:career:{t}")
    assert get(g, "DOUBLOONS", p) == d + dbl
    assert (get(g, "FIG_SUPPLY", p), get(g, "FIG_CAREER", p)) == (sup + 1, car - 1)
    assert get(g, "VP", p) == vp + (cat_get(g, "CAR_VP", o) if low >= high else 0)
    assert f"free:career:{t}" not in g.legal_action_names()   # once only
    check(g)


def test_free_05_figure_for_two_cp():
    g = _game(2, seed=20)
    p = g.current_player
    card = [c for c in range(157)
            if any(cat_get(g, "CARD_EFF", c * 4 + k) == K.EF_PERM_FIGURE_CP for k in range(4))][0]
    set_tableau(g, p, [card])
    put(g, "CP", 1, p)
    at_main(g, p, "1", mp=1)
    assert "free:figure:cp" in g.legal_action_names()
    g.step("free:figure:cp")
    assert get(g, "CP", p) == 3
    assert (get(g, "FIG_SUPPLY", p), get(g, "FIG_GENERAL", p)) == (1, 4)
    # also during a Combat (not only between main-action steps) at the Combat city
    at_main(g, p, next(k for i, k in enumerate(g.catalog.loc_keys)
                       if location_action(g.state, g._cat, i) == K.CA_COMBAT), mp=1)
    set_hand(g, p, [])
    g.step("main:city")
    while g.phase in ("combat_pile", "combat_nation"):
        g.step(sorted(own(g))[0])
    assert g.phase == "combat"
    assert "free:figure:cp" in g.legal_action_names()
    g.step("free:figure:cp")
    assert get(g, "CP", p) == 5 and get(g, "FIG_SUPPLY", p) == 0
    # without the card: never
    h = _game(2, seed=20)
    at_main(h, p, "1", mp=1)
    assert "free:figure:cp" not in h.legal_action_names()


# ----------------------------------------------------------------- §19 home

def test_home_01_special_cities_cannot_be_skipped():
    g = _game(2, seed=21)
    locs = {l["key"]: l for l in g.catalog.raw["board"]["location"]}
    for key in ("20", "21a", "21b", "22"):
        assert locs[key]["kind"] == "home" and locs[key]["must_stop"]
        assert cat_get(g, "LOC_SPACES", loc(g, key)) == 0     # no city market
    p = g.current_player
    put(g, "ROUND", 4)
    assert _legal_routes(g, p, "20") == {("21b", 1)}
    assert _legal_routes(g, p, "21b") == {("22", 1)}


def test_home_02_space_20_combat_or_explore_two():
    g = _game(2, seed=22)
    p = g.current_player
    at_main(g, p, "20", mp=1)
    g.step("main:city")
    assert g.phase == "choice"
    assert own(g) == {"choice:0", "choice:1"}
    h = g.clone()
    g.step("choice:0")                     # Combat
    assert g.phase in ("combat_pile", "combat_nation")
    h.step("choice:1")                     # explorer up to 2
    assert h.phase == "explore"
    targets = sorted(n for n in h.legal_action_names() if n.startswith("explore:"))
    assert targets == ["explore:s1", "explore:s2"]
    assert "pass" in h.legal_action_names()
    h.step("explore:s2")
    assert h.catalog.exp_keys[get(h, "EXPLORER", p)] == "s2"


def _trigger(g, p, key_from, key_to, take_city=True):
    put(g, "SHIP", loc(g, key_from), p)
    at_phase(g, p, "sail")
    g.step(f"sail:{key_to}:mp1")
    if take_city:
        g.step("main:city")
    if g.phase == "main":
        g.step("pass")


def test_home_03_21a_three_vp_then_interim_scoring():
    g = _game(3, seed=23)
    p = 2
    set_hand(g, p, get(g, "HAND", p)[:3])
    _trigger(g, p, "20", "21a")
    assert g.score_breakdown()[p]["homeward"] == 3
    # Phase C first, then scoring
    assert g.phase == "draw" and g.current_player == p
    g.step("draw:deck")
    assert g.phase == "score_buy" and g.round == 1


def test_home_04_21b_three_vp_no_scoring():
    g = _game(3, seed=24)
    put(g, "ROUND", 4)
    p = 0
    _trigger(g, p, "20", "21b")
    assert g.score_breakdown()[p]["homeward"] == 3
    assert get(g, "ROUND_END") == 0
    assert g.phase == "sail" and g.current_player == 1 and g.round == 4


def test_home_05_22_five_vp_then_final_scoring():
    g = _game(3, seed=25)
    put(g, "ROUND", 4)
    p = 1
    set_hand(g, p, get(g, "HAND", p)[:3])
    _trigger(g, p, "21b", "22")
    assert g.score_breakdown()[p]["homeward"] == 5
    assert g.phase == "draw"
    g.step("draw:deck")
    assert g.phase == "score_buy" and get(g, "SCORING") == 2
    while g.phase == "score_buy":
        g.step("score:vp2")
    assert g.is_over


@pytest.mark.parametrize("round_,frm,to", [(1, "20", "21a"), (4, "21b", "22")])
def test_home_06_scoring_cannot_be_declined(round_, frm, to):
    g = _game(2, seed=26)
    put(g, "ROUND", round_)
    p = g.current_player
    _trigger(g, p, frm, to, take_city=False)     # main action skipped
    assert g.score_breakdown()[p]["homeward"] == 0
    assert g.phase == "score_buy"
    while g.phase == "score_buy":
        g.step("score:vp2")
    if round_ == 4:
        assert g.is_over
    else:
        assert g.round == 2


def test_home_07_no_village_actions_on_homeward_spaces():
    g = _game(2, seed=27)
    p = g.current_player
    for r, keys in ((1, ("20", "21a")), (4, ("21b", "22"))):
        put(g, "ROUND", r)
        for key in keys:
            at_main(g, p, key, mp=7)
            names = g.legal_action_names()
            assert "main:village" not in names and "main:city" in names


def test_home_08_quest_on_homeward_space_is_one_more_option():
    g = _game(2, seed=28)
    p = g.current_player
    slot = _quest_to(g, "20", reward_vp=4)
    at_main(g, p, "20", mp=1)
    names = g.legal_action_names()
    assert "main:city" in names and f"main:quest:{slot}" in names
    g.step(f"main:quest:{slot}")
    assert get(g, "VP", p) == 4
    assert "main:city" not in g.legal_action_names()


# ---- assistants met while sailing (SAIL-07, SAIL-11, SAIL-12) ---------------

def _assistant_card(g, key):
    """An assistant card placed at location key whose action needs no payment."""
    for c in range(157):
        effs = [cat_get(g, "CARD_EFF", c * 4 + k) for k in range(4)]
        reqs = [(cat_get(g, "CARD_REQ", c * 3 + k), cat_get(g, "CARD_REQ_ARG", c * 3 + k))
                for k in range(3)]
        if K.EF_ASSISTANT not in effs:
            continue
        aa = cat_get(g, "CARD_EFF_ARG", c * 4 + effs.index(K.EF_ASSISTANT))
        if (K.RQ_ASSISTANT, loc(g, key)) in reqs and aa not in (4, 7, 8, 14, 15, 16):
            return c, aa
    raise LookupError(key)


def _place_assistant(g, p, key, card=None):
    """Player p has an assistant (placed in an earlier turn) at key."""
    if card is not None:
        set_tableau(g, p, [int(x) for x in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)]] + [card])
    src = "FIG_GENERAL" if get(g, "FIG_GENERAL", p) > 0 else "FIG_SUPPLY"
    put(g, src, get(g, src, p) - 1, p)
    put(g, "FIG_BOARD", get(g, "FIG_BOARD", p) + 1, p)
    put(g, "ASSIST", get(g, "ASSIST", p)[loc(g, key)] + 1, p, index=loc(g, key))


def _sail(g, p, frm, to_name):
    put(g, "SHIP", loc(g, frm), p)
    at_phase(g, p, "sail")
    g.step(to_name)


def test_sail_07_skipping_means_passing_without_ending():
    # ending the move on the assistant's location is not a skip ...
    g = _game(2, seed=30)
    p = g.current_player
    card, aa = _assistant_card(g, "1")
    _place_assistant(g, p, "1", card)
    check(g)
    _sail(g, p, "havana", "sail:1:mp1")
    assert g.score_breakdown()[p]["assistants"] == 0
    assert f"main:assistant:aa{aa + 1:02d}" in g.legal_action_names()
    # ... passing through it is (number-based reading, ambiguity #11)
    h = _game(2, seed=30)
    _place_assistant(h, p, "1", card)
    _sail(h, p, "havana", "sail:2:mp2")
    assert h.score_breakdown()[p]["assistants"] == 2
    assert not any(n.startswith("main:assistant") for n in h.legal_action_names())


def test_sail_11_events_on_ending_movement():
    g = _game(2, seed=31)
    p = g.current_player
    q = 1 - p
    card, aa = _assistant_card(g, "1")
    _place_assistant(g, p, "1", card)
    # another player's assistant-location income card (PERM-07) with an assistant at 1
    inc = [c for c in range(157)
           if any(cat_get(g, "CARD_EFF", c * 4 + k) == K.EF_PERM_ASSISTANT_INCOME for k in range(4))]
    inc_card = inc[0]
    k = [cat_get(g, "CARD_EFF", inc_card * 4 + j) for j in range(4)].index(K.EF_PERM_ASSISTANT_INCOME)
    gives_vp = cat_get(g, "CARD_EFF_ARG", inc_card * 4 + k) == 0
    set_tableau(g, q, [inc_card])
    _place_assistant(g, q, "1")
    check(g)
    vq, dq = get(g, "VP", q), get(g, "DOUBLOONS", q)
    h = g.clone()
    _sail(g, p, "havana", "sail:1:mp1")           # p ends the move at 1
    assert f"main:assistant:aa{aa + 1:02d}" in g.legal_action_names()
    if gives_vp:
        assert (get(g, "VP", q), get(g, "DOUBLOONS", q)) == (vq + 1, dq)
    else:
        assert (get(g, "VP", q), get(g, "DOUBLOONS", q)) == (vq, dq + 2)
    _sail(h, p, "havana", "sail:2:mp2")           # passing through: nothing for q
    assert (get(h, "VP", q), get(h, "DOUBLOONS", q)) == (vq, dq)


def test_sail_12_passing_own_assistants_scores_two_vp_each():
    g = _game(3, seed=32)
    p = g.current_player
    _place_assistant(g, p, "2")
    _place_assistant(g, p, "3")
    _place_assistant(g, p, "3")
    _place_assistant(g, p, "5")          # the stop: not skipped
    check(g)
    vp = get(g, "VP", p)
    _sail(g, p, "havana", "sail:5:mp5")
    assert get(g, "VP", p) == vp + 2 * 3
    assert g.score_breakdown()[p]["assistants"] == 6
    # other players' assistants on the way do not score for p
    h = _game(3, seed=32)
    q = (p + 1) % 3
    _place_assistant(h, q, "2")
    _sail(h, p, "havana", "sail:3:mp3")
    assert get(h, "VP", q) == 0 and get(h, "VP", p) == 0

"""Rule tests for checklist §1 Setup (SETUP-*), §2 Round and turn structure
(TURN-*) and §23 Game end (END-*), with the test vectors TV-17, TV-20,
TV-30, TV-31 and TV-58."""
import numpy as np
import pytest

from maracaibo_env import IllegalActionError
from maracaibo_env.maracaibo.core import enums as E
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
from maracaibo_env.maracaibo.core.common import empty_supply_spaces, markers_on_board, supply_left
from maracaibo_env.maracaibo.core.scoring import multipliers

from helpers import (new_game, finish_setup, get, put, loc, at_phase, refresh,
                     set_hand, check, cat_get)

COUNTS = (2, 3, 4)


def _cat_arr(g, name):
    off, size = CATALOG[name]
    return g._cat[off:off + size]


def _board_quests(g):
    """{location key: number of quest tiles lying there}."""
    out = {}
    for l, t in zip(get(g, "BQ_LOC"), get(g, "BQ_TILE")):
        if t >= 0:
            k = g.catalog.loc_keys[int(l)]
            out[k] = out.get(k, 0) + 1
    return out


def _story_rows(g, story, round_, n):
    for s in g.catalog.raw["story_cards"]["story"]:
        if s["number"] == story:
            return sorted(q["location"] for q in s["quests"]
                          if q["round"] == round_ and n in q["players"])
    raise KeyError(story)


def _score_all_vp2(g):
    while g.phase == "score_buy":
        g.step("score:vp2")


def _end_round_with(g, p, round_=1):
    """Player p ends the round: ship on 20, sails to 21a (22 via 21b in round
    IV), takes the main action, passes; every scoring step-1 choice is 2 VP."""
    put(g, "ROUND", round_)
    if round_ == 4:
        put(g, "SHIP", loc(g, "21b"), p)
        at_phase(g, p, "sail")
        g.step("sail:22:mp1")
    else:
        put(g, "SHIP", loc(g, "20"), p)
        at_phase(g, p, "sail")
        g.step("sail:21a:mp1")
    g.step("main:city")
    if g.phase == "main":
        g.step("pass")
    while g.phase == "draw":
        g.step("draw:deck")
    _score_all_vp2(g)


# ---------------------------------------------------------------- §1 board

@pytest.mark.parametrize("n", COUNTS)
def test_setup_01_two_face_down_token_piles(n):
    g = new_game(n, seed=3)
    sizes = get(g, "TPILE_N")
    assert sizes[0] > 0 and sizes[1] > 0 and sizes[0] + sizes[1] == 25
    ids = list(get(g, "TPILE0")[: sizes[0]]) + list(get(g, "TPILE1")[: sizes[1]])
    assert sorted(ids) == list(range(25))
    assert get(g, "TOKENS_OUT") == 0
    assert all(get(g, "TOKENS", p) == 0 for p in range(n))
    # shuffled: another seed gives another order
    h = new_game(n, seed=4)
    assert not np.array_equal(get(g, "TPILE0"), get(h, "TPILE0"))


@pytest.mark.parametrize("n", COUNTS)
def test_setup_02_quest_pile_and_three_explorer_quests(n):
    g = new_game(n, seed=5)
    exq = [int(t) for t in get(g, "EXQ_TILE")]
    assert len(exq) == 3 and all(0 <= t < 24 for t in exq)
    pile = [int(t) for t in get(g, "QPILE")[: get(g, "QPILE_N")]]
    board = [int(t) for t in get(g, "BQ_TILE") if t >= 0]
    assert len(board) == len(_story_rows(g, 75, 0, n))
    assert get(g, "QPILE_N") == 24 - 3 - len(board)
    assert sorted(pile + exq + board) == list(range(24))
    # the face-up pile is shuffled
    h = new_game(n, seed=6)
    assert [int(t) for t in get(h, "EXQ_TILE")] != exq or \
        not np.array_equal(get(g, "QPILE"), get(h, "QPILE"))


@pytest.mark.parametrize("n", COUNTS)
def test_setup_04_maracaibo_tile_only_with_two_players(n):
    g = new_game(n, seed=1)
    mar_tile = g.catalog.tile_keys.index("t13")
    assert _cat_arr(g, "TILE_MARACAIBO")[mar_tile] == 1
    mar_loc = [i for i in range(len(g.catalog.loc_keys)) if _cat_arr(g, "LOC_MARACAIBO")[i]]
    assert len(mar_loc) == 1
    tiles = get(g, "LOC_TILE")
    if n == 2:
        assert tiles[mar_loc[0]] == mar_tile
    else:
        assert tiles[mar_loc[0]] == -1
        assert mar_tile not in tiles


@pytest.mark.parametrize("n", COUNTS)
def test_setup_05_city_tiles_filtered_two_marked_two_random(n):
    slots = [loc(new_game(n), k) for k in ("4", "5", "13", "14")]
    special = {i for i, t in enumerate(_cat_arr(new_game(n), "TILE_SPECIAL")[:13]) if t}
    seen_others, seen_layouts = set(), set()
    for seed in range(30):
        g = new_game(n, seed=seed)
        players = _cat_arr(g, "TILE_PLAYERS")
        tiles = [int(t) for t in get(g, "LOC_TILE")[slots]]
        assert len(set(tiles)) == 4 and min(tiles) >= 0
        for t in tiles:
            assert players[t] & (1 << n), f"tile {t} is not for {n} players"
            assert not _cat_arr(g, "TILE_MARACAIBO")[t]
        # the 2 marked tiles (for this count) are always there
        marked = {t for t in special if players[t] & (1 << n)}
        assert len(marked) == 2 and marked <= set(tiles)
        seen_others |= set(tiles) - marked
        seen_layouts.add(tuple(tiles))
        # no tile anywhere else (except the 2p Maracaibo tile)
        others = [i for i, t in enumerate(get(g, "LOC_TILE")) if t >= 0 and i not in slots]
        assert len(others) == (1 if n == 2 else 0)
    assert len(seen_others) >= 3       # the 2 others are drawn at random
    assert len(seen_layouts) >= 10     # and the 4 are shuffled onto the slots


def _deck_letter(g, c):
    return int(_cat_arr(g, "CARD_DECK")[c])


@pytest.mark.parametrize("n,pile", [(2, 80), (3, 72), (4, 64)])
def test_setup_06_project_deck(n, pile):
    g = new_game(n, seed=2)
    # before any set-up decision: hands of 8 A-cards, pile + 4 market cards
    assert get(g, "DRAW_N") == pile - 4
    market = [int(c) for c in get(g, "MARKET")]
    assert all(c >= 0 for c in market)
    stock = [int(c) for c in get(g, "DRAW")[: get(g, "DRAW_N")]] + market
    a_total = int((_cat_arr(g, "CARD_DECK") == 0).sum())
    assert a_total == 56
    assert sum(1 for c in stock if _deck_letter(g, c) == 1) == 40
    assert sum(1 for c in stock if _deck_letter(g, c) == 0) == 56 - 8 * n
    for p in range(n):
        hand = [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]
        assert len(hand) == 8 and all(_deck_letter(g, c) == 0 for c in hand)
    assert get(g, "CARDS_OUT") == 101 - 40
    assert get(g, "DISCARD_N") == 0
    check(g)


@pytest.mark.parametrize("n,pile", [(2, 80), (3, 72), (4, 64)])
def test_tv_30_deck_sizes(n, pile):
    g = new_game(n, seed=9)
    assert get(g, "DRAW_N") + int((get(g, "MARKET") >= 0).sum()) == pile
    assert get(g, "DRAW_N") == {2: 76, 3: 68, 4: 60}[n]


@pytest.mark.parametrize("n", (3, 4))
def test_setup_08_ownership_supply_full(n):
    g = new_game(n, seed=1)
    for nat in range(3):
        assert supply_left(g.state, nat) == 13
        assert empty_supply_spaces(g.state, nat) == 0
        assert markers_on_board(g.state, g._cat, nat) == 0
    assert (get(g, "LOC_MARKER") == -1).all()
    # supply spaces hold 1 + 6 x 2 markers (data)
    assert g.catalog.raw["influence"]["supply"]["spaces"] == [1, 2, 2, 2, 2, 2, 2]


def _two_player_markers(g):
    where = {}
    for i, m in enumerate(get(g, "LOC_MARKER")):
        if m >= 0:
            where[g.catalog.loc_keys[i]] = E.NATIONS[int(m)]
    return where


def test_setup_09_two_player_markers():
    g = new_game(2, seed=8)
    assert _two_player_markers(g) == {"6": "spain", "7": "england", "8": "france"}
    for nat in range(3):
        assert supply_left(g.state, nat) == 12
        assert empty_supply_spaces(g.state, nat) == 1
        assert markers_on_board(g.state, g._cat, nat) == 1
    # tied 1-1-1 on the board: every nation takes the top majority bonus
    out = np.zeros(3, np.int64)
    multipliers(g.state, g._cat, out)
    assert list(out) == [1 + 2, 1 + 2, 1 + 2]


def test_tv_31_two_player_starting_markers():
    g = new_game(2, seed=0)
    assert _two_player_markers(g) == {"6": "spain", "7": "england", "8": "france"}
    assert [int(x) for x in get(g, "SUP_TAKEN")] == [1, 1, 1]
    assert [empty_supply_spaces(g.state, n) for n in range(3)] == [1, 1, 1]
    # 3 and 4 players: no starting markers
    assert _two_player_markers(new_game(3, seed=0)) == {}


@pytest.mark.parametrize("n", COUNTS)
def test_setup_10_prestige_buildings(n):
    layouts = set()
    for seed in range(12):
        g = new_game(n, seed=seed)
        b = [int(x) for x in get(g, "PR_BUILD")]
        assert len(set(b)) == 4 and all(0 <= x < 8 for x in b)
        assert get(g, "PR_REVEALED") == 1          # only space I face-up
        assert get(g, "PR_INVESTORS").sum() == 0
        layouts.add(tuple(b))
    assert len(layouts) >= 6


@pytest.mark.parametrize("n", COUNTS)
def test_setup_11_general_supply_untouched(n):
    """Synergy tokens, combat tokens and VP tokens start in the general supply:
    no player holds any; non-campaign games place no legacy tile or story tile."""
    g = finish_setup(new_game(n, seed=2))
    for p in range(n):
        assert get(g, "SYNERGY", p) == 0
        assert get(g, "TOKENS", p) == 0
        assert get(g, "QUESTS", p) == 0
        assert get(g, "VP", p) == 0


# -------------------------------------------------------------- §1 players

@pytest.mark.parametrize("n", COUNTS)
def test_setup_12_two_discs_on_each_area(n):
    g = finish_setup(new_game(n, seed=1))
    for p in range(n):
        assert list(get(g, "DISCS", p)) == [2] * 12
        assert get(g, "DISCS_OUT", p) == 0 and get(g, "UPGRADES", p) == 0


@pytest.mark.parametrize("n", COUNTS)
def test_setup_13_starting_positions(n):
    g = finish_setup(new_game(n, seed=4))
    for p in range(n):
        assert get(g, "VP", p) == 0
        assert get(g, "SHIP", p) == loc(g, "havana")
        assert get(g, "EXPLORER", p) == cat_get(g, "EXP_START")
        assert g.catalog.exp_keys[get(g, "EXPLORER", p)] == "s0"
        assert list(get(g, "INF", p)) == [0, 0, 0]
        assert get(g, "CP", p) == 1
        assert get(g, "DINC", p) == 8
        assert get(g, "VINC", p) == 0


@pytest.mark.parametrize("n", COUNTS)
def test_setup_14_figures_and_two_career_cards(n):
    g = new_game(n, seed=7)
    opts = []
    for p in range(n):
        assert get(g, "FIG_SUPPLY", p) == 2
        o = [int(x) for x in get(g, "CAREER_OPT", p)]
        assert len(set(o)) == 2 and all(0 <= c < 8 for c in o)
        opts += o
        assert get(g, "CAREER", p) == -1
    assert len(set(opts)) == 2 * n


@pytest.mark.parametrize("n", COUNTS)
def test_setup_15_start_player_and_money(n):
    starts = set()
    for seed in range(20):
        g = new_game(n, seed=seed)
        s = get(g, "START")
        starts.add(s)
        assert g.current_player == s
        for k in range(n):
            assert get(g, "DOUBLOONS", (s + k) % n) == 8 + k
        assert get(new_game(n, seed=seed), "START") == s   # seeded
    assert starts == set(range(n))


def test_tv_20_starting_money():
    g = new_game(4, seed=11)
    s = get(g, "START")
    assert [get(g, "DOUBLOONS", (s + k) % 4) for k in range(4)] == [8, 9, 10, 11]
    g = new_game(3, seed=11)
    s = get(g, "START")
    assert [get(g, "DOUBLOONS", (s + k) % 3) for k in range(3)] == [8, 9, 10]


@pytest.mark.parametrize("n,expected", [(2, {"15": 1}), (3, {"15": 1, "18": 1}),
                                        (4, {"15": 1, "18": 1, "19": 1})])
def test_setup_16_card_75_setup_quests(n, expected):
    g = new_game(n, seed=12, story=75)
    assert _board_quests(g) == expected


@pytest.mark.parametrize("n,expected", [(2, {"15"}), (3, {"15", "18"}), (4, {"15", "18", "19"})])
def test_tv_17_card_75_setup(n, expected):
    for seed in (0, 1):
        g = new_game(n, seed=seed)
        assert set(_board_quests(g)) == expected


@pytest.mark.parametrize("story", (76, 77))
@pytest.mark.parametrize("n", COUNTS)
def test_setup_17_story_76_77_setup_quests(story, n):
    """Cards 76/77 (from the second game on): their set-up quest placements
    (data); their story-card and legacy-tile contents are not modelled."""
    g = new_game(n, seed=2, story=story)
    rows = _story_rows(g, story, 0, n)
    got = _board_quests(g)
    assert sorted(k for k, c in got.items() for _ in range(c)) == rows
    assert get(g, "QPILE_N") == 24 - 3 - len(rows)


@pytest.mark.parametrize("n", COUNTS)
def test_setup_19_starting_card_split(n):
    g = new_game(n, seed=13)
    dealt = {p: [int(c) for c in get(g, "HAND", p)[:8]] for p in range(n)}
    s = get(g, "START")
    order = []
    while g.phase.startswith("setup"):
        p = g.current_player
        if not order or order[-1] != p:
            order.append(p)
        if g.phase == "setup_plan":
            assert len(g.legal_actions()) == 8
            g.step("setup:plan:hand2")
        elif g.phase == "setup_discard":
            assert len(g.legal_actions()) == get(g, "HAND_N", p)
            g.step("setup:discard:hand0")
        else:
            g.step("career:0")
    # one player at a time, clockwise from the start player (ruling SETUP-19)
    assert order == [(s + k) % n for k in range(n)]
    discard = [int(c) for c in get(g, "DISCARD")[: get(g, "DISCARD_N")]]
    assert len(discard) == 3 * n
    for p in range(n):
        hand = [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]
        plan = [int(c) for c in get(g, "PLAN", p) if c >= 0]
        assert len(hand) == 4 and len(plan) == 1
        assert plan == [dealt[p][2]]
        mine = [c for c in discard if c in dealt[p]]
        assert len(mine) == 3
        assert sorted(hand + plan + mine) == sorted(dealt[p])
    check(g)


@pytest.mark.parametrize("n", COUNTS)
def test_setup_20_career_choice(n):
    g = new_game(n, seed=14)
    opts = {p: [int(x) for x in get(g, "CAREER_OPT", p)] for p in range(n)}
    picks = {}
    while g.phase.startswith("setup"):
        p = g.current_player
        if g.phase == "setup_career":
            assert g.legal_action_names() == ["career:0", "career:1"]
            picks[p] = p % 2
            g.step(f"career:{p % 2}")
        else:
            g.step(g.legal_actions()[0])
    for p in range(n):
        assert get(g, "CAREER", p) == opts[p][picks[p]]
        assert get(g, "CAREER_DONE", p) == 0
        # test vector: 2 in supply, 3 on the career card, 3 general, 0 on the board
        assert (get(g, "FIG_SUPPLY", p), get(g, "FIG_CAREER", p),
                get(g, "FIG_GENERAL", p), get(g, "FIG_BOARD", p)) == (2, 3, 3, 0)


def _matrix(n):
    g = new_game(n, seed=21)
    s = get(g, "START")
    mar = g.catalog.tile_keys.index("t13")
    return dict(
        maracaibo=mar in get(g, "LOC_TILE"),
        tiles_ok=all(_cat_arr(g, "TILE_PLAYERS")[t] & (1 << n) for t in get(g, "LOC_TILE") if t >= 0),
        markers=sorted(_two_player_markers(g)),
        quests=sorted(_board_quests(g)),
        money=[get(g, "DOUBLOONS", (s + k) % n) for k in range(n)],
        pile=get(g, "DRAW_N") + 4,
    )


def test_setup_21_two_player_matrix():
    assert _matrix(2) == dict(maracaibo=True, tiles_ok=True, markers=["6", "7", "8"],
                              quests=["15"], money=[8, 9], pile=80)


def test_setup_22_three_player_matrix():
    assert _matrix(3) == dict(maracaibo=False, tiles_ok=True, markers=[],
                              quests=["15", "18"], money=[8, 9, 10], pile=72)


def test_setup_23_four_player_matrix():
    assert _matrix(4) == dict(maracaibo=False, tiles_ok=True, markers=[],
                              quests=["15", "18", "19"], money=[8, 9, 10, 11], pile=64)


# --------------------------------------------------------------- §2 turns

def test_turn_01_round_ends_on_21a_after_phase_b_and_c():
    g = finish_setup(new_game(3, seed=1))
    p = 1
    put(g, "SHIP", loc(g, "20"), p)
    at_phase(g, p, "sail")
    assert g.legal_action_names() == ["sail:21a:mp1"]
    g.step("sail:21a:mp1")
    # the triggering player still has Phase B ...
    assert (g.phase, g.current_player, g.round) == ("main", p, 1)
    assert get(g, "ROUND_END") == 1
    g.step("main:city")
    assert get(g, "VP", p) == 3
    # ... and Phase C: with 2 cards in hand, two draws come before scoring
    set_hand(g, p, get(g, "HAND", p)[:2])
    g.step("pass")
    assert (g.phase, g.current_player) == ("draw", p)
    g.step("draw:deck")
    g.step("draw:deck")
    assert get(g, "HAND_N", p) == 4
    assert g.phase == "score_buy" and g.round == 1
    _score_all_vp2(g)
    assert g.round == 2 and g.phase == "sail"
    # stopping anywhere else (here 20) does not end the round
    g2 = finish_setup(new_game(3, seed=1))
    put(g2, "SHIP", loc(g2, "19"), 0)
    at_phase(g2, 0, "sail")
    g2.step("sail:20:mp1")
    assert get(g2, "ROUND_END") == 0


def test_turn_02_phases_in_order_then_clockwise():
    for n in COUNTS:
        g = finish_setup(new_game(n, seed=n))
        s = g.current_player
        assert g.phase == "sail"
        seen = []
        for k in range(n + 1):
            p = g.current_player
            seen.append(p)
            assert g.phase == "sail"                           # A
            g.step("sail:1:mp1")
            assert g.phase == "main" and g.current_player == p  # B
            set_hand(g, p, get(g, "HAND", p)[:3])
            g.step("pass")
            assert g.phase == "draw" and g.current_player == p  # C
            g.step("draw:deck")
            put(g, "SHIP", loc(g, "havana"), p)
        assert seen == [(s + k) % n for k in range(n + 1)]


@pytest.mark.parametrize("n,trigger", [(4, 2), (4, 3), (3, 0), (2, 1)])
def test_turn_03_next_round_starts_left_of_trigger(n, trigger):
    g = finish_setup(new_game(n, seed=5))
    _end_round_with(g, trigger)
    assert g.round == 2 and g.phase == "sail"
    assert g.current_player == (trigger + 1) % n
    assert get(g, "TURN_P") == (trigger + 1) % n


def test_tv_58_round_hand_off():
    g = finish_setup(new_game(4, seed=6))
    _end_round_with(g, 2)
    assert (g.round, g.current_player) == (2, 3)


def test_turn_04_nobody_can_pass_the_sailing():
    g = finish_setup(new_game(2, seed=0))
    for key in ("havana", "5", "11", "19", "20"):
        p = g.current_player
        put(g, "SHIP", loc(g, key), p)
        at_phase(g, p, "sail")
        names = g.legal_action_names()
        assert "pass" not in names and names
        assert all(n.startswith("sail:") and n.split(":")[1] != key for n in names)
        with pytest.raises(IllegalActionError):
            g.step("pass")


def test_turn_05_round_end_no_more_turns_ships_home():
    g = finish_setup(new_game(3, seed=2))
    put(g, "SHIP", loc(g, "5"), 1)
    put(g, "SHIP", loc(g, "3"), 2)
    turns = get(g, "TURN_COUNT")
    _end_round_with(g, 0)
    # players 1 and 2 never got another turn of round I
    assert get(g, "TURN_COUNT") == turns + 1
    assert g.round == 2 and g.current_player == 1 and g.phase == "sail"
    assert [get(g, "SHIP", p) for p in range(3)] == [loc(g, "havana")] * 3


def test_turn_06_game_ends_after_final_scoring():
    g = finish_setup(new_game(2, seed=3))
    _end_round_with(g, 0, round_=4)
    assert g.is_over and g.phase == "game_over" and g.current_player == -1
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError):
        g.step("pass")


# ---------------------------------------------------------------- §23 end

def _final_from(g, p=0):
    """Round IV: player p ends the game; everyone takes 2 VP in step 1."""
    _end_round_with(g, p, round_=4)
    assert g.is_over


def test_end_01_most_vp_wins_ties_share():
    g = finish_setup(new_game(3, seed=4))
    put(g, "VP", 40, 0)
    put(g, "VP_SRC", 40, 0, index=16)
    put(g, "VP", 45, 2)
    put(g, "VP_SRC", 45, 2, index=16)
    put(g, "VP", 10, 1)
    put(g, "VP_SRC", 10, 1, index=16)
    # player 0 ends the game with 21b -> 22: +5 VP; everyone +2 in step 1
    _final_from(g, 0)
    s = g.scores()
    assert s[0] == s[2] and s[0] > s[1]
    assert g.winners() == [0, 2]


def test_end_03_leftovers_score_nothing():
    def play(extra):
        g = finish_setup(new_game(2, seed=7))
        for p in range(2):
            put(g, "DOUBLOONS", 0, p)    # nobody can buy in step 1
        if extra:
            put(g, "CP", 8, 0)
            put(g, "FIG_SUPPLY", 4, 0)
            put(g, "FIG_GENERAL", 1, 0)
            put(g, "PLAN", int(get(g, "HAND", 0)[0]), 0, index=1)
            put(g, "HAND", [int(x) for x in get(g, "HAND", 0)[1:]] + [-1], 0)
            put(g, "HAND_N", 3, 0)
        else:
            put(g, "CP", 0, 0)
            set_hand(g, 0, [])
        check(g)
        put(g, "ROUND", 4)
        put(g, "SHIP", loc(g, "21b"), 0)
        at_phase(g, 0, "sail")
        g.step("sail:22:mp1")
        put(g, "DOUBLOONS", 50 if extra else 0, 0)   # leftover money, still unspendable now
        refresh(g)
        g.step("main:city")
        if g.phase == "main":
            g.step("pass")
        while g.phase == "draw":
            g.step("draw:deck")
        _score_all_vp2(g)
        assert g.is_over
        return g

    rich, poor = play(True), play(False)
    assert rich.scores()[0] == poor.scores()[0]
    assert rich.score_breakdown()[0] == poor.score_breakdown()[0]


def test_end_04_score_is_an_unbounded_integer():
    g = finish_setup(new_game(2, seed=1))
    put(g, "VP", 198, 0)
    put(g, "VP_SRC", 198, 0, index=16)
    put(g, "VINC", 20 - 1, 0)
    _final_from(g, 0)
    # 198 + 5 (space 22) + 2 (step 1) + 19 (VP income) + doubloon-track VP;
    # no cards, no influence: nothing else scores
    dvp = int(_cat_arr(g, "DINC_VP")[get(g, "DINC", 0)])
    assert g.scores()[0] == 198 + 5 + 2 + 19 + dvp
    assert g.scores()[0] > 200
    assert sum(g.score_breakdown()[0].values()) == g.scores()[0]

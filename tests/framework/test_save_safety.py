"""Saved games that cannot crash anything (issue 9, section 3): every field the
core uses as an index or a count is validated on load, and a bad one is
rejected with an error naming the field, its value and what is allowed."""
import copy
import json

import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.enums import OPS, CHOICES, PHASES
from maracaibo_env.maracaibo.game import FORMAT_VERSION
from maracaibo_env.maracaibo.invariants import check_invariants
from maracaibo_env.maracaibo.validate import StateError, state_problems, VALUE_MAX


def _play_until(n, seed, want, **kw):
    """A game played with random moves until want(game) holds."""
    g = Game(n, seed=seed, **kw)
    rng = np.random.default_rng(seed)
    for _ in range(2000):
        if want(g):
            return g
        g.step(int(rng.choice(g.legal_actions())))
    raise AssertionError("state not reached")


@pytest.fixture(scope="module")
def mid3():
    """A 3-player game in round 2, main phase (no pending task)."""
    return _play_until(3, 4, lambda g: g.round == 2 and g.phase == "main")


@pytest.fixture(scope="module")
def combat3():
    return _play_until(3, 9, lambda g: g.phase == "combat")


@pytest.fixture(scope="module")
def solo():
    return _play_until(1, 3, lambda g: g.round == 2 and g.phase == "sail", difficulty="hard")


def _load(d):
    return Game.from_dict(d)


def _rejects(d, *needles):
    with pytest.raises(ValueError) as info:
        Game.from_dict(d)
    msg = str(info.value)
    for needle in needles:
        assert needle in msg, msg
    return msg


def test_valid_states_load_exactly_and_record_the_data_hash(mid3, combat3, solo):
    for g in (mid3, combat3, solo):
        d = g.to_dict()
        assert d["format"] == FORMAT_VERSION == 5
        assert d["data_hash"] == g.catalog.data_hash and len(d["data_hash"]) == 64
        h = Game.from_json(json.dumps(d))
        assert np.array_equal(h.state, g.state) and h.legal_actions() == g.legal_actions()
        assert state_problems(g.state, g.catalog) == []


def test_a_format_2_save_still_loads_with_every_option_off(mid3):
    """Format 3 added the options (legacy tiles, variants); a format-2 save lacks those fields."""
    d = mid3.to_dict()
    d["format"] = 2
    del d["state"]["LEGACY"], d["state"]["VARIANTS"]
    h = Game.from_dict(d)
    assert np.array_equal(h.state, mid3.state)
    assert h.options["legacy"] == () and not h.options["retirement"] and not h.options["open_prestige"]
    d = mid3.to_dict()          # a format-3 save must have them
    del d["state"]["LEGACY"]
    _rejects(d, "lacks fields: LEGACY")


# ---- the envelope ------------------------------------------------------------------------------
def test_not_a_dict_and_wrong_format(mid3):
    with pytest.raises(ValueError, match="saved game is a dict"):
        Game.from_dict([1, 2])
    d = mid3.to_dict()
    d["format"] = 1
    _rejects(d, "format 1", "older")
    d["format"] = "2"
    _rejects(d, "'format' is '2'")
    d = mid3.to_dict()
    del d["format"]
    _rejects(d, "'format' is None")


def test_unknown_or_missing_keys(mid3):
    d = mid3.to_dict()
    d["extra"] = 1
    _rejects(d, "keys", "extra")
    d = mid3.to_dict()
    del d["data_hash"]
    _rejects(d, "keys")


def test_other_game_data_is_refused_unless_overridden(mid3):
    d = mid3.to_dict()
    d["data_hash"] = "0" * 64
    _rejects(d, "data_hash = 0000", "other game data", "ignore_data_hash=True")
    g = Game.from_dict(d, ignore_data_hash=True)  # then validated against this data
    assert np.array_equal(g.state, mid3.state)
    d["data_hash"] = 5
    _rejects(d, "data_hash = 5")


def test_data_hash_changes_with_the_data():
    import dataclasses
    base = load_catalog()
    arr = base.array.copy()
    arr[0] += 1
    other = dataclasses.replace(base, array=arr)
    assert other.data_hash != base.data_hash
    # the campaign's story cards (the catalog's last fields) have their own hash (issue 27)
    arr = base.array.copy()
    arr[-1] += 1
    other = dataclasses.replace(base, array=arr)
    assert other.story_hash != base.story_hash and other.data_hash == base.data_hash
    keys = dataclasses.replace(base, loc_keys=base.loc_keys[:-1] + ["renamed"])
    assert keys.data_hash != base.data_hash
    assert dataclasses.replace(base).data_hash == base.data_hash


def test_from_json_rejects_non_json_bad_utf8_and_deep_nesting():
    for text in ("{not json", b"\xff\xfe{}", "[" * 100000 + "]" * 100000, '"a string"'):
        with pytest.raises(ValueError, match="JSON|saved game is a dict"):
            Game.from_json(text)


# ---- the field shapes (pack_state) ----------------------------------------------------------------
@pytest.mark.parametrize("edit, needle", [
    (lambda s: s.pop("ROUND"), "lacks fields: ROUND"),
    (lambda s: s.__setitem__("BOGUS", 1), "unknown fields: BOGUS"),
    (lambda s: s.__setitem__("ROUND", 2.0), "field ROUND: 2.0 is not an int"),
    (lambda s: s.__setitem__("ROUND", True), "field ROUND: True is not an int"),
    (lambda s: s.__setitem__("ROUND", 2**31), "field ROUND: 2147483648 is not an int in the int32 range"),
    (lambda s: s.__setitem__("RNG", [1]), "field RNG: expected a list of 2 ints"),
    (lambda s: s["players"][1].__setitem__("HAND", "abc"), "field players[1].HAND: expected a list"),
    (lambda s: s["players"][0]["INF"].__setitem__(1, None), "field players[0].INF[1]: None"),
    (lambda s: s["players"].pop(), "state.players must be a list of 4"),
    (lambda s: s["players"][2].pop("CP"), "players[2] must have exactly the fields"),
])
def test_malformed_fields_name_the_field(mid3, edit, needle):
    d = mid3.to_dict()
    edit(d["state"])
    _rejects(d, needle)


# ---- ranges, ids, counts --------------------------------------------------------------------------
def _set(d, path, value):
    """path like 'ROUND', 'players[1].SHIP', 'players[0].INF[2]', 'STK[5]'."""
    box = d["state"]
    if path.startswith("players["):
        box = box["players"][int(path[8])]
        path = path[11:]
    name, _, idx = path.partition("[")
    if idx:
        box[name][int(idx[:-1])] = value
    else:
        box[name] = value


@pytest.mark.parametrize("path, value, needle", [
    ("NP", 5, "NP = 5: allowed 2..4"),
    ("NP", 1, "NP = 1"),
    ("SOLO", 1, "SOLO = 1: a solo game has NP = 2"),
    ("ROUND", 0, "ROUND = 0: allowed 1..4"),
    ("PHASE", 99, "PHASE = 99"),
    ("CUR", 3, "CUR = 3: allowed -1..2"),
    ("STORY", 3, "STORY = 3"),
    ("DIFFICULTY", 5, "DIFFICULTY = 5"),
    ("RNG", [0, 0], "RNG = [0, 0]: a nonzero generator state"),
    ("MP_SPENT", 8, "MP_SPENT = 8: allowed 0..7"),
    ("STK_N", 48, "STK_N = 48: allowed 0..24"),
    ("DRAW_N", 158, "DRAW_N = 158"),
    ("QPILE_N", 25, "QPILE_N = 25"),
    ("LOC_MARKER[31]", 0, "LOC_MARKER[31] = 0: -1"),
    ("LOC_TILE[0]", 13, "LOC_TILE[0] = 13"),
    ("TPILE0[0]", 25, "TPILE0[0] = 25: an id 0..24"),
    ("MARKET[0]", 157, "MARKET[0] = 157: allowed -1..156"),
    ("players[0].SHIP", 24, "players[0].SHIP = 24: allowed 0..23"),
    ("players[1].EXPLORER", 29, "players[1].EXPLORER = 29: allowed 0..28"),
    ("players[0].INF[1]", 13, "players[0].INF[1] = 13: allowed 0..12"),
    ("players[2].CP", 9, "players[2].CP = 9: allowed 0..8"),
    ("players[0].DINC", 35, "players[0].DINC = 35"),
    ("players[0].HAND_N", 13, "players[0].HAND_N = 13: allowed 0..12"),
    ("players[0].HAND[0]", 157, "players[0].HAND[0] = 157: an id 0..156"),
    ("players[0].HAND[0]", -1, "players[0].HAND[0] = -1: an id 0..156"),
    ("players[1].TABLEAU_N", 61, "players[1].TABLEAU_N = 61: allowed 0..60"),
    ("players[1].CAREER", 8, "players[1].CAREER = 8"),
    ("players[1].PLAN[2]", 200, "players[1].PLAN[2] = 200"),
    ("players[0].CARD_QUEST[0]", 24, "players[0].CARD_QUEST[0] = 24"),
    ("players[0].ASSIST[30]", 1, "players[0].ASSIST[30] = 1"),
    ("players[0].VP", VALUE_MAX + 1, "players[0].VP = 1000001: allowed 0..1000000 (int32 headroom)"),
    ("players[0].DOUBLOONS", -1, "players[0].DOUBLOONS = -1"),
    ("players[3].VP", 1, "players[3].VP = 1: 0 (seat 3 is not in a 3-seat game)"),
    ("AUTOMA_N", 2, "AUTOMA_N = 2: 0 (Automa fields are used only in a solo game"),
    ("players[0].BARRIERS", 1, "players[0].BARRIERS = 1: a bitmask of barriers"),
    ("OVER", 1, ": -1 exactly once the game is over (OVER = 1)"),
])
def test_out_of_range_fields_are_named(mid3, path, value, needle):
    d = mid3.to_dict()
    _set(d, path, value)
    with pytest.raises(StateError) as info:
        Game.from_dict(d)
    assert needle in str(info.value), str(info.value)


def test_ids_must_be_unique_and_conserved(mid3):
    s = mid3.to_dict()["state"]
    d = mid3.to_dict()
    d["state"]["players"][0]["HAND"][0] = s["MARKET"][0]  # a card in two places
    _rejects(d, "each project card in one place only", "MARKET")
    d = mid3.to_dict()
    tile = next(t for t in s["BQ_TILE"] if t >= 0) if max(s["BQ_TILE"]) >= 0 else s["QPILE"][0]
    d["state"]["EXQ_TILE"][0] = tile
    _rejects(d, "each quest tile in one place only")
    d = mid3.to_dict()
    d["state"]["TOKENS_OUT"] += 1
    _rejects(d, "combat tokens", "accounted for")
    d = mid3.to_dict()
    d["state"]["players"][0]["FIG_SUPPLY"] += 1
    _rejects(d, "players[0].FIG_*", "8 figures in all")
    d = mid3.to_dict()
    d["state"]["players"][1]["VP"] += 1
    _rejects(d, "players[1].VP", "the sum of VP_SRC")
    d = mid3.to_dict()
    d["state"]["SUP_TAKEN"][2] += 1
    _rejects(d, "SUP_TAKEN[2]", "markers on the board")
    d = mid3.to_dict()
    d["state"]["CARDS_OUT"] += 1
    _rejects(d, "cards", "all 157 project cards")


def test_board_fields_beyond_ranges(mid3):
    d = mid3.to_dict()
    havana = load_catalog().loc_keys.index("havana")
    d["state"]["LOC_MARKER"][havana] = 0
    d["state"]["SUP_TAKEN"][0] += 1
    _rejects(d, f"LOC_MARKER[{havana}] = 0", "only in villages and on flag cities")
    d = mid3.to_dict()
    d["state"]["LOC_TILE"][havana] = 0
    _rejects(d, f"LOC_TILE[{havana}] = 0", "no city tile slot")


# ---- the task stack ------------------------------------------------------------------------------------
def _push(d, op, p, a, b):
    s = d["state"]
    n = s["STK_N"]
    s["STK"][4 * n: 4 * n + 4] = [OPS.index(op), p, a, b]
    s["STK_N"] = n + 1


@pytest.mark.parametrize("task, needle", [
    ((99, 0, 0, 0), "STK task 0 (STK[0..3]) op = 99"),
    (("combat", 0, 3, 12 | 3), "STK task 0 (combat) b = 15: nation bits"),
    (("combat", 0, 30, 3), "STK task 0 (combat) a = 30: the revealed token"),
    (("combat", 0, -1, -5), "STK task 0 (combat) b = -5"),
    (("choice", 0, 42, 0), "STK task 0 (choice) a = 42: a choice kind"),
    (("choice", 0, CHOICES.index("quest_space"), 3), "STK task 0 (choice) b = 3: allowed 0..2"),
    (("remove_disc", 0, 1, 2 | (40 << 4)), "STK task 0 (remove_disc) b"),
    (("village", 0, 10**6, 0), "STK task 0 (village) a = 1000000"),
    (("pay", 0, 7, 1), "STK task 0 (pay) a = 7: allowed 0..6"),
    (("deliver", 0, 0, 0), "STK task 0 (deliver) a = 0: a location of kind city"),
    (("place", 0, 3, 0), "STK task 0 (place) a = 3"),
    (("nation", 5, 1, 0), "STK task 0 (nation) player = 5"),
    (("extra_sail", 0, 9, 0), "STK task 0 (extra_sail) a = 9"),
])
def test_task_stack_entries_by_opcode(mid3, task, needle):
    d = mid3.to_dict()
    op, p, a, b = task
    if isinstance(op, str):
        _push(d, op, p, a, b)
    else:
        s = d["state"]
        s["STK"][0:4] = [op, p, a, b]
        s["STK_N"] = 1
    _rejects(d, needle)


def test_stack_entries_past_the_count_and_phase_vs_top_task(mid3, combat3):
    d = mid3.to_dict()
    d["state"]["STK"][7] = 3
    _rejects(d, "STK[7] = 3: 0 (past the 0 pending tasks")
    d = mid3.to_dict()
    _push(d, "explore", mid3.current_player, 2, 0)  # phase stays 'main'
    _rejects(d, "PHASE = main: 'explore', the phase of the top task")
    d = combat3.to_dict()
    d["state"]["CUR"] = (combat3.current_player + 1) % 3
    _rejects(d, "CUR =", "the player of the top task (combat)")
    d = mid3.to_dict()
    _push(d, "main_done", mid3.current_player, 0, 0)
    d["state"]["PHASE"] = PHASES.index("draw")
    _rejects(d, "STK task 0 (main_done)", "never on top")


def test_game_over_must_be_consistent(mid3):
    d = mid3.to_dict()
    d["state"]["OVER"], d["state"]["CUR"] = 1, -1
    _rejects(d, "OVER = 1: 1 exactly when PHASE is 'game_over'")


def test_solo_seat_rules(solo):
    d = solo.to_dict()
    d["state"]["CUR"] = 1
    d["state"]["TURN_P"] = 1
    _rejects(d, "CUR = 1: 0: in a solo game Jean's turns are played by the engine")
    d = solo.to_dict()
    d["state"]["players"][1]["DOUBLOONS"] = 3
    _rejects(d, "players[1].DOUBLOONS = 3: 0 (Jean, SOLO-02)")
    d = solo.to_dict()
    d["state"]["AUTOMA_N"] -= 1
    _rejects(d, "AUTOMA_N + AUTOMA_DISCARD_N = ")
    d = solo.to_dict()
    d["state"]["AUTOMA_LOG"][0] = 99
    d["state"]["AUTOMA_LOG_N"] = max(1, d["state"]["AUTOMA_LOG_N"])
    _rejects(d, "AUTOMA_LOG[0] = 99: an event id")


def test_ship_that_cannot_sail_and_state_not_at_a_decision(mid3):
    d = mid3.to_dict()
    last = load_catalog().loc_keys.index("22")  # the end of the route: no arrow leaves it
    p = (mid3.current_player + 1) % 3
    d["state"]["players"][p]["SHIP"] = last
    _rejects(d, f"players[{p}].SHIP = {last}: a location with an arrow open in round 2")
    # the current player's phase with nothing legal: the engine reports it
    g = _play_until(2, 1, lambda g: g.phase == "sail" and g.round == 1)
    d = g.to_dict()
    d["state"]["PHASE"] = PHASES.index("setup_career")
    msg = _rejects(d)
    assert "set-up" in msg or "PHASE" in msg


def test_check_invariants_is_the_non_strict_validation(mid3):
    assert check_invariants(mid3.state, mid3.catalog) == []
    assert check_invariants(mid3.state, mid3.catalog, strict=True) == []
    s = mid3.state.copy()
    s[L.field_slice("CP", 0)] = 9
    assert any("players[0].CP = 9" in m for m in check_invariants(s, mid3.catalog))


def test_every_phase_of_random_games_passes_strict_validation():
    """No false rejections: every state the API hands out is valid (all
    player counts, stories, solo levels and tables)."""
    for seed, (n, kw) in enumerate([(2, {}), (3, {"story": 76}), (4, {"story": 77}),
                                     (1, {"difficulty": "very_hard", "automa_table": "de"})]):
        g = Game(n, seed=50 + seed, **kw)
        rng = np.random.default_rng(seed)
        while True:
            assert state_problems(g.state, g.catalog) == [], (n, g.phase)
            if g.is_over:
                break
            g.step(int(rng.choice(g.legal_actions())))


def test_validation_leaves_the_state_untouched(combat3):
    before = combat3.state.copy()
    state_problems(combat3.state, combat3.catalog)
    assert np.array_equal(before, combat3.state)


def test_state_problems_rejects_wrong_arrays():
    cat = load_catalog()
    assert "int32 array" in state_problems(np.zeros(5, np.int32), cat)[0]
    assert "int32 array" in state_problems(np.zeros(K.STATE_SIZE, np.int64), cat)[0]
    assert "NP = 0" in state_problems(np.zeros(K.STATE_SIZE, np.int32), cat)[0]


def test_many_problems_are_summarised(mid3):
    d = copy.deepcopy(mid3.to_dict())
    for p in range(3):
        d["state"]["players"][p]["CP"] = 50
        d["state"]["players"][p]["SHIP"] = 99
    with pytest.raises(StateError) as info:
        Game.from_dict(d)
    assert len(info.value.problems) == 6 and "players[2].SHIP = 99" in str(info.value)


def test_story_quests_still_to_come_need_room_on_the_board():
    """Found by the crafted fuzzer: a round set back replays the story card's
    placements (INT-06); more tiles than the board's quest slots would be lost."""
    g = _play_until(4, 2, lambda g: g.phase == "sail" and g.round == 1)
    d = g.to_dict()
    s = d["state"]
    assert state_problems(g.state, g.catalog) == []
    while sum(t >= 0 for t in s["BQ_TILE"]) < L.BOARD_QUEST_CAP - 9 + 1:   # 9 still to come in rounds 1-3
        k = s["BQ_TILE"].index(-1)
        s["QPILE_N"] -= 1
        s["BQ_TILE"][k], s["QPILE"][s["QPILE_N"]] = s["QPILE"][s["QPILE_N"]], -1
        s["BQ_LOC"][k], s["BQ_AGE"][k] = 5, s["BQ_NEXT_AGE"]
        s["BQ_NEXT_AGE"] += 1
    _rejects(d, "BQ_TILE = 8 tiles lying: at most 7: the story card still places 9")

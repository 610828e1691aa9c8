"""Pirates of Maracaibo's `strategist` heuristic: `tuned` with three terms
added to the heuristics' weights (pass_cost, race, quest_prospect), each off
(0) in every older strategy. It is registered and plays legal complete games
in every player count; the older strategies play exactly the games they
played before the terms existed (scores recorded before the change); and
each term values what the rulebook says it should."""
import numpy as np
import pytest

from maracaibo_env.agents import registry as A
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.agents import heuristics as H
from maracaibo_env.pirates.agents.heuristics import (STRATEGIES, WEIGHT_NAMES,
                                                     play_game)
from maracaibo_env.pirates.core import constants as K
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core.common import pb
from maracaibo_env.pirates.match import play_pirates_match

NEW = ("pass_cost", "race", "quest_prospect")


# ---- the strategy ---------------------------------------------------------------------------
def test_strategist_is_a_registered_strategy():
    w = STRATEGIES["strategist"]
    assert w.shape == (len(WEIGHT_NAMES),) and np.all(np.isfinite(w)) and np.all(w >= 0)
    assert all(w[WEIGHT_NAMES.index(n)] > 0 for n in NEW)
    # the other weights are tuned's
    old = [i for i, n in enumerate(WEIGHT_NAMES) if n not in NEW]
    assert np.array_equal(w[old], STRATEGIES["tuned"][old])
    assert "strategist" in A.available_agents("pirates")
    for text, eps in (("strategist", 0.0), ("strategist:eps=0.25", 0.25)):
        spec = A.parse_spec(text, "pirates")
        agent = spec.make()
        assert spec.kind == "heuristic" and (agent.strategy, agent.eps) == ("strategist", eps)
        assert A.compiled_ok(spec)


def test_the_new_terms_are_off_in_every_older_strategy():
    for name, w in STRATEGIES.items():
        if name != "strategist":
            assert all(w[WEIGHT_NAMES.index(n)] == 0.0 for n in NEW), name


# its complete games (interactive, solo, compiled): tests/agents/test_pirates_tuned.py


# ---- the older strategies are unchanged -----------------------------------------------------
# Scores recorded with heuristics.py as it was before pass_cost, race and quest_prospect
# were added (git 14e8b42): the same games to the point.
RECORDED_GAMES = [
    (2, 11, ("tuned", "explorer"), [120, 128]),
    (3, 12, ("raider", "builder", "tuned"), [137, 141, 121]),
    (4, 13, ("tuned", "raider", "explorer", "builder"), [135, 131, 149, 214]),
    (1, 14, ("tuned",), [190, 237]),                  # solo: the player, then Jordan
    (2, 15, ("raider_v0", "builder_v0"), [137, 145]),
]


@pytest.mark.parametrize("players,seed,seats,scores", RECORDED_GAMES)
def test_older_strategies_play_the_games_recorded_before_the_new_terms(players, seed, seats, scores):
    assert play_game(players, seed, list(seats), agent_seed=5).scores() == scores


def test_the_search_plays_the_game_recorded_before_the_new_terms():
    """mcts reads the explorer weights (prior, leaf value): its game is unchanged too."""
    assert play_pirates_match(["mcts:iters=200", "tuned"], 24).scores == [192, 104]
    assert play_pirates_match(["tuned", "explorer"], 21).scores == [120, 108]


def test_a_weight_row_without_the_new_terms_reads_them_as_off():
    """A row of the ten older weights (as other tests and saved weights build
    them) values a position as the same row with the new terms at 0."""
    g = Game(2, seed=3)
    ctx = np.zeros(2 * L.MAX_P + 1)
    w10 = STRATEGIES["tuned"][:10].copy()
    assert H.value(g.state.copy(), g._cat, 0, w10, ctx) == H.value(g.state.copy(), g._cat, 0,
                                                                    STRATEGIES["tuned"], ctx)


# ---- what each term values --------------------------------------------------------------------
def _finish_turn(g, w):
    """The heuristic lookahead's rest of the turn (as heuristics._look plays it):
    greedy one-decision choices by w until the seat's turn ends. Returns
    (the state, the first choice)."""
    st, mask = g.state.copy(), g.action_mask().astype(np.int8)
    p, turns = int(st[K.G_CUR]), int(st[pb(int(st[K.G_CUR])) + K.P_TURNS])
    scratch, mask2 = np.empty_like(st), np.empty_like(mask)
    ctx = np.zeros(2 * L.MAX_P + 1)
    first = None
    from maracaibo_env.pirates.core.engine import step
    while st[K.G_OVER] == 0 and st[K.G_CUR] == p and st[pb(p) + K.P_TURNS] == turns:
        a = H._greedy(st, g._cat, mask, p, w, scratch, mask2, ctx)
        first = a if first is None else first
        step(st, g._cat, a, mask)
    return st, first


def _gains(st, p):
    """What a Location's actions can bring the seat (LOC-04: raid, explore, bury, quest,
    acquire an improvement, upgrade): its VP, explorer, quests, treasures, buried
    treasures, doubloons, improvements and upgrades."""
    b = pb(p)
    return tuple(int(st[b + f]) for f in (K.P_VP, K.P_EXPL, K.P_QN, K.P_COINS, K.P_TAB_N, K.P_NUPG)) + (
        int(st[b + K.P_TRE:b + K.P_TRE + 3].sum()), int(st[b + K.P_BUR:b + K.P_BUR + 3].sum()))


def test_pass_cost_makes_the_lookahead_take_a_location_s_actions():
    """A Location's actions are optional (LOC-04: the player "may perform"
    them) and those behind a "/" start with the choice of a side, which gains
    nothing by itself. The lookahead's rest of the turn is one decision at a
    time, first found on ties, and PASS is action 0: without pass_cost it
    declines the whole Location where the choice ties (nothing gained); with
    it, it takes a side and its actions, which the rulebook makes a gain
    (explorer forward EXP-01, VP/doubloons/treasure from a raid RAID-04, an
    improvement acquired, a quest QST-01). In the first 6 such positions of
    random games (seeds 0..) it gains something in 5: in one (seed 3) the side
    it takes offers nothing the seat can do."""
    w_off = STRATEGIES["tuned"]
    w_on = w_off.copy()
    w_on[H.W_PASS] = 0.5
    gained = []
    for seed in range(30):
        g = Game(2, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over and g.phase != "side":
            g.step(int(rng.choice(g.legal_actions())))
        if g.is_over:
            continue
        p = g.current_player
        before = _gains(g.state, p)
        off, first_off = _finish_turn(g, w_off)
        on, first_on = _finish_turn(g, w_on)
        if first_off != K.A_PASS:       # a side that pays at once: no tie with PASS to break
            assert first_on == first_off
            continue
        assert _gains(off, p) == before
        assert first_on != K.A_PASS
        gained.append(_gains(on, p) != before)
        if len(gained) == 6:
            break
    assert len(gained) == 6 and sum(gained) >= 5


def _position(ships, cur, rnd=1):
    """A 2-player game past the set-up, seat `cur` to act, the ships placed:
    "gulf", or a card in the given column of the Caribbean (MOVE-04)."""
    from maracaibo_env.pirates.core.catalog_layout import C_LAY_SPACE_COL
    g = Game(2, seed=3)
    while g.state[K.G_ROUND] == 0 or g.current_player != 0:    # past the quest choice
        g.step(int(g.legal_actions()[0]))
    lay = int(g.state[K.G_LAYOUT])
    col = lambda s: int(g._cat[C_LAY_SPACE_COL + lay * L.N_SPACES + s])   # noqa: E731
    for q, where in enumerate(ships):
        g.state[pb(q) + K.P_SHIP] = (L.SP_GULF if where == "gulf" else
                                     next(x for x in range(L.N_SLOTS) if col(x) == where))
    g.state[K.G_CUR] = cur
    g.state[K.G_ROUND] = rnd
    return g


def _term(g, p, name, weight=1.0):
    """value(w) - value(0) for a row that only has this term: the term's part of the value."""
    ctx = np.zeros(2 * L.MAX_P + 1)
    w = np.zeros(len(WEIGHT_NAMES))
    zero = H.value_at(g.state.copy(), g._cat, p, w, ctx, False)
    w[WEIGHT_NAMES.index(name)] = weight
    return H.value_at(g.state.copy(), g._cat, p, w, ctx, False) - zero


def test_race_credits_the_seat_that_reaches_maracaibo_first():
    """A ship on the Gulf must sail on to Maracaibo on its next turn (MARA-01)
    and gains 6 VP and an Upgrade there; the round ends after that turn
    (MARA-03), so only the first arrival in turn order gets them this round."""
    # seat 0 on the Gulf, seat 1 three columns in: seat 0 arrives on its next turn
    g = _position(["gulf", 3], cur=1)
    assert H.first_arrival(g.state, g._cat, False) == 0
    assert _term(g, 0, "race", 6.0) == pytest.approx(6.0) and _term(g, 1, "race", 6.0) == 0.0
    # both on the Gulf: the seat to act arrives first and ends the round
    for cur in (0, 1):
        g = _position(["gulf", "gulf"], cur=cur)
        assert H.first_arrival(g.state, g._cat, False) == cur
        assert _term(g, cur, "race") == pytest.approx(1.0) and _term(g, 1 - cur, "race") == 0.0
    # round 3 after an arrival (END3-01): nobody else can be first any more
    g = _position(["gulf", 3], cur=1, rnd=3)
    g.state[K.G_END3] = 1
    assert H.first_arrival(g.state, g._cat, False) == -1 and _term(g, 0, "race") == 0.0


def test_quest_prospect_values_progress_towards_a_held_quest():
    """A quest scores the VP of the highest condition met at the end (SCORE-08)
    and the conditions' counts only grow in play, so a held quest nearer its
    condition is worth more. The term adds, per quest, the VP of its next
    condition less what it scores now, times the share met; with the final
    scoring's VP (value counts the endgame VP now) the quest's worth rises with
    each river towards its full VP and stops there."""
    from maracaibo_env.pirates.core.scoring import quest_vp
    g = _position([3, 3], cur=0)
    cat = g._cat
    q = next(i for i in range(32) if cat[K.C_Q_KIND + i] == K.GQ_RIVERS)
    low_n, low_vp = int(cat[K.C_Q_LOW_A + q]), int(cat[K.C_Q_LOW_VP + q])
    high_n, high_vp = int(cat[K.C_Q_HIGH_A + q]), int(cat[K.C_Q_HIGH_VP + q])
    assert 0 < low_n < high_n and 0 < low_vp < high_vp
    b = pb(0)
    g.state[b + K.P_QN] = 1
    g.state[b + K.P_QHAND] = q
    worth = []
    for rivers in range(high_n + 2):
        g.state[b + K.P_RIVERS] = rivers
        scored = quest_vp(g.state, cat, 0, q)
        expect = (low_vp * rivers / low_n if rivers < low_n else
                  (high_vp - low_vp) * rivers / high_n if rivers < high_n else 0.0)
        assert H.quest_prospect(g.state, cat, 0) == pytest.approx(expect)
        assert _term(g, 0, "quest_prospect") == pytest.approx(expect)      # round 1: 3 of 3 rounds left
        worth.append(scored + expect)
    assert worth[0] == 0.0 and worth[-1] == worth[-2] == high_vp
    assert all(a < b for a, b in zip(worth[:high_n + 1], worth[1:high_n + 1]))
    # fewer rounds left, less time to get there: the term shrinks with them
    g.state[b + K.P_RIVERS] = 1
    g.state[K.G_ROUND] = 3
    assert _term(g, 0, "quest_prospect") == pytest.approx(low_vp / low_n / 3)
    # the other seat's progress is no part of seat 0's prospect
    g.state[pb(1) + K.P_QN] = 1
    g.state[pb(1) + K.P_QHAND] = q
    g.state[pb(1) + K.P_RIVERS] = 1
    assert H.quest_prospect(g.state, cat, 1) == pytest.approx(low_vp / low_n)
    assert _term(g, 0, "quest_prospect") == pytest.approx(low_vp / low_n / 3)


# ---- the tuner's pool (how strategist's weights were searched) ---------------------------------
def test_the_tuner_plays_a_chosen_pool(tmp_path):
    import json
    from maracaibo_env.training import tune_pirates as T
    out = tmp_path / "pool.json"
    assert T.main(["--players", "2", "--pool", "strategist", "--candidates", "1", "--deals", "1",
                   "--seed", "5", "--no-progress", "--out", str(out)]) == 0
    cands = json.loads(out.read_text())["candidates"]
    assert sorted(c["label"] for c in cands) == ["#0", "strategist"]
    assert all(c["games"] == {"2": 2} for c in cands)                  # 1 deal x 1 opponent x 2 seatings
    # a result file written before the new weights reads them as 0 (off)
    old = tmp_path / "old.json"
    w10 = {n: 1.0 for n in WEIGHT_NAMES if n not in NEW}
    old.write_text(json.dumps({"candidates": [{"label": "#3", "weights": w10}]}))
    assert T._read(str(old))[0]["weights"] == {**w10, **{n: 0.0 for n in NEW}}


@pytest.mark.parametrize("args,message", [
    (["--pool", "nobody"], "unknown strategy 'nobody'"),
    (["--pool", "tuned", "tuned"], "names a strategy twice"),
    (["--players", "4", "--pool", "tuned", "explorer"], "at least 3 strategies for 4 players")])
def test_the_tuner_refuses_a_bad_pool(tmp_path, capsys, args, message):
    from maracaibo_env.training import tune_pirates as T
    assert T.main([*args, "--out", str(tmp_path / "x.json")]) == 2
    assert message in capsys.readouterr().err

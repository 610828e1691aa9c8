"""maracaibo_env/maracaibo/agents/mcts.py: information-set MCTS that never sees hidden information."""
import numpy as np
import pytest

from maracaibo_env.maracaibo.agents.heuristics import act_with, make_agent
from maracaibo_env.maracaibo.agents.mcts import MCTSAgent, determinize
from maracaibo_env import Game
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.match import AgentSpecError, parse_spec, play_match


def _midgame(seed=4, players=3, moves=60, **kw):
    g = Game(players, seed=seed, **kw)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
    return g


def _f(g, name, p=None):
    return g.state[L.field_slice(name, p)] if p is not None else g.state[L.field_slice(name)]


def _swap_hidden(g):
    """A copy of g differing only in what the player to act cannot see."""
    h = g.clone()
    me = h.current_player
    opp = (me + 1) % h.num_seats
    hand = _f(h, "HAND", opp)
    draw = _f(h, "DRAW")
    n_hand, n_draw = int(_f(h, "HAND_N", opp)[0]), int(_f(h, "DRAW_N")[0])
    assert n_hand > 0 and n_draw > 1
    hand[0], draw[n_draw - 1] = draw[n_draw - 1], hand[0]   # an opponent's card <-> the deck
    draw[:n_draw - 1] = draw[:n_draw - 1][::-1]              # the deck's order
    t0, t1 = _f(h, "TPILE0"), _f(h, "TPILE1")
    n0, n1 = (int(x) for x in _f(h, "TPILE_N"))
    if n0 and n1:
        t0[0], t1[0] = t1[0], t0[0]                          # tokens between the face-down piles
    rng = _f(h, "RNG")
    rng[0] ^= 0x5A5A5A                                       # the game's random generator
    return h


def test_the_same_decision_whatever_the_hidden_information():
    g = _midgame()
    h = _swap_hidden(g)
    assert not np.array_equal(g.state, h.state)
    m = MCTSAgent(iterations=300)
    assert np.array_equal(m.visits(g, 7), m.visits(h, 7))
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    assert act_with(m, g, rng_a) == act_with(m, h, rng_b)


def test_determinisation_keeps_what_the_player_knows():
    g = _midgame(seed=8, players=4, moves=80)
    me = g.current_player
    st = g.state.copy()
    determinize(st, me, np.uint64(12345))
    for name in ("HAND", "PLAN", "HAND_N", "TABLEAU", "TABLEAU_N", "VP", "DOUBLOONS"):
        assert np.array_equal(st[L.field_slice(name, me)], g.state[L.field_slice(name, me)]), name
    for name in ("MARKET", "DRAW_N", "DISCARD_N", "TPILE_N", "LOC_MARKER", "PR_REVEALED"):
        assert np.array_equal(st[L.field_slice(name)], g.state[L.field_slice(name)]), name

    def hidden(s):
        cards = list(s[L.field_slice("DRAW")][:int(s[L.field_slice("DRAW_N")][0])])
        cards += list(s[L.field_slice("DISCARD")][:int(s[L.field_slice("DISCARD_N")][0])])
        for q in range(4):
            if q != me:
                cards += list(s[L.field_slice("HAND", q)][:int(s[L.field_slice("HAND_N", q)][0])])
                cards += [c for c in s[L.field_slice("PLAN", q)] if c >= 0]
        return sorted(int(c) for c in cards)

    seen = set(int(c) for c in g.state[L.field_slice("MARKET")] if c >= 0)
    seen |= set(int(c) for q in range(4) for c in
                g.state[L.field_slice("TABLEAU", q)][:int(g.state[L.field_slice("TABLEAU_N", q)][0])])
    seen |= set(int(c) for c in g.state[L.field_slice("HAND", me)][:int(g.state[L.field_slice("HAND_N", me)][0])])
    seen |= set(int(c) for c in g.state[L.field_slice("PLAN", me)] if c >= 0)
    redealt = hidden(st)
    assert len(redealt) == len(hidden(g.state))   # as many hidden cards, in the same places
    assert len(set(redealt)) == len(redealt)      # each card once
    assert not set(redealt) & seen                # none the player can see elsewhere
    assert redealt != hidden(g.state)             # redrawn


def test_search_is_reproducible_legal_and_beats_random():
    g = _midgame(seed=2, players=2, moves=30)
    m = MCTSAgent(iterations=200)
    v1, v2 = m.visits(g, 11), m.visits(g, 11)
    assert np.array_equal(v1, v2) and v1.sum() > 0
    assert set(np.flatnonzero(v1)) <= set(g.legal_actions())
    for seed in range(2):
        r = play_match(["mcts:iters=150:depth=10", "random"], seed)
        assert r.winners == [0] and r.scores[0] > r.scores[1] + 20


def test_solo_and_spec_options():
    g = _midgame(seed=5, players=1, moves=20, difficulty="hard")
    m = parse_spec("mcts:iters=100:c=1.2:depth=5").make()
    assert (m.iterations, m.exploration, m.rollout_depth) == (100, 1.2, 5)
    assert act_with(m, g, np.random.default_rng(0)) in g.legal_actions()
    for bad in ("mcts:iters=0", "mcts:speed=3", "mcts:c=abc", "mcts:depth=-1"):
        with pytest.raises(AgentSpecError):
            parse_spec(bad)
    with pytest.raises(ValueError, match="needs the game"):
        m.act(g.observe(0), g.action_mask(), np.random.default_rng(0))
    assert make_agent("balanced")  # heuristics unaffected


def test_heuristic_guided_root_and_reused_determinisations():
    g = _midgame(seed=6, players=2, moves=25)
    while len(g.legal_actions()) <= 5:  # a decision with a real choice
        g.step(g.legal_actions()[0])
    legal = g.legal_actions()
    from maracaibo_env.maracaibo.agents.heuristics import HeuristicAgent
    vals = HeuristicAgent().values(g, legal)
    best3 = {legal[i] for i in np.argsort(-vals, kind="stable")[:3]}
    v = MCTSAgent(iterations=300, top=3).visits(g, 5)
    assert set(np.flatnonzero(v)) <= best3 and v.sum() > 0      # only the guide's 3 best
    v1 = MCTSAgent(iterations=300, top=0).visits(g, 5)
    assert len(np.flatnonzero(v1)) > 3                             # unguided tries more
    # dets=D: reproducible, legal; the same hidden-information independence
    m = MCTSAgent(iterations=200, dets=4)
    a, b = m.visits(g, 9), m.visits(_swap_hidden(g), 9)
    assert np.array_equal(a, b) and set(np.flatnonzero(a)) <= set(legal)


def test_balanced_rollouts_and_time_budget():
    g = _midgame(seed=7, players=2, moves=20)
    m = parse_spec("mcts:iters=60:depth=3:rollout=balanced").make()
    assert m.rollout == "balanced"
    assert act_with(m, g, np.random.default_rng(1)) in g.legal_actions()
    timed = parse_spec("mcts:ms=30").make()
    rng = np.random.default_rng(2)
    import time
    t0 = time.perf_counter()
    assert act_with(timed, g, rng) in g.legal_actions()   # calibrates, then searches
    assert timed._rate and timed._rate > 0
    t1 = time.perf_counter()
    act_with(timed, g, rng)
    assert time.perf_counter() - t1 < 5 * max(0.03, t1 - t0)  # of the order of the budget
    for bad in ("mcts:rollout=jean", "mcts:top=-1", "mcts:dets=x", "mcts:ms=-5"):
        with pytest.raises(AgentSpecError):
            parse_spec(bad)


def test_solo_leaf_value_at_game_over_agrees_with_the_running_value_before_it():
    """In a solo game the leaf value is the estimated final VP margin over
    Jean (maracaibo_env/maracaibo/agents/mcts.py SOLO_DRIFT): on the last decision before the game
    ends it is close to the final margin that the game-over leaf scores. (The
    raw heuristic evaluation there is about 110 VP above it: a search
    comparing such leaves shunned the game's end and ran the clock.)"""
    from maracaibo_env.maracaibo.agents import mcts as M
    ad = MCTSAgent.adapter

    def leaf(g):
        t = ad._solo_eval.tables(g.catalog)
        out = np.zeros(L.MAX_P)
        M._values(g.state, g._cat, t[0], t[6], t[7], t[8], t[3], t[9], ad._drift, out)
        assert out[1] == -out[0]
        return 100.0 * out[0]

    gaps = []
    for seed in range(4):
        g = Game(1, seed=seed, difficulty="medium")
        rng, agent = np.random.default_rng(seed), make_agent("balanced")
        while not g.state[K.G_OVER]:
            before = leaf(g)
            g.step(act_with(agent, g, rng))
        final = leaf(g)
        vp = g.state[K.PLAYERS + K.P_VP] - g.state[K.PLAYERS + K.PLAYER_SIZE + K.P_VP]
        assert final == pytest.approx(vp)      # the leaf is the margin / 100, scaled back
        gaps.append(abs(before - final))
    assert max(gaps) < 40 and np.mean(gaps) < 25, gaps


def test_the_shipped_solo_drift_fits_the_shipped_data():
    """SOLO_DRIFT depends on the data (card VP and income move the evaluation's
    level): a table left from other data put the solo leaf 40-45 VP off in round
    I after issue 37. A quick refit on other deals than the shipped fit's (seeds
    5000+) must land near the shipped table; a data change without a refit
    (python -m maracaibo_env.training.fit_solo_drift) fails here."""
    from maracaibo_env.maracaibo.agents.mcts import SOLO_DRIFT
    from maracaibo_env.training.fit_solo_drift import fit
    refit = fit(games=15, seed=61000)
    gap = np.abs(refit[:, 1:] - SOLO_DRIFT[:, 1:])
    assert gap.mean() < 12.0, f"mean gap {gap.mean():.1f} VP: refit SOLO_DRIFT for the current data"

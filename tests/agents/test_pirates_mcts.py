"""maracaibo_env/pirates/agents/mcts.py: the shared ISMCTS (framework/search.py) in Pirates of
Maracaibo, which never sees hidden information; the `mcts` spec for --game pirates."""
import numpy as np
import pytest

from maracaibo_env.agents.base import act_with
from maracaibo_env.pirates.agents.mcts import PiratesMCTSAgent
from maracaibo_env.agents.registry import AgentSpecError, parse_spec
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core.actions import NUM_ACTIONS


def _midgame(players, seed, moves):
    g = Game(players, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
    while len(g.legal_actions()) <= 3:      # a decision with a real choice
        g.step(g.legal_actions()[0])
    return g


def _f(g, name, p=None):
    return g.state[L.LAYOUT.field_slice(name, p)]


def _swap_hidden(g):
    """A copy of g differing only in what the seat to act cannot see: an
    opponent's quest swapped with a card of the quest deck, the deck and the
    Tier II deck reversed, the generator changed."""
    h = g.clone()
    me = h.current_player
    deck, n_deck = _f(h, "QDECK"), int(_f(h, "QDECK_N")[0])
    assert n_deck > 1
    if not h.solo:
        opp = next(q for q in range(h.num_seats) if q != me and _f(h, "QN", q)[0] > 0)
        hand = _f(h, "QHAND", opp)
        hand[0], deck[0] = deck[0], hand[0]
    deck[:n_deck] = deck[:n_deck][::-1].copy()
    t2, n_t2 = _f(h, "T2"), int(_f(h, "T2_N")[0])
    t2[:n_t2] = t2[:n_t2][::-1].copy()
    _f(h, "RNG")[0] ^= 0x5A5A5A
    return h


@pytest.mark.parametrize("players, seed, moves", [(2, 4, 60), (3, 5, 90), (1, 6, 40)])
def test_the_same_decision_whatever_the_hidden_information(players, seed, moves):
    g = _midgame(players, seed, moves)
    for h in (_swap_hidden(g), g.determinize(g.current_player, np.random.default_rng(seed))):
        assert not np.array_equal(g.state, h.state)
        assert np.array_equal(g.action_mask(), h.action_mask())
        for kw in ({}, {"top": 0, "rollout_depth": 8}, {"dets": 4}, {"rollout_depth": 1, "rollout": "balanced"}):
            m = PiratesMCTSAgent(iterations=300, **kw)
            a, b = m.visits(g, 7), m.visits(h, 7)
            assert np.array_equal(a, b), kw
            assert a.sum() > 0 and set(np.flatnonzero(a)) <= set(g.legal_actions())
        m = PiratesMCTSAgent(iterations=200)
        assert act_with(m, g, np.random.default_rng(3)) == act_with(m, h, np.random.default_rng(3))


def test_solo_search_branches_on_the_human_only():
    """Jordan's turns are played inside the engine's step (engine.advance ->
    jordan_turn): every decision of a solo game is seat 0's, so the tree only
    holds the human's decisions."""
    g = Game(1, seed=2, difficulty=3)
    rng = np.random.default_rng(0)
    while not g.is_over:
        assert g.current_player == 0
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
    g = _midgame(1, 8, 30)
    v = PiratesMCTSAgent(iterations=200, top=0).visits(g, 1)
    assert v.sum() > 0 and set(np.flatnonzero(v)) <= set(g.legal_actions())


def test_prior_keeps_the_explorer_heuristics_best_root_moves():
    g = _midgame(2, 9, 50)
    while len(g.legal_actions()) <= 4:
        g.step(g.legal_actions()[0])
    m = PiratesMCTSAgent(iterations=300, top=2)
    allowed = np.flatnonzero(m.root_moves(g))
    assert len(allowed) == 2 and set(allowed) <= set(g.legal_actions())
    v = m.visits(g, 5)
    assert set(np.flatnonzero(v)) <= set(allowed) and v.sum() > 0
    assert len(np.flatnonzero(PiratesMCTSAgent(iterations=300, top=0).visits(g, 5))) > 2
    assert np.array_equal(m.visits(g, 5), v)                      # reproducible


def test_spec_options_and_errors():
    m = parse_spec("mcts:iters=100:c=1.2:depth=5:top=0:dets=3", "pirates").make()
    assert isinstance(m, PiratesMCTSAgent)
    assert (m.iterations, m.exploration, m.rollout_depth, m.top, m.dets) == (100, 1.2, 5, 0, 3)
    assert type(parse_spec("mcts", "maracaibo").make()).__name__ == "MCTSAgent"
    for bad in ("mcts:iters=0", "mcts:speed=3", "mcts:c=abc", "mcts:depth=-1", "mcts:rollout=jean",
                "mcts:top=-1", f"mcts:top={NUM_ACTIONS + 1}", "mcts:dets=x", "mcts:ms=-5"):
        with pytest.raises(AgentSpecError):
            parse_spec(bad, "pirates")
    with pytest.raises(ValueError, match="rollout must be one of"):
        PiratesMCTSAgent(rollout="jean")
    g = _midgame(2, 3, 20)
    with pytest.raises(ValueError, match="needs the game"):
        m.act(g.observe(0), g.action_mask(), np.random.default_rng(0))


def test_time_budget():
    g = _midgame(2, 7, 30)
    timed = parse_spec("mcts:ms=20", "pirates").make()
    assert act_with(timed, g, np.random.default_rng(2)) in g.legal_actions()
    assert timed._rate and timed._rate > 0


def test_a_pirates_tournament_with_mcts(tmp_path, capsys):
    pytest.importorskip("openskill")
    from maracaibo_env.tournament.cli import run as cli_run
    db = tmp_path / "t.sqlite"
    cli_run(["--db", str(db), "--game", "pirates", "--agents", "mcts:iters=50,explorer", "--games", "2",
             "--workers", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert "mcts:iters=50" in out and "4 of 4 games stored" in out


def test_the_web_allowlist_caps_pirates_mcts_and_its_worst_decision_is_under_a_second():
    import time
    from maracaibo_env.play.limits import UnsafeSpecError, check_safe_spec, worst_allowed_specs
    assert check_safe_spec("mcts:iters=8000", "pirates") == "mcts:iters=8000"
    for bad in ("mcts:iters=8001", "mcts:depth=51", "mcts:dets=101", "mcts:ms=10",
                "mcts:iters=1000:depth=3:rollout=balanced"):
        with pytest.raises(UnsafeSpecError):
            check_safe_spec(bad, "pirates")
    worst = [w for w in worst_allowed_specs("pirates") if w.startswith("mcts")]
    assert worst
    positions = [_midgame(n, k, m) for n in (2, 4, 1) for k, m in ((1, 0), (2, 60))]
    for spec in worst:
        agent = parse_spec(spec, "pirates").make()
        act_with(agent, positions[0], np.random.default_rng(0))       # compiled code loaded
        for g in positions:
            c = time.process_time()
            act_with(agent, g, np.random.default_rng(1))
            assert time.process_time() - c < 1.0, spec

"""The search's guide, progressive widening and turn-finishing leaf
(framework/search.py, maracaibo_env/<game>/agents/mcts.py): what each option
changes in the tree, and the specs that name them."""
import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.agents.registry import AgentSpecError, make_agent, mcts_options
from maracaibo_env.maracaibo.agents.heuristics import AGENTS
from maracaibo_env.maracaibo.agents.mcts import MCTSAgent


def _position(seed=2, players=2, moves=30, wide=8):
    """A position whose player has more than `wide` legal moves."""
    g = Game(players, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = np.asarray(g.legal_actions())
        g.step(legal[rng.integers(len(legal))])
    while len(g.legal_actions()) <= wide:
        legal = np.asarray(g.legal_actions())
        g.step(legal[rng.integers(len(legal))])
    return g


def test_widening_grows_children_with_the_square_root_of_visits():
    g = _position(wide=15)
    legal = np.asarray(g.legal_actions())
    n = 100
    every = MCTSAgent(iterations=n, top=0).visits(g, 3)
    assert np.count_nonzero(every) == len(legal)          # without widening: every move tried
    for w in (0.5, 1.0):
        v = MCTSAgent(iterations=n, top=0, widen=w).visits(g, 3)
        k = np.count_nonzero(v)
        # a child is added only while k < w sqrt(visits + 1): at most w sqrt(n) + 1 of them
        assert 1 <= k <= w * np.sqrt(n) + 1 and v.sum() == n
        assert set(np.flatnonzero(v)) <= set(legal)


def test_widening_tries_the_guides_one_ply_favourite_first():
    g = _position(wide=10)
    legal = np.asarray(g.legal_actions())
    # widen so small that the root never gets a second child: every visit on the first
    for guide in ("balanced", "tuned", "combat_influence"):
        firsts = {int(np.flatnonzero(MCTSAgent(iterations=40, top=0, widen=1e-3, guide=guide).visits(g, s))[0])
                  for s in (1, 2, 3)}
        assert len(firsts) == 1                            # not drawn at random: the guide's choice
        one_ply = AGENTS[guide](depth=0).values(g, legal)  # the heuristic's own one-ply values
        assert firsts.pop() in set(legal[np.argsort(-one_ply, kind="stable")[:2]])


def test_the_guide_chooses_the_root_moves():
    g = _position(wide=6)
    legal = np.asarray(g.legal_actions())
    for guide in ("tuned", "explorer_quests"):
        vals = AGENTS[guide]().values(g, legal)
        best3 = set(legal[np.argsort(-vals, kind="stable")[:3]])
        v = MCTSAgent(iterations=60, guide=guide).visits(g, 4)
        assert set(np.flatnonzero(v)) <= best3 and v.sum() == 60


def test_finishing_the_turn_changes_the_leaf_not_the_legality():
    g = _position(wide=6)
    a = MCTSAgent(iterations=150, top=0).visits(g, 5)
    b = MCTSAgent(iterations=150, top=0, turn=12).visits(g, 5)
    assert a.sum() == b.sum() == 150
    assert set(np.flatnonzero(b)) <= set(g.legal_actions())
    assert not np.array_equal(a, b)                        # the leaves were judged otherwise
    assert np.array_equal(b, MCTSAgent(iterations=150, top=0, turn=12).visits(g, 5))   # reproducible


def test_options_by_spec_and_their_errors():
    o = mcts_options("mcts:guide=tuned:widen=0.5:turn=8", "maracaibo")
    assert o == {"guide": "tuned", "widen": 0.5, "turn": 8}
    m = make_agent("mcts:guide=tuned:widen=0.5:turn=8", game="maracaibo")
    assert (m.guide, m.widen, m.turn) == ("tuned", 0.5, 8)
    assert MCTSAgent().guide == "balanced" and MCTSAgent().widen == 0.0 and MCTSAgent().turn == 0
    with pytest.raises(AgentSpecError, match="guide must be one of .*tuned"):
        make_agent("mcts:guide=nobody", game="maracaibo")
    with pytest.raises(AgentSpecError, match="turn must be in 0..40"):
        make_agent("mcts:turn=41", game="maracaibo")
    with pytest.raises(AgentSpecError, match="widen must be in"):
        make_agent("mcts:widen=-1", game="maracaibo")
    with pytest.raises(ValueError, match="guide must be one of"):
        MCTSAgent(guide="raider")
    with pytest.raises(ValueError, match="turn must be an int 0..40"):
        MCTSAgent(turn=True)
    p = make_agent("mcts:guide=raider:widen=1:turn=6", game="pirates")
    assert (p.guide, p.widen, p.turn) == ("raider", 1.0, 6)
    with pytest.raises(AgentSpecError, match="guide must be one of"):
        make_agent("mcts:guide=balanced", game="pirates")   # a Maracaibo heuristic


def test_pirates_guide_chooses_the_root_moves_and_widening_plays_legally():
    from maracaibo_env.pirates import Game as PGame
    g = PGame(2, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(25):
        g.step(g.legal_actions()[rng.integers(len(g.legal_actions()))])
    while len(g.legal_actions()) <= 4:
        g.step(g.legal_actions()[0])
    legal = np.asarray(g.legal_actions())
    agent = make_agent("mcts:iters=200:guide=raider", game="pirates")
    vals = agent.adapter.prior(g, legal, "raider")
    best3 = set(legal[np.argsort(-vals, kind="stable")[:3]])
    assert set(np.flatnonzero(agent.visits(g, 1))) <= best3
    v = make_agent("mcts:iters=200:top=0:widen=0.5", game="pirates").visits(g, 1)
    assert v.sum() == 200 and 1 <= np.count_nonzero(v) <= 0.5 * np.sqrt(200) + 1
    one = {int(np.flatnonzero(make_agent("mcts:iters=30:top=0:widen=0.001", game="pirates").visits(g, s))[0])
           for s in (1, 2)}
    assert len(one) == 1 and one <= set(legal)              # the guide's one-ply favourite, not a draw
    t = make_agent("mcts:iters=200:top=0:turn=10", game="pirates").visits(g, 1)
    assert t.sum() == 200 and not np.array_equal(t, make_agent("mcts:iters=200:top=0", game="pirates").visits(g, 1))


def test_may_expand_at_its_boundary():
    """k children may grow while k < widen * sqrt(visits + 1): hand-computed limits."""
    from maracaibo_env.framework.search import T_SIZE, T_VISITS, may_expand, new_tree
    t = new_tree(10)
    assert may_expand(t, 0, 1, 5, 1.0, 3)            # root, 3 iterations: 1 < sqrt(4) = 2
    assert not may_expand(t, 0, 2, 5, 1.0, 3)        # 2 < 2 fails: the limit itself
    assert may_expand(t, 0, 2, 5, 1.0, 4)            # one visit more: 2 < sqrt(5)
    assert may_expand(t, 0, 0, 5, 1e-9, 0)           # a node without children always grows one
    assert may_expand(t, 0, 9, 5, 0.0, 0)            # widen 0: every untried move, at once
    assert not may_expand(t, 0, 0, 0, 1.0, 100)      # nothing untried
    t[T_VISITS][3] = 8.0                             # an inner node counts its own visits
    assert may_expand(t, 3, 2, 1, 1.0, 0) and not may_expand(t, 3, 3, 1, 1.0, 0)   # sqrt(9) = 3
    t[T_SIZE][0] = 10                                # the tree is full
    assert not may_expand(t, 0, 0, 5, 0.0, 0)


def test_option_limits_are_inclusive():
    o = mcts_options("mcts:turn=40:widen=100", "maracaibo")
    assert o == {"turn": 40, "widen": 100.0}
    with pytest.raises(AgentSpecError, match="widen must be in"):
        make_agent("mcts:widen=100.5", game="maracaibo")
    assert MCTSAgent(turn=40, widen=100).turn == 40
    with pytest.raises(ValueError, match="widen must be a number 0..100"):
        MCTSAgent(widen=100.5)

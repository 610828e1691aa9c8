"""The Pirates heuristics: legal moves, each beats random, and a decision
never depends on hidden information (the decks' order)."""
import numpy as np
import pytest

from agents.pirates_heuristics import STRATEGIES, PiratesHeuristicAgent, play_game
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import layout as L


@pytest.mark.slow
@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_beats_random(strategy):
    wins = 0.0
    for i in range(20):
        seats = ["random", "random"]
        seats[i % 2] = strategy
        g = play_game(2, 500 + i, seats, agent_seed=i + 1)
        w = g.winners()
        wins += ((i % 2) in w) / len(w)
    assert wins >= 19                    # the bar: >= 95% against random


def test_agent_plays_legal_moves_to_the_end():
    g = Game(3, seed=9)
    agents = [PiratesHeuristicAgent(s) for s in STRATEGIES]
    rng = np.random.default_rng(0)
    while not g.is_over:
        a = agents[g.current_player].act(g.observe(g.current_player), g.action_mask(), rng, game=g)
        assert g.action_mask()[a] == 1
        g.step(a)
    assert max(g.scores()) > 60


def test_decisions_ignore_the_decks_order():
    g = Game(2, seed=3)
    rng = np.random.default_rng(1)
    for _ in range(40):                        # into the game, past the set-up
        g.step(int(rng.choice(g.legal_actions())))
    h = g.clone()
    for name, count in (("T2", "T2_N"), ("QDECK", "QDECK_N"), ("REMOVED", "REMOVED_N")):
        n = int(h.state[L.LAYOUT.field_slice(count)][0])
        sl = L.LAYOUT.field_slice(name)
        h.state[sl][:n] = h.state[sl][:n][::-1].copy()     # another hidden order
    agent = PiratesHeuristicAgent("builder")
    for k in range(10):
        a1 = agent.act(None, g.action_mask(), np.random.default_rng(k), game=g)
        a2 = agent.act(None, h.action_mask(), np.random.default_rng(k), game=h)
        assert a1 == a2


def test_decisions_ignore_the_identity_of_facedown_cards():
    """Fog of War: which Location or Improvement lies under a facedown card is
    hidden; swapping two facedown cards of a kind changes no decision."""
    from maracaibo_env.pirates.core import catalog_layout as CL
    g = Game(2, seed=4, fog_locations=True, fog_improvements=True)
    rng = np.random.default_rng(2)
    for _ in range(6):
        g.step(int(rng.choice(g.legal_actions())))
    cards = g.state[L.LAYOUT.field_slice("SLOT_CARD")]
    fog = g.state[L.LAYOUT.field_slice("SLOT_FOG")]
    kind = lambda c: int(g._cat[CL.C_CARD_KIND + c])            # noqa: E731
    down = [s for s in range(len(fog)) if fog[s] == 1 and cards[s] >= 0]
    pair = next((a, b) for a in down for b in down if a < b and kind(cards[a]) == kind(cards[b]))
    h = g.clone()
    sl = L.LAYOUT.field_slice("SLOT_CARD")
    h.state[sl.start + pair[0]], h.state[sl.start + pair[1]] = cards[pair[1]], cards[pair[0]]
    agent = PiratesHeuristicAgent("explorer")
    for k in range(8):
        a1 = agent.act(None, g.action_mask(), np.random.default_rng(k), game=g)
        a2 = agent.act(None, h.action_mask(), np.random.default_rng(k), game=h)
        assert a1 == a2

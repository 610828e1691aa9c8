"""The Pirates heuristics: legal moves, each beats random, and a decision
never depends on hidden information (the decks' order)."""
import numpy as np
import pytest

from maracaibo_env.pirates.agents.heuristics import STRATEGIES, PiratesHeuristicAgent, play_game
from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as K


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
    from maracaibo_env.pirates.core import constants as CL
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


# ---- the round-aware and solo-aware terms (issue 24) ----------------------------------------
# Expected figures are counted by hand from the rules: a ship moves 1-3 spaces a turn and
# ends in a column nearer Maracaibo (MOVE-01/04: start 0, cards 1..C, Gulf C+1, Maracaibo
# C+2), entering the Gulf ends the move (MOVE-05), the Gulf's only way on is Maracaibo
# (MARA-01), the round ends right after the turn of the player who reached it (MARA-03),
# in round 3 play goes on to the end of the marker seat's turn (END3-01, SET-21).

def _position(ships, cur=1, rnd=1):
    """A 2-player game past the set-up with the ships placed (None: start zone)."""
    from maracaibo_env.pirates.core.catalog_layout import C_LAY_NCOLS, C_LAY_SPACE_COL
    g = Game(2, seed=3)
    while g.state[K.G_ROUND] == 0 or g.current_player != 0:    # past the quest choice
        g.step(int(g.legal_actions()[0]))
    lay = int(g.state[K.G_LAYOUT])
    assert g._cat[C_LAY_NCOLS + lay] == 9                      # every shipped layout: 9 card columns
    col = lambda s: int(g._cat[C_LAY_SPACE_COL + lay * L.N_SPACES + s])   # noqa: E731
    st = g.state
    for q, where in enumerate(ships):
        if where is None:
            s = L.SP_START
        elif where in ("gulf", "mara"):
            s = L.SP_GULF if where == "gulf" else L.SP_MARA
        else:                                                  # a card in column `where`
            s = next(x for x in range(L.N_SLOTS) if col(x) == where)
        st[_pb(q) + K.P_SHIP] = s
    st[K.G_CUR] = cur
    st[K.G_ROUND] = rnd
    return g


def _pb(q):
    from maracaibo_env.pirates.core.common import pb
    return pb(q)


def test_turns_to_maracaibo_counts_columns_at_full_speed():
    from maracaibo_env.pirates.agents.heuristics import turns_to_maracaibo
    g = _position([None, "gulf"])
    # start (column 0) -> 3 -> 6 -> 9 -> Gulf (10, it stops the ship) -> Maracaibo: 5 turns
    assert turns_to_maracaibo(g.state, g._cat, 0) == 5
    assert turns_to_maracaibo(g.state, g._cat, 1) == 1
    g = _position([7, "mara"])
    # column 7 -> Gulf is 3 columns away (one turn: 7 -> 8 -> 9 -> Gulf), then Maracaibo
    assert turns_to_maracaibo(g.state, g._cat, 0) == 2
    assert turns_to_maracaibo(g.state, g._cat, 1) == 0


def test_turns_left_end_the_round_at_the_first_arrival():
    from maracaibo_env.pirates.agents.heuristics import turns_left
    out = np.zeros(2)
    # round 1, seat 1 to act, seat 0 on the Gulf, seat 1 in the start zone: seat 1 plays
    # (1 turn), seat 0 reaches Maracaibo and the round ends (1 turn); rounds 2 and 3 from
    # the start: 5 turns each to the first arrival (10 turns for both)
    g = _position(["gulf", None], cur=1)
    turns_left(g.state, g._cat, False, out)
    assert list(out) == [1 + 10, 1 + 10]
    # seat 0 on a column-3 card (Gulf in 3 turns: 3 -> 6 -> 9 -> Gulf, then Maracaibo: 4),
    # seat 1 at the start (5): turns 1,0,1,0,1,0,1,0 -> seat 0 arrives on its 4th turn;
    # seat 1, acting first, has played 4 turns too
    g = _position([3, None], cur=1)
    turns_left(g.state, g._cat, False, out)
    assert list(out) == [4 + 10, 4 + 10]
    # round 3: seat 1 holds the Maracaibo marker (the last seat, SET-21); seat 0 to act and
    # on the Gulf arrives now, then seat 1 still plays its turn (END3-01); no round after
    g = _position(["gulf", 6], cur=0, rnd=3)
    assert g.state[K.G_MARA_SEAT] == 1
    turns_left(g.state, g._cat, False, out)
    assert list(out) == [1, 1]


def test_tempo_prefers_ending_the_round_when_the_others_gain_more_a_turn():
    """The same position with my ship on the Gulf (the round ends after my next
    turn: 1 turn each) or on a column-3 card (4 turns each, as counted above): the
    tempo term moves the value by 3 turns x (their pace - mine) x weight, so the
    Gulf is worth more exactly when the other seat gains more a turn (ahead on
    pace: delay; behind: end it)."""
    from maracaibo_env.pirates.agents.heuristics import value, W_TEMPO, MAX_P
    w = np.zeros(10)
    w[W_TEMPO] = 0.5
    for mine, theirs in ((3.0, 10.0), (10.0, 3.0)):
        ctx = np.zeros(2 * MAX_P + 1)
        ctx[0], ctx[1] = mine, theirs
        vals = []
        for ship in ("gulf", 3):
            g = _position([ship, None], cur=1)
            ctx[MAX_P] = g.state[_pb(0) + K.P_TURNS]
            vals.append(value(g.state.copy(), g._cat, 0, w, ctx))
        assert vals[0] - vals[1] == pytest.approx(0.5 * 3 * (theirs - mine))


def test_the_old_strategies_stay_reachable_without_the_new_terms():
    from maracaibo_env.pirates.agents.heuristics import W_TEMPO, W_SOLO
    for name in ("raider", "explorer", "builder"):
        old, new = STRATEGIES[name + "_v0"], STRATEGIES[name]
        assert np.array_equal(old[:W_TEMPO], new[:W_TEMPO])
        assert old[W_TEMPO] == old[W_SOLO] == 0 and new[W_TEMPO] > 0 and new[W_SOLO] > 0


def test_the_solo_margin_counts_jordan_s_vp():
    """Solo: the value is a margin against Jordan; one more VP for him is one less."""
    from maracaibo_env.pirates.agents.heuristics import value, W_SOLO, MAX_P
    g = Game(1, seed=5)
    w = np.zeros(10)
    w[W_SOLO] = 1.0
    ctx = np.zeros(2 * MAX_P + 1)
    a = value(g.state.copy(), g._cat, 0, w, ctx)
    h = g.clone()
    h.state[_pb(1) + K.P_VP] += 7
    assert value(h.state.copy(), h._cat, 0, w, ctx) == pytest.approx(a - 7)


def test_decisions_ignore_the_other_seats_quests():
    """The paces read the others' VP without their hidden quests."""
    g = Game(2, seed=6)
    rng = np.random.default_rng(3)
    for _ in range(60):
        g.step(int(rng.choice(g.legal_actions())))
    while g.current_player != 0:
        g.step(int(rng.choice(g.legal_actions())))
    h = g.clone()
    b = _pb(1)
    qn = int(h.state[b + K.P_QN])
    deck = L.LAYOUT.field_slice("QDECK").start
    assert qn > 0 and h.state[K.G_QDECK_N] > 0
    h.state[b + K.P_QHAND], h.state[deck] = g.state[deck], g.state[b + K.P_QHAND]
    agent = PiratesHeuristicAgent("raider")
    for k in range(6):
        a1 = agent.act(None, g.action_mask(), np.random.default_rng(k), game=g)
        a2 = agent.act(None, h.action_mask(), np.random.default_rng(k), game=h)
        assert a1 == a2


def test_the_round_aware_player_lets_jordan_end_fewer_rounds():
    """Jordan races (SOLO-15: the column nearest Maracaibo); the old player let him
    end nearly every round; the round-aware one sails to deny him turns."""
    ends = {}
    for name in ("explorer", "explorer_v0"):
        n = 0
        for seed in range(20):
            g = play_game(1, 4000 + seed, [name], agent_seed=seed + 1)
            n += g.score_breakdown()[1]["maracaibo"] // 6     # MARA-02: 6 VP each time
        ends[name] = n
    assert ends["explorer"] < ends["explorer_v0"]

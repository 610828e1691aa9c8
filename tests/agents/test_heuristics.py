"""The rule-of-thumb agents (maracaibo_env/maracaibo/agents/heuristics.py): legal actions through whole
games for 1-4 players, no mutation of the game they read, no use of hidden
information, determinism for a fixed rng, and the best one beats random."""
import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core.layout import N_CARDS, N_TOKENS, N_AUTOMA, N_PRESTIGE, N_BUILDINGS
from maracaibo_env.agents.random_agent import RandomAgent
from maracaibo_env.maracaibo.agents.heuristics import (HEURISTICS, BalancedAgent, HeuristicAgent, act_with,
                               sanitized_state, make_agent)

NAMES = list(HEURISTICS)


def _play(agents, num_players, seed, difficulty="medium", check=None, use_game=True):
    g = Game(num_players, seed=seed, difficulty=difficulty)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        p = g.current_player
        mask = g.action_mask()
        agent = agents[p]
        if check is not None:
            check(g, agent)
        if use_game:
            a = act_with(agent, g, rng)
        else:
            a = int(agent.act(g.observe(p), mask, rng))
        assert mask[a] == 1, f"{agent!r} chose illegal {g.action_name(a)!r} in phase {g.phase}"
        g.step(a)
    return g


def test_registry_and_interface():
    assert len(HEURISTICS) >= 5
    for name in NAMES:
        agent = make_agent(name)
        assert isinstance(agent, HeuristicAgent) and agent.name == name
        assert agent.accepts_game
    assert isinstance(make_agent("random"), RandomAgent)
    with pytest.raises(ValueError):
        make_agent("nope")
    with pytest.raises(ValueError):
        BalancedAgent(no_such_weight=1.0)
    g = Game(2, seed=0)
    with pytest.raises(ValueError):
        BalancedAgent().act(g.observe(0), np.zeros_like(g.action_mask()), np.random.default_rng(0), game=g)


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_legal_whole_games(num_players):
    """Every heuristic plays legal actions through whole games (solo included)."""
    if num_players == 1:
        for i, name in enumerate(NAMES):
            g = _play([HEURISTICS[name]()], 1, seed=10 + i,
                      difficulty=("very_easy", "easy", "medium", "hard", "very_hard")[i % 5])
            assert g.is_over and len(g.scores()) == 2
        return
    for i in range(len(NAMES)):
        agents = [HEURISTICS[NAMES[(i + k) % len(NAMES)]]() for k in range(num_players)]
        g = _play(agents, num_players, seed=100 * num_players + i)
        assert g.is_over


@pytest.mark.parametrize("num_players", [1, 2, 4])
def test_observation_path_is_legal(num_players):
    """Without a Game (as the PettingZoo / single-agent wrappers call it) the
    agents still return legal actions."""
    agents = [HEURISTICS[NAMES[k % len(NAMES)]]() for k in range(num_players)]
    g = _play(agents, num_players, seed=7, use_game=False)
    assert g.is_over


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_game_not_mutated(num_players):
    def check(g, agent):
        state, mask = g.state.copy(), g.action_mask()
        agent.act(g.observe(g.current_player), mask, np.random.default_rng(1), game=g)
        assert np.array_equal(g.state, state), "act() changed the game state"
        assert np.array_equal(g.action_mask(), mask), "act() changed the action mask"

    agents = [HEURISTICS[NAMES[(num_players + k) % len(NAMES)]]() for k in range(num_players)]
    _play(agents, num_players, seed=3, check=check)


# ---- hidden information ---------------------------------------------------------------
def _perturb_hidden(g: Game, me: int, rng: np.random.Generator) -> Game:
    """A copy of g whose information hidden from `me` is changed: other players'
    hands, planning areas and careers, the draw and discard piles, the combat-token
    piles, Jean's deck, the quest pile below its top tile, face-down prestige
    buildings and the in-state RNG. Everything `me` may know is kept."""
    h = g.clone()
    s = h.state
    np_ = int(s[L.field_slice("NP")][0])
    solo = bool(s[L.field_slice("SOLO")][0])

    def fill(name, n, hi, player=None):
        sl = L.field_slice(name, player)
        if n > 0:
            s[sl.start:sl.start + n] = rng.integers(0, hi, n)

    for q in range(np_):
        if q == me or (solo and q == 1):
            continue
        fill("HAND", int(s[L.field_slice("HAND_N", q)][0]), N_CARDS, q)
        plan = s[L.field_slice("PLAN", q)]
        n = int((plan >= 0).sum())
        plan[:] = -1
        slots = rng.permutation(len(plan))[:n]
        plan[slots] = rng.integers(0, N_CARDS, n)
        for f in ("CAREER", "CAREER_OPT"):
            v = s[L.field_slice(f, q)]
            v[v >= 0] = rng.integers(0, 8, int((v >= 0).sum()))
    fill("DRAW", int(s[L.field_slice("DRAW_N")][0]), N_CARDS)
    fill("DISCARD", int(s[L.field_slice("DISCARD_N")][0]), N_CARDS)
    tn = s[L.field_slice("TPILE_N")]
    fill("TPILE0", int(tn[0]), N_TOKENS)
    fill("TPILE1", int(tn[1]), N_TOKENS)
    fill("AUTOMA_DECK", int(s[L.field_slice("AUTOMA_N")][0]), N_AUTOMA)
    qn = int(s[L.field_slice("QPILE_N")][0])
    if qn > 1:
        q = s[L.field_slice("QPILE")]
        q[:qn - 1] = rng.permutation(q[:qn - 1])
    rev = int(s[L.field_slice("PR_REVEALED")][0])
    pr = s[L.field_slice("PR_BUILD")]
    if rev < N_BUILDINGS:
        unseen = [b for b in range(N_PRESTIGE) if b not in set(pr[:rev].tolist())]
        pr[rev:] = rng.permutation(unseen)[:N_BUILDINGS - rev]
    s[L.field_slice("RNG")] = rng.integers(1, 2**31 - 1, 2)
    s[L.field_slice("SEED")] = rng.integers(0, 2**31 - 1)
    return h


@pytest.mark.parametrize("num_players", [1, 2, 3, 4])
def test_hidden_information_is_not_used(num_players):
    """The decision and the lookahead input are the same when everything the
    actor cannot see is changed."""
    checked = [0]
    prng = np.random.default_rng(num_players)

    def check(g, agent):
        me = g.current_player
        h = _perturb_hidden(g, me, prng)
        assert np.array_equal(sanitized_state(g, me), sanitized_state(h, me))
        obs, mask = g.observe(me), g.action_mask()
        a1 = agent.act(obs, mask, np.random.default_rng(5), game=g)
        a2 = agent.act(obs, mask, np.random.default_rng(5), game=h)
        assert a1 == a2, f"{agent!r} decided differently after hidden information changed"
        checked[0] += 1

    agents = [HEURISTICS[NAMES[(2 * num_players + k) % len(NAMES)]]() for k in range(num_players)]
    _play(agents, num_players, seed=21, check=check)
    assert checked[0] > 50


def test_perturbation_changes_hidden_fields():
    """Guard for the test above: the perturbation really changes hidden fields."""
    g = Game(3, seed=4)
    rng = np.random.default_rng(0)
    while g.phase != "sail":
        g.step(g.legal_actions()[0])
    h = _perturb_hidden(g, g.current_player, rng)
    for name in ("DRAW", "TPILE0", "RNG"):
        assert not np.array_equal(g.state[L.field_slice(name)], h.state[L.field_slice(name)]), name
    other = (g.current_player + 1) % 3
    assert not np.array_equal(g.state[L.field_slice("HAND", other)], h.state[L.field_slice("HAND", other)])
    assert np.array_equal(g.observe(g.current_player), h.observe(g.current_player))


# ---- determinism and strength ------------------------------------------------------------
@pytest.mark.parametrize("num_players", [1, 3])
def test_deterministic_for_fixed_rng(num_players):
    def actions():
        g = Game(num_players, seed=11)
        agents = [HEURISTICS[NAMES[k % len(NAMES)]]() for k in range(num_players)]
        rng = np.random.default_rng(42)
        out = []
        while not g.is_over:
            a = act_with(agents[g.current_player], g, rng)
            out.append(a)
            g.step(a)
        return out, g.scores()

    assert actions() == actions()


def test_best_beats_random():
    """The balanced heuristic wins at least 18 of 20 two-player games against
    random (seats alternate)."""
    wins = 0.0
    best, rnd = BalancedAgent(), RandomAgent()
    for seed in range(20):
        seat = seed % 2
        agents = [best, rnd] if seat == 0 else [rnd, best]
        g = _play(agents, 2, seed=1000 + seed)
        w = g.winners()
        wins += (seat in w) / len(w)
    assert wins >= 18, f"balanced won only {wins} of 20 games against random"

"""The OpenSpiel adapter: OpenSpiel's random-simulation test, its ISMCTS bot,
hidden information kept out of information states, returns vs engine scores.
Skipped where open_spiel (pyspiel) is not installed."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from maracaibo_env import Game  # noqa: E402
from maracaibo_env import openspiel_game as og  # noqa: E402
from maracaibo_env.core import layout as L  # noqa: E402
from maracaibo_env.core.actions import NUM_ACTIONS  # noqa: E402
from maracaibo_env.core.observe import OBS_SIZE  # noqa: E402


def _load(players=2):
    return pyspiel.load_game(f"python_maracaibo(players={players})")


def _dealt(players=2, seed=11):
    state = _load(players).new_initial_state()
    state.apply_action(seed)
    return state


def _random_to_end(state, rng):
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    return state


def test_registered_and_loadable():
    g2 = pyspiel.load_game("python_maracaibo")
    g3 = pyspiel.load_game("python_maracaibo(players=3)")
    assert (g2.num_players(), g3.num_players()) == (2, 3)
    assert g3.get_parameters() == {"players": 3, "story": 75}
    assert g2.num_distinct_actions() == NUM_ACTIONS
    assert g2.max_chance_outcomes() == og.NUM_DEALS
    assert (g2.min_utility(), g2.max_utility(), g2.utility_sum()) == (-1.0, 1.0, 0.0)
    assert g2.information_state_tensor_shape() == [OBS_SIZE]
    assert g2.observation_tensor_shape() == [OBS_SIZE]
    assert g3.max_game_length() == 3 * og.DECISIONS_PER_PLAYER
    gt = g2.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    for bad in ("python_maracaibo(players=1)", "python_maracaibo(players=5)",
                "python_maracaibo(story=80)"):
        with pytest.raises(ValueError):
            pyspiel.load_game(bad)


def test_deal_is_the_engine_seed():
    state = _load(3).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == og.NUM_DEALS
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.information_state_string(0) == "p0: before the deal"
    state.apply_action(4242)
    assert np.array_equal(state.engine.state, Game(num_players=3, seed=4242).state)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4242) == "deal:seed4242"


@pytest.mark.parametrize("players,sims,serialize", [(2, 2, True), (3, 1, False), (4, 1, False)])
def test_openspiel_random_sim_test(players, sims, serialize):
    # OpenSpiel's own checks: legal actions sorted, masks, unique action
    # strings, clones, (de)serialisation, observation/info-state sizes and
    # finiteness, returns in range and zero-sum, game length <= max
    pyspiel.random_sim_test(_load(players), num_sims=sims, serialize=serialize, verbose=False)


def test_ismcts_bot_plays_legal_moves():
    from open_spiel.python.algorithms import ismcts, mcts
    game = _load(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8,
                           random_state=np.random.RandomState(0))
    bot.set_resampler(og.make_resampler(0))   # reproducible determinizations
    state = _dealt(2, seed=5)
    for _ in range(5):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    # without set_resampler the bot calls state.resample_from_infostate
    plain = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4,
                             random_state=np.random.RandomState(1))
    assert plain.step(state) in state.legal_actions()


def test_resample_keeps_the_information_state():
    rng = np.random.default_rng(0)
    state = _dealt(3, seed=8)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply_action(int(legal[rng.integers(len(legal))]))
    p = state.current_player()
    world = og.resample(state, p, rng)
    assert not np.array_equal(world.engine.state, state.engine.state)
    assert world.information_state_string(p) == state.information_state_string(p)
    assert world.information_state_tensor(p) == state.information_state_tensor(p)
    assert world.observation_string(p) == state.observation_string(p)
    assert world.legal_actions() == state.legal_actions()
    # reproducible with the same generator seed; still a playable game
    again = og.make_resampler(3)(state, p)
    assert str(again) == str(og.make_resampler(3)(state, p))
    _random_to_end(world, rng)


def test_hidden_information_is_not_in_the_information_state():
    """Two worlds that differ only in the opponent's hand and the deck order:
    the seat to move sees the same information state (string and tensor),
    computed afresh after each of its own moves; the opponent does not."""
    state = _dealt(2, seed=11)
    p = state.current_player()
    q = 1 - p
    other = og.resample(state, p, np.random.default_rng(1))
    hand = L.field_slice("HAND", q)
    assert not np.array_equal(state.engine.state[hand], other.engine.state[hand])
    draw = L.field_slice("DRAW")
    assert not np.array_equal(state.engine.state[draw], other.engine.state[draw])
    moves = 0
    while state.current_player() == p and moves < 5:
        action = state.legal_actions()[0]
        state.apply_action(action)
        other.apply_action(action)
        moves += 1
        assert state.information_state_string(p) == other.information_state_string(p)
        assert state.information_state_tensor(p) == other.information_state_tensor(p)
        assert state.observation_tensor(p) == other.observation_tensor(p)
        assert state.information_state_string(q) != other.information_state_string(q)
        assert state.observation_tensor(q) != other.observation_tensor(q)
    assert moves >= 3
    # the deal seed never shows up, the own hand does
    seed_text = str(int(state.engine.state[L.G_SEED]))
    assert "seed" not in state.information_state_string(p)
    card = state.engine.catalog.card_names[int(state.engine.state[L.field_slice("HAND", p)][0])]
    assert card in state.information_state_string(p)
    assert seed_text in str(state)   # the god view (ToString) does show it


def test_information_state_is_perfect_recall():
    """Discarding cards x then y, or y then x, in the set-up leaves the seat
    the same observation; its information state still tells the two apart."""
    a, b = _dealt(2, seed=21), _dealt(2, seed=21)
    p = a.current_player()
    for s in (a, b):
        s.apply_action(s.legal_actions()[0])          # plan a card; discards follow
    names = a.engine.action_names
    hand = L.field_slice("HAND", p)

    def discard(state, card):
        slot = state.engine.state[hand].tolist().index(card)
        state.apply_action(names.index(f"setup:discard:hand{slot}"))

    x, y = a.engine.state[hand][[0, 3]].tolist()
    discard(a, x); discard(a, y)  # noqa: E702
    discard(b, y); discard(b, x)  # noqa: E702
    assert a.current_player() == b.current_player() == p
    assert a.observation_string(p) == b.observation_string(p)
    assert a.observation_tensor(p) == b.observation_tensor(p)
    assert a.information_state_string(p) != b.information_state_string(p)
    # the readable part of the information state is the observation's
    assert a.information_state_string(p).split("\n")[:-1] == a.observation_string(p).split("\n")[:-1]


@pytest.mark.parametrize("players", [2, 3])
def test_returns_agree_with_engine_scores(players):
    state = _random_to_end(_dealt(players, seed=30 + players), np.random.default_rng(players))
    g = state.engine
    scores = g.scores()
    returns = state.returns()
    assert returns == og.utilities(scores)
    assert sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)
    best = max(returns)
    assert [p for p, r in enumerate(returns) if r == best] == g.winners()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []


def test_utilities():
    assert og.utilities([10, 10]) == [0.0, 0.0]
    assert og.utilities([3, 9]) == [-1.0, 1.0]
    assert og.utilities([5, 7, 7]) == [-1.0, 0.5, 0.5]
    assert og.utilities([1, 2, 3, 4]) == pytest.approx([-1.0, -1 / 3, 1 / 3, 1.0])


def test_observer_objects():
    from open_spiel.python.observation import make_observation
    game = _load(2)
    state = _dealt(2, seed=2)
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (OBS_SIZE,)
    assert np.array_equal(obs.tensor, state.engine.observe(0).astype(np.float32))
    assert np.array_equal(obs.dict["hand"][:8], state.engine.state[L.field_slice("HAND", 0)][:8])
    with pytest.raises(ValueError):
        game.make_observer(pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {})

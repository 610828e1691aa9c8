"""The OpenSpiel adapter: OpenSpiel's random-simulation test, its ISMCTS bot,
hidden information kept out of information states, returns vs engine scores.
The first part is Maracaibo's (python_maracaibo, as it always was); the
second runs for every registered game whose registry row declares OpenSpiel
support (GameInfo.openspiel), parametrized over the registry.
Skipped where open_spiel (pyspiel) is not installed."""
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from maracaibo_env import Game  # noqa: E402
from maracaibo_env import openspiel_game  # noqa: E402  (registers every game with pyspiel)
from maracaibo_env.maracaibo import openspiel as og  # noqa: E402
from maracaibo_env.maracaibo.core import layout as L  # noqa: E402
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS  # noqa: E402
from maracaibo_env.maracaibo.core.observe import OBS_SIZE  # noqa: E402


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
    seed_text = str(int(state.engine.state[K.G_SEED]))
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


# ---- every registered game that declares OpenSpiel support ---------------------------------------
from maracaibo_env import registry  # noqa: E402
from maracaibo_env.framework import openspiel as fos  # noqa: E402

SPECS = fos.registered_specs()
GAME_IDS = list(SPECS)


def _gload(gid, players=None, **params):
    spec = SPECS[gid]
    if players is not None:
        params["players"] = players
    text = ",".join(f"{k}={v}" for k, v in params.items())
    return pyspiel.load_game(f"{spec.short_name}({text})" if text else spec.short_name)


def _gdealt(gid, players=2, seed=11, **params):
    state = _gload(gid, players, **params).new_initial_state()
    state.apply_action(seed)
    return state


def _flag_parameters(gid):
    return {k: True for k, v in SPECS[gid].parameters.items() if isinstance(v, bool)}


def test_every_registered_game_is_an_openspiel_game():
    assert set(GAME_IDS) == set(registry.available_games())
    for gid, spec in SPECS.items():
        assert spec.short_name == f"python_{gid}"
        assert openspiel_game.GAMES[gid].SPEC is spec
        assert spec.game_class is registry.game_class(gid)
    assert openspiel_game.GAMES["maracaibo"] is og.MaracaiboGame
    # a registered game without a spec is not offered
    info = registry.GameInfo(id="nogame", title="No game", game=Game, replay_format="nogame-replay")
    with registry.registered(info):
        assert "nogame" not in fos.registered_specs()


@pytest.mark.parametrize("gid", GAME_IDS)
def test_game_parameters_and_sizes(gid):
    spec = SPECS[gid]
    cls = spec.game_class
    lo, hi = min(spec.player_counts), max(spec.player_counts)
    default = _gload(gid)
    assert default.get_parameters() == spec.parameters
    assert default.num_players() == spec.parameters["players"]
    for n in spec.player_counts:
        g = _gload(gid, n)
        assert g.num_players() == n
        assert g.max_game_length() == n * spec.decisions_per_player
    assert default.num_distinct_actions() == cls.NUM_ACTIONS
    assert default.max_chance_outcomes() == spec.num_deals
    assert (default.min_utility(), default.max_utility(), default.utility_sum()) == (-1.0, 1.0, 0.0)
    assert default.information_state_tensor_shape() == [cls.OBS_SIZE]
    assert default.observation_tensor_shape() == [cls.OBS_SIZE]
    gt = default.get_type()
    assert gt.short_name == spec.short_name
    assert (gt.min_num_players, gt.max_num_players) == (lo, hi)
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    for bad in (lo - 1, hi + 1):
        with pytest.raises(ValueError):
            _gload(gid, bad)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_game_deal_is_the_engine_seed(gid):
    spec = SPECS[gid]
    state = _gload(gid, 3).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == spec.num_deals
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.information_state_string(0) == "p0: before the deal"
    state.apply_action(4242)
    options = {k: v for k, v in spec.parameters.items() if k != "players"}
    assert np.array_equal(state.engine.state, spec.game_class(3, seed=4242, **options).state)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4242) == "deal:seed4242"
    # the deal's seed shows in the god view only
    seed_text = f"seed {int(state.engine.state[state.engine.LAYOUT.glob['SEED'][0]])}"
    assert seed_text in str(state)
    for p in range(3):
        assert "seed" not in state.information_state_string(p)
        assert "seed" not in state.observation_string(p)
    # pickles (the state's engine as its JSON save) and deep copies
    import copy
    import pickle
    state.apply_action(state.legal_actions()[0])
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert str(other) == str(state)
        assert other.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("players,sims,serialize", [(2, 2, True), (3, 1, False), (4, 1, False)])
def test_game_random_sim_test(gid, players, sims, serialize):
    # OpenSpiel's own checks (see test_openspiel_random_sim_test) for every game
    pyspiel.random_sim_test(_gload(gid, players), num_sims=sims, serialize=serialize, verbose=False)


@pytest.mark.parametrize("gid", [g for g in GAME_IDS if _flag_parameters(g)])
def test_game_random_sim_test_with_every_flag(gid):
    # every on/off parameter (the game's modules and variants) switched on
    game = _gload(gid, 3, **{k: "True" for k in _flag_parameters(gid)})
    assert all(game.get_parameters()[k] is True for k in _flag_parameters(gid))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_random_sim_test_long(gid, players):
    # more whole games per player count (about 1-4 s each)
    pyspiel.random_sim_test(_gload(gid, players), num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("gid", GAME_IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_returns_agree_with_engine_ranking(gid, players):
    spec = SPECS[gid]
    state = _random_to_end(_gdealt(gid, players, seed=40 + players), np.random.default_rng(players))
    g = state.engine
    keys = g.scores() if spec.rank_key is None else spec.rank_key(g)
    returns = state.returns()
    assert returns == fos.utilities(keys)
    assert sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)
    best = max(returns)
    assert [p for p, r in enumerate(returns) if r == best] == g.winners()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []


@pytest.mark.parametrize("gid", GAME_IDS)
def test_game_observer_objects(gid):
    from open_spiel.python.observation import make_observation
    cls = SPECS[gid].game_class
    game = _gload(gid, 2)
    state = _gdealt(gid, 2, seed=2)
    obs = make_observation(game)
    obs.set_from(state, 1)
    assert obs.tensor.shape == (cls.OBS_SIZE,)
    assert np.array_equal(obs.tensor, state.engine.observe(1).astype(np.float32))
    for name, off, size, _ in cls.observation_spec():
        assert np.array_equal(obs.dict[name], obs.tensor[off:off + size])
    with pytest.raises(ValueError):
        game.make_observer(pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {})


@pytest.mark.parametrize("gid", GAME_IDS)
def test_game_information_state_is_the_seats_history(gid):
    """The same deal and moves give the same information states; the
    readable part is the observation's; a different history of the same
    seat (another deal) gives another one; every move changes it."""
    rng = np.random.default_rng(0)
    a, b = _gdealt(gid, 2, seed=9), _gdealt(gid, 2, seed=9)
    before = [a.information_state_string(p) for p in range(2)]
    for _ in range(20):
        legal = a.legal_actions()
        action = int(legal[rng.integers(len(legal))])
        a.apply_action(action)
        b.apply_action(action)
        now = [a.information_state_string(p) for p in range(2)]
        assert now == [b.information_state_string(p) for p in range(2)]
        assert all(x != y for x, y in zip(now, before))     # the move counter and digest moved on
        before = now
        for p in range(2):
            assert now[p].split("\n")[:-1] == a.observation_string(p).split("\n")[:-1]
            assert a.information_state_tensor(p) == a.observation_tensor(p)
    assert a.information_state_string(0) != _gdealt(gid, 2, seed=10).information_state_string(0)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_game_resampler_offered_or_refused(gid):
    spec = SPECS[gid]
    state = _gdealt(gid, 2, seed=3)
    p = state.current_player()
    sampler = np.random.default_rng(7).random     # a callable giving floats in [0, 1)
    if spec.resample is None:
        with pytest.raises(NotImplementedError):
            state.resample_from_infostate(p, sampler)
        return
    world = state.resample_from_infostate(p, sampler)
    assert world.information_state_string(p) == state.information_state_string(p)
    assert world.legal_actions() == state.legal_actions()

"""The API every registered game keeps, checked once over the registry
(OpenSpiel's API test over its registry, pgx's `api_test`): a game that is
registered in maracaibo_env/registry.py gets these tests without a line here.

What a game must offer (its Game class, from `registry.game_class`):
reproducible seeds; `clone` and `to_json`/`from_json` that copy exactly;
an exact legal mask (every legal id steps, an illegal id raises
IllegalActionError and leaves the game bit-identical); action names that
round-trip; replays that re-run through `maracaibo_env.framework.replay`; observations
of the declared shape, dtype and bounds, blind to the game's random
generator; a PettingZoo AEC env (the versioned module named by its
description's env_name) that passes `api_test`, and a Gymnasium env (the
registry's gym_id) that passes `check_env`.
"""
from __future__ import annotations

import importlib
import json
import warnings

import gymnasium
import numpy as np
import pytest

import maracaibo_env  # noqa: F401  (registers the Gymnasium ids)
from maracaibo_env.framework import replay
from maracaibo_env.framework.errors import IllegalActionError
from maracaibo_env.framework.hidden import hidden_values
from maracaibo_env.framework.obs_spec import ObsSpec
from maracaibo_env.registry import available_games, determinizer, game_class, game_info, make

GAMES = available_games()
MAX_STEPS = 20000          # a random game far longer than this is a fault
ILLEGAL_SAMPLE = 6         # illegal ids tried at each decision of the mask test


# ---- what the registry leads to ------------------------------------------------------------
def description(gid):
    """The game's GameDescription (framework.description), read from its
    Gymnasium env class (GameInfo.gym_entry); None for a game without one."""
    entry = game_info(gid).gym_entry
    if not entry:
        return None
    module, _, attr = entry.partition(":")
    return getattr(importlib.import_module(module), attr).description


def player_counts(gid) -> tuple[int, ...]:
    d = description(gid)
    return tuple(d.player_counts) if d is not None else (2,)


def multi(gid) -> int:
    """The smallest player count with two or more deciding seats."""
    return min(n for n in player_counts(gid) if n >= 2)


def aec_module(gid):
    """The game's versioned PettingZoo module (maracaibo_v1, pirates_v0, ...)."""
    d = description(gid)
    package = game_class(gid).__module__.split(".")[0]
    return importlib.import_module(f"{package}.{d.env_name}")


def by_count():
    return [pytest.param(gid, n, id=f"{gid}-{n}p") for gid in GAMES for n in player_counts(gid)]


# ---- helpers --------------------------------------------------------------------------------
def random_game(gid, n, seed, max_steps=MAX_STEPS):
    """Yield (game, action) along a uniformly random game, the game before each
    step; the generator makes the step after the caller resumes it."""
    g = make(gid, n, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(max_steps):
        if g.is_over:
            return
        a = int(rng.choice(g.legal_actions()))
        yield g, a
        g.step(a)
    raise AssertionError(f"{gid}: a random game of {n} players, seed {seed}, is longer than {max_steps} steps")


def finished(gid, n, seed):
    g = None
    for g, _ in random_game(gid, n, seed):
        pass
    return g


def generator_fields(cls) -> list[slice]:
    """The slices of the in-state random generator and seed option (framework/rng.py)."""
    glob = cls.LAYOUT.glob
    return [slice(glob[k][0], glob[k][0] + glob[k][1]) for k in ("SEED", "RNG") if k in glob]


def all_obs(g) -> np.ndarray:
    return np.stack([g.observe(p) for p in range(g.num_seats)])


def snapshot(g):
    return g.state.copy(), g.action_mask(), list(g.history) if g.history is not None else None


def same(g, snap) -> bool:
    state, mask, history = snap
    return (np.array_equal(g.state, state) and g.state.dtype == state.dtype
            and np.array_equal(g.action_mask(), mask)
            and (list(g.history) if g.history is not None else None) == history)


def play_on(g, actions_rng_seed, steps):
    """Continue g with `steps` random moves (a fixed rng); returns the states, one array."""
    rng = np.random.default_rng(actions_rng_seed)
    out = [g.state.copy()]
    for _ in range(steps):
        if g.is_over:
            break
        g.step(int(rng.choice(g.legal_actions())))
        out.append(g.state.copy())
    return np.stack(out)


# ---- registry ------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_registry_row_matches_the_game(gid):
    info, cls = game_info(gid), game_class(gid)
    assert cls.REPLAY_FORMAT == info.replay_format
    g = make(gid, multi(gid), seed=0)
    assert type(g) is cls and not g.is_over and g.legal_actions()
    assert len(g.action_names) == cls.NUM_ACTIONS == len(g.action_mask())
    assert len(set(g.action_names)) == cls.NUM_ACTIONS, "action names are unique"
    d = description(gid)
    if d is not None:
        assert d.game_class is cls and d.num_actions == cls.NUM_ACTIONS and d.obs_size == cls.OBS_SIZE


# ---- seeds -----------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_same_game_different_seed_different_deal(gid):
    n = multi(gid)
    a = list((g.state.copy(), all_obs(g), act) for g, act in random_game(gid, n, 11, max_steps=300))
    b = list((g.state.copy(), all_obs(g), act) for g, act in random_game(gid, n, 11, max_steps=300))
    assert len(a) == len(b)
    for (sa, oa, xa), (sb, ob, xb) in zip(a, b):
        assert xa == xb and np.array_equal(sa, sb) and np.array_equal(oa, ob)
    # another seed: another set-up, beyond the seed and generator fields themselves
    cls = game_class(gid)
    s11, s12 = make(gid, n, seed=11).state.copy(), make(gid, n, seed=12).state.copy()
    for sl in generator_fields(cls):
        s11[sl] = s12[sl] = 0
    assert not np.array_equal(s11, s12), "seeds 11 and 12 deal the same game"


# ---- copies ----------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_clone_is_independent(gid):
    g = make(gid, multi(gid), seed=3)
    play_on(g, 3, 20)
    h = g.clone()
    snap = snapshot(h)
    g.step(g.legal_actions()[0])
    assert same(h, snap), "stepping the original changed its clone"
    h.step(h.legal_actions()[0])
    assert np.array_equal(g.state, h.state) and g.history == h.history
    k = h.clone()
    snap = snapshot(h)
    play_on(k, 4, 10)
    assert same(h, snap), "stepping a clone changed the original"
    assert np.array_equal(play_on(g.clone(), 9, 50), play_on(h.clone(), 9, 50))


@pytest.mark.parametrize("gid, n", by_count())
def test_json_round_trip_is_exact_and_plays_on_the_same(gid, n):
    cls = game_class(gid)
    for i, (g, _) in enumerate(random_game(gid, n, 5)):
        if i % 5:
            continue
        text = g.to_json()
        h = cls.from_json(text)
        assert type(h) is cls
        assert np.array_equal(g.state, h.state) and g.state.dtype == h.state.dtype, f"step {i}"
        assert np.array_equal(g.action_mask(), h.action_mask()), f"step {i}"
        assert h.to_json() == text and json.loads(text) == g.to_dict()
        assert np.array_equal(all_obs(g), all_obs(h))
        assert np.array_equal(play_on(g.clone(), i, 15), play_on(h, i, 15)), f"step {i}"
    g = finished(gid, n, 5)
    h = cls.from_json(g.to_json())
    assert h.is_over and np.array_equal(g.state, h.state) and h.scores() == g.scores()


# ---- the legal mask --------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [7, 8, 9])
@pytest.mark.parametrize("gid, n", by_count())
def test_mask_is_exact_along_a_random_game(gid, n, seed):
    """Every legal id steps; a sample of illegal ids (and out-of-range ids)
    raises IllegalActionError and leaves state, mask and history bit-identical."""
    cls = game_class(gid)
    pick = np.random.default_rng(100 * seed + n)
    g = None
    for step, (g, _) in enumerate(random_game(gid, n, seed)):
        mask = g.action_mask()
        assert mask.dtype == np.int8 and mask.shape == (cls.NUM_ACTIONS,) and set(np.unique(mask)) <= {0, 1}
        legal = g.legal_actions()
        assert legal and legal == np.flatnonzero(mask).tolist(), f"step {step}"
        for a in legal:
            c = g.clone()
            try:
                c.step(a)
            except Exception as exc:  # noqa: BLE001  (any error is the finding)
                raise AssertionError(f"{gid} {n}p seed {seed} step {step} phase {g.phase!r}: legal "
                                     f"{g.action_name(a)!r} (id {a}) raised {exc!r}") from exc
        illegal = np.flatnonzero(mask == 0)
        tried = pick.choice(illegal, min(ILLEGAL_SAMPLE, len(illegal)), replace=False).tolist()
        snap = snapshot(g)
        for a in tried + [-1, cls.NUM_ACTIONS]:
            with pytest.raises(IllegalActionError):
                g.step(a)
            assert same(g, snap), f"{gid} {n}p step {step}: illegal id {a} changed the game"
    assert g is not None
    g = finished(gid, n, seed)
    assert not g.action_mask().any() and g.legal_actions() == []
    snap = snapshot(g)
    for a in (0, cls.NUM_ACTIONS - 1):
        with pytest.raises(IllegalActionError):
            g.step(a)
    assert same(g, snap)


@pytest.mark.parametrize("gid", GAMES)
def test_action_names_round_trip(gid):
    """name -> id -> name for every legal action, and stepping by name is stepping by id."""
    n = multi(gid)
    for step, (g, a) in enumerate(random_game(gid, n, 13)):
        names = g.legal_action_names()
        assert names == [g.action_name(x) for x in g.legal_actions()]
        for x, name in zip(g.legal_actions(), names):
            assert isinstance(name, str) and name
            assert g.action_id(name) == x and g.action_name(g.action_id(name)) == name
        if step % 10 == 0:
            by_name, by_id = g.clone(), g.clone()
            by_name.step(g.action_name(a))
            by_id.step(a)
            assert np.array_equal(by_name.state, by_id.state)
    with pytest.raises(IllegalActionError):
        make(gid, n, seed=0).step("no:such:action")


# ---- replays ---------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_replay_round_trip(gid, tmp_path):
    n = multi(gid)
    g = finished(gid, n, 17)
    path = tmp_path / f"{gid}.jsonl"
    g.save_replay(path)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == game_info(gid).replay_format
    h, scores = replay.load_replay(path)           # the registry finds the game from the format
    assert type(h) is game_class(gid) and scores == g.scores() == h.scores()
    assert np.array_equal(h.state, g.state) and h.history == g.history
    assert np.array_equal(replay.verify_replay(path).state, g.state)
    # an unfinished game: partial replays only
    u = make(gid, n, seed=17)
    play_on(u, 17, 40)
    upath = tmp_path / f"{gid}-unfinished.jsonl"
    u.save_replay(upath)
    with pytest.raises(replay.ReplayError):
        replay.load_replay(upath)
    v, scores = replay.load_replay(upath, partial=True)
    assert scores is None and np.array_equal(v.state, u.state)
    # a game loaded from a saved state has no history to replay
    with pytest.raises(replay.ReplayError):
        game_class(gid).from_json(u.to_json()).save_replay(tmp_path / "none.jsonl")


# ---- observations ----------------------------------------------------------------------------
@pytest.mark.parametrize("gid, n", by_count())
def test_observations_match_the_spec_and_bounds(gid, n):
    cls = game_class(gid)
    spec = cls.observation_spec()
    names = [s[0] for s in spec]
    assert len(names) == len(set(names)), "observation slice names are unique"
    off = 0
    for name, o, size, meaning in spec:
        assert o == off and size > 0 and isinstance(meaning, str), name
        off += size
    assert off == cls.OBS_SIZE, "the spec covers the whole observation"
    # one spec (name, size, meaning, low, high) that every consumer reads
    obs = cls.OBS
    assert isinstance(obs, ObsSpec) and obs.size == sum(r[1] for r in obs.rows) == cls.OBS_SIZE
    assert all(lo <= hi for _, _, _, lo, hi in obs.rows)
    d = description(gid)
    low, high = d.bounds() if d is not None else cls.observation_bounds()
    assert low.shape == high.shape == (cls.OBS_SIZE,) and (low <= high).all()
    assert np.array_equal(low, obs.bounds()[0]) and np.array_equal(high, obs.bounds()[1]), \
        "the envs' Box bounds are the spec's"
    g = None
    for step, (g, _) in enumerate(random_game(gid, n, 19)):
        if step % 5:
            continue
        for p in range(g.num_seats):
            o = g.observe(p)
            assert o.dtype == np.int32 and o.shape == (cls.OBS_SIZE,)
            bad = np.flatnonzero((o < low) | (o > high))
            assert not len(bad), (f"{gid} {n}p step {step} seat {p}: out of bounds: " + ", ".join(
                f"{_slice_name(spec, i)}[{i}]={o[i]} not in {low[i]}..{high[i]}" for i in bad[:5]))
    for p in range(g.num_seats):       # the final position too
        o = g.observe(p)
        assert o.shape == (cls.OBS_SIZE,) and ((o >= low) & (o <= high)).all()


def _slice_name(spec, i):
    return next(name for name, o, size, _ in spec if o <= i < o + size)


@pytest.mark.parametrize("gid, n", by_count())
def test_observations_do_not_see_the_random_generator(gid, n):
    """Hidden information, generically: the game's generator (what every later
    draw and shuffle depends on) and seed are hidden from every seat, so
    changing them changes no seat's observation. (Which other fields are
    hidden, e.g. another seat's hand or a deck's order, is game-specific:
    tests/agents/test_heuristics.py, test_mcts.py, test_pirates_setup_turn.py.)"""
    cls = game_class(gid)
    fields = generator_fields(cls)
    if not fields:
        pytest.skip(f"{gid} keeps no SEED/RNG field in its state")
    for step, (g, _) in enumerate(random_game(gid, n, 23)):
        if step % 10:
            continue
        h = g.clone()
        for sl in fields:
            h.state[sl] = h.state[sl] ^ 0x2A5A5A5A
        assert not np.array_equal(g.state, h.state)
        for p in range(g.num_seats):
            assert np.array_equal(g.observe(p), h.observe(p)), f"{gid} {n}p step {step}: seat {p} sees the generator"


@pytest.mark.parametrize("gid, n", by_count())
def test_determinize_redraws_only_what_the_seat_cannot_see(gid, n):
    """Hidden information is defined once (the game's core/hidden.py, listed
    in Game.HIDDEN): the registry's determinize(game, seat, rng) redraws
    exactly those parts. The seat's observation and (when it is to act) its
    legal actions are unchanged, nothing outside its hidden parts changes,
    the original game is untouched, the new game plays on, and the redraw
    changes something hidden besides the generator in most positions."""
    cls, det = game_class(gid), determinizer(gid)
    parts = tuple(cls.HIDDEN)
    assert parts, f"{gid} declares no hidden information (Game.HIDDEN)"
    deals = tuple(pt for pt in parts if not set(pt.fields) <= {"RNG", "SEED"})
    tried = changed = 0
    for seed in range(6):
        for step, (g, _) in enumerate(random_game(gid, n, 300 + seed)):
            if step % 37 != 11:
                continue
            before = g.state.copy()
            for seat in range(g.num_seats):
                h = det(g, seat, np.random.default_rng([seed, step, seat]))
                where = f"{gid} {n}p seed {300 + seed} step {step} seat {seat}"
                assert type(h) is cls and np.array_equal(g.state, before), where + ": the game itself changed"
                assert np.array_equal(h.observe(seat), g.observe(seat)), where + ": the seat sees the redraw"
                if seat == g.current_player:
                    assert np.array_equal(h.action_mask(), g.action_mask()), where + ": its legal actions changed"
                public = np.ones(len(g.state), bool)
                public[hidden_index(cls, parts, seat, g.num_seats)] = False
                moved = np.flatnonzero(public & (h.state != g.state))
                assert not len(moved), where + f": entries outside its hidden parts changed: {moved[:8].tolist()}"
                tried += 1
                changed += not np.array_equal(hidden_values(deals, cls.LAYOUT, h.state, seat, g.num_seats),
                                              hidden_values(deals, cls.LAYOUT, g.state, seat, g.num_seats))
                play_on(h, seed, 5)
    assert tried >= 6, f"{gid} {n}p: too few positions tried ({tried})"
    assert changed * 4 >= tried * 3, f"{gid} {n}p: the redraw changed hidden information in {changed} of {tried}"


def hidden_index(cls, parts, seat, num_seats) -> np.ndarray:
    """The state indices of the parts hidden from seat (as hidden_values reads them)."""
    return hidden_values(parts, cls.LAYOUT, np.arange(cls.LAYOUT.size), seat, num_seats)


@pytest.mark.parametrize("gid", GAMES)
def test_no_seat_sees_another_seats_hand_slice(gid):
    """The observation never names a slice as another seat's hand: per-seat
    slices of the others are counts ("p1_hand_count"), not "p1_hand"."""
    names = [s[0] for s in game_class(gid).observation_spec()]
    leaks = [nm for nm in names if nm[:1] == "p" and nm[1:2].isdigit() and nm.split("_", 1)[1] in ("hand", "plan")
             and nm[1] != "0"]
    assert not leaks, f"{gid}: other seats' private slices in the observation: {leaks}"


# ---- envs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", GAMES)
def test_aec_env_passes_pettingzoo_api_test(gid):
    from pettingzoo.test import api_test, seed_test
    d = description(gid)
    if d is None:
        pytest.skip(f"{gid} declares no env")
    mod = aec_module(gid)
    assert callable(mod.env) and mod.raw_env(num_players=multi(gid)).metadata["name"] == d.env_name
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # api_test's advisory warnings
        api_test(mod.env(num_players=multi(gid)), num_cycles=200)
    seed_test(lambda: mod.env(num_players=multi(gid)), num_cycles=100)


@pytest.mark.parametrize("gid, n", by_count())
def test_aec_env_passes_api_test_at_every_player_count(gid, n):
    from pettingzoo.test import api_test
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_module(gid).env(num_players=n), num_cycles=400)


@pytest.mark.parametrize("gid", GAMES)
def test_gym_env_passes_check_env(gid):
    from gymnasium.utils.env_checker import check_env
    info = game_info(gid)
    if not info.gym_id:
        pytest.skip(f"{gid} has no Gymnasium id")
    spec = gymnasium.spec(info.gym_id)
    assert spec.entry_point == info.gym_entry
    e = gymnasium.make(info.gym_id, num_players=multi(gid), opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")       # check_env's advisory warnings
        check_env(e.unwrapped, skip_render_check=True)
    obs, _ = e.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        assert e.observation_space.contains(obs)
        obs, reward, term, trunc, info_ = e.step(int(rng.choice(np.flatnonzero(e.unwrapped.action_masks()))))
        if term or trunc:
            assert reward in (-1.0, 0.0, 1.0) and "scores" in info_
            break
    else:
        raise AssertionError(f"{gid}: a random single-agent game did not end in 2000 learner steps")
    e.close()

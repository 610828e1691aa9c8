"""Throughput of every layer, in one run, with ratios against PettingZoo and OpenSpiel.

    python benchmarks/bench.py                  # everything (the cold start adds ~1 min)
    python benchmarks/bench.py --quick          # < 1 min (warm numba cache): every section, short
                                                # single runs (what --quick leaves out: --help)
    python benchmarks/bench.py --only core,aec,compare --json
    python benchmarks/bench.py --out results.jsonl   # the table, and JSON lines in a file

Sections (--only picks some):

* core     uniform-random playouts compiled with numba (new game + legal mask +
           step + the random choice), 1 (solo vs Jean) to 4 players;
* split    the cost of one decision split into mask, step and random choice,
           and the cost of an observation (3 players): each part timed on
           states recorded from random games (bench_split's docstring);
* game     the Python `Game` loop (legal_actions / step);
* aec      the PettingZoo agent_iter / last / step loop over `raw_env()` and `env()`;
* single   the single-agent Gymnasium env (learner vs random opponents);
* batch    `maracaibo_env.maracaibo.batch.Batch`: step() with a numba random policy at
           N = 1, 64, 1024, and whole playouts inside numba, on 1 and 2 threads;
* memory   state bytes per game, batch bytes per game, and resident-memory
           growth over many games through raw_env() and an auto-resetting Batch;
* startup  first import + compile with an empty numba cache (cold) and a cached
           start, each in a fresh interpreter (--quick / --no-cold: the cached
           start only, from this checkout's own cache, warmed first if needed);
* heuristic  whole games between the rule-of-thumb agents (2-4 players, and
           each heuristic against Jean) played inside numba on one core
           (`match.play_match(engine="compiled")`), and the same line-ups through
           the Python agent loop (`engine="python"`) for the ratio;
* vector   the training env `maracaibo_env.maracaibo.vector.LearnerGames`: learner steps/s
           (random legal learner moves drawn in numba) at N = 64 and 1024 games,
           1 and 2 threads, against random and against balanced opponents
           played inside numba (2 players);
* pirates_vector  Pirates' training env `maracaibo_env.pirates.vector.LearnerGames`
           (the same framework env): learner steps/s at N = 1024, 1 and 2 threads,
           against random, a ladder rung (raider:eps=0.4) and raider (2 players);
* mcts     ISMCTS iterations/s (maracaibo_env/maracaibo/agents/mcts.py, 1000 iterations per decision):
           random rollouts of 40 decisions, and the heuristic-guided search
           without rollouts (top=3, depth=0), at 2- and 4-player decisions;
* tournament  games/s of a 2-player heuristic round robin through
           `maracaibo tournament` on 1 and 2 workers, local pool and Ray
           (benchmarks/tournament_speed.py);
* compare  PettingZoo `connect_four_v3` raw_env()/env() through the same AEC
           loop, and OpenSpiel (pyspiel) random playouts of bridge (no double
           dummy) and gin_rummy through the same kind of Python loop as `game`,
           when those packages are installed (`pip install -e ".[bench]"`).

Every figure is the median of --runs timed runs (default 3), each after a
warm-up outside the timed region; game g of a run uses seed g, so runs repeat
the same games. Output: a table and a targets check, or with --json one JSON
object per line ({"name", "players", "decisions_per_s", "games_per_s", ...}).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.maracaibo.catalog import load_catalog  # noqa: E402
from maracaibo_env.maracaibo.core import drop_stale_cache, engine, constants as L  # noqa: E402
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS  # noqa: E402
from maracaibo_env.maracaibo.core.observe import OBS_SIZE, observe  # noqa: E402
from maracaibo_env.maracaibo.core.random_play import pick_uniform  # noqa: E402

drop_stale_cache(__file__)  # the playouts below link the engine's code

SECTIONS = ("core", "split", "game", "aec", "single", "batch", "memory", "startup", "heuristic",
            "vector", "mcts", "tournament", "compare", "pirates", "pirates_vector", "options")
G_OVER = L.G_OVER
G_CUR = L.G_CUR

# parts of a decision that the split times on recorded states
PART_MASK, PART_OBSERVE, PART_POLICY = 0, 1, 2


# ---- numba playouts ---------------------------------------------------------------
@njit(cache=True)
def playout_nb(cat, num_players, n_games, record_every, record):
    """Play n_games uniform-random games (seeds 0..n_games-1); returns the
    decisions made. With record_every > 0, every record_every-th decision's
    state goes into record's rows while they last."""
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    x = np.uint64(0x9E3779B97F4A7C15)
    decisions, kept = 0, 0
    for g in range(n_games):
        engine.new_game_with(state, cat, num_players, g, 0, 2, 0, mask)
        while state[G_OVER] == 0:
            if record_every > 0 and decisions % record_every == 0 and kept < record.shape[0]:
                record[kept] = state
                kept += 1
            a, x = pick_uniform(mask, x)
            engine.step_unchecked(state, cat, a, mask)
            decisions += 1
    return decisions


@njit(cache=True)
def playout_table_nb(cat, num_players, n_games, table):
    """playout_nb with the set-up int `table` (game.option_bits: the options)."""
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    x = np.uint64(0x9E3779B97F4A7C15)
    decisions = 0
    for g in range(n_games):
        engine.new_game_with(state, cat, num_players, g, 0, 2, table, mask)
        while state[G_OVER] == 0:
            a, x = pick_uniform(mask, x)
            engine.step_unchecked(state, cat, a, mask)
            decisions += 1
    return decisions


@njit(cache=True)
def time_part(states, cat, part, reps, chunk):
    """Run one part of a decision on every recorded state, reps times per
    chunk of states (a chunk stays in cache, as one game's state does in a
    playout); returns a checksum so nothing is optimised away."""
    mask = np.zeros(NUM_ACTIONS, np.int8)
    obs = np.zeros(OBS_SIZE, np.int32)
    x = np.uint64(0x9E3779B97F4A7C15)
    check = 0
    n = states.shape[0]
    for c in range(0, n, chunk):
        for _ in range(reps):
            for i in range(c, min(c + chunk, n)):
                s = states[i]
                if part == PART_MASK:
                    engine.legal_mask(s, cat, mask)
                    check += mask[0]
                elif part == PART_OBSERVE:
                    observe(s, s[G_CUR], obs)
                    check += obs[0] + obs[OBS_SIZE - 1]
                else:
                    engine.legal_mask(s, cat, mask)
                    a, x = pick_uniform(mask, x)
                    check += a
    return check


# ---- timing helpers ------------------------------------------------------------------
def _median_runs(fn, runs: int):
    """fn() -> (decisions, games); runs it `runs` times; the median-time run's figures."""
    results = []
    for _ in range(runs):
        t = time.perf_counter()
        decisions, games = fn()
        results.append((time.perf_counter() - t, decisions, games))
    results.sort()
    return results[len(results) // 2], [r[0] for r in results]


def _calibrate(fn_n, seconds: float, start: int = 1) -> int:
    """Smallest n (doubling from `start`) for which fn_n(n) takes >= seconds / 4,
    scaled up to about `seconds`."""
    n = start
    while True:
        t = time.perf_counter()
        fn_n(n)
        dt = time.perf_counter() - t
        if dt >= seconds / 4 or n >= 1 << 22:
            return max(1, int(n * seconds / max(dt, 1e-9)))
        n *= 2


def _row(name, players, decisions, games, secs, times, **extra) -> dict:
    r = {"name": name, "players": players,
         "decisions_per_s": round(decisions / secs, 1),
         "games_per_s": round(games / secs, 3) if games else None,
         "decisions_per_game": round(decisions / games, 1) if games else None,
         "decisions": decisions, "games": games, "seconds": round(secs, 4),
         "runs": len(times), "run_seconds": [round(t, 4) for t in times]}
    r.update(extra)
    return r


# ---- sections ---------------------------------------------------------------------------
def bench_pirates(players, seconds, runs, maracaibo_cat=None):
    """Pirates of Maracaibo: the numba core (whole random games, new games
    included) per player count, the Python Game.step loop at 3 players, the
    state size, and Maracaibo's core at 3 players in the same run (a ratio
    that survives a busy machine)."""
    from maracaibo_env.pirates import Game as PGame, load_catalog as pload
    from maracaibo_env.pirates.core.random_play import random_games
    from maracaibo_env.pirates.core.layout import STATE_SIZE as P_STATE_SIZE
    pcat = pload().array
    random_games(pcat, 1, 3, 0, 0)                      # compile / load the cache
    rows = []
    for p in players:
        if p == 1:
            continue
        n = _calibrate(lambda k: random_games(pcat, k, p, 0, 0), seconds)
        (secs, d, g), times = _median_runs(lambda: (random_games(pcat, n, p, 0, 0), n), runs)
        rows.append(_row("pirates_core", p, d, g, secs, times, state_bytes=P_STATE_SIZE * 4))

    def game_loop(k):
        rng = np.random.default_rng(0)
        d = 0
        for i in range(k):
            gm = PGame(3, seed=i)
            while not gm.is_over:
                legal = gm.legal_actions()
                gm.step(legal[rng.integers(len(legal))])
                d += 1
        return d
    n = _calibrate(game_loop, seconds)
    (secs, d, g), times = _median_runs(lambda: (game_loop(n), n), runs)
    rows.append(_row("pirates_game", 3, d, g, secs, times))
    from maracaibo_env import pirates_v0
    rows += bench_aec("pirates_aec_raw", lambda: pirates_v0.raw_env(num_players=3), 3, seconds, runs)
    rows += bench_aec("pirates_aec_env", lambda: pirates_v0.env(num_players=3), 3, seconds, runs)
    try:
        from pettingzoo.classic import connect_four_v3
        rows += [dict(r, name="pirates_ref_c4_raw_env")
                 for r in bench_aec("c4_raw_env", connect_four_v3.raw_env, 2, seconds, runs)]
    except ImportError as e:  # needs pygame
        rows.append({"name": "pirates_ref_c4_raw_env", "players": 2, "skipped": f"not installed ({e})"})
    if maracaibo_cat is not None:
        rows += [dict(r, name="pirates_ref_maracaibo_core") for r in bench_core(maracaibo_cat, 3, seconds, runs)]
    return rows


def bench_options(seconds, runs, players=(1, 3), every_set=True):
    """The numba core of each game with each option set against the same game
    without options (rows "options_core"). Base and option set are timed in
    alternation, `runs` pairs on the same number of games, so the ratio
    vs_base (median of the paired ratios) survives a busy machine's drift.
    every_set=False (--quick): only each game's every-option-together set."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from fuzz import option_sets as maracaibo_sets
    from fuzz_pirates import option_sets as pirates_sets
    from maracaibo_env.maracaibo.game import Game, option_bits
    from maracaibo_env.framework.options import label
    from maracaibo_env.pirates import Game as PGame, load_catalog as pload
    from maracaibo_env.pirates.game import PLAYER_COUNTS as PC
    from maracaibo_env.pirates.core import options as O
    from maracaibo_env.pirates.core.random_play import random_games
    cat, pcat = load_catalog().array, pload().array
    full = lambda cls, o: {**{x.name: x.default for x in cls.OPTIONS}, **o}  # noqa: E731
    msets = maracaibo_sets("all")[1:]
    psets = pirates_sets("all")[1:]
    if len(psets) > 8:     # the modules alone and all together
        psets = pirates_sets("each") + [psets[-1]]
    if not every_set:      # --quick: all options together only
        msets, psets = msets[-1:], psets[-1:]

    def paired(play, base_arg, arg, p, game, name):
        play(base_arg, 1), play(arg, 1)                     # compile / load the cache
        n = _calibrate(lambda k: play(base_arg, k), seconds)
        rates, base_rates, decisions = [], [], 0
        for _ in range(runs):
            for a, out in ((base_arg, base_rates), (arg, rates)):
                t = time.perf_counter()
                d = play(a, n)
                out.append(d / (time.perf_counter() - t))
                decisions = d if a is arg else decisions
        ratios = sorted(x / y for x, y in zip(rates, base_rates))
        r = _row("options_core", p, decisions, n, decisions / sorted(rates)[len(rates) // 2], [],
                 game=game, options=name)
        r["decisions_per_s"] = round(sorted(rates)[len(rates) // 2], 1)
        r["base_decisions_per_s"] = round(sorted(base_rates)[len(base_rates) // 2], 1)
        r["vs_base"] = round(ratios[len(ratios) // 2], 3)
        return r

    rows = []
    for p in players:
        mplay = lambda table, k: playout_table_nb(cat, p, k, table)  # noqa: E731
        for o in msets:
            rows.append(paired(mplay, option_bits(), option_bits(**o), p, "maracaibo",
                               label(Game.OPTIONS, full(Game, o))))
        if p not in PC:
            continue
        pplay = lambda setup, k: random_games(pcat, k, p, 0, setup)  # noqa: E731
        for o in psets:
            setup = O.setup_bits(0, sum(O.MODULE_BITS[m] for m in O.MODULES if o.get(m)), 0)
            rows.append(paired(pplay, O.setup_bits(0, 0, 0), setup, p, "pirates",
                               label(PGame.OPTIONS, full(PGame, o))))
    return rows


def bench_core(cat, players, seconds, runs):
    empty = np.zeros((0, L.STATE_SIZE), np.int32)
    playout_nb(cat, players, 2, 0, empty)  # compile / load the cache
    n = _calibrate(lambda k: playout_nb(cat, players, k, 0, empty), seconds)
    (secs, d, g), times = _median_runs(lambda: (playout_nb(cat, players, n, 0, empty), n), runs)
    return [_row("core", players, d, g, secs, times)]


def bench_split(cat, seconds, runs, players=3):
    """ns per decision: the mask, the observation and the random policy's
    choice timed directly on about 2,000 states recorded from random games
    (every 7th decision of 60 core playouts); step = a whole decision of the core
    playout (same run) minus mask and policy, i.e. applying the action,
    automatic resolution, and new games amortised."""
    record = np.zeros((4000, L.STATE_SIZE), np.int32)
    playout_nb(cat, players, 60, 7, record)
    kept = int(min(record.shape[0], np.count_nonzero(record[:, L.G_NP])))
    states = record[:kept]
    empty = np.zeros((0, L.STATE_SIZE), np.int32)
    n_games = _calibrate(lambda k: playout_nb(cat, players, k, 0, empty), seconds)
    decisions = playout_nb(cat, players, n_games, 0, empty)
    reps = max(1, int(seconds * 2e6 / kept / 4))  # about seconds / 2 per part at ~250 ns
    for part in (PART_MASK, PART_OBSERVE, PART_POLICY):
        time_part(states, cat, part, 1, 32)
    per = {"decision": [], "mask": [], "observe": [], "mask_policy": []}
    for _ in range(runs):  # interleaved, so a drifting clock hits every part alike
        t = time.perf_counter()
        playout_nb(cat, players, n_games, 0, empty)
        per["decision"].append((time.perf_counter() - t) / decisions * 1e9)
        for name, part in (("mask", PART_MASK), ("observe", PART_OBSERVE), ("mask_policy", PART_POLICY)):
            t = time.perf_counter()
            time_part(states, cat, part, reps, 32)
            per[name].append((time.perf_counter() - t) / (kept * reps) * 1e9)
    med = {k: statistics.median(v) for k, v in per.items()}
    policy = med["mask_policy"] - med["mask"]
    step = med["decision"] - med["mask"] - policy
    return [{"name": "split", "players": players, "decision_ns": round(med["decision"], 1),
             "mask_ns": round(med["mask"], 1), "step_ns": round(step, 1),
             "policy_ns": round(policy, 1), "observe_ns": round(med["observe"], 1),
             "states": kept, "runs": runs,
             "note": "decision = mask + step + policy; the observation is not part of a core decision"}]


def _game_loop(players, first_seed, n):
    from maracaibo_env import Game
    rnd = random.Random(first_seed).random
    decisions = 0
    for g in range(n):
        game = Game(players, seed=first_seed + g)
        while not game.is_over:
            legal = game.legal_actions()
            game.step(legal[int(rnd() * len(legal))])
            decisions += 1
    return decisions


def bench_game(players, seconds, runs):
    _game_loop(players, 10**6, 1)
    n = _calibrate(lambda k: _game_loop(players, 0, k), seconds)
    (secs, d, g), times = _median_runs(lambda: (_game_loop(players, 0, n), n), runs)
    return [_row("game_api", players, d, g, secs, times)]


def aec_loop(e, first_seed: int, n: int) -> int:
    """The AEC random loop used for every PettingZoo env here: n games, resets
    seeded first_seed.., a uniform random legal action each turn; returns decisions."""
    rnd = random.Random(first_seed).random
    decisions = 0
    for g in range(n):
        e.reset(seed=first_seed + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                action = None
            else:
                legal = obs["action_mask"].nonzero()[0]
                action = int(legal[int(rnd() * len(legal))])
                decisions += 1
            e.step(action)
    return decisions


def bench_aec(name, make_env, players, seconds, runs):
    e = make_env()
    aec_loop(e, 10**6, 2)  # warm-up
    n = _calibrate(lambda k: aec_loop(e, 0, k), seconds)
    (secs, d, g), times = _median_runs(lambda: (aec_loop(e, 0, n), n), runs)
    return [_row(name, players, d, g, secs, times)]


def _single_loop(e, first_seed, n):
    rnd = random.Random(first_seed).random
    steps = 0
    for g in range(n):
        e.reset(seed=first_seed + g)
        done = False
        while not done:
            legal = e.action_masks().nonzero()[0]
            _, _, done, _, _ = e.step(int(legal[int(rnd() * len(legal))]))
            steps += 1
    return steps


def bench_single(players, seconds, runs):
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    e = MaracaiboSingleEnv(num_players=players, opponents="random")
    _single_loop(e, 10**6, 1)
    n = _calibrate(lambda k: _single_loop(e, 0, k), seconds)
    (secs, d, g), times = _median_runs(lambda: (_single_loop(e, 0, n), n), runs)
    return [_row("single_env", players, d, g, secs, times,
                 note="learner steps (random opponents play inside step)")]


def bench_batch(seconds, runs, players=3, sizes=(1, 64, 1024), threads=(1, 2), min_runs=5,
                warm_steps=600):
    """Batch.step with Batch.random_actions (auto-reset on), and whole playouts
    inside numba. Each batch is first played past the first wave of game ends
    (its rows then sit at every stage of a game) and snapshotted; every timed
    run, on every thread count, restarts from that snapshot, so all runs
    replay exactly the same steps."""
    import numba
    from maracaibo_env.maracaibo.batch import Batch
    counts = [t for t in threads if t <= numba.config.NUMBA_NUM_THREADS]
    rows = []
    for n in sizes:
        b = Batch(n, num_players=players, seed=0, auto_reset=True)
        for _ in range(warm_steps):  # > 2 games of steps
            b.step(b.random_actions())
        snap = (b.states.copy(), b.masks.copy(), b._policy_rng.copy(), b._next_seed)

        def steps(k, b=b, snap=snap):
            b.states[:], b.masks[:], b._policy_rng[:] = snap[0], snap[1], snap[2]
            b._next_seed = snap[3]
            for _ in range(k):
                b.step(b.random_actions())
            return k * b.n

        numba.set_num_threads(counts[0])
        k = _calibrate(steps, seconds)
        for t in counts:
            numba.set_num_threads(t)
            steps(2)
            (secs, d, _), times = _median_runs(lambda: (steps(k), 0), max(runs, min_runs))
            rows.append(_row("batch_step", players, d, 0, secs, times, n=n, threads=t))
    b = Batch(1024, num_players=players, seed=0)
    numba.set_num_threads(counts[0])
    b.random_playouts(1, seed=1)
    gpr = _calibrate(lambda k: b.random_playouts(k, seed=0), seconds)
    for t in counts:
        numba.set_num_threads(t)
        (secs, d, g), times = _median_runs(lambda: (b.random_playouts(gpr, seed=0), gpr * b.n),
                                           max(runs, min_runs))
        rows.append(_row("batch_playout", players, d, g, secs, times, n=b.n, threads=t))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return rows


def _rss_bytes() -> int | None:
    """Resident memory of this process now (Linux /proc), None elsewhere."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def bench_memory(seconds):
    """State and batch bytes per game, and resident-memory growth while games
    are played through raw_env() and an auto-resetting Batch (a leak shows as
    growth that does not level off)."""
    from maracaibo_env.maracaibo.aec import raw_env
    from maracaibo_env.maracaibo.batch import Batch
    b = Batch(16, num_players=4)
    per_game = (b.states.nbytes + b.masks.nbytes + b._obs.nbytes) // b.n
    rows = [{"name": "state_bytes", "players": None, "value": L.STATE_SIZE * 4},
            {"name": "batch_bytes_per_game", "players": None, "value": int(per_game),
             "note": "state + mask + observation buffer"}]
    if _rss_bytes() is None:
        return rows
    e = raw_env(num_players=3)
    aec_loop(e, 0, 20)  # warm-up: imports, caches, allocator pools
    n = max(50, _calibrate(lambda k: aec_loop(e, 0, k), seconds))
    before = _rss_bytes()
    aec_loop(e, 1000, n)
    grown = _rss_bytes() - before
    rows.append({"name": "rss_growth_aec", "players": 3, "games": n,
                 "value": f"{grown / 1024:+,.0f} KiB after {n} games"})
    bb = Batch(256, num_players=3, seed=0, auto_reset=True)
    for _ in range(600):
        bb.step(bb.random_actions())
    before, games = _rss_bytes(), 0
    for _ in range(max(600, int(3000 * seconds))):
        bb.step(bb.random_actions())
        games += len(bb.finished)
        bb.finished.clear()  # the caller's record of scores, not the batch's own memory
    grown = _rss_bytes() - before
    rows.append({"name": "rss_growth_batch", "players": 3, "games": games,
                 "value": f"{grown / 1024:+,.0f} KiB after {games} games in a Batch of 256"})
    return rows


STARTUP_SNIPPET = ("import maracaibo_env as m; g = m.Game(3, seed=0); g.step(g.legal_actions()[0]); "
                   "m.Game(1, seed=0); g.observe(0)")


#: the first vector env after a first Game (what a user touches next): its compile alone
LEARNER_SNIPPET = ("import maracaibo_env as m; m.Game(2, seed=0); "
                   "from maracaibo_env.maracaibo.vector import LearnerGames; import time; t = time.perf_counter(); "
                   "v = LearnerGames(8, opponents='random', obs_type='float'); v.step(v.action_masks().argmax(1)); "
                   "print(time.perf_counter() - t)")


def _start(env, snippet=STARTUP_SNIPPET) -> float:
    t = time.perf_counter()
    # cwd: this checkout, so that `import maracaibo_env` is the one benchmarked
    # (python -c puts the working folder first on sys.path)
    subprocess.run([sys.executable, "-c", snippet], env=env, check=True, stdout=subprocess.DEVNULL,
                   cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return time.perf_counter() - t


def _cold_extras() -> list[dict]:
    """With empty numba caches: the first LearnerGames' own compile (after a
    first Game), and `maracaibo compile` (everything, both games, parallel)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, MARACAIBO_COMPILE_NOTICE="0")
        out = subprocess.run([sys.executable, "-c", LEARNER_SNIPPET], env=env, check=True, cwd=root,
                             capture_output=True, text=True).stdout.split()
        rows.append({"name": "cold_first_learner_games_s", "players": None, "value": round(float(out[-1]), 2)})
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "maracaibo_env", "compile", "--no-progress"], env=env,
                       check=True, cwd=root, stdout=subprocess.DEVNULL)
        rows.append({"name": "cold_compile_all_s", "players": None, "value": round(time.perf_counter() - t, 2)})
    return rows


def bench_startup(cold: bool, runs: int):
    """cold: the snippet with an empty numba cache (everything compiles), then
    cached starts from that cache. Not cold: cached starts from the checkout's
    own cache (one untimed start first fills it if it is empty)."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache) if cold else dict(os.environ)
        first = _start(env)
        rows = [{"name": "cold_start_s", "players": None, "value": round(first, 2)}] if cold else []
        times = sorted(_start(env) for _ in range(runs))
        rows.append({"name": "cached_start_s", "players": None,
                     "value": round(times[len(times) // 2], 2), "run_seconds": [round(t, 2) for t in times]})
    return rows + (_cold_extras() if cold else [])


def _spiel_loop(game, first_seed, n):
    rng = random.Random(first_seed)
    decisions = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                r, acc = rng.random(), 0.0
                a = outcomes[-1][0]
                for o, p in outcomes:
                    acc += p
                    if r < acc:
                        a = o
                        break
            else:
                legal = s.legal_actions()
                a = legal[int(rng.random() * len(legal))]
                decisions += 1
            s.apply_action(a)
    return decisions


def bench_compare(seconds, runs):
    rows = []
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError as e:  # needs pygame
        rows.append({"name": "connect_four_v3", "players": 2, "skipped": f"not installed ({e})"})
    else:
        rows += bench_aec("c4_raw_env", connect_four_v3.raw_env, 2, seconds, runs)
        rows += bench_aec("c4_env", connect_four_v3.env, 2, seconds, runs)
    try:
        import pyspiel
    except ImportError as e:
        rows.append({"name": "openspiel", "players": None, "skipped": f"not installed ({e})"})
        return rows
    for label, spec, players in (("spiel_bridge", "bridge(use_double_dummy_result=false)", 4),
                                 ("spiel_gin_rummy", "gin_rummy", 2)):
        game = pyspiel.load_game(spec)
        _spiel_loop(game, 10**6, 1)
        n = _calibrate(lambda k: _spiel_loop(game, 0, k), seconds)
        (secs, d, g), times = _median_runs(lambda: (_spiel_loop(game, 0, n), n), runs)
        rows.append(_row(label, players, d, g, secs, times, note="Python loop over pyspiel"))
    return rows


# ---- report -------------------------------------------------------------------------------
HEURISTIC_NAMES = ("balanced", "combat_influence", "explorer_quests", "ship_income", "assistants")


def _heuristic_games(players: int, first_seed: int, n: int, engine: str) -> int:
    """n games of rotating heuristic line-ups (solo: one heuristic vs Jean,
    medium); returns the decisions made."""
    from maracaibo_env.maracaibo.match import play_match
    decisions = 0
    for g in range(first_seed, first_seed + n):
        if players == 1:
            r = play_match([HEURISTIC_NAMES[g % 5]], g, difficulty="medium", engine=engine)
        else:
            r = play_match([HEURISTIC_NAMES[(g + i) % 5] for i in range(players)], g, engine=engine)
        decisions += r.decisions
    return decisions


def bench_heuristic(players, seconds, runs, python_ratio=True):
    """Games/s per core of heuristic line-ups inside numba, and (for the ratio)
    through the Python agent loop."""
    out = []
    engines = ("compiled", "python") if python_ratio else ("compiled",)
    for p in players:
        for eng in engines:
            _heuristic_games(p, 0, 2, eng)  # compile / load the cache, build the tables
            n = _calibrate(lambda k: _heuristic_games(p, 1000, k, eng), seconds)
            (secs, d, g), times = _median_runs(lambda: (_heuristic_games(p, 1000, n, eng), n), runs)
            out.append(_row("heuristic" if eng == "compiled" else "heuristic_python", p, d, g,
                            secs, times, engine=eng))
    out += bench_quick(seconds, runs)
    return out


def _line_up_games(agent: str, players: int, first_seed: int, n: int) -> int:
    """n compiled games of `players` copies of one heuristic; returns the decisions made."""
    from maracaibo_env.maracaibo.match import play_match
    return sum(play_match([agent] * players, g, engine="compiled").decisions
               for g in range(first_seed, first_seed + n))


def bench_quick(seconds, runs, players=4):
    """Games/s per core of four `fast` agents (the issue-24 goal: a heuristic
    as strong as balanced at >= 100 four-player games/s), of four `quick` and
    of four `tuned` ones and, in the same run for the ratios, of four
    `balanced` ones (rows heuristic_fast, heuristic_quick, heuristic_tuned,
    heuristic_balanced)."""
    out = []
    for agent in ("balanced", "fast", "quick", "tuned"):
        _line_up_games(agent, players, 0, 2)  # compile / load the cache, build the tables
        n = _calibrate(lambda k: _line_up_games(agent, players, 1000, k), seconds)
        (secs, d, g), times = _median_runs(lambda: (_line_up_games(agent, players, 1000, n), n), runs)
        out.append(_row(f"heuristic_{agent}", players, d, g, secs, times, engine="compiled"))
    return out


def bench_vector(seconds, runs, sizes=(64, 1024), threads=(1, 2),
                 opponents=("random", "balanced:depth=1", "balanced"), game="maracaibo"):
    """Learner steps/s of a game's LearnerGames (2 players, random seats): rows
    "vector_env" for Maracaibo, "<game>_vector_env" for another game."""
    import numba
    from maracaibo_env.framework import batch_kernels as K
    from maracaibo_env.registry import game_part
    LearnerGames = game_part(game, "vector").LearnerGames
    name = "vector_env" if game == "maracaibo" else f"{game}_vector_env"
    out = []
    before = numba.get_num_threads()
    try:
        for opp in opponents:
            for n in sizes:
                v = LearnerGames(n, num_players=2, opponents=opp, seed=0)
                rng = (np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) | np.uint64(1)
                acts = np.zeros(n, np.int64)

                def steps(k):
                    for _ in range(k):
                        K.random_actions(v.batch.masks, rng, acts)
                        v.step(acts)
                    return k * n

                for t in threads:
                    numba.set_num_threads(min(t, numba.config.NUMBA_NUM_THREADS))
                    steps(3)  # compile / warm
                    k = _calibrate(steps, seconds)
                    (secs, d, _), times = _median_runs(lambda: (steps(k), 0), runs)
                    out.append({"name": name, "players": 2, "n": n, "threads": t,
                                "opponents": opp, "steps_per_s": round(d / secs, 1),
                                "decisions_per_s": round(d / secs, 1), "games_per_s": None,
                                "decisions_per_game": None, "seconds": round(secs, 4),
                                "runs": len(times), "run_seconds": [round(x, 4) for x in times]})
    finally:
        numba.set_num_threads(before)
    return out


#: Pirates' vector env rows: random, a middle rung of its ladder, and raider itself
PIRATES_VECTOR_OPPONENTS = ("random", "raider:eps=0.4", "raider")
MCTS_SPECS = ("mcts:iters=1000:depth=40", "mcts:iters=1000:top=3:depth=0")


def bench_mcts(runs, players=(2, 4), specs=MCTS_SPECS):
    """ISMCTS iterations/s on decisions of random games (turn 40 of each), for
    the random-rollout search and the heuristic-guided one without rollouts."""
    from maracaibo_env import Game
    from maracaibo_env.maracaibo.match import parse_spec
    out = []
    for spec in specs:
        m = parse_spec(spec).make()
        for p in players:
            games = []
            for seed in range(5):
                g = Game(p, seed=seed)
                rng = np.random.default_rng(seed)
                for _ in range(40):
                    legal = g.legal_actions()
                    g.step(legal[rng.integers(len(legal))])
                games.append(g)
            m.visits(games[0], 0)  # compile / load the cache
            times = []
            for _ in range(runs):
                t = time.perf_counter()
                for i, g in enumerate(games):
                    m.visits(g, i)
                times.append(time.perf_counter() - t)
            secs = statistics.median(times)
            rate = len(games) * m.iterations / secs
            out.append({"name": "mcts", "spec": spec, "players": p, "iterations": m.iterations,
                        "iterations_per_s": round(rate, 1),
                        "value": f"{rate:,.0f} iterations/s ({p}p, {spec})"})
    return out


def bench_tournament(quick: bool):
    """The tournament runner's games/s (benchmarks/tournament_speed.py); --quick
    leaves out the Ray rows (starting Ray twice takes about 10 s)."""
    try:
        from benchmarks.tournament_speed import rows as tournament_rows
    except ImportError as e:  # pragma: no cover - the tournament extra is missing
        return [{"name": "tournament", "skipped": f"tournament benchmark unavailable: {e}"}]
    out = tournament_rows(quick, ray_too=not quick)
    if quick:
        out.append({"name": "tournament_ray", "skipped": "--quick: no Ray rows (run without --quick)"})
    return out


def _find(rows, name, players=None, **kw):
    for r in rows:
        if r["name"] == name and (players is None or r.get("players") == players) \
                and all(r.get(k) == v for k, v in kw.items()) and "skipped" not in r:
            return r
    return None


def targets(rows) -> list[tuple[str, str, bool | None]]:
    """(target, measured, met) for the issue's goals that this run measured."""
    out = []

    def dps(name, players=None, **kw):
        r = _find(rows, name, players, **kw)
        return r["decisions_per_s"] if r else None

    core = dps("core", 3)
    if core:
        out.append(("core >= 1,000,000 decisions/s per core (3p)", f"{core:,.0f}", core >= 1e6))
        out.append(("core >= 3,000,000 decisions/s per core (3p; issue 40)", f"{core:,.0f}", core >= 3e6))
    pcore = dps("pirates_core", 3)
    if pcore:
        out.append(("pirates core >= 1,000,000 decisions/s per core (3p)", f"{pcore:,.0f}", pcore >= 1e6))
        ref = dps("pirates_ref_maracaibo_core", 3)
        if ref:
            out.append(("pirates core / maracaibo core, same run (3p)", f"{pcore / ref:.2f}x", None))
        r = _find(rows, "pirates_core", 3)
        out.append(("pirates state <= 8 KiB", f"{r['state_bytes']:,} bytes", r["state_bytes"] <= 8192))
    praw, pc4 = dps("pirates_aec_raw", 3), dps("pirates_ref_c4_raw_env")
    if praw and pc4:
        out.append(("pirates raw_env() >= 5x connect_four_v3 raw_env(), same run",
                    f"{praw / pc4:.2f}x", praw / pc4 >= 5))
    one, two = dps("batch_playout", threads=1), dps("batch_playout", threads=2)
    if one and two:
        out.append(("batch >= 1.8x on 2 threads vs 1 (playouts, N=1024)", f"{two / one:.2f}x", two / one >= 1.8))
    s1, s2 = dps("batch_step", n=1024, threads=1), dps("batch_step", n=1024, threads=2)
    if s1 and s2:
        out.append(("batch >= 1.8x on 2 threads vs 1 (step(), N=1024)", f"{s2 / s1:.2f}x", s2 / s1 >= 1.8))
    raw, c4raw = dps("aec_raw", 3), dps("c4_raw_env")
    if raw:
        out.append(("raw_env() >= 150,000 decisions/s (3p)", f"{raw:,.0f}", raw >= 150e3))
    if raw and c4raw:
        out.append(("raw_env() >= 5x connect_four_v3 raw_env()", f"{raw / c4raw:.2f}x", raw / c4raw >= 5))
    wrapped, c4env = dps("aec_env", 3), dps("c4_env")
    if wrapped and c4env:
        out.append(("env() >= connect_four_v3 env()", f"{wrapped / c4env:.2f}x", wrapped >= c4env))
    for p, goal in ((2, 200), (4, 100)):
        r = _find(rows, "heuristic", p)
        if r:
            out.append((f"heuristic games >= {goal}/s per core ({p}p)", f"{r['games_per_s']:,.1f}",
                        r["games_per_s"] >= goal))
    rf, rb = _find(rows, "heuristic_fast", 4), _find(rows, "heuristic_balanced", 4)
    if rf:
        out.append(("heuristic_fast games >= 100/s per core (4p)", f"{rf['games_per_s']:,.1f}"
                    + (f" ({rf['games_per_s'] / rb['games_per_s']:.2f}x balanced)" if rb else ""),
                    rf["games_per_s"] >= 100))
    v1 = _find(rows, "vector_env", n=1024, threads=2, opponents="random")
    if v1:
        out.append(("vector env >= 1,000,000 learner steps/s vs random (N=1024, 2 threads)",
                    f"{v1['steps_per_s']:,.0f}", v1["steps_per_s"] >= 1e6))
    v2 = _find(rows, "vector_env", n=1024, threads=2, opponents="balanced:depth=1")
    if v2:
        out.append(("vector env >= 100,000 learner steps/s vs a rung near balanced "
                    "(balanced:depth=1, N=1024, 2 threads)", f"{v2['steps_per_s']:,.0f}",
                    v2["steps_per_s"] >= 1e5))
    v3 = _find(rows, "pirates_vector_env", n=1024, threads=2, opponents="random")
    if v3:
        out.append(("pirates vector env >= 1,000,000 learner steps/s vs random (N=1024, 2 threads)",
                    f"{v3['steps_per_s']:,.0f}", v3["steps_per_s"] >= 1e6))
    r = _find(rows, "cold_first_learner_games_s")
    if r:
        out.append(("first LearnerGames compiles in <= 60 s (after a first Game)", f"{r['value']} s",
                    r["value"] <= 60))
    t1 = _find(rows, "tournament_local", workers=1)
    t2 = _find(rows, "tournament_local", workers=2)
    if t1 and t2:
        out.append(("tournament >= 1.8x on 2 workers (local)",
                    f"{t2['games_per_s'] / t1['games_per_s']:.2f}x",
                    t2["games_per_s"] / t1["games_per_s"] >= 1.8))
    r1, r2 = _find(rows, "tournament_ray", workers=1), _find(rows, "tournament_ray", workers=2)
    if r1 and r2:
        out.append(("tournament >= 1.8x on 2 workers (Ray)",
                    f"{r2['games_per_s'] / r1['games_per_s']:.2f}x",
                    r2["games_per_s"] / r1["games_per_s"] >= 1.8))
    opt = [r for r in rows if r["name"] == "options_core" and "skipped" not in r]
    for game in ("maracaibo", "pirates"):
        mine = [r for r in opt if r["game"] == game]
        if mine:
            worst = min(mine, key=lambda r: r["vs_base"])
            out.append((f"{game} core with options >= 0.75x without, same run (slowest set)",
                        f"{worst['vs_base']:.2f}x ({worst['options']}, {worst['players']}p)",
                        worst["vs_base"] >= 0.75))
    r = _find(rows, "cold_start_s")
    if r:
        out.append(("first Game compiles in <= 35 s (empty cache; issue 40)", f"{r['value']} s",
                    r["value"] <= 35))
    r = _find(rows, "cold_compile_all_s")
    if r:
        out.append(("maracaibo compile (both games) <= 120 s (empty cache; issue 40)", f"{r['value']} s",
                    r["value"] <= 120))
    r = _find(rows, "cached_start_s")
    if r:
        out.append(("cached start <= 5 s", f"{r['value']} s", r["value"] <= 5))
    r = _find(rows, "state_bytes")
    if r:
        out.append(("state <= 8 KiB per game", f"{r['value']:,} B", r["value"] <= 8192))
    return out


def print_table(rows, checks) -> None:
    from rich.console import Console
    from rich.table import Table
    console = Console(width=140)
    t = Table(title=f"maracaibo_env benchmarks ({platform.machine()}, {os.cpu_count()} cores, "
                    f"Python {platform.python_version()})")
    for c in ("name", "players", "config", "decisions/s", "games/s", "decisions/game"):
        t.add_column(c, justify="left" if c in ("name", "config") else "right")
    other = []
    for r in rows:
        if "skipped" in r:
            other.append(f"{r['name']}: skipped, {r['skipped']}")
            continue
        if "decisions_per_s" not in r and "games_per_s" not in r:
            other.append(_other_line(r))
            continue
        cfg = ", ".join(f"{k}={r[k]}" for k in ("game", "options", "vs_base", "n", "threads", "workers", "engine",
                                                 "opponents")
                        if k in r)
        dps = f"{r['decisions_per_s']:,.0f}" if r.get("decisions_per_s") else ""
        t.add_row(r["name"], str(r.get("players") or ""), cfg, dps,
                  f"{r['games_per_s']:,.1f}" if r["games_per_s"] else "",
                  f"{r['decisions_per_game']:,.1f}" if r.get("decisions_per_game") else "")
    if t.row_count:
        console.print(t)
    for line in other:
        console.print(line)
    if checks:
        ct = Table(title="targets")
        for c in ("target", "measured", "met"):
            ct.add_column(c)
        for name, measured, met in checks:
            ct.add_row(name, measured, "" if met is None else ("yes" if met else "NO"))
        console.print(ct)


def _other_line(r) -> str:
    if r["name"] == "split":
        return (f"split ({r['players']}p, ns per decision): mask {r['mask_ns']}, step {r['step_ns']}, "
                f"policy {r['policy_ns']} (= {r['decision_ns']} per decision); observation {r['observe_ns']}")
    return f"{r['name']}: {r['value']}" + (f" ({r['note']})" if r.get("note") else "")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(SECTIONS),
                    help=f"comma-separated sections (default all): {','.join(SECTIONS)}")
    ap.add_argument("--runs", type=int, help="timed runs per figure (median reported; default 3)")
    ap.add_argument("--seconds", type=float, help="target seconds per timed run (default 1)")
    ap.add_argument("--players", type=int, nargs="*", choices=[1, 2, 3, 4],
                    help="player counts for core/aec (1 = solo vs Jean; default 1 2 3 4)")
    ap.add_argument("--quick", action="store_true",
                    help="under a minute with a warm numba cache (45 s on this project's 2-core machine; "
                         "the first run compiles for a few minutes more): every section with short "
                         "timings, --runs 1 --seconds 0.2 --players 3; it leaves out the cold "
                         "compile (the cached start uses this checkout's cache), batch at N = 1 and 64 "
                         "and vector at N = 64 (N = 1024 only), the heuristics' Python-loop ratio "
                         "(2 and 4 players only), the tournament's Ray rows, and each option set "
                         "alone (options: all together only)")
    ap.add_argument("--no-cold", action="store_true", help="skip the cold compile in startup")
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    ap.add_argument("--out", help="also write the JSON lines to this file")
    args = ap.parse_args(argv)
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        ap.error(f"unknown section(s) {unknown}; choose from {', '.join(SECTIONS)}")
    q = args.quick
    runs = args.runs if args.runs is not None else (1 if q else 3)
    seconds = args.seconds if args.seconds is not None else (0.2 if q else 1.0)
    players = args.players or ([3] if q else [1, 2, 3, 4])
    if runs < 1 or seconds <= 0:
        ap.error("--runs must be >= 1 and --seconds > 0")
    cold = not (q or args.no_cold)

    cat = load_catalog().array
    rows: list[dict] = []

    def emit(new):
        rows.extend(new)
        if args.json:
            for r in new:
                print(json.dumps(r), flush=True)

    from maracaibo_env.maracaibo.aec import env, raw_env
    for s in sections:
        if s == "core":
            for p in players:
                emit(bench_core(cat, p, seconds, runs))
        elif s == "split":
            emit(bench_split(cat, seconds, runs))
        elif s == "game":
            emit(bench_game(3, seconds, runs))
        elif s == "aec":
            for p in players:
                emit(bench_aec("aec_raw", lambda: raw_env(num_players=p), p, seconds, runs))
                emit(bench_aec("aec_env", lambda: env(num_players=p), p, seconds, runs))
        elif s == "single":
            emit(bench_single(3, seconds, runs))
        elif s == "batch":
            emit(bench_batch(seconds, runs, sizes=(1024,), min_runs=1, warm_steps=300) if q
                 else bench_batch(seconds, runs))
        elif s == "memory":
            emit(bench_memory(seconds))
        elif s == "startup":
            emit(bench_startup(cold, runs))
        elif s == "heuristic":
            emit(bench_heuristic([2, 4] if q else players, seconds, runs, python_ratio=not q))
        elif s == "vector":
            emit(bench_vector(seconds, runs, sizes=(1024,) if q else (64, 1024)))
        elif s == "mcts":
            emit(bench_mcts(runs))
        elif s == "tournament":
            emit(bench_tournament(q))
        elif s == "compare":
            emit(bench_compare(seconds, runs))
        elif s == "pirates":
            emit(bench_pirates(players, seconds, runs, cat))
        elif s == "pirates_vector":
            emit(bench_vector(seconds, runs, sizes=(1024,), opponents=PIRATES_VECTOR_OPPONENTS, game="pirates"))
        elif s == "options":
            emit(bench_options(seconds, runs, players=[3] if q else [1, 3], every_set=not q))
    checks = targets(rows)
    check_rows = [{"name": "target", "target": name, "measured": measured, "met": met}
                  for name, measured, met in checks]
    if args.out:  # first: a long run's figures survive a display problem
        with open(args.out, "w") as f:
            f.write("".join(json.dumps(r) + "\n" for r in rows + check_rows))
    if args.json:
        for r in check_rows:
            print(json.dumps(r))
    else:
        print_table(rows, checks)
    return 0


if __name__ == "__main__":
    sys.exit(main())

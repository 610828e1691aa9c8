"""Random-play throughput of the core and of the AEC adapter.

    .venv/bin/python benchmarks/bench_core.py [--games N] [--seconds S] [--json]

Measures uniform-random games for 2, 3 and 4 players
  (a) `core`    : a playout loop compiled with numba (new_game + step_unchecked),
  (b) `aec_raw` : the PettingZoo loop over `raw_env()`,
  (c) `aec_env` : the same over the wrapped `env()`.
Compilation and cache loading happen in a warm-up outside the timed region.
Each configuration runs until it has played --games games or spent --seconds,
whichever comes first (at least one game). Seeds are fixed (game g uses seed g).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.catalog import load_catalog  # noqa: E402
from maracaibo_env.core import engine, layout as L  # noqa: E402
from maracaibo_env.core.actions import NUM_ACTIONS  # noqa: E402

G_OVER = L.G_OVER


def _drop_stale_cache() -> None:
    """Delete playout_nb's numba cache when the core's sources changed.

    numba's cache=True only watches the file that defines a function, not the
    modules it calls or whose constants it freezes (STATE_SIZE, G_OVER, the
    engine code it links in); a stale cache then runs old code on new arrays.
    """
    core = Path(engine.__file__).parent
    digest = hashlib.sha1()
    for f in sorted(core.glob("*.py")):
        digest.update(f.name.encode() + f.read_bytes())
    cache_dir = Path(__file__).resolve().parent / "__pycache__"
    stamp = cache_dir / "bench_core.core_sha1"
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return
    for f in cache_dir.glob("bench_core.playout_nb-*"):
        f.unlink()
    cache_dir.mkdir(exist_ok=True)
    stamp.write_text(digest.hexdigest())


_drop_stale_cache()


@njit(cache=True)
def playout_nb(cat, num_players, first_seed, n_games):
    """Play n_games uniform-random games (seeds first_seed..); return total decisions."""
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    legal = np.zeros(NUM_ACTIONS, np.int64)
    np.random.seed(first_seed)
    decisions = 0
    for g in range(n_games):
        engine.new_game(state, cat, num_players, first_seed + g, 0, mask)
        while state[G_OVER] == 0:
            n = 0
            for a in range(NUM_ACTIONS):
                if mask[a]:
                    legal[n] = a
                    n += 1
            engine.step_unchecked(state, cat, legal[np.random.randint(n)], mask)
            decisions += 1
    return decisions


def _run_timed(play_chunk, games: int, seconds: float, chunk: int):
    """Call play_chunk(first_seed, n) until `games` games or `seconds`; return (games, decisions, s)."""
    done, decisions, t0 = 0, 0, time.perf_counter()
    while done < games:
        n = min(chunk, games - done)
        decisions += play_chunk(done, n)
        done += n
        if time.perf_counter() - t0 >= seconds:
            break
    return done, decisions, time.perf_counter() - t0


def bench_core(players: int, games: int, seconds: float) -> dict:
    """Numba playout loop."""
    cat = load_catalog().array
    playout_nb(cat, players, 10**6, 1)  # warm-up: compile / load the cache
    return _result("core", players, *_run_timed(
        lambda s, n: playout_nb(cat, players, s, n), games, seconds, chunk=20))


def _aec_games(e, first_seed: int, n: int) -> int:
    """Play n games on env e (reset with seeds first_seed..); return decisions."""
    decisions = 0
    rng = np.random.default_rng(first_seed)
    for g in range(n):
        e.reset(seed=first_seed + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                action = None
            else:
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(legal.size)])
                decisions += 1
            e.step(action)
    return decisions


def bench_aec(name: str, make_env, players: int, games: int, seconds: float) -> dict:
    """PettingZoo agent_iter/last/step loop with uniform random legal actions."""
    e = make_env()
    _aec_games(e, 10**6, 1)  # warm-up
    return _result(name, players, *_run_timed(
        lambda s, n: _aec_games(e, s, n), games, seconds, chunk=1))


def _result(name, players, games, decisions, secs) -> dict:
    return {"name": name, "players": players, "games": games, "decisions": decisions,
            "seconds": round(secs, 4), "decisions_per_s": round(decisions / secs, 1),
            "games_per_s": round(games / secs, 3),
            "decisions_per_game": round(decisions / max(games, 1), 1)}


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print a table (or JSON lines with --json)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="max games per configuration")
    ap.add_argument("--seconds", type=float, default=5.0, help="max seconds per configuration")
    ap.add_argument("--json", action="store_true", help="print one JSON object per line")
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4], choices=[2, 3, 4])
    args = ap.parse_args(argv)

    from maracaibo_env.aec import env, raw_env
    results = []
    for p in args.players:
        results.append(bench_core(p, args.games, args.seconds))
        results.append(bench_aec("aec_raw", lambda: raw_env(num_players=p), p, args.games, args.seconds))
        results.append(bench_aec("aec_env", lambda: env(num_players=p), p, args.games, args.seconds))
        if args.json:
            for r in results[-3:]:
                print(json.dumps(r), flush=True)
    if not args.json:
        cols = ["name", "players", "games", "decisions_per_s", "games_per_s", "decisions_per_game"]
        print("  ".join(f"{c:>18}" for c in cols))
        for r in results:
            print("  ".join(f"{r[c]:>18,}" if not isinstance(r[c], str) else f"{r[c]:>18}"
                            for c in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())

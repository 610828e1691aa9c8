"""Games/s of a tournament: a 2-player heuristic round robin, stored in SQLite.

    python benchmarks/tournament_speed.py            # 3 agents x 20 deals x 2 seats = 120 games
    python benchmarks/tournament_speed.py --quick    # 3 agents x 6 deals x 2 seats = 36 games
    python benchmarks/tournament_speed.py --no-ray

Rows (one JSON line each, then a table):

    play_match_loop     the same games through match.play_match in one process,
                        nothing stored (the floor the runner's overhead adds to)
    tournament_local    run_tournament(backend="local"), 1 worker (in-process) and
                        2 worker processes
    tournament_ray      run_tournament(backend="ray") on a local Ray, 1 and 2 CPUs

games_per_s (median of 3 runs; 1 with --quick) is measured on a warm runner: the local pool's fork server and
Ray's worker processes have already loaded the game (a small tournament is run
first and not timed); the once-per-run start-up is reported apart as
startup_s (Ray: ray.init plus that first small run; local pool: the first
small run). `rows(quick)` is what benchmarks/bench.py calls.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.maracaibo.match import play_match  # noqa: E402
from maracaibo_env.tournament import TournamentConfig, run_tournament  # noqa: E402

AGENTS = ("balanced", "ship_income", "random")


def _config(deals: int, seed: int) -> TournamentConfig:
    return TournamentConfig(agents=AGENTS, players=2, games=deals, seed=seed)


def _timed_run(cfg, folder, name, **kw) -> tuple[float, int]:
    db = Path(folder) / f"{name}.sqlite"
    t = time.perf_counter()
    run_tournament(cfg, db, progress=False, **kw)
    secs = time.perf_counter() - t
    return secs, len(cfg.normalized().jobs())


def _row(name, workers, games, secs, **extra) -> dict:
    # the 1-minute load average: on a shared machine, other work slows the runs
    load = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    return {"name": name, "players": 2, "workers": workers, "games": games,
            "seconds": round(secs, 3), "games_per_s": round(games / secs, 2), **extra,
            "load_avg": load}


def _median(fn, runs: int) -> tuple[float, int]:
    """(median seconds, games) of `runs` calls of fn() -> (seconds, games)."""
    got = [fn() for _ in range(runs)]
    return statistics.median(s for s, _ in got), got[0][1]


def rows(quick: bool, ray_too: bool = True) -> list[dict]:
    """The benchmark's rows (see the module docstring); medians of 3 runs
    (1 with quick)."""
    deals = 6 if quick else 20
    runs = 1 if quick else 3
    cfg = _config(deals, seed=1)
    warm = _config(1, seed=2)
    out = []
    jobs = cfg.normalized().jobs()
    play_match(["balanced", "random"], 0)   # load the compiled game and agents

    def loop():
        t = time.perf_counter()
        for j in jobs:
            play_match(list(j.specs), j.seed)
        return time.perf_counter() - t, len(jobs)
    secs, n = _median(loop, runs)
    out.append(_row("play_match_loop", 1, n, secs, runs=runs))
    with tempfile.TemporaryDirectory() as folder:
        names = iter(range(10**6))
        for w in (1, 2):
            t = time.perf_counter()
            _timed_run(warm, folder, f"warm{next(names)}", workers=w)
            startup = time.perf_counter() - t
            secs, n = _median(lambda: _timed_run(cfg, folder, f"run{next(names)}", workers=w),
                              runs)
            out.append(_row("tournament_local", w, n, secs, runs=runs,
                            startup_s=round(startup, 2)))
        if ray_too:
            try:
                import ray
            except ImportError:
                out.append({"name": "tournament_ray", "skipped": "ray is not installed "
                            "(pip install 'maracaibo-env[ray]')"})
                return out
            for w in (1, 2):
                t = time.perf_counter()
                ray.init(num_cpus=w, include_dashboard=False, logging_level="ERROR")
                try:
                    _timed_run(warm, folder, f"warm{next(names)}", workers=w, backend="ray")
                    startup = time.perf_counter() - t
                    secs, n = _median(lambda: _timed_run(cfg, folder, f"run{next(names)}",
                                                         workers=w, backend="ray"), runs)
                finally:
                    ray.shutdown()
                out.append(_row("tournament_ray", w, n, secs, runs=runs,
                                startup_s=round(startup, 2)))
    return out


def print_table(rs: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table
    t = Table(title=f"Tournament speed: 2-player round robin of {', '.join(AGENTS)}")
    for c in ("runner", "workers", "games", "seconds", "games/s", "start-up s"):
        t.add_column(c, justify="left" if c == "runner" else "right")
    for r in rs:
        if "skipped" in r:
            t.add_row(r["name"], "", "", "", "", r["skipped"])
            continue
        t.add_row(r["name"], str(r["workers"]), str(r["games"]), f"{r['seconds']:.2f}",
                  f"{r['games_per_s']:.1f}", str(r.get("startup_s", "")))
    Console().print(t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="36 games per runner instead of 120")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray rows")
    args = ap.parse_args(argv)
    rs = rows(args.quick, ray_too=not args.no_ray)
    for r in rs:
        print(json.dumps(r))
    print_table(rs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

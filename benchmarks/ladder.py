"""Ladder of the rule-of-thumb agents (maracaibo_env/maracaibo/agents/heuristics.py).

    python benchmarks/ladder.py --games 1000 [--json PATH] [--workers 2]
    python benchmarks/ladder.py --quick          # 20 games per pairing

Plays at least --games games per pairing and prints markdown tables of win
rates with 95 % Wilson confidence intervals:

1. each heuristic vs random (2 players, seats alternate game by game);
2. the heuristics round-robin (2 players, seats alternate);
3. a 4-player free-for-all of the heuristics: with 5 heuristics, each game
   seats 4 of them (the line-up and the seats rotate game by game), --games
   games per line-up;
4. each heuristic against Jean (solo Automa) at the five difficulty levels:
   the heuristic is seat 0, Jean's turns are automatic, a tie goes to Jean
   (Game.winners()).

Win credit: 1 for a sole win, 1/k for a k-way tie for first (so a 2-player
tie is half a win); the Wilson interval is computed on that credit.
Game g of a pairing uses seed g; games are played inside numba
(maracaibo_env/maracaibo/agents/fast_play.py, ties broken by a generator seeded from g), so a run is
reproducible. `maracaibo tournament` does the same with ratings and stored
results; this script stays for the tables of docs/ladder.md. Work is spread over --workers processes.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from multiprocessing import Pool


sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.maracaibo.core.enums import DIFFICULTIES  # noqa: E402
from maracaibo_env.maracaibo.agents.heuristics import HEURISTICS  # noqa: E402
from maracaibo_env.maracaibo.match import play_match  # noqa: E402


def play_game(names, seed, difficulty=None):
    """Play one game inside numba (match.play_match); names[i] sits in seat i.
    Returns (scores, winners, seconds)."""
    t = time.perf_counter()
    r = play_match(list(names), seed, difficulty=difficulty)
    return r.scores, r.winners, time.perf_counter() - t


def _job(job):
    """job = (table key, seat names, seed, difficulty) -> (key, names, scores, winners, secs)."""
    key, names, seed, diff = job
    scores, winners, secs = play_game(names, seed, diff)
    return key, names, scores, winners, secs


def wilson(k, n, z=1.96):
    """95 % Wilson score interval for k successes in n trials (k may be fractional)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    c = (p + z * z / (2 * n)) / den
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, c - h), min(1.0, c + h)


def build_jobs(games, heuristics):
    jobs = []
    for h in heuristics:  # 1. vs random, seats alternate
        for g in range(games):
            names = (h, "random") if g % 2 == 0 else ("random", h)
            jobs.append((("vs_random", h, "random"), names, g, None))
    for a, b in itertools.combinations(heuristics, 2):  # 2. round-robin
        for g in range(games):
            names = (a, b) if g % 2 == 0 else (b, a)
            jobs.append((("round_robin", a, b), names, g, None))
    if len(heuristics) >= 4:  # 3. 4-player free-for-all, rotating line-ups and seats
        lineups = list(itertools.combinations(heuristics, 4))
        for li, lineup in enumerate(lineups):
            for g in range(games):
                r = g % 4
                names = tuple(lineup[(i + r) % 4] for i in range(4))
                jobs.append((("ffa4", li), names, 100000 * li + g, None))
    for h in heuristics:  # 4. vs Jean
        for d in DIFFICULTIES:
            for g in range(games):
                jobs.append((("jean", h, d), (h,), g, d))
    return jobs


def summarize(results, heuristics):
    """Tables as dicts: win credit, games, mean scores."""
    out = {"vs_random": {}, "round_robin": {}, "ffa4": {}, "jean": {}, "timing": {}}
    acc = {}
    for key, names, scores, winners, secs in results:
        kind = key[0]
        if kind == "jean":
            h, d = key[1], key[2]
            e = acc.setdefault(("jean", h, d), dict(win=0.0, n=0, vp=0.0, jean_vp=0.0))
            e["win"] += 1.0 if winners == [0] else 0.0
            e["n"] += 1
            e["vp"] += scores[0]
            e["jean_vp"] += scores[1]
            t = acc.setdefault(("time", "solo"), [0.0, 0])
        else:
            credit = {i: 1.0 / len(winners) for i in winners}
            for seat, name in enumerate(names):
                k = (kind, key[1:] if kind != "ffa4" else (), name)
                e = acc.setdefault(k, dict(win=0.0, n=0, vp=0.0))
                e["win"] += credit.get(seat, 0.0)
                e["n"] += 1
                e["vp"] += scores[seat]
            t = acc.setdefault(("time", f"{len(names)}p" + ("_random" if "random" in names else "")),
                               [0.0, 0])
        t[0] += secs
        t[1] += 1
    for k, e in acc.items():
        if k[0] == "time":
            out["timing"][k[1]] = {"games": e[1], "seconds_per_game": e[0] / max(e[1], 1)}
            continue
        p, lo, hi = wilson(e["win"], e["n"])
        row = dict(games=e["n"], win_rate=p, ci_low=lo, ci_high=hi, mean_vp=e["vp"] / e["n"])
        if k[0] == "jean":
            row["mean_jean_vp"] = e["jean_vp"] / e["n"]
            out["jean"].setdefault(k[1], {})[k[2]] = row
        elif k[0] == "vs_random":
            if k[2] != "random":
                out["vs_random"][k[2]] = row
        elif k[0] == "round_robin":
            a, b = k[1]
            opp = b if k[2] == a else a
            out["round_robin"].setdefault(k[2], {})[opp] = row
        elif k[0] == "ffa4":
            e2 = out["ffa4"].setdefault(k[2], dict(win=0.0, n=0, vp=0.0))
            e2["win"] += e["win"]
            e2["n"] += e["n"]
            e2["vp"] += e["vp"]
    for name, e in list(out["ffa4"].items()):
        p, lo, hi = wilson(e["win"], e["n"])
        out["ffa4"][name] = dict(games=e["n"], win_rate=p, ci_low=lo, ci_high=hi,
                                 mean_vp=e["vp"] / e["n"])
    return out


def _fmt(row):
    return f"{100 * row['win_rate']:.1f}% [{100 * row['ci_low']:.1f}, {100 * row['ci_high']:.1f}]"


def markdown(summary, heuristics):
    lines = []
    lines.append("### Heuristic vs random (2 players)\n")
    lines.append("| heuristic | games | win rate [95% CI] | mean VP |")
    lines.append("|---|---:|---|---:|")
    for h in heuristics:
        r = summary["vs_random"].get(h)
        if r:
            lines.append(f"| {h} | {r['games']} | {_fmt(r)} | {r['mean_vp']:.1f} |")
    lines.append("\n### Round-robin (2 players): row's win rate against column [95% CI]\n")
    lines.append("| | " + " | ".join(heuristics) + " |")
    lines.append("|---|" + "---|" * len(heuristics))
    for a in heuristics:
        cells = []
        for b in heuristics:
            r = summary["round_robin"].get(a, {}).get(b)
            cells.append("—" if a == b or r is None else _fmt(r))
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    if summary["ffa4"]:
        lines.append("\n### 4-player free-for-all (rotating line-ups of 4; fair share 25%)\n")
        lines.append("| heuristic | games | win rate [95% CI] | mean VP |")
        lines.append("|---|---:|---|---:|")
        for h in heuristics:
            r = summary["ffa4"].get(h)
            if r:
                lines.append(f"| {h} | {r['games']} | {_fmt(r)} | {r['mean_vp']:.1f} |")
    lines.append("\n### Solo vs Jean (win rate [95% CI]; mean VP you / Jean; a tie goes to Jean)\n")
    lines.append("| heuristic | " + " | ".join(DIFFICULTIES) + " |")
    lines.append("|---|" + "---|" * len(DIFFICULTIES))
    for h in heuristics:
        cells = []
        for d in DIFFICULTIES:
            r = summary["jean"].get(h, {}).get(d)
            cells.append("—" if r is None else
                         f"{_fmt(r)}<br>{r['mean_vp']:.0f} / {r['mean_jean_vp']:.0f}")
        lines.append(f"| {h} | " + " | ".join(cells) + " |")
    lines.append("\n### Time per game\n")
    lines.append("| game kind | games | seconds per game |")
    lines.append("|---|---:|---:|")
    for k, v in sorted(summary["timing"].items()):
        lines.append(f"| {k} | {v['games']} | {v['seconds_per_game']:.3f} |")
    return "\n".join(lines)


def _stderr_console():
    from rich.console import Console
    return Console(stderr=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    ap.add_argument("--quick", action="store_true", help="20 games per pairing")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    ap.add_argument("--only", nargs="*", default=None,
                    help=f"heuristics to include (default all: {', '.join(HEURISTICS)})")
    args = ap.parse_args(argv)
    games = 20 if args.quick else args.games
    heuristics = list(args.only) if args.only else list(HEURISTICS)
    for h in heuristics:
        if h not in HEURISTICS:
            ap.error(f"unknown heuristic {h!r}; known: {', '.join(HEURISTICS)}")
    jobs = build_jobs(games, heuristics)
    # warm up (compiles / loads the numba cache once before forking)
    play_game((heuristics[0], "random"), 0)
    t0 = time.time()
    print(f"{len(jobs)} games, {games} per pairing, {args.workers} workers ...", file=sys.stderr)
    from rich.progress import Progress, BarColumn, MofNCompleteColumn, TimeElapsedColumn, \
        TimeRemainingColumn
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), "ETA", TimeRemainingColumn())
    results = []
    with Progress(*columns, console=_stderr_console()) as progress:
        task = progress.add_task("ladder games", total=len(jobs))
        if args.workers > 1:
            with Pool(args.workers) as pool:
                for r in pool.imap_unordered(_job, jobs, chunksize=8):
                    results.append(r)
                    progress.advance(task)
        else:
            for j in jobs:
                results.append(_job(j))
                progress.advance(task)
    wall = time.time() - t0
    summary = summarize(results, heuristics)
    summary["meta"] = dict(games_per_pairing=games, total_games=len(jobs), wall_seconds=wall,
                           workers=args.workers)
    print(f"## Heuristic ladder ({games} games per pairing, {len(jobs)} games, "
          f"{wall:.0f} s on {args.workers} workers)\n")
    print(markdown(summary, heuristics))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return summary


if __name__ == "__main__":
    main()

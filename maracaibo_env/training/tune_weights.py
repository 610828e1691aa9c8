"""Search for factors on balanced's weights (the search that found `tuned`).

    # 1. random factors around 1, scored in 3-player games
    python -m maracaibo_env.training.tune_weights --players 3 --candidates 200 --deals 20 --seed 100000 \
        --sigma 0.35 --out runs/tune/random.json
    # 2. recheck the best 12 on other deals
    python -m maracaibo_env.training.tune_weights --players 3 --check runs/tune/random.json --top 12 \
        --deals 40 --seed 200000 --out runs/tune/check1.json
    # 3. a local search around the recheck's best, scored in 3 and 4 players
    python -m maracaibo_env.training.tune_weights --players 3 4 --center runs/tune/check1.json --candidates 60 \
        --deals 30 --seed 500000 --sigma 0.15 --sample-seed 7 --out runs/tune/local.json
    # 4. recheck its best 7
    python -m maracaibo_env.training.tune_weights --players 3 4 --check runs/tune/local.json --top 7 \
        --deals 40 --seed 600000 --out runs/tune/check2.json

A candidate is a factor per weight (maracaibo_env.maracaibo.agents.heuristics.WEIGHT_NAMES without
`vp`, the scale, and the solo terms) on top of balanced's. It plays compiled
games (maracaibo_env.maracaibo.agents.fast_play): in 3 and 4 players every seating of each deal in
every line-up with two (three) of balanced, assistants and explorer_quests;
in 2 players both seatings against balanced. 3- and 2-player games use
deals seed .. seed+deals-1; 4-player games deals // 2 deals from seed+50000
(24 seatings a deal against 18). Its score is the sum over the player counts
of its win share less the fair share (1/n; ties share). Every candidate of a
run is scored on the same deals, so differences are not the deals' luck, but
the best of many is still lucky: recheck it on other deals (--check).

--check FILE scores balanced (no factors) and the --top best of a result
file; --center FILE samples around the best of one. The result (--out) is
JSON: the settings and the candidates best first, each with its factors,
score, win share, mean VP and games per player count. A run is reproducible
from its settings. Needs no torch.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

EXCLUDED = ("vp", "solo", "solo_pace", "solo_projection")
POOL = ("balanced", "assistants", "explorer_quests")


def tunable() -> tuple[str, ...]:
    from maracaibo_env.maracaibo.agents.heuristics import WEIGHT_NAMES
    return tuple(n for n in WEIGHT_NAMES if n not in EXCLUDED)


def deal_seeds(players: int, deals: int, seed: int) -> list[int]:
    if players == 4:
        return [seed + 50000 + d for d in range(max(1, deals // 2))]
    return [seed + d for d in range(deals)]


def score_candidate(factors: dict, players: tuple[int, ...], deals: int, seed: int) -> dict:
    """Play a candidate's games; its score, win share, mean VP and games per player count."""
    from maracaibo_env.maracaibo.game import Game
    from maracaibo_env.maracaibo.agents.fast_play import SeatTables
    from maracaibo_env.maracaibo.agents.heuristics import HeuristicAgent, make_agent
    hero = HeuristicAgent(**factors)
    opponents = {n: make_agent(n) for n in POOL}
    out = {"factors": factors, "score": 0.0, "win": {}, "vp": {}, "games": {}}
    for n in players:
        credit = vp = games = 0.0
        pools = itertools.combinations(POOL, n - 1) if n > 2 else [("balanced",)]
        lineups = [[hero] + [opponents[o] for o in others] for others in pools]
        for s in deal_seeds(n, deals, seed):
            for line in lineups:
                for perm in itertools.permutations(range(n)):
                    g = Game(n, seed=s)
                    SeatTables([line[i] for i in perm], g.catalog).play(g, s, False)
                    seat = perm.index(0)
                    winners = g.winners()
                    credit += 1.0 / len(winners) if seat in winners else 0.0
                    vp += g.scores()[seat]
                    games += 1
        out["win"][n] = credit / games
        out["vp"][n] = vp / games
        out["games"][n] = int(games)
        out["score"] += credit / games - 1.0 / n
    return out


def sample(rng: np.random.Generator, center: dict, sigma: float) -> dict:
    """Log-normal factors around center's (1 where it has none)."""
    return {k: float(np.exp(np.log(center.get(k, 1.0)) + sigma * rng.normal()))
            for k in tunable()}


def _best(path: str, top: int) -> list[dict]:
    try:
        data = json.loads(Path(path).read_text())
        cands = [c["factors"] for c in data["candidates"]]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"tune_weights: {path} is not a result of this tool ({e})") from None
    known = set(tunable())
    for c in cands:
        bad = set(c) - known
        if bad:
            raise SystemExit(f"tune_weights: {path}: unknown weights {sorted(bad)}; known: {sorted(known)}")
    return [c for c in cands if c][:top]


def candidates(args) -> list[dict]:
    if args.check:
        return [{}] + _best(args.check, args.top)
    center = _best(args.center, 1)[0] if args.center else {}
    rng = np.random.default_rng(args.sample_seed)
    return [center] + [sample(rng, center, args.sigma) for _ in range(args.candidates - 1)]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m maracaibo_env.training.tune_weights",
                                description=__doc__.split("\n\n")[0],
                                epilog=__doc__[__doc__.index("\n\n") + 2:],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, nargs="+", default=[3], choices=(2, 3, 4),
                   help="player counts to score in (default 3)")
    p.add_argument("--candidates", type=int, default=200, help="candidates, the centre first")
    p.add_argument("--deals", type=int, default=20, help="deals (4 players: half of them)")
    p.add_argument("--seed", type=int, default=100000, help="first deal's seed")
    p.add_argument("--sigma", type=float, default=0.35, help="spread of log factors")
    p.add_argument("--sample-seed", type=int, default=1, help="seed of the sampled factors")
    p.add_argument("--center", help="sample around the best candidate (not balanced) of this result file")
    p.add_argument("--check", help="score balanced and the --top best (not balanced) of this result file")
    p.add_argument("--top", type=int, default=12, help="with --check: how many")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", required=True, help="result JSON")
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    for name, v, lo in (("candidates", args.candidates, 1), ("deals", args.deals, 1),
                        ("top", args.top, 1), ("workers", args.workers, 1), ("seed", args.seed, 0)):
        if v < lo:
            print(f"tune_weights: --{name} must be >= {lo}, got {v}", file=sys.stderr)
            return 2
    if not 0 < args.sigma <= 3:
        print(f"tune_weights: --sigma must be in (0, 3], got {args.sigma}", file=sys.stderr)
        return 2
    if args.check and args.center:
        print("tune_weights: --check and --center exclude each other", file=sys.stderr)
        return 2
    players = tuple(sorted(set(args.players)))
    cands = candidates(args)
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    console = Console(stderr=True)
    console.print(f"tune_weights: {len(cands)} candidates, {'/'.join(map(str, players))} players, "
                  f"{args.deals} deals from seed {args.seed} (the first use compiles the heuristics)")
    t0 = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) as pool, Progress(
            TextColumn("candidates"), BarColumn(), MofNCompleteColumn(), TextColumn("best {task.fields[best]}"),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console,
            disable=args.no_progress) as progress:
        task = progress.add_task("", total=len(cands), best="-")
        futures = [pool.submit(score_candidate, c, players, args.deals, args.seed) for c in cands]
        for f in futures:
            results.append(f.result())
            progress.update(task, advance=1, best=f"{max(r['score'] for r in results):+.3f}")
    order = sorted(range(len(results)), key=lambda i: -results[i]["score"])
    out = {"settings": {k: v for k, v in vars(args).items() if k not in ("out", "no_progress", "workers")},
           "seconds": round(time.perf_counter() - t0, 1),
           "candidates": [{**results[i], "rank_in_run": r, "index": i} for r, i in enumerate(order)]}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1))
    base = next((r for r in results if not r["factors"]), None)
    shown = [results[i] for i in order[:5]]
    for r in shown + ([base] if base is not None and base not in shown else []):
        label = "balanced" if not r["factors"] else f"#{results.index(r)}"
        shares = ", ".join(f"{n}p {r['win'][n]:.1%}" for n in players)
        console.print(f"  {label:>9}: score {r['score']:+.3f} ({shares})")
    console.print(f"written {args.out} ({out['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

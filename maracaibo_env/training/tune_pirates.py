"""Search for weights of a Pirates of Maracaibo heuristic (the search that found its `tuned`).

    # 1. random factors around the best of raider/explorer/builder, scored in 2, 3 and 4 players
    python -m maracaibo_env.training.tune_pirates --players 2 3 4 --candidates 150 --deals 4 \
        --seed 100000 --sigma 0.5 --sample-seed 1 --out runs/tune_pirates/random.json
    # 2. recheck its best 10 on other deals
    python -m maracaibo_env.training.tune_pirates --players 2 3 4 --check runs/tune_pirates/random.json \
        --top 10 --deals 16 --seed 200000 --out runs/tune_pirates/check1.json
    # 3. a local search around the recheck's best (no zero weight revived)
    python -m maracaibo_env.training.tune_pirates --players 2 3 4 --center runs/tune_pirates/check1.json \
        --candidates 40 --deals 4 --seed 300000 --sigma 0.2 --revive 0 --sample-seed 7 \
        --out runs/tune_pirates/local.json
    # 4. recheck its best 8, and the centre, on yet other deals; choose there
    python -m maracaibo_env.training.tune_pirates --players 2 3 4 --check runs/tune_pirates/local.json \
        --top 8 --deals 16 --seed 400000 --out runs/tune_pirates/check2.json
    python -m maracaibo_env.training.tune_pirates --players 2 3 4 --check runs/tune_pirates/check1.json \
        --top 1 --deals 16 --seed 400000 --out runs/tune_pirates/check2_center.json

A candidate is a full weight vector of maracaibo_env.pirates.agents.heuristics
(WEIGHT_NAMES; `solo` is kept at the centre's, as no solo game is scored).
Without --center the three strategies raider, explorer and builder are scored
first and the candidates are drawn around the best of them: each weight times
exp(sigma x N(0, 1)); a weight that is 0 in the centre stays 0 except with
chance --revive, when it is drawn from 0 .. half the largest value any of the
three strategies gives it.

Each candidate plays compiled games (heuristics.play_heuristics) against the
three strategies (or the strategies of --pool, e.g. ``--players 2 --pool
strategist``, with which `strategist`'s weights were searched) on deals
seed .. seed+deals-1: in 2 players both seatings
against each of them (6 games a deal), in 3 players every seating of each
line-up with two of them (18 games a deal), in 4 players every seating
against all three (24 games a deal, on the first half of the deals, at least
one). Its score is the sum over the player counts of its win share less the
fair share (1/n; ties share the credit). Every candidate of a run plays the
same deals with the same agent seeds, so differences are not the deals' luck,
but the best of many is still lucky: recheck it on other deals (--check).

--check FILE scores the three strategies and the --top best other candidates
of a result file; --center FILE samples around the best candidate of one. The
three strategies are scored in every run, as references. The result (--out) is
JSON: the settings and the candidates best first, each with its label, its
weights, score, win share, mean VP and games per player count. A run is
reproducible from its settings. Needs no torch.
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

POOL = ("raider", "explorer", "builder")    # the default opponents (--pool)
FIXED = ("solo",)           # not scored: no solo game is played
# weights added to heuristics.WEIGHT_NAMES after result files were written: a file
# without them reads them as 0 (off, as in every strategy that predates them)
ADDED_LATER = ("pass_cost", "race", "quest_prospect")


def weight_names() -> tuple[str, ...]:
    from maracaibo_env.pirates.agents.heuristics import WEIGHT_NAMES
    return WEIGHT_NAMES


def tunable() -> tuple[str, ...]:
    return tuple(n for n in weight_names() if n not in FIXED)


def reference(name: str) -> dict:
    """A strategy of heuristics.STRATEGIES as a candidate."""
    from maracaibo_env.pirates.agents.heuristics import STRATEGIES
    return {"label": name, "weights": dict(zip(weight_names(), map(float, STRATEGIES[name])))}


def deal_seeds(players: int, deals: int, seed: int) -> list[int]:
    """The deals a player count plays: all of them, in 4 players the first half."""
    n = max(1, deals // 2) if players == 4 else deals
    return [seed + d for d in range(n)]


def seatings(players: int, pool: tuple[str, ...] = POOL) -> list[tuple[str, ...]]:
    """Every seating of the hero ("hero") and the pool's strategies in a player count."""
    out = []
    for others in itertools.combinations(pool, players - 1):
        for perm in itertools.permutations(("hero", *others)):
            out.append(perm)
    return out


def agent_seed(deal: int, seating: int, players: int) -> np.uint64:
    """The agents' random stream of one game: the same for every candidate."""
    return np.uint64((deal * 1_000_003 + seating * 7_919 + players) * 2_654_435_761 % 2**63 + 1)


def play(players: int, deal: int, seats: tuple[str, ...], weights: np.ndarray, x: np.uint64,
         pool: tuple[str, ...] = POOL):
    """One compiled game; seats name rows of `weights` (hero, then the pool). Returns the Game."""
    from maracaibo_env.pirates import Game
    from maracaibo_env.pirates.agents.heuristics import play_heuristics
    rows = ("hero", *pool)
    seat = np.array([rows.index(s) for s in seats], np.int64)
    g = Game(players, seed=deal)
    while not g.is_over:
        _, x = play_heuristics(g.state, g._cat, g._mask, weights, seat, np.uint64(x), 0, 1 << 30)
    return g


def score_candidate(cand: dict, players: tuple[int, ...], deals: int, seed: int,
                    pool: tuple[str, ...] = POOL) -> dict:
    """Play a candidate's games against the pool; its score, win share, mean VP and games per player count."""
    from maracaibo_env.pirates.agents.heuristics import STRATEGIES
    names = weight_names()
    hero = np.array([cand["weights"][n] for n in names], np.float64)
    weights = np.stack([hero] + [STRATEGIES[n] for n in pool]).astype(np.float64)
    out = {**cand, "score": 0.0, "win": {}, "vp": {}, "games": {}}
    for n in players:
        credit = vp = games = 0.0
        table = seatings(n, pool)
        for d in deal_seeds(n, deals, seed):
            for i, seats in enumerate(table):
                g = play(n, d, seats, weights, agent_seed(d, i, n), pool)
                me = seats.index("hero")
                winners = g.winners()
                credit += 1.0 / len(winners) if me in winners else 0.0
                vp += g.scores()[me]
                games += 1
        out["win"][str(n)] = credit / games
        out["vp"][str(n)] = vp / games
        out["games"][str(n)] = int(games)
        out["score"] += credit / games - 1.0 / n
    return out


def sample(rng: np.random.Generator, center: dict, sigma: float, revive: float,
           pool: tuple[str, ...] = POOL) -> dict:
    """Log-normal factors on center's weights; a zero weight revived with chance `revive`
    (drawn from 0 .. half the largest value the pool gives it)."""
    from maracaibo_env.pirates.agents.heuristics import STRATEGIES
    w = dict(center)
    for k in tunable():
        i = weight_names().index(k)
        z, u, v = rng.normal(), rng.random(), rng.random()     # three draws a weight, always
        if w[k] != 0.0:
            w[k] = float(w[k] * np.exp(sigma * z))
        elif u < revive:
            w[k] = float(v * 0.5 * max(STRATEGIES[s][i] for s in pool))
    return w


def _read(path: str) -> list[dict]:
    """A result file's candidates (label and weights), best first."""
    try:
        data = json.loads(Path(path).read_text())
        cands = [{"label": c["label"], "weights": dict(c["weights"])} for c in data["candidates"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise SystemExit(f"tune_pirates: {path} is not a result of this tool ({e})") from None
    names = set(weight_names())
    for c in cands:
        for k in ADDED_LATER:
            c["weights"].setdefault(k, 0.0)
        if set(c["weights"]) != names:
            raise SystemExit(f"tune_pirates: {path}: weights {sorted(c['weights'])} are not "
                             f"{sorted(names)}")
        if not all(isinstance(v, (int, float)) and np.isfinite(v) for v in c["weights"].values()):
            raise SystemExit(f"tune_pirates: {path}: a weight is not a finite number")
    if not cands:
        raise SystemExit(f"tune_pirates: {path} holds no candidates")
    return cands


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m maracaibo_env.training.tune_pirates",
                                description=__doc__.split("\n\n")[0],
                                epilog=__doc__[__doc__.index("\n\n") + 2:],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=(2, 3, 4),
                   help="player counts to score in (default 2 3 4)")
    p.add_argument("--candidates", type=int, default=160,
                   help="candidates drawn (with --center: the centre and the rest drawn); "
                        "the three strategies are scored as well")
    p.add_argument("--deals", type=int, default=4, help="deals (4 players: half of them)")
    p.add_argument("--seed", type=int, default=100000, help="first deal's seed")
    p.add_argument("--sigma", type=float, default=0.5, help="spread of log factors")
    p.add_argument("--revive", type=float, default=0.3,
                   help="chance a weight that is 0 in the centre is drawn (default 0.3)")
    p.add_argument("--sample-seed", type=int, default=1, help="seed of the drawn weights")
    p.add_argument("--center", help="draw around the best candidate of this result file")
    p.add_argument("--check", help="score the pool and the --top best others of this result file")
    p.add_argument("--pool", nargs="+", default=list(POOL), metavar="STRATEGY",
                   help="the strategies each candidate plays (default raider explorer builder; "
                        "at least players - 1 of them)")
    p.add_argument("--top", type=int, default=10, help="with --check: how many")
    p.add_argument("--workers", type=int, default=1, help="processes (default 1: in this one)")
    p.add_argument("--out", required=True, help="result JSON")
    p.add_argument("--no-progress", action="store_true")
    return p


def _check_args(args) -> str | None:
    for name, v, lo in (("candidates", args.candidates, 1), ("deals", args.deals, 1),
                        ("top", args.top, 1), ("workers", args.workers, 1), ("seed", args.seed, 0)):
        if v < lo:
            return f"--{name} must be >= {lo}, got {v}"
    if not 0 < args.sigma <= 3:
        return f"--sigma must be in (0, 3], got {args.sigma}"
    if not 0 <= args.revive <= 1:
        return f"--revive must be in [0, 1], got {args.revive}"
    if args.check and args.center:
        return "--check and --center exclude each other"
    from maracaibo_env.pirates.agents.heuristics import STRATEGIES
    unknown = [n for n in args.pool if n not in STRATEGIES]
    if unknown:
        return f"--pool: unknown strategy {unknown[0]!r} (known: {', '.join(STRATEGIES)})"
    if len(set(args.pool)) != len(args.pool):
        return "--pool names a strategy twice"
    if len(args.pool) < max(args.players) - 1:
        return f"--pool needs at least {max(args.players) - 1} strategies for {max(args.players)} players"
    return None


class _Scorer:
    """Scores candidates in this process or a pool, with a rich progress bar (ETA)."""

    def __init__(self, args, players, total, console):
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        self.args, self.players = args, players
        self.pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        self.progress = Progress(TextColumn("candidates"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("best {task.fields[best]}"), TimeElapsedColumn(),
                                 TimeRemainingColumn(), console=console, disable=args.no_progress)
        self.task = self.progress.add_task("", total=total, best="-")
        self.results: list[dict] = []

    def __enter__(self):
        self.progress.__enter__()
        return self

    def __exit__(self, *exc):
        self.progress.__exit__(*exc)
        if self.pool is not None:
            self.pool.shutdown()

    def score(self, cands: list[dict]) -> list[dict]:
        a = (self.players, self.args.deals, self.args.seed, tuple(self.args.pool))
        if self.pool is None:
            done = (score_candidate(c, *a) for c in cands)
        else:
            done = (f.result() for f in [self.pool.submit(score_candidate, c, *a) for c in cands])
        out = []
        for r in done:
            out.append(r)
            self.results.append(r)
            self.progress.update(self.task, advance=1,
                                 best=f"{max(x['score'] for x in self.results):+.3f}")
        return out


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    bad = _check_args(args)
    if bad:
        print(f"tune_pirates: {bad}", file=sys.stderr)
        return 2
    players = tuple(sorted(set(args.players)))
    pool = tuple(args.pool)
    refs = [reference(n) for n in pool]
    drawn_from = None
    if args.check:
        given = [c for c in _read(args.check) if c["label"] not in pool][:args.top]
        total = len(refs) + len(given)
    else:
        center = _read(args.center)[0] if args.center else None
        total = len(refs) + args.candidates
    from rich.console import Console
    console = Console(stderr=True)
    console.print(f"tune_pirates: {total} candidates ({len(pool)} of them {', '.join(pool)}), "
                  f"{'/'.join(map(str, players))} players, {args.deals} deals from seed {args.seed} "
                  f"(the first game compiles the heuristics)")
    t0 = time.perf_counter()
    rng = np.random.default_rng(args.sample_seed)
    with _Scorer(args, players, total, console) as scorer:
        scored = scorer.score(refs)
        if args.check:
            scorer.score(given)
        else:
            if center is None:       # the best of the pool's strategies
                best = max(scored, key=lambda r: r["score"])
                center = {"label": f"around {best['label']}", "weights": best["weights"]}
                drawn = []
            else:
                drawn = [{"label": "centre", "weights": center["weights"]}]
            drawn += [{"label": f"#{i}", "weights": sample(rng, center["weights"], args.sigma, args.revive, pool)}
                      for i in range(len(drawn), args.candidates)]
            scorer.score(drawn)
            drawn_from = center
        results = scorer.results
    order = sorted(range(len(results)), key=lambda i: -results[i]["score"])
    out = {"settings": {k: v for k, v in vars(args).items() if k not in ("out", "no_progress", "workers")},
           "weight_names": list(weight_names()),
           "drawn_around": drawn_from,
           "seconds": round(time.perf_counter() - t0, 1),
           "candidates": [{**results[i], "rank_in_run": r, "index": i} for r, i in enumerate(order)]}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1))
    games = sum(sum(r["games"].values()) for r in results)
    shown = [results[i] for i in order[:5]]
    for r in shown + [r for r in results[:len(pool)] if r not in shown]:
        shares = ", ".join(f"{n}p {r['win'][str(n)]:.1%}" for n in players)
        console.print(f"  {r['label']:>9}: score {r['score']:+.3f} ({shares})")
    console.print(f"written {args.out} ({out['seconds']:.0f} s, {games} games, "
                  f"{games / max(out['seconds'], 1e-9):.0f} games/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How a search's strength grows with its budget: Elo at 1x, 2x, 4x, ... its
default iterations against a fixed pool, on fresh deals, with intervals.

    python benchmarks/search_scaling.py --game maracaibo --search mcts --multiples 1 2 4 8 16 \\
        --deals 40 40 20 12 8 --seed 610000 --out runs/scaling/maracaibo-mcts

For each multiple m, a 2-player duplicate gauntlet (every deal in both seat
orders) of the search at m x its budget (``iters=``) against the pool
(default: ``balanced`` and ``tuned`` for Maracaibo, the three heuristics for
Pirates) and, for m > 1, the search at 1x. One SQLite file per multiple under
--out (``m<m>.sqlite``): a run can be stopped and resumed (it continues
where it stopped; more --deals extends it). Then one Bradley-Terry fit over
every game with bootstrap 95 % intervals (Elo relative to the pool's first
agent), each multiple's win share against every opponent (Wilson 95 %), and
its seconds per game. Written to ``scaling.json``, ``scaling.md`` and
``scaling.png`` in --out; several runs can be drawn on one plot with
``--plot-only DIR [DIR ...]``.

Deals come from --seed through the tournament schedule (``deal_seed``): pick a
seed no tuning used (docs/agents.md lists the seeds taken).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from maracaibo_env.tournament.formats import TournamentConfig  # noqa: E402
from maracaibo_env.tournament.ratings import bradley_terry, wilson, win_credits  # noqa: E402
from maracaibo_env.tournament.runner import run_tournament  # noqa: E402
from maracaibo_env.tournament.store import load_games  # noqa: E402

POOLS = {"maracaibo": ("balanced", "tuned"), "pirates": ("explorer", "raider", "builder")}
EXAMPLES = """examples:
  python benchmarks/search_scaling.py --game maracaibo --multiples 1 2 4 --deals 10 --out runs/scaling/m
  python benchmarks/search_scaling.py --game pirates --search mcts:top=0 --multiples 1 4 16 --deals 20 \\
      --out runs/scaling/p
  python benchmarks/search_scaling.py --plot-only runs/scaling/m runs/scaling/m2 --out runs/scaling
"""


def with_iterations(spec: str, iterations: int) -> str:
    """The search spec with iters= set (replacing any ms= or iters= it had)."""
    parts = [p for p in spec.split(":")[1:] if not re.match(r"(iters|ms)=", p)]
    return ":".join(["mcts", *parts, f"iters={iterations}"])


def default_iterations(spec: str, game: str) -> int:
    """The iterations per decision a search spec plays with (its iters= or the agent's default)."""
    from maracaibo_env.agents.registry import make_agent
    agent = make_agent(spec, game=game)
    if getattr(agent, "ms", 0):
        raise SystemExit(f"{spec!r} has a time budget (ms=): the curve scales iterations; drop ms=")
    return int(agent.iterations)


def run(args) -> dict:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pool = tuple(args.pool or POOLS[args.game])
    base = default_iterations(args.search, args.game)
    deals = args.deals if len(args.deals) == len(args.multiples) else args.deals[:1] * len(args.multiples)
    one = with_iterations(args.search, base)
    heroes = {}
    games = []
    for m, n in zip(args.multiples, deals):
        hero = with_iterations(args.search, base * m)
        heroes[hero] = m
        opponents = pool + ((one,) if m != 1 else ())
        cfg = TournamentConfig(agents=opponents, format="gauntlet", players=2, games=n, seed=args.seed,
                               hero=hero, game=args.game)
        db = out / f"m{m}.sqlite"
        print(f"{args.game}: {hero} against {', '.join(opponents)}, {n} deals x 2 seatings -> {db}",
              file=sys.stderr)
        run_tournament(cfg, db, workers=args.workers, resume=db.exists(), progress=not args.quiet)
        games += [(m, g) for g in load_games(db)]
    return summarise(args, pool, base, heroes, one, games)


def summarise(args, pool, base, heroes, one, games) -> dict:
    results = [g.result for _, g in games]
    fit = bradley_terry(results, bootstrap=args.bootstrap, seed=0)
    anchor = next(r.elo for r in fit.ratings if r.agent == pool[0])
    elo = {r.agent: (r.elo - anchor, r.low - anchor, r.high - anchor, r.games) for r in fit.ratings}
    rows = []
    for hero, m in sorted(heroes.items(), key=lambda kv: kv[1]):
        mine = [g for mm, g in games if mm == m]
        shares = {}
        for opp in sorted({s for g in mine for s in g.result.specs if s != hero}):
            credit = n = 0
            for g in mine:
                r = g.result
                if opp in r.specs:
                    credit += win_credits(2, r.winners)[r.specs.index(hero)]
                    n += 1
            lo, hi = wilson(credit, n)
            shares[opp] = {"games": n, "share": credit / n, "low": lo, "high": hi}
        heur = [g.seconds for g in mine if one not in g.result.specs or m == 1]
        e = elo[hero]
        rows.append({"multiple": m, "iterations": base * m, "spec": hero, "elo": e[0], "low": e[1],
                     "high": e[2], "games": e[3], "seconds_per_game": sum(heur) / max(len(heur), 1),
                     "shares": shares})
    pool_rows = [{"agent": a, "elo": elo[a][0], "low": elo[a][1], "high": elo[a][2], "games": elo[a][3]}
                 for a in pool if a in elo]
    return {"game": args.game, "search": args.search, "base_iterations": base, "seed": args.seed,
            "pool": pool_rows, "rows": rows, "anchor": pool[0], "games": len(results)}


def table(summary: dict) -> str:
    pool = [p["agent"] for p in summary["pool"]]
    head = (f"{summary['game']}: `{summary['search']}` at multiples of {summary['base_iterations']} iterations, "
            f"2-player duplicate gauntlets, seed {summary['seed']}, {summary['games']} games; "
            f"Bradley-Terry Elo relative to `{summary['anchor']}` with bootstrap 95 %\n\n")
    cols = ["budget", "iterations", "Elo [95%]", *[f"vs {p}" for p in pool], "vs 1x", "s/game"]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in summary["rows"]:
        def share(opp):
            s = r["shares"].get(opp)
            return f"{100 * s['share']:.1f}% [{100 * s['low']:.0f}, {100 * s['high']:.0f}] ({s['games']})" if s else ""
        one = next((o for o in r["shares"] if o not in pool), None)
        lines.append(f"| {r['multiple']}x | {r['iterations']} | {r['elo']:+.0f} [{r['low']:+.0f}, {r['high']:+.0f}] | "
                     + " | ".join(share(p) for p in pool) + f" | {share(one) if one else ''} | "
                     f"{r['seconds_per_game']:.1f} |")
    for p in summary["pool"]:
        lines.append(f"| `{p['agent']}` | | {p['elo']:+.0f} [{p['low']:+.0f}, {p['high']:+.0f}] |"
                     + " |" * (len(pool) + 2))
    return head + "\n".join(lines) + "\n"


def plot(summaries: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for s in summaries:
        xs = [r["multiple"] for r in s["rows"]]
        ys = [r["elo"] for r in s["rows"]]
        err = [[r["elo"] - r["low"] for r in s["rows"]], [r["high"] - r["elo"] for r in s["rows"]]]
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3,
                    label=f"{s['game']} {s['search']} (Elo vs {s['anchor']})")
    drawn = set()
    for s in summaries:
        for p in s["pool"]:
            key = (s["game"], p["agent"])
            if key not in drawn and p["agent"] != s["anchor"]:
                drawn.add(key)
                ax.axhline(p["elo"], ls=":", lw=1, color="grey")
                ax.annotate(f"{s['game']} {p['agent']}", (1, p["elo"]), fontsize=8, color="grey",
                            xytext=(2, 2), textcoords="offset points")
    ax.axhline(0, ls="--", lw=1, color="black")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("budget (multiple of the default iterations per decision)")
    ax.set_ylabel("Bradley-Terry Elo vs the run's first pool agent (95% bootstrap)")
    ax.set_title("Search strength against its budget (2-player, fresh deals)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write(summary: dict, out: Path) -> None:
    (out / "scaling.json").write_text(json.dumps(summary, indent=1))
    (out / "scaling.md").write_text(table(summary))
    plot([summary], out / "scaling.png")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=EXAMPLES,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="maracaibo", choices=sorted(POOLS))
    p.add_argument("--search", default="mcts", help="the search's spec at 1x (default: mcts)")
    p.add_argument("--multiples", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    p.add_argument("--deals", type=int, nargs="+", default=[20],
                   help="deals per opponent: one number, or one per multiple")
    p.add_argument("--pool", nargs="+", help="the fixed opponents (default: the game's heuristics)")
    p.add_argument("--seed", type=int, default=610000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--bootstrap", type=int, default=1000)
    p.add_argument("--out", required=True)
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--plot-only", nargs="+", metavar="DIR",
                   help="draw these runs' scaling.json on one plot in --out/scaling.png")
    args = p.parse_args(argv)
    if args.plot_only:
        summaries = [json.loads((Path(d) / "scaling.json").read_text()) for d in args.plot_only]
        Path(args.out).mkdir(parents=True, exist_ok=True)
        plot(summaries, Path(args.out) / "scaling.png")
        print(Path(args.out) / "scaling.png")
        return 0
    if 1 not in args.multiples:
        p.error("--multiples must include 1 (the pool's search at its default budget)")
    if len(args.deals) not in (1, len(args.multiples)):
        p.error("--deals takes one number or one per multiple")
    summary = run(args)
    write(summary, Path(args.out))
    print(table(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())

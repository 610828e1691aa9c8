"""One ratings table for every agent: random, the heuristics (the five
strategies, quick and tuned), a trained policy, MCTS at two budgets, and
Jean's five levels.

    python benchmarks/agent_ratings.py --out runs/ratings --deals 100 --mcts-deals 10 --solo-deals 40

Three tournaments (duplicate deals, every seating), stored in SQLite under --out:

* ``fast.sqlite``  2-player round robin of random, the heuristics and the policies;
* ``mcts_<i>.sqlite``  a 2-player gauntlet of each MCTS spec against
  --mcts-pool (MCTS is slow, so fewer deals);
* ``solo.sqlite``  every fast agent against every level of Jean.

The table: Bradley-Terry Elo with bootstrap 95 % intervals over all of it (a
solo game counts as a 2-player game between the agent and "Jean (<level>)",
won by the game's winner; Jean plays no other games, so her rating rests on
solo games only), openskill Plackett-Luce mu ± sigma over the same games, and
each agent's 2-player win share with a Wilson interval. Written to
``ratings.md`` and ``ratings.json`` in --out.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from maracaibo_env.tournament.formats import TournamentConfig  # noqa: E402
from maracaibo_env.tournament.ratings import (agent_summaries, bradley_terry,  # noqa: E402
                                              openskill_ratings)
from maracaibo_env.tournament.runner import run_tournament  # noqa: E402
from maracaibo_env.tournament.store import load_games  # noqa: E402

FAST = ("random", "balanced", "assistants", "combat_influence", "explorer_quests", "ship_income",
        "quick", "tuned")


def _run(cfg: TournamentConfig, db: Path, workers: int) -> list:
    t0 = time.perf_counter()
    tid = run_tournament(cfg, db, workers=workers, resume=db.exists())
    games = [g.result for g in load_games(db, tid)]
    print(f"{db.name}: {len(games)} games in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return games


def jean_label(spec: str) -> str:
    """How a solo game's jean:<level> seat is named in the 2-player tables."""
    return f"Jean ({spec.split(':', 1)[1]})" if spec.startswith("jean:") else spec


def as_two_player(r):
    """A solo game as a 2-player game between the agent and "Jean (<level>)":
    relabelled, because the ratings keep a game with a jean:<level> seat out
    of the 2-player tables."""
    return dataclasses.replace(r, difficulty=None, specs=[jean_label(s) for s in r.specs])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="example:\n  python benchmarks/agent_ratings.py --out runs/ratings "
                                       "--deals 20 --mcts-deals 2 --solo-deals 5")
    p.add_argument("--out", default="runs/ratings")
    p.add_argument("--deals", type=int, default=100, help="deals per pairing, fast agents")
    p.add_argument("--mcts-deals", type=int, default=10, help="deals per MCTS pairing")
    p.add_argument("--solo-deals", type=int, default=40, help="deals per agent and Jean level")
    p.add_argument("--policies", default="policy:maracaibo-2p", help="policy specs, comma-separated")
    p.add_argument("--mcts", default="mcts:iters=200,mcts", help="MCTS specs, comma-separated")
    p.add_argument("--mcts-pool", default="random,ship_income,balanced,policy:maracaibo-2p")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    policies = [s for s in args.policies.split(",") if s]
    fast = [*FAST, *policies]
    results = _run(TournamentConfig(agents=tuple(fast), players=2, games=args.deals, seed=args.seed),
                   out / "fast.sqlite", args.workers)
    for i, spec in enumerate(s for s in args.mcts.split(",") if s):
        pool = tuple(a for a in args.mcts_pool.split(",") if a)
        results += _run(TournamentConfig(agents=pool, format="gauntlet", hero=spec, players=2,
                                         games=args.mcts_deals, seed=args.seed + 1),
                        out / f"mcts_{i}.sqlite", args.workers)
    solo = _run(TournamentConfig(agents=tuple(fast), players=1, games=args.solo_deals,
                                 seed=args.seed + 2), out / "solo.sqlite", args.workers)
    two = [r for r in results if r.difficulty is None]
    bt = bradley_terry(two + [as_two_player(r) for r in solo], bootstrap=1000)
    skill = {jean_label(s.agent): s for s in openskill_ratings(results + solo)}
    summ = agent_summaries(two)
    rows = []
    for r in bt.ratings:
        s, a = skill.get(r.agent), summ.get(r.agent)
        rows.append({"agent": r.agent, "elo": r.elo, "elo_lo": r.low, "elo_hi": r.high,
                     "games": r.games, "mu": s.mu if s else None, "sigma": s.sigma if s else None,
                     "win_share_2p": a.wins.rate if a else None,
                     "win_lo": a.wins.low if a else None, "win_hi": a.wins.high if a else None,
                     "mean_vp_2p": a.mean_score if a else None})
    lines = ["| agent | Bradley–Terry Elo [95% CI] | openskill μ ± σ | 2p win share [95% CI] | games |",
             "|---|---:|---:|---:|---:|"]
    for r in rows:
        win = (f"{r['win_share_2p']:.1%} [{r['win_lo']:.0%}, {r['win_hi']:.0%}]"
               if r["win_share_2p"] is not None else "solo only")
        lines.append(f"| {r['agent']} | {r['elo']:+.0f} [{r['elo_lo']:+.0f}, {r['elo_hi']:+.0f}] | "
                     f"{r['mu']:.1f} ± {r['sigma']:.1f} | {win} | {r['games']} |")
    table = "\n".join(lines)
    (out / "ratings.md").write_text(table + "\n")
    (out / "ratings.json").write_text(json.dumps({"rows": rows, "args": vars(args),
                                                  "two_player_games": len(two),
                                                  "solo_games": len(solo)}, indent=1))
    print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

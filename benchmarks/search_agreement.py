"""Whether more budget changes the search's choices: agreement of Maracaibo
searches at two budgets, with each other, with another seed and with their
guide, on positions from `tuned` self-play.

    python benchmarks/search_agreement.py --positions 60 --low 1000 --high 16000 --search "" "widen=1"

For each position (a decision with more than 3 legal moves, sampled with
chance 6% from games of seeds --seed+): the move of the search at --low and
--high iterations (two seeds each), and the guide's first choice (`balanced`'s
lookahead). If two --high searches disagree about as often as a --low and a
--high one, the extra budget only re-averages the same estimates: the leaf's
bias, not its variance, limits the search (docs/agents.md, "Search against
its budget").
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def positions(n: int, seed: int):
    from maracaibo_env import Game
    from maracaibo_env.maracaibo.agents.heuristics import AGENTS, act_with
    rng = np.random.default_rng(seed)
    tuned, out = AGENTS["tuned"](), []
    s = seed
    while len(out) < n:
        g = Game(2, seed=s)
        while not g.is_over and len(out) < n:
            if len(g.legal_actions()) > 3 and rng.random() < 0.06:
                out.append(g.clone())
            g.step(act_with(tuned, g, rng))
        s += 1
    return out


def agreement(pos, options: str, low: int, high: int) -> dict:
    from maracaibo_env.agents.registry import make_agent
    from maracaibo_env.maracaibo.agents.heuristics import AGENTS
    spec = "mcts" + (":" + options if options else "")
    guide_agent = AGENTS[make_agent(spec, game="maracaibo").guide]()
    lo = make_agent(f"{spec}:iters={low}", game="maracaibo")
    hi = make_agent(f"{spec}:iters={high}", game="maracaibo")
    n = {"low/low'": 0, "low/high": 0, "high/high'": 0, "low/guide": 0, "high/guide": 0}
    share = []
    for g in pos:
        legal = np.asarray(g.legal_actions())
        guide = int(legal[np.argmax(guide_agent.values(g, legal))])
        a1, b1 = int(np.argmax(lo.visits(g, 1))), int(np.argmax(lo.visits(g, 2)))
        v = hi.visits(g, 3)
        a2, b2 = int(np.argmax(v)), int(np.argmax(hi.visits(g, 4)))
        n["low/low'"] += a1 == b1
        n["low/high"] += a1 == a2
        n["high/high'"] += a2 == b2
        n["low/guide"] += a1 == guide
        n["high/guide"] += a2 == guide
        share.append(v.max() / v.sum())
    return {**{k: v / len(pos) for k, v in n.items()}, "high_top_share": float(np.mean(share))}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=60)
    p.add_argument("--seed", type=int, default=700100)
    p.add_argument("--low", type=int, default=1000)
    p.add_argument("--high", type=int, default=16000)
    p.add_argument("--search", nargs="+", default=[""], help='mcts options, e.g. "" "widen=1"')
    a = p.parse_args(argv)
    if a.positions < 1 or not 1 <= a.low <= a.high:
        p.error("need --positions >= 1 and 1 <= --low <= --high")
    pos = positions(a.positions, a.seed)
    print(f"{len(pos)} positions (seeds {a.seed}+), low {a.low}, high {a.high} iterations")
    for opt in a.search:
        t = time.perf_counter()
        r = agreement(pos, opt, a.low, a.high)
        print(f"mcts{':' + opt if opt else ''}: " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in r.items())
              + f" ({time.perf_counter() - t:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Jordan (Pirates solo opponent, checklist §19) statistics: how often he finds
no possible main action in a turn (SOLO-13: every card of the turn discarded,
he passes), his VP by source, and the human seat's win share against him with
a Wilson interval, per Caribbean layout.

    .venv/bin/python benchmarks/jordan_stats.py --games 100 --difficulty 0 3
    .venv/bin/python benchmarks/jordan_stats.py --player random --layouts classic neck

The human seat is played by a heuristic of maracaibo_env/pirates/agents/heuristics.py
(default "explorer") or uniformly at random. Jordan's turns are read from his
log (J_LOG, rewritten at the start of each of his turns): the benchmark steps
one decision at a time and clears the log's length after reading it.
"""
import argparse
import math
import os
import sys
import time
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.pirates.agents.heuristics import STRATEGIES, play_heuristics  # noqa: E402
from maracaibo_env.pirates import Game  # noqa: E402
from maracaibo_env.pirates.core import constants as L  # noqa: E402
from maracaibo_env.pirates.core.jordan import JEV_ACTION, JEV_DISCARD, JEV_PASS  # noqa: E402
from maracaibo_env.pirates.core.random_play import play_random  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play_one(layout: str, difficulty: int, seed: int, player: str, stats: Counter):
    """One solo game; Jordan's turns are tallied into stats. Returns the Game."""
    g = Game(1, seed=seed, layout=layout, difficulty=difficulty)
    st = g.state
    names = list(STRATEGIES)
    weights = np.stack([STRATEGIES[n] for n in names])
    seat = np.array([names.index(player) if player in STRATEGIES else -1, -1], np.int64)
    x = np.uint64(seed * 2654435761 + 1)
    rng = np.array([x], np.uint64)
    buf = np.empty(1, np.int64)
    while not g.is_over:
        if seat[0] < 0:
            play_random(st, g._cat, g._mask, 0, rng, buf)
        else:
            _, x = play_heuristics(st, g._cat, g._mask, weights, seat, x, 0, 1)
            x = np.uint64(x)
        n = int(st[L.G_J_LOG_N])
        if n:
            evs = st[L.G_J_LOG:L.G_J_LOG + 2 * n:2].tolist()
            stats["turns"] += 1
            stats["discards"] += evs.count(JEV_DISCARD)
            if JEV_PASS in evs:
                stats["stalls"] += 1
            if JEV_ACTION in evs:
                stats["actions"] += 1
            st[L.G_J_LOG_N] = 0                 # the log only: read once per turn
    return g


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--layouts", nargs="*", default=None, help="default: every layout of the data")
    ap.add_argument("--difficulty", type=int, nargs="*", default=[0, 3])
    ap.add_argument("--player", default="explorer", choices=list(STRATEGIES) + ["random"])
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    layouts = a.layouts or list(Game(1).catalog.layout_keys)
    sources = None
    rows = []
    t0 = time.time()
    for lay in layouts:
        for k in a.difficulty:
            stats = Counter()
            vp_j = Counter()
            wins = 0
            human = []
            for i in range(a.games):
                g = play_one(lay, k, a.seed + i, a.player, stats)
                bd = g.score_breakdown()
                sources = list(bd[1])
                vp_j.update(bd[1])
                s = g.scores()
                human.append(s[0])
                wins += g.winners() == [0]
            lo, hi = wilson(wins, a.games)
            rows.append((lay, k, stats, vp_j, wins, lo, hi, float(np.mean(human))))
    print(f"{a.games} solo games per row, human = {a.player}; {time.time() - t0:.0f}s")
    print(f"{'layout':8} {'k':>2} {'turns':>6} {'stalls':>6} {'stall%':>6} {'disc/turn':>9} "
          f"{'J VP':>6} {'H VP':>6} {'H win':>6} {'Wilson 95%':>13}")
    for lay, k, stats, vp_j, wins, lo, hi, hvp in rows:
        t = max(stats["turns"], 1)
        print(f"{lay:8} {k:>2} {stats['turns']:>6} {stats['stalls']:>6} {100 * stats['stalls'] / t:>5.1f}% "
              f"{stats['discards'] / t:>9.2f} {sum(vp_j.values()) / a.games:>6.1f} {hvp:>6.1f} "
              f"{wins / a.games:>6.2f} {lo:>6.2f}-{hi:.2f}")
    print("\nJordan's mean VP by source")
    shown = [s for s in sources if any(r[3][s] for r in rows)]
    w = [max(len(s), 6) for s in shown]
    print(f"{'layout':8} {'k':>2} " + " ".join(f"{s:>{n}}" for s, n in zip(shown, w)))
    for lay, k, stats, vp_j, *_ in rows:
        print(f"{lay:8} {k:>2} " + " ".join(f"{vp_j[s] / a.games:>{n}.1f}" for s, n in zip(shown, w)))


if __name__ == "__main__":
    main()

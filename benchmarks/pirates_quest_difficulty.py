"""How hard each Pirates quest condition is, and the quest VP that follow (issue 37).

Plays 3-player games of one agent in every seat (default `strongest`) on the
deals `maracaibo calibrate --game pirates --players 3 --seed S` plays, and reads
at each game's end, for every seat and every one of the 25 quests (held or
not), whether the seat meets the quest's low and its high condition. p = the
share of seats that meet it. quests.toml's header turns p into VP:

    low = round(6 - 2 p)     (4-6: Jordan's 5 per quest within 1, 003 L692)
    high = round(12 - 4 p)   (8-12: above a quest's sale for 8 doubloons, L1101;
                              doubled by Quest Hunters no more than a residence's 25)

Prints p, the derived and the data's VP per quest, and the winner's and the mean
final score with Student-t 95% intervals (the calibration report's
`winner_score_3p` and `final_score_3p`).

    .venv/bin/python benchmarks/pirates_quest_difficulty.py --games 30 --seed 0
    .venv/bin/python benchmarks/pirates_quest_difficulty.py --games 10 --data my_data --json out.json
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.agents.adapter import get_adapter  # noqa: E402
from maracaibo_env.calibration.runner import jobs  # noqa: E402
from maracaibo_env.pirates.core.scoring import quest_measures  # noqa: E402

NP = 3


def derived_vp(p_low: float, p_high: float) -> tuple[int, int]:
    """(low VP, high VP) of a condition met by shares p_low / p_high of the seats."""
    return math.floor(6 - 2 * p_low + 0.5), math.floor(12 - 4 * p_high + 0.5)


def t_interval(xs) -> tuple[float, float, float]:
    from scipy.stats import t
    m = statistics.mean(xs)
    h = t.ppf(0.975, len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.nan
    return m, m - h, m + h


def play(games: int, seed: int, agent: str, data) -> list[dict]:
    """Per game: the scores and, per seat, each quest's (low met, high met)."""
    ad = get_adapter("pirates")
    out = []
    t0 = time.time()
    for j in jobs("pirates", [NP], games, seed, agent, data_dir=data):
        r = ad.play_job(j)
        kw = {} if data is None else {"catalog": ad.load_catalog(data)}
        g = ad.game_class()(NP, seed=r.seed, **kw)
        for a in r.history:
            g.step(int(a))
        st, cat, qs = g.state, g._cat, g.catalog.data.quests.quest
        met = []
        for p in range(NP):
            row = []
            for i, q in enumerate(qs):
                x, y = quest_measures(st, cat, p, i)
                low, high = (all(v >= n for v, n in zip((x, y), c.need)) for c in (q.low, q.high))
                row.append((bool(low or high), bool(high)))
            met.append(row)
        out.append({"seed": r.seed, "scores": [int(s) for s in r.scores], "met": met})
        print(f"  game {len(out)}/{games}: {out[-1]['scores']} ({time.time() - t0:.0f} s)", file=sys.stderr)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="deals (default 30)")
    ap.add_argument("--seed", type=int, default=0, help="the seed the deals derive from (default 0)")
    ap.add_argument("--agent", default="strongest", help="the agent in every seat (default strongest)")
    ap.add_argument("--data", default=None, help="play with the Pirates data in this folder")
    ap.add_argument("--json", default=None, help="write the games and the per-quest rows here")
    a = ap.parse_args(argv)
    recs = play(a.games, a.seed, a.agent, a.data)
    qs = get_adapter("pirates").load_catalog(a.data).data.quests.quest
    seats = len(recs) * NP
    rows = []
    print(f"{'quest':24s} {'low':>9s} {'p':>5s} {'VP':>3s} {'now':>4s}   {'high':>9s} {'p':>5s} {'VP':>3s} {'now':>4s}")
    for i, q in enumerate(qs):
        pl = sum(r["met"][p][i][0] for r in recs for p in range(NP)) / seats
        ph = sum(r["met"][p][i][1] for r in recs for p in range(NP)) / seats
        lo, hi = derived_vp(pl, ph)
        rows.append({"key": q.key, "p_low": pl, "p_high": ph, "low_vp": lo, "high_vp": hi,
                     "data_low_vp": q.low.vp, "data_high_vp": q.high.vp})
        print(f"{q.key:24s} {str(q.low.need):>9s} {pl:5.0%} {lo:3d} {q.low.vp:4d}   "
              f"{str(q.high.need):>9s} {ph:5.0%} {hi:3d} {q.high.vp:4d}")
    print(f"mean derived VP: low {statistics.mean(r['low_vp'] for r in rows):.2f}, "
          f"high {statistics.mean(r['high_vp'] for r in rows):.2f}")
    for name, xs in (("winner", [max(r["scores"]) for r in recs]),
                     ("every seat", [s for r in recs for s in r["scores"]])):
        m, lo, hi = t_interval(xs)
        print(f"{name:10s} {m:6.1f} [{lo:.1f}, {hi:.1f}]  n = {len(xs)}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"games": recs, "quests": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Pirates: who ends the rounds, read from stored tournaments (no game is played).

For every solo line (an agent against jordan:<k>) of each tournament file:
deals, the agent's win share with a 95% Wilson interval counted over distinct
deals (the solo game's two seatings replay the same game, so the CLI's count
of games is twice the evidence), the mean VP of both sides, the share of the
rounds Jordan ends (his Maracaibo VP / 6 over the 3 rounds: each round ends
when a ship reaches Maracaibo, rulebook "Maracaibo"/END OF ROUND) and the
agent's turns per round.

    .venv/bin/python benchmarks/pirates_race.py /tmp/before_j0.sqlite /tmp/after_j0.sqlite
"""
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env.tournament.store import load_results  # noqa: E402

MARA_VP = 6          # MARA-02: reaching Maracaibo scores 6 VP
ROUNDS = 3


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def solo_rows(path):
    seen = set()
    rows = defaultdict(lambda: defaultdict(float))
    for r in load_results(path):
        j = next((i for i, s in enumerate(r.specs) if s.startswith("jordan:")), None)
        if j is None:
            continue
        h = 1 - j
        key = (r.specs[h], r.specs[j], r.seed)
        if key in seen:                       # the other seating: the same game
            continue
        seen.add(key)
        d = rows[(r.specs[h], r.specs[j])]
        d["n"] += 1
        d["win"] += h in r.winners
        d["vp_h"] += r.scores[h]
        d["vp_j"] += r.scores[j]
        d["j_ends"] += r.breakdown[j]["maracaibo"] / MARA_VP
        d["h_ends"] += r.breakdown[h]["maracaibo"] / MARA_VP
        d["h_turns"] += sum(r.turns[h]) / ROUNDS
    return rows


def main(paths):
    print(f"{'file':28} {'agent':14} {'Jordan':8} {'deals':>5} {'win':>6} {'Wilson 95%':>13} "
          f"{'VP agent':>8} {'VP Jordan':>9} {'J ends':>6} {'turns/rd':>8}")
    for path in paths:
        for (agent, jordan), d in sorted(solo_rows(path).items()):
            n = int(d["n"])
            lo, hi = wilson(d["win"], n)
            print(f"{os.path.basename(path):28} {agent:14} {jordan:8} {n:>5} {d['win'] / n:>6.1%} "
                  f"{lo:>6.1%}-{hi:.1%} {d['vp_h'] / n:>8.1f} {d['vp_j'] / n:>9.1f} "
                  f"{d['j_ends'] / (ROUNDS * n):>6.1%} {d['h_turns'] / n:>8.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])

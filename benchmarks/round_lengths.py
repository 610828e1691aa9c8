"""Turns per player per round, and purchases, for the heuristic agents.

    python benchmarks/round_lengths.py --games 200 [--players 1 2 3 4] [--workers 2]

The published facts say a round lasts 4 to 21 turns for a player (facts 20,
shared/data/maracaibo_published_facts.md); the map in data/board.toml is built
so that the fastest route needs 4 turns and the slowest 21. This script shows
what heuristic players (maracaibo_env/maracaibo/agents/heuristics.py) actually do on that map: for each
player count it plays --games games (line-ups of the five heuristics rotate
seat by seat; solo: each heuristic in turn against Jean at medium) and prints
a markdown table of turns per player per round (min / mean / max over every
player and round; rounds I-III and round IV apart), cards bought and prestige
investments per player per game, and mean final VP. Game g uses seed g.

A turn is counted when the engine ends one (state field TURN_COUNT); turns
pass clockwise and a new round starts with the player after the one who ended
the last, so the n-th ended turn belongs to the n-th player in seat order.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from maracaibo_env import Game  # noqa: E402
from maracaibo_env.maracaibo.core import layout as L  # noqa: E402
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.agents.heuristics import HEURISTICS, make_agent, act_with  # noqa: E402

NAMES = list(HEURISTICS)
_AGENTS: dict = {}


def _agent(name):
    if name not in _AGENTS:
        _AGENTS[name] = make_agent(name)
    return _AGENTS[name]


def play(job):
    """job = (players, seed) -> (turns[(round, seat)], bought[seat], invested[seat], vp[seat])."""
    players, seed = job
    seats = [NAMES[(seed + i) % len(NAMES)] for i in range(players)]
    g = Game(players, seed=seed, difficulty="medium") if players == 1 else Game(players, seed=seed)
    np_ = g.num_seats
    agents = [_agent(n) for n in seats]
    rng = np.random.default_rng(seed)
    turns: dict[tuple[int, int], int] = {}
    ended = int(g.state[K.G_TURN_COUNT])
    nxt = int(g.state[K.G_TURN_P])
    while not g.is_over:
        rnd = g.round
        g.step(act_with(agents[g.current_player], g, rng))
        new = int(g.state[K.G_TURN_COUNT]) - ended
        ended += new
        trigger = int(g.state[K.G_TRIGGER])
        for _ in range(new):   # the turns ended in this step, in seat order
            turns[(rnd, nxt)] = turns.get((rnd, nxt), 0) + 1
            if nxt == trigger and g.round != rnd:
                rnd = g.round  # the round ended with this turn
            nxt = (nxt + 1) % np_
    bought = [int(g.state[L.field_slice("TABLEAU_N", p)][0]) for p in range(np_)]
    invested = [bin(int(g.state[L.field_slice("PRESTIGE", p)][0])).count("1") for p in range(np_)]
    return turns, bought, invested, g.scores()


def summarize(players, results):
    early, last, bought, invested, vp, jean = [], [], [], [], [], []
    human = range(1) if players == 1 else range(players)
    for turns, b, inv, scores in results:
        for (rnd, p), n in turns.items():
            if p in human:
                (early if rnd <= 3 else last).append(n)
        bought += [b[p] for p in human]
        invested += [inv[p] for p in human]
        vp += [scores[p] for p in human]
        if players == 1:
            jean += [n for (rnd, p), n in turns.items() if p == 1]

    def mmm(xs):
        return f"{min(xs)} / {statistics.mean(xs):.1f} / {max(xs)}" if xs else "-"

    label = "solo (vs Jean, medium)" if players == 1 else f"{players} players"
    return (f"| {label} | {len(results)} | {mmm(early)} | {mmm(last)} | "
            f"{statistics.mean(bought):.1f} | {statistics.mean(invested):.2f} | "
            f"{statistics.mean(vp):.0f} | {mmm(jean)} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per player count")
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    t0 = time.time()
    print("| players | games | turns per round I-III (min / mean / max) | round IV | "
          "cards bought | prestige investments | mean VP | Jean's turns per round |")
    print("|---|---:|---|---|---:|---:|---:|---|")
    for players in args.players:
        jobs = [(players, g) for g in range(args.games)]
        if args.workers > 1:
            with Pool(args.workers) as pool:
                results = pool.map(play, jobs, chunksize=8)
        else:
            results = [play(j) for j in jobs]
        print(summarize(players, results), flush=True)
    print(f"\n({time.time() - t0:.0f} s; per player and game: cards bought = tableau size, "
          "mean VP of the heuristic seats)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

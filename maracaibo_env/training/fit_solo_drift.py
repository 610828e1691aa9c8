"""Refit maracaibo_env/maracaibo/agents/mcts.py SOLO_DRIFT for the current game data.

The Maracaibo search's solo leaf is the heuristic evaluation (SOLO_LEAF's
weights) less its measured drift: SOLO_DRIFT[level, round, k] is the mean of
(evaluation - final VP margin over Jean) at round progress k / 4, linear
between the knots, fitted by least squares on heuristic solo games (seeds
5000+, ship_income / balanced / explorer_quests in turn). The drift depends on
the data (card VP and income move the evaluation's level), so it is refitted
whenever the data changes (it was for issue 25's calibration):

    python -m maracaibo_env.training.fit_solo_drift --games 60      # prints the table to paste
"""
from __future__ import annotations

import argparse

import numpy as np

from maracaibo_env.maracaibo.agents import mcts as M
from maracaibo_env.maracaibo.agents.heuristics import act_with, make_agent
from maracaibo_env.maracaibo.game import Game
from maracaibo_env.maracaibo.core import constants as L

LEVELS = ("very_easy", "easy", "medium", "hard", "very_hard")
PLAYERS = ("ship_income", "balanced", "explorer_quests")
KNOTS = 5


def _samples(level: str, games: int, seed: int):
    """(level index, round, progress, evaluation - final margin) of every decision."""
    ad = M.MCTSAgent.adapter
    zero = np.zeros((len(LEVELS), 5, KNOTS))
    ramp = np.tile(np.linspace(0.0, 1.0, KNOTS), (len(LEVELS), 5, 1))   # solo_drift -> progress
    out = np.zeros(L.MAX_P)
    rows = []
    for i in range(games):
        g = Game(1, seed=seed + i, difficulty=level)
        rng, agent = np.random.default_rng(seed + i), make_agent(PLAYERS[i % len(PLAYERS)])
        t = ad._solo_eval.tables(g.catalog)
        lvl = int(g.state[L.G_DIFFICULTY])
        game_rows = []
        while not g.state[L.G_OVER]:
            M._values(g.state, g._cat, t[0], t[6], t[7], t[8], t[3], t[9], zero, out)
            rnd = min(max(int(g.state[L.G_ROUND]), 1), 4)
            game_rows.append((rnd, M.solo_drift(g.state, g._cat, ramp), 100.0 * out[0]))
            g.step(act_with(agent, g, rng))
        margin = float(g.state[L.PLAYERS + L.P_VP] - g.state[L.PLAYERS + L.PLAYER_SIZE + L.P_VP])
        rows += [(lvl, r, p, e - margin) for r, p, e in game_rows]
    return rows


def fit(games: int = 60, seed: int = 5000) -> np.ndarray:
    drift = np.zeros((len(LEVELS), 5, KNOTS))
    for level in LEVELS:
        rows = np.array(_samples(level, games, seed))
        lvl = int(rows[0, 0])
        for rnd in range(1, 5):
            r = rows[rows[:, 1] == rnd]
            x = r[:, 2] * (KNOTS - 1)
            basis = np.maximum(0.0, 1.0 - np.abs(x[:, None] - np.arange(KNOTS)[None, :]))   # hat functions
            drift[lvl, rnd] = np.linalg.lstsq(basis, r[:, 3], rcond=None)[0]
    return drift


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=60, help="solo games per level (default 60)")
    p.add_argument("--seed", type=int, default=5000, help="first deal's seed (default 5000)")
    a = p.parse_args(argv)
    d = np.rint(fit(a.games, a.seed)).astype(int)
    print("SOLO_DRIFT = np.array([\n    [[0.0] * 5] + r for r in (")
    for lvl in range(len(LEVELS)):
        print("        [" + ", ".join(str([int(v) for v in d[lvl, r]]) for r in range(1, 5)) + "],")
    print("    )],\n    np.float64)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

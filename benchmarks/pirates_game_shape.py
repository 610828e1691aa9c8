"""The shape of Pirates of Maracaibo games between the heuristics: turns per
player per round, decisions per game, final scores and VP by source per
strategy, seconds per game. Compare with the rulebook (25 minutes per
player) and the published score figure (a 3-player game: winner about 255,
the others about 200; pirates_published_facts.md F3.4).

    python benchmarks/pirates_game_shape.py --players 3 --games 60 [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from maracaibo_env.pirates.agents.heuristics import STRATEGIES, play_game  # noqa: E402
from maracaibo_env.pirates.core.layout import LAYOUT, VP_SOURCES  # noqa: E402


def shape(players: int, games: int, seed: int = 0) -> dict:
    names = list(STRATEGIES)
    per = {s: {"games": 0, "wins": 0.0, "score": [], "src": np.zeros(len(VP_SOURCES))} for s in names}
    turns, rounds_turns, steps, secs, winners = [], [], [], [], []
    for g_i in range(games):
        seats = [names[(g_i + k) % len(names)] for k in range(players)]   # rotate seats
        t = time.perf_counter()
        g = play_game(players, seed + g_i, seats, agent_seed=seed + g_i + 1)
        secs.append(time.perf_counter() - t)
        w = g.winners()
        for p, s in enumerate(seats):
            d = per[s]
            d["games"] += 1
            d["wins"] += (p in w) / len(w)
            d["score"].append(g.scores()[p])
            d["src"] += np.array(list(g.score_breakdown()[p].values()))
        t_p = [int(g.state[LAYOUT.field_slice("TURNS", p)][0]) for p in range(players)]
        turns.append(np.mean(t_p))
        steps.append(int(g.state[LAYOUT.glob["STEPS"][0]]))
        winners.append(max(g.scores()))
    out = {"players": players, "games": games,
           "turns_per_player": float(np.mean(turns)), "turns_per_player_per_round": float(np.mean(turns) / 3),
           "decisions_per_game": float(np.mean(steps)), "winner_score_mean": float(np.mean(winners)),
           "seconds_per_game": float(np.mean(secs)), "strategies": {}}
    for s, d in per.items():
        if d["games"]:
            out["strategies"][s] = {"games": d["games"], "win_share": d["wins"] / d["games"],
                                    "score_mean": float(np.mean(d["score"])),
                                    "vp_by_source": {k: round(v / d["games"], 1)
                                                     for k, v in zip(VP_SOURCES, d["src"]) if v}}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    a = ap.parse_args(argv)
    r = shape(a.players, a.games, a.seed)
    from rich.console import Console
    from rich.table import Table
    c = Console()
    c.print(f"{a.players} players, {a.games} games: {r['turns_per_player_per_round']:.1f} turns per player "
            f"per round, {r['decisions_per_game']:.0f} decisions a game, winners score "
            f"{r['winner_score_mean']:.0f} on average, {r['seconds_per_game']:.3f} s a game")
    t = Table(title="VP by source, mean per game")
    t.add_column("source")
    for s in r["strategies"]:
        t.add_column(s, justify="right")
    for src in VP_SOURCES:
        vals = [r["strategies"][s]["vp_by_source"].get(src, 0) for s in r["strategies"]]
        if any(vals):
            t.add_row(src, *[f"{v:.1f}" for v in vals])
    t.add_section()
    t.add_row("total", *[f"{r['strategies'][s]['score_mean']:.1f}" for s in r["strategies"]])
    t.add_row("win share", *[f"{r['strategies'][s]['win_share']:.0%}" for s in r["strategies"]])
    c.print(t)
    if a.json:
        Path(a.json).write_text(json.dumps(r, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

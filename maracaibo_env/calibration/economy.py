"""The economy experiment (issue 37, docs/calibration.md "The economy
experiment"): do our players leave the rulebook example's economy on the
table, or do the cards not give it?

Each challenger plays 2-player duplicate games against the reference player
(`tuned`, the game's `strongest` at 2 players) on fresh deals (seeds no agent
was tuned on), in both seat orders, and every seat's economy is read round by
round from a re-run of the game: doubloon and VP income after each interim
scoring and at the end, income cards bought, doubloons spent, synergy tokens
and turns. The challengers:

* ``tuned`` itself (the baseline: the same player in both seats);
* ``tuned_4x``: tuned with 4x its lookahead (``depth`` 48 own decisions
  instead of 12: the budget a heuristic has);
* ``income_first`` / ``_3x`` / ``_5x``: tuned with its two income weights
  (doubloon and VP income) 2x / 3x / 5x: a player that buys income early;
* ``patient`` / ``patient_income``: tuned (and income_first_3x) with 3x the
  cost of a movement point: a player that sails less far, for longer rounds
  (more turns to spend its income in);
* ``mcts`` / ``mcts_4x``: the search at its default 1,000 iterations and at 4x.

    python -m maracaibo_env.calibration.economy --deals 200 --out docs/economy
    python -m maracaibo_env.calibration.economy --deals 200 --data calibrated

The rulebook's example player (000 L634, L716) is an illustration shown
beside the figures, never a target.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

#: the 2-player reference and the challengers: name -> (agent factory keyword arguments)
PLAYERS = {
    "tuned": {},
    "tuned_4x": {"depth": 48},
    "income_first": {"doubloon_income": 2.0, "vp_income": 2.0},
    "income_first_3x": {"doubloon_income": 3.0, "vp_income": 3.0},
    "income_first_5x": {"doubloon_income": 5.0, "vp_income": 5.0},
    # income_first_5x that also seeks synergy tokens and prestige (the crown): the
    # conditional incomes a token unlocks are the cheapest income of the decks
    "income_plan": {"doubloon_income": 5.0, "vp_income": 5.0, "synergy": 3.0, "prestige": 2.0},
    "patient": {"mp_cost": 3.0},
    "patient_income": {"mp_cost": 3.0, "doubloon_income": 3.0, "vp_income": 3.0},
    # the search (1,000 iterations) and at 4x its budget: agent specs
    "mcts": "mcts",
    "mcts_4x": "mcts:iters=4000",
}
#: the rulebook example's economy (illustrations, 000 L634 and L716)
EXAMPLE = {"doubloon_income_interim": 12, "vp_income_interim": 3, "doubloon_income_end": 23,
           "vp_income_end": 9}
#: fresh deals: no agent was tuned or chosen on seeds from here
SEED_BASE = 7_000_000


def make_player(name: str):
    """A tuned variant (keyword arguments of TunedAgent) or an agent spec."""
    from maracaibo_env.maracaibo.agents.heuristics import TunedAgent
    from maracaibo_env.agents.registry import make_agent
    how = PLAYERS[name]
    return make_agent(how, game="maracaibo") if isinstance(how, str) else TunedAgent(**how)


def income_cards(catalog) -> np.ndarray:
    """A flag per card id: the card has a doubloon- or VP-income effect."""
    cards = {c["key"]: c for c in catalog.raw["cards"]["card"]}
    return np.array([any(e["kind"] in ("income_doubloons", "income_vp") for e in cards[k]["effects"])
                     for k in catalog.card_keys], bool)


def play_one(names: tuple[str, str], seed: int, catalog, agents) -> dict:
    """One 2-player game; each seat's economy by round (1-4: the interims after
    rounds 1-3 and the end), its score and whether it won."""
    from maracaibo_env.maracaibo.match import play_match
    from maracaibo_env.maracaibo.game import Game
    result = play_match(["tuned", "tuned"], seed, catalog=catalog, record_history=True,   # agents below play
                        agents=[agents[n] for n in names], engine="python")
    g = Game(2, seed=seed, catalog=catalog)
    is_income = income_cards(catalog)
    rounds = 4
    spent = np.zeros((2, rounds + 1), int)
    out = {"seats": list(names), "scores": list(result.scores), "winners": list(result.winners),
           "turns": result.turns, "by_round": [[None] * rounds for _ in range(2)]}

    def read(p):
        d = g.LAYOUT.describe(g.state, all_players=True)["players"][p]
        tableau = [int(c) for c in d["TABLEAU"]][:int(d["TABLEAU_N"])]
        return {"doubloon_income": int(d["DINC"]), "vp_income": int(d["VINC"]),
                "cards": len(tableau), "income_cards": int(sum(is_income[c] for c in tableau)),
                "synergy": bin(int(d["SYNERGY"])).count("1"), "doubloons": int(d["DOUBLOONS"]),
                "vp": int(d["VP"])}

    held = [read(p)["doubloons"] for p in range(2)]
    rnd = g.round
    for a in result.history:
        g.step(int(a))
        now = [int(g.LAYOUT.describe(g.state, all_players=True)["players"][p]["DOUBLOONS"])
               for p in range(2)] if not g.is_over else held
        for p in range(2):
            spent[p, min(g.round, rounds)] += max(0, held[p] - now[p])
        held = now
        if g.round != rnd or g.is_over:
            k = rounds - 1 if g.is_over else rnd - 1
            for p in range(2):
                out["by_round"][p][k] = {**read(p), "spent": int(spent[p, :k + 2].sum())}
            rnd = g.round
    return out


_WORKER: dict = {}


def _play_job(job) -> dict:
    """One game in a worker process (its agents and catalog made once there)."""
    c, d, swap, data_dir = job
    from maracaibo_env.maracaibo.catalog import load_catalog
    from maracaibo_env.tournament.formats import deal_seed
    if "catalog" not in _WORKER:
        _WORKER["catalog"] = load_catalog(data_dir)
        _WORKER["agents"] = {}
    agents = _WORKER["agents"]
    for n in ("tuned", c):
        if n not in agents:
            agents[n] = make_player(n)
    names = ("tuned", c) if not swap else (c, "tuned")
    game = play_one(names, deal_seed(SEED_BASE, d), _WORKER["catalog"], agents)
    game.update(challenger=c, deal=d, seat=1 if not swap else 0)   # the challenger's seat
    return game


def run(deals: int, challengers, data_dir=None, progress: bool = True, workers: int = 1) -> list[dict]:
    """Every challenger against `tuned` on `deals` deals, both seat orders, in job order."""
    todo = [(c, d, swap, data_dir) for c in challengers for d in range(deals) for swap in (False, True)]
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    games = [None] * len(todo)
    with Progress(TextColumn("economy games"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  disable=not progress) as bar:
        task = bar.add_task("games", total=len(todo))
        if workers <= 1:
            for i, job in enumerate(todo):
                games[i] = _play_job(job)
                bar.advance(task)
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed
            with ProcessPoolExecutor(workers) as pool:
                futures = {pool.submit(_play_job, job): i for i, job in enumerate(todo)}
                for f in as_completed(futures):
                    games[futures[f]] = f.result()
                    bar.advance(task)
    return games


def summarise(games: list[dict]) -> dict:
    """Per challenger: its win share against tuned (Wilson 95%) and each player's
    economy by round (means with Student-t 95% intervals)."""
    from maracaibo_env.balance.stats import mean_ci
    from maracaibo_env.tournament.ratings import wilson
    out = {}
    for c in dict.fromkeys(g["challenger"] for g in games):
        mine = [g for g in games if g["challenger"] == c]
        seat = [g["seat"] for g in mine]
        wins = sum((s in g["winners"]) / len(g["winners"]) for g, s in zip(mine, seat))
        lo, hi = wilson(wins, len(mine))
        rounds = []
        for k in range(4):
            row = {}
            for key in ("doubloon_income", "vp_income", "cards", "income_cards", "spent", "synergy", "vp"):
                ci = mean_ci([g["by_round"][s][k][key] for g, s in zip(mine, seat)])
                row[key] = [ci["mean"], ci["lo"], ci["hi"]]
            ci = mean_ci([g["turns"][s][k] for g, s in zip(mine, seat)])
            row["turns"] = [ci["mean"], ci["lo"], ci["hi"]]
            rounds.append(row)
        score = mean_ci([g["scores"][s] for g, s in zip(mine, seat)])
        out[c] = {"games": len(mine), "win": wins / len(mine), "win_lo": lo, "win_hi": hi,
                  "score": score["mean"], "by_round": rounds, **reach(mine, seat)}
    return out


def reaches(game: dict, seat: int) -> tuple[bool, bool]:
    """Whether a seat reached the rulebook's interim example (doubloon and VP
    income at least 12 and 3 after one interim scoring) and its final one (23
    and 9 at the end)."""
    rounds = game["by_round"][seat]
    interim = any(r["doubloon_income"] >= EXAMPLE["doubloon_income_interim"]
                  and r["vp_income"] >= EXAMPLE["vp_income_interim"] for r in rounds[:3])
    end = rounds[3]["doubloon_income"] >= EXAMPLE["doubloon_income_end"] and \
        rounds[3]["vp_income"] >= EXAMPLE["vp_income_end"]
    return interim, end


def reach(games: list[dict], seats: list[int]) -> dict:
    """The share of games reaching each example (Wilson 95%) and the median
    incomes after interim III and at the end: a worked example is a lower bound
    of what the game allows, so it is reported beside the medians, never fitted."""
    from maracaibo_env.tournament.ratings import wilson
    hits = [reaches(g, s) for g, s in zip(games, seats)]
    out = {}
    for i, name in enumerate(("reach_interim", "reach_end")):
        k = sum(h[i] for h in hits)
        lo, hi = wilson(k, len(hits))
        out[name] = [k / len(hits), lo, hi]
    for k, label in ((2, "interim3"), (3, "end")):
        for key in ("doubloon_income", "vp_income"):
            out[f"median_{key}_{label}"] = float(np.median([g["by_round"][s][k][key] for g, s in zip(games, seats)]))
    return out


def markdown(summary: dict, meta: str) -> str:
    keys = [("doubloon_income", "doubloon income"), ("vp_income", "VP income"),
            ("income_cards", "income cards"), ("cards", "cards"), ("spent", "doubloons spent"),
            ("synergy", "synergy tokens"), ("turns", "turns that round")]
    lines = [meta, "", "| player | games | wins vs tuned [95%] | mean score | reaches the interim example "
                       "[95%] | reaches the final example [95%] | median income after interim III | "
                       "median income at the end |", "|---|---:|---|---:|---|---|---|---|"]
    for c, s in summary.items():
        ri, re_ = s["reach_interim"], s["reach_end"]
        lines.append(f"| {c} | {s['games']} | {100 * s['win']:.1f}% [{100 * s['win_lo']:.1f}, "
                     f"{100 * s['win_hi']:.1f}] | {s['score']:.1f} | {100 * ri[0]:.1f}% [{100 * ri[1]:.1f}, "
                     f"{100 * ri[2]:.1f}] | {100 * re_[0]:.1f}% [{100 * re_[1]:.1f}, {100 * re_[2]:.1f}] | "
                     f"{s['median_doubloon_income_interim3']:g} / {s['median_vp_income_interim3']:g} | "
                     f"{s['median_doubloon_income_end']:g} / {s['median_vp_income_end']:g} |")
    for c, s in summary.items():
        lines += ["", f"**{c}** (means by round; after round k's interim scoring, round 4 = the end):", "",
                  "| | " + " | ".join(f"round {k + 1}" for k in range(4)) + " |", "|---|" + "---:|" * 4]
        for key, label in keys:
            cells = [f"{r[key][0]:.1f}" for r in s["by_round"]]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines += ["", f"Rulebook example (illustration, 000 L634 / L716): doubloon income "
                  f"{EXAMPLE['doubloon_income_interim']} and VP income {EXAMPLE['vp_income_interim']} at an "
                  f"interim (round not named), {EXAMPLE['doubloon_income_end']} and "
                  f"{EXAMPLE['vp_income_end']} at the end."]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m maracaibo_env.calibration.economy",
        description="The economy experiment: challengers against tuned in 2-player duplicate games, "
                    "each seat's economy by round.",
        epilog="example:\n  python -m maracaibo_env.calibration.economy --deals 200 --out runs/economy",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=100, help="deals per challenger (x2 seat orders)")
    p.add_argument("--players", default=",".join(PLAYERS), help=f"challengers (of {', '.join(PLAYERS)})")
    p.add_argument("--data", default=None, help="a data folder or data set (default: the shipped data)")
    p.add_argument("--out", default=None, help="folder for economy.json and economy.md")
    p.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    p.add_argument("--no-progress", dest="progress", action="store_false")
    a = p.parse_args(argv)
    challengers = [x.strip() for x in a.players.split(",") if x.strip()]
    bad = [x for x in challengers if x not in PLAYERS]
    if bad or a.deals < 1 or a.workers < 1:
        print(f"economy: unknown player {bad[0]!r}; allowed: {', '.join(PLAYERS)}" if bad
              else "economy: --deals and --workers must be at least 1", file=sys.stderr)
        return 2
    t0 = time.time()
    games = run(a.deals, challengers, a.data, a.progress, a.workers)
    summary = summarise(games)
    meta = (f"{a.deals} deals x 2 seat orders per challenger, 2 players, seeds from {SEED_BASE}, "
            f"data {a.data or 'shipped'}, {time.time() - t0:.0f} s")
    text = markdown(summary, meta)
    print(text)
    if a.out:
        out = Path(a.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / "economy.json").write_text(json.dumps({"meta": meta, "summary": summary}, indent=1))
        (out / "economy.md").write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

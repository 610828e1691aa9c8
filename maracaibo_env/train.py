"""The reference learning curve: MaskablePPO climbs the opponent ladder.

    python -m maracaibo_env.train --minutes 30 --out runs/curve        # needs the `train` extra
    python -m maracaibo_env.train --minutes 1 --eval-deals 20 --out /tmp/curve   # a quick look

sb3-contrib's MaskablePPO learns Maracaibo (2 players, its seat drawn per
game) on the vector env (`sb3_vec_env`, float observations, win/loss
reward) against a `Curriculum` over the opponent ladder
(maracaibo_env.ladder): each new game is played against the current rung
(or, 20% of games, a lower one), and the learner moves up once it wins
--promote of the last --window games against it.

Every --eval-every learner steps the policy (greedy) plays --eval-deals
fresh deals against each rung up to two above the current one (seeds from
10**9 on, never used in training), each deal once in every seat (duplicate
play), and the win rate is recorded with a 95% Wilson interval (a shared first place
counts 1/k). A rung is *beaten* at the first evaluation whose interval lies
above 50%.

Writes into --out: curve.csv (one row per evaluation and rung), curve.json
(the settings, the rows, the curriculum's promotions, when each rung was
beaten: learner steps and training minutes), curve.png (win rate against
each rung over training time) and model.zip. Training time excludes the
evaluations; wall time includes them.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

EVAL_SEED = 10**9          # evaluation deals start here: far from any training seed


@dataclass
class TrainConfig:
    """The settings of one run (stored in curve.json)."""
    minutes: float = 30.0          # training time budget (evaluations not counted)
    steps: int = 0                 # learner steps budget (0: only --minutes)
    players: int = 2
    n_envs: int = 256
    n_steps: int = 64              # PPO rollout length per env
    batch_size: int = 2048
    n_epochs: int = 4
    learning_rate: float = 3e-4
    ent_coef: float = 0.01
    net: tuple = (256, 256)
    promote: float = 0.6
    window: int = 400
    review: float = 0.2
    eval_every: int = 200_000
    eval_deals: int = 50           # deals per rung and evaluation, each played in every seat
    eval_above: int = 2            # rungs above the current one that are evaluated
    seed: int = 0
    threads: int = 0               # torch and numba threads (0: leave as is)
    rungs: list = field(default_factory=list)


@dataclass
class EvalRow:
    steps: int
    train_minutes: float
    wall_minutes: float
    level: int
    rung: int
    opponent: str
    games: int
    credit: float
    win_rate: float
    low: float
    high: float


def _wilson(credit: float, n: int) -> tuple[float, float]:
    from .tournament.ratings import wilson
    return wilson(credit, n)


def evaluate(model, opponent: str, deals: int, seed: int, num_players: int = 2) -> tuple[float, int]:
    """(the policy's win credit, games): `deals` deals from `seed` on, each
    played once with the learner in every seat (duplicate play), greedy
    actions; credit 1 a sole win, 1/k a k-way shared first place."""
    from .maracaibo.vector import LearnerGames
    total = 0.0
    for seat in range(num_players):
        v = LearnerGames(deals, num_players=num_players, opponents=opponent, learner_seat=seat,
                         seed=seed, obs_type="float")
        got = np.full(deals, np.nan)
        obs = v.observations()
        while np.isnan(got).any():
            acts, _ = model.predict(obs, action_masks=v.action_masks(), deterministic=True)
            obs, _, done, infos = v.step(np.asarray(acts, np.int64))
            for i in np.flatnonzero(done & np.isnan(got)):
                scores = np.asarray(infos[i]["scores"])
                best = scores.max()
                got[i] = 1.0 / (scores == best).sum() if scores[seat] == best else 0.0
        total += float(got.sum())
    return total, deals * num_players


def _plot(rows: list[EvalRow], rungs: list[str], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (ax, lv) = plt.subplots(2, 1, figsize=(9, 6.5), sharex=True,
                                 gridspec_kw={"height_ratios": [3, 1]})
    cmap = plt.get_cmap("viridis")
    for r, name in enumerate(rungs):
        pts = [x for x in rows if x.rung == r]
        if not pts:
            continue
        t = [x.train_minutes for x in pts]
        c = cmap(r / max(1, len(rungs) - 1))
        ax.plot(t, [x.win_rate for x in pts], "o-", ms=3, color=c, label=f"{r}: {name}")
        ax.fill_between(t, [x.low for x in pts], [x.high for x in pts], color=c, alpha=0.15)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(-0.02, 1.02)
    ax.set_ylabel("win rate vs rung (95% Wilson)")
    ax.set_title("MaskablePPO on Maracaibo (2 players) climbing the opponent ladder")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, title="rung")
    evals = sorted({(x.train_minutes, x.level) for x in rows})
    lv.step([e[0] for e in evals], [e[1] for e in evals], where="post")
    lv.set_ylabel("curriculum rung")
    lv.set_xlabel("training minutes (evaluations excluded), this machine")
    lv.set_ylim(-0.5, len(rungs) - 0.5)
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def beaten(rows: list[EvalRow], rungs: list[str]) -> list[dict]:
    """Per rung: the first evaluation whose Wilson interval lies above 50% (or None)."""
    out = []
    for r, name in enumerate(rungs):
        first = next((x for x in rows if x.rung == r and x.low > 0.5), None)
        out.append({"rung": r, "opponent": name,
                    "steps": first.steps if first else None,
                    "train_minutes": round(first.train_minutes, 2) if first else None,
                    "win_rate": first.win_rate if first else None})
    return out


def train(cfg: TrainConfig, out: Path, progress: bool = True) -> dict:
    """Run the curve (see the module docstring); returns what curve.json holds."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as e:  # the core installs without them
        raise SystemExit(f"maracaibo_env.train needs the train extra (pip install -e '.[train]'): {e}")
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from .framework.curriculum import Curriculum
    from .ladder import ladder
    from .maracaibo.vector import sb3_vec_env

    out.mkdir(parents=True, exist_ok=True)
    if cfg.threads:
        import numba
        torch.set_num_threads(cfg.threads)
        numba.set_num_threads(min(cfg.threads, numba.config.NUMBA_NUM_THREADS))
    rungs = cfg.rungs or ladder("maracaibo")
    cfg.rungs = list(rungs)
    curriculum = Curriculum(rungs, promote=cfg.promote, window=cfg.window, review=cfg.review,
                            seed=cfg.seed)
    env = sb3_vec_env(cfg.n_envs, num_players=cfg.players, opponents=curriculum, seed=cfg.seed,
                      obs_type="float")
    model = MaskablePPO("MlpPolicy", env, n_steps=cfg.n_steps, batch_size=cfg.batch_size,
                        n_epochs=cfg.n_epochs, learning_rate=cfg.learning_rate, ent_coef=cfg.ent_coef,
                        policy_kwargs={"net_arch": list(cfg.net)}, seed=cfg.seed, verbose=0)
    rows: list[EvalRow] = []
    clock = {"train": 0.0, "start": time.perf_counter(), "since": time.perf_counter(), "next": 0}
    budget_s = cfg.minutes * 60.0

    def run_eval(steps: int) -> None:
        clock["train"] += time.perf_counter() - clock["since"]
        top = min(len(rungs) - 1, curriculum.level + cfg.eval_above)
        for r in range(top + 1):
            credit, games = evaluate(model, rungs[r], cfg.eval_deals, EVAL_SEED + 7919 * r, cfg.players)
            lo, hi = _wilson(credit, games)
            rows.append(EvalRow(steps, clock["train"] / 60, (time.perf_counter() - clock["start"]) / 60,
                                curriculum.level, r, rungs[r], games, credit, credit / games, lo, hi))
        clock["since"] = time.perf_counter()

    with Progress(TextColumn("[bold]training[/] {task.description}"), BarColumn(),
                  TextColumn("{task.percentage:>3.0f}%"), TimeElapsedColumn(), TimeRemainingColumn(),
                  disable=not progress, transient=False) as bar:
        task = bar.add_task("", total=budget_s)

        class Clock(BaseCallback):
            def _on_step(self) -> bool:
                steps = self.num_timesteps
                if steps >= clock["next"]:
                    run_eval(steps)
                    clock["next"] = steps + cfg.eval_every
                    last = [x for x in rows if x.steps == rows[-1].steps]
                    bar.update(task, description=f"rung {curriculum.level}/{len(rungs) - 1}, "
                               f"{steps:,} steps, vs current "
                               + next((f"{x.win_rate:.0%}" for x in last if x.rung == curriculum.level), "-"))
                used = clock["train"] + time.perf_counter() - clock["since"]
                bar.update(task, completed=min(used, budget_s))
                return used < budget_s and not (cfg.steps and steps >= cfg.steps)

        model.learn(total_timesteps=cfg.steps or 10**12, callback=Clock())
        run_eval(model.num_timesteps)
    model.save(out / "model.zip")
    result = {"config": asdict(cfg), "rows": [asdict(x) for x in rows],
              "promotions": [{"games": g, "level": lv} for g, lv in curriculum.promotions],
              "beaten": beaten(rows, rungs), "steps": int(model.num_timesteps),
              "train_minutes": round(clock["train"] / 60, 2),
              "wall_minutes": round((time.perf_counter() - clock["start"]) / 60, 2)}
    (out / "curve.json").write_text(json.dumps(result, indent=1))
    with open(out / "curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(asdict(rows[0])))
        w.writeheader()
        w.writerows(asdict(x) for x in rows)
    _plot(rows, rungs, out / "curve.png")
    return result


def _table(result: dict) -> str:
    lines = ["| rung | opponent | beaten after (learner steps) | training minutes | win rate then |",
             "|---:|---|---:|---:|---:|"]
    for b in result["beaten"]:
        lines.append(f"| {b['rung']} | `{b['opponent']}` | "
                     + (f"{b['steps']:,} | {b['train_minutes']} | {b['win_rate']:.0%} |" if b["steps"] is not None
                        else "not beaten | - | - |"))
    return "\n".join(lines)


def main(argv=None) -> int:
    d = TrainConfig()
    p = argparse.ArgumentParser(
        prog="python -m maracaibo_env.train", description=__doc__.split("\n\n")[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  python -m maracaibo_env.train --minutes 30 --out runs/curve\n"
               "  python -m maracaibo_env.train --minutes 1 --eval-deals 20 --eval-every 50000 --out /tmp/curve\n")
    p.add_argument("--out", required=True, help="folder for curve.csv, curve.json, curve.png, model.zip")
    p.add_argument("--minutes", type=float, default=d.minutes, help=f"training time (default {d.minutes})")
    p.add_argument("--steps", type=int, default=0, help="stop after this many learner steps (0: no limit)")
    p.add_argument("--n-envs", type=int, default=d.n_envs, help=f"games stepped together (default {d.n_envs})")
    p.add_argument("--eval-every", type=int, default=d.eval_every,
                   help=f"learner steps between evaluations (default {d.eval_every:,})")
    p.add_argument("--eval-deals", type=int, default=d.eval_deals,
                   help=f"deals per rung and evaluation, each played in every seat "
                        f"(default {d.eval_deals})")
    p.add_argument("--promote", type=float, default=d.promote,
                   help=f"window win rate that moves the learner up a rung (default {d.promote})")
    p.add_argument("--window", type=int, default=d.window, help=f"games in that window (default {d.window})")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=0, help="torch and numba threads (default: as they are)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    a = p.parse_args(argv)
    for name in ("minutes", "n_envs", "eval_every", "eval_deals", "window"):
        if getattr(a, name) <= 0:
            p.error(f"--{name.replace('_', '-')} must be > 0")
    if not 0 < a.promote <= 1:
        p.error("--promote must be in (0, 1]")
    cfg = TrainConfig(minutes=a.minutes, steps=a.steps, n_envs=a.n_envs, eval_every=a.eval_every,
                      eval_deals=a.eval_deals, promote=a.promote, window=a.window, seed=a.seed,
                      threads=a.threads)
    result = train(cfg, Path(a.out), progress=not a.no_progress)
    print(f"{result['steps']:,} learner steps in {result['train_minutes']} training minutes "
          f"({result['wall_minutes']} wall); curve in {a.out}/curve.png")
    print(_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

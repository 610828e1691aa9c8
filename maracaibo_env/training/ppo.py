"""MaskablePPO on a game's vector env: the reference learning curve, or any fixed opponents.

    python -m maracaibo_env.training.ppo --minutes 30 --out runs/curve        # needs the `train` extra
    python -m maracaibo_env.training.ppo --minutes 1 --eval-deals 20 --out /tmp/curve   # a quick look
    python -m maracaibo_env.training.ppo --opponent random --steps 50000 --out runs/random
    python -m maracaibo_env.training.ppo --opponent jean:medium --reward vp_margin --out runs/solo
    python -m maracaibo_env.training.ppo --game pirates --minutes 10 --out runs/pirates-curve

sb3-contrib's MaskablePPO learns Maracaibo (or, with --game pirates, Pirates of
Maracaibo) on the game's vector env (`sb3_vec_env`:
N games stepped together, the opponents played inside numba, the learner's
seat drawn per game unless --learner-seat) with a win/loss reward (or
--reward vp_margin). The opponents (--opponent) are agent specs read by the
agent registry: "curriculum" (default) climbs the opponent ladder
(maracaibo_env.agents.ladder): each new game is played against the current
rung (or, 20% of games, a lower one), and the learner moves up once it wins
--promote of the last --window games against it; a spec the compiled engine plays
("random", "balanced", "balanced:eps=0.3:depth=0", ...) is every opponent,
comma-separated specs one per opponent (in seat order after the learner; with
a fixed --learner-seat); the solo opponent ("jean:<level>", Pirates'
"jordan:<0-6>") is a solo game
(--players 1 implied). Observations go through --obs-transform (default
"scaled": the envs' own float observation; see maracaibo_env.training.wrappers).

Every --eval-every learner steps the policy (greedy) plays --eval-deals fresh
deals (seeds from 10**9 on, never used in training), each deal once in every
seat (duplicate play), against each rung up to two above the current one (a
fixed line-up: against it), and the win rate is recorded with a 95% Wilson
interval (a shared first place counts 1/k). A rung is *beaten* at the first
evaluation whose interval lies above 50%. After training the same deals
against the final opponent (the current rung, or the fixed line-up) are
played by the greedy policy, by a sample from it (--eval-mode) and, as the
bar to clear, by a uniformly random legal policy (unless --no-baseline).

Writes into --out: curve.csv (one row per evaluation and rung), curve.json
(the settings, the rows, the curriculum's promotions, when each rung was
beaten: learner steps and training minutes, the final evaluation), curve.png
(win rate against each rung over training time) and model.zip. The curve files
are rewritten after every evaluation ("complete": false until the end; the plot
at most every 30 s) and before the model is saved, so a run that is killed or fails late keeps its
curve. A rung never evaluated reads "not evaluated", not "not beaten".
Training time excludes the evaluations; wall time includes them.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import numpy as np

from .wrappers import GAME, OBS_TRANSFORMS, env_config, opponent_specs

EVAL_SEED = 10**9          # evaluation deals start here: far from any training seed
CURRICULUM = "curriculum"  # the --opponent that climbs the opponent ladder
PLOT_EVERY_S = 30.0        # curve.png is redrawn at most this often during training (and at the end)
EVAL_MODES = ("both", "deterministic", "stochastic")


@dataclass
class TrainConfig:
    """The settings of one run (stored in curve.json)."""
    game: str = GAME               # a registered game with a vector env (registry GameInfo.vector)
    minutes: float = 30.0          # training time budget (evaluations not counted)
    steps: int = 0                 # learner steps budget, whole rollouts (0: only --minutes)
    players: int | None = None     # None: 1 for the solo opponent, else 2
    opponent: str = CURRICULUM     # "curriculum", or agent specs (see the module docstring)
    learner_seat: int | None = None  # None: drawn per game
    reward: str = "win_loss"       # or "vp_margin"
    obs_transform: str = "scaled"  # a key of wrappers.OBS_TRANSFORMS
    n_envs: int = 256
    n_steps: int = 64              # PPO rollout length per env
    batch_size: int = 2048
    n_epochs: int = 4
    learning_rate: float = 3e-4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    net: tuple = (256, 256)
    promote: float = 0.6
    window: int = 400
    review: float = 0.2
    eval_every: int = 200_000
    eval_deals: int = 50           # deals per rung and evaluation, each played in every seat
    eval_above: int = 2            # rungs above the current one that are evaluated
    eval_mode: str = "both"        # the final evaluation: greedy, sampled or both
    baseline: bool = True          # the final evaluation of a uniformly random legal policy too
    seed: int = 0
    threads: int = 0               # torch and numba threads (0: leave as is)
    device: str = "cpu"            # torch device: small MLPs are fastest on the CPU
    rungs: list = field(default_factory=list)   # the curriculum's (default: the ladder); else [opponent]


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


@dataclass
class EvalResult:
    """Games of the learner against one line-up, from its side.

    :param games: games played (deals x seats).
    :param wins: sole first places (solo: more VP than Jean).
    :param ties: shared first places (never in solo: a tie goes to Jean).
    :param losses: everything else.
    :param credit: wins + 1/k for each k-way shared first place.
    :param win_rate: credit / games.
    :param mean_reward: mean ``win_loss`` return (+1 / 0 / -1).
    :param mean_vp_margin: mean (own VP - best other VP).
    :param mean_length: mean learner decisions a game.
    :param illegal_actions: picks the mask forbade (0 with masking); each was
        replaced by the first legal action so that the game went on.
    """
    games: int
    wins: int
    ties: int
    losses: int
    credit: float
    win_rate: float
    mean_reward: float
    mean_vp_margin: float
    mean_length: float
    illegal_actions: int


class RandomPolicy:
    """A uniformly random legal action per game: the bar a trained policy must clear
    (``predict`` as a model's)."""

    def __init__(self, seed: int = 0):
        self.rng = np.random.default_rng(seed)

    def predict(self, obs, action_masks, deterministic=True):
        return (self.rng.random(action_masks.shape) * action_masks).argmax(axis=1), None


def line_up(players: int | None, opponent: str, learner_seat: int | None,
            game: str = GAME) -> tuple[int, dict, Any]:
    """(num_players, the solo game's options, LearnerGames' opponents) of fixed opponents.

    :param players: see `wrappers.env_config`.
    :param opponent: comma-separated agent specs the compiled engine plays, or the solo opponent.
    :param learner_seat: the learner's seat, or None (drawn per game: then
        every opponent must be the same spec, as the vector env assigns them by seat).
    :param game: the game (a registered id with a vector env).
    :raises ValueError: for an unknown spec, one the compiled engine does not
        play, or a line-up that does not fit.
    """
    from ..agents.registry import compiled_kinds, compiled_ok, parse_spec
    n, solo = env_config(players, opponent, game)
    if n == 1:
        return n, solo, "random"            # unused: the engine plays the solo opponent
    specs = opponent_specs(opponent)
    for s in specs:
        if not compiled_ok(parse_spec(s, game)):
            raise ValueError(f"opponent {s!r}: the vector env's opponents are played by the compiled "
                             f"engine ({compiled_kinds(game)} agents)")
    if len(set(specs)) == 1:
        return n, solo, specs[0]
    if learner_seat is None:
        raise ValueError("different opponents need a fixed --learner-seat "
                         "(the vector env assigns opponents by seat)")
    seats = [specs[0]] * n                  # the learner's own entry is ignored
    for k, s in enumerate(specs):
        seats[(learner_seat + 1 + k) % n] = s
    return n, solo, seats


def _vector_games() -> list[str]:
    """The registered games that have a vector env (what --game offers)."""
    from ..registry import available_games, game_info
    return [g for g in available_games() if game_info(g).vector]


def _solo_forms(game: str) -> str:
    """The solo opponent's spec forms of `game`, for messages ("jean:<level>", ...)."""
    from ..agents.registry import solo_kind
    row = solo_kind(game)
    return ", ".join(row.spec_forms()) if row is not None else "none"


def _vector(game: str):
    """The game's vector env module (registry GameInfo.vector)."""
    from ..registry import game_part
    return game_part(game, "vector")


def _transform(name: str, game: str = GAME):
    if name not in OBS_TRANSFORMS:
        raise ValueError(f"obs_transform must be one of {sorted(OBS_TRANSFORMS)}, got {name!r}")
    return OBS_TRANSFORMS[name].transform(_vector(game).observation_space("int"))


def play(policy, opponent: str, deals: int, seed: int, num_players: int = 2,
         deterministic: bool = True, obs_transform: str = "scaled", game: str = GAME) -> EvalResult:
    """`deals` deals from `seed` on against `opponent` (fixed specs, as --opponent),
    each played once with the policy in every seat (duplicate play; solo: one seat).

    :param policy: a model, or anything with ``predict(obs, action_masks=, deterministic=)``.
    :param obs_transform: what the policy was trained on (a key of OBS_TRANSFORMS).
    :param game: the game (a registered id with a vector env).
    """
    LearnerGames = _vector(game).LearnerGames
    fn, _ = _transform(obs_transform, game)
    rewards, credit, margins, lengths, illegal = [], 0.0, [], [], 0
    rows = np.arange(deals)
    for seat in range(1 if num_players == 1 else num_players):
        n, solo, opponents = line_up(num_players, opponent, seat, game)
        v = LearnerGames(deals, num_players=n, opponents=opponents, learner_seat=seat, seed=seed,
                         reward="win_loss", **solo)
        over = np.zeros(deals, bool)
        length = np.zeros(deals, np.int64)
        obs = v.observations()
        while not over.all():
            masks = v.action_masks()
            acts, _ = policy.predict(fn(obs), action_masks=masks, deterministic=deterministic)
            acts = np.asarray(acts, np.int64).reshape(-1).copy()
            bad = ~masks[rows, acts]
            illegal += int((bad & ~over).sum())
            acts[bad] = masks[bad].argmax(axis=1)
            length[~over] += 1
            obs, rew, done, infos = v.step(acts)
            for i in np.flatnonzero(done & ~over):
                scores = np.asarray(infos[i]["scores"])
                me = scores[seat]
                best = scores.max()
                rewards.append(float(rew[i]))
                credit += 1.0 if rew[i] > 0 else 1.0 / (scores == best).sum() if rew[i] == 0 else 0.0
                margins.append(float(me - np.delete(scores, seat).max()))
                lengths.append(int(length[i]))
                over[i] = True
    r = np.asarray(rewards)
    wins, ties = int((r > 0).sum()), int((r == 0).sum())
    return EvalResult(games=len(r), wins=wins, ties=ties, losses=len(r) - wins - ties, credit=credit,
                      win_rate=credit / len(r), mean_reward=float(r.mean()),
                      mean_vp_margin=float(np.mean(margins)), mean_length=float(np.mean(lengths)),
                      illegal_actions=illegal)


def evaluate(model, opponent: str, deals: int, seed: int, num_players: int = 2,
             obs_transform: str = "scaled", game: str = GAME) -> tuple[float, int]:
    """(the greedy policy's win credit, games) of `play`: 1 a sole win, 1/k a
    k-way shared first place (what the curve records)."""
    r = play(model, opponent, deals, seed, num_players, True, obs_transform, game)
    return r.credit, r.games


def _wilson(credit: float, n: int) -> tuple[float, float]:
    from ..tournament.ratings import wilson
    return wilson(credit, n)


def _plot(rows: list[EvalRow], rungs: list[str], players: int, path: Path, game: str = GAME) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    climb = len(rungs) > 1
    fig, axes = plt.subplots(2 if climb else 1, 1, figsize=(9, 6.5 if climb else 4.5), sharex=True,
                             squeeze=False, gridspec_kw={"height_ratios": [3, 1] if climb else [1]})
    ax = axes[0, 0]
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
    ax.set_ylabel("win rate (95% Wilson)")
    who = "climbing the opponent ladder" if climb else f"against {rungs[0]}"
    from ..registry import game_info
    ax.set_title(f"MaskablePPO on {game_info(game).title} ({f'{players} players' if players > 1 else 'solo'}) {who}")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, title="rung" if climb else None)
    low = axes[-1, 0]
    if climb:
        evals = sorted({(x.train_minutes, x.level) for x in rows})
        low.step([e[0] for e in evals], [e[1] for e in evals], where="post")
        low.set_ylabel("curriculum rung")
        low.set_ylim(-0.5, len(rungs) - 0.5)
    low.set_xlabel("training minutes (evaluations excluded), this machine")
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def beaten(rows: list[EvalRow], rungs: list[str]) -> list[dict]:
    """Per rung: the first evaluation whose Wilson interval lies above 50% (or None),
    and how many evaluations it had (0: never evaluated, so never "not beaten")."""
    out = []
    for r, name in enumerate(rungs):
        first = next((x for x in rows if x.rung == r and x.low > 0.5), None)
        out.append({"rung": r, "opponent": name, "evaluations": sum(x.rung == r for x in rows),
                    "steps": first.steps if first else None,
                    "train_minutes": round(first.train_minutes, 2) if first else None,
                    "win_rate": first.win_rate if first else None})
    return out


def _transformed(venv, fn, box):
    """The VecEnv's observations (and terminal observations) through fn."""
    from stable_baselines3.common.vec_env import VecEnvWrapper

    class Transformed(VecEnvWrapper):
        def reset(self):
            return fn(self.venv.reset())

        def step_wait(self):
            obs, rewards, dones, infos = self.venv.step_wait()
            for i in np.flatnonzero(dones):
                infos[i]["terminal_observation"] = fn(infos[i]["terminal_observation"])
            return fn(obs), rewards, dones, infos

    return Transformed(venv, observation_space=box)


def train(cfg: TrainConfig, out: Path, progress: bool = True) -> dict:
    """Train and evaluate (see the module docstring); returns what curve.json holds."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
    except ImportError as e:  # the core installs without them
        raise SystemExit(f"maracaibo_env.training.ppo needs the train extra (pip install -e '.[train]'): {e}")
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    from ..framework.curriculum import Curriculum
    from ..agents.ladder import ladder

    if cfg.eval_mode not in EVAL_MODES:
        raise ValueError(f"eval_mode must be one of {EVAL_MODES}, got {cfg.eval_mode!r}")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if cfg.threads:
        import numba
        torch.set_num_threads(cfg.threads)
        numba.set_num_threads(min(cfg.threads, numba.config.NUMBA_NUM_THREADS))
    curriculum = None
    if cfg.opponent == CURRICULUM:
        cfg.players = 2 if cfg.players is None else cfg.players
        if cfg.players == 1:
            raise ValueError(f"a curriculum needs opponent seats: --players 2..4 (solo: --opponent "
                             f"{_solo_forms(cfg.game)})")
        cfg.rungs = list(cfg.rungs or ladder(cfg.game))
        curriculum = Curriculum(cfg.rungs, promote=cfg.promote, window=cfg.window, review=cfg.review,
                                seed=cfg.seed)
        solo, opponents = {}, curriculum
    else:
        cfg.players, solo, opponents = line_up(cfg.players, cfg.opponent, cfg.learner_seat, cfg.game)
        cfg.rungs = [cfg.opponent]
    rungs = cfg.rungs
    fn, box = _transform(cfg.obs_transform, cfg.game)
    env = _transformed(_vector(cfg.game).sb3_vec_env(cfg.n_envs, num_players=cfg.players, opponents=opponents,
                                   learner_seat=cfg.learner_seat, seed=cfg.seed, reward=cfg.reward,
                                   **solo), fn, box)
    model = MaskablePPO("MlpPolicy", env, n_steps=cfg.n_steps, batch_size=cfg.batch_size,
                        n_epochs=cfg.n_epochs, learning_rate=cfg.learning_rate, gamma=cfg.gamma,
                        gae_lambda=cfg.gae_lambda, ent_coef=cfg.ent_coef,
                        policy_kwargs={"net_arch": list(cfg.net)}, device=cfg.device, seed=cfg.seed,
                        verbose=0)
    level = (lambda: curriculum.level) if curriculum is not None else (lambda: 0)
    rows: list[EvalRow] = []
    clock = {"train": 0.0, "start": time.perf_counter(), "since": time.perf_counter(), "next": 0,
             "plotted": -float("inf")}
    budget_s = cfg.minutes * 60.0

    def curve_so_far() -> dict[str, Any]:
        return {
            "config": asdict(cfg), "rows": [asdict(x) for x in rows],
            "promotions": [{"games": g, "level": lv} for g, lv in curriculum.promotions] if curriculum else [],
            "beaten": beaten(rows, rungs), "steps": int(model.num_timesteps),
            "train_minutes": round(clock["train"] / 60, 2),
            "steps_per_second": round(model.num_timesteps / max(clock["train"], 1e-9), 1),
            "complete": False}

    def run_eval(steps: int) -> None:
        clock["train"] += time.perf_counter() - clock["since"]
        top = min(len(rungs) - 1, level() + cfg.eval_above)
        for r in range(top + 1):
            credit, games = evaluate(model, rungs[r], cfg.eval_deals, EVAL_SEED + 7919 * r, cfg.players,
                                     cfg.obs_transform, cfg.game)
            lo, hi = _wilson(credit, games)
            rows.append(EvalRow(steps, clock["train"] / 60, (time.perf_counter() - clock["start"]) / 60,
                                level(), r, rungs[r], games, credit, credit / games, lo, hi))
        # the plot (~0.3 s) at most every PLOT_EVERY_S seconds; the JSON and CSV every time
        plot = time.perf_counter() - clock["plotted"] >= PLOT_EVERY_S
        write_curve(out, curve_so_far(), rows, rungs, cfg.players, plot)
        if plot:
            clock["plotted"] = time.perf_counter()
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
                    now = next((x for x in reversed(rows) if x.rung == level()), None)
                    bar.update(task, description=f"rung {level()}/{len(rungs) - 1}, {steps:,} steps, "
                               f"vs current " + (f"{now.win_rate:.0%}" if now else "-"))
                used = clock["train"] + time.perf_counter() - clock["since"]
                bar.update(task, completed=min(used, budget_s))
                return used < budget_s      # --steps: learn's total, after a whole rollout's update

        model.learn(total_timesteps=cfg.steps or 10**12, callback=Clock())
        run_eval(model.num_timesteps)
    result = curve_so_far()
    final = level()     # the final evaluation: the deals of the curve against the final opponent
    result["final_opponent"] = rungs[final]
    args = (rungs[final], cfg.eval_deals, EVAL_SEED + 7919 * final, cfg.players)
    for mode in (("deterministic", "stochastic") if cfg.eval_mode == "both" else (cfg.eval_mode,)):
        result["eval_" + mode] = asdict(play(model, *args, mode == "deterministic", cfg.obs_transform, cfg.game))
    if cfg.baseline:
        result["random_baseline"] = asdict(play(RandomPolicy(cfg.seed), *args, True, cfg.obs_transform,
                                                cfg.game))
    result["wall_minutes"] = round((time.perf_counter() - clock["start"]) / 60, 2)
    result["complete"] = True
    write_curve(out, result, rows, rungs, cfg.players)
    model.save(out / "model.zip")       # after the curve: a failure here loses the model only
    return result


def write_curve(out: Path, result: dict, rows: list[EvalRow], rungs: list[str], players: int,
                plot: bool = True) -> None:
    """curve.json, curve.csv and (with `plot`) curve.png as they stand (after every
    evaluation, so a run killed or failing later keeps its curve; "complete" is set at the end)."""
    (out / "curve.json").write_text(json.dumps(result, indent=1))
    with open(out / "curve.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=[fld.name for fld in fields(EvalRow)])
        w.writeheader()
        w.writerows(asdict(x) for x in rows)
    if rows and plot:
        _plot(rows, rungs, players, out / "curve.png", result["config"].get("game", GAME))


def _table(result: dict) -> str:
    lines = ["| rung | opponent | beaten after (learner steps) | training minutes | win rate then |",
             "|---:|---|---:|---:|---:|"]
    for b in result["beaten"]:
        lines.append(f"| {b['rung']} | `{b['opponent']}` | "
                     + (f"{b['steps']:,} | {b['train_minutes']} | {b['win_rate']:.0%} |" if b["steps"] is not None
                        else "not beaten | - | - |" if b.get("evaluations", 1) else "not evaluated | - | - |"))
    return "\n".join(lines)


def _final(result: dict) -> str:
    lines = [f"final evaluation against {result['final_opponent']}:"]
    for key, who in (("eval_deterministic", "PPO greedy"), ("eval_stochastic", "PPO sampled"),
                     ("random_baseline", "random legal")):
        r = result.get(key)
        if r:
            lines.append(f"{who:>13}: win rate {r['win_rate']:.3f} ({r['wins']}W {r['ties']}T "
                         f"{r['losses']}L of {r['games']}), mean reward {r['mean_reward']:+.3f}, "
                         f"mean VP margin {r['mean_vp_margin']:+.1f}, {r['mean_length']:.0f} decisions/game, "
                         f"illegal actions {r['illegal_actions']}")
    return "\n".join(lines)


def main(argv=None) -> int:
    d = TrainConfig()
    p = argparse.ArgumentParser(
        prog="python -m maracaibo_env.training.ppo", description=__doc__.split("\n\n")[2],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  python -m maracaibo_env.training.ppo --minutes 30 --out runs/curve\n"
               "  python -m maracaibo_env.training.ppo --minutes 1 --eval-deals 20 --eval-every 50000 --out /tmp/curve\n"
               "  python -m maracaibo_env.training.ppo --opponent random --steps 50000 --out runs/random\n"
               "  python -m maracaibo_env.training.ppo --players 3 --opponent balanced,random --learner-seat 0 "
               "--out runs/3p\n"
               "  python -m maracaibo_env.training.ppo --opponent jean:medium --reward vp_margin --out runs/solo\n"
               "  python -m maracaibo_env.training.ppo --game pirates --minutes 20 --out runs/pirates-curve\n")
    a = p.add_argument
    a("--out", required=True, help="folder for curve.csv, curve.json, curve.png, model.zip")
    a("--game", choices=_vector_games(), default=d.game,
      help=f"which game (default {d.game}): every registered game with a vector env")
    a("--minutes", type=float, default=d.minutes, help=f"training time (default {d.minutes})")
    a("--steps", type=int, default=0,
      help="stop after this many learner steps, rounded up to whole rollouts (0: no limit)")
    a("--opponent", default=d.opponent,
      help="'curriculum' (default: up the opponent ladder), an agent spec the compiled engine plays "
           "for every opponent ('random', 'balanced', 'balanced:eps=0.3:depth=0'), comma-separated specs "
           "one per opponent, or the solo opponent: 'jean:<level>', Pirates' 'jordan:<0-6>' (a solo game)")
    a("--players", type=int, choices=(1, 2, 3, 4), default=None,
      help="players in the game (default: 1 against the solo opponent, else 2)")
    a("--learner-seat", type=int, default=None, help="the learner's seat (default: drawn per game)")
    a("--reward", choices=("win_loss", "vp_margin"), default=d.reward,
      help=f"training reward (default {d.reward}; vp_margin = (own - best other VP) / 100)")
    a("--obs-transform", choices=sorted(OBS_TRANSFORMS), default=d.obs_transform,
      help=f"float32 observations: scaled (the envs' obs_type='float'), symlog or float "
           f"(default {d.obs_transform})")
    a("--n-envs", type=int, default=d.n_envs, help=f"games stepped together (default {d.n_envs})")
    a("--n-steps", type=int, default=d.n_steps, help=f"rollout steps per game and update (default {d.n_steps})")
    a("--batch-size", type=int, default=d.batch_size, help=f"PPO minibatch (default {d.batch_size})")
    a("--n-epochs", type=int, default=d.n_epochs, help=f"PPO epochs per update (default {d.n_epochs})")
    a("--learning-rate", type=float, default=d.learning_rate, help=f"Adam step (default {d.learning_rate})")
    a("--gamma", type=float, default=d.gamma, help=f"discount factor (default {d.gamma})")
    a("--gae-lambda", type=float, default=d.gae_lambda, help=f"GAE lambda (default {d.gae_lambda})")
    a("--ent-coef", type=float, default=d.ent_coef, help=f"entropy bonus (default {d.ent_coef})")
    a("--net", default=",".join(map(str, d.net)), help="hidden layer sizes, comma-separated (default 256,256)")
    a("--eval-every", type=int, default=d.eval_every,
      help=f"learner steps between evaluations (default {d.eval_every:,})")
    a("--eval-deals", type=int, default=d.eval_deals,
      help=f"deals per rung and evaluation, each played in every seat (default {d.eval_deals})")
    a("--eval-mode", choices=EVAL_MODES, default=d.eval_mode,
      help="the final evaluation: the greedy policy, a sample from it, or both (default both)")
    a("--no-baseline", action="store_true", help="no final evaluation of a random legal policy")
    a("--promote", type=float, default=d.promote,
      help=f"window win rate that moves the learner up a rung (default {d.promote})")
    a("--window", type=int, default=d.window, help=f"games in that window (default {d.window})")
    a("--seed", type=int, default=0)
    a("--threads", type=int, default=0, help="torch and numba threads (default: as they are)")
    a("--device", default=d.device, help=f"torch device (default {d.device})")
    a("--no-progress", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    for name in ("minutes", "n_envs", "n_steps", "batch_size", "n_epochs", "eval_every", "eval_deals",
                 "window"):
        if getattr(args, name) <= 0:
            p.error(f"--{name.replace('_', '-')} must be > 0")
    if not 0 < args.promote <= 1:
        p.error("--promote must be in (0, 1]")
    try:
        net = tuple(int(x) for x in args.net.split(",") if x)
        if args.opponent == CURRICULUM:
            n = 2 if args.players is None else args.players
            if n == 1:
                raise ValueError(f"a curriculum needs opponent seats: --players 2..4 (solo: --opponent "
                                 f"{_solo_forms(args.game)})")
        else:
            n = line_up(args.players, args.opponent, args.learner_seat, args.game)[0]
        if args.learner_seat is not None and args.learner_seat not in range(n):
            raise ValueError(f"--learner-seat must be a seat 0..{n - 1}")
    except ValueError as e:
        p.error(str(e))
    cfg = TrainConfig(game=args.game, minutes=args.minutes, steps=args.steps, players=args.players, opponent=args.opponent,
                      learner_seat=args.learner_seat, reward=args.reward, obs_transform=args.obs_transform,
                      n_envs=args.n_envs, n_steps=args.n_steps, batch_size=args.batch_size,
                      n_epochs=args.n_epochs, learning_rate=args.learning_rate, gamma=args.gamma,
                      gae_lambda=args.gae_lambda, ent_coef=args.ent_coef, net=net,
                      eval_every=args.eval_every, eval_deals=args.eval_deals, eval_mode=args.eval_mode,
                      baseline=not args.no_baseline, promote=args.promote, window=args.window,
                      seed=args.seed, threads=args.threads, device=args.device)
    result = train(cfg, Path(args.out), progress=not args.no_progress)
    print(f"{result['steps']:,} learner steps in {result['train_minutes']} training minutes "
          f"({result['wall_minutes']} wall, {result['steps_per_second']:,.0f} steps/s); "
          f"curve in {args.out}/curve.png")
    print(_table(result))
    print(_final(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Self-play PPO with an opponent league, warm-started by imitating a heuristic.

    python -m maracaibo_env.training.selfplay --run runs/sp2 --steps 20_000_000     # train (resumes if the run exists)
    python -m maracaibo_env.training.selfplay --run runs/sp2 --export maracaibo_env/maracaibo/agents/policies/maracaibo-2p.npz

Stages (one run folder holds everything; every stage resumes after a kill):

1. **Imitation** (``--bc-games``): games between the heuristics are played
   inside numba; every decision of the teacher (``--bc-teacher``, default
   `balanced`) becomes a (features, legal mask, action, final result) sample;
   the network learns the teacher's move (cross-entropy over legal moves) and
   the result (value). RL from scratch wins 0% against the heuristics; the
   imitation start gives PPO something to improve.
2. **PPO** over `maracaibo_env.maracaibo.vector.LearnerGames`: the games are split into
   groups, one per league member (`--league balanced=0.4,...`): the
   heuristics (played inside numba), `random`, and `snapshots` (frozen numpy
   copies of this network, refreshed every ``--snapshot-every`` updates; a
   snapshot opponent is asked once per batch). Masked PPO with GAE, clipped
   policy loss, value loss and an entropy bonus, the logits of illegal moves
   at -1e8 so they never get probability.
3. **Evaluation** every ``--eval-every`` updates through the tournament module:
   a gauntlet (duplicate deals, both seatings) of the current policy against
   fixed anchors, stored in ``eval/u<update>.sqlite``; win rates with Wilson intervals
   and openskill ratings go to the logs.

Logs: ``log.csv`` (one row per update), TensorBoard in ``tb/`` (when the
`tensorboard` package is installed), ``checkpoint.pt`` (network, optimiser,
counters, league, RNG states) every ``--checkpoint-every`` updates and at the
end, ``snapshots/u<update>.npz`` numpy policies (``policy:<file>`` specs).

Why our own PPO rather than sb3-contrib's MaskablePPO: the league needs one
batched forward pass over games that face different opponents, snapshot
opponents that are the same numpy network the package ships, and an
imitation start into the same weights; all three are a few lines here and
awkward through SB3's callbacks. MaskablePPO still trains on the same env
(`maracaibo_env.maracaibo.vector.sb3_vec_env`, maracaibo_env/training/ppo.py).
"""
from __future__ import annotations

import os

# numpy's BLAS threads and numba's parallel kernels spin against each other on
# a small machine (a policy opponent's batch ran 3x slower); numpy here only
# multiplies small matrices, so one BLAS thread is faster. Set before numpy loads.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import csv
import json
import math
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from maracaibo_env.maracaibo.agents.policy import NUM_FEATURES, Arch, PolicyNet, encode
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS

HEURISTIC_NAMES = ("balanced", "assistants", "combat_influence", "explorer_quests", "ship_income")
DEFAULT_LEAGUE = "balanced=0.45,assistants=0.1,combat_influence=0.1,explorer_quests=0.05,ship_income=0.05,snapshots=0.25"
DEFAULT_ANCHORS = ("balanced", "ship_income", "random")
ILLEGAL_LOGIT = -1e8


@dataclass
class Config:
    run: str = "runs/selfplay"
    players: int = 2
    steps: int = 20_000_000          # learner decisions of PPO (after imitation)
    n_envs: int = 256
    rollout: int = 64                # decisions per game per update
    epochs: int = 3
    minibatch: int = 4096
    lr: float = 2.5e-4
    gamma: float = 0.999
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.005
    value_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: tuple[int, ...] = (256, 256)
    league: str = DEFAULT_LEAGUE
    reward: str = "win_loss"
    snapshot_every: int = 20
    eval_every: int = 50
    eval_games: int = 50             # deals per anchor (x2 seatings)
    anchors: tuple[str, ...] = DEFAULT_ANCHORS
    checkpoint_every: int = 10
    bc_games: int = 3000
    bc_teacher: str = "balanced"
    bc_epochs: int = 6
    bc_lr: float = 1e-3
    dagger_rounds: int = 0           # rounds of DAgger after imitation (0 = none)
    dagger_steps: int = 200          # learner decisions per game per round
    dagger_envs: int = 128
    seed: int = 0
    threads: int = 2


# --------------------------------------------------------------------------- network

def make_net(hidden):
    import torch
    from torch import nn

    class Net(nn.Module):
        """ReLU MLP; layer i is maracaibo_env.maracaibo.agents.policy's w{i} (transposed), then the policy and value heads."""

        def __init__(self):
            super().__init__()
            sizes = [NUM_FEATURES, *hidden]
            self.body = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))
            self.pi = nn.Linear(sizes[-1], NUM_ACTIONS)
            self.v = nn.Linear(sizes[-1], 1)
            nn.init.orthogonal_(self.pi.weight, 0.01)
            nn.init.zeros_(self.pi.bias)

        def forward(self, x):
            for layer in self.body:
                x = torch.relu(layer(x))
            return self.pi(x), self.v(x)[:, 0]

    return Net()


def to_numpy_policy(net, arch: Arch) -> PolicyNet:
    """The torch network's weights as the numpy PolicyNet the package plays."""
    arrays = {}
    for i, layer in enumerate(net.body):
        arrays[f"w{i}"] = layer.weight.detach().numpy().T.copy()
        arrays[f"b{i}"] = layer.bias.detach().numpy().copy()
    arrays |= {"pi_w": net.pi.weight.detach().numpy().T.copy(), "pi_b": net.pi.bias.detach().numpy().copy(),
               "v_w": net.v.weight.detach().numpy().T.copy(), "v_b": net.v.bias.detach().numpy().copy()}
    return PolicyNet(arrays, arch.meta(), source="<training>")


def masked_logits(logits, masks):
    import torch
    return torch.where(masks, logits, torch.full_like(logits, ILLEGAL_LOGIT))


# --------------------------------------------------------------------------- imitation

def teacher_samples(cfg: Config, progress=None):
    """(features, masks, actions, results, game index) of the teacher's decisions in
    cfg.bc_games games against the league's heuristics, played in numba."""
    from maracaibo_env.maracaibo.game import Game
    from maracaibo_env.maracaibo.match import play_match
    rng = np.random.default_rng(cfg.seed + 17)
    feats, masks, acts, results, games = [], [], [], [], []
    others = list(HEURISTIC_NAMES)
    task = progress.add_task("imitation data (games)", total=cfg.bc_games, info="") if progress else None
    for i in range(cfg.bc_games):
        seat = int(rng.integers(cfg.players))
        specs = [others[int(rng.integers(len(others)))] for _ in range(cfg.players)]
        specs[seat] = cfg.bc_teacher
        seed = 10_000_000 + cfg.seed * 100_000 + i
        r = play_match(specs, seed, record_history=True, engine="compiled")
        g = Game(cfg.players, seed=seed)
        teacher_seats = [s for s, name in enumerate(specs) if name == cfg.bc_teacher]
        obs_rows, mask_rows, act_rows, res_rows = [], [], [], []
        for a in r.history:
            p = g.current_player
            if p in teacher_seats:
                obs_rows.append(g.observe(p))
                mask_rows.append(g.action_mask().astype(bool))
                act_rows.append(a)
                res_rows.append(_result_of(r, p))
            g.step(a)
        if g.scores() != r.scores:
            raise RuntimeError(f"imitation game {seed}: the replay ended with other scores")
        feats.append(encode(np.array(obs_rows)))
        masks.append(np.array(mask_rows))
        acts.append(np.array(act_rows, np.int64))
        results.append(np.array(res_rows, np.float32))
        games.append(np.full(len(act_rows), i, np.int64))
        if progress:
            progress.advance(task)
    return (np.concatenate(feats), np.concatenate(masks), np.concatenate(acts),
            np.concatenate(results), np.concatenate(games))


def _result_of(r, seat: int) -> float:
    if seat not in r.winners:
        return -1.0
    return 1.0 if len(r.winners) == 1 else 0.0


def imitate(net, cfg: Config, data, log, progress=None, epochs: int | None = None) -> dict:
    """Fit policy and value to the teacher's samples (value only where the
    result is known); returns held-out stats (held out: every 20th game of
    the teacher's own games)."""
    import torch
    feats, masks, acts, results, games = data
    epochs = cfg.bc_epochs if epochs is None else epochs
    rng = np.random.default_rng(cfg.seed)
    own = games >= 0
    top = games[own].max() if own.any() else 0
    held = own & ((games % 20 == 19) if top >= 19 else (games == top))
    val, train = np.flatnonzero(held), np.flatnonzero(~held)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.bc_lr)
    T = lambda a: torch.as_tensor(a)  # noqa: E731
    task = progress.add_task("imitation (epochs)", total=epochs, info="") if progress else None
    stats = {}
    for epoch in range(epochs):
        rng.shuffle(train)
        for lo in range(0, len(train), 1024):
            idx = train[lo:lo + 1024]
            logits, v = net(T(feats[idx]))
            logp = torch.log_softmax(masked_logits(logits, T(masks[idx])), dim=1)
            res = T(results[idx])
            known = ~torch.isnan(res)
            value_loss = ((v[known] - res[known]) ** 2).mean() if bool(known.any()) else 0.0
            loss = -logp.gather(1, T(acts[idx])[:, None]).mean() + cfg.value_coef * value_loss
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            logits, v = net(T(feats[val]))
            pred = masked_logits(logits, T(masks[val])).argmax(1).numpy()
            stats = {"bc_epoch": epoch + 1, "bc_val_match": float((pred == acts[val]).mean()),
                     "bc_val_value_mse": float(((v.numpy() - results[val]) ** 2).mean()),
                     "bc_samples": int(len(train))}
        log(stats)
        if progress:
            progress.advance(task)
    return stats


class _RowGame:
    """The parts of a Game a heuristic reads, over one row of a Batch."""

    def __init__(self, batch, row: int):
        self.state, self._cat, self.catalog = batch.states[row], batch._cat, batch.catalog


def dagger(net, cfg: Config, data, arch, log, progress=None):
    """DAgger (Ross et al. 2011): play the student (greedy) against the
    league's heuristics, label every position it reaches with the teacher's
    move, add them to the data and refit. Imitation alone only sees the
    teacher's own positions; the student's mistakes lead elsewhere."""
    from maracaibo_env.maracaibo.agents.heuristics import HEURISTICS
    from maracaibo_env.maracaibo.vector import LearnerGames
    teacher = HEURISTICS[cfg.bc_teacher]()
    feats, masks, acts, results, games = data
    task = progress.add_task("DAgger (rounds)", total=cfg.dagger_rounds, info="") if progress else None
    for rnd in range(cfg.dagger_rounds):
        student = to_numpy_policy(net, arch)
        env = LearnerGames(cfg.dagger_envs, num_players=cfg.players,
                           opponents=HEURISTIC_NAMES[rnd % len(HEURISTIC_NAMES)],
                           seed=50_000_000 + cfg.seed * 1000 + rnd)
        obs = env._obs
        f_new, m_new, a_new = [], [], []
        wins, finished = 0, 0
        for _ in range(cfg.dagger_steps):
            m = env.action_masks()
            labels = np.empty(env.n, np.int64)
            for i in range(env.n):
                legal = np.flatnonzero(m[i])
                vals = teacher.values(_RowGame(env.batch, i), legal)
                labels[i] = legal[int(np.argmax(vals))]
            f_new.append(encode(obs))
            m_new.append(m)
            a_new.append(labels)
            obs, rew, done, _ = env.step(student.act_batch(obs, m))
            finished += int(done.sum())
            wins += int((rew[done] > 0).sum())
        n_old = len(acts)
        feats = np.concatenate([feats, *f_new])
        masks = np.concatenate([masks, *m_new])
        acts = np.concatenate([acts, *a_new])
        # positions the teacher never reached carry no result: the value is fit on the first part only
        results = np.concatenate([results, np.full(len(acts) - n_old, np.nan, np.float32)])
        games = np.concatenate([games, np.full(len(acts) - n_old, -1, np.int64)])
        stats = imitate(net, cfg, (feats, masks, acts, results, games), lambda s: None, epochs=1)
        stats |= {"dagger_round": rnd + 1, "dagger_samples": int(len(acts)),
                  "dagger_opponent": HEURISTIC_NAMES[rnd % len(HEURISTIC_NAMES)],
                  "dagger_student_wins": wins / max(1, finished), "dagger_games": finished,
                  "dagger_new_match": float(np.mean(np.concatenate(a_new) == np.concatenate(
                      [student.act_batch_features(f, mm) for f, mm in zip(f_new, m_new)])))}
        log(stats)
        if progress:
            progress.advance(task)
    return feats, masks, acts, results, games


# --------------------------------------------------------------------------- league

def parse_league(text: str) -> dict[str, float]:
    """'balanced=0.4,snapshots=0.3,...' -> weights (checked)."""
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, w = part.partition("=")
        if name not in (*HEURISTIC_NAMES, "random", "snapshots") or not eq:
            raise ValueError(f"league entry {part!r}: give name=weight with a name among "
                             f"{', '.join((*HEURISTIC_NAMES, 'random', 'snapshots'))}")
        try:
            out[name] = float(w)
        except ValueError:
            raise ValueError(f"league entry {part!r}: the weight is not a number") from None
        if not 0 <= out[name] <= 1e6 or math.isnan(out[name]):
            raise ValueError(f"league entry {part!r}: the weight must be >= 0")
    if not out or sum(out.values()) <= 0:
        raise ValueError("the league needs at least one member with a positive weight")
    return out


def split_envs(n: int, weights: dict[str, float]) -> dict[str, int]:
    """Games per league member: proportional to the weights, at least 1 each."""
    names = [k for k, w in weights.items() if w > 0]
    if n < len(names):
        raise ValueError(f"n_envs {n} is less than the {len(names)} league members")
    total = sum(weights[k] for k in names)
    raw = {k: n * weights[k] / total for k in names}
    out = {k: max(1, int(raw[k])) for k in names}
    while sum(out.values()) < n:
        k = max(names, key=lambda k: raw[k] - out[k])
        out[k] += 1
    while sum(out.values()) > n:
        k = max((k for k in names if out[k] > 1), key=lambda k: out[k] - raw[k])
        out[k] -= 1
    return out


class SnapshotOpponent:
    """A frozen numpy copy of the learner, swapped in place (the games go on)."""

    def __init__(self, net: PolicyNet):
        self.net = net

    def __call__(self, observations, masks):
        return self.net.act_batch(observations, masks)


class League:
    """One LearnerGames group per league member; one batched step for all."""

    def __init__(self, cfg: Config, first_snapshot: PolicyNet, seed: int):
        from maracaibo_env.maracaibo.vector import LearnerGames
        self.sizes = split_envs(cfg.n_envs, parse_league(cfg.league))
        self.snapshot = SnapshotOpponent(first_snapshot)
        self.groups = {}
        for k, (name, n) in enumerate(self.sizes.items()):
            opp = self.snapshot if name == "snapshots" else name
            self.groups[name] = LearnerGames(n, num_players=cfg.players, opponents=opp,
                                             seed=seed + 1_000_003 * k, reward=cfg.reward)
        self.names = list(self.groups)
        bounds = np.cumsum([0] + [self.sizes[k] for k in self.names])
        self.slices = {k: slice(bounds[i], bounds[i + 1]) for i, k in enumerate(self.names)}

    def observations(self) -> np.ndarray:
        return np.concatenate([self.groups[k]._obs for k in self.names])

    def masks(self) -> np.ndarray:
        return np.concatenate([self.groups[k].action_masks() for k in self.names])

    def step(self, actions):
        obs, rew, done = [], [], []
        for k in self.names:
            o, r, d, _ = self.groups[k].step(actions[self.slices[k]])
            obs.append(o); rew.append(r); done.append(d)
        return np.concatenate(obs), np.concatenate(rew), np.concatenate(done)


# --------------------------------------------------------------------------- evaluation

def evaluate(policy_file: Path, cfg: Config, db: Path, seed: int) -> dict:
    """A gauntlet of the policy against the anchors (duplicate deals); win
    share per anchor with a Wilson interval and openskill ordinals."""
    from maracaibo_env.tournament.formats import TournamentConfig
    from maracaibo_env.tournament.ratings import openskill_ratings, wilson
    from maracaibo_env.tournament.runner import run_tournament
    from maracaibo_env.tournament.store import load_games
    hero = f"policy:{policy_file}"
    tc = TournamentConfig(agents=tuple(cfg.anchors), format="gauntlet", hero=hero,
                          players=cfg.players, games=cfg.eval_games, seed=seed)
    db.parent.mkdir(parents=True, exist_ok=True)
    tid = run_tournament(tc, db, workers=1, progress=False, resume=db.exists())
    results = [g.result for g in load_games(db, tid)]
    out: dict = {}
    for anchor in cfg.anchors:
        rs = [r for r in results if anchor in r.specs]
        credit = sum((1.0 / len(r.winners)) if r.specs.index(hero) in r.winners else 0.0 for r in rs)
        lo, hi = wilson(credit, len(rs))
        out[f"eval_win_{anchor}"] = credit / max(1, len(rs))
        out[f"eval_win_{anchor}_lo"], out[f"eval_win_{anchor}_hi"] = lo, hi
    for s in openskill_ratings(results):
        out[f"eval_ordinal_{'policy' if s.agent == hero else s.agent}"] = s.ordinal
    return out


# --------------------------------------------------------------------------- the run

class Logger:
    """CSV (columns fixed by the first full row), TensorBoard if installed, and the console."""

    def __init__(self, run: Path, console):
        self.run, self.console = run, console
        self.rows_path = run / "log.csv"
        self.tb = None
        try:
            from torch.utils.tensorboard import SummaryWriter
            self.tb = SummaryWriter(str(run / "tb"))
        except Exception:  # tensorboard not installed: CSV only
            console.print("[dim]TensorBoard logging off (pip install tensorboard to turn it on)[/]")

    def row(self, row: dict, step: int) -> None:
        new = not self.rows_path.exists()
        with self.rows_path.open("a", newline="") as f:
            w = csv.writer(f)
            if new:
                w.writerow(["kind", "step", "json"])
            w.writerow([row.get("kind", "update"), step, json.dumps(row, sort_keys=True)])
        if self.tb is not None:
            for k, v in row.items():
                if isinstance(v, (int, float)) and k not in ("step",):
                    self.tb.add_scalar(k, v, step)
            self.tb.flush()


def save_checkpoint(path: Path, net, opt, state: dict) -> None:
    import torch
    tmp = path.with_suffix(".tmp")
    torch.save({"net": net.state_dict(), "opt": opt.state_dict(), "state": state}, tmp)
    tmp.replace(path)


def train(cfg: Config, progress_bar: bool = True) -> Path:
    """Run (or resume) the run in cfg.run; returns the path of the final numpy policy."""
    import torch
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    torch.set_num_threads(cfg.threads)
    torch.manual_seed(cfg.seed)   # the network's initial weights
    console = Console(stderr=True)
    run = Path(cfg.run)
    (run / "snapshots").mkdir(parents=True, exist_ok=True)
    ckpt_path = run / "checkpoint.pt"
    arch = Arch(tuple(cfg.hidden), cfg.players, notes=f"maracaibo_env/training/selfplay.py run {run.name}")
    net = make_net(cfg.hidden)
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, eps=1e-5)
    state = {"stage": "imitation", "update": 0, "steps": 0, "seconds": 0.0, "snapshots": [],
             "config": _config_dict(cfg)}
    if ckpt_path.exists():
        ck = torch.load(ckpt_path, weights_only=False)
        # --steps may grow (train longer); anything else must match
        diff = [k for k, v in _config_dict(cfg).items()
                if k != "steps" and ck["state"]["config"].get(k) != v]
        if diff:
            raise ValueError(f"{run}: the run was started with other settings ({', '.join(diff)}); "
                             "use the same settings to resume (--steps may grow), or a new --run folder")
        ck["state"]["config"]["steps"] = cfg.steps
        net.load_state_dict(ck["net"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        console.print(f"resuming {run}: stage {state['stage']}, update {state['update']}, "
                      f"{state['steps']:,} PPO steps")
    log = Logger(run, console)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
               TextColumn("{task.fields[info]}"))
    with Progress(*columns, console=console, disable=not progress_bar) as progress:
        if state["stage"] == "imitation":
            if cfg.bc_games > 0:
                t0 = time.perf_counter()
                data = teacher_samples(cfg, progress)
                stats = imitate(net, cfg, data, lambda s: log.row({"kind": "imitation", **s}, 0),
                                progress)
                console.print(f"imitation of {cfg.bc_teacher}: {stats['bc_samples']:,} samples, "
                              f"held-out move match {stats['bc_val_match']:.1%} "
                              f"({time.perf_counter() - t0:.0f} s)")
                if cfg.dagger_rounds > 0:
                    dagger(net, cfg, data, arch, lambda s: (log.row({"kind": "dagger", **s}, 0),
                                                            console.print(_dagger_line(s))), progress)
                state["seconds"] += time.perf_counter() - t0
            state["stage"] = "ppo"
            first = run / "snapshots" / "u0.npz"
            to_numpy_policy(net, arch).save(first)
            state["snapshots"] = [str(first)]
            save_checkpoint(ckpt_path, net, opt, state)
        _ppo(cfg, net, opt, state, arch, run, log, console, progress)
    final = run / "policy.npz"
    to_numpy_policy(net, arch).save(final)
    console.print(f"policy written to {final} (play it: policy:{final})")
    return final


def _dagger_line(s: dict) -> str:
    return (f"DAgger round {s['dagger_round']} vs {s['dagger_opponent']}: student won "
            f"{s['dagger_student_wins']:.1%} of {s['dagger_games']} games, matched the teacher on "
            f"{s['dagger_new_match']:.1%} of its new positions; {s['dagger_samples']:,} samples, "
            f"held-out match {s['bc_val_match']:.1%}")


def _config_dict(cfg: Config) -> dict:
    d = asdict(cfg)
    d["hidden"], d["anchors"] = list(d["hidden"]), list(d["anchors"])
    d.pop("threads")
    return d


def _ppo(cfg, net, opt, state, arch, run, log, console, progress) -> None:
    import torch
    from torch.distributions import Categorical
    updates_total = max(1, cfg.steps // (cfg.n_envs * cfg.rollout))
    if state["update"] >= updates_total:
        return
    rng = np.random.default_rng(cfg.seed * 7919 + state["update"])
    torch.manual_seed(cfg.seed * 7919 + state["update"])
    pool = state["snapshots"]
    league = League(cfg, _load_snapshot(pool[-1]), seed=cfg.seed * 1_000_000 + state["update"] * 4099)
    task = progress.add_task("PPO updates", total=updates_total, completed=state["update"], info="")
    B, T = cfg.n_envs, cfg.rollout
    obs = league.observations()
    window = {k: [] for k in league.names}
    group_of = np.empty(B, object)
    for k, sl in league.slices.items():
        group_of[sl] = k
    while state["update"] < updates_total:
        t0 = time.perf_counter()
        feats = np.zeros((T, B, NUM_FEATURES), np.float32)
        masks = np.zeros((T, B, NUM_ACTIONS), bool)
        acts = np.zeros((T, B), np.int64)
        logps = np.zeros((T, B), np.float32)
        values = np.zeros((T + 1, B), np.float32)
        rewards = np.zeros((T, B), np.float32)
        dones = np.zeros((T, B), np.float32)
        t_env = 0.0
        for t in range(T):
            feats[t] = encode(obs)
            masks[t] = league.masks()
            with torch.no_grad():
                logits, v = net(torch.as_tensor(feats[t]))
                dist = Categorical(logits=masked_logits(logits, torch.as_tensor(masks[t])))
                a = dist.sample()
                logps[t] = dist.log_prob(a).numpy()
            values[t] = v.numpy()
            acts[t] = a.numpy()
            te = time.perf_counter()
            obs, rewards[t], d = league.step(acts[t])
            t_env += time.perf_counter() - te
            dones[t] = d
            for i in np.flatnonzero(d):
                window[group_of[i]].append(float(rewards[t, i]))
        with torch.no_grad():
            values[T] = net(torch.as_tensor(encode(obs)))[1].numpy()
        adv = np.zeros((T, B), np.float32)
        last = np.zeros(B, np.float32)
        for t in reversed(range(T)):
            nonterminal = 1.0 - dones[t]
            delta = rewards[t] + cfg.gamma * values[t + 1] * nonterminal - values[t]
            last = delta + cfg.gamma * cfg.lam * nonterminal * last
            adv[t] = last
        returns = adv + values[:T]
        t_collect = time.perf_counter() - t0
        stats = _update(cfg, net, opt, feats.reshape(T * B, -1), masks.reshape(T * B, -1),
                        acts.reshape(-1), logps.reshape(-1), adv.reshape(-1), returns.reshape(-1), rng)
        state["update"] += 1
        state["steps"] += T * B
        dt = time.perf_counter() - t0
        state["seconds"] += dt
        row = {"kind": "update", "update": state["update"], "steps": state["steps"],
               "steps_per_s": T * B / dt, "env_s": t_env, "collect_s": t_collect,
               "update_s": dt - t_collect, **stats}
        for k, w in window.items():
            if len(w) >= 20:
                row[f"result_vs_{k}"] = float(np.mean(w))
                row[f"wins_vs_{k}"] = float(np.mean(np.array(w) > 0))
                window[k] = w[-200:]
        if state["update"] % cfg.snapshot_every == 0:
            path = run / "snapshots" / f"u{state['update']}.npz"
            to_numpy_policy(net, arch).save(path)
            pool.append(str(path))
            # half the time the newest snapshot, else a uniformly drawn older one
            pick = pool[-1] if rng.random() < 0.5 else pool[int(rng.integers(len(pool)))]
            league.snapshot.net = _load_snapshot(pick)
            row["snapshot_opponent"] = Path(pick).stem
        if cfg.eval_every and state["update"] % cfg.eval_every == 0:
            path = run / "snapshots" / f"u{state['update']}.npz"
            if not path.exists():
                to_numpy_policy(net, arch).save(path)
            te = time.perf_counter()
            row.update(evaluate(path, cfg, run / "eval" / f"u{state['update']}.sqlite",
                                seed=cfg.seed + state["update"]))
            row["eval_s"] = time.perf_counter() - te
            console.print(_eval_line(state["update"], row, cfg.anchors))
        log.row(row, state["steps"])
        info = " ".join(f"{k[8:]} {v:.0%}" for k, v in row.items() if k.startswith("wins_vs_"))
        progress.update(task, advance=1, info=f"{row['steps_per_s']:,.0f} steps/s {info}")
        if state["update"] % cfg.checkpoint_every == 0 or state["update"] == updates_total:
            save_checkpoint(run / "checkpoint.pt", net, opt, state)


def _eval_line(update, row, anchors) -> str:
    parts = [f"{a} {row[f'eval_win_{a}']:.1%} [{row[f'eval_win_{a}_lo']:.0%}, "
             f"{row[f'eval_win_{a}_hi']:.0%}]" for a in anchors]
    return f"eval at update {update}: wins vs " + ", ".join(parts)


def _load_snapshot(path: str) -> PolicyNet:
    from maracaibo_env.maracaibo.agents.policy import load_policy
    return load_policy(path)


def _update(cfg, net, opt, feats, masks, acts, old_logp, adv, returns, rng) -> dict:
    import torch
    from torch.distributions import Categorical
    n = len(acts)
    F, M, A = torch.as_tensor(feats), torch.as_tensor(masks), torch.as_tensor(acts)
    OL, ADV, RET = torch.as_tensor(old_logp), torch.as_tensor(adv), torch.as_tensor(returns)
    sums = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0, "approx_kl": 0.0, "clip_frac": 0.0}
    count = 0
    for _ in range(cfg.epochs):
        for idx in np.array_split(rng.permutation(n), max(1, n // cfg.minibatch)):
            i = torch.as_tensor(idx)
            logits, v = net(F[i])
            dist = Categorical(logits=masked_logits(logits, M[i]))
            logp = dist.log_prob(A[i])
            adv_b = ADV[i]
            adv_b = (adv_b - adv_b.mean()) / (adv_b.std() + 1e-8)
            ratio = torch.exp(logp - OL[i])
            pl = -torch.min(ratio * adv_b, torch.clamp(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv_b).mean()
            vl = ((v - RET[i]) ** 2).mean()
            ent = dist.entropy().mean()
            loss = pl + cfg.value_coef * vl - cfg.entropy * ent
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), cfg.max_grad_norm)
            opt.step()
            with torch.no_grad():
                sums["policy_loss"] += float(pl); sums["value_loss"] += float(vl)
                sums["entropy"] += float(ent)
                sums["approx_kl"] += float(((ratio - 1) - torch.log(ratio)).mean())
                sums["clip_frac"] += float(((ratio - 1).abs() > cfg.clip).float().mean())
            count += 1
    return {k: v / count for k, v in sums.items()}


def export(run: str, out: str) -> None:
    """Copy a run's final (or latest checkpointed) policy to `out`."""
    import torch
    ck = torch.load(Path(run) / "checkpoint.pt", weights_only=False)
    cfg = Config(**{k: v for k, v in ck["state"]["config"].items()})
    net = make_net(tuple(cfg.hidden))
    net.load_state_dict(ck["net"])
    arch = Arch(tuple(cfg.hidden), cfg.players,
                notes=f"maracaibo_env/training/selfplay.py: imitation of {cfg.bc_teacher} ({cfg.bc_games} games), "
                      f"{cfg.dagger_rounds} DAgger rounds, {ck['state']['steps']:,} PPO steps "
                      f"({cfg.reward}); {ck['state']['seconds']:.0f} s of training")
    to_numpy_policy(net, arch).save(out)


# --------------------------------------------------------------------------- CLI

def build_parser() -> argparse.ArgumentParser:
    d = Config()
    p = argparse.ArgumentParser(
        prog="python -m maracaibo_env.training.selfplay", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Self-play PPO with an opponent league, started by imitating a heuristic.",
        epilog="examples:\n"
               "  python -m maracaibo_env.training.selfplay --run runs/sp2 --steps 20000000\n"
               "  python -m maracaibo_env.training.selfplay --run runs/smoke --steps 20000 --n-envs 64 --rollout 16 "
               "--bc-games 20 --eval-games 2\n"
               "  python -m maracaibo_env.training.selfplay --run runs/sp2 --export maracaibo_env/maracaibo/agents/policies/maracaibo-2p.npz\n"
               "A run folder resumes where it stopped when started again with the same settings.")
    p.add_argument("--run", default=d.run, help="run folder (checkpoint, logs, snapshots)")
    p.add_argument("--export", metavar="FILE.npz", help="write the run's policy to FILE and exit")
    for name in ("players", "steps", "n_envs", "rollout", "epochs", "minibatch", "snapshot_every",
                 "eval_every", "eval_games", "checkpoint_every", "bc_games", "bc_epochs", "dagger_rounds",
                 "dagger_steps", "dagger_envs", "seed", "threads"):
        p.add_argument("--" + name.replace("_", "-"), type=int, default=getattr(d, name))
    for name in ("lr", "gamma", "lam", "clip", "entropy", "value_coef", "bc_lr"):
        p.add_argument("--" + name.replace("_", "-"), type=float, default=getattr(d, name))
    p.add_argument("--hidden", default=",".join(map(str, d.hidden)), help="layer widths, e.g. 256,256")
    p.add_argument("--league", default=d.league, help="opponents and their share of the games")
    p.add_argument("--anchors", default=",".join(d.anchors), help="evaluation opponents")
    p.add_argument("--bc-teacher", default=d.bc_teacher, choices=HEURISTIC_NAMES)
    p.add_argument("--reward", default=d.reward, choices=("win_loss", "vp_margin"))
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.export:
        export(args.run, args.export)
        print(f"wrote {args.export}")
        return 0
    try:
        hidden = tuple(int(x) for x in args.hidden.split(","))
        fields = {k: v for k, v in vars(args).items() if k in Config.__dataclass_fields__}
        cfg = Config(**fields | {"hidden": hidden, "anchors": tuple(args.anchors.split(","))})
        parse_league(cfg.league)
        if cfg.players not in (2, 3, 4):
            raise ValueError("--players must be 2, 3 or 4")
        if min(cfg.n_envs, cfg.rollout, cfg.epochs, cfg.minibatch, cfg.snapshot_every,
               cfg.checkpoint_every, cfg.eval_games, cfg.threads) < 1 or min(hidden) < 1:
            raise ValueError("sizes and counts must be >= 1")
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    try:
        train(cfg, progress_bar=not args.no_progress)
    except ValueError as e:  # a resumed run with other settings
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

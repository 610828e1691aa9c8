"""Expert iteration for Maracaibo's search: a learned leaf value, from games.

    python -m maracaibo_env.training.expert_iteration --run runs/ei                 # train (resumes if the run exists)
    python -m maracaibo_env.training.expert_iteration --run runs/ei --export maracaibo_env/maracaibo/agents/values/maracaibo.npz

Stages (one run folder; every stage is a checkpoint, so a killed run resumes
where it stopped, and a run can be split: start it with ``--iterations 1``,
later rerun it with ``--iterations 3`` and only stages 2 and 3 are played):

0. **Heuristic games** (``--games0`` per player count: solo against Jean at
   every level, 2, 3 and 4 players), played inside numba by random line-ups
   of the five heuristics with ``--eps`` random moves. At sampled decisions
   (``--sample``) the features of every seat (maracaibo_env/maracaibo/agents/value_net.py) are kept;
   when the game ends each row gets that seat's result (its final margin
   over the best other seat / 100). The network is fitted to them.
1. **Search games**, stage k = 1 .. ``--iterations``: the search with the
   previous stage's network at its leaves (``mcts:value=<file>`` with
   ``--search-iters`` iterations) plays against the heuristics and itself;
   its positions and results are added, and the network is refitted on all
   data so far (the newest stage weighted ``--recent`` times).

Logs: ``log.csv`` (one row per fitting epoch: stage, epoch, train and held-out
loss, the held-out loss of the hand-written evaluation for comparison),
``stages.json`` (what each stage played and how long it took), ``data_k.npz``
and ``value_k.npz`` per stage. Torch is needed here only; playing with the
result needs numpy and numba.
"""
from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import csv
import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.agents.fast_play import SeatTables, seed_generator
from maracaibo_env.maracaibo.agents.heuristics import HEURISTICS, make_agent, table_move
from maracaibo_env.maracaibo.agents.value_net import (NUM_FEATURES, FEATURES_VERSION, FORMAT, ValueNet, estimates, features,
                              final_margin)
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.engine import step_unchecked
from maracaibo_env.maracaibo.core.layout import G_OVER, G_CUR, G_NP, G_SOLO, MAX_P
from maracaibo_env.maracaibo.core.random_play import pick_uniform, xorshift
from maracaibo_env.maracaibo.core.enums import DIFFICULTIES
from maracaibo_env.maracaibo.core import drop_stale_cache
import maracaibo_env.maracaibo.agents.heuristics as _heuristics
import maracaibo_env.maracaibo.agents.value_net as _value_net

# its compiled play_recording links the engine's, the heuristics' and the value
# features' code: without this a core change left it running on stale constants
drop_stale_cache(__file__, _heuristics.__file__, _value_net.__file__)

PLAYER_COUNTS = (1, 2, 3, 4)   # 1 = solo against Jean


@njit(cache=True)
def play_recording(state, cat, mask, kinds, W, lookahead, card_base, card_bonus, career_val, deck_val,
                   area_full, area_ongoing, exp_prog, dval, fake_token, x, eps, sample,
                   fW, f_card_bonus, feats, seats):
    """Play the game in `state` to its end (kinds[seat]: the row of its
    heuristic in the stacked tables, as maracaibo_env.maracaibo.agents.fast_play.play_game; a move is
    uniformly random with probability eps). At each decision, with probability
    `sample`, the features of every deciding seat are written to feats/seats
    (evaluated with the weights fW). Returns (rows written, x)."""
    legal = np.zeros(NUM_ACTIONS, np.int64)
    vals = np.zeros(NUM_ACTIONS, np.float64)
    root = np.zeros_like(state)
    est = np.zeros(MAX_P, np.float64)
    n = 0
    dec = 0
    solo = state[G_SOLO] != 0
    while state[G_OVER] == 0 and dec < 8192:
        x = xorshift(x)
        u = (x >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        if u < sample:
            n_seats = 1 if solo else state[G_NP]
            estimates(state, cat, fW, area_full, area_ongoing, exp_prog, f_card_bonus, dval, est)
            for p in range(n_seats):
                if n < feats.shape[0]:
                    features(state, cat, p, est, fW, exp_prog, feats[n])
                    seats[n] = p
                    n += 1
        me = state[G_CUR]
        x = xorshift(x)
        u = (x >> np.uint64(11)) * (1.0 / 9007199254740992.0)
        if u < eps:
            a, x = pick_uniform(mask, x)
        else:
            a, x = table_move(state, cat, mask, kinds[me], W, lookahead, card_base, card_bonus, career_val,
                              deck_val, area_full, area_ongoing, exp_prog, dval, fake_token, x,
                              legal, vals, root)
        step_unchecked(state, cat, a, mask)
        dec += 1
    return n, x


@dataclass
class Config:
    run: str = "runs/ei"
    games0: int = 3000            # heuristic games per player count in stage 0
    eps: float = 0.05             # random moves in stage-0 games
    sample: float = 0.08          # share of decisions whose positions are kept (2 players; less with more)
    iterations: int = 2           # search stages after stage 0
    search_games: int = 150       # search games per player count per search stage
    search_iters: int = 300       # the search's iterations per decision in data games
    recent: float = 2.0           # weight of the newest stage's rows in a refit
    hidden: tuple = (64, 32)
    epochs: int = 12
    batch: int = 512
    lr: float = 2e-3
    seed: int = 0
    counts: tuple = PLAYER_COUNTS


class Log:
    def __init__(self, path: Path):
        new = not path.exists()
        self.f = path.open("a", newline="")
        self.w = csv.writer(self.f)
        if new:
            self.w.writerow(["stage", "epoch", "train_loss", "held_out_loss", "heuristic_loss", "seconds"])

    def row(self, *v):
        self.w.writerow(v)
        self.f.flush()


def _rate(cfg: Config, count: int) -> float:
    """The share of decisions whose positions are kept: cfg.sample in solo and
    2-player games, less with more seats (each kept decision gives a row per seat)."""
    return cfg.sample * 2 / max(2, count)


def _catalog():
    from maracaibo_env.maracaibo.catalog import load_catalog
    return load_catalog()


def _balanced_tables(catalog):
    t = make_agent("balanced").tables(catalog)
    return t[0], t[3]        # W, card_bonus


def heuristic_games(count: int, n_games: int, first_seed: int, cfg: Config, progress=None, task=None):
    """(features, targets, game seeds) of n_games heuristic games with `count` players
    (1 = solo, Jean's level rotating)."""
    from maracaibo_env.maracaibo.game import Game
    catalog = _catalog()
    names = sorted(HEURISTICS)
    fW, fcb = _balanced_tables(catalog)
    feats_all, targets_all, games_all = [], [], []
    buf = np.zeros((4096, NUM_FEATURES), np.float64)
    seats = np.zeros(4096, np.int64)
    rng = np.random.default_rng(first_seed)
    cache: dict = {}
    for g in range(n_games):
        seed = first_seed + g
        if count == 1:
            game = Game(1, seed=seed, difficulty=DIFFICULTIES[g % len(DIFFICULTIES)])
            lineup = (names[rng.integers(len(names))],)
        else:
            game = Game(count, seed=seed)
            lineup = tuple(names[i] for i in rng.integers(len(names), size=count))
        key = tuple(sorted(set(lineup)))
        if key not in cache:
            cache[key] = SeatTables([make_agent(a) for a in key], catalog)
        t = cache[key]
        kinds = np.full(MAX_P, 0, np.int64)
        for s, a in enumerate(lineup):
            kinds[s] = key.index(a)
        n, _ = play_recording(game.state, game._cat, game._mask, kinds, t.W, t.lookahead, t.card_base,
                              t.card_bonus, t.career_val, t.deck_val, *t.shared, seed_generator(seed),
                              cfg.eps, _rate(cfg, count), fW, fcb, buf, seats)
        if not game.state[G_OVER]:
            continue
        feats_all.append(buf[:n].copy())
        targets_all.append(np.array([final_margin(game.state, int(s)) for s in seats[:n]]))
        games_all.append(np.full(n, seed, np.int64))
        if progress is not None:
            progress.advance(task)
    return np.concatenate(feats_all), np.concatenate(targets_all), np.concatenate(games_all)


def heuristic_margin(X: np.ndarray) -> np.ndarray:
    """The hand-written evaluation's value of feature rows X (the margin of
    the seat's estimate over the best other seat's / 100; solo: the human's
    estimate, which is already a margin over Jean): the baseline a fitted
    network must beat."""
    from maracaibo_env.maracaibo.agents.value_net import SEAT_FEATURES
    est = X[:, [r * SEAT_FEATURES + SEAT_FEATURES - 1 for r in range(MAX_P)]]
    present = X[:, [r * SEAT_FEATURES for r in range(MAX_P)]] > 0
    g = MAX_P * SEAT_FEATURES
    solo = X[:, g + 7] > 0
    others = np.where(present[:, 1:], est[:, 1:], -np.inf).max(axis=1)
    return np.where(solo, est[:, 0], est[:, 0] - others)


def fit(X, y, games, cfg: Config, stage: int, log: Log, weights=None, progress=None, task=None) -> ValueNet:
    """A ValueNet fitted to (X, y) by torch (mean squared error, Adam); one
    game in ten held out (by game, so its positions do not leak)."""
    import torch
    torch.manual_seed(cfg.seed + stage)
    held = (games * 0x9E3779B1 % 10) == 0
    mean = X[~held].mean(axis=0)
    std = X[~held].std(axis=0)
    std = np.where(std < 1e-6, 1.0, std)
    Z = ((X - mean) / std).astype(np.float32)
    yt = y.astype(np.float32)
    w = np.ones(len(y), np.float32) if weights is None else weights.astype(np.float32)
    h0, h1 = cfg.hidden
    net = torch.nn.Sequential(torch.nn.Linear(X.shape[1], h0), torch.nn.ReLU(), torch.nn.Linear(h0, h1),
                              torch.nn.ReLU(), torch.nn.Linear(h1, 1))
    opt = torch.optim.Adam(net.parameters(), lr=cfg.lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=cfg.epochs)
    tr = torch.from_numpy(np.flatnonzero(~held))
    Zt, Yt, Wt = torch.from_numpy(Z), torch.from_numpy(yt), torch.from_numpy(w)
    Zh, Yh = Zt[torch.from_numpy(np.flatnonzero(held))], Yt[torch.from_numpy(np.flatnonzero(held))]
    base = float(np.mean((heuristic_margin(X[held]) - y[held]) ** 2)) if held.any() else float("nan")
    gen = torch.Generator().manual_seed(cfg.seed + stage)
    t0 = time.time()
    for ep in range(cfg.epochs):
        net.train()
        perm = tr[torch.randperm(len(tr), generator=gen)]
        tot, cnt = 0.0, 0
        for i in range(0, len(perm), cfg.batch):
            b = perm[i:i + cfg.batch]
            pred = net(Zt[b]).squeeze(1)
            loss = (Wt[b] * (pred - Yt[b]) ** 2).sum() / Wt[b].sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            tot += float(loss.detach()) * len(b)
            cnt += len(b)
        sched.step()
        net.eval()
        with torch.no_grad():
            hl = float(((net(Zh).squeeze(1) - Yh) ** 2).mean()) if len(Yh) else float("nan")
        log.row(stage, ep, round(tot / max(cnt, 1), 6), round(hl, 6), round(base, 6), round(time.time() - t0, 1))
        if progress is not None:
            progress.update(task, advance=1, description=f"stage {stage}: fit (held-out mse {hl:.4f}, "
                                                         f"hand-written {base:.4f})")
    lin = [m for m in net if isinstance(m, torch.nn.Linear)]
    arrays = {"mean": mean, "std": std,
              "w0": lin[0].weight.detach().numpy().T, "b0": lin[0].bias.detach().numpy(),
              "w1": lin[1].weight.detach().numpy().T, "b1": lin[1].bias.detach().numpy(),
              "w2": lin[2].weight.detach().numpy()[0], "b2": lin[2].bias.detach().numpy()}
    meta = {"format": FORMAT, "features": FEATURES_VERSION, "num_features": NUM_FEATURES,
            "hidden": [h0, h1], "trained": f"stage {stage}, {len(y)} positions",
            "held_out_mse": hl, "hand_written_mse": base, "notes": "maracaibo_env/training/expert_iteration.py"}
    return ValueNet(arrays, meta, f"<stage {stage}>")


def search_games(count: int, n_games: int, first_seed: int, value_file: str, cfg: Config,
                 progress=None, task=None):
    """(features, targets, game seeds) of n_games played by the search with the
    value `value_file` at its leaves: in solo against Jean (levels rotating),
    else the search in one seat (rotating) and the heuristics (drawn at
    random) in the others; positions of every deciding seat are kept."""
    from maracaibo_env.agents.base import act_with
    from maracaibo_env.maracaibo.agents.mcts import MCTSAgent
    from maracaibo_env.maracaibo.game import Game
    catalog = _catalog()
    names = sorted(HEURISTICS)
    t = make_agent("balanced").tables(catalog)
    fW, fcb, area_full, area_ongoing, exp_prog, dval = t[0], t[3], t[6], t[7], t[8], t[9]
    hero = MCTSAgent(iterations=cfg.search_iters, value=value_file)
    rng = np.random.default_rng(first_seed)
    est = np.zeros(MAX_P, np.float64)
    feats_all, targets_all, games_all = [], [], []
    for g in range(n_games):
        seed = first_seed + g
        if count == 1:
            game = Game(1, seed=seed, difficulty=DIFFICULTIES[g % len(DIFFICULTIES)])
            agents = [hero]
        else:
            game = Game(count, seed=seed)
            agents = [make_agent(names[i]) for i in rng.integers(len(names), size=count)]
            agents[g % count] = hero
        rows, seats = [], []
        while not game.is_over:
            if rng.random() < _rate(cfg, count):
                estimates(game.state, game._cat, fW, area_full, area_ongoing, exp_prog, fcb, dval, est)
                for p in range(game.num_players):
                    f = np.zeros(NUM_FEATURES, np.float64)
                    features(game.state, game._cat, p, est, fW, exp_prog, f)
                    rows.append(f)
                    seats.append(p)
            game.step(act_with(agents[game.current_player], game, rng))
        if rows:
            feats_all.append(np.array(rows))
            targets_all.append(np.array([final_margin(game.state, s) for s in seats]))
            games_all.append(np.full(len(rows), seed, np.int64))
        if progress is not None:
            progress.advance(task)
    if not feats_all:
        return np.zeros((0, NUM_FEATURES)), np.zeros(0), np.zeros(0, np.int64)
    return np.concatenate(feats_all), np.concatenate(targets_all), np.concatenate(games_all)


# ---- the run: stages, checkpoints, resume ----------------------------------------------------
SEED_STRIDE = 1_000_000    # stage k, player count c plays seeds cfg.seed + k*SEED_STRIDE + c*100_000 + i


def _stage_seed(cfg: Config, stage: int, count: int) -> int:
    return cfg.seed + 10**8 + stage * SEED_STRIDE + count * 100_000


def _load_data(run: Path, upto: int):
    parts = []
    for k in range(upto + 1):
        with np.load(run / f"data_{k}.npz") as z:
            parts.append((z["X"], z["y"], z["g"], np.full(len(z["y"]), k)))
    X, y, g, k = (np.concatenate([p[i] for p in parts]) for i in range(4))
    return X, y, g, k


def train(cfg: Config, progress_bar: bool = True) -> Path:
    """Run (or resume) every stage of `cfg`; returns the last value file."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn
    run = Path(cfg.run)
    run.mkdir(parents=True, exist_ok=True)
    cfg_file = run / "config.json"
    mine = json.loads(json.dumps(asdict(cfg), sort_keys=True, default=list))
    if cfg_file.exists():
        # a run may be split: resumed with more --iterations (the stages done stay), nothing else changed
        theirs = json.loads(cfg_file.read_text())
        if {**theirs, "iterations": 0} != {**mine, "iterations": 0}:
            raise SystemExit(f"{run} was started with another configuration ({cfg_file}); "
                             "use a new --run folder or the same options (only --iterations may change)")
        mine["iterations"] = max(mine["iterations"], theirs["iterations"])
    cfg_file.write_text(json.dumps(mine, sort_keys=True))
    stages_file = run / "stages.json"
    stages = json.loads(stages_file.read_text()) if stages_file.exists() else []
    log = Log(run / "log.csv")
    console = Console(stderr=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    last = None
    with Progress(*columns, console=console, disable=not progress_bar) as progress:
        for stage in range(cfg.iterations + 1):
            vfile = run / f"value_{stage}.npz"
            if vfile.exists() and (run / f"data_{stage}.npz").exists():
                last = vfile
                continue   # done in an earlier run
            t0 = time.time()
            data_file = run / f"data_{stage}.npz"
            if not data_file.exists():
                parts = []
                for c in cfg.counts:
                    n = cfg.games0 if stage == 0 else cfg.search_games
                    task = progress.add_task(f"stage {stage}: {'solo' if c == 1 else f'{c}p'} "
                                             f"{'heuristic' if stage == 0 else 'search'} games", total=n)
                    if stage == 0:
                        parts.append(heuristic_games(c, n, _stage_seed(cfg, stage, c), cfg, progress, task))
                    else:
                        parts.append(search_games(c, n, _stage_seed(cfg, stage, c), str(last), cfg,
                                                  progress, task))
                X, y, g = (np.concatenate([p[i] for p in parts]) for i in range(3))
                np.savez(data_file, X=X, y=y, g=g)
            X, y, g, k = _load_data(run, stage)
            base = heuristic_margin(X)
            weights = np.where(k == stage, cfg.recent, 1.0) if stage > 0 else None
            task = progress.add_task(f"stage {stage}: fit", total=cfg.epochs)
            net = fit(X, y - base, g, cfg, stage, log, weights, progress, task)
            net.save(vfile)
            stages.append({"stage": stage, "positions": int(len(y)), "seconds": round(time.time() - t0, 1),
                           "held_out_mse": net.meta["held_out_mse"],
                           "hand_written_mse": float(np.mean((base - y) ** 2))})
            stages_file.write_text(json.dumps(stages, indent=1))
            console.print(f"stage {stage}: {len(y):,} positions, held-out mse {net.meta['held_out_mse']:.4f} "
                          f"(the hand-written evaluation: {stages[-1]['hand_written_mse']:.4f}), "
                          f"{stages[-1]['seconds']:.0f} s -> {vfile}")
            last = vfile
    return last


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m maracaibo_env.training.expert_iteration",
        description="Train the learned leaf value of Maracaibo's search by expert iteration "
                    "(heuristic games, then search games with the previous value).",
        epilog="examples:\n"
               "  python -m maracaibo_env.training.expert_iteration --run runs/ei\n"
               "  python -m maracaibo_env.training.expert_iteration --run runs/smoke --games0 20 --iterations 1 "
               "--search-games 2 --search-iters 20 --epochs 2\n"
               "  python -m maracaibo_env.training.expert_iteration --run runs/ei --export maracaibo_env/maracaibo/agents/values/maracaibo.npz",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    d = Config()
    p.add_argument("--run", default=d.run, help="the run folder (resumed when it exists)")
    p.add_argument("--games0", type=int, default=d.games0, help="heuristic games per player count (stage 0)")
    p.add_argument("--eps", type=float, default=d.eps, help="random-move share in stage-0 games")
    p.add_argument("--sample", type=float, default=d.sample, help="share of decisions whose positions are kept")
    p.add_argument("--iterations", type=int, default=d.iterations, help="search stages after stage 0")
    p.add_argument("--search-games", type=int, default=d.search_games, help="search games per player count a stage")
    p.add_argument("--search-iters", type=int, default=d.search_iters, help="search iterations a decision in data games")
    p.add_argument("--recent", type=float, default=d.recent, help="weight of the newest stage's positions")
    p.add_argument("--hidden", default="64,32", help="the two hidden layers' sizes")
    p.add_argument("--epochs", type=int, default=d.epochs)
    p.add_argument("--lr", type=float, default=d.lr)
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument("--counts", default="1,2,3,4", help="player counts to play (1 = solo against Jean)")
    p.add_argument("--export", metavar="FILE", help="copy the run's last value file to FILE and stop")
    p.add_argument("--no-progress", action="store_true")
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        hidden = tuple(int(h) for h in args.hidden.split(","))
        counts = tuple(int(c) for c in args.counts.split(","))
    except ValueError:
        print("--hidden and --counts are comma-separated integers", file=sys.stderr)
        return 2
    if len(hidden) != 2 or min(hidden) < 1 or not set(counts) <= set(PLAYER_COUNTS) or not counts:
        print("--hidden takes two sizes >= 1; --counts takes player counts from 1,2,3,4", file=sys.stderr)
        return 2
    for name in ("games0", "iterations", "search_games", "search_iters", "epochs"):
        if getattr(args, name) < (0 if name == "iterations" else 1):
            print(f"--{name.replace('_', '-')} must be >= {0 if name == 'iterations' else 1}", file=sys.stderr)
            return 2
    if not (0 <= args.eps <= 1 and 0 < args.sample <= 1 and args.recent > 0 and args.lr > 0):
        print("--eps in 0..1, --sample in (0, 1], --recent and --lr > 0", file=sys.stderr)
        return 2
    cfg = Config(run=args.run, games0=args.games0, eps=args.eps, sample=args.sample,
                 iterations=args.iterations, search_games=args.search_games, search_iters=args.search_iters,
                 recent=args.recent, hidden=hidden, epochs=args.epochs, lr=args.lr, seed=args.seed,
                 counts=counts)
    if args.export:
        files = sorted(Path(args.run).glob("value_*.npz"), key=lambda f: int(f.stem.split("_")[1]))
        if not files:
            print(f"{args.run}: no value file yet (train first)", file=sys.stderr)
            return 2
        ValueNet.load(files[-1]).save(args.export)
        print(f"{files[-1]} -> {args.export}")
        return 0
    out = train(cfg, progress_bar=not args.no_progress)
    print(f"value: {out} (use it as mcts:value={out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

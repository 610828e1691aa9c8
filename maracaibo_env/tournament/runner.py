"""Play a tournament's games and store each one as it finishes.

    from maracaibo_env.tournament import TournamentConfig, run_tournament
    cfg = TournamentConfig(agents=("balanced", "ship_income", "random"), games=20, seed=1)
    tid = run_tournament(cfg, "rr.sqlite", workers=2)             # local processes
    tid = run_tournament(cfg, "rr.sqlite", resume=True)            # finish an interrupted run
    tid = run_tournament(cfg, "rr.sqlite", backend="ray", address="auto")   # a Ray cluster

Backends: "local" plays in this process (workers=1) or in a pool of
`workers` processes; "ray" sends the same jobs as Ray tasks (to the cluster at
`address`, or to a local Ray started with num_cpus=workers). Jobs travel in
small chunks to amortise the per-task cost; the parent writes every game in
its own transaction the moment its chunk returns. A job's result depends only
on the job (agents, seats, seed, level, story), so every backend and worker
count stores the same results. Each job is played by its game's adapter
(maracaibo_env.agents.adapter: Maracaibo's match.play_match, Pirates'
pirates_match.play_pirates_match).
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import sys
import time
import traceback
import warnings
from typing import Iterable, Iterator

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.text import Text

from ..agents.adapter import get_adapter
from ..agents.registry import kind_of, solo_kind, solo_spec
from ..framework.version import VERSION
from ..framework.match import GameResult
from . import store
from .formats import Job, TournamentConfig, config_differences

BACKENDS = ("local", "ray")
RAY_HINT = "pip install 'maracaibo-env[ray]'"


class JobError(RuntimeError):
    """A game that raised: names the job, its seed and the original traceback."""


def play_job(job: Job) -> tuple[int, GameResult, float]:
    """(job.index, the game's result, seconds it took) for one job."""
    t = time.perf_counter()
    try:
        r = get_adapter(job.game).play_job(job)
    except Exception as e:
        raise JobError(f"game {job.key!r} (seed {job.seed}) failed: {type(e).__name__}: {e}\n"
                       + traceback.format_exc()) from None
    return job.index, r, time.perf_counter() - t


def play_chunk(jobs: list[Job]) -> list[tuple[int, GameResult, float]]:
    """play_job for each job of a chunk (the unit sent to a worker or Ray task)."""
    return [play_job(j) for j in jobs]


def chunked(jobs: list[Job], size: int) -> list[list[Job]]:
    return [jobs[i:i + size] for i in range(0, len(jobs), size)]


def chunk_size(n_jobs: int, workers: int, cap: int) -> int:
    """About 8 chunks per worker (so the last chunks finish close together),
    at most `cap` games per chunk."""
    return max(1, min(cap, math.ceil(n_jobs / (8 * max(1, workers)))))


def _agent_rows(cfg: TournamentConfig) -> list[tuple[str, str, str]]:
    """(spec, kind, role) of the tournament's agents; the game's solo opponent
    (the agent table's kind that takes no seat) has the role "opponent", whether
    the solo format adds it at its levels or a line-up names it (jordan:<k>)."""
    parse_spec = get_adapter(cfg.game).parse_spec
    rows = []
    if cfg.hero is not None:
        rows.append((cfg.hero, parse_spec(cfg.hero).kind, "hero"))
    for a in cfg.agents:
        spec = parse_spec(a)
        rows.append((a, spec.kind, "agent" if kind_of(spec).seat else "opponent"))
    if cfg.format == "solo":
        kind = solo_kind(cfg.game).kind
        rows += [(solo_spec(cfg.game, lv), kind, "opponent") for lv in cfg.levels]
    return rows


def _more_deals(stored: dict, requested: dict) -> bool:
    """True when requested is the stored tournament with more deals (--games)."""
    return (requested.get("games", 0) > stored.get("games", 0)
            and {**stored, "games": requested["games"]} == requested)


def prepare(config: TournamentConfig, db_path, *, resume: bool = False):
    """Open (or create) the tournament in the database: (connection, id, the
    jobs still to play, total jobs). StoreError when the file holds another
    tournament, this one without resume, or another game's tournament."""
    cfg = config.normalized()
    jobs = cfg.jobs()
    catalog = get_adapter(cfg.game).load_catalog(cfg.data_dir)
    # campaign games (a chapter option) also depend on the story cards: record both
    data_hash = catalog.campaign_hash if dict(cfg.options or ()).get("chapter") else catalog.data_hash
    version = VERSION
    con = store.connect(db_path)
    try:
        store.check_game(con, cfg.game, db_path)
        existing = store.tournaments(con)
        if existing:
            t = existing[-1]
            if not resume:
                raise store.StoreError(
                    f"{str(db_path)!r} already holds a tournament (id {t.id}, {t.games_stored} of "
                    f"{t.jobs_total} games stored): add --resume to continue it, or pass "
                    "another --db file")
            requested = cfg.to_dict()
            diffs = config_differences(t.config, requested)
            # more deals of the same settings extend it: deal d's games are the same
            # in both schedules (their seeds and keys depend on d only)
            extend = bool(diffs) and _more_deals(t.config, requested)
            if diffs and not extend:
                raise store.StoreError(
                    f"cannot resume the tournament in {str(db_path)!r}: its settings differ from "
                    "the requested ones:\n  " + "\n  ".join(diffs) +
                    "\n(resume with the stored settings, or use another --db file)")
            if t.data_hash != data_hash:
                raise store.StoreError(
                    f"cannot resume the tournament in {str(db_path)!r}: it was played with game "
                    f"data {t.data_hash[:12]}, this installation has {data_hash[:12]}")
            if t.package_version != version:
                warnings.warn(f"the tournament was started with maracaibo_env "
                              f"{t.package_version}; resuming with {version} (each game row "
                              "records its version)", stacklevel=2)
            if extend:
                store.extend_tournament(con, t.id, requested, len(jobs))
            tid = t.id
        else:
            tid = store.create_tournament(con, cfg.to_dict(), _agent_rows(cfg), len(jobs),
                                          version, data_hash, cfg.game)
        done = store.done_keys(con, tid)
        keys = {j.key for j in jobs}
        stray = done - keys
        if stray:
            raise store.StoreError(f"the stored tournament has {len(stray)} game(s) its "
                                   f"schedule does not contain (e.g. {sorted(stray)[0]!r})")
        return con, tid, [j for j in jobs if j.key not in done], len(jobs)
    except BaseException:
        con.close()
        raise


def run_tournament(config: TournamentConfig, db_path, *, workers: int = 1, backend: str = "local",
                   address: str | None = None, resume: bool = False, progress: bool = True,
                   chunk: int | None = None) -> int:
    """Play every game of `config` not yet stored in `db_path` and store each
    as it finishes; returns the tournament's id in the file.

    workers: processes (local) or CPUs of a local Ray (ray); backend: "local"
    or "ray"; address: a Ray cluster's address ("auto", "ray://host:10001");
    resume: continue the tournament stored in the file (its config must equal
    `config`); progress: a progress bar with ETA on stderr; chunk: games per
    task (default: chosen from the number of games and workers).
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be an int >= 1, not {workers!r}")
    if address is not None and backend != "ray":
        raise ValueError("address is for the ray backend")
    ray = _import_ray() if backend == "ray" else None   # fails before anything is written
    version = VERSION
    con, tid, todo, total = prepare(config, db_path, resume=resume)
    by_index = {j.index: j for j in todo}
    try:
        with _Progress(progress, total, total - len(todo)) as bar:
            if not todo:
                pass
            elif backend == "local" and workers == 1:
                results = (play_job(j) for j in todo)
                _store_all(con, tid, by_index, ((r,) for r in results), version, bar)
            elif backend == "local":
                _run_pool(con, tid, todo, by_index, workers, chunk, version, bar,
                          get_adapter(config.game).warm_modules)
            else:
                _run_ray(ray, con, tid, todo, by_index, workers, address, chunk, version, bar)
        if len(store.done_keys(con, tid)) == total:
            store.mark_finished(con, tid)
    finally:
        con.close()
    return tid


def _store_all(con, tid, by_index, batches: Iterable[list], version, bar) -> None:
    for batch in batches:
        for index, result, secs in batch:
            store.insert_game(con, tid, by_index[index], result, secs, version)
            bar.advance()


def _pool_context(warm=(__package__ + "._warm",)):
    methods = mp.get_all_start_methods()
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        # the server loads the game once (see _warm.py); each worker is a fork of it
        # (the first pool of a process starts the server: its game is the one preloaded)
        ctx.set_forkserver_preload([__name__, *warm])
        return ctx
    return mp.get_context("spawn")


def _run_pool(con, tid, todo, by_index, workers, chunk, version, bar, warm) -> None:
    size = chunk or chunk_size(len(todo), workers, cap=8)
    ctx = _pool_context(warm)
    pool = ctx.Pool(min(workers, len(todo)))
    try:
        _store_all(con, tid, by_index, pool.imap_unordered(play_chunk, chunked(todo, size)),
                   version, bar)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _import_ray():
    try:
        import ray
    except ImportError:
        raise ImportError(f"the ray backend needs Ray: {RAY_HINT}") from None
    return ray


def _run_ray(ray, con, tid, todo, by_index, workers, address, chunk, version, bar) -> None:
    started = False
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS") or None
        kw = dict(include_dashboard=False, logging_level="ERROR", log_to_driver=True)
        if address:
            ray.init(address=address, **kw)
        else:
            # workers of a local Ray import user agents (python:<module>:<Class>)
            # from this process's folder and path
            path = os.pathsep.join(p for p in [os.getcwd(), *sys.path] if p)
            ray.init(num_cpus=workers, runtime_env={"env_vars": {"PYTHONPATH": path}}, **kw)
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        size = chunk or chunk_size(len(todo), cpus, cap=16)
        task = ray.remote(num_cpus=1)(play_chunk)
        chunks = iter(chunked(todo, size))
        pending = []

        def submit(n):
            for c in _take(chunks, n):
                pending.append(task.remote(c))

        submit(2 * cpus)   # a bounded window: a huge tournament is not all queued at once
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                submit(len(ready))
                try:
                    batches = ray.get(ready)
                except ray.exceptions.RayTaskError as e:
                    cause = e.as_instanceof_cause()
                    msg = cause.args[0] if isinstance(cause, JobError) and cause.args else str(e)
                    raise JobError(msg) from None
                _store_all(con, tid, by_index, batches, version, bar)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()


def _take(it: Iterator, n: int) -> list:
    out = []
    for _ in range(n):
        try:
            out.append(next(it))
        except StopIteration:
            break
    return out


class _Progress:
    """A rich progress bar on stderr (games, rate, elapsed, ETA), or nothing."""

    def __init__(self, enabled: bool, total: int, done: int):
        self.enabled, self.total, self.done = enabled, total, done
        self._p = None

    def __enter__(self):
        if self.enabled:
            self._p = Progress(TextColumn("[bold]tournament"), BarColumn(), MofNCompleteColumn(),
                               TextColumn("games"), _RateColumn(), TimeElapsedColumn(),
                               TextColumn("ETA"), TimeRemainingColumn(),
                               console=Console(stderr=True), redirect_stdout=False,
                               redirect_stderr=False)
            self._p.start()
            self._task = self._p.add_task("games", total=self.total, completed=self.done)
        return self

    def advance(self) -> None:
        self.done += 1
        if self._p is not None:
            self._p.advance(self._task)

    def __exit__(self, *exc):
        if self._p is not None:
            self._p.stop()
        return False


class _RateColumn(ProgressColumn):
    """Games per second (rich's speed estimate over the last 30 s)."""

    def render(self, task):
        s = task.speed
        return Text("" if s is None else f"{s:.1f}/s", style="progress.data.speed")

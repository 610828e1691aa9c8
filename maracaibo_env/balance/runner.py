"""Playing the games of a balance run, and reading stored ones.

A balance run is one tournament per player count (2 players: round robin,
3-4: free-for-all, solo: each agent against Jean), built with the tournament
package's schedules (maracaibo_env.tournament.formats): every deal is played in
every seating ("duplicate" play), deal d has the same seed in every line-up.

    parts = plan(agents, players=(2, 3, 4), games=5, seed=0, solo=True)
    out = play(parts, db="runs/bal.sqlite", workers=2)          # out.results: list[GameResult]
    results = read_db(["runs/bal.sqlite"])                      # stored games, any run

With the shipped game data the games are played by the tournament runner
(`run_tournament`: SQLite store, resume, progress with ETA). The tournament
runner always plays the shipped data, so with a modified data folder
(`data_dir`) the games are played here instead, each with
`play_match(..., catalog=load_catalog(data_dir))`, in a local process pool
with the same progress bar, and (with `db`) stored through the tournament
store so that `read_db` and `maracaibo tournament --show` read them.

`db` names one file per part when there are several: runs/bal.sqlite ->
runs/bal-2p.sqlite, runs/bal-3p.sqlite, runs/bal-solo.sqlite.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..catalog import load_catalog


@dataclass
class Part:
    name: str            # '2p', '3p', '4p' or 'solo'
    config: object       # tournament.formats.TournamentConfig (normalized)

    @property
    def jobs(self):
        return self.config.jobs()


@dataclass
class PlayOutcome:
    results: list
    seconds: float
    db_files: list[str] = field(default_factory=list)
    runner: str = ""


def plan(agents, players=(2, 3, 4), games: int = 2, seed: int = 0, story: int = 75,
         solo: bool = False, levels=None) -> list[Part]:
    """The tournaments of a balance run (AgentSpecError / ScheduleError on bad
    settings, before anything is played)."""
    from ..tournament.formats import TournamentConfig
    parts = []
    for n in sorted(set(players)):
        if n == 1:
            solo = True
            continue
        fmt = "round_robin" if n == 2 else "ffa"
        parts.append(Part(f"{n}p", TournamentConfig(agents=tuple(agents), format=fmt, players=n, games=games,
                                                    seed=seed, story=story).normalized()))
    if solo:
        parts.append(Part("solo", TournamentConfig(agents=tuple(agents), format="solo", players=1, games=games,
                                                   seed=seed, story=story,
                                                   levels=tuple(levels) if levels else None).normalized()))
    return parts


def part_path(db, name: str, several: bool) -> Path:
    p = Path(db)
    return p.with_name(f"{p.stem}-{name}{p.suffix or '.sqlite'}") if several else p


def existing_db_files(db) -> list[Path]:
    """The file itself, or the part files a multi-part run wrote for it."""
    p = Path(db)
    if p.exists():
        return [p]
    parts = [part_path(p, n, True) for n in ("2p", "3p", "4p", "solo")]
    return [x for x in parts if x.exists()]


def read_db(paths, tournament_id: int | None = None) -> tuple[list, list[str]]:
    """(every stored GameResult of every tournament in the files, the files
    read); StoreError / FileNotFoundError when a file holds none."""
    from ..tournament import store
    out, files = [], []
    for given in paths:
        found = existing_db_files(given)
        if not found:
            raise FileNotFoundError(f"{given}: no such database (nor its part files "
                                    f"{part_path(given, '2p', True).name}, ...)")
        for path in found:
            con = store.connect(path, create=False)
            try:
                ts = store.tournaments(con)
            finally:
                con.close()
            if not ts:
                raise store.StoreError(f"{path}: the database holds no tournament")
            ids = [t.id for t in ts] if tournament_id is None else [tournament_id]
            for tid in ids:
                out += store.load_results(path, tid)
            files.append(str(path))
    return out, files


def play(parts: list[Part], *, db=None, workers: int = 1, data_dir=None, resume: bool = False,
         progress: bool = True) -> PlayOutcome:
    """Play every part; results in schedule order, part by part."""
    t0 = time.perf_counter()
    shipped = load_catalog()
    cat = load_catalog(data_dir) if data_dir else shipped
    several = len(parts) > 1
    tmp = None
    if db is None:
        tmp = tempfile.TemporaryDirectory(prefix="maracaibo-balance-")
        base = Path(tmp.name) / "balance.sqlite"
    else:
        base = Path(db)
        base.parent.mkdir(parents=True, exist_ok=True)
    try:
        results, files = [], []
        if cat.data_hash == shipped.data_hash:
            from ..tournament import load_results, run_tournament
            for part in parts:
                path = part_path(base, part.name, several)
                tid = run_tournament(part.config, path, workers=workers, resume=resume, progress=progress)
                results += load_results(path, tid)
                files.append(str(path))
            runner = "maracaibo_env.tournament.run_tournament"
        else:
            results, files = _play_with_catalog(parts, base, several, workers, str(Path(data_dir).resolve()),
                                                cat, resume, progress)
            runner = "maracaibo_env.balance.runner (modified data: play_match with the catalog)"
        return PlayOutcome(results, time.perf_counter() - t0, files if db is not None else [], runner)
    finally:
        if tmp is not None:
            tmp.cleanup()


# ------------------------------------------------------------------ modified data

_CATALOG = None


def _init_worker(data_dir: str) -> None:
    global _CATALOG
    _CATALOG = load_catalog(data_dir)


def _play_one(job):
    from ..match import play_match
    t = time.perf_counter()
    r = play_match(list(job.specs), job.seed, difficulty=job.difficulty, story=job.story,
                   catalog=_CATALOG, record_history=job.record_history)
    return job.index, r, time.perf_counter() - t


def _progress(enabled: bool, total: int):
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)
    if not enabled:
        return None
    p = Progress(TextColumn("[bold]balance games"), BarColumn(), MofNCompleteColumn(),
                 TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                 console=Console(stderr=True))
    return p


def _open_part(path: Path, part: Part, data_hash: str, resume: bool):
    """(connection, tournament id, keys already stored) for a part's file."""
    import maracaibo_env
    from ..match import parse_spec
    from ..tournament import store
    from ..tournament.formats import config_differences
    con = store.connect(path)
    ts = store.tournaments(con)
    cfg = part.config
    if ts:
        t = ts[-1]
        if not resume:
            con.close()
            raise store.StoreError(f"{str(path)!r} already holds a tournament (id {t.id}): add "
                                   "--resume to continue it, or pass another --db")
        diffs = config_differences(t.config, cfg.to_dict())
        if diffs or t.data_hash != data_hash:
            con.close()
            raise store.StoreError(f"cannot resume {str(path)!r}: "
                                   + ("; ".join(diffs) if diffs else "it holds games of other game data"))
        return con, t.id, store.done_keys(con, t.id)
    rows = [(a, parse_spec(a).kind, "agent") for a in cfg.agents]
    if cfg.format == "solo":
        rows += [(f"jean:{lv}", "jean", "opponent") for lv in cfg.levels]
    tid = store.create_tournament(con, cfg.to_dict(), rows, len(part.jobs), maracaibo_env.__version__,
                                  data_hash)
    return con, tid, set()


def _play_with_catalog(parts, base, several, workers, data_dir, cat, resume, progress):
    import maracaibo_env
    from ..tournament import store
    version = maracaibo_env.__version__
    todo = []     # (part, job)
    opened = {}
    done_results: dict[tuple[str, int], object] = {}
    try:
        for part in parts:
            path = part_path(base, part.name, several)
            con, tid, done = _open_part(path, part, cat.data_hash, resume)
            opened[part.name] = (con, tid, path)
            if done:
                for g in store.load_games(path, tid):
                    done_results[(part.name, g.job_index)] = g.result
            todo += [(part, j) for j in part.jobs if j.key not in done]
        total = sum(len(p.jobs) for p in parts)
        bar = _progress(progress, total)
        got: dict[tuple[str, int], object] = dict(done_results)
        by_key = {}
        jobs = []
        for part, j in todo:
            by_key[(part.name, j.index)] = (part, j)
            jobs.append(j)
        if bar:
            bar.start()
            task = bar.add_task("games", total=total, completed=len(done_results))

        def store_one(part, job, result, secs):
            got[(part.name, job.index)] = result
            con, tid, _ = opened[part.name]
            store.insert_game(con, tid, job, result, secs, version)
            if bar:
                bar.advance(task)

        try:
            if workers <= 1:
                _init_worker(data_dir)
                for part, j in todo:
                    _, r, secs = _play_one(j)
                    store_one(part, j, r, secs)
            else:
                # jobs of different parts share indices: tag each with its part
                ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
                with ctx.Pool(workers, initializer=_init_worker, initargs=(data_dir,)) as pool:
                    tagged = [(p.name, j) for p, j in todo]
                    for name, (idx, r, secs) in zip((n for n, _ in tagged),
                                                    pool.imap(_play_one, [j for _, j in tagged], chunksize=4)):
                        part, j = by_key[(name, idx)]
                        store_one(part, j, r, secs)
        finally:
            if bar:
                bar.stop()
        for part in parts:
            con, tid, _ = opened[part.name]
            if len(store.done_keys(con, tid)) == len(part.jobs):
                store.mark_finished(con, tid)
        results = [got[(p.name, j.index)] for p in parts for j in p.jobs if (p.name, j.index) in got]
        return results, [str(v[2]) for v in opened.values()]
    finally:
        for con, _, _ in opened.values():
            con.close()


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 1)))

"""Playing the calibration games and reading what the targets need from them.

A game is played like a tournament game (the adapter's play_job, history
recorded), then re-run move by move to take a snapshot of every seat's fields
after each interim scoring and at the end (the record's "snaps")."""
from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from ..agents.adapter import get_adapter
from ..tournament.formats import Job, deal_seed
from .measure import statistics
from .targets import player_counts

def jobs(game: str, players, games: int, seed: int, agent: str = "strongest",
         data_dir=None, options=None) -> list[Job]:
    """games deals per player count; deal d has the same seed at every count;
    options: the game's options for every game ({name: value})."""
    opts = tuple(sorted((options or {}).items()))
    ad = get_adapter(game)
    out = []
    for n in players:
        for d in range(games):
            s = deal_seed(seed, d)
            specs, level = ((agent,), ad.calibration_level) if n == 1 else ((agent,) * n, None)
            out.append(Job(f"calibrate|{n}p|deal={d}", len(out), specs, s, d, ",".join(specs), level,
                           ad.default_story, True, "auto",
                           None if data_dir is None else str(data_dir), ad.name, opts))
    return out


def record_of(game: str, result, data_dir=None, options=None) -> dict:
    """What the statistics read from one played game (a GameResult with its
    history, played with these options): scores, winners, VP by source, turns,
    per-seat snapshots after each interim scoring ("interim1" ...) and at the
    end ("end"), and what the game's tracker saw step by step ("tracked")."""
    ad = get_adapter(game)
    n, kw = ad.setup_of(result, dict(options or {}))
    if data_dir is not None:
        kw["catalog"] = ad.load_catalog(data_dir)
    g = ad.game_class()(n, seed=result.seed, **kw)
    stats = statistics(game)
    fields = stats.fields
    tracker = stats.tracker(g) if stats.tracker is not None else None
    snaps = {}
    rnd = g.round
    for a in result.history:
        g.step(int(a))
        if tracker is not None:
            tracker.after_step(g)
        if g.round != rnd and not g.is_over:
            snaps[f"interim{rnd}"] = _seats(g, fields)
            rnd = g.round
    snaps["end"] = _seats(g, fields)
    return {"game": ad.name, "players": n, "seed": result.seed, "level": result.difficulty,
            "scores": list(result.scores), "winners": list(result.winners),
            "breakdown": list(result.breakdown), "turns": [list(t) for t in result.turns],
            "snaps": snaps, "tracked": tracker.result() if tracker is not None else {}}


def _seats(g, fields) -> list[dict]:
    d = g.LAYOUT.describe(g.state, all_players=True)
    return [{f: d["players"][p][f] for f in fields} for p in range(g.num_seats)]


def _play_one(job: Job) -> dict:
    result = get_adapter(job.game).play_job(job)
    return record_of(job.game, result, job.data_dir, dict(job.options))


def play(game: str, players=None, games: int = 20, seed: int = 0, workers: int = 1,
         progress: bool = False, data_dir=None, options=None, agent: str = "strongest") -> list[dict]:
    """The records of games deals per player count (default: every count the
    game has, solo included), played by `agent` (default `strongest`) in
    every seat, in job order; data_dir: play with the game data in that
    folder; options: the game's options ({name: value}, as `--option`)."""
    if players is None:
        players = player_counts(game)
    get_adapter(game).parse_spec(agent)         # a bad spec is refused before any game
    todo = jobs(game, players, games, seed, agent, data_dir=data_dir, options=options)
    bar = _progress(progress, len(todo))
    out = [None] * len(todo)
    if workers <= 1:
        for j in todo:
            out[j.index] = _play_one(j)
            bar(1)
    else:
        with ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(_play_one, j): j.index for j in todo}
            for f in as_completed(futures):
                out[futures[f]] = f.result()
                bar(1)
    bar(0, done=True)
    return out


def _progress(show: bool, total: int):
    """A rich progress bar with an ETA (a no-op when not shown)."""
    if not show:
        return lambda k, done=False: None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    p = Progress(TextColumn("calibration games"), BarColumn(), MofNCompleteColumn(),
                 TimeRemainingColumn())
    task = p.add_task("games", total=total)
    p.start()
    t0 = time.time()

    def step(k, done=False):
        p.advance(task, k)
        if done:
            p.stop()
            print(f"{total} games in {time.time() - t0:.0f} s")
    return step

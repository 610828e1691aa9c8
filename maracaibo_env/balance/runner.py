"""Playing the games of a balance run, and reading stored ones.

A balance run is one tournament per player count (2 players: round robin,
3-4: free-for-all, solo: each agent against the game's solo opponent, Jean or
Jordan, at its levels), built with the tournament
package's schedules (maracaibo_env.tournament.formats): every deal is played in
every seating ("duplicate" play), deal d has the same seed in every line-up.

    parts = plan(agents, players=(2, 3, 4), games=5, seed=0, solo=True)
    out = play(parts, db="runs/bal.sqlite", workers=2)          # out.results: list[GameResult]
    results = read_db(["runs/bal.sqlite"])                      # stored games, any run

The games are played by the tournament runner (`run_tournament`: SQLite
store, resume, progress with ETA), with a modified data folder too
(`data_dir`, a tournament setting: its hash is stored with every game).

`db` names one file per part when there are several: runs/bal.sqlite ->
runs/bal-2p.sqlite, runs/bal-3p.sqlite, runs/bal-solo.sqlite.

`game` (plan) picks the game: "maracaibo" (default) or "pirates" (solo
against Jordan, levels '0'..'6'); read_db refuses files that mix games.
"""
from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..agents.adapter import DEFAULT_GAME, get_adapter


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


def plan(agents, players=(2, 3, 4), games: int = 2, seed: int = 0, story: int | None = None,
         solo: bool = False, levels=None, game: str = DEFAULT_GAME, options=()) -> list[Part]:
    """The tournaments of a balance run (AgentSpecError / ScheduleError on bad
    settings, before anything is played); story None: the game's default;
    options: the game's options for every game ({name: value} or pairs)."""
    options = tuple(options.items()) if isinstance(options, dict) else tuple(options)
    from ..tournament.formats import ScheduleError, TournamentConfig
    ad = get_adapter(game)
    if not ad.solo and (solo or 1 in players):
        raise ScheduleError(f"{ad.title} has no solo game (no solo opponent): no --solo, "
                            "players 2-4")
    parts = []
    for n in sorted(set(players)):
        if n == 1:
            solo = True
            continue
        fmt = "round_robin" if n == 2 else "ffa"
        parts.append(Part(f"{n}p", TournamentConfig(agents=tuple(agents), format=fmt, players=n, games=games,
                                                    seed=seed, story=story, game=game,
                                                    options=options).normalized()))
    if solo:
        parts.append(Part("solo", TournamentConfig(agents=tuple(agents), format="solo", players=1, games=games,
                                                   seed=seed, story=story,
                                                   levels=tuple(levels) if levels else None,
                                                   game=game, options=options).normalized()))
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
    read); StoreError / FileNotFoundError when a file holds none, StoreError
    when the files hold the games of different games."""
    from ..agents.adapter import game_title
    from ..tournament import store
    out, files, games = [], [], {}
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
            for t in ts:
                games.setdefault(t.game, str(path))
            if len(games) > 1:
                raise store.StoreError("the databases hold the games of different games ("
                                       + ", ".join(f"{game_title(g)}: {f}" for g, f in games.items())
                                       + "): a balance report is of one game")
            ids = [t.id for t in ts] if tournament_id is None else [tournament_id]
            for tid in ids:
                out += store.load_results(path, tid)
            files.append(str(path))
    return out, files


def play(parts: list[Part], *, db=None, workers: int = 1, data_dir=None, resume: bool = False,
         progress: bool = True) -> PlayOutcome:
    """Play every part through the tournament runner (SQLite store, resume,
    progress with ETA); data_dir plays every game with that data folder.
    Results in schedule order, part by part."""
    from dataclasses import replace
    from ..tournament import load_results, run_tournament
    t0 = time.perf_counter()
    if data_dir and parts:
        get_adapter(parts[0].config.game).load_catalog(data_dir)  # a bad file fails here, naming file, entry and field
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
        for part in parts:
            path = part_path(base, part.name, several)
            cfg = replace(part.config, data_dir=str(Path(data_dir).resolve())) if data_dir else part.config
            tid = run_tournament(cfg.normalized(), path, workers=workers, resume=resume,
                                 progress=progress)
            results += load_results(path, tid)
            files.append(str(path))
        return PlayOutcome(results, time.perf_counter() - t0, files if db is not None else [],
                           "maracaibo_env.tournament.run_tournament")
    finally:
        if tmp is not None:
            tmp.cleanup()

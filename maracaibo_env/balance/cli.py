"""`maracaibo balance`: balance reports a game designer can act on.

    add_parser(subparsers)   adds the subcommand to the `maracaibo` parser
    main(args) -> int        runs it (0 ok; 1 a failed run or unreadable database;
                             2 bad arguments, bad data files or bad report files; 130 interrupted)

Three modes: play games and report (default), report on stored games
(`--db FILE --no-run`), compare two reports (`--compare A.json B.json`).
Playing games with `--data-ensemble K` plays them on K data sets and reports
which verdicts hold over all of them (balance/ensemble.py).
`python -m maracaibo_env balance ...` is the same command.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..agents.registry import agents_help
from ..registry import DEFAULT_GAME

EXAMPLES = """worked example: does raising the cost of one card fix it?

  # 1. a baseline: 2, 3 and 4 players plus solo, the five heuristics, 3 deals per
  #    line-up, every deal in every seating (duplicate play); games kept in runs/base-*.sqlite
  maracaibo balance --games 3 --players 2,3,4 --solo --levels easy,hard \\
      --agents balanced,combat_influence,explorer_quests,assistants,ship_income \\
      --workers 2 --db runs/base.sqlite --out reports/base
  #    -> reports/base/balance.html (open in a browser), balance.md, balance.json

  # 2. copy the data, edit the card flagged strong (e.g. its cost in cards.toml)
  cp -r maracaibo_env/maracaibo/data my_data && $EDITOR my_data/cards.toml

  # 3. the same schedule (same seeds) on the edited data
  maracaibo balance --games 3 --players 2,3,4 --solo --levels easy,hard \\
      --agents balanced,combat_influence,explorer_quests,assistants,ship_income \\
      --workers 2 --data my_data --db runs/edit.sqlite --out reports/edit

  # 4. what changed, with intervals and significance (BH FDR 5%)
  maracaibo balance --compare reports/base/balance.json reports/edit/balance.json --out reports/diff

Pirates of Maracaibo (--game pirates: 2-4 players, and solo against Jordan with
--solo --levels 0,3 (k B cards, default 0-6); its agents are listed below;
components: figureheads, improvements, residences):
  maracaibo balance --game pirates --games 20 --players 2,3,4 --solo --levels 0,3,6 \\
      --agents raider,explorer,builder,random --workers 2 --db runs/pirates.sqlite \\
      --out reports/pirates
  maracaibo balance --db pirates-2p.sqlite --no-run --out reports/p2   # reads the game from the file

a module on vs off (the same seeds with and without it, then what changed):
  maracaibo balance --game pirates --games 20 --players 2 --db runs/off.sqlite --out reports/off
  maracaibo balance --game pirates --games 20 --players 2 --option skirmish \
      --db runs/skirmish.sqlite --out reports/skirmish
  maracaibo balance --compare reports/off/balance.json reports/skirmish/balance.json

verdicts robust to the unknown data (Maracaibo): the same games on the shipped data and
2 data sets drawn inside the value model's uncertainty; each seat and component holds,
flips or is unclear over the 3 sets:
  maracaibo balance --games 3 --players 2,3 --data-ensemble 3 --workers 2 --out reports/ens
  #    -> reports/ens/ensemble.html/.md/.json, reports/ens/set-00/balance.html ...,
  #       the drawn data in reports/ens/data/set-01 ... (usable with --data)

other uses:
  maracaibo balance --db runs/base.sqlite --no-run --out reports/again   # report on stored games
  maracaibo balance --db rr.sqlite --no-run --out reports/rr             # a `maracaibo tournament` file
  maracaibo balance --games 1 --players 3 --agents balanced,random,ship_income   # a quick look

--games G is the number of deals per line-up: 2 players play every pair of
agents (2 seatings a deal), 3-4 players every line-up of that many agents (6 or 24
seatings a deal), solo every agent at every --levels level (1 game a deal). A bad
data file (--data) is reported with its file, entry and field (exit status 2).

Without --agents every part plays the game's default agents (its heuristics,
listed at --agents), with random added when they are fewer than the most
players asked (tournament.formats.default_pool): `maracaibo balance --game
pirates` plays raider, explorer, builder and random at 2, 3 and 4 players.
"""


def _add_arguments(p: argparse.ArgumentParser) -> None:
    from ..tournament.cli import add_shared_arguments
    run = p.add_argument_group("playing games (the default mode)")
    run.add_argument("--games", type=int, default=2, metavar="G",
                     help="deals per line-up; every deal is played in every seating (default 2)")
    run.add_argument("--players", default="2,3,4", metavar="N,N,...",
                     help="player counts, comma-separated, from 1-4 (1 = solo, as --solo; default 2,3,4)")
    run.add_argument("--solo", action="store_true",
                     help="also play each agent solo against the game's solo opponent (Maracaibo: "
                          "Jean, Pirates: Jordan)")
    add_shared_arguments(run, stored="--no-run", workers_help="processes playing games (default 1)")
    run.add_argument("--data-ensemble", metavar="K", default=None,
                     help="play the same games on K data sets (1-32): the data itself (or --data) and "
                          "K-1 drawn inside the value model's uncertainty (Maracaibo); report per seat "
                          "and component whether its verdict holds, flips or is unclear over the sets "
                          "(OUT/ensemble.html/.md/.json, one balance report per set in OUT/set-NN)")
    src = p.add_argument_group("stored games")
    src.add_argument("--db", nargs="+", metavar="FILE",
                     help="SQLite file(s): with games to play, where they are stored (several "
                          "player counts: FILE-2p.sqlite, FILE-3p.sqlite, ...); with --no-run, "
                          "the tournament databases to read")
    src.add_argument("--no-run", action="store_true",
                     help="play nothing: report on the games stored in --db")
    src.add_argument("--tournament", type=int, metavar="ID",
                     help="--no-run: only this tournament id of each file (default all)")
    cmp = p.add_argument_group("comparing two reports")
    cmp.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"),
                     help="show what changed from report A to report B")
    cmp.add_argument("--all", action="store_true", help="--compare: print every metric, not only "
                                                        "the significant and largest changes")
    out = p.add_argument_group("output")
    out.add_argument("--out", metavar="DIR", help="folder for balance.html/.md/.json (default "
                                                   "balance-report; --compare writes compare.* only "
                                                   "when given)")
    out.add_argument("--title", default=None, help="report title")
    out.add_argument("--alpha", type=float, default=0.05,
                     help="false discovery rate of the component flags and comparisons (default 0.05)")
    out.add_argument("--min-takers", type=int, default=10,
                     help="fewer takers (or non-takers) and a component is not tested (default 10)")
    out.add_argument("--min-effect-vp", type=float, default=2.0,
                     help="a component flag also needs a VP difference of at least this (default 2)")
    out.add_argument("--min-effect-win", type=float, default=5.0,
                     help="... or a win-rate difference of at least this many points (default 5)")


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add `balance` to an argparse subparsers object; returns its parser."""
    p = subparsers.add_parser(
        "balance", help="balance report: seat advantage, strategies, component strength, solo",
        description="Play games between agents (or read stored tournament games) and write a "
                    "balance report (HTML with figures, Markdown, JSON): seat advantage, strategy "
                    "ratings, VP by source, game length, the strength of every card, career, "
                    "prestige building, city tile, quest tile and story card, solo results "
                    "against Jean; for Pirates of Maracaibo (--game pirates) the same sections "
                    "with its figureheads, improvements and residences, solo against Jordan; or "
                    "compare two reports.",
        epilog=EXAMPLES + "\n" + agents_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_arguments(p)
    return p


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="maracaibo")
    add_parser(parser.add_subparsers(dest="command", required=True))
    return parser


def _error(msg: str, code: int = 2) -> int:
    print(f"maracaibo balance: error: {msg}", file=sys.stderr)
    return code


def _catalog(data_dir, game=None):
    """The game data to play and name components with (DataError naming file,
    entry and field for a bad file)."""
    from ..agents.adapter import get_adapter
    load_catalog = get_adapter(game).load_catalog
    if data_dir is None:
        return load_catalog()
    return load_catalog(data_dir)     # a folder or a data set's name; DataError lists the sets


def main(args: argparse.Namespace) -> int:
    """Run `maracaibo balance` with parsed arguments; the exit status."""
    from rich.console import Console
    console = Console(stderr=True)
    if args.alpha <= 0 or args.alpha >= 1:
        return _error("--alpha must be between 0 and 1")
    if args.data_ensemble is not None and (args.compare or args.no_run):
        return _error("--data-ensemble plays games: it cannot be used with --compare or --no-run")
    if args.compare:
        return _compare(args)
    if args.min_effect_vp < 0 or not 0 <= args.min_effect_win <= 100:
        return _error("--min-effect-vp must be >= 0 and --min-effect-win between 0 and 100")
    if args.min_takers < 1:
        return _error("--min-takers must be >= 1")
    from ..framework.datafiles import DataError
    if args.no_run:
        if not args.db:
            return _error("--no-run reads stored games: give --db FILE [FILE ...]")
        return _report_stored(args, console)
    if args.data_ensemble is not None:
        return _run_ensemble(args, console)
    try:
        cat = _catalog(args.data_dir, args.game)
    except DataError as e:
        return _error(f"bad game data: {e}")
    return _run(args, cat, console)


def _finish(args, a, console) -> int:
    from .report import write_report
    out = Path(args.out or "balance-report")
    paths = write_report(a, out)
    for f in a["findings"]:
        style = {"flag": "bold red", "warn": "yellow"}.get(f["level"], "")
        console.print(f"- {f['text']}", style=style or None, highlight=False, markup=False)
    print("\n".join(f"wrote {p}" for p in paths.values()))
    return 0


def _report_stored(args, console) -> int:
    from ..agents.adapter import game_title
    from ..framework.datafiles import DataError
    from ..tournament.store import StoreError
    from .analysis import analyze
    from .runner import read_db
    try:
        results, files = read_db(args.db, args.tournament)
    except FileNotFoundError as e:
        return _error(str(e))
    except StoreError as e:
        return _error(str(e), 1)
    if not results:
        return _error("the databases hold no finished game", 1)
    game = results[0].game
    if args.game is not None and args.game != game:
        return _error(f"the databases hold {game_title(game)} games, not {game_title(args.game)} "
                      f"(--game {args.game})", 1)
    try:
        cat = _catalog(args.data_dir, game)
    except DataError as e:
        return _error(f"bad game data: {e}")
    a = analyze(results, cat, alpha=args.alpha, min_takers=args.min_takers,
                min_effect_vp=args.min_effect_vp, min_effect_win=args.min_effect_win / 100,
                title=args.title, game=game,
                extra_meta={"db": ", ".join(files), "data_dir": args.data_dir or ""})
    return _finish(args, a, console)


def _options_label(game: str, options: dict) -> str:
    from ..agents.adapter import get_adapter
    from ..framework.options import label
    cls = get_adapter(game).game_class()
    return label(cls.OPTIONS, {**{o.name: o.default for o in cls.OPTIONS}, **options})


def _schedule(args, console):
    """(game, options, parts) of a run, or the exit status of a bad argument."""
    from ..agents.registry import AgentSpecError
    from ..framework.game import GameConfigError
    from ..tournament.cli import agent_pool, pool_note, split_items
    from ..tournament.formats import ScheduleError
    from . import runner
    try:
        players = sorted({int(x) for x in split_items(args.players)})
    except ValueError:
        return _error(f"--players takes numbers 1-4, comma-separated, not {args.players!r}")
    if not players or any(not 1 <= n <= 4 for n in players):
        return _error(f"--players takes numbers 1-4, not {args.players!r}")
    if args.games < 1:
        return _error("--games must be >= 1")
    if args.workers < 1:
        return _error("--workers must be >= 1")
    if args.db and len(args.db) > 1:
        return _error("to play games give one --db FILE (several are for --no-run)")
    game = args.game or DEFAULT_GAME
    try:
        # the one pool of every part: without --agents, enough for the most seats asked
        agents = agent_pool(args.agents, game, players=max(players))
        if not agents:
            return _error("--agents needs at least one spec")
        from ..framework.cli_options import parse_options
        options = parse_options(game, args.option or [])
        parts = runner.plan(agents, players, args.games, 0 if args.seed is None else args.seed,
                            args.story, args.solo, split_items(args.levels) or None, game=game,
                            options=options)
    except (AgentSpecError, ScheduleError, GameConfigError) as e:
        return _error(str(e))
    if args.agents is None:
        console.print(pool_note(game, agents), highlight=False, soft_wrap=True)
    return game, options, parts


def _play_and_analyze(args, cat, console, game, options, parts, data_dir, db):
    """Play the parts with data_dir and analyse them: the analysis, or an exit status."""
    from ..tournament.store import StoreError
    from .analysis import analyze
    from . import runner
    try:
        outcome = runner.play(parts, db=db, workers=args.workers, data_dir=data_dir,
                              resume=args.resume, progress=args.progress)
    except StoreError as e:
        return _error(str(e), 1)
    except KeyboardInterrupt:
        print("\ninterrupted" + ("; the finished games are stored: run the same command with --resume"
                                 if db else ""), file=sys.stderr)
        return 130
    return analyze(outcome.results, cat, alpha=args.alpha, min_takers=args.min_takers,
                   min_effect_vp=args.min_effect_vp, min_effect_win=args.min_effect_win / 100,
                   play_seconds=outcome.seconds, title=args.title, game=game,
                   extra_meta={"db": ", ".join(outcome.db_files), "data_dir": str(data_dir or ""),
                               "runner": outcome.runner, "options": _options_label(game, options),
                               "schedule": {p.name: p.config.to_dict() for p in parts}})


def _run(args, cat, console) -> int:
    plan = _schedule(args, console)
    if isinstance(plan, int):
        return plan
    game, options, parts = plan
    n_games = sum(len(p.jobs) for p in parts)
    console.print(f"balance: {n_games} games ({', '.join(f'{p.name}: {len(p.jobs)}' for p in parts)})"
                  + (f", data {args.data_dir}" if args.data_dir else ""), highlight=False)
    a = _play_and_analyze(args, cat, console, game, options, parts, args.data_dir,
                          args.db[0] if args.db else None)
    if isinstance(a, int):
        return a
    return _finish(args, a, console)


def _run_ensemble(args, console) -> int:
    """--data-ensemble K: the schedule on K data sets, one report each, and the
    verdicts that hold, flip or are unclear over them (balance/ensemble.py)."""
    from ..framework.datafiles import DataError
    from ..registry import game_info, game_part
    from .ensemble import print_ensemble, summarize, write_ensemble
    from .report import write_report
    info = game_info(args.game or DEFAULT_GAME)
    if not info.data_ensemble:
        return _error(f"--data-ensemble draws a game's card prices from its value model; {info.title} "
                      "has none (Maracaibo has: --game maracaibo)")
    ens = game_part(info.id, "data_ensemble")
    try:
        k = ens.check_size(args.data_ensemble)
    except ValueError as e:
        return _error(f"--data-ensemble: {e}")
    plan = _schedule(args, console)
    if isinstance(plan, int):
        return plan
    game, options, parts = plan
    out = Path(args.out or "balance-report")
    seed = 0 if args.seed is None else args.seed
    try:
        draws = ens.draw_data_sets(k, seed, out / "data", data_dir=args.data_dir, progress=args.progress)
        sources = ens.price_sources(draws[0].folder)
    except DataError as e:
        return _error(f"bad game data: {e}")
    n_games = sum(len(p.jobs) for p in parts)
    console.print(f"balance over {k} data sets: {n_games} games each "
                  f"({', '.join(f'{p.name}: {len(p.jobs)}' for p in parts)})"
                  + (f", drawn around data {args.data_dir}" if args.data_dir else ""), highlight=False)
    analyses, sets = [], []
    for d in draws:
        console.rule(f"data set {d.index + 1} of {k}: {d.name}"
                     + (" (the base data)" if d.index == 0 else "") + f", data {d.data_hash[:16]}")
        db = None
        if args.db:
            p = Path(args.db[0])
            db = p.with_name(f"{p.stem}-{d.name}{p.suffix or '.sqlite'}")
        a = _play_and_analyze(args, _catalog(d.folder, game), console, game, options, parts, d.folder, db)
        if isinstance(a, int):
            return a
        report = write_report(a, out / d.name)["json"]
        analyses.append(a)
        sets.append({"index": d.index, "name": d.name, "folder": str(d.folder), "data_hash": d.data_hash,
                     "values": d.values, "tries": d.tries, "report": str(report)})
    settings = {"alpha": args.alpha, "min_effect_vp": args.min_effect_vp,
                "min_effect_win": args.min_effect_win / 100, "min_takers": args.min_takers,
                "seed": seed, "spread": ens.SPREAD, "spread_text": ens.spread_text(), "sources": sources,
                "base_data": args.data_dir or "shipped",
                "schedule": {p.name: p.config.to_dict() for p in parts}}
    e = summarize(analyses, sets, settings, title=args.title and f"{args.title} over {k} data sets")
    print_ensemble(e, console)
    paths = write_ensemble(e, out)
    print("\n".join(f"wrote {p}" for p in paths.values()))
    return 0


def _compare(args) -> int:
    from .compare import compare_reports, print_comparison, write_comparison
    from .report import load_report
    reports = []
    for path in args.compare:
        try:
            reports.append(load_report(path))
        except FileNotFoundError:
            return _error(f"{path}: no such file")
        except (ValueError, OSError) as e:
            return _error(str(e))
    try:
        c = compare_reports(*reports, alpha=args.alpha, path_a=args.compare[0], path_b=args.compare[1])
    except ValueError as e:
        return _error(str(e))
    print_comparison(c, show_all=args.all)
    if args.out:
        paths = write_comparison(c, args.out)
        print("\n".join(f"wrote {p}" for p in paths.values()))
    return 0


def run(argv: list[str] | None = None) -> int:
    """`maracaibo balance` (argv without the program name; a
    leading 'balance' is optional)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "balance":
        argv = ["balance", *argv]
    return main(build_parser().parse_args(argv))

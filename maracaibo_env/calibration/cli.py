"""`maracaibo calibrate`: the calibration report of a game's data.

    add_parser(subparsers)   adds the subcommand to the `maracaibo` parser
    main(args) -> int        runs it (0 every constraint in range; 1 a constraint outside
                             its range (illustrations never fail); 2 bad arguments or a bad
                             targets / data file; 130 interrupted)
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..registry import DEFAULT_GAME, available_games

EXAMPLES = """examples:
  # Maracaibo: 20 deals at every player count the targets name (solo: against Jean at
  # medium), played by `strongest` against itself; the report in reports/cal
  # (calibration.html/.md/.json)
  maracaibo calibrate --games 20 --workers 2 --out reports/cal

  # Pirates of Maracaibo, 3 players only, the rows as JSON
  maracaibo calibrate --game pirates --players 3 --games 10 --json cal.json

  # Pirates with the Skirmish module (options as in `maracaibo demo --help`)
  maracaibo calibrate --game pirates --players 1 --games 30 --option skirmish

  # Pirates solo on every Caribbean layout of the data: the rows per layout
  maracaibo calibrate --game pirates --players 1 --games 30 --layout all

  # your own data (a copy of maracaibo_env/maracaibo/data with your changes; its
  # calibration.toml, if it has one, holds the targets)
  maracaibo calibrate --data my_data --games 20 --out reports/mine

  # the issue-25 economy variant (a named data set) against the same targets
  maracaibo calibrate --data calibrated --players 2 --games 20

The targets (kind, statistic, when it is read, player counts, range or example,
source) are the data folder's calibration.toml. A `constraint` is a stated fact: the
command exits 1 when one is measured outside its range. An `illustration` is a worked
example's figure: it is printed beside the measurement and never fails the run;
each statistic is described in maracaibo_env/<game>/calibration_stats.py. docs/calibration.md explains the report.
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "calibrate", help="play strong games and compare their statistics with the calibration targets",
        description="Play games of the game's `strongest` agent against itself at each player count "
                    "(solo: against the solo opponent) and report every calibration target's "
                    "statistic with its 95% interval against its range.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", choices=available_games(), default=DEFAULT_GAME,
                   help=f"which game (default {DEFAULT_GAME})")
    p.add_argument("--games", type=int, default=20, metavar="N",
                   help="deals per player count (default 20)")
    p.add_argument("--players", default=None, metavar="N,N,...",
                   help="player counts, 1 = solo (default: every count the targets name)")
    p.add_argument("--seed", type=int, default=0, help="seed the deals derive from (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    p.add_argument("--agent", default="strongest", metavar="SPEC",
                   help="the agent in every seat (default strongest: the calibration's player; "
                        "another spec shows how the statistics depend on the player)")
    p.add_argument("--data", metavar="DIR",
                   help="play with the game data in DIR, or a shipped data set by name "
                        "(Maracaibo: calibrated, partly_priced)")
    from ..framework.cli_options import add_option_argument
    add_option_argument(p)
    p.add_argument("--layout", metavar="KEY[,KEY...]",
                   help="Pirates: play on these Caribbean layouts of the data's layouts.toml, the "
                        "rows per layout; `all`: every layout (default: the data's default layout)")
    p.add_argument("--targets", metavar="FILE",
                   help="the targets file (default: calibration.toml of --data, else the game's)")
    p.add_argument("--json", metavar="PATH", help="write the rows as JSON (a list of targets)")
    p.add_argument("--out", metavar="DIR", help="write calibration.html, .md and .json into DIR")
    p.add_argument("--no-progress", dest="progress", action="store_false",
                   help="no progress bar")
    return p


def _players(text, targets) -> tuple[int, ...]:
    if text is None:
        return tuple(sorted({n for t in targets for n in t.players}))
    try:
        out = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise ValueError(f"--players takes player counts like 2,3 (1 = solo), not {text!r}") from None
    if not out:
        raise ValueError("--players names no player count")
    return out


def _layouts(text, title: str, cat) -> list:
    """The layouts --layout names ([None]: the game's default, no layout column)."""
    if text is None:
        return [None]
    keys = getattr(cat, "layout_keys", None)
    if not keys:
        raise ValueError(f"--layout: {title} has no layouts to choose from")
    if text.strip() == "all":
        return list(keys)
    out = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in out if k not in keys]
    if bad or not out:
        raise ValueError(f"--layout {bad[0] if bad else text!r}: the layouts are {', '.join(keys)} (or all)")
    return list(dict.fromkeys(out))


def main(args) -> int:
    from ..framework.datafiles import DataError
    from ..agents.adapter import get_adapter
    from . import load_targets, measure, play
    from .targets import player_counts
    from .report import summary, violated, write_report
    ad = get_adapter(args.game)
    err = None
    if args.games < 1:
        err = f"--games must be at least 1, not {args.games}"
    elif args.workers < 1:
        err = f"--workers must be at least 1, not {args.workers}"
    elif args.seed < 0:
        err = f"--seed must be >= 0, not {args.seed}"
    if err is None:
        try:
            path = args.targets
            if path is None and args.data and Path(args.data).is_dir() and \
                    (Path(args.data) / "calibration.toml").is_file():
                path = Path(args.data) / "calibration.toml"
            targets = load_targets(args.game, path=path)
            players = _players(args.players, targets)
            counts = player_counts(args.game)
            bad = [n for n in players if n not in counts]
            if bad:
                raise ValueError(f"--players {bad[0]}: {ad.title} has {', '.join(map(str, counts))}")
            named = sorted({n for t in targets for n in t.players})
            idle = [n for n in players if n not in named]
            if idle:
                raise ValueError(f"no calibration target names {idle[0]} player(s); the targets name "
                                 f"{', '.join(map(str, named))}")
            cat = ad.load_catalog(args.data)        # a bad data folder is refused before any game
            layouts = _layouts(args.layout, ad.title, cat)
            from ..framework.cli_options import parse_options
            options = parse_options(args.game, args.option)
            ad.parse_spec(args.agent)
        except (DataError, ValueError, OSError) as exc:    # GameConfigError, AgentSpecError: ValueErrors
            err = str(exc)
    if err is not None:
        print(f"maracaibo calibrate: {err}", file=sys.stderr)
        return 2
    rows = []
    try:
        for key in layouts:
            opts = options if key is None else {**options, "layout": key}
            records = play(args.game, players, args.games, args.seed, args.workers, args.progress,
                           data_dir=args.data, options=opts, agent=args.agent)
            part = measure(args.game, records, targets, players)
            if key is not None:
                part = [{**r, "layout": key} for r in part]
            rows += part
    except KeyboardInterrupt:
        print("maracaibo calibrate: interrupted", file=sys.stderr)
        return 130
    _print(ad.title, rows)
    print(summary(rows))
    broken = violated(rows)
    meta = {"game": ad.name, "games_per_count": args.games, "players": list(players), "agent": args.agent,
            "seed": args.seed, "data": args.data or "shipped", "options": options,
            "layouts": [k for k in layouts if k is not None],
            "about": f"{ad.title}: {args.games} deals per player count ({', '.join(map(str, players))}; "
                     f"1 = solo), each played by `{args.agent}` against itself (solo: against the solo "
                     f"opponent), seed {args.seed}, data {args.data or 'shipped'}"
                     f"{', options ' + str(options) if options else ''}"
                     f"{', layouts ' + ', '.join(layouts) if layouts != [None] else ''}. Means with "
                     f"Student-t 95% intervals, shares with Wilson intervals."}
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
        print(f"rows: {args.json}")
    if args.out:
        paths = write_report(Path(args.out), f"{ad.title} calibration", meta, rows)
        print("report: " + ", ".join(str(p) for p in paths))
    if broken:
        print("maracaibo calibrate: constraints outside their range: " + ", ".join(
            f"{r['name']} ({r['players']}p, {r['at']}): {r['value']:.3g} not in {r['range']}" for r in broken),
            file=sys.stderr)
        return 1
    return 0


def _print(title: str, rows: list[dict]) -> None:
    """Two tables: the constraints (with their verdict) and the illustrations
    (beside their worked example's figure, no verdict)."""
    from rich.console import Console
    from rich.table import Table
    from .report import TITLES, head_of, of_kind, table_rows
    console = Console()
    for kind in TITLES:
        part = of_kind(rows, kind)
        if not part:
            continue
        head = head_of(kind)
        keep = [i for i, h in enumerate(head) if h not in ("statistic", "source")]   # both are in the report
        t = Table(title=f"{title}: {TITLES[kind]}")
        for i in keep:
            t.add_column(head[i], overflow="fold")
        for r in table_rows(part):
            t.add_row(*[r[i].replace("**", "") for i in keep])
        console.print(t)

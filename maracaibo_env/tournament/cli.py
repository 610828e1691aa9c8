"""`maracaibo tournament`: play a tournament into a SQLite file and print its tables.

    add_parser(subparsers)   adds the subcommand to the `maracaibo` parser
    main(args) -> int        runs it (exit status: 0, 1 on a failed run or a database that
                             cannot be used, 2 on bad arguments such as an unknown agent
                             spec, 130 interrupted)

`python -m maracaibo_env tournament ...` is the same command.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import warnings

from rich.console import Console

from ..agents.adapter import DEFAULT_GAME, get_adapter
from ..agents.registry import agents_help, solo_levels
from ..registry import available_games, game_info, games_text
from ..agents.registry import AgentSpecError
from ..framework.match import ENGINES
from .formats import FORMATS, ScheduleError, TournamentConfig, default_pool
from .runner import BACKENDS, JobError

EXAMPLES = """examples:
  # 2 players: every pair of 3 agents, 50 deals each, both seat orders per deal (300 games)
  maracaibo tournament --players 2 --agents balanced,ship_income,random --games 50 \\
      --db rr.sqlite --workers 2

  # the opponent ladder rated on one Elo scale (docs/opponent_ladder.md): every pair of rungs, 50 deals
  maracaibo tournament --players 2 --agents ladder --games 50 --db ladder.sqlite --workers 2

  # interrupted (Ctrl-C, a killed job)? the same command with --resume plays what is missing
  maracaibo tournament --players 2 --agents balanced,ship_income,random --games 50 \\
      --db rr.sqlite --workers 2 --resume

  # more deals of a stored tournament: --resume with a larger --games plays deals 50..99
  # (deals 0..49 are the same games in both schedules)
  maracaibo tournament --players 2 --agents balanced,ship_income,random --games 100 \\
      --db rr.sqlite --workers 2 --resume

  # 4-player free-for-all: every line-up of 4 of the 5 heuristics, all 24 seatings per deal
  maracaibo tournament --players 4 --agents balanced,combat_influence,explorer_quests,assistants,ship_income \\
      --games 5 --db ffa.sqlite --workers 2

  # one hero against a pool, 3 players (hero + 2 of the pool, every seating)
  maracaibo tournament --format gauntlet --players 3 --hero balanced \\
      --agents random,ship_income,assistants --games 10 --db gauntlet.sqlite

  # each agent solo against Jean at two levels, 100 deals
  maracaibo tournament --format solo --agents balanced,random --levels medium hard \\
      --games 100 --db solo.sqlite

  # Pirates: each agent solo against Jordan with 0 and 3 B cards, one game per deal
  maracaibo tournament --game pirates --format solo --agents explorer,raider --levels 0 3 \\
      --games 100 --db pirates-solo.sqlite

  # on a Ray cluster, or a local Ray with 2 CPUs
  maracaibo tournament --agents balanced,random --games 500 --db big.sqlite --backend ray --address auto
  maracaibo tournament --agents balanced,random --games 50 --db r.sqlite --backend ray --workers 2

  # print the tables of a stored tournament (and write them as JSON)
  maracaibo tournament --db rr.sqlite --show --json rr.json

  # Pirates of Maracaibo: its three heuristics and random, every pair, 100 deals
  # (200 games per pair), then 4 players; a database holds one game's tournaments
  maracaibo tournament --game pirates --players 2 --agents raider,explorer,builder,random \\
      --games 100 --db pirates-2p.sqlite --workers 2
  maracaibo tournament --game pirates --players 4 --agents raider,explorer,builder,random \\
      --games 20 --db pirates-4p.sqlite --workers 2

  # optional rules for every game: Maracaibo with two legacy tiles and open prestige
  maracaibo tournament --players 2 --agents balanced,ship_income --games 20 --db leg.sqlite \\
      --option legacy=L6,L9 --option open_prestige

Without --agents a tournament plays the game's default agents (its heuristics,
listed at --agents), with random added when they are fewer than the seats
(tournament.formats.default_pool): `maracaibo tournament --game pirates
--players 4 --db p.sqlite` plays raider, explorer, builder and random.

Each deal's seed comes from --seed and the deal's number, so a tournament is
reproducible on any backend and worker count. The agent specs of each game
(maracaibo_env.agents.registry) follow; the solo opponents (jean:<level>,
jordan:<k>) are not --agents of a solo tournament: --format solo (or --players
1) adds them at --levels. A Pirates line-up of one agent and jordan:<k> still
plays the solo game too, in both seatings of the pairing (the same game twice).
"""


def add_shared_arguments(p, *, stored: str, workers_help: str) -> None:
    """The options `maracaibo tournament` and `maracaibo balance` share, written once:
    --game, --agents, --levels, --seed, --story, --data, --option, --workers,
    --resume, --no-progress. p: a parser or an argument group; stored: the option
    that reads the game from stored games instead of --game ('--show', '--no-run');
    workers_help: what --workers counts (the tournament's also runs on Ray). A
    setting the command fills in itself defaults to None, so a command can tell a
    given setting from an unset one (tournament --show takes none)."""
    defaults = "; ".join(f"{g}: {', '.join(get_adapter(g).default_agents)}"
                         for g in available_games())
    p.add_argument("--game", choices=available_games(), default=None,
                   help=f"which game: {games_text()}; {stored} reads it from the stored games")
    p.add_argument("--agents", default=None, metavar="SPEC,SPEC,...",
                   help="agent specs, comma-separated (every spec: see below), at least one per "
                        "seat; the word `ladder` stands for the game's opponent ladder "
                        "(maracaibo_env.agents.ladder); default the game's heuristics "
                        f"({defaults}), and random too when they are fewer than the seats "
                        "(Pirates with 4 players)")
    p.add_argument("--levels", nargs="+", metavar="LEVEL",
                   help="solo: the solo opponent's levels, space- or comma-separated (default "
                        "all): " + "; ".join(f"{game_info(g).solo_opponent} ({g}) "
                                             f"{' '.join(solo_levels(g))}"
                                             for g in available_games() if solo_levels(g)))
    p.add_argument("--seed", type=int, default=None,
                   help="tournament seed; deal d's seed is derived from it (default 0)")
    p.add_argument("--story", type=int, default=None, metavar="N",
                   help="non-campaign story card, one of the game's (Maracaibo: 75, 76, 77; default "
                        "75; Pirates has none); checked with the game's adapter")
    p.add_argument("--data", metavar="DIR", dest="data_dir", default=None,
                   help="play with the game data in DIR (a copy of maracaibo_env/maracaibo/data, or of "
                        "maracaibo_env/pirates/data for --game pirates, with your changes; "
                        "validated like the shipped data, its hash stored with every game), or a "
                        "shipped data set by name (Maracaibo: calibrated, partly_priced)")
    p.add_argument("--option", action="append", default=None, metavar="NAME[=VALUE]",
                   help="an optional rule for every game, repeatable (e.g. --option skirmish, "
                        "--option legacy=L6,L9); `maracaibo demo --help` lists them")
    p.add_argument("--workers", type=int, default=1, metavar="W", help=workers_help)
    p.add_argument("--resume", action="store_true",
                   help="continue the games stored in --db (same settings required, or the "
                        "same with a larger --games: more deals); finished games are skipped")
    p.add_argument("--no-progress", dest="progress", action="store_false",
                   help="no progress bar on stderr")


def _add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", required=True, metavar="FILE",
                   help="the SQLite file that receives every finished game")
    add_shared_arguments(p, stored="--show", workers_help="processes (local) or CPUs of a "
                         "local Ray (default 1: play in-process)")
    p.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=None,
                   help="players per game (default 2; 1 = solo against the game's solo "
                        "opponent, as --format solo)")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="schedule (default: solo for 1 player, round_robin for 2, ffa for 3-4)")
    p.add_argument("--games", type=int, default=None, metavar="G",
                   help="deals (seeds) per pairing, line-up or solo level (default 10); every "
                        "deal is played in every seating")
    p.add_argument("--hero", metavar="SPEC",
                   help="gauntlet: the agent every game includes (--agents: its opponents)")
    p.add_argument("--engine", choices=ENGINES, default=None,
                   help="how games are played (match.play_match): compiled inside numba, the "
                        "python agent loop, or auto (default: compiled when every seat can be)")
    p.add_argument("--replays", action="store_true",
                   help="also store each game's action history (JSON) for replay")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local process pool or Ray tasks (default local)")
    p.add_argument("--address", metavar="ADDR",
                   help="ray: the cluster's address (e.g. auto, ray://head:10001); without it "
                        "a local Ray is started (or RAY_ADDRESS is used)")
    p.add_argument("--show", "--report-only", dest="show", action="store_true",
                   help="play nothing: print the tables of the tournament stored in --db")
    p.add_argument("--json", metavar="PATH", help="also write the tables as JSON to PATH")
    p.add_argument("--bootstrap", type=int, default=1000, metavar="B",
                   help="Bradley-Terry bootstrap resamples (default 1000; 0 = no intervals)")


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add `tournament` to an argparse subparsers object; returns its parser."""
    p = subparsers.add_parser(
        "tournament", help="play a tournament between agents into a SQLite file and rate them",
        description="Play every game of a tournament (round robin, free-for-all, gauntlet or\n"
                    "solo against Jean or Jordan), store each game in a SQLite file as it finishes, and\n"
                    "print ratings (openskill), win rates with 95% Wilson intervals and, for\n"
                    "2 players, Bradley-Terry Elo with bootstrap intervals.",
        epilog=EXAMPLES + "\n" + agents_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    _add_arguments(p)
    return p


def build_parser() -> argparse.ArgumentParser:
    """The parser of `maracaibo tournament`."""
    parser = argparse.ArgumentParser(prog="maracaibo")
    add_parser(parser.add_subparsers(dest="command", required=True))
    return parser


def split_items(values) -> list[str]:
    """The items of comma-separated text, or of a list of such texts (nargs="+")."""
    out = []
    for v in values if isinstance(values, list) else [values or ""]:
        out += [x.strip() for x in v.split(",") if x.strip()]
    return out


def agent_pool(text: str | None, game: str, fmt: str | None = None, players: int | None = None,
               hero: str | None = None) -> list[str]:
    """The agents of --agents TEXT (comma-separated specs, the word `ladder` replaced by
    the game's opponent ladder); without --agents (None) the default pool of the
    schedule (formats.default_pool: the game's heuristics, and random when they are
    fewer than the seats). The one rule of `maracaibo tournament` and `maracaibo
    balance` (AgentSpecError, ScheduleError)."""
    if text is None:
        return list(default_pool(game, fmt, players, hero))
    return _with_ladder(split_items(text), game)


def pool_note(game: str, agents) -> str:
    """The line saying which agents a run without --agents plays."""
    ad = get_adapter(game)
    added = [a for a in agents if a not in ad.default_agents]
    return (f"agents: {', '.join(agents)} (no --agents: {ad.title}'s default agents"
            + (f", and {', '.join(added)} to fill the seats)" if added else ")"))


def _with_ladder(specs: list[str], game: str) -> list[str]:
    """The specs with the word `ladder` replaced by the game's opponent ladder
    (maracaibo_env.agents.ladder), weakest rung first."""
    from ..agents.ladder import ladder
    return [x for s in specs for x in (ladder(game) if s == "ladder" else [s])]


def _usage_error(msg: str) -> int:
    print(f"maracaibo tournament: error: {msg}", file=sys.stderr)
    return 2


RUN_OPTIONS = ("agents", "players", "format", "games", "hero", "levels", "seed", "story",
               "engine", "data_dir", "option")


def config_from_args(args) -> TournamentConfig:
    """The normalized config (AgentSpecError, ScheduleError on bad settings)."""
    return TournamentConfig(
        agents=tuple(agent_pool(args.agents, args.game or DEFAULT_GAME, args.format, args.players,
                                args.hero)),
        format=args.format, players=args.players,
        games=10 if args.games is None else args.games, seed=0 if args.seed is None else args.seed,
        story=args.story, levels=tuple(split_items(args.levels)) if args.levels else None,
        hero=args.hero, replays=args.replays, engine=args.engine or "auto",
        data_dir=args.data_dir, game=args.game or DEFAULT_GAME,
        options=tuple(_options(args).items())).normalized()


def _options(args) -> dict:
    from ..framework.cli_options import parse_options
    from ..framework.game import GameConfigError
    try:
        return parse_options(args.game or DEFAULT_GAME, getattr(args, "option", None) or [])
    except GameConfigError as e:
        raise ScheduleError(str(e)) from None


def main(args: argparse.Namespace) -> int:
    """Run `maracaibo tournament` with parsed arguments; the exit status."""
    from .store import StoreError
    console = Console()
    if args.show:
        given = [{"data_dir": "data"}.get(o, o) for o in RUN_OPTIONS
                 if getattr(args, o) is not None]
        if given or args.resume or args.replays:
            return _usage_error("--show prints a stored tournament; it takes no settings "
                                f"(got --{', --'.join(given) or 'resume/--replays'})")
        return _show(args, console)
    if args.bootstrap < 0:
        return _usage_error("--bootstrap must be >= 0")
    if args.workers < 1:
        return _usage_error("--workers must be >= 1")
    if args.address and args.backend != "ray":
        return _usage_error("--address is for --backend ray")
    try:
        cfg = config_from_args(args)
    except AgentSpecError as e:
        return _usage_error(str(e))
    except ScheduleError as e:
        return _usage_error(str(e))
    if args.agents is None:
        print(pool_note(cfg.game, cfg.agents), file=sys.stderr)
    missing = missing_extras()
    if missing:     # say it before the games, not after them
        print(f"maracaibo tournament: the rating tables need {', '.join(missing)}: "
              "pip install 'maracaibo-env[tournament]'", file=sys.stderr)
        return 1
    from .runner import run_tournament
    n_jobs = len(cfg.jobs())
    t0 = time.perf_counter()
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            tid = run_tournament(cfg, args.db, workers=args.workers, backend=args.backend,
                                 address=args.address, resume=args.resume,
                                 progress=args.progress)
        for w in caught:
            print(f"note: {w.message}", file=sys.stderr)
    except ValueError as e:          # arguments the runner refuses
        return _usage_error(str(e))
    except (StoreError, ImportError) as e:
        print(f"maracaibo tournament: {e}", file=sys.stderr)
        return 1
    except JobError as e:
        print(f"maracaibo tournament: {e}\nthe games finished before it are stored; fix the "
              "cause and run the same command with --resume", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted: the finished games are stored; run the same command with "
              "--resume to play the rest", file=sys.stderr)
        return 130
    wall = time.perf_counter() - t0
    print(f"{n_jobs} games in the schedule; this run took {wall:.1f} s "
          f"({args.backend}, {args.workers} worker{'s' if args.workers > 1 else ''})",
          file=sys.stderr)
    return _print_report(args, console, tid)


def _show(args, console) -> int:
    from ..agents.adapter import game_title
    from .store import StoreError, load_tournament
    try:
        info = load_tournament(args.db)     # read-only: --show changes nothing in the file
    except StoreError as e:
        print(f"maracaibo tournament: {e}", file=sys.stderr)
        return 1
    if args.game is not None and args.game != info.game:
        print(f"maracaibo tournament: {args.db!r} holds a {game_title(info.game)} tournament, "
              f"not {game_title(args.game)} (--game {args.game})", file=sys.stderr)
        return 1
    return _print_report(args, console, info.id)


def missing_extras() -> list[str]:
    """The packages of the `tournament` extra that the tables need and are missing."""
    import importlib.util
    return [m for m in ("openskill", "scipy", "statsmodels") if importlib.util.find_spec(m) is None]


def _print_report(args, console, tid) -> int:
    from .report import build_report
    missing = missing_extras()
    if missing:
        print(f"maracaibo tournament: the tables need {', '.join(missing)}: "
              f"pip install 'maracaibo-env[tournament]' (the games are stored in {args.db})",
              file=sys.stderr)
        return 1
    from .store import StoreError
    try:
        rep = build_report(args.db, tid, bootstrap=args.bootstrap)
    except StoreError as e:      # a damaged file or row: say which, no traceback
        print(f"maracaibo tournament: {e}", file=sys.stderr)
        return 1
    rep.print(console)
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(rep.to_dict(), f, indent=1)
        except OSError as e:
            print(f"maracaibo tournament: could not write --json {args.json}: {e}",
                  file=sys.stderr)
            return 1
    return 0


def run(argv: list[str] | None = None) -> int:
    """`maracaibo tournament` (argv without the program name; a
    leading 'tournament' is optional)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] != "tournament":
        argv = ["tournament", *argv]
    return main(build_parser().parse_args(argv))

"""Command line: the `maracaibo` command (also `python -m maracaibo_env`).

    maracaibo --version
    maracaibo demo [--game G] [--players N] [--seed S] [--replay FILE] [--verbose]
                   [--option NAME[=VALUE]] [--data DIR] [the game's own flags]
    maracaibo replay FILE [--partial] [--html OUT]
    maracaibo tournament | balance | calibrate | play | serve | compile | campaign ...

`maracaibo demo` plays one full game between random agents (--players 1: a
random player against the game's solo opponent) and prints one line per
round with the scores after that round's scoring, the final VP-by-source
table with totals and winners, the number of decisions and the time taken;
--verbose also prints every move by name with the player who made it and,
as `maracaibo play` labels it, what it points at ('sail:7:mp7 (St. Kitts, 7 MP)').
A game's own part of the demo (Maracaibo's --story, --difficulty and
--automa-income, who ended each round, each of Jean's turns) is a `Demo`
subclass that its registry row names (GameInfo.demo, e.g.
maracaibo_env/maracaibo/demo.py). The other subcommands live with their tools:
tournament/cli.py, balance/cli.py, calibration/cli.py, and in play/ the
terminal (play), the web app (web/cli.py: serve), compile.py and campaign.py.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from .framework.errors import GameConfigError
from .registry import DEFAULT_GAME, available_games, game_class, game_id_of, game_info, game_part
from .framework.cli_options import add_option_argument, game_help, options_help, parse_options  # noqa: F401  (re-exported)


EXAMPLES = """examples:
  maracaibo demo                                  3 random players, seed 0
  maracaibo demo --players 1 --difficulty hard    a random player against the Automa Jean
  maracaibo demo --players 2 --seed 7 --verbose   every move, by name and player
  maracaibo demo --replay game.jsonl              also write the game's replay
  maracaibo demo --data my_data/                  play with your edited copy of the game data
  maracaibo demo --option legacy=L6,L9 --option open_prestige
                                                  optional rules (options: see below)
  maracaibo demo --game pirates --players 3       a random game of Pirates of Maracaibo
  maracaibo demo --game pirates --replay p.jsonl  ... and its replay (`maracaibo replay p.jsonl` checks it)
  maracaibo demo --game pirates --option skirmish --option rubies
                                                  Pirates with two modules
  maracaibo replay game.jsonl                     re-run a replay and verify its scores
  maracaibo replay unfinished.jsonl --partial     re-run a replay of an unfinished game
  maracaibo replay game.jsonl --html game.html    ... and write a page that steps through it
  maracaibo play --players 3 --opponents balanced,mcts
                                                  play against bots in the terminal
  maracaibo serve --replays runs/                 the web app: play, watch, step through replays
  maracaibo tournament --players 2 --agents balanced,ship_income,random --games 20 --db rr.sqlite
                                                  a round robin with ratings, stored in SQLite
  maracaibo tournament --game pirates --players 3 --agents raider,explorer,builder,random --games 10 --db p.sqlite
                                                  the same for Pirates of Maracaibo
  maracaibo campaign new camp.json                a campaign from story card 01, kept in camp.json
  maracaibo campaign next camp.json               bots play its next game; the archive carries over
  maracaibo play --campaign camp.json             ... or play the next game yourself
  maracaibo balance --games 3 --players 2,3,4 --workers 2 --out report/
                                                  a balance report (HTML, Markdown, JSON)
  maracaibo prices --cards                        every card's value against the published cards' band
  maracaibo --version                             package, numba and data versions
"""


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser for the `maracaibo` command."""
    parser = argparse.ArgumentParser(prog="maracaibo", description="Maracaibo game environment tools.",
                                     epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_VersionAction,
                        help="print the package, numba and game-data versions and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play one game between random agents and print a summary",
                          epilog=EXAMPLES + "\n" + options_help(),
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    solo = " / ".join(game_info(g).solo_opponent for g in available_games() if game_info(g).solo_opponent)
    demo.add_argument("--game", default=DEFAULT_GAME, choices=available_games(), help=game_help())
    demo.add_argument("--verbose", "-v", action="store_true",
                      help="print every move by name with its player, and the solo opponent's turns")
    demo.add_argument("--players", type=int, default=3, choices=(1, 2, 3, 4),
                      help=f"number of players (default 3; 1 = solo against {solo})")
    demo.add_argument("--seed", type=int, default=0, help="game and agent seed (default 0)")
    demo.add_argument("--replay", metavar="PATH", help="also write the game's replay (JSON lines)")
    add_option_argument(demo)
    demo.add_argument("--data", metavar="DIR",
                      help="play with the game data in DIR (a copy of maracaibo_env/<game>/data with your "
                           "changes), or a shipped data set by name (Maracaibo's calibrated, a richer economy "
                           "variant, and partly_priced, the cards before every effect was priced)")
    for g in available_games():         # each game's own flags (Maracaibo's --story, ...)
        demo_of(g).add_arguments(demo)
    rep = sub.add_parser("replay", help="re-run a replay file and verify its final scores")
    rep.add_argument("path", help="a replay written by `maracaibo demo --replay` or Game.save_replay")
    rep.add_argument("--partial", action="store_true",
                     help="accept an unfinished game (no final scores to verify)")
    rep.add_argument("--html", metavar="OUT",
                     help="also write OUT, one self-contained page that steps through the game "
                          "(works offline; open it in any browser)")
    from .tournament.cli import add_parser as tournament_parser
    from .balance.cli import add_parser as balance_parser
    from .play.terminal import add_parser as play_parser
    from .play.web.cli import add_parser as serve_parser
    from .calibration.cli import add_parser as calibrate_parser
    from .play.compile import add_parser as compile_parser
    from .play.campaign import add_parser as campaign_parser
    from .calibration.prices import add_parser as prices_parser
    tournament_parser(sub)
    balance_parser(sub)
    calibrate_parser(sub)
    play_parser(sub)
    serve_parser(sub)
    compile_parser(sub)
    campaign_parser(sub)
    prices_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `maracaibo` console script; returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:                    # a bare `maracaibo`: the help, not a usage error
        build_parser().print_help()
        return 0
    args = build_parser().parse_args(argv)
    if args.command == "demo":
        try:
            options = parse_options(args.game, args.option)
        except GameConfigError as exc:
            print(f"maracaibo demo: {exc}", file=sys.stderr)
            return 2
        return demo(args.game, args, options)
    if args.command == "replay":
        return replay(args.path, args.partial, args.html)
    if args.command == "tournament":
        from .tournament.cli import main as tournament_main
        return tournament_main(args)
    if args.command == "balance":
        from .balance.cli import main as balance_main
        return balance_main(args)
    if args.command == "calibrate":
        from .calibration.cli import main as calibrate_main
        return calibrate_main(args)
    if args.command == "play":
        from .play.terminal import main as play_main
        return play_main(args)
    if args.command == "compile":
        from .play.compile import main as compile_main
        return compile_main(args)
    if args.command == "campaign":
        from .play.campaign import main as campaign_main
        return campaign_main(args)
    if args.command == "prices":
        from .calibration.prices import main as prices_main
        return prices_main(args)
    if args.command == "serve":
        from .play.web.cli import main as serve_main
        return serve_main(args)
    return 2  # pragma: no cover  (argparse rejects unknown commands)


def replay(path: str, partial: bool = False, html: str | None = None) -> int:
    """Re-run a replay; print its result, or what is wrong with it (exit status 1);
    html: also write the one-page viewer of the game there."""
    from .framework.replay import verify_replay, ReplayError
    try:
        game = verify_replay(path, partial)
    except ReplayError as exc:
        print(f"replay FAILED: {exc}", file=sys.stderr)
        return 1
    out = _Printer()
    out.line(f"replay OK: {len(game.history)} actions, "
             + ("final scores " + str(game.scores()) if game.is_over
                else f"game not finished (round {game.round}, phase {game.phase})"))
    if game.is_over:
        out.score_table(game)
    if html:
        from .play.replay_view import ReplayCursor, write_replay_page
        try:
            write_replay_page(ReplayCursor(game, None, Path(path).name), html)
        except OSError as exc:
            print(f"--html {html}: cannot write: {exc.strerror or exc}", file=sys.stderr)
            return 1
        out.line(f"wrote {html} (one page, {Path(html).stat().st_size // 1024} KB: open it in a browser)")
    return 0


#: hex digits of a game-data hash in short form, as `maracaibo tournament` prints it
#: (tournament/report.py describe: "data <hash>") and as --version prints it
DATA_HASH_DIGITS = 12


def data_hashes() -> dict[str, str]:
    """Each registered game's shipped data hash (``Catalog.data_hash``: what saved
    games, replays and tournaments record), in the short form tournaments print."""
    from .agents.adapter import get_adapter
    return {g: get_adapter(g).load_catalog(None).data_hash[:DATA_HASH_DIGITS] for g in available_games()}


def version_text() -> str:
    """'maracaibo-env X (numba Y, Python Z); data: maracaibo <hash>, pirates <hash>
    (<package>/<game>/data)': the data hashes are the ones saved games, replays and
    `maracaibo tournament` record and print (the same 12 hex digits)."""
    import platform
    import numba
    try:
        from importlib.metadata import version
        pkg = version("maracaibo-env")
    except Exception:  # not installed (run from a checkout)
        from .framework.version import VERSION as pkg
    hashes = ", ".join(f"{g} {h}" for g, h in data_hashes().items())
    return (f"maracaibo-env {pkg} (numba {numba.__version__}, Python {platform.python_version()}); "
            f"data: {hashes} ({Path(__file__).parent}/<game>/data)")


class _VersionAction(argparse.Action):
    """--version: prints version_text() (computed only when asked: it loads the game data)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(version_text())
        parser.exit()


class Demo:
    """A game's part of `maracaibo demo`. This base plays any registered game; a game
    whose demo says more (its own flags, its round lines, its solo opponent's turns)
    names a subclass in its registry row (GameInfo.demo), e.g.
    maracaibo_env/maracaibo/demo.py. One object per demo run.

    :param info: the game's registry row (registry.GameInfo).
    """

    def __init__(self, info):
        self.info = info

    @classmethod
    def add_arguments(cls, parser: argparse.ArgumentParser) -> None:
        """Add the game's own flags to the demo parser (one parser for every game: a flag
        of another game is parsed and ignored)."""

    def game_options(self, args: argparse.Namespace) -> dict:
        """The Game class's keyword arguments from the game's own flags (--option items
        override them)."""
        return {}

    def header(self, game, args: argparse.Namespace) -> str:
        """The first line, before the options."""
        who = (f"a random player vs {self.info.solo_opponent}" if game.solo
               else f"{args.players} random players")
        return f"{self.info.title} demo: {who}, seed {args.seed}"

    def start(self, game) -> None:
        """Called once before the first decision."""

    def moved(self, game) -> list[str]:
        """--verbose: what else to print after a decision (the solo opponent's turns)."""
        return []

    def round_line(self, game, rnd: int, scores: str) -> str:
        """The line at the end of round rnd; scores: 'player_0=31, player_1=27'."""
        return f"round {rnd} over; scores{' after final scoring' if game.is_over else ''}: {scores}"


def demo_of(game_id: str) -> type[Demo]:
    """The game's Demo class (registry GameInfo.demo; the generic Demo when the row names none)."""
    return game_part(game_id, "demo") if game_info(game_id).demo else Demo


def demo(game_id: str, args: argparse.Namespace, options: dict | None = None) -> int:
    """Play one random-agent game of a registered game and print a line per round and the
    final table (args: the demo parser's; --verbose: every move by name with its player)."""
    d = demo_of(game_id)(game_info(game_id))
    out = _Printer()
    if not 0 <= args.seed < 2**31:
        print(f"--seed must be in 0..2**31-1, got {args.seed}", file=sys.stderr)
        return 2
    problem = _replay_target_problem(args.replay) if args.replay else None
    if problem:  # before playing: the game would be lost at the end
        print(f"--replay {args.replay}: {problem}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    try:
        game = game_class(game_id)(args.players, seed=args.seed, data_dir=args.data,
                                   **{**d.game_options(args), **(options or {})})
    except ValueError as exc:     # GameConfigError, DataError, the Game's own checks
        print(f"maracaibo demo: {exc}", file=sys.stderr)
        return 2
    t_setup = time.perf_counter() - t0
    rng = np.random.default_rng(args.seed)
    out.line(d.header(game, args) + _options_line(game))
    decisions, rnd = 0, game.round
    d.start(game)
    t0 = time.perf_counter()
    while not game.is_over:
        legal = game.legal_actions()  # uniform random play (the demo needs no agent)
        a = legal[rng.integers(len(legal))]
        if args.verbose:
            out.line(f"  {seat_name(game, game.current_player)}: {_labelled(game, a)}")
        game.step(a)
        decisions += 1
        if args.verbose:
            for text in d.moved(game):
                out.line("  " + text)
        if game.round != rnd or game.is_over:
            scores = ", ".join(f"{seat_name(game, q)}={s}" for q, s in enumerate(game.scores()))
            out.line(d.round_line(game, rnd, scores))
            rnd = game.round
    elapsed = time.perf_counter() - t0
    out.score_table(game)
    if args.replay:
        game.save_replay(args.replay)
        out.line(f"replay written to {args.replay}")
    out.line(f"winner(s): {', '.join(seat_name(game, p) for p in game.winners())}")
    out.line(f"{decisions} decisions in {elapsed:.3f} s "
             f"({decisions / max(elapsed, 1e-9):,.0f} decisions/s; set-up {t_setup:.2f} s)")
    return 0


def _options_line(game) -> str:
    from .framework.options import label
    text = label(game.OPTIONS, game.options)
    return "" if text == "base" else f", options {text}"


def _labelled(game, action: int) -> str:
    """An action's name with what it points at now, as `maracaibo play` shows it
    ('sail:7:mp7 (Martinique, 7 MP)')."""
    from .play.labels import detail
    name = game.action_name(action)
    text = detail(game, name)
    return f"{name} ({text})" if text else name


def _replay_target_problem(path: str) -> str | None:
    """Why a replay cannot be written to path (None: it can)."""
    import os
    from pathlib import Path
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        return "is a folder; give a file name such as game.jsonl"
    if not folder.is_dir():
        return f"the folder {str(folder)!r} does not exist"
    if not os.access(folder, os.W_OK):
        return f"the folder {str(folder)!r} is not writable"
    return None


def seat_name(game, p: int) -> str:
    """A seat as the demo and the replay name it: player_<p>, the solo opponent by
    name ('jean')."""
    if getattr(game, "solo", False) and p == 1:
        return game_info(game_id_of(game)).solo_opponent.lower()
    return f"player_{p}"


def _solo_note(game) -> str:
    return game_info(game_id_of(game)).solo_note


class _Printer:
    """Prints lines and the score table with rich when installed, plain text otherwise."""

    def __init__(self):
        try:
            from rich.console import Console
            self.console = Console(highlight=False, emoji=False)
        except ImportError:  # rich is optional
            self.console = None

    def line(self, text: str) -> None:
        if self.console is not None:
            self.console.print(text, markup=False, soft_wrap=True)
        else:
            print(text)

    def score_table(self, game) -> None:
        breakdown = game.score_breakdown()
        n = game.num_seats
        rows = [[src] + [str(breakdown[p][src]) for p in range(n)]
                for src in game.VP_SOURCES if any(breakdown[p][src] for p in range(n))]
        winners = set(game.winners())
        total = ["total"] + [str(s) for s in game.scores()]
        headers = ["VP source"] + [seat_name(game, p) + (" (win)" if p in winners else "")
                                   for p in range(n)]
        if self.console is not None:
            from rich.table import Table
            t = Table(title="Final score breakdown")
            t.add_column(headers[0])
            for h in headers[1:]:
                t.add_column(h, justify="right")
            for r in rows:
                t.add_row(*r)
            t.add_section()
            t.add_row(*total, style="bold")
            self.console.print(t)
            if getattr(game, "solo", False):
                self.line(_solo_note(game))
            return
        widths = [max(len(r[i]) for r in [headers] + rows + [total]) for i in range(n + 1)]
        fmt = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(r, widths)))
        print("Final score breakdown")
        print(fmt(headers))
        print("  ".join("-" * w for w in widths))
        for r in rows:
            print(fmt(r))
        print("  ".join("-" * w for w in widths))
        print(fmt(total))
        if getattr(game, "solo", False):
            print(_solo_note(game))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

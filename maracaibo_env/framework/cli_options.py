"""What every `maracaibo` subcommand shares about games and their options
(--game, --option NAME[=VALUE]): its own module, so that the subcommands'
parsers (tournament, balance, play, serve) and the `maracaibo` dispatcher
(cli.py) import it without importing each other."""
from __future__ import annotations

from ..registry import DEFAULT_GAME, available_games, game_class, game_info


def options_help() -> str:
    """The options of every registered game, for help texts (--option NAME or NAME=VALUE)."""
    from .options import help_text
    parts = []
    for g in available_games():
        how = "--option NAME[=VALUE], repeatable" if g == DEFAULT_GAME else f"--game {g}"
        parts.append(f"options of {game_info(g).title} ({how}):\n" + help_text(game_class(g).OPTIONS))
    return "\n".join(parts)


def game_help() -> str:
    """The --game argument's help: the registered games."""
    from ..registry import games_text
    return f"which game: {games_text()}"


def add_option_argument(parser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME[=VALUE]",
                        help="an optional rule, repeatable: a flag by its name (open_prestige, "
                             "skirmish), else NAME=VALUE (legacy=L6,L9; difficulty=3); the list "
                             "is at the end of `maracaibo demo --help`")


def parse_options(game: str, items) -> dict:
    """{name: value} of --option items for a game (GameConfigError says what is allowed)."""
    from .options import parse_option_args
    return parse_option_args(game_class(game).OPTIONS, items)

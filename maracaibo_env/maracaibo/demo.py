"""Maracaibo's part of `maracaibo demo` (GameInfo.demo): its flags (--story,
--difficulty, --automa-income), the story and Jean's level in the first line,
who ended each round, and each of Jean's turns with --verbose."""
from __future__ import annotations

from ..cli import Demo, seat_name
from .catalog import STORY_NUMBERS
from .core import constants as L
from .core.enums import AUTOMA_INCOMES, DIFFICULTIES


class MaracaiboDemo(Demo):
    """`maracaibo demo` (--game maracaibo, the default)."""

    @classmethod
    def add_arguments(cls, parser) -> None:
        parser.add_argument("--difficulty", default="medium", choices=DIFFICULTIES,
                            help="Maracaibo solo: Jean's level (default medium)")
        parser.add_argument("--automa-income", default="en", choices=AUTOMA_INCOMES,
                            help="Maracaibo solo: Jean's income reading (SOLO-18; default en)")
        parser.add_argument("--story", type=int, default=75, choices=STORY_NUMBERS,
                            help="Maracaibo: the non-campaign story card (default 75)")

    def game_options(self, args) -> dict:
        return {"story": args.story, "difficulty": args.difficulty, "automa_income": args.automa_income}

    def header(self, game, args) -> str:
        who = (f"a random player vs the Automa Jean ({args.difficulty})" if game.solo
               else f"{args.players} random players")
        return f"{self.info.title} demo: {who}, seed {args.seed}, story {args.story}"

    def start(self, game) -> None:
        self._jean = _jean_turn(game)

    def moved(self, game) -> list[str]:
        """Jean's turn, when she has taken one since the last decision."""
        if not game.solo or _jean_turn(game) == self._jean:
            return []
        self._jean = _jean_turn(game)
        return ["jean: " + ", ".join(f"{ev} {arg}" for ev, arg in game.solo_log())]

    def round_line(self, game, rnd: int, scores: str) -> str:
        trigger = seat_name(game, int(game.state[L.G_TRIGGER]))
        return f"round {rnd}: ended by {trigger}; scores after scoring: {scores}"


def _jean_turn(game) -> tuple:
    """Changes whenever Jean has taken a turn: her deck and discard counts
    (every turn draws a card) and her log."""
    if not game.solo:
        return ()
    st = game.state
    return (int(st[L.G_AUTOMA_N]), int(st[L.G_AUTOMA_DISCARD_N]), int(st[L.G_AUTOMA_LOG_N]))

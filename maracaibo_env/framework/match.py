"""What one finished game of any registered game records (``GameResult``), as
tournaments store it and balance reports read it, and the engines a match can
be played with. Each game's ``match`` module plays a game to a GameResult."""
from __future__ import annotations

from dataclasses import dataclass, field, asdict
from typing import Any

from ..registry import DEFAULT_GAME


@dataclass
class GameResult:
    """Everything recorded about one finished game. Seats are in playing
    order; in a solo game seat 1 is the solo opponent (specs[1] =
    'jean:<level>', 'jordan:<k>') and ``difficulty`` is its level as text
    ('hard', '3'); a Pirates solo game played as a line-up lists jordan:<k>
    where the line-up put him (specs, scores and winners in the line-up's
    order). Tournaments tell a solo game by the solo opponent's spec
    (tournament.ratings.solo_of): Pirates results stored before its solo
    games set ``difficulty`` hold None there.
    Pirates of Maracaibo games (game='pirates', maracaibo_env.pirates.match)
    fill the same fields: turns over its 3 rounds, no careers, story 0
    (no story cards), events of figureheads, improvements and residences."""
    seed: int
    specs: list[str]
    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    decisions: int
    turns: list[list[int]]          # turns[seat][round-1], rounds I-IV
    careers: list[int]              # career card kept by each seat (-1: none)
    events: list[tuple[int, str, int, int]]  # (seat, kind, item id, round)
    story: int = 75
    difficulty: str | None = None   # solo games: the opponent's level ('hard', '3')
    data_hash: str = ""
    history: list[int] | None = field(default=None, repr=False)
    game: str = DEFAULT_GAME        # which game (a registry id)

    @property
    def num_players(self) -> int:
        """Players who decide (1 in a solo game)."""
        return 1 if self.difficulty is not None else len(self.specs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameResult":
        d = dict(d)
        d["events"] = [tuple(e) for e in d.get("events", [])]
        return cls(**d)


ENGINES = ("auto", "compiled", "python")

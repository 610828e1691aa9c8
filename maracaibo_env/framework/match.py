"""What one finished game of any registered game records (``GameResult``), as
tournaments store it and balance reports read it, and the engines a match can
be played with. Each game's ``match`` module plays a game to a GameResult."""
from __future__ import annotations

from dataclasses import dataclass, field, asdict
from typing import Any

from ..registry import DEFAULT_GAME


#: fields GameResult had before ``details`` (Maracaibo's career cards and story
#: card), each with the value a game without it recorded (Pirates: [] and 0):
#: ``from_dict`` and the tournament store move them into ``details``
OLD_FIELDS: dict[str, Any] = {"careers": [], "story": 0}


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

    The fields are the same for every game; ``details`` holds what only one
    game records, under keys its adapter documents
    (agents.adapter.GameAdapter.result_details) and reads for the tools
    (``taken``, ``story_of``, ``setup_of``): Maracaibo's career cards and
    story card; Pirates of Maracaibo records none (``{}``)."""
    seed: int
    specs: list[str]
    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    decisions: int
    turns: list[list[int]]          # turns[seat][round-1], one entry per round of the game
    events: list[tuple[int, str, int, int]]  # (seat, kind, item id, round)
    difficulty: str | None = None   # solo games: the opponent's level ('hard', '3')
    data_hash: str = ""
    history: list[int] | None = field(default=None, repr=False)
    game: str = DEFAULT_GAME        # which game (a registry id)
    details: dict[str, Any] = field(default_factory=dict)   # the game's own (its adapter's keys)

    @property
    def num_players(self) -> int:
        """Players who decide (1 in a solo game)."""
        return 1 if self.difficulty is not None else len(self.specs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameResult":
        """A result from ``to_dict``'s dict, or from one written before
        ``details`` (its careers and story move into details, OLD_FIELDS)."""
        d = dict(d)
        d["events"] = [tuple(e) for e in d.get("events", [])]
        details = dict(d.get("details") or {})
        for k, none in OLD_FIELDS.items():
            if k in d:
                v = d.pop(k)
                if v != none:
                    details.setdefault(k, v)
        d["details"] = details
        return cls(**d)


ENGINES = ("auto", "compiled", "python")

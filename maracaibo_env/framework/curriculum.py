"""`Curriculum`: which rung of an opponent ladder each new training game is
played against, from the learner's win rate. It imports no game.

    from maracaibo_env.framework.curriculum import Curriculum
    c = Curriculum(["random", "balanced:eps=0.5:depth=0", "balanced"], promote=0.6, window=400)
    rungs = c.draw(k)             # a rung index for each of k new games
    c.record(rungs, results)      # results: 1 a sole win, 0.5 a shared win, 0 a loss

The learner starts on rung `start`. Each new game is played against the
current rung, or, with chance `review`, against a rung below it drawn
uniformly (so it does not forget the easier opponents). Once the last
`window` games against the current rung give a win rate of at least
`promote`, the next rung becomes current (the window starts afresh); on the
top rung it stays. It never steps down. Every game is counted in `stats`
(games and win credit per rung), whatever its rung.

The draws come from a numpy Generator seeded by `seed`: the same seed and
the same results give the same rungs.
"""
from __future__ import annotations

from collections import deque
from typing import Sequence

import numpy as np


class Curriculum:
    """Opponent rungs drawn by the learner's win rate (see the module docstring).

    :param rungs: the opponents from weakest to strongest (agent specs), at least one.
    :param promote: the win rate over the last `window` games against the
        current rung that moves the learner up (0 < promote <= 1).
    :param window: games against the current rung that the win rate is read on (>= 1).
    :param review: chance that a new game is against a lower rung (0..1).
    :param start: the first current rung.
    :param seed: seed of the rung draws.
    """

    def __init__(self, rungs: Sequence[str] | None = None, promote: float = 0.6, window: int = 400,
                 review: float = 0.2, start: int = 0, seed: int = 0):
        if rungs is not None:
            rungs = list(rungs)
            if not rungs or not all(isinstance(r, str) for r in rungs):
                raise ValueError(f"rungs must be a non-empty list of agent specs, got {rungs!r}")
        self.rungs: list[str] | None = rungs   # None: the game's ladder, filled in by the env
        if isinstance(promote, bool) or not isinstance(promote, (int, float)) or not 0 < promote <= 1:
            raise ValueError(f"promote must be a number in (0, 1], got {promote!r}")
        if isinstance(window, bool) or not isinstance(window, (int, np.integer)) or window < 1:
            raise ValueError(f"window must be an int >= 1, got {window!r}")
        if isinstance(review, bool) or not isinstance(review, (int, float)) or not 0 <= review <= 1:
            raise ValueError(f"review must be a number in [0, 1], got {review!r}")
        if isinstance(start, bool) or not isinstance(start, (int, np.integer)) or start < 0 \
                or (rungs is not None and start >= len(rungs)):
            raise ValueError(f"start must be a rung index 0..{len(rungs) - 1 if rungs else 'top'}, "
                             f"got {start!r}")
        self.promote, self.window, self.review = float(promote), int(window), float(review)
        self.level = int(start)
        self.seed = seed
        self._rng = np.random.default_rng(seed)
        self._recent: deque = deque(maxlen=self.window)
        self.games = np.zeros(len(rungs) if rungs else 0, np.int64)
        self.credit = np.zeros(len(rungs) if rungs else 0, np.float64)
        #: (games recorded so far, new level) at each promotion
        self.promotions: list[tuple[int, int]] = []

    def bind(self, ladder: Sequence[str]) -> "Curriculum":
        """Fill in the game's ladder when no rungs were given (the env calls this)."""
        if self.rungs is None:
            if self.level >= len(ladder):
                raise ValueError(f"start must be a rung index 0..{len(ladder) - 1}, got {self.level}")
            self.rungs = list(ladder)
            self.games = np.zeros(len(ladder), np.int64)
            self.credit = np.zeros(len(ladder), np.float64)
        return self

    @property
    def top(self) -> int:
        return len(self.rungs) - 1

    def draw(self, k: int) -> np.ndarray:
        """The rung of each of k new games (int64[k])."""
        out = np.full(k, self.level, np.int64)
        if self.level > 0 and self.review > 0:
            low = self._rng.random(k) < self.review
            out[low] = self._rng.integers(0, self.level, size=int(low.sum()))
        return out

    def record(self, rungs: np.ndarray, results: np.ndarray) -> None:
        """Count finished games: rungs[j] the rung, results[j] the learner's
        win credit (1, 0.5 or 0); promote when the current rung is beaten."""
        rungs = np.asarray(rungs, np.int64)
        results = np.asarray(results, np.float64)
        np.add.at(self.games, rungs, 1)
        np.add.at(self.credit, rungs, results)
        for r, x in zip(rungs.tolist(), results.tolist()):
            if r != self.level:
                continue
            self._recent.append(x)
            if (len(self._recent) == self.window and self.level < self.top
                    and sum(self._recent) / self.window >= self.promote):
                self.level += 1
                self._recent.clear()
                self.promotions.append((int(self.games.sum()), self.level))

    def win_rate(self) -> float | None:
        """The learner's win rate over the current window (None before any game)."""
        return sum(self._recent) / len(self._recent) if self._recent else None

    def __repr__(self) -> str:
        return (f"Curriculum(level={self.level}/{self.top if self.rungs else '?'}, "
                f"window win rate={self.win_rate()}, rungs={self.rungs})")

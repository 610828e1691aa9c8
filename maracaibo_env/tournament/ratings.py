"""Ratings and win rates from stored games (lists of ``match.GameResult``).

* ``openskill_ratings``: Weng-Lin Plackett-Luce (openskill) over every game in
  schedule order; a game's ranking is by score, equal scores share a rank; a
  solo game ranks the agent against its solo opponent (``jean:<level>``,
  ``jordan:<k>``) by the game's winners (a tie goes to the opponent).
  Reported: mu, sigma and the ordinal mu - 3 sigma.
* ``agent_summaries``: per agent games, win share (1 for a sole win, 1/k for a
  k-way tie for first) with a Wilson 95 % interval, mean VP, mean rank.
* ``pairwise``: row agent against column agent: in every game both played,
  the row agent scores 1 if it finished ahead (a winner the other is not, or
  more VP when neither won), 1/2 if level, else 0; for 2 players this is the
  win credit. Wilson 95 % intervals on that (fractional) count.
* ``bradley_terry``: for 2-player games, the maximum-likelihood Bradley-Terry
  strengths on the Elo scale (400 log10, mean 0) with percentile bootstrap
  95 % intervals. The bootstrap resamples duplicate sets (the games of one
  deal and line-up, which share a seed) with a fixed seed, so the intervals
  reflect what duplicate play cancels.
* ``solo_table``: per agent and solo opponent's level, the win rate with
  Wilson 95 %.

A solo game is one whose line-up holds the game's solo opponent: the kind of
the agent table (maracaibo_env.agents.registry) that takes no seat (``solo_of``);
it is left out of the multi-player tables (summaries, pairwise, Bradley-Terry).

Wilson intervals come from statsmodels (``proportion_confint(method="wilson")``,
which accepts fractional counts).
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from ..agents.registry import solo_kind, solo_levels, solo_opponent
from ..framework.match import GameResult

ELO = 400.0 / math.log(10.0)   # Elo points per natural-log unit of strength
TOURNAMENT_HINT = "pip install 'maracaibo-env[tournament]'"


def seat_ranks(scores) -> list[int]:
    """Rank of each seat by score: 1 + the number of seats with more VP (ties share)."""
    return [1 + sum(1 for t in scores if t > s) for s in scores]


def win_credits(num_seats: int, winners) -> list[float]:
    """1/k for each of k winners, 0 for the others."""
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(num_seats)]


def wilson(count: float, n: float, alpha: float = 0.05) -> tuple[float, float]:
    """Wilson score interval (95 % by default) for `count` successes in `n`
    trials; count may be fractional (half wins). (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    try:
        from statsmodels.stats.proportion import proportion_confint
    except ImportError:
        raise ImportError(f"Wilson intervals need statsmodels: {TOURNAMENT_HINT}") from None
    lo, hi = proportion_confint(count, n, alpha=alpha, method="wilson")
    return float(lo), float(hi)


@dataclass
class Rate:
    """A proportion with its Wilson interval."""
    count: float
    n: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.count / self.n if self.n else float("nan")

    @classmethod
    def of(cls, count: float, n: int) -> "Rate":
        lo, hi = wilson(count, n)
        return cls(float(count), int(n), lo, hi)


@dataclass(frozen=True)
class Solo:
    """Who played a solo game: the agent's and the opponent's index in specs
    (and scores, winners), the opponent's spec text and level."""
    agent: int
    opponent: int
    spec: str
    level: str


def solo_of(r: GameResult) -> Solo | None:
    """The sides of a solo game, None for a multi-player one. The opponent is
    the spec of the game's solo kind in the agent table ('jean:hard',
    'jordan:3'); a result with a ``difficulty`` and no such spec (hand-made)
    is the game's solo opponent at that level in seat 1."""
    found = solo_opponent(r.specs, r.game)
    if found is not None:
        j, spec = found
        return Solo(1 - j if len(r.specs) == 2 else 0, j, spec.text, spec.arg)
    if r.difficulty is not None:
        row = solo_kind(r.game)
        return Solo(0, 1, f"{row.kind if row is not None else 'jean'}:{r.difficulty}", r.difficulty)
    return None


def _multi(results):
    """The multi-player games (no solo) in which no agent sits twice."""
    return [r for r in results if solo_of(r) is None and len(set(r.specs)) == len(r.specs)]


# ---------------------------------------------------------------- openskill

@dataclass
class SkillRating:
    agent: str
    mu: float
    sigma: float
    ordinal: float        # mu - 3 sigma: a conservative estimate
    games: int


def openskill_ratings(results: list[GameResult], model=None) -> list[SkillRating]:
    """Plackett-Luce ratings (openskill, default parameters) after every game
    in the given order (schedule order from ``store.load_results``), best
    ordinal first. Games where an agent sits twice are skipped."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError(f"ratings need openskill: {TOURNAMENT_HINT}") from None
    model = model if model is not None else PlackettLuce()
    ratings, games = {}, defaultdict(int)
    for r in results:
        if len(set(r.specs)) != len(r.specs):
            continue
        if solo_of(r) is not None:     # solo: the agent against its opponent, ranked by winners
            ranks = [1 if s in r.winners else 2 for s in range(len(r.specs))]
        else:
            ranks = seat_ranks(r.scores)
        teams = [[ratings.setdefault(a, model.rating(name=a))] for a in r.specs]
        new = model.rate(teams, ranks=ranks)
        for a, team in zip(r.specs, new):
            ratings[a] = team[0]
            games[a] += 1
    out = [SkillRating(a, float(x.mu), float(x.sigma), float(x.ordinal()), games[a])
           for a, x in ratings.items()]
    return sorted(out, key=lambda s: (-s.ordinal, s.agent))


# ---------------------------------------------------------------- per agent

@dataclass
class AgentSummary:
    agent: str
    games: int
    wins: Rate            # win share (1/k for a k-way tie) with Wilson interval
    mean_score: float
    mean_rank: float


def agent_summaries(results: list[GameResult]) -> dict[str, AgentSummary]:
    """Per agent over the multi-player games: win share, mean VP, mean rank."""
    acc = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for r in _multi(results):
        credit = win_credits(len(r.specs), r.winners)
        ranks = seat_ranks(r.scores)
        for s, a in enumerate(r.specs):
            e = acc[a]
            e[0] += 1
            e[1] += credit[s]
            e[2] += r.scores[s]
            e[3] += ranks[s]
    return {a: AgentSummary(a, n, Rate.of(w, n), sc / n, rk / n)
            for a, (n, w, sc, rk) in acc.items()}


# ---------------------------------------------------------------- pairwise

def _finish_keys(r: GameResult) -> list[tuple[int, int]]:
    # winners first (the game's own tie-break), then by VP; higher is better
    return [(1 if s in r.winners else 0, r.scores[s]) for s in range(len(r.specs))]


def pairwise(results: list[GameResult]) -> dict[tuple[str, str], Rate]:
    """{(row, column): row's credit against column} over the multi-player
    games both played (see the module docstring)."""
    acc = defaultdict(lambda: [0.0, 0])
    for r in _multi(results):
        keys = _finish_keys(r)
        for i, a in enumerate(r.specs):
            for j, b in enumerate(r.specs):
                if i != j:
                    e = acc[(a, b)]
                    e[0] += 1.0 if keys[i] > keys[j] else 0.5 if keys[i] == keys[j] else 0.0
                    e[1] += 1
    return {k: Rate.of(w, n) for k, (w, n) in acc.items()}


# ---------------------------------------------------------------- Bradley-Terry

@dataclass
class BTRating:
    agent: str
    elo: float            # Bradley-Terry strength, Elo scale, mean of the agents 0
    low: float            # bootstrap 95 % interval
    high: float
    games: int


@dataclass
class BTFit:
    ratings: list[BTRating]          # best first
    games: int
    bootstrap: int                   # resamples (0: no interval)
    regularised: bool                # the MLE did not exist (an unbeaten or winless agent):
                                     # half a drawn pseudo-game was added per pair


def _strongly_connected(w: np.ndarray) -> bool:
    """Every agent beat (had credit against) a chain leading to every other:
    Ford's condition for a finite Bradley-Terry MLE."""
    from scipy.sparse.csgraph import connected_components
    n, _ = connected_components(w > 0, directed=True, connection="strong")
    return n == 1


def bt_fit(w: np.ndarray, iters: int = 100, tol: float = 1e-10) -> np.ndarray:
    """Maximum-likelihood Bradley-Terry log-strengths, mean 0, for one or a
    batch of credit matrices w[..., i, j] (credit of i against j; the games
    between i and j are w[i, j] + w[j, i]). Newton's method on the concave
    log-likelihood; the Hessian's null direction (adding a constant) is fixed
    by the penalty (sum theta)^2 / 2, which is 0 at the centred optimum."""
    w = np.asarray(w, float)
    batch = w.ndim == 3
    w = w if batch else w[None]
    b, n, _ = w.shape
    games = w + np.swapaxes(w, 1, 2)
    wins = w.sum(axis=2)
    theta = np.zeros((b, n))
    ones = np.ones((n, n))
    for _ in range(iters):
        d = theta[:, :, None] - theta[:, None, :]
        p = 1.0 / (1.0 + np.exp(-d))
        grad = wins - (games * p).sum(axis=2) - theta.sum(axis=1, keepdims=True)
        c = games * p * (1.0 - p)
        hess = c - np.eye(n)[None] * c.sum(axis=2)[:, :, None] - ones[None]
        step = -np.linalg.solve(hess, grad[:, :, None])[:, :, 0]
        big = np.abs(step).max(axis=1, keepdims=True)
        step = np.where(big > 2.0, step * (2.0 / np.maximum(big, 1e-300)), step)  # damped
        theta = theta + step
        if np.abs(step).max() < tol:
            break
    theta = theta - theta.mean(axis=1, keepdims=True)
    return theta if batch else theta[0]


def _with_prior(w: np.ndarray) -> np.ndarray:
    n = w.shape[-1]
    prior = 0.25 * (np.ones((n, n)) - np.eye(n))   # half a drawn game per pair
    return w + prior


def _fit_one(w: np.ndarray) -> tuple[np.ndarray, bool]:
    if _strongly_connected(w):
        return bt_fit(w), False
    return bt_fit(_with_prior(w)), True


def bradley_terry(results: list[GameResult], bootstrap: int = 1000, seed: int = 0
                  ) -> BTFit | None:
    """Bradley-Terry on the 2-player games (None without any), Elo scale,
    percentile bootstrap intervals from `bootstrap` resamples of duplicate
    sets drawn with numpy's generator seeded with `seed`."""
    two = [r for r in results if solo_of(r) is None and len(r.specs) == 2
           and r.specs[0] != r.specs[1]]
    if not two:
        return None
    agents = sorted({a for r in two for a in r.specs})
    idx = {a: i for i, a in enumerate(agents)}
    n = len(agents)
    clusters: dict[tuple, np.ndarray] = {}
    played = defaultdict(int)
    from ..agents.adapter import get_adapter
    for r in two:           # a duplicate set: the same deal (seed, story) in both seat orders
        key = (tuple(sorted(r.specs)), r.seed, get_adapter(r.game).story_of(r))
        m = clusters.setdefault(key, np.zeros((n, n)))
        c = win_credits(2, r.winners)
        i, j = idx[r.specs[0]], idx[r.specs[1]]
        m[i, j] += c[0]
        m[j, i] += c[1]
        for a in r.specs:
            played[a] += 1
    cw = np.stack(list(clusters.values()))
    total = cw.sum(axis=0)
    theta, reg = _fit_one(total)
    low = high = np.full(n, np.nan)
    if bootstrap > 0 and n > 1:
        rng = np.random.default_rng(seed)
        counts = rng.multinomial(len(cw), np.full(len(cw), 1.0 / len(cw)), size=bootstrap)
        ws = np.einsum("bk,kij->bij", counts.astype(float), cw)
        ok = np.array([_strongly_connected(x) for x in ws])
        ws[~ok] = _with_prior(ws[~ok])
        thetas = bt_fit(ws)
        low, high = np.percentile(thetas * ELO, [2.5, 97.5], axis=0)
    ratings = [BTRating(a, float(theta[i] * ELO), float(low[i]), float(high[i]), played[a])
               for i, a in enumerate(agents)]
    ratings.sort(key=lambda x: (-x.elo, x.agent))
    return BTFit(ratings, len(two), int(bootstrap) if n > 1 else 0, reg)


# ---------------------------------------------------------------- solo

@dataclass
class SoloRow:
    agent: str
    level: str            # the opponent's level: Jean's 'hard', Jordan's '3'
    wins: Rate            # games won against the opponent (a tie goes to the opponent)
    mean_score: float
    mean_jean: float      # the opponent's mean score (the name from Jean's tables)
    opponent: str = ""    # the opponent's spec: 'jean:hard', 'jordan:3'

    @property
    def mean_opponent(self) -> float:
        return self.mean_jean


def solo_table(results: list[GameResult]) -> list[SoloRow]:
    """Per agent and the solo opponent's level (easiest first), from the solo
    games (``solo_of``) of any game."""
    acc = defaultdict(lambda: [0, 0, 0.0, 0.0])
    order: dict[str, int] = {}
    for r in results:
        so = solo_of(r)
        if so is None:
            continue
        if not order:
            order = {lv: i for i, lv in enumerate(solo_levels(r.game))}
        e = acc[(r.specs[so.agent], so.level, so.spec)]
        e[0] += 1
        e[1] += 1 if r.winners == [so.agent] else 0
        e[2] += r.scores[so.agent]
        e[3] += r.scores[so.opponent]
    rows = [SoloRow(a, lv, Rate.of(w, n), s / n, j / n, spec)
            for (a, lv, spec), (n, w, s, j) in acc.items()]
    return sorted(rows, key=lambda x: (x.agent, order.get(x.level, 99), x.level))

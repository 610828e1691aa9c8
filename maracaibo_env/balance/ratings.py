"""Strategy ratings and head-to-head records for balance reports.

Ratings and pairwise records come from the tournament package
(maracaibo_env.tournament.ratings: openskill Plackett-Luce, Wilson intervals),
so a tournament and a balance report over the same games agree.

    finishing_ranks(result)   1 = first; winners (after the game's tie-breakers) first,
                              the rest by score, equal scores share a rank

Only multi-player games are rated here; solo games have their own section.
"""
from __future__ import annotations


def finishing_ranks(r) -> list[int]:
    """Rank of each seat (1 = first): the winners share rank 1 (the game's
    tie-breakers decided them), the others follow by score."""
    n = len(r.scores)
    win = set(r.winners)

    def ahead(i, j):  # seat i finished ahead of seat j
        if (i in win) != (j in win):
            return i in win
        if i in win:
            return False
        return r.scores[i] > r.scores[j]

    return [1 + sum(ahead(j, i) for j in range(n) if j != i) for i in range(n)]


def strategy_ratings(results) -> tuple[dict[str, dict], list[dict], str]:
    """(ratings, pairwise records, which implementation) over the multi-player
    games, by the tournament package's ratings (one implementation for both)."""
    from ..tournament import ratings as T
    multi = [r for r in results if T.solo_of(r) is None]
    skills = T.openskill_ratings(multi)
    pw = T.pairwise(multi)
    ratings = {s.agent: {"mu": s.mu, "sigma": s.sigma, "ordinal": s.ordinal, "games": s.games}
               for s in skills}
    pairs = [{"a": a, "b": b, "k": x.count, "n": x.n, "p": x.rate, "lo": x.low, "hi": x.high}
             for (a, b), x in sorted(pw.items())]
    return ratings, pairs, "maracaibo_env.tournament.ratings"

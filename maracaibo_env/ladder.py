"""The opponent ladder: graded opponents from random to the strongest, as
agent specs (maracaibo_env.agent_registry), weakest first.

    from maracaibo_env.ladder import ladder
    ladder("maracaibo")   # ['random', 'balanced:eps=0.9:depth=0', ..., 'tuned']

Every rung is an ordinary spec, so it plays wherever specs do: the vector env
(`LearnerGames(opponents=...)`, or `opponents="curriculum"` to climb the
ladder by win rate), the single-agent env, `maracaibo tournament`. The weak
rungs are a heuristic that plays a uniformly random move with chance `eps`
and looks `depth` own decisions ahead (0 = judges each move by its
immediate result only). Each rung was chosen to beat the one below it in
most 2-player games (tests/agents/test_opponent_ladder.py checks it on fresh
deals); the measured Elo of each rung, on one scale, is in
docs/opponent_ladder.md, from `maracaibo tournament --players 2 --agents ladder`.
"""
from __future__ import annotations

from .registry import DEFAULT_GAME, game_info

LADDER: dict[str, tuple[str, ...]] = {
    "maracaibo": (
        "random",
        "balanced:eps=0.9:depth=0",
        "balanced:eps=0.6:depth=0",
        "balanced:eps=0.3:depth=0",
        "balanced:eps=0.15:depth=0",
        "balanced:depth=0",
        "balanced:eps=0.2:depth=1",
        "balanced:eps=0.1:depth=1",
        "balanced:depth=1",
        "balanced",
        "tuned",
    ),
    "pirates": (
        "random",
        "raider:eps=0.8",
        "raider:eps=0.6",
        "raider:eps=0.4",
        "raider:eps=0.2",
        "raider",
    ),
}


def ladder(game: str = DEFAULT_GAME) -> list[str]:
    """The rungs of a game's ladder, weakest first (UnknownGameError for an unknown game)."""
    game_info(game)
    return list(LADDER[game])

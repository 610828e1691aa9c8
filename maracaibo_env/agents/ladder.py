"""The opponent ladder: graded opponents from random to the strongest, as
agent specs (maracaibo_env.agents.registry), weakest first.

    from maracaibo_env.agents.ladder import ladder
    ladder("maracaibo")   # ['random', 'balanced:eps=0.9:depth=0', ..., 'tuned']

Every rung is an ordinary spec, so it plays wherever specs do: the vector env
(`LearnerGames(opponents=...)`, or `opponents="curriculum"` to climb the
ladder by win rate), the single-agent env, `maracaibo tournament`. The weak
rungs (each game's registry row, GameInfo.ladder) are a heuristic that plays a uniformly random move with chance `eps`
and looks `depth` own decisions ahead (0 = judges each move by its
immediate result only). Each rung was chosen to beat the one below it in
most 2-player games (tests/agents/test_opponent_ladder.py checks it on fresh
deals); the measured Elo of each rung, on one scale, is in
docs/opponent_ladder.md, from `maracaibo tournament --players 2 --agents ladder`.
"""
from __future__ import annotations

from ..registry import DEFAULT_GAME, available_games, game_info

def ladder(game: str = DEFAULT_GAME) -> list[str]:
    """The rungs of a game's ladder, weakest first (UnknownGameError for an unknown game)."""
    return list(game_info(game).ladder)


def ladders() -> dict[str, list[str]]:
    """{game id: its ladder} of every registered game."""
    return {g: ladder(g) for g in available_games()}

"""`strongest`: the strongest agent we measured for a game, by player count.

    from maracaibo_env.agents.registry import make_agent
    bot = make_agent("strongest", game="pirates")   # act(obs, mask, rng, game=g)

Which agent that is lives in the game's registry row (`GameInfo.strongest`, a
table of player count -> agent spec, 1 = solo), with the tournament figures
that chose it in docs/agents.md ("strongest"). The agent asks the table at
each decision for the game in front of it, so one `strongest` plays every
player count, and the table changes with new measurements, not the code.
It is the hint agent of `maracaibo play` and the web app's default bot.
Imports no game: the registry tells it what to build.
"""
from __future__ import annotations


class StrongestAgent:
    """Plays as the game's `strongest` table names for its player count."""

    name = "strongest"
    accepts_game = True

    def __init__(self, game: str):
        from maracaibo_env.registry import game_info
        self.game_id = game
        self.table = dict(game_info(game).strongest or {})
        if not self.table:
            raise ValueError(f"{game_info(game).title} names no strongest agent (registry GameInfo.strongest)")
        self._agents: dict[int, object] = {}

    def __repr__(self):
        return f"StrongestAgent({self.game_id!r}: " + ", ".join(
            f"{'solo' if n == 1 else f'{n}p'} {s}" for n, s in sorted(self.table.items())) + ")"

    def spec_for(self, num_players: int) -> str:
        """The agent spec this plays with `num_players` deciding players (1 = solo)."""
        if num_players not in self.table:
            raise ValueError(f"strongest has no agent for {num_players} players "
                             f"(it has {', '.join(map(str, sorted(self.table)))})")
        return self.table[num_players]

    def agent_for(self, num_players: int):
        a = self._agents.get(num_players)
        if a is None:
            from maracaibo_env.agents.registry import make_agent
            a = self._agents[num_players] = make_agent(self.spec_for(num_players), game=self.game_id)
        return a

    def act(self, observation, action_mask, rng, game=None) -> int:
        if game is None:
            raise ValueError("StrongestAgent needs the game (act(..., game=g)) to know the player count; "
                             "its agents read only what the acting player may know")
        agent = self.agent_for(game.num_players)
        if getattr(agent, "accepts_game", False):
            return int(agent.act(observation, action_mask, rng, game=game))
        return int(agent.act(observation, action_mask, rng))

"""Agents for maracaibo_env. Every agent has one interface:

    agent.act(observation, action_mask, rng) -> int

`observation` is the int32 vector of `Game.observe(player)` (or the AEC
observation's "observation" entry), `action_mask` the int8 mask of legal ids,
`rng` a numpy Generator; the return value is a legal action id.

The rule-of-thumb agents also take an optional read-only ``game=`` keyword
(``accepts_game = True``): with the Game they look ahead on a copy whose
hidden information is replaced by placeholders. ``act_with(agent, game, rng)``
(base.py) calls any agent the right way.

This package holds what every game shares: the agent table (registry.py:
which agents exist, by spec string: "random", "balanced", "mcts:iters=200",
"raider", ...), the base helpers, the random agent and `strongest`. Each
game's own agents live in its folder: maracaibo_env/maracaibo/agents/ and
maracaibo_env/pirates/agents/.
"""

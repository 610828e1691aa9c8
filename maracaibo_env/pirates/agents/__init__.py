"""Pirates of Maracaibo's agents: the rule-of-thumb strategies (heuristics.py)
and the search on them (mcts.py). Their spec strings are rows of the agent
table (maracaibo_env.agents.registry)."""

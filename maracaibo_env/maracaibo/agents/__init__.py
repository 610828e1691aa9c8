"""Maracaibo's agents: the rule-of-thumb heuristics (heuristics.py), their
compiled seat tables (fast_play.py) and the vector env's opponents kernel
(opponents.py), the search (mcts.py), a learned value for its leaves
(value_net.py) and a trained policy played in numpy (policy.py). Their spec
strings are rows of the agent table (maracaibo_env.agents.registry)."""

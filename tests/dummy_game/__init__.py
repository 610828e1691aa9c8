"""Harbour Race: a third game written from scratch on the framework alone, the
proof that a game is one folder and one registry row (issue 38).

Rules (2-4 players, 5 rounds: one more than Maracaibo's 4; every round each
player takes two turns, the round's first player moving one seat on each round): a turn is one action,
``sail:1`` (move a ship one space, free), ``sail:2`` (two spaces, 1 coin),
``trade`` (+2 coins) or ``buy:gem`` (3 coins for a gem worth 2 VP). Landing
on the bonus space scores that space's VP (its data) and draws a new bonus
space from the game's generator; reaching the harbour (the track's end)
scores 5 VP for the first ship, 2 for the others. After round 5 the most VP
wins, ties broken by coins, then shared.

Nothing here subclasses Maracaibo's or Pirates' code: the game is a
framework.game.GameBase over a framework.layout.StateLayout, its
observation a framework.obs_spec.ObsSpec, its envs the framework's adapters
with a framework.description.GameDescription. tests/framework/test_third_game.py
registers it (one GameInfo row, naming these modules by strings) and runs it
through every tool.

    game.py               the rules, the data catalog and the Game
    description.py, aec.py  the PettingZoo AEC env (framework.aec)
    agents.py, kinds.py   its heuristics and their rows of the agent table
    match.py              its tournament and balance adapter
    view.py               what a person sees of it (play sessions)
    calibration_stats.py  what its calibration targets measure
    data/                 board.toml (the spaces) and calibration.toml
"""

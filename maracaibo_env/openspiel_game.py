"""Maracaibo and Pirates of Maracaibo as OpenSpiel games (optional: needs ``pip install open_spiel``).

    import pyspiel
    import maracaibo_env.openspiel_game    # registers "python_maracaibo" and "python_pirates"
    game = pyspiel.load_game("python_maracaibo(players=3)")
    state = game.new_initial_state()       # a chance node: the deal

The adapter itself is generic (maracaibo_env.framework.openspiel: OpenSpiel's
state API and observers over the Game API both games share); each game's data
for it is an `OpenSpielSpec` in its own folder (maracaibo_env/<game>/openspiel.py,
with its pyspiel classes: ``maracaibo_env.maracaibo.openspiel.MaracaiboGame``,
``resample``, ``NUM_DEALS``, ...) that the game's registry row names
(``GameInfo.openspiel``). This module is the public entry: importing it
registers every registered game that has a spec as ``python_<id>``, and
``GAMES`` maps each game id to its pyspiel.Game class. Modelling choices
(docs/openspiel.md has the long form):

* Chance: one explicit chance node at the root with NUM_DEALS equally likely
  outcomes; outcome k is the engine seed k (`Game(seed=k)`). The engine's
  in-state generator, seeded there, makes every later shuffle and draw, so
  the whole game after the root is deterministic given the deal seed: the
  seed stands for the deal *and* all future draws. It is hidden: no
  observation, information state or action string of a player shows it.
* Utilities: zero-sum pairwise rank, u_i = sum_j sign(k_i - k_j) / (n - 1),
  k = VP (Maracaibo) or (VP, buried treasures) (Pirates' tie-break):
  +1 for the sole winner, -1 for the sole last, 0 for a tie between two;
  in [-1, 1], summing to 0.
* Observation (string and tensor): the engine's per-seat observation vector
  `Game.observe(seat)` (OBS_SIZE ints, seats relative to the observer).
* Information state string: perfect recall. It is the readable current
  observation plus a 128-bit BLAKE2b digest of everything the seat has
  observed: its observation after the deal and after every move, and its own
  action ids. Information state tensor: the current observation (a
  fixed-size tensor cannot hold the whole history), so not perfect recall.
* Maracaibo only: `resample_from_infostate(player, sampler)`, a
  determinization for ISMCTS (see `resample`); the C++ `pyspiel.ISMCTSBot`
  cannot call it for a Python game, use
  `open_spiel.python.algorithms.ismcts.ISMCTSBot`.
"""
from __future__ import annotations

try:
    import pyspiel  # noqa: F401
except ModuleNotFoundError as exc:  # an optional extra
    if exc.name != "pyspiel":
        raise
    raise ModuleNotFoundError("maracaibo_env.openspiel_game needs OpenSpiel: pip install open_spiel",
                              name="pyspiel") from None

from .framework import openspiel as fos

__all__ = ["GAMES"]

#: game id -> its OpenSpielGame class, for every registered game with an OpenSpielSpec
GAMES = fos.register_registered_games()

"""Pirates of Maracaibo as an OpenSpiel game: the `OpenSpielSpec` its registry
row names (generic classes from maracaibo_env.framework.openspiel;
``import maracaibo_env.openspiel_game`` registers it as "python_pirates"),
with the determinization ISMCTS needs (`resample`, `make_resampler`)."""
from __future__ import annotations

import numpy as np

from ..framework import openspiel as fos
from ..framework.openspiel import OpenSpielSpec

NUM_DEALS = 1 << 16   # chance outcomes of the deal: outcome k plays the engine seed k
#: Pirates: in 2,000 uniformly random games per player count, at most
#: 374 / 548 / 696 decisions for 2 / 3 / 4 players (always the first legal
#: action, 200 games: 267 / 387 / 519); 600 per player is over 3x that.
PIRATES_DECISIONS_PER_PLAYER = 600


def _pirates_rank_key(g) -> list[tuple[int, int]]:
    """Pirates ranks by VP, then buried treasures (TIE-01..03), like Game.winners()."""
    from .core import common as K
    return [(s, int(K.buried_total(g.state, p))) for p, s in enumerate(g.scores())]


def resample(state, player: int, rng: np.random.Generator):
    """A determinization of `state` for seat `player`: a copy whose hidden
    parts are redrawn at random, keeping everything the seat observes (its
    information state string and tensor, and its legal actions). What is
    hidden and how it is redrawn is defined once, in pirates/core/hidden.py
    (`redraw`, through ``Game.determinize``): the quest deck with the other
    seats' quests and set-up draws, the Tier II deck (and which of its cards
    below the top lie facedown), the cards left out at setup with the
    facedown cards of their kind, the unplaced treasure-value tiles, Jordan's
    unrevealed solo cards, the generator and the recorded seed."""
    return fos.resample_by_determinize(state, player, rng)


def make_resampler(seed=None):
    """A resampler callback for ISMCTSBot.set_resampler with its own seeded
    generator (reproducible searches): cb(state, player) -> resample(...)."""
    rng = np.random.default_rng(seed)
    return lambda state, player: resample(state, player, rng)


#: Pirates' parameters: players, the Caribbean layout and its option flags
#: (Game.OPTIONS of kind "flag"; difficulty is solo only, and the solo game is not offered)
_PIRATES_FLAGS = ("fog_locations", "fog_improvements", "skirmish", "quest_hunters", "rubies", "retirement")
PIRATES = OpenSpielSpec(
    short_name="python_pirates", long_name="Python Pirates of Maracaibo (numba core)",
    title="Pirates of Maracaibo", game="maracaibo_env.pirates.game:Game",
    parameters={"players": 2, "layout": "classic", **{f: False for f in _PIRATES_FLAGS}},
    decisions_per_player=PIRATES_DECISIONS_PER_PLAYER, num_deals=NUM_DEALS,
    rank_key=_pirates_rank_key, resample=resample)

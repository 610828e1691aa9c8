"""Maracaibo as an OpenSpiel game: its data for the generic adapter
(maracaibo_env.framework.openspiel), the `OpenSpielSpec` its registry row names,
and the determinization ISMCTS needs. ``import maracaibo_env.openspiel_game``
registers it (needs ``pip install open_spiel``); docs/openspiel.md has the
modelling choices.
"""
from __future__ import annotations

import numpy as np

from .core import layout as L
from .core.enums import PHASES
from .core.obs_spec import OBS
from ..framework import openspiel as fos
from ..framework.openspiel import OpenSpielSpec, utilities
from .game import Game  # noqa: F401  (the engine these classes wrap)

__all__ = ["SHORT_NAME", "NUM_DEALS", "MaracaiboGame", "MaracaiboState", "MaracaiboObserver",
           "resample", "make_resampler", "utilities", "max_game_length", "MARACAIBO", "OpenSpielSpec"]

SHORT_NAME = "python_maracaibo"
#: chance outcomes of the deal: outcome k plays the engine seed k
NUM_DEALS = 1 << 16
#: decisions per player allowed by max_game_length. Measured (0.1.0, 20,000
#: uniformly random games per player count): at most 262 / 338 / 447 decisions
#: for 2 / 3 / 4 players; games that always sail the fewest MP (the longest a
#: game gets) reached 588 / 845 / 1090. 600 per player is about 2x that.
DECISIONS_PER_PLAYER = 600
_DIGEST = fos.DIGEST
_OBS_OFF: dict[str, tuple[int, int]] = OBS.offsets


def max_game_length(players: int) -> int:
    return MARACAIBO.max_game_length(players)


def _maracaibo_god_view(g) -> list[str]:
    """Every seat's hand and plan (str(state) only: the god's-eye view)."""
    names = g.catalog.card_names
    v = g.state
    lines = []
    for p in range(g.num_seats):
        hand = v[L.field_slice("HAND", p)][: v[L.field_slice("HAND_N", p)][0]]
        plan = v[L.field_slice("PLAN", p)]
        lines.append(f"p{p}: hand {[names[c] for c in hand]} plan "
                     f"{[names[c] for c in plan if c >= 0]}")
    return lines


def _describe(obs: np.ndarray, player: int, game) -> str:
    """Readable summary of one observation vector (nothing else is read)."""
    def f(name):
        off, size = _OBS_OFF[name]
        return obs[off:off + size].tolist()

    cat = game.catalog
    cards = cat.card_names
    ids = lambda xs: ", ".join(cards[c] for c in xs if c >= 0) or "-"  # noqa: E731
    acting = f("acting_seat")[0]
    career, options = f("career")[0], [c for c in f("career_options") if c >= 0]
    if career >= 0:
        career_text = cat.career_names[career]
    else:
        career_text = ("choose " + " / ".join(cat.career_names[c] for c in options)) if options else "-"
    np_ = f("num_players")[0]
    out = [f"p{player} | round {f('round')[0]} | {PHASES[f('phase')[0]]} | to act: "
           + ("-" if acting < 0 else "you" if acting == 0 else f"seat +{acting}"),
           f"hand: {ids(f('hand'))} | plan: {ids(f('plan'))} | career: {career_text}",
           f"market: {ids(f('market'))} | draw {f('draw_pile')[0]} | discard {f('discard_pile')[0]}"]
    for k in range(np_):
        g = lambda n: f(f"p{k}_{n}")[0]  # noqa: E731
        ship = g("ship")
        out.append(f"{'you' if k == 0 else f'seat +{k}'}: {g('vp')} VP, {g('doubloons')} doubloons, "
                   f"{g('cp')} CP, hand {g('hand_count')}, plan {g('plan_count')}, "
                   f"ship {cat.loc_keys[ship] if 0 <= ship < len(cat.loc_keys) else ship}, "
                   f"influence {'/'.join(map(str, f(f'p{k}_influence')))}, cards {g('tableau_count')}")
    return "\n".join(out)


# ---- determinization -----------------------------------------------------------------
def resample(state, player: int, rng: np.random.Generator):
    """A determinization of `state` for seat `player`: a copy whose hidden
    parts are redrawn at random, keeping everything the seat observes (so its
    information state string and tensor, and its legal actions, are unchanged).

    What is hidden and how it is redrawn is defined once, in
    maracaibo/core/hidden.py (`redraw`, the draw ISMCTS uses too; through
    ``Game.determinize``): the cards the seat cannot see (the draw and discard
    piles, the other seats' hands and planning areas) pooled and dealt anew,
    the other seats' careers from those the seat was not offered, the combat
    tokens of both face-down piles, Jean's Automa deck, the quest tiles under
    the face-up top of the quest pile, the face-down prestige buildings, and
    the engine's random generator (hence every later shuffle and draw) and
    recorded seed. This is the usual ISMCTS determinization, not an exact
    sample from the posterior over deals given the seat's history (it ignores
    what opponents' choices reveal about their hands)."""
    return fos.resample_by_determinize(state, player, rng)


def make_resampler(seed=None):
    """A resampler callback for ISMCTSBot.set_resampler with its own seeded
    generator (reproducible searches): cb(state, player) -> resample(...)."""
    rng = np.random.default_rng(seed)
    return lambda state, player: resample(state, player, rng)


MARACAIBO = OpenSpielSpec(
    short_name=SHORT_NAME, long_name="Python Maracaibo (numba core)", title="Maracaibo",
    game="maracaibo_env.maracaibo.game:Game", parameters={"players": 2, "story": 75},
    decisions_per_player=DECISIONS_PER_PLAYER, num_deals=NUM_DEALS,
    describe=_describe, god_view=_maracaibo_god_view, resample=resample)

class MaracaiboObserver(fos.OpenSpielObserver):
    SPEC = MARACAIBO


class MaracaiboState(fos.OpenSpielState):
    SPEC = MARACAIBO


class MaracaiboGame(fos.OpenSpielGame):
    """OpenSpiel game; parameters: players (2..4, default 2), story (75, 76, 77)."""
    SPEC, STATE, OBSERVER = MARACAIBO, MaracaiboState, MaracaiboObserver

    @property
    def story(self) -> int:
        return self.engine_options["story"]


fos.register(MaracaiboGame)

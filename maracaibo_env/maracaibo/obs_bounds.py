"""Observation bounds for the Box spaces of the AEC and single-agent envs.

(low, high) per observation slice of `Game.observation_spec()`; slices not
listed (e.g. fields the core adds later) get the full int32 range, so the Box
always contains every observation.
"""
from __future__ import annotations

import numpy as np

from .core.enums import PHASES
from .core.layout import (MAX_P, MAX_LOC, MAX_EXP, N_CARDS, N_QUESTS, N_TOKENS,
                          N_CAREERS, N_PRESTIGE, HAND_CAP, PLAN_CAP, MARKERS_PER_NATION,
                          FIGURES_PER_COLOUR, TABLEAU_CAP)
from .core.observe import OBS_SIZE, OBS_SPEC

_BIG = 2**31 - 1
# (low, high) per observation slice; pN_ prefixes are stripped. Slices not
# listed (e.g. fields the core adds later) get the full int32 range, so the Box
# always contains every observation.
_OBS_BOUNDS: dict[str, tuple[int, int]] = {
    "round": (0, 5), "phase": (0, len(PHASES) - 1), "acting": (0, 1),
    "acting_seat": (-1, MAX_P - 1), "num_players": (0, MAX_P), "mp_spent": (0, 99),
    "main_done": (0, 1), "task": (-_BIG - 1, _BIG),
    "loc_marker": (-1, 2), "loc_market": (0, 99), "loc_tile": (-1, 99),
    "board_quest_loc": (-1, MAX_LOC - 1), "board_quest_tile": (-1, N_QUESTS - 1),
    "explorer_quests": (-1, N_QUESTS - 1), "quest_pile": (-1, N_QUESTS),
    "token_piles": (0, N_TOKENS), "supply_taken": (0, MARKERS_PER_NATION),
    "markers_out": (0, MARKERS_PER_NATION), "prestige": (-1, N_PRESTIGE - 1),
    "prestige_investors": (0, 2**MAX_P - 1), "barrier_first": (0, 15),
    "explorers_arrived": (0, MAX_P), "draw_pile": (0, N_CARDS), "discard_pile": (0, N_CARDS),
    "market": (-1, N_CARDS - 1), "hand": (-1, N_CARDS - 1), "plan": (-1, N_CARDS - 1),
    "automa": (-1, 99), "career": (-1, N_CAREERS - 1), "career_options": (-1, N_CAREERS - 1),
    # per player (seat-relative blocks p0_.. p3_)
    "vp": (-9999, 9999), "doubloons": (-9999, 9999), "cp": (0, 8),
    "fig_supply": (0, 2 * FIGURES_PER_COLOUR), "fig_general": (0, 2 * FIGURES_PER_COLOUR),
    "fig_career": (0, 2 * FIGURES_PER_COLOUR), "fig_board": (0, 2 * FIGURES_PER_COLOUR),
    "discs": (0, 99), "doubloon_income": (0, 99), "vp_income": (0, 99),
    "influence": (0, 99), "explorer": (0, MAX_EXP - 1), "barriers": (0, 15),
    "quests": (0, N_QUESTS), "tokens": (0, N_TOKENS), "synergy": (0, 255),
    "hand_count": (0, HAND_CAP), "plan_count": (0, PLAN_CAP), "career_done": (0, 7),
    "ship": (0, MAX_LOC - 1), "prestige_bits": (0, 2**N_PRESTIGE - 1),
    "assistants": (0, 99), "card_quests": (-1, N_QUESTS - 1), "tableau_count": (0, TABLEAU_CAP), "tableau": (-1, N_CARDS - 1),
    # legacy tiles (§28)
    "legacy": (0, 2**25 - 1), "legacy_discs": (0, 8), "silver_fleet": (0, 3), "gold_mine": (0, 3),
    "legacy_quest": (-1, N_QUESTS - 1),
}


def observation_bounds() -> tuple[np.ndarray, np.ndarray]:
    """int32 (low, high) vectors of length OBS_SIZE for the observation Box."""
    low = np.full(OBS_SIZE, -_BIG - 1, np.int64)
    high = np.full(OBS_SIZE, _BIG, np.int64)
    off = 0
    for name, size, _ in OBS_SPEC:
        key = name
        if len(name) > 3 and name[0] == "p" and name[1].isdigit() and name[2] == "_":
            key = name[3:]
            if key == "prestige":  # per-player prestige is a bitmask over buildings
                key = "prestige_bits"
        lo, hi = _OBS_BOUNDS.get(key, (-_BIG - 1, _BIG))
        low[off:off + size] = lo
        high[off:off + size] = hi
        off += size
    return low.astype(np.int32), high.astype(np.int32)

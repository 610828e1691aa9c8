"""Invariants of a state vector, used by tests, fuzzing and card-usage runs.

`check_invariants` returns human-readable violations ([] means consistent):
every range check of `maracaibo_env.maracaibo.validate` (fields, ids and their
uniqueness, the task stack by opcode, int32 headroom), the campaign's story
cards, story tiles and log (all 0 outside a campaign game), conservation
(cards, quest tiles -- a campaign's story tiles apart --, combat tokens, discs,
markers, figures, VP by source) and cross-field consistency. strict=True adds what a saved game must satisfy
too: the turn structure (phase vs top task, current player, set-up,
scoring) and that the engine accepts the state as a decision point -- true
of every state the API hands out, so the fuzzers check it along whole games;
states that tests build by hand need not be decision points. Counters (VP,
doubloons, steps) may grow past a saved game's headroom limit during play;
here they must only stay non-negative and within int32.
"""
from __future__ import annotations

import numpy as np

from .validate import state_problems


def check_invariants(state: np.ndarray, catalog, strict: bool = False) -> list[str]:
    return state_problems(state, catalog, turn_checks=strict, headroom=False)

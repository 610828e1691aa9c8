"""Hidden information, declared once per game (each game's core/hidden.py).

A game lists the parts of its state that some seat cannot see as
`HiddenPart` rows, next to the numba functions that redraw them; the
observation leaves exactly those parts out, the agents' sanitised views and
search determinisations replace exactly those parts, and the conformance
suite checks the two agree (``Game.determinize(seat, rng)`` keeps the seat's
observation and legal actions):

    HIDDEN = (
        HiddenPart("draw pile", ("DRAW",), "all", "dealt from the cards the seat cannot see"),
        HiddenPart("hands", ("HAND",), "others", "dealt from the same pool"),
        ...)

This module imports no game.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

WHOSE = ("all", "others")


class HiddenPart(NamedTuple):
    """One hidden part of a game's state.

    :param name: what it is, in words ("draw pile", "other seats' hands").
    :param fields: the state layout fields that hold it (global fields for
        whose="all", per-seat fields for whose="others").
    :param whose: "all" = hidden from every seat (a deck's order, the
        generator); "others" = a seat's own field, hidden from the other seats.
    :param redraw: how a determinisation redraws it (documentation).
    """
    name: str
    fields: tuple
    whose: str
    redraw: str


def check_parts(parts, layout) -> tuple:
    """parts as a tuple, each naming existing layout fields of its kind (ValueError otherwise)."""
    for part in parts:
        if part.whose not in WHOSE:
            raise ValueError(f"hidden part {part.name!r}: whose must be one of {WHOSE}, got {part.whose!r}")
        table = layout.glob if part.whose == "all" else layout.player
        for f in part.fields:
            if f not in table:
                raise ValueError(f"hidden part {part.name!r}: {f!r} is not a "
                                 f"{'global' if part.whose == 'all' else 'per-seat'} state field")
    return tuple(parts)


def hidden_values(parts, layout, state: np.ndarray, seat: int, num_seats: int) -> np.ndarray:
    """The state entries that `seat` cannot see, by `parts` (concatenated, in
    order): every "all" field, and every "others" field of each other seat."""
    chunks = []
    for part in parts:
        for f in part.fields:
            if part.whose == "all":
                chunks.append(state[layout.field_slice(f)])
            else:
                chunks += [state[layout.field_slice(f, q)] for q in range(num_seats) if q != seat]
    return np.concatenate(chunks) if chunks else np.zeros(0, state.dtype)

"""A game-state layout: one int32 vector per game, every field declared once.

    LAYOUT = StateLayout(GLOBAL_FIELDS, PLAYER_FIELDS, max_players=4)
    LAYOUT.constants()           # {G_<NAME>, P_<NAME>, PLAYERS, PLAYER_SIZE, STATE_SIZE: int}

Numba code reads fields through those names, written out in the core's
generated constants.py (framework/constants_gen.py) and frozen at compile
time; Python tools (saving, rendering, tests) read them by name through
``describe`` / ``pack`` / ``field_slice``. Player p's field F is at
``PLAYERS + p * PLAYER_SIZE + P_F``.
"""
from __future__ import annotations

import numpy as np


def offsets(fields):
    """{name: (offset, size)} and the total size of a list of (name, size)
    or (name, size, since) entries (see versions)."""
    out, off = {}, 0
    for name, size, *_ in fields:
        if name in out:
            raise ValueError(f"field {name} declared twice")
        out[name] = (off, size)
        off += size
    return out, off


def versions(fields):
    """{name: since}: the saved-game format that introduced each field (0 for a
    plain (name, size) entry); a save of an older format may lack the field."""
    return {name: (rest[0] if rest else 0) for name, size, *rest in fields}


class StateLayout:
    def __init__(self, global_fields, player_fields, max_players: int, np_field: str = "NP"):
        self.glob, gsize = offsets(global_fields)
        self.player, self.player_size = offsets(player_fields)
        self.glob_since, self.player_since = versions(global_fields), versions(player_fields)
        self.players = gsize
        self.max_players = max_players
        self.size = gsize + max_players * self.player_size
        self.np_field = np_field

    def constants(self) -> dict[str, int]:
        """The layout's numeric names: G_<NAME> (offset of a global field), P_<NAME>
        (offset inside a player block), PLAYERS, PLAYER_SIZE, STATE_SIZE."""
        out = {"G_" + name: off for name, (off, _) in self.glob.items()}
        out.update(("P_" + name, off) for name, (off, _) in self.player.items())
        out.update(PLAYERS=self.players, PLAYER_SIZE=self.player_size, STATE_SIZE=self.size)
        return out

    def field_slice(self, name: str, player: int | None = None) -> slice:
        """Slice of the state vector holding a global field, or a player's field."""
        if player is None:
            off, size = self.glob[name]
            return slice(off, off + size)
        off, size = self.player[name]
        base = self.players + player * self.player_size + off
        return slice(base, base + size)

    def describe(self, state, all_players: bool = False) -> dict:
        """Every field by name (ints, or lists of ints for multi-int fields)."""
        out = {}
        for name, (off, size) in self.glob.items():
            v = state[off:off + size]
            out[name] = int(v[0]) if size == 1 else [int(x) for x in v]
        n = self.max_players if all_players else int(state[self.glob[self.np_field][0]])
        out["players"] = []
        for p in range(n):
            d = {}
            for name in self.player:
                v = state[self.field_slice(name, p)]
                d[name] = int(v[0]) if len(v) == 1 else [int(x) for x in v]
            out["players"].append(d)
        return out

    def pack(self, d, format_version: int | None = None) -> np.ndarray:
        """Inverse of describe(all_players=True). ValueError names a missing,
        unknown or malformed field (each value a JSON int in the int32 range;
        a bool or a float is not one); value ranges are the game's validator's job.
        A save of an older format_version may lack the fields introduced after
        it (declared with a `since` above it): they are 0, their default."""
        def may_lack(since):
            return format_version is not None and since > format_version

        state = np.zeros(self.size, np.int32)

        def put(dst, size, value, where):
            if size == 1:
                vals = [value]
            elif isinstance(value, list) and len(value) == size:
                vals = value
            else:
                got = type(value).__name__ + (f" of length {len(value)}" if isinstance(value, list) else "")
                raise ValueError(f"field {where}: expected a list of {size} ints, got {got}")
            for i, v in enumerate(vals):
                if type(v) is not int or not -2**31 <= v < 2**31:
                    at = where if size == 1 else f"{where}[{i}]"
                    raise ValueError(f"field {at}: {v!r} is not an int in the int32 range")
                state[dst + i] = v

        if not isinstance(d, dict):
            raise ValueError(f"state must be a dict of fields, not {type(d).__name__}")
        missing = [n for n in self.glob if n not in d and not may_lack(self.glob_since[n])] \
            + (["players"] if "players" not in d else [])
        if missing:
            raise ValueError(f"state lacks fields: {', '.join(missing)}")
        extra = set(d) - set(self.glob) - {"players"}
        if extra:
            raise ValueError(f"state has unknown fields: {', '.join(sorted(map(str, extra)))}")
        for name, (off, size) in self.glob.items():
            if name in d:
                put(off, size, d[name], name)
        players = d["players"]
        if not isinstance(players, list) or len(players) != self.max_players:
            raise ValueError(f"state.players must be a list of {self.max_players} player dicts "
                             "(unused seats all 0)")
        want = set(self.player)
        optional = {n for n, since in self.player_since.items() if may_lack(since)}
        for p, pd in enumerate(players):
            if not isinstance(pd, dict) or not (want - optional) <= set(pd) <= want:
                detail = (f"missing {sorted(want - set(pd))}, unknown {sorted(map(str, set(pd) - want))}"
                          if isinstance(pd, dict) else f"got {type(pd).__name__}")
                raise ValueError(f"state.players[{p}] must have exactly the fields "
                                 f"{', '.join(self.player)}; {detail}")
            for name, (off, size) in self.player.items():
                if name in pd:
                    put(self.players + p * self.player_size + off, size, pd[name], f"players[{p}].{name}")
        return state

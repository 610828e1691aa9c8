"""Invariants of the modules' fields (checklist §20), called by invariants.py:
each field is in use only with its module on, facedown cards and the
doubloons on them agree with Fog of War, and the frames belong to modules in play."""
from __future__ import annotations

import numpy as np

from .core import layout as L
from .core import common as K
from .core import options as O
from .core.catalog_layout import KIND_LOC, KIND_RES

# the fields each module alone may use (0 without it)
FIELDS = {
    O.MOD_FOG_LOCATIONS | O.MOD_FOG_IMPROVEMENTS: ("SLOT_FOG",),
    O.MOD_FOG_LOCATIONS: ("SLOT_COINS", "TV_POOL", "TV_POOL_N"),
    O.MOD_FOG_IMPROVEMENTS: ("T2_FOG",),
    O.MOD_RUBIES: ("RUBY_MKT", "RUBIES"),
    O.MOD_RETIREMENT: ("RETIRED",),
    O.MOD_QUEST_HUNTERS: ("SETUPQ3",),
}
FRAME_MODULE = {K.OP_RETURNQ: O.MOD_QUEST_HUNTERS, K.OP_RUBY_GAIN: O.MOD_RUBIES, K.OP_RUBY_SELL: O.MOD_RUBIES,
                K.OP_RUBY_TRADE: O.MOD_RUBIES, K.OP_RETIRE: O.MOD_RETIREMENT, K.OP_SKIRMISH: O.MOD_SKIRMISH}


def _mods(c) -> int:
    return int(c.g("MODULES")[0])


def tv_tiles_waiting(c) -> list[int]:
    """The treasure-value tiles not placed yet (FOWL-03)."""
    return c.g("TV_POOL")[: int(c.g("TV_POOL_N")[0])].tolist()


def retired_rivers(c, q) -> int:
    """RET-05: the rivers crossed before the explorer went back from the tile."""
    if not (_mods(c) & O.MOD_RETIREMENT and c.p1("RETIRED", q)):
        return 0
    spot = np.flatnonzero(c.cat.field("TR_RETIRE"))
    return int(c.t.rivers[int(spot[0])]) if len(spot) else 0


def quests_may_be_negative(c) -> bool:
    """QH-02: with Quest Hunters, quests scored at the end may cost VP (VP-05)."""
    return bool(_mods(c) & O.MOD_QUEST_HUNTERS) and bool(c.g("OVER")[0])


def check_modules(c) -> None:
    mods = _mods(c)
    t = c.t
    for bits, names in FIELDS.items():
        if mods & bits:
            continue
        for name in names:
            vals = c.g(name) if name in L.LAYOUT.glob else np.concatenate([c.p(name, q) for q in range(c.n)])
            if vals.any():
                c.fail(name, vals.tolist()[:8], "all 0 without its module (MODULES = %d)" % mods)
    slots, down, fog = c.g("SLOT_CARD"), c.g("SLOT_DOWN"), c.g("SLOT_FOG")
    for i in np.flatnonzero(fog != 0).tolist():
        card = int(slots[i])
        if card < 0 or down[i] or t.kind[card] == KIND_RES:
            c.fail(f"SLOT_FOG[{i}]", int(fog[i]), f"facedown (Fog of War) only a location or improvement "
                   f"not already facedown (SLOT_CARD = {card}, SLOT_DOWN = {int(down[i])})")
        elif t.kind[card] == KIND_LOC and t.tier[card] == 1:
            if not mods & O.MOD_FOG_LOCATIONS:
                c.fail(f"SLOT_FOG[{i}]", 1, "a facedown Tier I location only with fog_locations (FOWL-01)")
        elif not mods & O.MOD_FOG_IMPROVEMENTS:
            c.fail(f"SLOT_FOG[{i}]", 1, "a facedown improvement / Tier II card only with fog_improvements")
    coins = c.g("SLOT_COINS")
    for i in np.flatnonzero(coins != 0).tolist():
        card = int(slots[i])
        if not (fog[i] and card >= 0 and t.kind[card] == KIND_LOC):
            c.fail(f"SLOT_COINS[{i}]", int(coins[i]), "doubloons only on a facedown location (FOWL-01)")
    n2 = int(c.g("T2_N")[0])
    if c.g("T2_FOG")[n2:].any():
        c.fail("T2_FOG", c.g("T2_FOG").tolist()[n2:n2 + 8], f"0 past the Tier II deck (T2_N = {n2})")
    k = int(c.g("TV_POOL_N")[0])
    pool = c.g("TV_POOL")
    if (pool[:k] < 1).any() or pool[k:].any():
        c.fail("TV_POOL", pool.tolist(), f"tiles 1..3 in the first TV_POOL_N = {k}, 0 after")
    mkt = c.g("RUBY_MKT")
    if (mkt > c.n).any():
        c.fail("RUBY_MKT", mkt.tolist(), f"0 or a seller 1..{c.n}")
    want = 3 if mods & O.MOD_QUEST_HUNTERS else 2
    if int(c.g("QMARKET_N")[0]) != want:
        c.fail("QMARKET_N", int(c.g("QMARKET_N")[0]), f"{want} faceup quests (SET-17, QH-01)")
    for i, (op, a, b, cc) in enumerate(c.frames().tolist()):
        need = FRAME_MODULE.get(op, 0)
        if need and not mods & need or op == K.OP_KEEPQ and mods & O.MOD_QUEST_HUNTERS:
            c.fail(f"STK frame {i} (op {op})", op, f"a decision of a module in play (MODULES = {mods})")

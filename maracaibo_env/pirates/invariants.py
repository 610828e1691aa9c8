"""Invariants of a Pirates state, used by tests and fuzzing (benchmarks/fuzz.py --game pirates).

    bad = check_invariants(game, catalog)                 # [] = consistent
    bad = check_invariants(state, catalog, strict=True)   # a state vector, + turn structure

Every violation names the field (as in a saved game: ``SLOT_CARD[3]``,
``players[1].VP``), its value and what was expected. What is checked:

* the validator (`pirates.validate.validate_state`: ranges, the pending stack)
  passes; counters that only grow in play (doubloons, VP, turns, treasures,
  ongoing bonuses) may pass a saved game's headroom bound, they must only
  stay non-negative (doubloons, island cubes, treasures never below 0);
* cards: each id once across the Caribbean slots, the Tier II deck, the
  removed pile and the tableaus, all of the catalog's cards accounted for (a
  slot emptied when every deck ran out holds a card that is in a tableau);
  Tier II deck = Tier II cards, removed pile = Tier I improvements and
  residences, a facedown slot holds one of those, tableaus improvements only;
  treasure-value tiles on TV locations (the 6 tiles of the data), residence
  tokens on residences (NRES = a seat's tokens), black-market tiles on
  locations with SLOT_BM and the owner's BM_AT agreeing;
* quests: deck + market + hands + set-up draws = every quest once;
  figureheads: market + owned = each once, players + 2 in all;
* per seat: VP = sum of VP_SRC (each >= 0), NUPG = popcount(UPG), buried <=
  treasures per type (Poseidon's counted), covered hideout spaces match,
  rivers = the explorer's space, the counts and bonuses that follow from the
  tableau, the figurehead and the filled ship slots (CREW, EQUIP, SHIPCARDS,
  LIGHTNING, INC_*, RAID_POW, COLOUR_POW, ..., FORFEIT);
* while the game runs: a non-empty legal mask equal to a fresh
  `engine.fill_mask` of the state (the mask of a Game, or the one given).

strict=True adds the turn structure, true of every state the engine hands
out: the state is a decision point (`engine.advance` on a copy leaves it
unchanged, PHASE = the top frame), turns per seat in clockwise order (seats
before CUR one more, all equal at the end), round 1..3, END3/ROUND_END/OVER
consistent, set-up quests only during set-up, end-of-game VP sources 0
before the end, and list entries past their counts unused (-1).
"""
from __future__ import annotations

import re

import numpy as np

from .core import engine, layout as L

from .core import constants as KC
from .core import common as K
from .core.actions import NUM_ACTIONS
from .core.catalog_layout import KIND_LOC, KIND_RES, EFFECT_KINDS, N_FIGS
from .core.constants import TY_CREW, TY_EQUIPMENT
from .validate import validate_state
from .invariants_jordan import check_jordan, jordan_derived
from .invariants_modules import check_modules, tv_tiles_waiting, retired_rivers, quests_may_be_negative

# counters the core only adds to: a saved game must leave headroom below the
# validator's bound, play may pass it (clamped before validating a copy)
GROWING_GLOBAL = ("ISLAND", "SLOT_COINS")
GROWING_PLAYER = ("VP", "VP_SRC", "COINS", "TURNS", "RIVERS", "TRE", "RAID_POW", "COLOUR_POW",
                  "EXPL_BONUS", "DISCOUNT", "MOVE_BONUS", "REROLL", "INC_COINS", "INC_VP", "CREW",
                  "EQUIP", "SHIPCARDS", "LIGHTNING", "NRES", "RUBIES")
# ongoing effects summed into a seat's fields (effects.apply_ongoing_one)
SUMMED = {"raid_power": "RAID_POW", "explore_bonus": "EXPL_BONUS", "discount": "DISCOUNT",
          "move_bonus": "MOVE_BONUS", "reroll": "REROLL"}
END_SOURCES = L.VP_SOURCES.index("rivers")      # VP_SRC[END_SOURCES:] are scored at the end
DECISION_OPS = frozenset(range(K.OP_KEEPQ, K.OP_BM_ACTIVATE + 1)) | frozenset(range(K.OP_RETURNQ, K.OP_RETIRE + 1))
OP_BEGIN = 31
KEEP_OPS = (K.OP_KEEPQ, K.OP_RETURNQ)      # set-up quest choices (SET-17, QH-01)


def check_invariants(game_or_state, catalog=None, strict: bool = False, mask=None) -> list[str]:
    """Violations of a Game's state (its legal mask checked too) or of a state
    vector (with `mask`, that mask is checked). [] means consistent."""
    if isinstance(game_or_state, np.ndarray):
        state = game_or_state
    else:
        state, catalog = game_or_state.state, catalog or game_or_state.catalog
        mask = game_or_state._mask if mask is None else mask
    if not (isinstance(state, np.ndarray) and state.dtype == np.int32 and state.shape == (KC.STATE_SIZE,)):
        return [f"state must be int32 of shape ({KC.STATE_SIZE},)"]
    c = _Checker(state, catalog)
    c.signs()
    if not c.validate():
        return c.out
    c.cards()
    c.quests_and_figureheads()
    c.seats()
    c.frame_refs()
    check_modules(c)
    check_jordan(c, strict)
    if strict:
        c.turn_structure()
        c.stack_shape()
        c.tails()
    if not c.out:                   # the engine only reads a consistent state
        c.decision(mask, strict)
    return c.out


def engine_safety(game_or_state, catalog=None, mask=None) -> list[str]:
    """The part of the invariants that keeps the engine in bounds, for play
    from a state that is already inconsistent: what is never negative stays
    so, the validator's ranges hold (growing counters aside), and something
    is legal while the game runs."""
    if not isinstance(game_or_state, np.ndarray):
        catalog = catalog or game_or_state.catalog
        mask = game_or_state._mask if mask is None else mask
        game_or_state = game_or_state.state
    c = _Checker(game_or_state, catalog)
    c.signs()
    if c.validate() and mask is not None and not int(c.g("OVER")[0]) and not np.any(mask):
        c.fail("legal mask", "empty", "some legal action while the game runs")
    return c.out


class _Tables:
    """Per-catalog arrays the checks use (built once per catalog)."""

    def __init__(self, catalog):
        f = lambda name: catalog.field(name).astype(np.int64)  # noqa: E731
        self.nc = nc = int(f("N_CARDS")[0])
        self.nq = int(f("N_QUESTS")[0])
        self.keys = catalog.card_keys
        self.kind, self.tier, self.tv = f("CARD_KIND")[:nc], f("CARD_TIER")[:nc], f("CARD_TV")[:nc]
        self.type = f("CARD_TYPE")[:nc]
        self.tv_tiles = sorted(int(t) + 1 for t in f("TV_TILES"))
        self.hb_n, self.hu_n = f("HB_N")[:3], f("HU_N")[:3]
        self.rivers = f("TR_RIVERS")
        self.eff_do, self.eff_n, self.eff_arg = f("EFF_DO"), f("EFF_N"), f("EFF_ARG")
        self.n_slots = int(f("N_SHIP_SLOTS")[0])
        # per card / figurehead / ship slot: what it adds to a seat's fields
        self.card = [self._adds(f("CARD_ONG_S")[c], f("CARD_ONG_N")[c], f("CARD_INC_C")[c], f("CARD_INC_V")[c])
                     for c in range(nc)]
        self.fig = [self._adds(f("FIG_ONG_S")[k], f("FIG_ONG_N")[k], f("FIG_INC_C")[k], f("FIG_INC_V")[k])
                    for k in range(N_FIGS)]
        self.slot = [self._adds(f("SLOT_S")[k], f("SLOT_N")[k], 0, 0) for k in range(self.n_slots)]
        self.light = f("CARD_LIGHT_N")[:nc] > 0
        self.limits = _growth_limits(catalog)
        self.lay_col = f("LAY_SPACE_COL")
        # every (start, count) an OP_LIST frame may offer: the data's effect lists,
        # and single effects of a ship slot's benefit (effects.do_upgrade)
        pairs = [("CARD_LIGHT_S", "CARD_LIGHT_N"), ("CARD_SIDE0_S", "CARD_SIDE0_N"),
                 ("CARD_SIDE1_S", "CARD_SIDE1_N"), ("FIG_LIGHT_S", "FIG_LIGHT_N"), ("POS_S", "POS_N"),
                 ("BM_EFF_S", "BM_EFF_N"), ("SLOT_S", "SLOT_N"), ("HB_S", "HB_C"), ("HU_S", "HU_C"),
                 ("TR_S", "TR_N"), ("RUBY_S", "RUBY_N")]
        self.lists = {(int(a), int(b)) for sn, cn in pairs for a, b in zip(f(sn), f(cn)) if b > 0}
        self.lists |= {(int(a) + i, 1) for a, b in zip(f("SLOT_S"), f("SLOT_N")) for i in range(b)}

    def _adds(self, s, n, inc_c, inc_v):
        add = {"INC_COINS": int(inc_c), "INC_VP": int(inc_v), "COLOUR_POW": [0, 0, 0], "RAID_ACTS": 0,
               "WHALE": 0, "HAS_POSEIDON": 0, "FORFEIT": []}
        add.update({v: 0 for v in SUMMED.values()})
        for e in range(int(s), int(s + n)):
            kind, amount, arg = EFFECT_KINDS[self.eff_do[e]], int(self.eff_n[e]), int(self.eff_arg[e])
            if kind in SUMMED:
                add[SUMMED[kind]] += amount
            elif kind == "colour_power":
                add["COLOUR_POW"][arg] += amount
            elif kind == "raid_action":
                add["RAID_ACTS"] |= 1 << arg
            elif kind == "whale":
                add["WHALE"] = 1
            elif kind == "poseidon":
                add["HAS_POSEIDON"] = 1
            elif kind == "forfeit":
                add["FORFEIT"].append(e)
        return add


def _tables(catalog) -> _Tables:
    if "_invariant_tables" not in catalog.__dict__:     # built once per catalog
        catalog.__dict__["_invariant_tables"] = _Tables(catalog)
    return catalog.__dict__["_invariant_tables"]


def _growth_limits(catalog) -> dict:
    """The validator's upper bound of each growing counter, read from its own
    message for that field set too high in a fresh game's state."""
    from .core import options as O
    base = np.zeros(KC.STATE_SIZE, np.int32)     # a fresh 2-player game on the default layout
    engine.new_game(base, catalog.array, 2, 0,
                    O.setup_bits(catalog.layout_keys.index(catalog.default_layout), 0, 0),
                    np.zeros(NUM_ACTIONS, np.int8))
    out = {}
    fields = [(n, None) for n in GROWING_GLOBAL] + [(n, 0) for n in GROWING_PLAYER]
    for name, p in fields:
        s = base.copy()
        s[L.LAYOUT.field_slice(name, p)] = 2**31 - 1
        try:
            validate_state(s, catalog)
        except ValueError as exc:
            m = re.search(r"allowed -?\d+\.\.(-?\d+)", str(exc))
            if m and name in str(exc):
                out[name] = int(m.group(1))
    return out


class _Checker:
    def __init__(self, state, catalog):
        self.s, self.cat, self.t = state, catalog, _tables(catalog)
        self.out: list[str] = []
        np_ = int(state[KC.G_NP])
        self.n = np_ if 2 <= np_ <= L.MAX_P else L.MAX_P

    def g(self, name):
        return self.s[L.LAYOUT.field_slice(name)].astype(np.int64)

    def p(self, name, q):
        return self.s[L.LAYOUT.field_slice(name, q)].astype(np.int64)

    def p1(self, name, q) -> int:
        return int(self.s[L.LAYOUT.field_slice(name, q)][0])

    def fail(self, field, value, expected):
        self.out.append(f"{field} = {value}; expected {expected}")

    # ---- the sign of what is never negative, then the validator --------------------------------
    def signs(self):
        for t, v in enumerate(self.g("ISLAND").tolist()):
            if v < 0:
                self.fail(f"ISLAND[{t}]", v, "island cubes >= 0")
        for q in range(self.n):
            if self.p1("COINS", q) < 0:
                self.fail(f"players[{q}].COINS", self.p1("COINS", q), "doubloons >= 0")
            for t, v in enumerate(self.p("TRE", q).tolist()):
                if v < 0:
                    self.fail(f"players[{q}].TRE[{t}]", v, "treasures >= 0")

    def validate(self) -> bool:
        s = self.s.copy()
        lim = self.t.limits
        for name in GROWING_GLOBAL:
            sl = L.LAYOUT.field_slice(name)
            if name in lim:
                s[sl] = np.minimum(s[sl], lim[name])
        for q in range(L.MAX_P):
            for name in GROWING_PLAYER:
                if name not in lim:
                    continue
                sl = L.LAYOUT.field_slice(name, q)
                if name == "TRE":       # fewer treasures: as many fewer buried, so BUR <= TRE still holds
                    over = np.maximum(s[sl] - lim[name], 0)
                    bur = L.LAYOUT.field_slice("BUR", q)
                    s[bur] = np.maximum(s[bur] - over, 0)
                s[sl] = np.minimum(s[sl], lim[name])
        try:
            validate_state(s, self.cat)
        except ValueError as exc:
            self.out.append(str(exc))
            return False
        return not self.out

    # ---- conservation --------------------------------------------------------------------
    def _listed(self, name, count, q=None):
        """(ids, labels) of a counted list's live entries."""
        vals = (self.g(name) if q is None else self.p(name, q))[: (int(self.g(count)[0]) if q is None
                                                                    else self.p1(count, q))]
        pre = name if q is None else f"players[{q}].{name}"
        return vals.tolist(), [f"{pre}[{i}]" for i in range(len(vals))]

    def _once_each(self, places, total, what, fields):
        """places: (id, label) pairs; each id once, `total` ids in all."""
        seen = {}
        for x, where in places:
            seen.setdefault(x, []).append(where)
        for x, wheres in seen.items():
            if len(wheres) > 1:
                self.fail(wheres[0], x, f"each {what} in one place only: {what} {x} is also in "
                          + ", ".join(wheres[1:]))
        if len(places) != total:
            missing = sorted(set(range(total)) - set(seen)) if len(seen) <= total else []
            self.fail(fields, f"{len(places)} {what}s", f"all {total} accounted for"
                      + (f" (missing {missing[:8]})" if missing else ""))

    def cards(self):
        t = self.t
        slots, down = self.g("SLOT_CARD"), self.g("SLOT_DOWN")
        places = [(int(c), f"SLOT_CARD[{i}]") for i, c in enumerate(slots.tolist()) if c >= 0]
        t2, t2_at = self._listed("T2", "T2_N")
        rem, rem_at = self._listed("REMOVED", "REMOVED_N")
        places += list(zip(t2, t2_at)) + list(zip(rem, rem_at))
        for q in range(self.n):
            places += list(zip(*self._listed("TAB", "TAB_N", q)))
        self._once_each(places, t.nc, "card", "cards (SLOT_CARD + T2 + REMOVED + TAB)")
        for c, where in zip(t2, t2_at):
            if t.tier[c] != 2:
                self.fail(where, c, "a Tier II card (the Tier II deck, SET-11)")
        for c, where in zip(rem, rem_at):
            if t.tier[c] != 1 or t.kind[c] == KIND_LOC:
                self.fail(where, c, "a Tier I improvement or residence (removed at set-up, SET-06)")
        for i in np.flatnonzero(down == 1).tolist():
            c = int(slots[i])
            if c < 0 or t.tier[c] != 1 or t.kind[c] == KIND_LOC:
                self.fail(f"SLOT_DOWN[{i}]", 1, f"a facedown slot holds a removed Tier I card (SLOT_CARD = {c})")
        fog = self.g("SLOT_FOG")
        faceup = lambda i, kind: slots[i] >= 0 and down[i] == 0 and fog[i] == 0 and t.kind[slots[i]] == kind  # noqa: E731
        # treasure-value tiles: on TV locations, the data's 6 tiles
        tv = self.g("SLOT_TV")
        for i in np.flatnonzero(tv > 0).tolist():
            if not (faceup(i, KIND_LOC) and t.tv[slots[i]]):
                self.fail(f"SLOT_TV[{i}]", int(tv[i]), f"a tile only on a TV location (SLOT_CARD = {int(slots[i])})")
        tiles = sorted(tv[tv > 0].tolist() + tv_tiles_waiting(self))       # FOWL-03: some may wait
        if tiles != t.tv_tiles:
            self.fail("SLOT_TV", tiles, f"the data's treasure-value tiles {t.tv_tiles} (TV_POOL included)")
        # residence tokens
        res = self.g("SLOT_RES")
        for i in np.flatnonzero(res != 0).tolist():
            if not faceup(i, KIND_RES):
                self.fail(f"SLOT_RES[{i}]", int(res[i]), f"tokens only on a residence (SLOT_CARD = {int(slots[i])})")
        for q in range(self.n):
            k = int(((res >> q) & 1).sum())
            if self.p1("NRES", q) != k:
                self.fail(f"players[{q}].NRES", self.p1("NRES", q), f"the seat's residence tokens in SLOT_RES ({k})")
        # black-market tiles: SLOT_BM and the owner's BM_AT agree
        bm = self.g("SLOT_BM")
        for i in np.flatnonzero(bm != 0).tolist():
            v = int(bm[i]) - 1
            q, k = v // 8, v % 8
            if q >= self.n or k >= L.N_BM or self.p("BM_AT", q)[k] != i:
                self.fail(f"SLOT_BM[{i}]", v + 1, f"the tile of a seat whose BM_AT names slot {i}")
            elif not faceup(i, KIND_LOC):
                self.fail(f"SLOT_BM[{i}]", v + 1, f"a tile only on a location (SLOT_CARD = {int(slots[i])})")
        for q in range(self.n):
            for k, at in enumerate(self.p("BM_AT", q).tolist()):
                if at >= 0 and bm[at] != q * 8 + k + 1:
                    self.fail(f"players[{q}].BM_AT[{k}]", at, f"SLOT_BM[{at}] = {q * 8 + k + 1} "
                              f"(found {int(bm[at])})")

    def quests_and_figureheads(self):
        places = list(zip(*self._listed("QDECK", "QDECK_N")))
        mk = self.g("QMARKET")[: int(self.g("QMARKET_N")[0])]
        places += [(int(x), f"QMARKET[{i}]") for i, x in enumerate(mk.tolist()) if x >= 0]
        for q in range(self.n):
            places += list(zip(*self._listed("QHAND", "QN", q)))
            places += [(int(x), f"players[{q}].SETUPQ[{j}]") for j, x in enumerate(self.p("SETUPQ", q).tolist())
                       if x >= 0]
            if self.p1("SETUPQ3", q) > 0:                   # Quest Hunters (QH-01)
                places.append((self.p1("SETUPQ3", q) - 1, f"players[{q}].SETUPQ3"))
        self._once_each(places, self.t.nq, "quest", "quests (QDECK + QMARKET + QHAND + SETUPQ)")
        stack = self.frames()
        if len(stack) and int(stack[0, 0]) == OP_BEGIN:   # SET-17/18: the market is dealt after the choices
            for i, x in enumerate(self.g("QMARKET").tolist()):
                if x >= 0:
                    self.fail(f"QMARKET[{i}]", x, "-1: the quest market is dealt only after the set-up "
                                                 "quest choices (OP_BEGIN still pending)")
        figs = [(int(x), f"FIGM[{i}]") for i, x in enumerate(self.g("FIGM").tolist()) if x >= 0]
        figs += [(self.p1("FIG", q), f"players[{q}].FIG") for q in range(self.n) if self.p1("FIG", q) >= 0]
        seen = {}
        for x, where in figs:
            seen.setdefault(x, []).append(where)
        for x, wheres in seen.items():
            if len(wheres) > 1:
                self.fail(wheres[0], x, f"each figurehead in one place only: also in {', '.join(wheres[1:])}")
        want = 3 if self.g("SOLO")[0] else self.n + 2                    # SOLO-02: 3 in a solo game
        if len(figs) != want:
            self.fail("figureheads (FIGM + FIG)", len(figs), f"players + 2 (solo: 3) = {want} (SET-18)")

    # ---- per seat ----------------------------------------------------------------------------
    def seats(self):
        t = self.t
        for q in range(self.n):
            at = f"players[{q}]."
            src = self.p("VP_SRC", q)
            if self.p1("VP", q) != int(src.sum()):
                self.fail(at + "VP", self.p1("VP", q), f"the sum of VP_SRC ({int(src.sum())})")
            for j in np.flatnonzero(src < 0).tolist():
                if not (j == KC.VS_QUESTS and quests_may_be_negative(self)):     # QH-02: -5 each
                    self.fail(f"{at}VP_SRC[{j}]", int(src[j]), f"VP by source >= 0 ({L.VP_SOURCES[j]})")
            upg = self.p1("UPG", q)
            if self.p1("NUPG", q) != bin(upg).count("1"):
                self.fail(at + "NUPG", self.p1("NUPG", q), f"popcount(UPG) = {bin(upg).count('1')}")
            self._hideout(q, at)
            expl = self.p1("EXPL", q)
            want = int(t.rivers[expl]) + retired_rivers(self, q)     # RET-05: crossed before the tile too
            if self.p1("RIVERS", q) != want:
                self.fail(at + "RIVERS", self.p1("RIVERS", q), f"the rivers before the explorer's space "
                          f"{expl} ({want}, EXP-05)")
            if expl != 0:
                for r in range(q):
                    if self.p1("EXPL", r) == expl:
                        self.fail(at + "EXPL", expl, f"a space without players[{r}]'s explorer (EXP-03)")
            self._derived(q, at)

    def _hideout(self, q, at):
        t = self.t
        tre, bur = self.p("TRE", q), self.p("BUR", q)
        pos = self.p("POSEIDON", q)
        bonus = self.p("BONUS", q).reshape(3, 4)
        bursp = self.p("BURSP", q).reshape(3, 8)
        if pos.any() and not self.p1("HAS_POSEIDON", q):
            self.fail(at + "POSEIDON", pos.tolist(), "empty without Poseidon (HAS_POSEIDON = 0)")
        for x in range(3):
            on_pos = int((pos == x + 1).sum())
            if bur[x] + on_pos > tre[x]:
                self.fail(f"{at}BUR[{x}]", int(bur[x]), f"at most the treasures {int(tre[x])} less "
                          f"Poseidon's {on_pos}")
            if bursp[x].sum() != bur[x] or bursp[x, t.hu_n[x]:].any():
                self.fail(f"{at}BURSP[{x * 8}:{x * 8 + 8}]", bursp[x].tolist(),
                          f"BUR[{x}] = {int(bur[x])} spaces covered among the first {int(t.hu_n[x])}")
            if bonus[x, t.hb_n[x]:].any() or bonus[x].sum() > tre[x] - bur[x] - on_pos:
                self.fail(f"{at}BONUS[{x * 4}:{x * 4 + 4}]", bonus[x].tolist(),
                          f"at most the unburied treasures ({int(tre[x] - bur[x] - on_pos)}) on the "
                          f"first {int(t.hb_n[x])} spaces")

    def _derived(self, q, at):
        """Counts and bonuses that follow from the tableau, figurehead and ship slots."""
        t = self.t
        if q == 1 and self.g("SOLO")[0]:
            return jordan_derived(self, q, at)              # he ignores every effect (SOLO-32)
        tab = self.p("TAB", q)[: self.p1("TAB_N", q)].tolist()
        fig, upg = self.p1("FIG", q), self.p1("UPG", q)
        adds = [t.card[c] for c in tab] + ([t.fig[fig]] if fig >= 0 else []) + \
            [t.slot[k] for k in range(t.n_slots) if (upg >> k) & 1]
        want = {"CREW": sum(t.type[c] == TY_CREW for c in tab),
                "EQUIP": sum(t.type[c] == TY_EQUIPMENT for c in tab),
                "SHIPCARDS": sum(t.type[c] not in (TY_CREW, TY_EQUIPMENT) for c in tab),
                "LIGHTNING": sum(bool(t.light[c]) for c in tab)}
        for name in ("INC_COINS", "INC_VP", *SUMMED.values()):
            want[name] = sum(a[name] for a in adds)
        want["RAID_ACTS"] = 0
        for a in adds:
            want["RAID_ACTS"] |= a["RAID_ACTS"]
        for name in ("WHALE", "HAS_POSEIDON"):
            want[name] = max([a[name] for a in adds] + [0])
        for name, v in want.items():
            if self.p1(name, q) != v:
                self.fail(at + name, self.p1(name, q), f"{int(v)} (from the tableau, figurehead and ship slots)")
        col = [sum(a["COLOUR_POW"][x] for a in adds) for x in range(3)]
        if self.p("COLOUR_POW", q).tolist() != col:
            self.fail(at + "COLOUR_POW", self.p("COLOUR_POW", q).tolist(), f"{col} (from the tableau, "
                      "figurehead and ship slots)")
        forfeit = sorted(e for a in adds for e in a["FORFEIT"])[: L.FORFEIT_CAP]
        have = sorted(self.p("FORFEIT", q)[: self.p1("FORFEIT_N", q)].tolist())
        if have != forfeit:
            self.fail(at + "FORFEIT", have, f"the forfeit effects of the tableau, figurehead and ship slots "
                      f"{forfeit}")

    # ---- strict: the turn structure ----------------------------------------------------------------
    def turn_structure(self):
        n, over = self.n, int(self.g("OVER")[0])
        rnd, cur = int(self.g("ROUND")[0]), int(self.g("CUR")[0])
        stack = self.frames()
        setup = len(stack) > 0 and int(stack[0, 0]) == OP_BEGIN
        if not 1 <= rnd <= K.N_ROUNDS:
            self.fail("ROUND", rnd, f"1..{K.N_ROUNDS}")
        if int(self.g("MARA_SEAT")[0]) != n - 1:
            self.fail("MARA_SEAT", int(self.g("MARA_SEAT")[0]), f"the last seat {n - 1} (SET-21)")
        turns = [self.p1("TURNS", q) for q in range(n)]
        if over or setup:
            ok = len(set(turns)) == 1 and (turns[0] == 0 or not setup)
            want = "equal" + (" (0 in set-up)" if setup else "")
        else:
            base = turns[cur]
            ok = turns == [base + (q < cur) for q in range(n)]
            want = f"seats before CUR = {cur} one turn more than the others"
        if not ok or max(turns) - min(turns) > 1:
            self.fail("players[*].TURNS", turns, want)
        ships = [self.p1("SHIP", q) for q in range(n)]
        if self.g("ROUND_END")[0] and (rnd == K.N_ROUNDS or ships[cur] != L.SP_MARA):
            self.fail("ROUND_END", 1, f"only in rounds 1-2 while the current player is on Maracaibo "
                      f"(ROUND = {rnd}, SHIP = {ships[cur]})")
        if self.g("END3")[0] and (rnd != K.N_ROUNDS or L.SP_MARA not in ships):
            self.fail("END3", 1, f"only in round 3 with a ship on Maracaibo (ROUND = {rnd})")
        if over and (rnd != K.N_ROUNDS or not self.g("END3")[0] or len(stack) or self.g("PHASE")[0]):
            self.fail("OVER", 1, f"the end of round 3 with END3 = 1, STK_N = 0, PHASE = 0 "
                      f"(ROUND = {rnd}, STK_N = {len(stack)})")
        for q in range(n):
            sq = self.p("SETUPQ", q)
            if ((sq >= 0).any() or self.p1("SETUPQ3", q)) and not setup:
                self.fail(f"players[{q}].SETUPQ", sq.tolist(), "-1 once set-up is over")
            src = self.p("VP_SRC", q)[END_SOURCES:]
            if not over and src.any():
                self.fail(f"players[{q}].VP_SRC", self.p("VP_SRC", q).tolist(),
                          f"0 from {L.VP_SOURCES[END_SOURCES]} on until the final scoring")
        if self.g("RAIDING")[0]:
            self.fail("RAIDING", int(self.g("RAIDING")[0]), "0 (the engine does not use it)")
        if setup and (rnd != 1 or any(turns)):
            self.fail("ROUND", rnd, "1 with no turns taken during set-up")

    def tails(self):
        """Entries past a list's count are unused (-1; FORFEIT 0): the core reads
        some of them (observations show the hand and tableau whole)."""
        lists = [("T2", "T2_N", None, -1), ("REMOVED", "REMOVED_N", None, -1), ("QDECK", "QDECK_N", None, -1),
                 ("QMARKET", "QMARKET_N", None, -1)]
        for q in range(self.n):
            lists += [("QHAND", "QN", q, -1), ("TAB", "TAB_N", q, -1), ("FORFEIT", "FORFEIT_N", q, 0)]
        for name, count, q, empty in lists:
            vals = self.g(name) if q is None else self.p(name, q)
            k = int(self.g(count)[0]) if q is None else self.p1(count, q)
            bad = np.flatnonzero(vals[k:] != empty)
            if len(bad):
                at = name if q is None else f"players[{q}].{name}"
                self.fail(f"{at}[{k + int(bad[0])}]", int(vals[k + bad[0]]), f"{empty} past the count {count} = {k}")

    # ---- the pending stack ------------------------------------------------------------------------
    def frames(self):
        return self.s[KC.G_STK:KC.G_STK + L.STACK_W * int(self.g("STK_N")[0])].reshape(-1, L.STACK_W).astype(np.int64)

    def frame_refs(self):
        """What frames point at: a refill (IMP-06) names a slot its acquisition
        emptied (empty still, once); a list offers one of the data's effect
        lists; a tile to place is one not placed yet."""
        slots = []
        cur = int(self.g("CUR")[0])
        for i, (op, a, b, c) in enumerate(self.frames().tolist()):
            where = f"STK frame {i} (op {op})"
            if op == K.OP_REFILL:
                card = int(self.g("SLOT_CARD")[a])
                if card >= 0 or a in slots:
                    self.fail(f"{where}: a", a, f"an emptied slot, refilled once (SLOT_CARD[{a}] = {card}: "
                              "a refill overwrites the card there)")
                slots.append(a)
            elif op == K.OP_LIST and ((a, b) not in self.t.lists or c & (K.LIST_ALL - 1) >= 1 << b):
                self.fail(f"{where}: a, b, c", (a, b, c), "one of the data's effect lists (start, count), "
                          "done bits below 2**count")
            elif op == K.OP_BM_PLACE and self.p("BM_AT", cur)[a] >= 0:
                self.fail(f"{where}: a", a, f"a tile of the current seat not placed yet (BM_AT[{a}] = "
                          f"{int(self.p('BM_AT', cur)[a])})")

    def stack_shape(self):
        """The frames as the engine stacks them: the end of the turn (set-up:
        OP_BEGIN, the seats' quest choices in order) at the bottom, the move
        alone above it, and the space's decisions about the current ship's slot."""
        fr, n = self.frames(), self.n
        deciders = 1 if self.g("SOLO")[0] else n            # solo: Jordan chooses no quest (SOLO-06)
        if not len(fr):
            return
        cur = int(self.g("CUR")[0])
        ship = self.p1("SHIP", cur)
        card = int(self.g("SLOT_CARD")[ship]) if ship < L.N_SLOTS else -1
        t = self.t
        for i, (op, a, b, c) in enumerate(fr.tolist()):
            where, bad = f"STK frame {i} (op {op})", None
            if (op in (K.OP_END_TURN, OP_BEGIN)) != (i == 0):
                bad = "the end of the turn (or set-up's begin) at the bottom only"
            elif (op in KEEP_OPS) != (fr[0, 0] == OP_BEGIN and i > 0) or op in KEEP_OPS and a != deciders - i:
                bad = f"set-up: seat {deciders - i}'s quest choice, above OP_BEGIN only"
            elif op == K.OP_MOVE and (i != 1 or len(fr) != 2):
                bad = "the move alone above the end of the turn"
            elif op in (K.OP_IMPROVEMENT, K.OP_RES_HERE) and a != ship:
                bad = f"the current ship's slot {ship}"
            elif op == K.OP_IMPROVEMENT and not (card >= 0 and (self.g("SLOT_DOWN")[ship] or t.kind[card] == 0)):
                bad = f"an improvement or a facedown card in slot {ship} (SLOT_CARD = {card})"
            elif op == K.OP_RES_HERE and not (card >= 0 and not self.g("SLOT_DOWN")[ship] and t.kind[card] == KIND_RES):
                bad = f"a faceup residence in slot {ship} (SLOT_CARD = {card})"
            elif op == K.OP_SIDE and a != card:
                bad = f"the card in the current ship's slot {ship} ({card})"
            elif op == K.OP_BM_HERE and (ship >= L.N_SLOTS or self.g("SLOT_BM")[ship] != cur * 8 + a + 1):
                bad = f"the current seat's tile on its ship's slot {ship}"
            elif op == K.OP_GULF and ship != L.SP_GULF or op == K.OP_UPGRADE and a == 1 and ship != L.SP_MARA:
                bad = f"the current ship on the Gulf / Maracaibo (SHIP = {ship})"
            elif op == K.OP_MOVE and not self._move_ok(cur, ship):
                mv = [int(self.g(x)[0]) for x in ("MV_LEFT", "MV_START", "MV_MOVED")]
                bad = (f"MV_LEFT 1..{K.BASE_MOVE + self.p1('MOVE_BONUS', cur)}, MV_MOVED = 1 once it moved, "
                       f"MV_START = its column before (MV_LEFT, MV_START, MV_MOVED = {mv})")
            elif op == K.OP_RAID_DICE and not (i == len(fr) - 1 and self._dice_ok(a)):
                bad = f"the top frame, with the dice rolled (DICE = {self.g('DICE').tolist()})"
            elif op == K.OP_EXPLORE and (a < 1 or b >= 1 << self.p1("FORFEIT_N", cur)):
                bad = "movement >= 1, forfeits used among the seat's (b)"
            elif op == K.OP_QUEST and a == 1 and not self.p1("WHALE", cur) or op == K.OP_ISLAND and a < 1:
                bad = "a Whale refresh only with the Whale; at least 1 cube"
            elif op == K.OP_PAY:
                others = sum(1 << q for q in range(n) if q != cur and self.p1("SHIP", q) == ship)
                if a == 0 or a & ~others or self.p1("COINS", cur) <= 0:
                    bad = f"a payer with doubloons and the opponents on its space (bits {others})"
            if bad:
                self.fail(f"{where}: a", a, bad)

    def _move_ok(self, cur, ship) -> bool:
        left, start, moved = (int(self.g(x)[0]) for x in ("MV_LEFT", "MV_START", "MV_MOVED"))
        full = K.BASE_MOVE + self.p1("MOVE_BONUS", cur)
        col = int(self.t.lay_col[int(self.g("LAYOUT")[0]) * 30 + ship])
        return 1 <= left <= full and moved == (left < full) and (moved or start == col)

    def _dice_ok(self, only) -> bool:
        dice = self.g("DICE")
        return all((1 <= d <= 6) if only < 0 or only == k else d == 0 for k, d in enumerate(dice.tolist()))

    # ---- the engine's view -------------------------------------------------------------------------
    def decision(self, mask, strict):
        cat = self.cat.array
        over = int(self.g("OVER")[0])
        fresh = np.zeros(NUM_ACTIONS, np.int8)
        engine.fill_mask(self.s.copy(), cat, fresh)
        if mask is not None and not np.array_equal(np.asarray(mask, np.int8), fresh):
            diff = np.flatnonzero(np.asarray(mask, np.int8) != fresh)[:6].tolist()
            self.fail("legal mask", f"differs at ids {diff}", "a fresh engine.fill_mask of the state")
        if over:
            return
        if not fresh.any():
            self.fail("legal mask", "empty", f"some legal action while the game runs (phase {int(self.g('PHASE')[0])})")
        if not strict:
            return
        n = int(self.g("STK_N")[0])
        op = int(self.s[KC.G_STK + (n - 1) * L.STACK_W]) if n else 0
        if op not in DECISION_OPS or int(self.g("PHASE")[0]) != op:
            self.fail("PHASE", int(self.g("PHASE")[0]), f"the top frame's op, a decision (top op {op})")
            return
        s2, m2 = self.s.copy(), np.zeros(NUM_ACTIONS, np.int8)
        engine.advance(s2, cat, m2)
        if not np.array_equal(s2, self.s):
            diff = np.flatnonzero(s2 != self.s)[:4].tolist()
            self.fail("state", "not a decision point", f"engine.advance to leave it unchanged (changed "
                      f"{', '.join(_field_at(i) for i in diff)})")


def _field_at(i: int) -> str:
    for name, (off, size) in L.LAYOUT.glob.items():
        if off <= i < off + size:
            return name if size == 1 else f"{name}[{i - off}]"
    q, r = divmod(i - L.LAYOUT.players, L.LAYOUT.player_size)
    for name, (off, size) in L.LAYOUT.player.items():
        if off <= r < off + size:
            return f"players[{q}].{name}" + ("" if size == 1 else f"[{r - off}]")
    return str(i)

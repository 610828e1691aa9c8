"""The validated Pirates data compiled into one int32 vector for the core.

Python tools use the name tables kept beside it (card keys and names, quest
keys, layout keys); ``data_hash`` identifies the compiled data in saves.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..framework.datafiles import DataError, data_folder, files_digest
from . import data_load as D
from .core import constants as CL
from .core.catalog_layout import CATALOG, CATALOG_SIZE, EFFECT_KINDS, ANY


@dataclass
class Catalog:
    array: np.ndarray
    card_keys: list[str]
    card_names: list[str]
    quest_keys: list[str]
    figurehead_names: list[str]
    bm_keys: list[str]
    slot_keys: list[str]
    raid_action_keys: list[str]
    track_keys: list[str]
    layout_keys: list[str]
    default_layout: str
    effects: list[str] = field(default_factory=list)   # readable text of each effect row
    jordan_keys: list[str] = field(default_factory=list)   # the solo cards (jordan.toml)
    data: D.PiratesData | None = field(default=None, repr=False)

    @property
    def data_hash(self) -> str:
        h = self.__dict__.get("_hash")
        if h is None:
            d = hashlib.sha256(self.array.astype("<i4").tobytes())
            d.update(json.dumps([self.card_keys, self.quest_keys, self.bm_keys, self.slot_keys,
                                 self.raid_action_keys, self.track_keys, self.layout_keys]).encode())
            h = self.__dict__["_hash"] = d.hexdigest()
        return h

    def field(self, name: str) -> np.ndarray:
        off, size = CATALOG[name]
        return self.array[off:off + size]


class _Writer:
    def __init__(self):
        self.a = np.zeros(CATALOG_SIZE, np.int32)
        self.n_eff = 0
        self.texts: list[str] = []
        self.raid_keys: list[str] = []

    def set(self, name, value, i=0):
        off, size = CATALOG[name]
        if not 0 <= i < size:
            raise DataError(f"too many entries for {name} (capacity {size})")
        self.a[off + i] = value

    def effects(self, effs) -> tuple[int, int]:
        """Append a list of effects; returns (start, count)."""
        start = self.n_eff
        for e in effs:
            i = self.n_eff
            self.set("EFF_DO", EFFECT_KINDS.index(e.do), i)
            self.set("EFF_N", e.n, i)
            self.set("EFF_ARG", _arg(e, self.raid_keys), i)
            self.set("EFF_CAP", e.cap, i)
            self.texts.append(effect_text(e))
            self.n_eff += 1
        return start, len(effs)


def _arg(e, raid_keys) -> int:
    if e.treasure:
        return ANY if e.treasure == "any" else D.TREASURES.index(e.treasure)
    if e.do == "island_cube":
        return ANY
    if e.type:
        return D.IMP_TYPES.index(e.type)
    if e.count:
        return D.COUNTS.index(e.count)
    if e.action:
        return raid_keys.index(e.action)
    if e.reward:
        return D.FORFEIT_REWARDS.index(e.reward)
    return 0


def effect_text(e) -> str:
    parts = [e.do] + [f"{k}={v}" for k, v in e.model_dump().items()
                      if k != "do" and v not in ("", 0)]
    return " ".join(parts)


def compile_data(data: D.PiratesData) -> Catalog:
    w = _Writer()
    s = data.ship
    w.raid_keys = [r.key for r in s.raid_action]
    # raiding actions
    w.set("N_RA", len(s.raid_action))
    std = 0
    for i, r in enumerate(s.raid_action):
        st, n = w.effects(r.effects)
        w.set("RA_POWER", r.power, i); w.set("RA_S", st, i); w.set("RA_N", n, i)
        std |= (1 << i) if r.standard else 0
    w.set("RA_STANDARD", std)
    # cards: improvements, locations, residences (ids in file order)
    c = data.cards
    cards = c.improvement + c.location + c.residence
    w.set("N_CARDS", len(cards))
    for i, x in enumerate(cards):
        if isinstance(x, D.Improvement):
            w.set("CARD_KIND", CL.KIND_IMP, i); w.set("CARD_TIER", x.tier, i)
            w.set("CARD_TYPE", D.IMP_TYPES.index(x.type), i)
            w.set("CARD_COST", x.cost, i); w.set("CARD_VP", x.vp, i)
            w.set("CARD_INC_C", x.income.coins, i); w.set("CARD_INC_V", x.income.vp, i)
            for part, effs in (("LIGHT", x.lightning), ("ONG", x.ongoing), ("END", x.endgame)):
                st, n = w.effects(effs)
                w.set(f"CARD_{part}_S", st, i); w.set(f"CARD_{part}_N", n, i)
        elif isinstance(x, D.Location):
            w.set("CARD_KIND", CL.KIND_LOC, i); w.set("CARD_TIER", x.tier, i)
            w.set("CARD_TV", int(x.treasure_value), i); w.set("CARD_NSIDES", len(x.sides), i)
            for k, side in enumerate(x.sides):
                st, n = w.effects(side)
                w.set(f"CARD_SIDE{k}_S", st, i); w.set(f"CARD_SIDE{k}_N", n, i)
        else:
            w.set("CARD_KIND", CL.KIND_RES, i); w.set("CARD_TIER", 1, i)
            w.set("CARD_COST", x.cost, i)
            w.set("RES_FORMULA", D.GRS.index(x.formula), i)
            w.set("RES_PER", x.per, i); w.set("RES_CAP", x.cap, i)
    w.set("N_T1_IMP", sum(1 for x in c.improvement if x.tier == 1))
    w.set("N_T1_LOC", sum(1 for x in c.location if x.tier == 1))
    w.set("N_RES", len(c.residence))
    # quests
    qs = data.quests.quest
    w.set("N_QUESTS", len(qs))
    for i, q in enumerate(qs):
        w.set("Q_KIND", D.GQ.index(q.kind), i)
        arg = (ANY if q.treasure == "any" else D.TREASURES.index(q.treasure)) if q.treasure else \
            (D.IMP_TYPES.index(q.type) if q.type else 0)
        w.set("Q_ARG", arg, i)
        w.set("Q_TYPES", sum(1 << D.IMP_TYPES.index(t) for t in q.types), i)
        w.set("Q_LOW_A", q.low.need[0], i); w.set("Q_LOW_B", q.low.need[-1], i)
        w.set("Q_HIGH_A", q.high.need[0], i); w.set("Q_HIGH_B", q.high.need[-1], i)
        w.set("Q_LOW_VP", q.low.vp, i); w.set("Q_HIGH_VP", q.high.vp, i)
    # figureheads A..L
    figs = sorted(data.figureheads.figurehead, key=lambda f: f.letter)
    for i, f in enumerate(figs):
        st, n = w.effects(f.lightning); w.set("FIG_LIGHT_S", st, i); w.set("FIG_LIGHT_N", n, i)
        st, n = w.effects(f.ongoing); w.set("FIG_ONG_S", st, i); w.set("FIG_ONG_N", n, i)
        w.set("FIG_INC_C", f.income.coins, i); w.set("FIG_INC_V", f.income.vp, i)
    for i, sp in enumerate(data.figureheads.poseidon_spaces):
        st, n = w.effects(sp); w.set("POS_S", st, i); w.set("POS_N", n, i)
    # black market
    bm = data.black_market
    bm_keys = [e.key for e in bm.effect]
    for i, e in enumerate(bm.effect):
        st, n = w.effects(e.effects); w.set("BM_EFF_S", st, i); w.set("BM_EFF_N", n, i)
    for k, t in enumerate(bm.tile):
        w.set("BM_TILE_EFF", bm_keys.index(t.front), 2 * k)
        w.set("BM_TILE_EFF", bm_keys.index(t.back), 2 * k + 1)
    # ship board
    w.set("N_SHIP_SLOTS", len(s.slot))
    for i, b in enumerate(s.barriers):
        w.set("BARRIERS", b, i)
    for i, sl in enumerate(s.slot):
        st, n = w.effects(sl.benefit)
        w.set("SLOT_SECTION", sl.section, i); w.set("SLOT_COST", sl.cost, i)
        w.set("SLOT_S", st, i); w.set("SLOT_N", n, i)
    # hideout
    for area in s.hideout:
        t = D.TREASURES.index(area.treasure)
        w.set("HB_N", len(area.bonus), t)
        for j, effs in enumerate(area.bonus):
            st, n = w.effects(effs)
            w.set("HB_S", st, t * CL.HB_CAP + j); w.set("HB_C", n, t * CL.HB_CAP + j)
        w.set("HU_N", len(area.buried), t)
        for j, effs in enumerate(area.buried):
            st, n = w.effects(effs)
            w.set("HU_S", st, t * CL.HU_CAP + j); w.set("HU_C", n, t * CL.HU_CAP + j)
    # board
    b = data.board
    keys = [x.key for x in b.track]
    w.set("N_TRACK", len(keys))
    rivers = {"start": 0}
    for i, x in enumerate(b.track):
        nx = [keys.index(n) for n in x.next] + [-1, -1]
        w.set("TR_NEXT0", nx[0], i); w.set("TR_NEXT1", nx[1], i)
        for n in x.next:
            rivers[n] = rivers[x.key] + b.track[keys.index(n)].river
        w.set("TR_RIVERS", rivers[x.key], i)
        st, n = w.effects(x.effects); w.set("TR_S", st, i); w.set("TR_N", n, i)
        w.set("TR_RETIRE", int(x.retirement), i)
        succ = sum(1 << keys.index(n) for n in x.next)
        lo = succ & 0xFFFFFFFF
        w.set("TR_SUCC_LO", lo - (1 << 32) if lo >= 1 << 31 else lo, i)
        w.set("TR_SUCC_HI", succ >> 32, i)
    for isl in b.islands:
        w.set("ISL_SPACES", isl.spaces, D.TREASURES.index(isl.treasure))
    w.set("START_CUBES", b.start_cubes)
    w.set("N_VAL", len(b.value))
    for i, (at, v) in enumerate(zip(b.value_at_least, b.value)):
        w.set("VAL_AT", at, i); w.set("VAL", v, i)
    for i, v in enumerate(b.start_coins):
        w.set("START_COINS", v, i)
    for i, t in enumerate(b.tv_tiles):
        w.set("TV_TILES", D.TREASURES.index(t), i)
    # the modules: Ruby Supply tiles (by card key), Ruby Market bonuses
    for k in data.modules.ruby_supply:
        w.set("CARD_RUBY", 1, [x.key for x in cards].index(k))
    for i, sp in enumerate(data.modules.ruby_market):
        st, n = w.effects(sp.effects); w.set("RUBY_S", st, i); w.set("RUBY_N", n, i)
    _compile_jordan(w, data, cards, keys)
    # layouts
    lays = data.layouts.layout
    w.set("N_LAYOUTS", len(lays))
    for li, lay in enumerate(lays):
        cells = {}
        for k in range(len(lay.rows[0])):            # column by column (SET-07)
            for r, row in enumerate(lay.rows):
                if row[k] == "C":
                    cells[(r, k)] = len(cells)
        w.set("LAY_NCOLS", len(lay.rows[0]), li)
        for (r, k), sidx in cells.items():
            w.set("LAY_COL", k + 1, li * CL.N_SLOTS + sidx); w.set("LAY_ROW", r, li * CL.N_SLOTS + sidx)
            nb = [cells.get((r + dr, k + dk), -1) for dr, dk in ((-1, 0), (0, 1), (1, 0), (0, -1))]
            for j, v in enumerate(nb):
                w.set("LAY_ADJ", v, (li * CL.N_SLOTS + sidx) * 4 + j)
        _ship_spaces(w, li, cells, len(lay.rows[0]))
    return Catalog(
        array=w.a, card_keys=[x.key for x in cards], card_names=[x.name for x in cards],
        quest_keys=[q.key for q in qs], figurehead_names=[f"{f.letter} {f.name}" for f in figs],
        bm_keys=bm_keys, slot_keys=[x.key for x in s.slot], raid_action_keys=w.raid_keys,
        track_keys=keys, layout_keys=[l.key for l in lays], default_layout=data.layouts.default,
        effects=w.texts, data=data, jordan_keys=[x.key for x in data.jordan.card])


def _compile_jordan(w, data, cards, track_keys):
    """jordan.toml, and what Jordan reads off the other data (DATA-16: the solo
    actions each location offers; SOLO-21: the longest branch at each fork)."""
    j = data.jordan
    w.set("J_N_CARDS", len(j.card))
    for i, c in enumerate(j.card):
        w.set("J_LETTER", "AB".index(c.letter), i)
        w.set("J_BONUS", D.JORDAN_BONUSES.index(c.bonus.do) if c.bonus else -1, i)
        w.set("J_BONUS_N", c.bonus.n if c.bonus else 0, i)
        w.set("J_NACT", len(c.actions), i)
        for k, a in enumerate(c.actions):
            w.set("J_ACT", D.JORDAN_ACTIONS.index(a.do), i * CL.J_ACT_CAP + k)
            for t, typ in enumerate(a.types):
                w.set("J_ACT_TYPES", D.IMP_TYPES.index(typ), (i * CL.J_ACT_CAP + k) * 3 + t)
    slots = [x for col in j.ship_board.columns for x in col]        # column by column (SOLO-25)
    w.set("J_N_SLOTS", len(slots))
    for i, x in enumerate(slots):
        w.set("J_SLOT", D.JORDAN_SLOTS.index(x), i)
    for i, lv in enumerate(j.track.levels):
        w.set("J_RAID_VP", lv.raid_vp, i); w.set("J_RAID_N", lv.raid_treasures, i)
        w.set("J_RAID_CUBE", int(lv.raid_cube), i)
        w.set("J_EXPL_MOVE", lv.explore_move, i); w.set("J_EXPL_VP", lv.explore_vp, i)
    for i, f in enumerate(j.treasure_die.faces):
        w.set("J_DIE", ANY if f == "most" else D.TREASURES.index(f), i)
    keys = [x.key for x in cards]
    for i in range(2):
        w.set("J_T2_LOC", keys.index(j.tier2_locations[i]) if i < len(j.tier2_locations) else -1, i)
    sc = j.scoring
    for i, v in enumerate((sc.per_river, sc.per_card, sc.per_residence, sc.per_quest,
                           sc.quest_bonus_at, sc.quest_bonus)):
        w.set("J_SCORE", v, i)
    for i, x in enumerate(cards):
        if not isinstance(x, D.Location):
            continue
        effs = [e for side in x.sides for e in side]
        acts = 0
        if any(e.do in ("raid", "raid_colour", "raid_as_if") for e in effs):
            acts |= 1 << CL.JA_RAID
        if any(e.do == "explore" for e in effs):
            acts |= 1 << CL.JA_EXPLORE
        if any(e.do == "quest" for e in effs):
            acts |= 1 << CL.JA_QUEST
        w.set("J_LOC_ACTS", acts, i)
        w.set("J_LOC_EXPL", max([e.n for e in effs if e.do == "explore"], default=0), i)
    for i, n in enumerate(longest_branch(data.board.track)):
        w.set("J_LONG_NEXT", n, i)


def longest_branch(track) -> list[int]:
    """Per track space, the successor Jordan's explorer takes (SOLO-21): at a fork
    the branch whose route to the point where the branches rejoin is longer (the
    first listed on a tie; with no rejoin, the longer route to an end); -1 at an end."""
    keys = [x.key for x in track]
    nxt = [[keys.index(n) for n in x.next] for x in track]

    def longest_from(a):                    # longest distance from a to each space (-1: unreachable)
        d = [-1] * len(keys)
        d[a] = 0
        for s in range(a, len(keys)):       # successors come later in the file (the loader checks)
            if d[s] >= 0:
                for n in nxt[s]:
                    d[n] = max(d[n], d[s] + 1)
        return d

    out = []
    for s in range(len(keys)):
        if len(nxt[s]) < 2:
            out.append(nxt[s][0] if nxt[s] else -1)
            continue
        a, b = nxt[s][0], nxt[s][1]
        da, db = longest_from(a), longest_from(b)
        common = [x for x in range(len(keys)) if da[x] >= 0 and db[x] >= 0]
        if common:
            r = min(common)
            out.append(a if da[r] >= db[r] else b)
        else:
            out.append(a if max(da) >= max(db) else b)
    return out


def _ship_spaces(w, li, cells, ncols):
    """Neighbours (MOVE-02/03/06, MARA-01) and columns (MOVE-04) of the 30 ship
    spaces: card slots 0..26, Gulf 27, Maracaibo 28, start 29."""
    gulf, mara, start = 27, 28, 29
    col = {s: k + 1 for (r, k), s in cells.items()}
    col.update({gulf: ncols + 1, mara: ncols + 2, start: 0})
    nbr = {s: 0 for s in range(30)}
    for (r, k), s in cells.items():
        for dr, dk in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if (r + dr, k + dk) in cells:
                nbr[s] |= 1 << cells[(r + dr, k + dk)]
        if k + 1 == ncols:
            nbr[s] |= 1 << gulf
        if k == 0:
            nbr[start] |= 1 << s
    nbr[gulf] = 1 << mara
    for s in range(CL.N_SPACES):
        w.set("LAY_NBR", nbr[s], li * CL.N_SPACES + s)
        w.set("LAY_SPACE_COL", col.get(s, 0), li * CL.N_SPACES + s)
    for c in range(CL.MAX_COLS):
        w.set("LAY_COLGT", sum(1 << s for s in range(CL.N_SPACES) if s in col and col[s] > c),
              li * CL.MAX_COLS + c)


@lru_cache(maxsize=8)
def _cached(folder: str, digest: str) -> Catalog:
    return compile_data(D.load_data(folder))


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """The compiled data of ``folder`` (default: the shipped data), cached
    while the folder's files keep their content."""
    path = data_folder(folder, D.DATA_DIR) if folder else D.DATA_DIR
    # keyed by content, not just the path: an edited or deleted file is read again
    return _cached(str(path), files_digest(path, [f"{stem}.toml" for stem in D.FILE_MODELS]))

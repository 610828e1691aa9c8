"""Checks that a Pirates state vector (a hand-edited save, a crafted state) is
one the numba core may be given: every index in range, every list length
within its capacity, every pending decision well formed. Errors name the
field, its value and what is allowed."""
from __future__ import annotations

import numpy as np

from ..framework.game import StateError  # noqa: F401  (raised here; importers catch it from this module)
from .core import options as O
from .core import layout as L
from .core import constants as KC
from .core import common as K
from .core.catalog_layout import N_FIGS


def validate_state(state: np.ndarray, catalog, where: str = "state") -> None:
    cat = catalog
    g = lambda name: state[L.LAYOUT.field_slice(name)]  # noqa: E731

    def rng(name, lo, hi, vals=None, player=None):
        v = vals if vals is not None else (g(name) if player is None
                                          else state[L.LAYOUT.field_slice(name, player)])
        bad = np.flatnonzero((v < lo) | (v > hi))
        if len(bad):
            i = int(bad[0])
            field = name if player is None else f"players[{player}].{name}"
            at = field if len(v) == 1 else f"{field}[{i}]"
            raise StateError(f"{where}: {at} = {int(v[i])}; allowed {lo}..{hi}")

    ncards = int(cat.field("N_CARDS")[0])
    nq = int(cat.field("N_QUESTS")[0])
    ntrack = int(cat.field("N_TRACK")[0])
    nslots = int(cat.field("N_SHIP_SLOTS")[0])
    nra = int(cat.field("N_RA")[0])
    rng("NP", 2, L.MAX_P)
    n = int(g("NP")[0])
    rng("ROUND", 1, K.N_ROUNDS); rng("CUR", 0, n - 1); rng("OVER", 0, 1)
    rng("LAYOUT", 0, int(cat.field("N_LAYOUTS")[0]) - 1); rng("MARA_SEAT", 0, n - 1)
    rng("END3", 0, 1); rng("ROUND_END", 0, 1); rng("PHASE", 0, K.N_OPS)
    rng("MODULES", 0, O.ALL_MODULES); rng("SOLO", 0, 1); rng("DIFFICULTY", 0, O.MAX_DIFFICULTY)
    rng("SLOT_CARD", -1, ncards - 1); rng("SLOT_DOWN", 0, 1); rng("SLOT_TV", 0, 3)
    rng("SLOT_RES", 0, (1 << n) - 1); rng("ISLAND", 0, 10_000)
    bm = g("SLOT_BM")
    rng("SLOT_BM", 0, (n - 1) * 8 + L.N_BM)
    if np.any((bm > 0) & ((bm - 1) % 8 >= L.N_BM)):
        raise StateError(f"{where}: SLOT_BM holds a tile number above {L.N_BM - 1}")
    for arr, cnt, cap, hi in (("T2", "T2_N", L.T2_CAP, ncards - 1),
                              ("REMOVED", "REMOVED_N", L.REMOVED_CAP, ncards - 1),
                              ("QDECK", "QDECK_N", L.QDECK_CAP, nq - 1)):
        rng(cnt, 0, cap)
        k = int(g(cnt)[0])
        rng(arr, 0, hi, g(arr)[:k]) if k else None
        rng(arr, -1, hi)
    rng("QMARKET", -1, nq - 1); rng("QMARKET_N", 2, L.QMARKET_CAP)
    rng("FIGM", -1, N_FIGS - 1); rng("BM_SIDE", 0, 1)
    rng("MV_LEFT", 0, 10); rng("MV_START", 0, 20); rng("MV_MOVED", 0, 1)
    rng("DICE", 0, 6); rng("REROLLS", 0, 20); rng("RAID_EXTRA", 0, 100); rng("RAID_T", 0, 2)
    rng("RAID_POWER", 0, 1000); rng("RAID_USED", 0, (1 << nra) - 1); rng("RAIDING", 0, 1)
    rng("STK_N", 0, L.STACK_CAP)
    # the modules (§20)
    rng("SLOT_FOG", 0, 1); rng("SLOT_COINS", 0, 10_000); rng("T2_FOG", 0, 1)
    rng("TV_POOL", 0, 3); rng("TV_POOL_N", 0, 6); rng("RUBY_MKT", 0, n)
    _check_jordan(state, cat, rng, where)
    solo = int(g("SOLO")[0]) == 1
    for p in range(L.MAX_P):
        pr = lambda name, lo, hi: rng(name, lo, hi, player=p)  # noqa: E731
        pv = lambda name: state[L.LAYOUT.field_slice(name, p)]  # noqa: E731
        pr("COINS", 0, 1_000_000); pr("VP", -10_000, 1_000_000); pr("VP_SRC", -10_000, 1_000_000)
        pr("SHIP", 0, L.N_SPACES - 1); pr("EXPL", 0, ntrack - 1); pr("RIVERS", 0, 1000)
        pr("TURNS", 0, 10_000); pr("SETUPQ", -1, nq - 1)
        pr("SETUPQ3", 0, nq); pr("RUBIES", 0, 10_000); pr("RETIRED", 0, 1)      # the modules
        pr("QN", 0, L.QHAND_CAP)
        k = int(pv("QN")[0])
        if k:
            rng("QHAND", 0, nq - 1, pv("QHAND")[:k], player=p)
        pr("QHAND", -1, nq - 1)
        pr("UPG", 0, (1 << nslots) - 1)
        if int(pv("NUPG")[0]) != bin(int(pv("UPG")[0])).count("1"):
            raise StateError(f"{where}: players[{p}].NUPG must equal the filled slots in UPG")
        pr("FIG", -1, N_FIGS - 1); pr("BM_AT", -1, L.N_SLOTS - 1)
        pr("TRE", 0, 10_000); pr("BONUS", 0, 1); pr("BURSP", 0, 1); pr("POSEIDON", 0, 3)
        tre, bur = pv("TRE"), pv("BUR")
        pos = [sum(1 for v in pv("POSEIDON") if v == t + 1) for t in range(3)]
        for t in range(3):
            if not 0 <= bur[t] <= tre[t] - pos[t]:
                raise StateError(f"{where}: players[{p}].BUR[{t}] = {int(bur[t])}; allowed 0.."
                                 f"{int(tre[t]) - pos[t]} (treasures owned minus Poseidon's)")
        for name in ("RAID_POW", "COLOUR_POW", "EXPL_BONUS", "DISCOUNT", "MOVE_BONUS", "REROLL",
                     "INC_COINS", "INC_VP", "CREW", "EQUIP", "SHIPCARDS", "LIGHTNING", "NRES"):
            pr(name, 0, 100)
        pr("MOVE_BONUS", 0, 6)
        pr("RAID_ACTS", 0, (1 << nra) - 1); pr("WHALE", 0, 1); pr("HAS_POSEIDON", 0, 1)
        pr("FORFEIT_N", 0, L.FORFEIT_CAP)
        k = int(pv("FORFEIT_N")[0])
        effs = pv("FORFEIT")[:k]
        if k and not all(0 <= e < len(cat.effects) and cat.field("EFF_DO")[e] == _kind("forfeit")
                         for e in effs):
            raise StateError(f"{where}: players[{p}].FORFEIT lists a non-forfeit effect")
        pr("TAB_N", 0, L.TABLEAU_CAP)
        k = int(pv("TAB_N")[0])
        if k:
            tab = pv("TAB")[:k]
            rng("TAB", 0, ncards - 1, tab, player=p)
            # Jordan's pile (solo seat 1) also takes Tier II locations (SOLO-23)
            kind, tier = cat.field("CARD_KIND")[tab], cat.field("CARD_TIER")[tab]
            if np.any((kind != 0) & ~((kind == 1) & (tier == 2) & (solo and p == 1))):
                raise StateError(f"{where}: players[{p}].TAB holds a card that is not an improvement")
        pr("TAB", -1, ncards - 1)
    _check_stack(state, cat, n, ncards, where)


def _check_jordan(state, cat, rng, where):
    """The solo fields (§19): in range in a solo game (2 seats), all 0 otherwise."""
    g = lambda name: state[L.LAYOUT.field_slice(name)]  # noqa: E731
    names = ("J_DECK", "J_DRAWN", "J_CARD", "J_LEVEL", "J_UPG", "J_LOG", "J_LOG_N")
    if int(g("SOLO")[0]) == 0:
        for name in names + ("DIFFICULTY",):
            rng(name, 0, 0)
        return
    if int(g("NP")[0]) != 2:
        raise StateError(f"{where}: NP = {int(g('NP')[0])} in a solo game (SOLO = 1); allowed 2 "
                         "(you and Jordan, SOLO-01)")
    ncards = int(cat.field("J_N_CARDS")[0])
    rng("J_DECK", 0, ncards - 1); rng("J_DRAWN", 0, L.J_DECK_N); rng("J_CARD", -1, ncards - 1)
    rng("J_LEVEL", 0, 3); rng("J_UPG", 0, int(cat.field("J_N_SLOTS")[0])); rng("J_LOG_N", 0, L.J_LOG_CAP)
    from .core.jordan import JEV_NAMES
    log = g("J_LOG").reshape(-1, 2)
    rng("J_LOG", 0, len(JEV_NAMES) - 1, log[:, 0])
    rng("J_LOG", -1, 10_000, log[:, 1])


def _kind(name):
    from .core.catalog_layout import EFFECT_KINDS
    return EFFECT_KINDS.index(name)


# per op: allowed (a, b, c) ranges as callables of (n players, catalog)
def _frame_ranges(n, cat, ncards):
    neff = len(cat.effects)
    big = 1 << 20
    return {
        K.OP_KEEPQ: ((0, n - 1), (0, 0), (0, 0)),
        K.OP_MOVE: ((0, 0), (0, 0), (0, 0)),
        K.OP_PAY: ((0, (1 << n) - 1), (0, 0), (0, 0)),
        K.OP_IMPROVEMENT: ((0, L.N_SLOTS - 1), (0, 0), (0, 0)),
        K.OP_RES_HERE: ((0, L.N_SLOTS - 1), (0, 0), (0, 0)),
        K.OP_BM_HERE: ((0, L.N_BM - 1), (0, 0), (0, 0)),
        K.OP_UPGRADE: ((0, 1), (0, 0), (0, 0)),
        K.OP_SIDE: ((0, ncards - 1), (0, 0), (0, 0)),
        K.OP_LIST: ((0, neff - 1), (1, 8), (0, 2 * K.LIST_ALL - 1)),
        K.OP_GULF: ((0, 0), (0, 0), (0, 0)),
        K.OP_RAID_DICE: ((-1, 2), (0, 0), (0, 0)),
        K.OP_RAID_SPEND: ((0, 0), (0, 0), (0, 0)),
        K.OP_TCHOICE: ((0, 2), (0, 30), (0, 0)),
        K.OP_TPLACE: ((0, 2), (0, 0), (0, 0)),
        K.OP_BURY: ((-1, 2), (0, 0), (0, 0)),
        K.OP_EXPLORE: ((0, 100), (0, (1 << L.FORFEIT_CAP) - 1), (0, 0)),
        K.OP_QUEST: ((0, 1), (0, 0), (0, 0)),
        K.OP_DISCARDQ: ((0, 0), (0, 0), (0, 0)),
        K.OP_ISLAND: ((0, 30), (0, 0), (0, 0)),
        K.OP_RESIDENCE: ((0, 0), (0, 0), (0, 0)),
        K.OP_ACQUIRE: ((-1, 2), (0, 30), (0, 0)),
        K.OP_FIGUREHEAD: ((0, 1), (0, 0), (0, 0)),
        K.OP_BM_TILE: ((0, 1), (0, 0), (0, 0)),
        K.OP_BM_PLACE: ((0, L.N_BM - 1), (0, 0), (0, 0)),
        K.OP_BM_ACTIVATE: ((0, 0), (0, 0), (0, 0)),
        K.OP_END_TURN: ((0, big), (0, big), (0, big)),
        31: ((0, 0), (0, 0), (0, 0)),            # setup.OP_BEGIN
        K.OP_REFILL: ((0, L.N_SLOTS - 1), (0, 0), (0, 0)),
        # the modules (§20)
        K.OP_RETURNQ: ((0, n - 1), (0, 0), (0, 0)),
        K.OP_RUBY_GAIN: ((0, 0), (0, 0), (0, 0)),
        K.OP_RUBY_SELL: ((0, 0), (0, 0), (0, 0)),
        K.OP_RUBY_TRADE: ((0, 0), (0, 0), (0, 0)),
        K.OP_RETIRE: ((0, 0), (0, 0), (0, 0)),
        K.OP_SKIRMISH: ((0, L.N_SLOTS - 1), (0, 0), (0, 0)),
    }


def _check_stack(state, cat, n, ncards, where):
    k = int(state[KC.G_STK_N])
    frames = state[KC.G_STK:KC.G_STK + L.STACK_CAP * L.STACK_W].reshape(-1, L.STACK_W)
    if np.any(frames[k:] != 0):
        raise StateError(f"{where}: STK holds data above STK_N = {k}")
    over = int(state[KC.G_OVER])
    if not over and k == 0:
        raise StateError(f"{where}: a game in progress needs a pending decision (STK_N >= 1)")
    ranges = _frame_ranges(n, cat, ncards)
    for i in range(k):
        op, a, b, c = (int(x) for x in frames[i])
        if op not in ranges:
            raise StateError(f"{where}: STK frame {i}: op {op} is not a decision; allowed {sorted(ranges)}")
        for name, v, (lo, hi) in zip("abc", (a, b, c), ranges[op]):
            if not lo <= v <= hi:
                raise StateError(f"{where}: STK frame {i} (op {op}): {name} = {v}; allowed {lo}..{hi}")
        if op == K.OP_LIST and a + b > len(cat.effects):
            raise StateError(f"{where}: STK frame {i}: effects {a}..{a + b - 1} beyond the "
                             f"{len(cat.effects)} effects of the data")
        if op == K.OP_SIDE and cat.field("CARD_KIND")[a] != 1:
            raise StateError(f"{where}: STK frame {i}: card {a} is not a location")
    if not over and k and int(frames[0][0]) not in (K.OP_END_TURN, 31):
        raise StateError(f"{where}: the bottom of STK must be the end of the turn (op {K.OP_END_TURN})")

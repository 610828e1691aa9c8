"""A learned leaf value for Maracaibo's search: features and an MLP in numba.

Expert iteration (maracaibo_env/training/expert_iteration.py) plays games, records the
features of sampled positions for every seat together with how the game
ended for that seat, and fits a small network to that result; the search
(maracaibo_env/maracaibo/agents/mcts.py, option ``value=NAME``) then scores its leaves with the
network instead of the hand-written evaluation, plays better games, and those
become the next round's data.

The value of a position for seat `me` is its predicted final margin over the
best other seat, divided by 100 (solo: the human's VP minus Jean's), the
scale the search's game-over values have, so a leaf the network scores and a
leaf where the game ended are comparable. The network learns a correction:
the value is the hand-written margin (the seat's estimate minus the best
other's / 100; solo: the human's evaluation / 100) plus the network's output,
so it keeps every detail the hand-written evaluation sees.

Features (`features`, NUM_FEATURES floats; every one public or a count):
per seat in turn order from `me` (four blocks, zeros for absent seats) the
VP, doubloons, incomes, combat points, influence, explorer progress, quests,
tokens, ship upgrades and figures, bought cards and their printed VP, hand and
planning counts, the ship's location and the hand-written estimate of the
final VP (maracaibo_env.maracaibo.agents.heuristics.evaluate, balanced weights); then the round, the
scoring state, the number of players, Jean's level and her estimated final VP
(solo only). The network normalises them with the training set's mean and
spread, both stored in the weights file.

Weights file (``np.savez``, read with ``allow_pickle=False``): ``mean, std``
(NUM_FEATURES), ``w0 (NUM_FEATURES, H0), b0, w1 (H0, H1), b1, w2 (H1,), b2
(1,)`` and ``meta``, a JSON string {"format", "features", "num_features",
"hidden", "notes", "trained"}. No torch needed to play.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.core.catalog_layout import C_CARD_VP, C_LOC_NUMBER
from maracaibo_env.maracaibo.core.common import pb, popcount
from maracaibo_env.framework.search import margins
from maracaibo_env.maracaibo.core.layout import (
    MAX_P, N_NATIONS, PLAN_CAP, G_NP, G_ROUND, G_CUR, G_OVER, G_SOLO, G_DIFFICULTY, G_INCOME_DONE,
    G_ROUND_END, G_SCORING, G_BQ_TILE, BOARD_QUEST_CAP, G_TRACK_REMOVED, G_TURN_COUNT,
    P_VP, P_DOUBLOONS, P_VINC, P_DINC, P_CP, P_INF, P_EXPLORER, P_QUESTS, P_TOKENS, P_UPGRADES,
    P_FIG_BOARD, P_FIG_SUPPLY, P_TABLEAU_N, P_TABLEAU, P_SYNERGY, P_HAND_N, P_PLAN, P_SHIP)
from .heuristics import evaluate, _jean_final

from maracaibo_env.maracaibo.core import drop_stale_cache  # noqa: E402
from . import heuristics as _heuristics  # noqa: E402

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the heuristics' code

FEATURES_VERSION = 1
FORMAT = 1
SEAT_FEATURES = 22
GLOBAL_FEATURES = 21
NUM_FEATURES = MAX_P * SEAT_FEATURES + GLOBAL_FEATURES
SHIPPED_DIR = Path(__file__).with_name("values")


@njit(cache=True)
def estimates(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, est):
    """est[q] = the hand-written estimate of seat q's final VP (solo: Jean's
    VP now in seat 1), for `features`; computed once for all seats."""
    np_ = st[G_NP]
    solo = st[G_SOLO] != 0
    for q in range(np_):
        if solo and q == 1:   # Jean: evaluate() is a player's; her estimate is a global feature
            est[q] = st[pb(q) + P_VP]
        else:
            est[q] = evaluate(st, cat, q, W, area_full, area_ongoing, exp_prog, card_bonus, dval)


@njit(cache=True)
def features(st, cat, me, est, W, exp_prog, out):
    """Write seat me's NUM_FEATURES features of state st into out (float64);
    est: `estimates` of this state, W: the weights they were made with."""
    out[:] = 0.0
    np_ = st[G_NP]
    solo = st[G_SOLO] != 0
    dmax = 1.0
    for s in range(exp_prog.shape[0]):
        if exp_prog[s] > dmax:
            dmax = exp_prog[s]
    for r in range(np_):
        q = (me + r) % np_
        b = pb(q)
        k = r * SEAT_FEATURES
        out[k] = 1.0
        out[k + 1] = st[b + P_VP] / 50.0
        out[k + 2] = st[b + P_DOUBLOONS] / 20.0
        out[k + 3] = st[b + P_VINC] / 5.0
        out[k + 4] = st[b + P_DINC] / 10.0
        out[k + 5] = st[b + P_CP] / 10.0
        for n in range(N_NATIONS):
            out[k + 6 + n] = st[b + P_INF + n] / 15.0
        out[k + 9] = exp_prog[st[b + P_EXPLORER]] / dmax
        out[k + 10] = st[b + P_QUESTS] / 5.0
        out[k + 11] = st[b + P_TOKENS] / 5.0
        out[k + 12] = popcount(st[b + P_UPGRADES]) / 10.0
        out[k + 13] = st[b + P_FIG_BOARD] / 5.0
        out[k + 14] = st[b + P_FIG_SUPPLY] / 5.0
        nt = st[b + P_TABLEAU_N]
        out[k + 15] = nt / 10.0
        cvp = 0.0
        for i in range(nt):
            cvp += cat[C_CARD_VP + st[b + P_TABLEAU + i]]
        out[k + 16] = cvp / 20.0
        out[k + 17] = popcount(st[b + P_SYNERGY]) / 5.0
        out[k + 18] = st[b + P_HAND_N] / 5.0
        plans = 0
        for j in range(PLAN_CAP):
            if st[b + P_PLAN + j] >= 0:
                plans += 1
        out[k + 19] = plans / 3.0
        out[k + 20] = cat[C_LOC_NUMBER + st[b + P_SHIP]] / 22.0
        out[k + 21] = est[q] / 100.0
    g = MAX_P * SEAT_FEATURES
    rnd = min(max(st[G_ROUND], 1), 4)
    out[g + rnd - 1] = 1.0
    out[g + 4] = st[G_INCOME_DONE]
    out[g + 5] = 1.0 if st[G_ROUND_END] else 0.0
    out[g + 6] = 1.0 if st[G_SCORING] else 0.0
    out[g + 7 + (0 if solo else np_ - 1)] = 1.0          # 7..10: solo, 2, 3, 4 players
    if solo:
        out[g + 11 + st[G_DIFFICULTY]] = 1.0             # 11..15: Jean's level
        out[g + 16] = _jean_final(st, cat, W, exp_prog) / 100.0
    out[g + 17] = st[G_TURN_COUNT] / 50.0
    out[g + 18] = st[G_TRACK_REMOVED] / 10.0
    nq = 0
    for j in range(BOARD_QUEST_CAP):
        if st[G_BQ_TILE + j] >= 0:
            nq += 1
    out[g + 19] = nq / 5.0
    out[g + 20] = 1.0 if st[G_CUR] == me else 0.0


@njit(cache=True)
def forward(x, mean, std, w0, b0, w1, b1, w2, b2, h0, h1):
    """The network's value of features x (h0, h1: scratch of the hidden sizes)."""
    n0 = w0.shape[1]
    n1 = w1.shape[1]
    for j in range(n0):
        h0[j] = b0[j]
    for i in range(x.shape[0]):
        z = (x[i] - mean[i]) / std[i]
        if z != 0.0:
            for j in range(n0):
                h0[j] += z * w0[i, j]
    for j in range(n0):
        if h0[j] < 0.0:
            h0[j] = 0.0
    for j in range(n1):
        h1[j] = b1[j]
    for i in range(n0):
        z = h0[i]
        if z != 0.0:
            for j in range(n1):
                h1[j] += z * w1[i, j]
    v = b2[0]
    for j in range(n1):
        if h1[j] > 0.0:
            v += h1[j] * w2[j]
    return v


@njit(cache=True)
def final_margin(st, me):
    """The result the network learns: seat me's final VP minus the best other
    seat's, / 100 (solo: the human's minus Jean's)."""
    np_ = st[G_NP]
    best = -1e18
    for q in range(np_):
        if q != me and st[pb(q) + P_VP] > best:
            best = st[pb(q) + P_VP]
    return (st[pb(me) + P_VP] - best) / 100.0


@njit(cache=True)
def leaf_values(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval,
                mean, std, w0, b0, w1, b1, w2, b2, est, fx, h0, h1, out):
    """out[p] = every seat's value of st for the search: the final margins / 100
    when the game is over, else the hand-written margin + the network's
    correction (solo: out[0] the human's, out[1] its negation). est (MAX_P),
    fx (NUM_FEATURES), h0, h1 (the hidden sizes): scratch."""
    np_ = st[G_NP]
    if st[G_OVER]:
        if st[G_SOLO]:
            out[0] = final_margin(st, 0)
            out[1] = -out[0]
            return
        for p in range(np_):
            est[p] = st[pb(p) + P_VP]
        margins(est, np_, 100.0, out)
        return
    estimates(st, cat, W, area_full, area_ongoing, exp_prog, card_bonus, dval, est)
    if st[G_SOLO]:
        features(st, cat, 0, est, W, exp_prog, fx)
        out[0] = est[0] / 100.0 + forward(fx, mean, std, w0, b0, w1, b1, w2, b2, h0, h1)
        out[1] = -out[0]
        return
    margins(est, np_, 100.0, out)
    for p in range(np_):
        features(st, cat, p, est, W, exp_prog, fx)
        out[p] += forward(fx, mean, std, w0, b0, w1, b1, w2, b2, h0, h1)


class ValueFileError(ValueError):
    """A value-weights file that is missing, malformed or made for other features."""


class ValueNet:
    """The weights of a learned value (float64 arrays for the numba forward pass)."""

    KEYS = ("mean", "std", "w0", "b0", "w1", "b1", "w2", "b2")

    def __init__(self, arrays: dict, meta: dict, source: str = "<arrays>"):
        self.source, self.meta = source, meta
        for k in self.KEYS:
            if k not in arrays:
                raise ValueFileError(f"{source}: no array {k!r} (a value file has {', '.join(self.KEYS)})")
        a = {k: np.ascontiguousarray(arrays[k], np.float64) for k in self.KEYS}
        h0 = a["w0"].shape[1] if a["w0"].ndim == 2 else -1
        h1 = a["w1"].shape[1] if a["w1"].ndim == 2 else -1
        want = {"mean": (NUM_FEATURES,), "std": (NUM_FEATURES,), "w0": (NUM_FEATURES, h0), "b0": (h0,),
                "w1": (h0, h1), "b1": (h1,), "w2": (h1,), "b2": (1,)}
        for k, shape in want.items():
            if a[k].shape != shape or min(shape) < 1:
                raise ValueFileError(f"{source}: {k} has shape {a[k].shape}, expected {shape} "
                                     f"({NUM_FEATURES} features, hidden sizes from w0/w1)")
            if not np.all(np.isfinite(a[k])):
                raise ValueFileError(f"{source}: {k} has non-finite values")
        if np.any(a["std"] <= 0):
            raise ValueFileError(f"{source}: std must be > 0 everywhere")
        self.arrays = a

    def args(self) -> tuple:
        """The numba forward pass's weight arguments, in its order."""
        return tuple(self.arrays[k] for k in self.KEYS)

    def hidden(self) -> tuple[int, int]:
        return self.arrays["w0"].shape[1], self.arrays["w1"].shape[1]

    def save(self, path) -> None:
        np.savez(path, meta=np.array(json.dumps(self.meta)), **self.arrays)

    @classmethod
    def load(cls, name_or_path) -> "ValueNet":
        """A shipped value by name (maracaibo_env/maracaibo/agents/values/NAME.npz) or an .npz path."""
        p = Path(str(name_or_path))
        if p.suffix != ".npz":
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", str(name_or_path)):
                raise ValueFileError(f"a shipped value's name is letters, digits, _ and -, got {name_or_path!r} "
                                     "(or give a path to an .npz file)")
            shipped = SHIPPED_DIR / f"{name_or_path}.npz"
            if not shipped.is_file():
                names = sorted(f.stem for f in SHIPPED_DIR.glob("*.npz"))
                raise ValueFileError(f"no shipped value {name_or_path!r}; shipped: {', '.join(names) or 'none'}"
                                     " (or give a path to an .npz file)")
            p = shipped
        if not p.is_file():
            raise ValueFileError(f"value file {str(p)!r} not found")
        try:
            with np.load(p, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
        except Exception as e:  # a broken zip, pickled objects, ...
            raise ValueFileError(f"{p}: not a value weights file ({type(e).__name__}: {e})") from None
        try:
            meta = json.loads(str(arrays.pop("meta")))
        except (KeyError, ValueError):
            raise ValueFileError(f"{p}: no readable 'meta' (a JSON string)") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("features") != FEATURES_VERSION:
            raise ValueFileError(f"{p}: made for format {meta.get('format') if isinstance(meta, dict) else '?'} / "
                                 f"features {meta.get('features') if isinstance(meta, dict) else '?'}; this "
                                 f"version reads format {FORMAT}, features {FEATURES_VERSION}")
        return cls(arrays, meta, str(p))


_LOADED: dict = {}


def load_value(name_or_path) -> ValueNet:
    """ValueNet.load, cached per name/path."""
    key = str(name_or_path)
    if key not in _LOADED:
        _LOADED[key] = ValueNet.load(name_or_path)
    return _LOADED[key]

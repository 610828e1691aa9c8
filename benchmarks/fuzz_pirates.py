"""Pirates of Maracaibo as a fuzz target of benchmarks/fuzz.py (--game pirates).

Random play: every player count (2-4) and every layout of the data, games in
numba, `pirates.invariants.check_invariants` (strict, with the engine's legal
mask) on sampled states, exact JSON round trips (state and legal mask).

Crafted saved games: the shared mutations (boundary, delta, random, copy,
swap, in_range, VP with its source, seats swapped) plus Pirates' own moves,
made consistently: a card between the Tier II deck, the removed pile, the
tableaus and the Caribbean slots; a quest between deck, hands and market; a
figurehead between market and seat; a black-market tile placed or taken back
on both sides; frames pushed, popped or edited on the pending stack.
"""
from __future__ import annotations

import json
import re

import numpy as np
from numba import njit

import fuzz_harness as H
from maracaibo_env.framework.random_play import pick_uniform
from maracaibo_env.pirates import Game, load_catalog
from maracaibo_env.pirates.core import drop_stale_cache, engine, layout as L
from maracaibo_env.pirates.core import constants as KC
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core import options as O
from maracaibo_env.framework.options import label as options_label
from maracaibo_env.pirates.invariants import check_invariants, engine_safety

drop_stale_cache(__file__)  # its compiled functions link the engine's code

MAX_DECISIONS = 20000       # a random game far longer than this is a fault (they take ~300-600)


@njit(cache=True)
def _play(cat, n, seed, setup, every, samples, masks, sample_at, actions):
    """One random game; fills samples (and their legal masks) every `every`
    decisions and records the actions. Returns (decisions, samples taken);
    stops early when nothing is legal or the action buffer is full (the last
    sample then shows it)."""
    state = np.zeros(KC.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    engine.new_game(state, cat, n, seed, setup, mask)
    x = np.uint64(seed) * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
    steps, ns = 0, 0
    while state[KC.G_OVER] == 0 and steps < actions.shape[0]:
        a, x = pick_uniform(mask, x)
        if a < 0:
            break
        actions[steps] = a
        engine.step(state, cat, a, mask)
        steps += 1
        if steps % every == 0 and ns < samples.shape[0] - 1:
            samples[ns, :] = state
            masks[ns, :] = mask
            sample_at[ns] = steps
            ns += 1
    samples[ns, :] = state  # the last state is always checked
    masks[ns, :] = mask
    sample_at[ns] = steps
    return steps, ns + 1


class _RandomPlayer:
    def __init__(self, catalog):
        self.catalog = catalog
        self.samples = np.zeros((2000, KC.STATE_SIZE), np.int32)
        self.masks = np.zeros((2000, NUM_ACTIONS), np.int8)
        self.sample_at = np.zeros(2000, np.int64)
        self.actions = np.zeros(MAX_DECISIONS, np.int64)

    def play(self, cfg, seed, every):
        n, layout, opts = cfg
        modules = sum(O.MODULE_BITS[m] for m in O.MODULES if opts.get(m))
        setup = O.setup_bits(self.catalog.layout_keys.index(layout), modules, opts.get("difficulty", 0))
        return _play(self.catalog.array, n, seed, setup, every,
                     self.samples, self.masks, self.sample_at, self.actions)

    def check(self, j):
        bad = check_invariants(self.samples[j], self.catalog, strict=True, mask=self.masks[j])
        if not self.samples[j][KC.G_OVER] and self.sample_at[j] >= MAX_DECISIONS:
            bad.append(f"no end after {MAX_DECISIONS} decisions")
        return bad

    def roundtrip(self, j):
        s = self.samples[j]
        text = json.dumps({"format": Game.FORMAT_VERSION, "data_hash": self.catalog.data_hash,
                           "state": L.LAYOUT.describe(s, all_players=True)})
        g = Game.from_json(text, self.catalog)
        return np.array_equal(g.state, s) and np.array_equal(g._mask, self.masks[j])

    def write_replay(self, cfg, seed, n_actions, path):
        H.write_replay(_game(cfg, seed), self.actions[:n_actions], path)


def _game(cfg, seed) -> Game:
    n, layout, opts = cfg
    return Game(n, seed=seed, layout=layout, catalog=load_catalog(), **opts)


def option_sets(mode: str) -> list[dict]:
    """Pirates' module sets for --options base | each | all (all: every combination)."""
    from maracaibo_env.pirates.game import NOT_IMPLEMENTED
    modules = [m for m in O.MODULES if m not in NOT_IMPLEMENTED]
    if mode == "base":
        return [{}]
    if mode == "each":
        return [{m: True} for m in modules]
    return [{m: True for i, m in enumerate(modules) if mask >> i & 1} for mask in range(1 << len(modules))]


def configs_for(mode: str, layouts) -> list:
    """(players, layout, options): every player count and layout with no option; with
    options, every set at every player count (the layouts taken in turn), solo at every k."""
    from maracaibo_env.pirates.game import PLAYER_COUNTS
    if mode == "base":
        return [(n, key, {}) for n in PLAYER_COUNTS if n > 1 for key in layouts] + \
            [(1, layouts[0], {"difficulty": k}) for k in range(O.MAX_DIFFICULTY + 1) if 1 in PLAYER_COUNTS]
    from maracaibo_env.framework.game import GameConfigError
    out = []
    for i, opts in enumerate(option_sets(mode)):
        for n in PLAYER_COUNTS:
            extra = {"difficulty": i % (O.MAX_DIFFICULTY + 1)} if n == 1 else {}
            cfg = (n, layouts[i % len(layouts)], {**opts, **extra})
            try:                # only the sets the game accepts (e.g. modules without solo rules)
                _game(cfg, 0)
            except GameConfigError:
                continue
            out.append(cfg)
    return out


# ---- crafted saved games ---------------------------------------------------------------------------------
# values a hand-edited file is likely to hold: limits of the arrays, of the data, of the validator, of int32
BOUNDARY = (-2**31, -10_001, -10_000, -1000, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 16, 17,
            18, 20, 21, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 40, 41, 47, 48, 63, 64, 82, 83, 95, 96,
            100, 101, 204, 205, 255, 256, 511, 512, 1000, 1001, 10_000, 10_001, 10**6, 10**6 + 1, 2**24,
            2**31 - 1)
KINDS = {"boundary": 0.14, "delta": 0.14, "random": 0.07, "copy": 0.07, "swap": 0.07, "in_range": 0.15,
         "move_card": 0.06, "move_quest": 0.04, "figurehead": 0.03, "bm_tile": 0.03, "vp": 0.04,
         "push_task": 0.06, "pop_task": 0.02, "edit_task": 0.05, "swap_seats": 0.03}


def _ranges(st, catalog) -> dict:
    """Plausible values of each field (lo, hi): the fuzzer's guess of what the
    validator allows, so that later checks and play decide."""
    f = lambda name: int(catalog.field(name)[0])  # noqa: E731
    n = H.seats(st, L.LAYOUT)
    nc, nq, neff = f("N_CARDS"), f("N_QUESTS"), len(catalog.effects)
    nra, nslots = f("N_RA"), f("N_SHIP_SLOTS")
    return {
        "NP": (2, 4), "ROUND": (1, 3), "CUR": (0, n - 1), "OVER": (0, 1), "STEPS": (0, 1000),
        "LAYOUT": (0, f("N_LAYOUTS") - 1), "MARA_SEAT": (0, n - 1), "END3": (0, 1), "ROUND_END": (0, 1),
        "PHASE": (0, K.N_OPS), "SLOT_CARD": (-1, nc - 1), "SLOT_DOWN": (0, 1), "SLOT_TV": (0, 3),
        "SLOT_BM": (0, (n - 1) * 8 + L.N_BM), "SLOT_RES": (0, (1 << n) - 1), "ISLAND": (0, 30),
        "T2": (-1, nc - 1), "T2_N": (0, L.T2_CAP), "REMOVED": (-1, nc - 1), "REMOVED_N": (0, L.REMOVED_CAP),
        "QDECK": (-1, nq - 1), "QDECK_N": (0, L.QDECK_CAP), "QMARKET": (-1, nq - 1), "QMARKET_N": (2, 3),
        "FIGM": (-1, 11), "BM_SIDE": (0, 1), "MV_LEFT": (0, 10), "MV_START": (0, 20), "MV_MOVED": (0, 1),
        "DICE": (0, 6), "REROLLS": (0, 20), "RAID_EXTRA": (0, 10), "RAID_T": (0, 2), "RAID_POWER": (0, 30),
        "RAID_USED": (0, (1 << nra) - 1), "RAIDING": (0, 1), "STK_N": (0, L.STACK_CAP), "STK": (-1, 40),
        "LAST_ACTION": (0, NUM_ACTIONS - 1),
        "VP": (0, 200), "COINS": (0, 100), "SHIP": (0, L.N_SPACES - 1), "EXPL": (0, f("N_TRACK") - 1),
        "RIVERS": (0, 10), "TURNS": (0, 30), "SETUPQ": (-1, nq - 1), "QHAND": (-1, nq - 1),
        "QN": (0, L.QHAND_CAP), "UPG": (0, (1 << nslots) - 1), "NUPG": (0, nslots), "FIG": (-1, 11),
        "BM_AT": (-1, L.N_SLOTS - 1), "TRE": (0, 20), "BUR": (0, 10), "BONUS": (0, 1), "BURSP": (0, 1),
        "POSEIDON": (0, 3), "MOVE_BONUS": (0, 6), "RAID_ACTS": (0, (1 << nra) - 1), "WHALE": (0, 1),
        "HAS_POSEIDON": (0, 1), "FORFEIT": (0, neff - 1), "FORFEIT_N": (0, L.FORFEIT_CAP),
        "TAB": (-1, nc - 1), "TAB_N": (0, L.TABLEAU_CAP), "VP_SRC": (0, 100),
    }


def _in_range(st, label, rng, catalog, old):
    name = re.sub(r"^players\[\d\]\.", "", label).split("[", 1)[0]
    lo, hi = _ranges(st, catalog).get(name, (0, 20))
    return int(rng.integers(lo, hi + 1))


def _card_places(st, n):
    places = [("T2", st, "T2", "T2_N"), ("REMOVED", st, "REMOVED", "REMOVED_N")]
    return places + [(f"players[{p}].TAB", st["players"][p], "TAB", "TAB_N") for p in range(n)]


def _move_card(st, rng, n) -> str:
    """Between counted lists, or between a Caribbean slot and the top of one."""
    places = _card_places(st, n)
    if rng.random() < 0.5:
        return H.move_top(places, rng, "card")
    s = int(rng.integers(L.N_SLOTS))
    label, box, arr, cnt = places[int(rng.integers(len(places)))]
    k, slot = box[cnt], st["SLOT_CARD"][s]
    if not (isinstance(k, int) and 0 <= k <= len(box[arr])):
        return "move_card: bad count"
    if slot >= 0 and k > 0:          # swap the slot's card with the top
        box[arr][k - 1], st["SLOT_CARD"][s] = slot, box[arr][k - 1]
        return f"swap SLOT_CARD[{s}] ({slot}) and the top of {label}"
    if slot >= 0 and k < len(box[arr]):
        box[arr][k], box[cnt], st["SLOT_CARD"][s] = slot, k + 1, -1
        return f"card {slot}: SLOT_CARD[{s}] -> {label}"
    if slot < 0 and k > 0:
        st["SLOT_CARD"][s], box[arr][k - 1], box[cnt] = box[arr][k - 1], -1, k - 1
        st["SLOT_DOWN"][s] = int(rng.integers(2))
        return f"card {st['SLOT_CARD'][s]}: {label} -> SLOT_CARD[{s}] (down {st['SLOT_DOWN'][s]})"
    return "move_card: nothing to move"


def _move_quest(st, rng, n) -> str:
    places = [("QDECK", st, "QDECK", "QDECK_N")]
    places += [(f"players[{p}].QHAND", st["players"][p], "QHAND", "QN") for p in range(n)]
    if rng.random() < 0.7:
        return H.move_top(places, rng, "quest")
    i = int(rng.integers(L.QMARKET_CAP))
    label, box, arr, cnt = places[int(rng.integers(len(places)))]
    k, q = box[cnt], st["QMARKET"][i]
    if isinstance(k, int) and 0 < k <= len(box[arr]):
        box[arr][k - 1], st["QMARKET"][i] = q, box[arr][k - 1]
        if q < 0:                    # the market slot was empty: the list loses its top
            box[cnt] = k - 1
        return f"swap QMARKET[{i}] ({q}) and the top of {label}"
    return "move_quest: nothing to move"


def _figurehead(st, rng, n) -> str:
    p = int(rng.integers(n))
    pl = st["players"][p]
    free = [i for i, f in enumerate(st["FIGM"]) if f < 0]
    if pl["FIG"] >= 0 and free:
        i = free[int(rng.integers(len(free)))]
        st["FIGM"][i], pl["FIG"] = pl["FIG"], -1
        return f"players[{p}].FIG {st['FIGM'][i]} back to FIGM[{i}]"
    market = [i for i, f in enumerate(st["FIGM"]) if f >= 0]
    if pl["FIG"] < 0 and market:
        i = market[int(rng.integers(len(market)))]
        pl["FIG"], st["FIGM"][i] = st["FIGM"][i], -1
        return f"FIGM[{i}] ({pl['FIG']}) -> players[{p}].FIG"
    return "figurehead: nothing to move"


def _bm_tile(st, rng, n) -> str:
    p, k = int(rng.integers(n)), int(rng.integers(L.N_BM))
    at = st["players"][p]["BM_AT"]
    s = at[k]
    if isinstance(s, int) and 0 <= s < L.N_SLOTS:
        at[k] = -1
        st["SLOT_BM"][s] = 0
        return f"players[{p}] black-market tile {k} taken back from slot {s}"
    s = int(rng.integers(L.N_SLOTS))
    at[k] = s
    st["SLOT_BM"][s] = p * 8 + k + 1
    return f"players[{p}] black-market tile {k} placed on slot {s}"


def _task(st, rng, kind, n, catalog) -> str:
    k, stk, w = st["STK_N"], st["STK"], L.STACK_W
    if not isinstance(k, int) or not 0 <= k <= L.STACK_CAP:
        return f"{kind}: bad STK_N"
    neff, nc = len(catalog.effects), int(catalog.field("N_CARDS")[0])
    values = [-2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 26, 27, 29, 30, 100, 101, 255, 256, 511, 512,
              neff - 1, neff, nc - 1, nc, int(rng.integers(0, 64))]
    if kind == "edit_task" and k > 0:
        i, j = int(rng.integers(k)), int(rng.integers(w))
        old = stk[i * w + j]
        new = int(rng.choice([old - 1, old + 1] + values))
        stk[i * w + j] = new
        return f"STK frame {i} field {j}: {old} -> {new}"
    if kind == "pop_task" and k > 0:
        old = stk[(k - 1) * w: k * w]
        stk[(k - 1) * w: k * w] = [0] * w
        st["STK_N"] = k - 1
        return f"pop frame {old}"
    if k >= L.STACK_CAP:
        return "push_task: no room"
    op = int(rng.integers(0, K.N_OPS + 1))
    small = rng.random() < 0.5      # half the time arguments a frame of that op could have
    entry = [op] + [int(rng.choice([0, 0, 1, 2, 3, int(rng.integers(0, n))]) if small else rng.choice(values))
                    for _ in range(w - 1)]
    stk[k * w: (k + 1) * w] = entry
    st["STK_N"] = k + 1
    return f"push frame {entry}"


def _field_of(msg: str) -> str:
    """The field a rejection names (players' fields as players.NAME)."""
    m = re.search(r"players\[\d\]\.([A-Z][A-Z0-9_]*)", msg)
    names = set(L.LAYOUT.glob) | set(L.LAYOUT.player)
    first = next((w for w in re.findall(r"[A-Z][A-Z0-9_]*", msg) if w in names), None)
    if m and (first is None or msg.index(m.group(0)) <= msg.index(first)):
        return "players." + m.group(1)
    if first:
        return first
    return next((w for w in ("format", "data_hash", "keys", "players", "state") if w in msg), "?")


class Pirates:
    """The fuzz target Pirates of Maracaibo (see fuzz_harness)."""
    name = "pirates"
    Game = Game
    LAYOUT = L.LAYOUT
    boundary = BOUNDARY
    kinds = (list(KINDS), list(KINDS.values()))
    envelope = [0, 2, 3, "1", None, True, "0" * 64]
    max_stop = 600          # games last ~250-600 decisions
    load_catalog = staticmethod(load_catalog)
    new_game = staticmethod(_game)
    in_range = staticmethod(_in_range)
    random_player = _RandomPlayer

    def __init__(self):
        self.configs = configs_for("base", load_catalog().layout_keys)

    def use_options(self, mode: str) -> None:
        self.configs = configs_for(mode, load_catalog().layout_keys)

    @staticmethod
    def label(cfg) -> str:
        text = options_label(Game.OPTIONS, {**{o.name: o.default for o in Game.OPTIONS}, **cfg[-1]})
        return ("solo " if cfg[0] == 1 else "") + text

    @staticmethod
    def check(g, catalog):
        return check_invariants(g, catalog, strict=True)

    @staticmethod
    def safety(g, catalog):
        return engine_safety(g, catalog)

    @staticmethod
    def special(kind, st, rng, catalog):
        n = H.seats(st, L.LAYOUT)
        if kind in ("push_task", "pop_task", "edit_task"):
            return _task(st, rng, kind, n, catalog)
        return {"move_card": _move_card, "move_quest": _move_quest, "figurehead": _figurehead,
                "bm_tile": _bm_tile}[kind](st, rng, n)

    @staticmethod
    def exercise(g):
        from maracaibo_env.pirates.render import render_text
        for p in range(g.num_seats):
            g.observe(p)
        render_text(g)
        g.legal_action_names()
        g.score_breakdown()
        g.winners()

    @staticmethod
    def clear_rejection(msg):
        return _field_of(msg) != "?"

    rejected_field = staticmethod(_field_of)

"""Fuzzing, two kinds, for Maracaibo (the default) or Pirates of Maracaibo (--game pirates).

Random play (--decisions): games across every player count and option (Pirates:
every player count and layout), the conservation invariants checked on sampled
states, exact JSON round trips. --options picks the game options: base (none,
the default), each (every option alone), all (base, each, and combinations:
every combination of Pirates' modules; Maracaibo's variants with all legacy
tiles); the summary counts decisions per option set.

    python benchmarks/fuzz.py --decisions 10000000 [--check-every 20] [--json-every 2000]
    python benchmarks/fuzz.py --game pirates --decisions 10000000 [--progress 60]
    python benchmarks/fuzz.py --game pirates --options all --decisions 5000000

Games run inside numba (uniform random legal actions from a per-game seed).
Every violation is reported with a replay file that reproduces it.

Crafted saved games (--crafted): valid saved states from random games, one or
more fields changed to random or boundary values (or moved consistently: a
card from one place to another, VP with its source, a task pushed on the
stack), each loaded in a worker subprocess. Every case must be rejected with
a clear ValueError naming a field, or load and play to the end with uniform
random moves, every invariant (strict: also the turn structure and the
engine's decision point) holding; never a crash, a hang or any other error.
A state that loads but already breaks an invariant is a failure too (the
validator let it through); it is still played out, to see what it does.

    python benchmarks/fuzz.py --crafted 100000 [--game pirates] [--jobs 2] [--seed 0] [--out fuzz_failures]
                              [--json summary.json]
    python benchmarks/fuzz.py --case fuzz_failures/crafted_0_123.json     # re-run one saved case here

A case is fully determined by (seed, case number): workers receive only the
numbers. A worker that dies (a segfault) or stalls is replaced; the case it
was on is counted as a crash or a hang and saved with its saved game (at most
--save-per-kind cases of each kind of failure are saved; all are counted).
The shared machinery is benchmarks/fuzz_harness.py; Pirates' part is
benchmarks/fuzz_pirates.py.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

import numpy as np
from numba import njit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz_harness as H  # noqa: E402
from maracaibo_env import Game  # noqa: E402
from maracaibo_env.maracaibo.game import option_bits  # noqa: E402
from maracaibo_env.maracaibo.core.options import LEGACY_TILES  # noqa: E402
from maracaibo_env.framework.options import label as options_label  # noqa: E402
from maracaibo_env.maracaibo.catalog import load_catalog, STORY_NUMBERS  # noqa: E402
from maracaibo_env.maracaibo.core import drop_stale_cache, engine, layout as L  # noqa: E402
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS  # noqa: E402
from maracaibo_env.maracaibo.core.random_play import pick_uniform  # noqa: E402
from maracaibo_env.maracaibo.core.enums import DIFFICULTIES, AUTOMA_TABLES, OPS  # noqa: E402
from maracaibo_env.maracaibo.invariants import check_invariants  # noqa: E402

CONFIGS = ([(n, s, "medium", "en", {}) for n in (2, 3, 4) for s in STORY_NUMBERS]
           + [(1, 75, d, t, {}) for d in DIFFICULTIES for t in AUTOMA_TABLES])


def option_sets(mode: str) -> list[dict]:
    """Maracaibo's option sets for --options base | each | all."""
    if mode == "base":
        return [{}]
    each = [{"open_prestige": True}, {"retirement": True}] + [{"legacy": (t,)} for t in LEGACY_TILES]
    if mode == "each":
        return each
    tiles = compatible_tiles()
    return [{}] + each + [{"retirement": True, "open_prestige": True}, {"legacy": tiles},
                          {"legacy": tiles, "retirement": True, "open_prestige": True}]


def compatible_tiles() -> tuple:
    """As many legacy tiles as can be in play together (in the tiles' order)."""
    from maracaibo_env.maracaibo.game import GameConfigError
    chosen: list[str] = []
    for t in LEGACY_TILES:
        try:
            Game(2, legacy=chosen + [t])
            chosen.append(t)
        except GameConfigError:
            pass
    return tuple(chosen)


def configs_for(mode: str) -> list:
    if mode == "base":
        return CONFIGS
    return [(n, 75, "medium", "en", opts) for opts in option_sets(mode) for n in (1, 2, 3, 4)]


drop_stale_cache(__file__)  # its compiled functions link the engine's code


# ---- random play -------------------------------------------------------------------------------------
@njit(cache=True)
def _play(cat, n, seed, story, diff, table, every, samples, sample_at, actions):
    """One random game; fills samples every `every` decisions and records the
    actions. Returns (decisions, samples taken)."""
    state = np.zeros(K.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    engine.new_game_with(state, cat, n, seed, story, diff, table, mask)
    x = np.uint64(seed) * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
    steps, ns = 0, 0
    while state[K.G_OVER] == 0:
        a, x = pick_uniform(mask, x)
        actions[steps] = a
        engine.step_unchecked(state, cat, a, mask)
        steps += 1
        if steps % every == 0 and ns < samples.shape[0]:
            samples[ns, :] = state
            sample_at[ns] = steps
            ns += 1
    samples[ns, :] = state  # the terminal state is always checked
    sample_at[ns] = steps
    return steps, ns + 1


def _game(cfg, seed) -> Game:
    n, story, diff, table, opts = cfg
    solo = {"difficulty": diff, "automa_table": table} if n == 1 else {}
    return Game(n, seed=seed, story=story, **solo, **opts)


class _RandomPlayer:
    def __init__(self, catalog):
        self.catalog = catalog
        self.samples = np.zeros((2000, K.STATE_SIZE), np.int32)
        self.sample_at = np.zeros(2000, np.int64)
        self.actions = np.zeros(20000, np.int64)

    def play(self, cfg, seed, every):
        n, story, diff, table, opts = cfg
        return _play(self.catalog.array, n, seed, STORY_NUMBERS.index(story), DIFFICULTIES.index(diff),
                     option_bits(table, "en", **opts), every, self.samples, self.sample_at, self.actions)

    def check(self, j):
        return check_invariants(self.samples[j], self.catalog, strict=True)

    def roundtrip(self, j):
        text = json.dumps({"format": Game.FORMAT_VERSION, "data_hash": self.catalog.data_hash,
                           "state": L.describe_state(self.samples[j], True)})
        return np.array_equal(Game.from_json(text).state, self.samples[j])

    def write_replay(self, cfg, seed, n_actions, path):
        H.write_replay(_game(cfg, seed), self.actions[:n_actions], path)


# ---- crafted saved games: Maracaibo's mutations ---------------------------------------------------------
# values a hand-edited file is likely to hold: limits of the arrays, of the data, of int32
BOUNDARY = (-2**31, -1000, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 15, 16, 20, 23, 24, 25,
            28, 29, 31, 32, 39, 40, 47, 48, 59, 60, 156, 157, 543, 1000, 10**6, 10**6 + 1, 2**24, 2**31 - 1)


def _np(st) -> int:
    return H.seats(st, L.LAYOUT)


def _in_range(st, label, rng, catalog, old):
    from maracaibo_env.maracaibo.validate import limits
    np_, solo = st["NP"], st["SOLO"] == 1
    if not (isinstance(np_, int) and 2 <= np_ <= 4 and st["SOLO"] in (0, 1)):
        return old
    t = limits(catalog).table(np_, solo)
    i = _index_of(label)
    lo, hi = int(t.lo[i]), int(t.hi[i])
    if hi - lo > 1000:
        hi = lo + 1000 if lo > -1000 else min(hi, 1000)
        lo = max(lo, -1)
    return int(rng.integers(lo, hi + 1))


def _index_of(label: str) -> int:
    """State index of a label such as 'players[1].HAND[3]' or 'ROUND'."""
    p = None
    if label.startswith("players["):
        p = int(label[8])
        label = label[11:]
    name, _, rest = label.partition("[")
    k = int(rest[:-1]) if rest else 0
    sl = L.field_slice(name, p)
    return sl.start + k


def _move_card(st, rng) -> str:
    """A card from one place to another, counts kept consistent."""
    places = [("DRAW", st, "DRAW", "DRAW_N"), ("DISCARD", st, "DISCARD", "DISCARD_N")]
    for p in range(_np(st)):
        places.append((f"players[{p}].HAND", st["players"][p], "HAND", "HAND_N"))
    return H.move_top(places, rng, "card")


def _task(st, rng, kind) -> str:
    n = st["STK_N"]
    stk = st["STK"]
    if kind == "edit_task" and isinstance(n, int) and 0 < n <= L.STACK_CAP:
        i = int(rng.integers(n))
        j = int(rng.integers(L.STACK_W))
        old = stk[i * L.STACK_W + j]
        new = int(rng.choice([old - 1, old + 1, -1, 0, 1, 2, 3, 16, 17, 34, 8195, int(rng.integers(-3, 40))]))
        stk[i * L.STACK_W + j] = new
        return f"STK task {i} field {j}: {old} -> {new}"
    if not isinstance(n, int) or not 0 <= n < L.STACK_CAP:
        return "push_task: no room"
    op = int(rng.integers(1, len(OPS)))
    entry = [op, int(rng.integers(_np(st))), int(rng.choice([-2, -1, 0, 1, 2, 3, int(rng.integers(0, 30))])),
             int(rng.choice([0, 0, 1, 2, 3, 18, 34, int(rng.integers(0, 64))]))]
    stk[n * L.STACK_W: (n + 1) * L.STACK_W] = entry
    st["STK_N"] = n + 1
    return f"push task {OPS[op]} {entry[1:]}"


def _first_field(msg: str) -> str:
    head = msg.split(": ", 1)[-1] if msg.startswith("invalid") else msg
    name = head.split(" =", 1)[0].split("[", 1)[0]
    if name.startswith("players"):
        name = "players." + head.split(".", 1)[1].split(" =", 1)[0].split("[", 1)[0]
    return re.sub(r" \d+", "", name)[:40]


class Maracaibo:
    """The fuzz target Maracaibo (see fuzz_harness)."""
    name = "maracaibo"
    Game = Game
    LAYOUT = L.LAYOUT
    configs = CONFIGS
    boundary = BOUNDARY
    kinds = (["boundary", "delta", "random", "copy", "swap", "in_range", "move_card", "vp", "push_task",
              "edit_task", "swap_seats"], [0.16, 0.16, 0.08, 0.08, 0.08, 0.16, 0.06, 0.04, 0.07, 0.06, 0.05])
    envelope = [1, 3, "1", None, True, "0" * 64]
    max_stop = 400          # games last ~150-350 decisions
    load_catalog = staticmethod(load_catalog)
    new_game = staticmethod(_game)
    in_range = staticmethod(_in_range)
    random_player = _RandomPlayer

    @staticmethod
    def check(g, catalog):
        return check_invariants(g.state, catalog, strict=True)

    @staticmethod
    def label(cfg) -> str:
        return options_label(Game.OPTIONS, {**{o.name: o.default for o in Game.OPTIONS}, **cfg[-1]})

    def use_options(self, mode: str) -> None:
        self.configs = configs_for(mode)

    safety = check          # the validator is the invariants: nothing weaker is accepted

    @staticmethod
    def special(kind, st, rng, catalog):
        return _move_card(st, rng) if kind == "move_card" else _task(st, rng, kind)

    @staticmethod
    def exercise(g):
        from maracaibo_env.maracaibo.render import render_text
        for p in range(g.num_seats):
            g.observe(p)
        g.jean_log()
        render_text(g)

    @staticmethod
    def clear_rejection(msg):
        return bool(msg) and ("=" in msg or "format" in msg or "keys" in msg or "field" in msg
                              or "lacks" in msg or "must" in msg or "data_hash" in msg)

    rejected_field = staticmethod(_first_field)


def _pirates():
    import fuzz_pirates
    return fuzz_pirates.Pirates()


TARGETS = {"maracaibo": Maracaibo, "pirates": _pirates}


def make_case(seed: int, k: int, catalog, target=Maracaibo) -> tuple[dict, list[str]]:
    """Case k of a run (Maracaibo unless another target is given): see fuzz_harness.make_case."""
    return H.make_case(seed, k, catalog, target)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=sorted(TARGETS), default="maracaibo", help="which game (default maracaibo)")
    ap.add_argument("--decisions", type=int, default=None, help="random play: total decisions")
    ap.add_argument("--crafted", type=int, default=None, help="crafted saved games: number of cases")
    ap.add_argument("--case", help="re-run one saved crafted case (a JSON file from --out)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--check-every", type=int, default=None,
                    help="invariants every N decisions (default 20 random play, 8 crafted)")
    ap.add_argument("--json-every", type=int, default=100, help="JSON round trip every N-th sample")
    ap.add_argument("--jobs", type=int, default=2, help="crafted: worker processes")
    ap.add_argument("--batch", type=int, default=250, help="crafted: cases per worker process")
    ap.add_argument("--case-timeout", type=float, default=120, help="crafted: seconds before a case is a hang")
    ap.add_argument("--start-timeout", type=float, default=900, help="crafted: seconds for a worker to start")
    ap.add_argument("--save-per-kind", type=int, default=20,
                    help="crafted: save at most this many failing cases of each kind (all are counted)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="fuzz_failures", help="folder for failing cases / replays")
    ap.add_argument("--json", help="write the summary here")
    ap.add_argument("--progress", type=float, default=0, help="random play: a progress line every N seconds")
    ap.add_argument("--quiet", action="store_true", help="crafted: no progress bar")
    ap.add_argument("--options", choices=("base", "each", "all"), default="base",
                    help="game options: base (none; default), each (every option alone), all "
                         "(also combinations)")
    args = ap.parse_args(argv)
    args.script = os.path.abspath(__file__)
    if args.case:
        args.check_every = args.check_every or 8
        return H.replay_case(args, TARGETS)
    target = TARGETS[args.game]()
    target.use_options(args.options)
    if args.worker:
        args.check_every = args.check_every or 8
        return H.worker(args, target)
    if args.crafted is not None:
        args.check_every = args.check_every or 8
        return H.crafted(args, target)
    args.check_every = args.check_every or 20
    args.decisions = args.decisions or 1_000_000
    return H.random_play(args, target)


if __name__ == "__main__":
    raise SystemExit(main())

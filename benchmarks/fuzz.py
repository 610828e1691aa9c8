"""Fuzzing: random play across every player count and option, checking the
conservation invariants and exact JSON round trips on sampled states.

    python benchmarks/fuzz.py --decisions 10000000 [--check-every 20] [--json-every 2000]

Games run inside numba (uniform random legal actions from a per-game seed).
Every violation is reported with a replay file (JSON lines) that reproduces
it: `maracaibo replay FILE` re-runs the game.
"""
from __future__ import annotations

import argparse
import itertools
import json
import time
from pathlib import Path

import numpy as np
from numba import njit

from maracaibo_env import Game
from maracaibo_env.catalog import load_catalog, STORY_NUMBERS
from maracaibo_env.core import drop_stale_cache, engine, layout as L
from maracaibo_env.core.actions import NUM_ACTIONS
from maracaibo_env.core.random_play import pick_uniform
from maracaibo_env.core.enums import DIFFICULTIES, AUTOMA_TABLES
from maracaibo_env.invariants import check_invariants

CONFIGS = ([(n, s, "medium", "en") for n in (2, 3, 4) for s in STORY_NUMBERS]
           + [(1, 75, d, t) for d in DIFFICULTIES for t in AUTOMA_TABLES])


drop_stale_cache(__file__)  # its compiled functions link the engine's code


@njit(cache=True)
def _play(cat, n, seed, story, diff, table, every, samples, sample_at, actions):
    """One random game; fills samples every `every` decisions and records the
    actions. Returns (decisions, samples taken)."""
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    engine.new_game_with(state, cat, n, seed, story, diff, table, mask)
    x = np.uint64(seed) * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
    steps, ns = 0, 0
    while state[L.G_OVER] == 0:
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


def _write_replay(cfg, seed, actions, path):
    n, story, diff, table = cfg
    g = Game(n, seed=seed, story=story, difficulty=diff, automa_table=table)
    for a in actions:
        if g.is_over:
            break
        g.step(int(a))
    g.save_replay(path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=1_000_000)
    ap.add_argument("--check-every", type=int, default=20, help="invariants every N decisions")
    ap.add_argument("--json-every", type=int, default=100, help="JSON round trip every N-th sample")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="fuzz_failures", help="folder for replays of violations")
    args = ap.parse_args(argv)
    catalog = load_catalog()
    cat = catalog.array
    samples = np.zeros((2000, L.STATE_SIZE), np.int32)
    sample_at = np.zeros(2000, np.int64)
    actions = np.zeros(20000, np.int64)
    decisions = checked = roundtrips = violations = games = 0
    t0 = time.time()
    for i in itertools.count():
        if decisions >= args.decisions:
            break
        cfg = CONFIGS[i % len(CONFIGS)]
        n, story, diff, table = cfg
        seed = (args.seed * 1_000_003 + i) % 2**31
        steps, ns = _play(cat, n, seed, STORY_NUMBERS.index(story), DIFFICULTIES.index(diff),
                          AUTOMA_TABLES.index(table), args.check_every, samples, sample_at, actions)
        decisions += steps
        games += 1
        for j in range(ns):
            bad = check_invariants(samples[j], catalog)
            checked += 1
            if not bad and checked % args.json_every == 0:
                g = Game.from_json(json.dumps({"format": 1, "state": L.describe_state(samples[j], True)}))
                roundtrips += 1
                if not np.array_equal(g.state, samples[j]):
                    bad = ["JSON round trip changed the state"]
            if bad:
                violations += 1
                Path(args.out).mkdir(exist_ok=True)
                path = Path(args.out) / f"violation_{violations}_n{n}_seed{seed}.jsonl"
                _write_replay(cfg, seed, actions[: sample_at[j]], path)
                print(f"VIOLATION game {cfg} seed {seed} after {sample_at[j]} decisions: {bad[:3]} "
                      f"-> replay {path}")
                break
    dt = time.time() - t0
    print(f"{decisions:,} decisions in {games:,} games ({dt:.0f} s); {checked:,} states checked, "
          f"{roundtrips:,} JSON round trips; {violations} violations")
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main())

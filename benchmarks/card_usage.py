"""How often random play buys each project card and uses each effect.

    python benchmarks/card_usage.py --games 10000 [--players 2 3 4] [--check-every 50]

Plays uniform-random games inside numba, records every bought card (cards
never leave a tableau) and every action id taken, and checks the
conservation invariants on sampled states. Prints cards never bought, the
purchases per effect kind, the uses of action-driven effects (assistant
actions, new village / combat actions, card quests), and violations found.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.catalog import load_catalog
from maracaibo_env.maracaibo.core import drop_stale_cache, engine, constants as L
from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS, action_names
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG, CARD_EFFS
from maracaibo_env.maracaibo.core.enums import EFFECTS
from maracaibo_env.maracaibo.invariants import check_invariants


drop_stale_cache(__file__)  # its compiled functions link the engine's code


@njit(cache=True)
def _play_batch(cat, np_, seed0, n_games, check_every, bought, actions, samples, max_samples):
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    x = np.uint64(seed0 * 2654435761 + 1)
    ns = 0
    steps = 0
    for g in range(n_games):
        engine.new_game(state, cat, np_, seed0 + g, 0, mask)
        while state[L.G_OVER] == 0:
            a, x = pick_uniform(mask, x)
            actions[a] += 1
            engine.step_unchecked(state, cat, a, mask)
            steps += 1
            if check_every > 0 and steps % check_every == 0 and ns < max_samples:
                samples[ns, :] = state
                ns += 1
        for p in range(np_):
            b = L.PLAYERS + p * L.PLAYER_SIZE
            for i in range(state[b + L.P_TABLEAU_N]):
                bought[state[b + L.P_TABLEAU + i]] += 1
    return steps, ns


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10000, help="games per player count")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--check-every", type=int, default=50, help="check invariants every N decisions")
    args = ap.parse_args(argv)
    catalog = load_catalog()
    cat = catalog.array
    names = action_names(catalog.loc_keys, catalog.exp_keys, catalog.goods_keys)
    bought = np.zeros(L.N_CARDS, np.int64)
    actions = np.zeros(NUM_ACTIONS, np.int64)
    violations, checked, total_steps = 0, 0, 0
    t0 = time.time()
    for np_ in args.players:
        done = 0
        while done < args.games:
            n = min(500, args.games - done)
            samples = np.zeros((4000, L.STATE_SIZE), np.int32)
            steps, ns = _play_batch(cat, np_, 1_000_000 * np_ + done, n, args.check_every,
                                    bought, actions, samples, len(samples))
            total_steps += steps
            for s in samples[:ns]:
                bad = check_invariants(s, catalog)
                checked += 1
                if bad:
                    violations += 1
                    if violations <= 5:
                        print("VIOLATION", np_, bad)
            done += n
    dt = time.time() - t0
    games = args.games * len(args.players)
    print(f"{games} games, {total_steps} decisions in {dt:.1f}s; {checked} sampled states checked, "
          f"{violations} invariant violations")

    eff_off = CATALOG["CARD_EFF"][0]
    per_effect = Counter()
    for c in range(L.N_CARDS):
        for e in range(CARD_EFFS):
            k = int(cat[eff_off + c * CARD_EFFS + e])
            if k:
                per_effect[EFFECTS[k]] += int(bought[c])
    never = [catalog.card_names[c] for c in range(L.N_CARDS) if bought[c] == 0]
    seats = sum(args.games * n for n in args.players)
    print(f"\ncards bought per player and game: {bought.sum() / seats:.2f}")
    print(f"cards bought at least once: {L.N_CARDS - len(never)}/{L.N_CARDS}")
    if never:
        print("never bought:", ", ".join(never))
    rare = np.argsort(bought)[:5]
    print("least bought:", ", ".join(f"{catalog.card_names[c]} ({int(bought[c])})" for c in rare))
    print("\npurchases per effect kind:")
    for k in EFFECTS[1:]:
        print(f"  {k:30s} {per_effect[k]:8d}")
    print("\naction-driven effects used:")
    for a, name in enumerate(names):
        if name.startswith(("main:assistant", "vil:nva", "cb:nca", "vil:card_quest", "free:figure",
                            "vil:cp", "vil:goods", "vil:marker", "cb:village")):
            print(f"  {name:30s} {int(actions[a]):8d}")
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main())

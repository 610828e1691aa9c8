"""Whole games between the rule-of-thumb agents, random players and Jean,
inside compiled code: no Python per decision.

Each decision is the same numba function the Python agents call
(`heuristics.decide_values`), so a strategy decides here exactly as it does
through `HeuristicAgent.act(..., game=g)`. Two things differ by design, and
only in which of several equally good moves is taken:

* ties between equally valued actions (and the random player's moves) are
  drawn from a xorshift64 generator seeded from the game's seed, not from a
  numpy Generator;
* so a game played here and the same seed played through the Python loop
  agree move for move until the first tie, then may differ.

tests/agents/test_heuristics_fast.py replays games played here through the Python
agents and checks that every move was one the Python agent rates best.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS
from maracaibo_env.maracaibo.core.engine import step_unchecked
from maracaibo_env.maracaibo.core.layout import G_OVER, G_CUR, MAX_P
from maracaibo_env.maracaibo.core.random_play import pick_uniform
from maracaibo_env.maracaibo.core.tracking import SNAP_SIZE, EVENT_CAP, MAX_ROUNDS, snapshot, record
from .heuristics import table_move, HeuristicAgent, N_W

from maracaibo_env.maracaibo.core import drop_stale_cache  # noqa: E402
from . import heuristics as _heuristics  # noqa: E402

drop_stale_cache(__file__, _heuristics.__file__)  # its compiled functions link the engine's and the heuristics' code

RANDOM = -1      # kinds[seat]: a uniformly random player
MAX_DECISIONS = 8192


@njit(cache=True)
def play_game(state, cat, mask, kinds, W, lookahead, card_base, card_bonus, career_val, deck_val,
              area_full, area_ongoing, exp_prog, dval, fake_token, x, events, turns, actions):
    """Play the game in `state` (mask = its legal mask) to the end. kinds[seat]
    is RANDOM or the row of that seat's agent in the per-agent tables (W ...
    deck_val). x: the tie-break / random-move generator state (nonzero).
    Records events and turns (core.tracking) and the first len(actions) moves.
    Returns (decisions, events recorded)."""
    prev = np.zeros(SNAP_SIZE, np.int32)
    cur = np.zeros(SNAP_SIZE, np.int32)
    legal = np.zeros(NUM_ACTIONS, np.int64)
    vals = np.zeros(NUM_ACTIONS, np.float64)
    root = np.zeros_like(state)
    snapshot(state, prev)
    n_ev = 0
    dec = 0
    while state[G_OVER] == 0:
        me = state[G_CUR]
        k = kinds[me]
        if k < 0:
            a, x = pick_uniform(mask, x)
        else:
            a, x = table_move(state, cat, mask, k, W, lookahead, card_base, card_bonus, career_val,
                              deck_val, area_full, area_ongoing, exp_prog, dval, fake_token, x,
                              legal, vals, root)
        if dec < actions.shape[0]:
            actions[dec] = a
        step_unchecked(state, cat, a, mask)
        dec += 1
        n_ev = record(prev, cur, state, me, a, events, n_ev, turns)
        tmp = prev
        prev = cur
        cur = tmp
    return dec, n_ev


def seed_generator(seed: int) -> np.uint64:
    """A nonzero xorshift64 state from a game seed (splitmix64 of it)."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return np.uint64(z or 0x2545F4914F6CDD1D)


class SeatTables:
    """The per-agent numba tables of a line-up, stacked by agent."""

    def __init__(self, agents: list, catalog):
        rows = [a for a in agents if a is not None]
        # one entry per agent given (at least MAX_P: the seats of a line-up)
        self.kinds = np.full(max(MAX_P, len(agents)), RANDOM, np.int64)
        for seat, a in enumerate(agents):
            if a is not None:
                self.kinds[seat] = rows.index(a)
        t = [a.tables(catalog) for a in rows] or [HeuristicAgent().tables(catalog)]
        self.W = np.stack([x[0] for x in t]).reshape(-1, N_W)
        self.lookahead = np.stack([x[1] for x in t])   # per agent: (depth, lean)
        self.card_base = np.stack([x[2] for x in t])
        self.card_bonus = np.stack([x[3] for x in t])
        self.career_val = np.stack([x[4] for x in t])
        self.deck_val = np.stack([x[5] for x in t])
        self.shared = t[0][6:]  # area_full, area_ongoing, exp_prog, dval, fake_token

    def play(self, game, seed: int, record_history: bool):
        """Play `game` (a maracaibo_env.Game) to its end; returns (decisions,
        events array, turns array)."""
        events = np.zeros((EVENT_CAP, 4), np.int32)
        turns = np.zeros((MAX_P, MAX_ROUNDS), np.int32)
        actions = np.zeros(MAX_DECISIONS if record_history else 0, np.int64)
        dec, n_ev = play_game(game.state, game._cat, game._mask, self.kinds, self.W, self.lookahead,
                              self.card_base, self.card_bonus, self.career_val, self.deck_val,
                              *self.shared, seed_generator(seed), events, turns, actions)
        if game.history is not None:
            if record_history and dec <= MAX_DECISIONS:
                game.history.extend(actions[:dec].tolist())
            else:
                game.history = None  # not recorded: no replay for this game
        return int(dec), events[:n_ev], turns

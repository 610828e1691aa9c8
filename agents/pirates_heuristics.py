"""Rule-of-thumb players for Pirates of Maracaibo, in numba.

Each decision is a one-step lookahead: every legal action is tried on a copy
of the game whose hidden information is redrawn (the quest and Tier II decks
and the cards left out are shuffled, the RNG reseeded, so dice and draws are
samples, never the real future: pirates/core/hidden.py `redraw_decks`; the
other seats' quests are left as they are, as the lookahead of one's own turn
never reads them), and scored by

    value = VP now + the endgame VP if the game ended now
            + rounds left x (VP income + doubloon income / 5)
            + the strategy's bonus per treasure, river, improvement, residence, ...

The three strategies differ only in those bonuses (STRATEGIES):
``raider`` (raids and treasures), ``explorer`` (the track and rivers) and
``builder`` (improvements, residences and income).
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.framework.jit import njit
from maracaibo_env.pirates.core import drop_stale_cache
from maracaibo_env.framework.random_play import xorshift
from maracaibo_env.pirates.core import common as K
from maracaibo_env.pirates.core.layout import (STATE_SIZE, G_OVER, G_CUR, G_RNG, G_ROUND, P_VP,
                                               P_INC_VP, P_INC_COINS, P_RIVERS, P_TAB_N, P_NRES,
                                               P_RAID_POW, P_NUPG, P_EXPL, P_QN, P_TURNS)
from maracaibo_env.pirates.core.actions import NUM_ACTIONS
from maracaibo_env.pirates.core.engine import step
from maracaibo_env.pirates.core.scoring import final_scoring
from maracaibo_env.pirates.core.hidden import redraw_decks

drop_stale_cache(__file__)  # its compiled functions link the Pirates engine's code

# bonus per: treasure, river, improvement, residence, raid power, upgrade, explorer space, quest
WEIGHT_NAMES = ("treasure", "river", "improvement", "residence", "raid_power", "upgrade",
                "explorer", "quest")
STRATEGIES = {
    "raider":   np.array([4.0, 0.0, 0.5, 0.0, 3.0, 1.0, 0.0, 0.5]),
    "explorer": np.array([0.5, 6.0, 0.5, 0.0, 0.0, 1.0, 1.5, 1.0]),
    "builder":  np.array([0.0, 0.0, 4.0, 6.0, 0.0, 1.5, 0.0, 1.0]),
}


@njit(cache=True)
def value(state, cat, p, w):
    """The strategy's value of a position for seat p (state is scratch: scored in place)."""
    b = K.pb(p)
    inc = state[b + P_INC_VP] + state[b + P_INC_COINS] / 5.0
    rounds_left = 3 - state[G_ROUND] + 1
    bonus = (w[0] * K.treasures(state, p) + w[1] * state[b + P_RIVERS] + w[2] * state[b + P_TAB_N]
             + w[3] * state[b + P_NRES] + w[4] * state[b + P_RAID_POW] + w[5] * state[b + P_NUPG]
             + w[6] * state[b + P_EXPL] + w[7] * state[b + P_QN])
    if state[G_OVER] == 0:
        final_scoring(state, cat)
        bonus += rounds_left * inc
    return state[b + P_VP] + bonus


@njit(cache=True)
def _greedy(state, cat, mask, p, w, scratch, mask2):
    """The action of best value one decision ahead (first found on ties)."""
    best = -1
    best_v = -1e18
    for a in range(mask.shape[0]):
        if mask[a] == 0:
            continue
        scratch[:] = state
        mask2[:] = mask
        step(scratch, cat, a, mask2)
        v = value(scratch, cat, p, w)
        if v > best_v:
            best_v = v
            best = a
    return best


@njit(cache=True)
def decide(state, cat, mask, w, x, base, scratch, mask2, bufs):
    """The action with the best value for the player to act. Each candidate
    is followed by the same player's greedy choices to the end of the turn
    (so a move is judged by what the stop brings), then valued. Ties: the
    first found after a random start. x: the agent's xorshift state."""
    p = state[G_CUR]
    base[:] = state
    x = xorshift(x)
    base[G_RNG] = np.int32(x & np.uint64(0x7FFFFFFF)) | 1
    base[G_RNG + 1] = np.int32((x >> np.uint64(32)) & np.uint64(0x7FFFFFFF))
    redraw_decks(base, cat)     # hidden: the decks' order, facedown cards, Jordan's deck (core/hidden.py)
    roll, s2, m2, m3 = bufs[0], bufs[1], bufs[2], bufs[3]
    best = -1
    best_v = -1e18
    n = mask.shape[0]
    x = xorshift(x)
    off = np.int64(x % np.uint64(n))
    for j in range(n):
        a = (j + off) % n
        if mask[a] == 0:
            continue
        roll[:] = base
        m2[:] = mask
        step(roll, cat, a, m2)
        turns = roll[K.pb(p) + P_TURNS]
        for _ in range(40):              # the rest of this turn, greedily
            if roll[G_OVER] == 1 or roll[G_CUR] != p or roll[K.pb(p) + P_TURNS] != turns:
                break
            b = _greedy(roll, cat, m2, p, w, s2, m3)
            step(roll, cat, b, m2)
        v = value(roll, cat, p, w)
        if v > best_v:
            best_v = v
            best = a
    return best, x


@njit(cache=True)
def make_bufs():
    return (np.empty(STATE_SIZE, np.int32), np.empty(STATE_SIZE, np.int32),
            np.empty(NUM_ACTIONS, np.int8), np.empty(NUM_ACTIONS, np.int8))


@njit(cache=True)
def play_heuristics(state, cat, mask, weights, seat_strategy, x, stop_seats, limit):
    """Play until the game ends, a seat in stop_seats acts, or limit decisions;
    seat_strategy[p] is a row of weights (-1: stop there). Returns (decisions, x)."""
    base = np.empty(STATE_SIZE, np.int32)
    scratch = np.empty(STATE_SIZE, np.int32)
    mask2 = np.empty(NUM_ACTIONS, np.int8)
    bufs = make_bufs()
    k = 0
    while state[G_OVER] == 0 and k < limit:
        p = state[G_CUR]
        if (stop_seats >> p) & 1 or seat_strategy[p] < 0:
            break
        a, x = decide(state, cat, mask, weights[seat_strategy[p]], x, base, scratch, mask2, bufs)
        step(state, cat, a, mask)
        k += 1
    return k, x


class PiratesHeuristicAgent:
    """``agent.act(obs, mask, rng, game=g)``: needs the Game (it looks ahead on a copy)."""
    accepts_game = True

    def __init__(self, strategy: str = "raider"):
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {tuple(STRATEGIES)}, got {strategy!r}")
        self.strategy = strategy
        self.name = strategy
        self._w = STRATEGIES[strategy]
        self._buf = (np.empty(STATE_SIZE, np.int32), np.empty(STATE_SIZE, np.int32),
                     np.empty(NUM_ACTIONS, np.int8), make_bufs())

    def act(self, observation, action_mask, rng, game=None) -> int:
        if game is None:
            raise ValueError("PiratesHeuristicAgent needs game= (it looks ahead on a copy)")
        x = np.uint64(int(rng.integers(1, 2**63)))
        a, _ = decide(game.state, game._cat, np.asarray(action_mask, np.int8), self._w, x, *self._buf)
        return int(a)


def play_game(num_players: int, seed: int, strategies, agent_seed: int = 1):
    """A whole game with one strategy name (or "random") per seat; returns the Game."""
    from maracaibo_env.pirates import Game
    from maracaibo_env.pirates.core.random_play import play_random
    names = list(STRATEGIES)
    weights = np.stack([STRATEGIES[n] for n in names])
    seat = np.array([names.index(s) if s in STRATEGIES else -1 for s in strategies], np.int64)
    g = Game(num_players, seed=seed)
    x = np.uint64(agent_seed * 2654435761 + 1)
    rng = np.array([x], np.uint64)
    buf = np.empty(4096, np.int64)
    random_seats = sum(1 << p for p in range(num_players) if seat[p] < 0)
    while not g.is_over:
        if random_seats >> g.current_player & 1:
            play_random(g.state, g._cat, g._mask, (1 << num_players) - 1 - random_seats, rng, buf)
        else:
            _, x = play_heuristics(g.state, g._cat, g._mask, weights, seat, x, random_seats, 1 << 30)
            x = np.uint64(x)          # numba hands a uint64 back as a Python int
    return g

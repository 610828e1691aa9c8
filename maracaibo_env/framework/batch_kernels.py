"""Batch kernels that do not depend on a game's rules (both games' batch
modules re-export them): checking a row of actions, drawing random ones."""
from numba import prange

from .jit import njit
from .random_play import pick_uniform


@njit(cache=True)
def first_illegal(states, masks, actions, over):
    """Index of the first game whose action is illegal or out of range, -1 if
    none: a game in play needs a legal id, a finished game (states[i, over]
    set) exactly -1."""
    n_actions = masks.shape[1]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a < 0:
            if a != -1 or states[i, over] == 0:
                return i
            continue
        if a >= n_actions or masks[i, a] == 0:
            return i
    return -1


@njit(cache=True, parallel=True)
def random_actions(masks, rng, out):
    """out[i] = a uniformly random legal action of game i, -1 when none is
    legal (the game is over); rng[i] is row i's xorshift64 state, advanced."""
    for i in prange(masks.shape[0]):
        out[i], rng[i] = pick_uniform(masks[i], rng[i])

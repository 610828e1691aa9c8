"""The modules' decisions (checklist §20) for the engine: their legal actions
and their effects, and Quest Hunters (§20.4 QH). Fog of War, Pirate Skirmish,
Rubies and Retirement keep their rules in fog.py, skirmish.py, rubies.py and
retirement.py."""
from ...framework.jit import njit_noalloc
from .common import OP_RETIRE, OP_RETURNQ, OP_RUBY_GAIN, OP_RUBY_SELL, OP_RUBY_TRADE, pb, pop
from .constants import (A_GAIN_RUBY, A_RETIRE, A_RETURN_QUEST, A_SELL_RUBY, A_TRADE_RUBY, G_MODULES,
                        G_RUBY_MKT, N_RUBY_SPACES, N_SLOTS, P_RUBIES, P_SETUPQ, P_SETUPQ3)
from .options import MOD_QUEST_HUNTERS
from .effects import give_quest
from .rubies import sell_ruby, trade_ruby
from .retirement import retire_legal, retire_build


@njit_noalloc
def quest_hunters(state):
    return (state[G_MODULES] & MOD_QUEST_HUNTERS) != 0


@njit_noalloc
def setup_quest(state, p, i):
    """Drawn set-up quest i (0, 1, or 2 = the Quest Hunters' third), -1 none."""
    if i < 2:
        return state[pb(p) + P_SETUPQ + i]
    return state[pb(p) + P_SETUPQ3] - 1


@njit_noalloc
def return_quest(state, p, i):
    """QH-01: keep the two drawn quests other than i; quest i stays among the
    set-up draws, which go back into the deck before the market is dealt."""
    b = pb(p)
    for j in range(3):
        if j != i:
            give_quest(state, p, setup_quest(state, p, j))
            if j < 2:
                state[b + P_SETUPQ + j] = -1
            else:
                state[b + P_SETUPQ3] = 0


@njit_noalloc
def module_fill(state, cat, p, op, a, mask):
    """The legal actions of a module's decision: (how many, whether PASS is allowed)."""
    b = pb(p)
    n = 0
    optional = True
    if op == OP_RETURNQ:
        optional = False
        for i in range(3):
            if setup_quest(state, a, i) >= 0:
                mask[A_RETURN_QUEST + i] = 1
                n += 1
    elif op == OP_RUBY_GAIN:
        mask[A_GAIN_RUBY] = 1
        n += 1
    elif op == OP_RUBY_SELL:
        if state[b + P_RUBIES] > 0:
            for i in range(N_RUBY_SPACES):
                if state[G_RUBY_MKT + i] == 0:
                    mask[A_SELL_RUBY + i] = 1
                    n += 1
    elif op == OP_RUBY_TRADE:
        if state[b + P_RUBIES] > 0:
            mask[A_TRADE_RUBY] = 1
            n += 1
    elif op == OP_RETIRE:
        optional = False                            # RET-02: "must" buy
        for s in range(N_SLOTS):
            if retire_legal(state, cat, p, s):
                mask[A_RETIRE + s] = 1
                n += 1
    return n, optional


@njit_noalloc
def module_apply(state, cat, p, op, a, action):
    """Carry out a legal (non-PASS) action of a module's decision."""
    if op == OP_RETURNQ:
        pop(state)
        return_quest(state, a, action - A_RETURN_QUEST)
    elif op == OP_RUBY_GAIN:
        pop(state)
        state[pb(p) + P_RUBIES] += 1                # RUBY-02: no limit stated
    elif op == OP_RUBY_SELL:
        pop(state)
        sell_ruby(state, cat, p, action - A_SELL_RUBY)
    elif op == OP_RUBY_TRADE:
        trade_ruby(state, p)                        # the frame stays: trade again or pass
    elif op == OP_RETIRE:
        pop(state)
        retire_build(state, cat, p, action - A_RETIRE)


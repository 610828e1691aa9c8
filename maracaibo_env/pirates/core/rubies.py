"""Rubies (checklist §20.5 RUBY): Ruby Supply tiles on locations, the Ruby
Market beside the Gulf."""
from ...framework.jit import njit_noalloc
from .common import OP_RUBY_SELL, OP_RUBY_TRADE, RUBY_TRADE_VP, add_vp, pb, push
from .constants import C_CARD_RUBY, C_RUBY_N, C_RUBY_S, G_MODULES, G_RUBY_MKT, P_RUBIES, VS_EFFECTS
from .options import MOD_RUBIES
from .effects import push_effects_all


@njit_noalloc
def ruby_supply_here(state, cat, c):
    """RUBY-01/02: the location card c bears a Ruby Supply tile."""
    return (state[G_MODULES] & MOD_RUBIES) != 0 and cat[C_CARD_RUBY + c] == 1


@njit_noalloc
def queue_gulf_rubies(state):
    """RUBY-03/04: on arriving in the Gulf, first the single sale, then trades."""
    if (state[G_MODULES] & MOD_RUBIES) != 0:
        push(state, OP_RUBY_TRADE, 0, 0, 0)
        push(state, OP_RUBY_SELL, 0, 0, 0)


@njit_noalloc
def sell_ruby(state, cat, p, i):
    """RUBY-03: the ruby covers empty market space i; its bonus follows at once."""
    state[pb(p) + P_RUBIES] -= 1
    state[G_RUBY_MKT + i] = p + 1
    push_effects_all(state, cat, cat[C_RUBY_S + i], cat[C_RUBY_N + i])


@njit_noalloc
def trade_ruby(state, p):
    """RUBY-04: one more ruby for 2 VP."""
    state[pb(p) + P_RUBIES] -= 1
    add_vp(state, p, RUBY_TRADE_VP, VS_EFFECTS)

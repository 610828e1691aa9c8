"""The Maracaibo heuristics are solo-aware: in a solo game their evaluation is
the margin over Jean and counts what beating her in the end-game comparisons
(rulebook, solo variant "GAME END"; checklist JEND-03/04) denies her.

The positions are built by hand at the very end of the game (round 4, the
round end already triggered: Jean takes no more turns), so her counts are
final and each comparison is decided by the rulebook alone. The same change
of the position is evaluated once as a solo game and once with the solo flag
cleared (a 2-player reading of the same fields): the difference is the solo
term's value of the change."""
import numpy as np

import maracaibo_env.maracaibo.agents.heuristics as H
from maracaibo_env import Game
from maracaibo_env.maracaibo.core import constants as L

HUMAN, JEAN = 0, 1


def _pb(p):
    return L.PLAYERS + p * L.PLAYER_SIZE


def _end_position(jean_quests=0, human_quests=0, jean_track_discs=0, human_upgrades=0):
    g = Game(1, seed=5, difficulty="medium")
    st = g.state
    st[L.G_ROUND] = 4
    st[L.G_ROUND_END] = 1          # the last round's end is triggered: Jean has no turn left
    st[_pb(JEAN) + L.P_QUESTS] = jean_quests
    st[_pb(HUMAN) + L.P_QUESTS] = human_quests
    st[L.G_TRACK_REMOVED] = jean_track_discs
    st[L.G_TRACK_TO_MARKET] = 0
    st[_pb(HUMAN) + L.P_UPGRADES] = (1 << human_upgrades) - 1
    return g, st


def _eval(g, st, solo=True):
    agent = H.BalancedAgent()
    t = agent.tables(g.catalog)
    s = st.copy()
    if not solo:
        s[L.G_SOLO] = 0
    W, _, _, card_bonus, _, _, area_full, area_ongoing, exp_prog, dval, _ = t
    return H.evaluate(s, g._cat, HUMAN, W, area_full, area_ongoing, exp_prog, card_bonus, dval), W


def _solo_gain(before, after):
    """The solo term's value of going from `before` to `after` (same game)."""
    (g, a), (_, b) = before, after
    sa, W = _eval(g, a)
    sb, _ = _eval(g, b)
    na, _ = _eval(g, a, solo=False)
    nb, _ = _eval(g, b, solo=False)
    return (sb - sa) - (nb - na), W[H.WEIGHT_NAMES.index("solo")]


def test_matching_jeans_emptied_spaces_denies_her_10_vp():
    # Jean removed the 10 leftmost discs; every second space is marked
    # (automa.toml [track], the published track), so she emptied 5 marked
    # spaces. JEND-04: with 4 ship upgrades she is ahead by 1 -> 10 VP; with 5
    # she is not ahead -> 0. The fifth upgrade is worth 10 VP of margin.
    gain, w = _solo_gain(_end_position(jean_track_discs=10, human_upgrades=4),
                         _end_position(jean_track_discs=10, human_upgrades=5))
    assert abs(gain - 10 * w) < 1.0 * w
    # a sixth upgrade changes no bonus (she is already not ahead); the
    # evaluation smooths the steps, so allow a tenth of one step
    gain, w = _solo_gain(_end_position(jean_track_discs=10, human_upgrades=5),
                         _end_position(jean_track_discs=10, human_upgrades=6))
    assert abs(gain) < 1.0 * w


def test_quest_comparison_steps_follow_the_rulebook():
    # JEND-03: Jean ahead by 1 or 2 quests -> 10 VP, by 3 -> 20, by 4 or more -> 30.
    def gain(h0, h1, jq=6):
        return _solo_gain(_end_position(jean_quests=jq, human_quests=h0),
                          _end_position(jean_quests=jq, human_quests=h1))
    g, w = gain(5, 6)            # lead 1 -> 0: 10 VP denied
    assert abs(g - 10 * w) < 1.0 * w
    g, w = gain(4, 5)            # lead 2 -> 1: both 10 VP, nothing denied
    assert abs(g) < 1.0 * w
    g, w = gain(3, 4)            # lead 3 -> 2: 20 -> 10
    assert abs(g - 10 * w) < 1.0 * w
    g, w = gain(0, 1)            # lead 6 -> 5: both 30 VP
    assert abs(g) < 0.1 * w


def test_game_over_value_is_the_margin_over_jean():
    g, st = _end_position()
    st[L.G_OVER] = 1
    st[_pb(HUMAN) + L.P_VP] = 120
    st[_pb(JEAN) + L.P_VP] = 150
    v, W = _eval(g, st)
    assert v == 120 - W[H.WEIGHT_NAMES.index("solo")] * 150
    v2, _ = _eval(g, st, solo=False)
    assert v2 == 120


def test_solo_weight_zero_is_the_plain_evaluation():
    """The solo terms are one additive block: with its weight at 0 a solo
    position is valued exactly as the same fields outside solo."""
    g, st = _end_position(jean_quests=5, human_quests=1, jean_track_discs=12, human_upgrades=2)
    agent = H.BalancedAgent(solo=0.0)
    W, _, _, card_bonus, _, _, area_full, area_ongoing, exp_prog, dval, _ = agent.tables(g.catalog)
    s2 = st.copy()
    s2[L.G_SOLO] = 0
    a = H.evaluate(st, g._cat, HUMAN, W, area_full, area_ongoing, exp_prog, card_bonus, dval)
    b = H.evaluate(s2, g._cat, HUMAN, W, area_full, area_ongoing, exp_prog, card_bonus, dval)
    assert np.isclose(a, b)

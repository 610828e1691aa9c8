"""The Maracaibo search on the shared tree (framework/search.py) is the search
it was before: root visit counts recorded from the committed maracaibo_env/maracaibo/agents/mcts.py
(14c50ee, before the refactor) for fixed positions and seeds, bit for bit.
The two solo records were re-recorded at 28e31a9, whose solo leaf value (the
evaluation less its measured drift, docs/agents.md "Maracaibo mcts in solo
games") changed solo searches on purpose; the 2-4-player records are 14c50ee's.
All were recorded with the data before issue 25's calibration and the solo
drift fitted for it: they replay on that data (tests/helpers.py
pre_calibration_catalog) with that drift (RECORDED_DRIFT)."""
import numpy as np
import pytest

from maracaibo_env.maracaibo.agents.mcts import MCTSAgent
from helpers import pre_calibration_catalog
from maracaibo_env import Game

# maracaibo_env/maracaibo/agents/mcts.py SOLO_DRIFT as fitted for the pre-calibration data
RECORDED_DRIFT = np.array([
    [[0.0] * 5] + r for r in (
        [[39, 46, 55, 71, 79], [61, 74, 76, 88, 94], [75, 85, 89, 100, 104], [84, 91, 100, 107, 116]],
        [[42, 49, 63, 71, 83], [73, 75, 84, 87, 100], [73, 91, 95, 102, 112], [93, 95, 105, 121, 121]],
        [[49, 56, 68, 78, 88], [81, 83, 87, 98, 103], [87, 91, 96, 108, 112], [88, 96, 107, 115, 122]],
        [[47, 54, 62, 78, 86], [66, 82, 87, 94, 100], [75, 89, 95, 108, 106], [94, 91, 103, 114, 120]],
        [[48, 56, 66, 77, 89], [78, 86, 94, 99, 107], [94, 95, 100, 116, 115], [100, 97, 110, 121, 128]])],
    np.float64)


def _position(seed, players, moves, **kw):
    g = Game(players, seed=seed, catalog=pre_calibration_catalog(), **kw)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
    while len(g.legal_actions()) <= 3:
        g.step(g.legal_actions()[0])
    return g


# (position, MCTSAgent options (iterations 300 unless given), search seed, {action: root visits})
RECORDED = [
    ({'seed': 2, 'players': 2, 'moves': 30}, {}, 21,
     {496: 118, 497: 91, 499: 91}),
    ({'seed': 2, 'players': 2, 'moves': 30}, {'top': 0, 'rollout_depth': 10}, 22,
     {496: 55, 497: 57, 498: 63, 499: 58, 500: 67}),
    ({'seed': 4, 'players': 3, 'moves': 60}, {'dets': 4, 'exploration': 1.0}, 23,
     {343: 104, 345: 102, 356: 94}),
    ({'seed': 4, 'players': 3, 'moves': 60}, {'top': 0, 'rollout_depth': 2, 'rollout': 'balanced'}, 24,
     {0: 22, 329: 30, 330: 34, 343: 60, 345: 53, 355: 30, 356: 48, 357: 23}),
    ({'seed': 5, 'players': 1, 'moves': 20, 'difficulty': 'hard'}, {'top': 0, 'rollout_depth': 5}, 25,
     {343: 70, 344: 28, 355: 58, 356: 75, 357: 39, 362: 30}),
    ({'seed': 5, 'players': 1, 'moves': 20, 'difficulty': 'hard'}, {}, 26,
     {343: 137, 344: 61, 362: 102}),
    ({'seed': 9, 'players': 2, 'moves': 70}, {'top': 0, 'iterations': 1500, 'exploration': 0.5}, 27,
     {34: 105, 42: 104, 49: 105, 50: 107, 57: 118, 58: 120, 65: 126, 66: 126, 73: 113, 74: 115,
      81: 115, 82: 122, 89: 124}),
    ({'seed': 3, 'players': 4, 'moves': 90}, {'top': 4, 'iterations': 1500, 'rollout_depth': 3}, 28,
     {0: 221, 368: 335, 369: 165, 370: 779}),
]


@pytest.mark.parametrize("game_kw, options, seed, expected", RECORDED)
def test_root_visits_as_recorded_before_the_refactor(game_kw, options, seed, expected, monkeypatch):
    monkeypatch.setattr(MCTSAgent.adapter, "_drift", RECORDED_DRIFT)
    g = _position(**game_kw)
    v = MCTSAgent(**{"iterations": 300, **options}).visits(g, seed)
    assert {int(a): int(v[a]) for a in np.flatnonzero(v)} == expected
    assert np.array_equal(v, v.astype(np.int64))

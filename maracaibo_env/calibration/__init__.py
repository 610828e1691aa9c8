"""Calibration: do games played by strong players look like the printed game?

Each game keeps its calibration targets as data (its data folder's
``calibration.toml``, named by its registry row: GameInfo.calibration_targets): a statistic of played games (income at an interim
scoring, final scores, quests completed, turns per round ...), the player
counts it applies to, a range, and where the range comes from (a rulebook
line or worked example, a published figure with its reference, or the
reasoning when no source exists). ``maracaibo calibrate`` plays games of the
game's ``strongest`` agent against itself at each player count (solo: against
the solo opponent at a level), measures every target's statistic with its
95% interval and says which are in range:

    from maracaibo_env.calibration import load_targets, play, measure
    targets = load_targets("maracaibo")
    records = play("maracaibo", players=(2, 3), games=10, seed=0, workers=2)
    rows = measure("maracaibo", records, targets)     # one dict per target and player count

The statistics themselves (what "doubloon_income at interim 2" reads from a
game) live with each game, in the module its registry row names
(GameInfo.calibration_stats: maracaibo_env/<game>/calibration_stats.py).
Needs the `tournament` extra (scipy, statsmodels, matplotlib).
"""
from .targets import CalibrationFile, Target, load_targets, targets_path
from .runner import play, record_of
from .measure import measure

__all__ = ["CalibrationFile", "Target", "load_targets", "targets_path", "play", "record_of",
           "measure"]

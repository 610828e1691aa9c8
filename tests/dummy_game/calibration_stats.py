"""What Harbour Race's calibration targets (data/calibration.toml) measure
(maracaibo_env/calibration): statistics of a played game's record, written with
maracaibo_env/framework/statistics.py."""
from maracaibo_env.framework.statistics import (Statistic, field, final_scores, turns_per_round,
                                                winner_score)

from .game import ROUNDS, TRACK

#: the per-seat state fields the records snapshot after each round but the last and at the end
FIELDS = ("POS", "COINS", "GEMS", "VP", "TURNS")

STATISTICS = {
    "coins": Statistic("coins held", field("COINS"), per_scoring=True),
    "gems": Statistic("gems bought", field("GEMS"), per_scoring=True),
    "final_score": Statistic("final VP of a player", final_scores),
    "winner_score": Statistic("the best player's final VP", winner_score),
    "turns_per_round": Statistic("turns of a player per round", turns_per_round(ROUNDS)),
    "harbour": Statistic("players whose ship reached the harbour",
                         field("POS", lambda pos: float(pos == TRACK)), kind="share"),
}

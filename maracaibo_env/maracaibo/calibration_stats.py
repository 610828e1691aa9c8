"""What Maracaibo's calibration targets measure (maracaibo_env/calibration):
each statistic reads a played game's record (calibration.runner.record_of)
and gives its values, one per deciding seat (Jean's seat is not one) or one
for the game."""
from ..framework.statistics import (Statistic, best_of, field as _field, final_scores, seats as _seats,
                                   solo_win, turns_per_round, winner_score)

#: the per-seat state fields the records snapshot after each interim scoring and at the end
FIELDS = ("VP", "DOUBLOONS", "DINC", "VINC", "QUESTS", "UPGRADES", "TABLEAU_N")


def _sources(*names):
    def fn(r, at):
        return [sum(r["breakdown"][p].get(n, 0) for n in names) for p in _seats(r)]
    return fn


_QUESTS = _field("QUESTS")
_UPGRADES = _field("UPGRADES", lambda bits: bin(int(bits)).count("1"))

STATISTICS = {
    "doubloon_income": Statistic("doubloon income (space of the doubloon income track)",
                                 _field("DINC"), per_scoring=True),
    "vp_income": Statistic("VP income (space of the VP income track)", _field("VINC"), per_scoring=True),
    "vp": Statistic("VP on the track", _field("VP"), per_scoring=True),
    "doubloons": Statistic("doubloons held", _field("DOUBLOONS"), per_scoring=True),
    "quests": Statistic("quests fulfilled", _QUESTS, per_scoring=True),
    "quests_best": Statistic("quests fulfilled by the seat with the most (one value a game)", best_of(_QUESTS),
                             per_scoring=True),
    "upgrades": Statistic("completed ship-board areas (upgrades)", _UPGRADES, per_scoring=True),
    "upgrades_best": Statistic("completed ship-board areas of the seat with the most (one value a game)",
                               best_of(_UPGRADES), per_scoring=True),
    "cards_bought": Statistic("project cards bought (tableau)", _field("TABLEAU_N"), per_scoring=True),
    "final_score": Statistic("final VP of a deciding player", final_scores),
    "winner_score": Statistic("the best deciding player's final VP", winner_score),
    "vp_cards_prestige": Statistic("end VP from bought cards and prestige buildings",
                                   _sources("cards", "prestige")),
    "vp_doubloon_track": Statistic("end VP from the doubloon income track", _sources("doubloon_track")),
    "vp_income_scored": Statistic("VP scored from VP income (interim and final)", _sources("vp_income")),
    "turns_per_round": Statistic("turns of a player per round (rounds I-IV)", turns_per_round(4)),
    "solo_win": Statistic("solo games the player wins against Jean", solo_win, kind="share"),
}

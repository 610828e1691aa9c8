"""What Pirates of Maracaibo's calibration targets measure (maracaibo_env/calibration):
each statistic reads a played game's record (calibration.runner.record_of)
and gives its values, one per deciding seat (Jordan's seat is not one) or one
for the game."""
from ..framework.statistics import (Statistic, field as _field, final_scores, solo_win, turns_per_round,
                                   winner_score)
from .core.jordan import JEV_DISCARD, JEV_PASS
from .game import Game

#: the per-seat state fields the records snapshot after each interim scoring and at the end
FIELDS = ("VP", "COINS", "INC_COINS", "INC_VP", "QN", "NUPG", "TAB_N", "NRES", "TURNS", "VP_SRC")
_MARACAIBO = Game.VP_SOURCES.index("maracaibo")      # VP_SRC's entry of the VP for reaching it


def _jordan_ends_rounds(r, at):
    """Per round of a solo game, 1 when Jordan ended it: he reached Maracaibo
    first (MARA-02/03, SOLO-10; in round 3 the first arrival starts the end,
    END3-01, and the other may arrive too), else 0."""
    if r["players"] != 1:
        return []
    return [1.0 if seat == 1 else 0.0 for seat in r["tracked"].get("maracaibo_first", [])]


class Tracker:
    """Jordan's turns, read from his log (J_LOG, rewritten at the start of each
    of his turns) whenever his turn count grew by one: per turn, whether he
    found no possible main action on any card and passed (SOLO-13: the
    rulebook's "rare event" for one card, here for all of them) and how many
    cards he discarded for want of one. A move after which he took two turns
    (the human had nothing to decide between them) shows only the second: the
    first is left out.

    Also, per round, the seat that reached Maracaibo first (its Maracaibo VP
    grew; within one move the human's turn comes before Jordan's)."""

    def __init__(self, g):
        self.solo = bool(g.state[g.LAYOUT.glob["SOLO"][0]])
        self.turns = self._turns(g) if self.solo else 0
        self.stalls, self.discards = [], []
        self.round, self.mara, self.first = g.round, self._mara(g), {}

    @staticmethod
    def _mara(g) -> list[int]:
        return [int(g.state[g.LAYOUT.field_slice("VP_SRC", p)][_MARACAIBO]) for p in range(g.num_seats)]

    @staticmethod
    def _turns(g) -> int:
        return int(g.state[g.LAYOUT.field_slice("TURNS", 1)][0])

    def after_step(self, g):
        if not self.solo:
            return
        mara = self._mara(g)
        grew = [p for p in range(len(mara)) if mara[p] > self.mara[p]]
        if grew:                    # reached in the round the move began in
            self.first.setdefault(self.round, grew[0])
        self.mara, self.round = mara, g.round
        t = self._turns(g)
        if t == self.turns + 1:
            off, n = g.LAYOUT.glob["J_LOG"][0], int(g.state[g.LAYOUT.glob["J_LOG_N"][0]])
            events = g.state[off:off + 2 * n:2].tolist()
            self.stalls.append(1.0 if JEV_PASS in events else 0.0)
            self.discards.append(float(events.count(JEV_DISCARD)))
        self.turns = t

    def result(self) -> dict:
        return {"jordan_stalls": self.stalls, "jordan_discards": self.discards,
                "maracaibo_first": [self.first[k] for k in sorted(self.first)]}


def _jordan_score(r, at):
    return [r["scores"][1]] if r["players"] == 1 else []


STATISTICS = {
    "vp": Statistic("VP on the track", _field("VP"), per_scoring=True),
    "coins": Statistic("coins held", _field("COINS"), per_scoring=True),
    "coin_income": Statistic("coin income", _field("INC_COINS"), per_scoring=True),
    "vp_income": Statistic("VP income", _field("INC_VP"), per_scoring=True),
    "quests": Statistic("quests fulfilled", _field("QN"), per_scoring=True),
    "upgrades": Statistic("ship improvements", _field("NUPG"), per_scoring=True),
    "cards": Statistic("cards in the tableau", _field("TAB_N"), per_scoring=True),
    "residences": Statistic("residences built", _field("NRES"), per_scoring=True),
    "final_score": Statistic("final VP of a deciding player", final_scores),
    "winner_score": Statistic("the best deciding player's final VP", winner_score),
    "jordan_score": Statistic("Jordan's final VP (solo games)", _jordan_score),
    "turns_per_round": Statistic("turns of a player per round (rounds 1-3)", turns_per_round(3)),
    "solo_win": Statistic("solo games the player wins against Jordan", solo_win, kind="share"),
    "jordan_no_action": Statistic("Jordan's turns with no possible main action on any card (he passes)",
                                  lambda r, at: r["tracked"].get("jordan_stalls", []), kind="share"),
    "jordan_discards": Statistic("cards Jordan discards a turn for want of a possible main action",
                                 lambda r, at: r["tracked"].get("jordan_discards", [])),
    "jordan_ends_round": Statistic("rounds of solo games that Jordan ends (reaching Maracaibo first)",
                                   _jordan_ends_rounds, kind="share"),
}

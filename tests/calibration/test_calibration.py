"""The calibration report (maracaibo_env/calibration, `maracaibo calibrate`):
the targets files of both games, their validation, the statistics read from
played games, the intervals and the command."""
import json
import math
import shutil

import pytest

from maracaibo_env.calibration import load_targets, measure, play
from maracaibo_env.calibration.measure import statistics
from maracaibo_env.calibration.targets import targets_path
from maracaibo_env.cli import main
from maracaibo_env.framework.datafiles import DataError


@pytest.mark.parametrize("game", ["maracaibo", "pirates"])
def test_the_shipped_targets_load_and_name_their_sources(game):
    targets = load_targets(game)
    assert targets and len({t.name for t in targets}) == len(targets)
    for t in targets:
        assert t.statistic in statistics(game) and t.kind in ("constraint", "illustration")
        assert (t.low <= t.high) if t.kind == "constraint" else t.example is not None
        assert t.source in ("rulebook", "published", "reasoning") and len(t.reference) > 30
        assert t.kind == "illustration" or t.source != "reasoning"


def test_the_worked_examples_are_illustrations_with_their_figures():
    """Each worked example is an illustration carrying its figure, never a range
    to fit (issue 37; 000 lines 634 and 716: doubloon income 12 and VP income 3
    at an interim the example does not name, so read after every interim; 9 VP
    from the VP income track, 4 from the doubloon track and 34 from cards and
    prestige at the end)."""
    t = {x.name: x for x in load_targets("maracaibo")}
    for name, figure in [("doubloon_income_interim", 12), ("vp_income_interim", 3), ("vp_income_end", 9),
                         ("doubloon_track_vp", 4), ("vp_cards_and_prestige", 34)]:
        assert t[name].source == "rulebook" and t[name].kind == "illustration" and t[name].example == figure
    assert t["doubloon_income_interim"].at == t["vp_income_interim"].at == "interims"
    # published fact 20: 4 to 21 turns a round, the one stated fact among them
    assert t["turns_per_round"].kind == "constraint" and (t["turns_per_round"].low, t["turns_per_round"].high) == (4, 21)


def _write(tmp_path, body):
    p = tmp_path / "calibration.toml"
    p.write_text(body)
    return p


GOOD = """[[target]]
name = "q"
kind = "constraint"
statistic = "quests"
players = [2, 3]
low = 1
high = 5
source = "published"
reference = "a reason long enough to be one"
"""


@pytest.mark.parametrize("change,message", [
    (("quests", "questz"), "unknown statistic 'questz'"),
    (("low = 1", "low = 9"), "low 9.0 is above high 5.0"),
    (("players = [2, 3]", "players = [2, 7]"), "players [2, 7]"),
    (("players = [2, 3]", "players = [2, 2]"), "players [2, 2]"),
    (('source = "published"', 'source = "hearsay"'), "source"),
    (('source = "published"', 'source = "reasoning"'), "not reasoning; make it an illustration"),
    (('kind = "constraint"\n', ""), "kind"),
    (('kind = "constraint"', 'kind = "illustration"'), "an illustration has an example"),
    (("low = 1\nhigh = 5", "example = 3"), "a constraint has low and high"),
    (("low = 1", "low = -inf"), "finite number"),
    (("high = 5", "high = nan"), "finite number"),
    (("players = [2, 3]", 'players = [2, 3]\nat = "interim4"'), "at"),
    (("statistic = \"quests\"", "statistic = \"final_score\"\nat = \"interim1\""), "read at the end only"),
])
def test_a_malformed_targets_file_is_refused_with_the_target_named(tmp_path, change, message):
    p = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(DataError) as e:
        load_targets("maracaibo", path=p)
    assert "calibration.toml" in str(e.value) and message in str(e.value)


def test_pirates_has_two_interim_scorings(tmp_path):
    p = _write(tmp_path, GOOD.replace("players = [2, 3]", 'players = [2, 3]\nat = "interim3"'))
    with pytest.raises(DataError, match="2 interim scorings"):
        load_targets("pirates", path=p)
    assert load_targets("pirates", path=_write(tmp_path, GOOD.replace("quests", "coins")))


def test_means_and_shares_get_student_and_wilson_intervals():
    """Synthetic records: quests 10, 12, 14 -> mean 12, t(0.975, 2) = 4.303 x 2 / sqrt 3;
    wins 1 of 4 -> Wilson [0.046, 0.699]."""
    targets = load_targets("maracaibo", path=None)
    q = next(t for t in targets if t.name == "quests_fulfilled").model_copy(
        update={"players": [2], "statistic": "quests", "kind": "constraint", "example": None})
    recs = [{"players": 2, "snaps": {"end": [{"QUESTS": a}, {"QUESTS": b}]}, "winners": [0]}
            for a, b in [(10, 12), (14, 12)]]
    row = measure("maracaibo", recs, [q.model_copy(update={"low": 0, "high": 20})])[0]
    half = 3.182446 * math.sqrt(8 / 3) / 2                     # values 10, 12, 14, 12: sd sqrt(8/3)
    assert row["value"] == 12 and row["games"] == 2 and row["n"] == 4 and row["in_range"]
    assert row["lo"] == pytest.approx(12 - half) and row["hi"] == pytest.approx(12 + half)
    best = q.model_copy(update={"statistic": "quests_best", "low": 0, "high": 20})
    row = measure("maracaibo", recs, [best])[0]                 # the games' best seats: 12 and 14
    assert row["value"] == 13 and row["n"] == 2
    solo = q.model_copy(update={"statistic": "solo_win", "players": [1], "low": 0.5, "high": 1})
    recs = [{"players": 1, "winners": [w]} for w in (0, 1, 1, 1)]
    row = measure("maracaibo", recs, [solo])[0]
    assert row["value"] == 0.25 and row["in_range"] is False
    assert row["lo"] == pytest.approx(0.0456, abs=1e-3) and row["hi"] == pytest.approx(0.6994, abs=1e-3)


def test_records_of_played_games():
    """Interim snapshots at every round change, the end snapshot's VP are the
    scores, and the setup's incomes (doubloon income 8, VP income 0, 000 line
    201) are where the first interim starts from."""
    recs = play("maracaibo", players=(1, 3), games=1, seed=5, agent="fast")
    assert [r["players"] for r in recs] == [1, 3] and recs[0]["level"] == "medium"
    for r in recs:
        assert list(r["snaps"]) == ["interim1", "interim2", "interim3", "end"]
        assert [r["snaps"]["end"][p]["VP"] for p in range(len(r["scores"]))] == r["scores"]
        assert all(s["DINC"] >= 8 and s["VINC"] >= 0 for s in r["snaps"]["interim1"][:r["players"]])
    p = play("pirates", players=(2,), games=1, seed=5, agent="explorer")[0]
    assert list(p["snaps"]) == ["interim1", "interim2", "end"]
    assert [p["snaps"]["end"][s]["VP"] for s in range(2)] == p["scores"]


def test_the_command_writes_the_report_and_the_rows(tmp_path, capsys):
    out, rows = tmp_path / "rep", tmp_path / "rows.json"
    assert main(["calibrate", "--players", "3", "--games", "1", "--no-progress", "--out", str(out),
                 "--json", str(rows)]) == 0
    data = json.loads(rows.read_text())
    assert {r["name"] for r in data} == {t.name for t in load_targets("maracaibo") if 3 in t.players}
    for r in data:
        assert {"name", "kind", "value", "low", "high", "example", "range", "source", "in_range"} <= set(r)
        assert r["players"] == 3 and r["games"] == 1
        # a constraint gets a verdict; an illustration is shown beside its example, never judged
        assert isinstance(r["in_range"], bool) if r["kind"] == "constraint" else r["in_range"] is None
    # "interims": the example names no round, so it is read after each of the three
    assert sorted(r["at"] for r in data if r["name"] == "doubloon_income_interim") == \
        ["interim1", "interim2", "interim3"]
    html = (out / "calibration.html").read_text()
    assert "data:image/png;base64," in html and "doubloon_income_interim" in html
    md = (out / "calibration.md").read_text()
    assert "| doubloon_income_interim |" in md and md.index("## Constraints") < md.index("## Illustrations")
    printed = capsys.readouterr().out
    assert "measured constraints in range" in printed and "Illustrations" in printed


def test_only_a_constraint_fails_the_command(tmp_path, capsys):
    """Exit 1 when a constraint is measured outside its range, never for an illustration."""
    for kind, body, code in [("constraint", "low = 900\nhigh = 901", 1), ("illustration", "example = 900", 0)]:
        p = _write(tmp_path, GOOD.replace("low = 1\nhigh = 5", body).replace('"constraint"', f'"{kind}"')
                   .replace("[2, 3]", "[2]"))
        assert main(["calibrate", "--players", "2", "--games", "1", "--no-progress", "--agent", "fast",
                     "--targets", str(p)]) == code
        assert ("constraints outside their range: q (2p" in capsys.readouterr().err) == (code == 1)


@pytest.mark.parametrize("argv,message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--players", "5"], "Maracaibo has 1, 2, 3, 4"),
    (["--players", "x"], "--players takes player counts"),
    (["--game", "pirates", "--players", "4"], "no calibration target names 4 player"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--agent", "nobody"], "nobody"),
])
def test_bad_arguments_are_refused_before_any_game(argv, message, capsys):
    assert main(["calibrate", *argv]) == 2
    assert message in capsys.readouterr().err


def test_a_data_folder_brings_its_own_targets(tmp_path, capsys):
    data = tmp_path / "data"
    shutil.copytree(targets_path("maracaibo").parent, data)
    (data / "calibration.toml").write_text(GOOD.replace("quests", "questz"))
    assert main(["calibrate", "--data", str(data), "--games", "1"]) == 2
    assert "unknown statistic 'questz'" in capsys.readouterr().err
    assert main(["calibrate", "--data", "no_such_set", "--games", "1"]) == 2
    assert "allowed: a folder, or one of ['calibrated', 'partly_priced']" in capsys.readouterr().err


def test_the_round_ender_of_pirates_solo_games():
    """Whoever reaches Maracaibo scores its 6 VP (MARA-02, SOLO-10). In rounds 1
    and 2 that ends the round (MARA-03): exactly one seat reached it; in round 3
    the first arrival starts the end and the other may arrive too (END3-01).
    The statistic names the first; where one seat alone arrived, that seat."""
    from maracaibo_env.pirates.game import Game
    st, mara = statistics("pirates"), Game.VP_SOURCES.index("maracaibo")
    for r in play("pirates", players=(1,), games=4, seed=3, agent="explorer"):
        jordan = st["jordan_ends_round"].fn(r, "end")
        assert len(jordan) == 3
        before = [0, 0]
        for i, key in enumerate(("interim1", "interim2", "end")):
            now = [r["snaps"][key][p]["VP_SRC"][mara] for p in (0, 1)]
            arrived = [now[p] - before[p] == 6 for p in (0, 1)]
            before = now
            assert any(arrived) and (i == 2 or sum(arrived) == 1)
            if sum(arrived) == 1:
                assert jordan[i] == (1.0 if arrived[1] else 0.0)


def _quest_only_jordan(tmp_path):
    """A copy of the Pirates data whose solo cards offer only "quest" (a user's
    edit the loader accepts): Jordan then often finds no possible main action."""
    import re
    from maracaibo_env.pirates.data_load import DATA_DIR
    data = tmp_path / "pirates_data"
    shutil.copytree(DATA_DIR, data)
    text = (data / "jordan.toml").read_text()
    text, n = re.subn(r"^actions = \[.*?\]$(?=\n(?:source|\[\[|#|$))", 'actions = [{do = "quest"}]',
                      text, flags=re.M | re.S)
    assert n == 12
    (data / "jordan.toml").write_text(text)
    return data


def test_jordans_turns_are_tracked_in_solo_games_only(tmp_path):
    """SOLO-13: a turn in which Jordan passes is one in which every card he drew
    had no possible main action, so a stalled turn has at least one discard;
    2-player games have no Jordan. (Solo cards that offer only a quest make him
    stall: the shipped data hardly ever does.)"""
    recs = play("pirates", players=(1, 2), games=4, seed=3, agent="explorer",
                data_dir=_quest_only_jordan(tmp_path))
    solos, duels = [r for r in recs if r["players"] == 1], [r for r in recs if r["players"] == 2]
    for solo in solos:
        stalls, discards = solo["tracked"]["jordan_stalls"], solo["tracked"]["jordan_discards"]
        assert len(stalls) == len(discards) == solo["snaps"]["end"][1]["TURNS"]
        assert all(d >= 1 for s, d in zip(stalls, discards) if s)
    assert sum(sum(r["tracked"]["jordan_stalls"]) for r in solos) > 0     # these deals have some
    assert all(d["tracked"] == {"jordan_stalls": [], "jordan_discards": [], "maracaibo_first": []}
               for d in duels)
    row = measure("pirates", recs, [t for t in load_targets("pirates") if t.name == "jordan_no_action"])[0]
    assert row["n"] == sum(len(r["tracked"]["jordan_stalls"]) for r in solos) and row["games"] == 4
    assert row["source"] == "rulebook" and row["high"] == 0.01 and row["in_range"] is False


def test_options_reach_the_games_and_their_re_runs(capsys):
    """--option plays (and re-runs) every game with that module; a bad option is
    refused before any game. The re-run repeats the played game only with the
    same options (the module changes what is legal), so its end VP are the scores."""
    assert main(["calibrate", "--game", "pirates", "--option", "bogus", "--players", "1"]) == 2
    assert "unknown option 'bogus'" in capsys.readouterr().err
    plain = play("pirates", players=(2,), games=1, seed=4, agent="explorer")[0]
    for opts in ({"skirmish": True}, {"rubies": True, "fog_locations": True}):
        r = play("pirates", players=(2,), games=1, seed=4, options=opts, agent="explorer")[0]
        assert [r["snaps"]["end"][p]["VP"] for p in range(2)] == r["scores"]
        assert r["scores"] != plain["scores"]          # the same deal played otherwise


def test_interims_reads_after_each_interim_scoring_of_the_game():
    """`at = "interims"`: Maracaibo has 3 interim scorings (rounds I-III), Pirates 2;
    a hand-made record's values are read at each, none at the end."""
    from maracaibo_env.calibration.measure import read_times
    assert read_times("maracaibo", "interims") == ["interim1", "interim2", "interim3"]
    assert read_times("pirates", "interims") == ["interim1", "interim2"]
    assert read_times("maracaibo", "end") == ["end"]
    t = next(x for x in load_targets("maracaibo") if x.name == "doubloon_income_interim")
    rec = {"players": 2, "snaps": {f"interim{k}": [{"DINC": 8 + k}, {"DINC": 10 + k}] for k in (1, 2, 3)}
           | {"end": [{"DINC": 99}, {"DINC": 99}]}}
    rows = measure("maracaibo", [rec], [t.model_copy(update={"players": [2]})])
    assert [(r["at"], r["value"]) for r in rows] == [("interim1", 10), ("interim2", 11), ("interim3", 12)]
    assert all(r["in_range"] is None and r["example"] == 12 for r in rows)


@pytest.mark.parametrize("value,inside", [(4, True), (21, True), (3.99, False), (21.01, False)])
def test_a_constraint_holds_at_its_bounds_and_fails_just_past_them(value, inside):
    """Published fact 20's 4-21 turns a round: the bounds themselves are in range."""
    t = next(x for x in load_targets("maracaibo") if x.name == "turns_per_round")
    rec = {"players": 2, "turns": [[value] * 4, [value] * 4]}
    row = measure("maracaibo", [rec], [t.model_copy(update={"players": [2]})])[0]
    assert row["value"] == pytest.approx(value) and row["in_range"] is inside

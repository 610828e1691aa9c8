"""The economy experiment (issue 37, maracaibo_env.calibration.economy): the
challengers play `tuned` in both seat orders, and each seat's economy is read
round by round from a re-run of the game."""
import json

from maracaibo_env.calibration import economy


def test_games_in_both_seat_orders_with_the_economy_by_round():
    games = economy.run(1, ["income_first_5x"], progress=False)
    assert [g["seats"] for g in games] == [["tuned", "income_first_5x"], ["income_first_5x", "tuned"]]
    assert [g["seat"] for g in games] == [1, 0]         # the challenger's seat
    for g in games:
        for seat in range(2):
            rounds = g["by_round"][seat]
            assert len(rounds) == 4 and all(r is not None for r in rounds)
            # income starts at 8 doubloons and 0 VP (000 L201) and never falls
            incomes = [r["doubloon_income"] for r in rounds]
            assert incomes[0] >= 8 and incomes == sorted(incomes)
            assert [r["spent"] for r in rounds] == sorted(r["spent"] for r in rounds)
            assert all(0 <= r["income_cards"] <= r["cards"] for r in rounds)
        assert len(g["turns"]) == 2 and all(t > 0 for t in g["turns"][0][:4])


def test_the_summary_and_the_command(tmp_path, capsys):
    assert economy.main(["--deals", "1", "--players", "tuned_4x", "--no-progress", "--out", str(tmp_path)]) == 0
    data = json.loads((tmp_path / "economy.json").read_text())
    row = data["summary"]["tuned_4x"]
    assert row["games"] == 2 and 0 <= row["win_lo"] <= row["win"] <= row["win_hi"] <= 1
    assert len(row["by_round"]) == 4 and set(row["by_round"][3]) >= {"doubloon_income", "vp_income", "turns"}
    text = (tmp_path / "economy.md").read_text()
    assert "| tuned_4x | 2 |" in text and "23 and 9 at the end" in text   # the example: an illustration
    assert economy.main(["--players", "nobody"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err


def _game(rounds_of_seat_0):
    other = [{"doubloon_income": 8, "vp_income": 0}] * 4
    return {"by_round": [rounds_of_seat_0, other]}


def test_reaching_the_rulebook_examples():
    # 000 L634: 12 doubloons and 3 VP of income at an interim scoring; L716: 23 and 9 at the end
    at = lambda d, v: {"doubloon_income": d, "vp_income": v}     # noqa: E731
    assert economy.reaches(_game([at(12, 3), at(12, 3), at(12, 3), at(12, 3)]), 0) == (True, False)
    assert economy.reaches(_game([at(8, 0), at(11, 3), at(12, 2), at(23, 9)]), 0) == (False, True)
    # both parts at the same interim; the end's counts only at the end
    assert economy.reaches(_game([at(12, 2), at(11, 3), at(8, 0), at(30, 8)]), 0) == (False, False)
    assert economy.reaches(_game([at(8, 0), at(8, 0), at(13, 4), at(22, 20)]), 0) == (True, False)
    assert economy.reaches(_game([at(8, 0)] * 4), 1) == (False, False)


def test_reach_shares_come_with_wilson_intervals_and_medians():
    at = lambda d, v: {"doubloon_income": d, "vp_income": v}     # noqa: E731
    games = [_game([at(12, 3)] * 3 + [at(23, 9)]), _game([at(8, 0)] * 4), _game([at(8, 0)] * 4),
             _game([at(9, 1)] * 4)]
    r = economy.reach(games, [0, 0, 0, 0])
    assert r["reach_interim"][0] == r["reach_end"][0] == 0.25
    assert 0 < r["reach_end"][1] < 0.25 < r["reach_end"][2] < 1
    assert r["median_doubloon_income_end"] == 8.5 and r["median_vp_income_interim3"] == 0.5

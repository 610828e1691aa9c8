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

"""`maracaibo demo --game pirates`: the score table's header, the round lines and the
winner line name the seats alike (cli.seat_name: player_<p>, and the solo opponent
by name), so a solo game Jordan wins says `jordan (win)` and `winner(s): jordan`."""
import re

import pytest

from maracaibo_env.cli import main


def _names(out: str) -> tuple[set[str], list[str], set[str]]:
    """(the header's winners, the seats of the last round line, the winner line's seats)."""
    header_winners = set(re.findall(r"(\w+) \(win\)", out))
    last_round = [line for line in out.splitlines() if line.startswith("round ")][-1]
    seats = re.findall(r"(\w+)=-?\d+", last_round)
    winners = re.search(r"^winner\(s\): (.*)$", out, re.M).group(1).split(", ")
    return header_winners, seats, set(winners)


@pytest.mark.parametrize("players,seed,seats", [(1, 0, ["player_0", "jordan"]),
                                                (1, 3, ["player_0", "jordan"]),
                                                (2, 0, ["player_0", "player_1"])])
def test_the_winner_line_names_the_seats_of_the_table(players, seed, seats, capsys):
    assert main(["demo", "--game", "pirates", "--players", str(players), "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    header_winners, round_seats, winners = _names(out)
    assert round_seats == seats
    assert winners and winners == header_winners and winners <= set(seats)
    if players == 1:
        assert "player_1" not in out                           # Jordan is never player_1


def test_the_verbose_moves_name_the_solo_player_as_the_table_does(capsys):
    assert main(["demo", "--game", "pirates", "--players", "1", "--seed", "0", "--verbose"]) == 0
    moves = re.findall(r"^  (\w+): ", capsys.readouterr().out, re.M)
    assert moves and set(moves) == {"player_0"}

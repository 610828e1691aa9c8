"""The `maracaibo demo` command."""
import re

import pytest

from maracaibo_env.cli import main
from maracaibo_env.core.layout import VP_SOURCES


def test_demo_prints_rounds_and_score_table(capsys):
    assert main(["demo", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Final score breakdown" in out
    for r in range(1, 5):
        assert re.search(rf"round {r}: ended by player_\d", out)
    assert "total" in out and "winner(s): player_" in out
    assert all(f"player_{p}" in out for p in range(3))
    assert any(src in out for src in VP_SOURCES)
    assert re.search(r"\d+ decisions in [\d.]+ s", out)


def test_demo_is_deterministic(capsys):
    main(["demo", "--players", "2", "--seed", "4"])
    first = capsys.readouterr().out
    main(["demo", "--players", "2", "--seed", "4"])
    second = capsys.readouterr().out
    strip = lambda s: re.sub(r"\d+ decisions in .*", "", s)  # noqa: E731 (timings differ)
    assert strip(first) == strip(second)


def test_demo_rejects_bad_players(capsys):
    with pytest.raises(SystemExit):
        main(["demo", "--players", "5"])
    assert "choose from 1, 2, 3, 4" in capsys.readouterr().err


def test_demo_solo_against_jean(capsys):
    assert main(["demo", "--players", "1", "--seed", "2", "--difficulty", "hard"]) == 0
    out = capsys.readouterr().out
    assert "Automa Jean (hard)" in out and "jean" in out and "automa" in out

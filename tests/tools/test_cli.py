"""The `maracaibo demo` command."""
import re

import pytest

from maracaibo_env.cli import main
from maracaibo_env.maracaibo.core.layout import VP_SOURCES


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


def test_version_names_package_numba_and_data(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert re.match(r"maracaibo-env \d+\.\d+\.\d+ \(numba [\d.]+, Python [\d.]+\); "
                    r"data: maracaibo [0-9a-f]{12}, pirates [0-9a-f]{12} \(.*/<game>/data\)", out)


def test_help_shows_examples(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "maracaibo demo --players 1 --difficulty hard" in out


def test_demo_verbose_names_every_move_and_its_player(capsys):
    from maracaibo_env import Game
    assert main(["demo", "--players", "2", "--seed", "5", "--verbose"]) == 0
    out = capsys.readouterr().out
    moves = re.findall(r"^  (player_[01]): (\S+)(?: \((.+)\))?$", out, re.M)
    decisions = int(re.search(r"(\d+) decisions in", out).group(1))
    assert len(moves) == decisions > 0
    g = Game(2, seed=0)  # every printed name is an action name
    assert {name for _, name, _ in moves} <= set(g.action_names)
    assert {p for p, _, _ in moves} == {"player_0", "player_1"}
    # with the labels `maracaibo play` shows (issue 26): where a sail goes and its MP
    sails = [(name, label) for _, name, label in moves if name.startswith("sail:")]
    assert sails and all(label.endswith(f"{name.rsplit(':mp', 1)[1]} MP") for name, label in sails)


def test_demo_verbose_solo_shows_jeans_turns_and_explains_automa_row(capsys):
    assert main(["demo", "--players", "1", "--seed", "2", "--verbose"]) == 0
    out = capsys.readouterr().out
    jean = re.findall(r"^  jean: card (\S+), sail (\S+)", out, re.M)
    assert len(jean) >= 10  # she plays a turn after nearly every one of yours
    assert "automa = VP Jean scores by the Automa rules" in out


def test_demo_score_table_of_a_multiplayer_game_has_no_automa_note(capsys):
    main(["demo", "--players", "2", "--seed", "3"])
    assert "automa =" not in capsys.readouterr().out


OPTIONAL = ("openskill", "matplotlib", "scipy", "statsmodels", "ray", "playwright", "torch",
            "stable_baselines3", "sb3_contrib")


def test_core_and_cli_work_without_the_optional_extras(tmp_path):
    """`import maracaibo_env`, the CLI parser, a demo game and play_match run
    with every optional extra made unimportable."""
    import subprocess
    import sys
    code = (
        "import sys\n"
        f"for m in {OPTIONAL!r}:\n"
        "    sys.modules[m] = None  # import m now raises ImportError\n"
        "import maracaibo_env\n"
        "from maracaibo_env.cli import build_parser, main\n"
        "build_parser()\n"
        "assert main(['demo', '--players', '2', '--seed', '3']) == 0\n"
        "from maracaibo_env.maracaibo.match import play_match\n"
        "r = play_match(['balanced', 'random'], 1)\n"
        "assert sum(r.breakdown[0].values()) == r.scores[0]\n"
        f"assert not any(m in sys.modules and sys.modules[m] is not None for m in {OPTIONAL!r})\n"
        "print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                       cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr[-3000:]


def test_a_bare_maracaibo_prints_the_help(capsys):
    """issue 26: no subcommand is a request for help, not a usage error."""
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: maracaibo") and "calibrate" in out and "tournament" in out


def test_license_and_typing_marker_ship_with_the_package():
    """issue 26: pyproject says MIT, so LICENSE holds the MIT text; py.typed is package data."""
    import tomllib
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    meta = tomllib.loads((root / "pyproject.toml").read_text())
    assert meta["project"]["license"] == {"text": "MIT"}
    assert (root / "LICENSE").read_text().startswith("MIT License")
    assert (root / "maracaibo_env" / "py.typed").is_file()
    assert "py.typed" in meta["tool"]["setuptools"]["package-data"]["maracaibo_env"]

"""benchmarks/search_scaling.py: the search's Elo against its budget, resumable,
with its table, JSON and plot."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("search_scaling", ROOT / "benchmarks" / "search_scaling.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_spec_budgets():
    s = _script()
    assert s.with_iterations("mcts", 4000) == "mcts:iters=4000"
    assert s.with_iterations("mcts:top=3:iters=20:widen=1", 80) == "mcts:top=3:widen=1:iters=80"
    assert s.with_iterations("mcts:ms=50:c=0.3", 10) == "mcts:c=0.3:iters=10"
    assert s.default_iterations("mcts", "maracaibo") == 1000     # the agents' defaults
    assert s.default_iterations("mcts", "pirates") == 4000
    assert s.default_iterations("mcts:iters=25", "pirates") == 25
    with pytest.raises(SystemExit, match="time budget"):
        s.default_iterations("mcts:ms=5", "maracaibo")


def test_a_small_curve_end_to_end_and_resumed(tmp_path, capsys):
    s = _script()
    out = tmp_path / "curve"
    argv = ["--game", "maracaibo", "--search", "mcts:iters=8", "--multiples", "1", "2", "--deals", "1",
            "--pool", "random", "--workers", "1", "--bootstrap", "20", "--quiet", "--out", str(out)]
    assert s.main(argv) == 0
    summary = json.loads((out / "scaling.json").read_text())
    assert [r["multiple"] for r in summary["rows"]] == [1, 2]
    assert [r["iterations"] for r in summary["rows"]] == [8, 16]
    one, two = summary["rows"]
    assert set(one["shares"]) == {"random"}                          # 1x: the pool only
    assert set(two["shares"]) == {"random", "mcts:iters=8"}          # 2x: the pool and the search at 1x
    assert all(v["games"] == 2 for r in summary["rows"] for v in r["shares"].values())   # both seatings
    assert summary["games"] == 2 + 4 and summary["anchor"] == "random"
    assert summary["pool"][0]["elo"] == 0.0 and one["low"] <= one["elo"] <= one["high"]
    table = (out / "scaling.md").read_text()
    assert "| 2x | 16 |" in table and "`random`" in table
    assert (out / "scaling.png").read_bytes()[:4] == b"\x89PNG"
    # resumed: nothing is replayed, the same figures come back
    assert s.main(argv) == 0
    assert json.loads((out / "scaling.json").read_text())["rows"] == summary["rows"]
    # two runs on one plot
    assert s.main(["--plot-only", str(out), str(out), "--out", str(tmp_path / "both")]) == 0
    assert (tmp_path / "both" / "scaling.png").exists()


def test_bad_arguments_are_refused(tmp_path, capsys):
    s = _script()
    with pytest.raises(SystemExit):
        s.main(["--multiples", "2", "4", "--out", str(tmp_path)])
    assert "must include 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        s.main(["--multiples", "1", "2", "--deals", "1", "2", "3", "--out", str(tmp_path)])
    assert "one number or one per multiple" in capsys.readouterr().err

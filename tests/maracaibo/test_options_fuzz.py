"""Fuzzing with options, small (benchmarks/fuzz.py --options all): random
games with every option alone and in combination (Maracaibo: each variant and
legacy tile, then all together; Pirates: every combination of the modules,
and solo at every level when the solo game exists), invariants on sampled
states and JSON round trips; crafted saved games with options never crash."""
import json
import sys
from pathlib import Path

import pytest

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    sys.path.insert(0, str(FUZZ.parent))
    import fuzz
    return fuzz


@pytest.mark.slow
@pytest.mark.parametrize("game, decisions", [("maracaibo", 60_000), ("pirates", 150_000)])
def test_random_play_with_every_option_set_keeps_every_invariant(fuzz, tmp_path, game, decisions):
    summary = tmp_path / "random.json"
    rc = fuzz.main(["--game", game, "--options", "all", "--decisions", str(decisions), "--check-every", "10",
                    "--json-every", "20", "--seed", "7", "--out", str(tmp_path / "violations"),
                    "--json", str(summary)])
    s = json.loads(summary.read_text())
    assert rc == 0 and s["violations"] == 0, s
    target = fuzz.TARGETS[game]()
    target.use_options("all")
    labels = {target.label(c) for c in target.configs}
    assert labels == set(s["per_option_set"]), labels ^ set(s["per_option_set"])   # every set played
    assert all(t["games"] >= 1 for t in s["per_option_set"].values())


@pytest.mark.slow
@pytest.mark.parametrize("game", ["maracaibo", "pirates"])
def test_crafted_saved_games_with_options_never_crash(fuzz, tmp_path, game):
    summary = tmp_path / "crafted.json"
    n = 120
    fuzz.main(["--game", game, "--options", "all", "--crafted", str(n), "--jobs", "1", "--batch", str(n),
               "--seed", "9", "--quiet", "--out", str(tmp_path / "failures"), "--json", str(summary)])
    s = json.loads(summary.read_text())
    assert s["mutations"] == n and s["crashes"] == 0 and s["hangs"] == 0 and s["harness_errors"] == 0
    assert s["failures"] == 0, s["failure_kinds"]

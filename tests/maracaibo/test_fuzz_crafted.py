"""The crafted-state fuzzer (benchmarks/fuzz.py --crafted), small: mutated
saved games are rejected with a clear error or play to the end with every
invariant holding; a worker that crashes or hangs is caught and its case saved."""
import importlib.util
import json
from pathlib import Path

import pytest

from maracaibo_env import Game

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("maracaibo_fuzz", FUZZ)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
def test_crafted_saved_games_never_crash(fuzz, tmp_path):
    summary = tmp_path / "summary.json"
    rc = fuzz.main(["--crafted", "300", "--jobs", "1", "--batch", "150", "--seed", "11", "--quiet",
                    "--out", str(tmp_path / "failures"), "--json", str(summary)])
    s = json.loads(summary.read_text())
    assert rc == 0 and s["failures"] == 0, s["failure_cases"]
    assert s["mutations"] == 300 and s["rejected"] + s["played_out"] == 300
    assert s["rejected"] > 50 and s["played_out"] > 20  # both paths exercised
    assert s["decisions_played"] > 1000


def test_cases_are_reproducible(fuzz):
    from maracaibo_env.maracaibo.catalog import load_catalog
    cat = load_catalog()
    a, da = fuzz.make_case(3, 17, cat)
    b, db = fuzz.make_case(3, 17, cat)
    assert a == b and da == db and len(da) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("hook, reason", [("FUZZ_SELFTEST_CRASH", "crash"), ("FUZZ_SELFTEST_HANG", "hang")])
def test_a_crashing_or_hanging_case_is_caught_and_saved(fuzz, tmp_path, monkeypatch, hook, reason):
    monkeypatch.setenv(hook, "4")
    summary = tmp_path / "summary.json"
    rc = fuzz.main(["--crafted", "8", "--jobs", "1", "--seed", "2", "--quiet", "--case-timeout", "10",
                    "--out", str(tmp_path / "failures"), "--json", str(summary)])
    s = json.loads(summary.read_text())
    assert rc == 1 and s["failures"] == 1 and s["mutations"] == 8
    case = s["failure_cases"][0]
    assert case["case"] == 4 and case["reason"].startswith(reason)
    saved = json.loads(Path(case["file"]).read_text())
    assert saved["case"] == 4 and saved["saved_game"]["format"] == Game.FORMAT_VERSION and saved["mutations"]

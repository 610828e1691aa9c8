"""maracaibo_env/training/tune_weights.py, the search that found `tuned`: a small run of each
mode (random, --center, --check), its scores from real compiled games, and
refused arguments."""
import json

import pytest

from maracaibo_env.training import tune_weights as T
from maracaibo_env.maracaibo.agents.heuristics import WEIGHT_NAMES


def _run(tmp_path, name, *args):
    out = tmp_path / f"{name}.json"
    assert T.main([*args, "--workers", "1", "--no-progress", "--out", str(out)]) == 0
    return json.loads(out.read_text())


def test_random_center_and_check_runs(tmp_path):
    r = _run(tmp_path, "random", "--players", "2", "3", "--candidates", "3", "--deals", "1",
             "--seed", "5")
    cands = r["candidates"]
    assert len(cands) == 3 and [c["rank_in_run"] for c in cands] == [0, 1, 2]
    assert [c["score"] for c in cands] == sorted((c["score"] for c in cands), reverse=True)
    base = next(c for c in cands if c["factors"] == {})          # the centre: balanced itself
    for c in cands:
        assert c["games"] == {"2": 2, "3": 18}     # 2p: both seatings; 3p: 3 line-ups x 6 seatings
        assert all(0.0 <= w <= 1.0 for w in c["win"].values())
        assert c["score"] == pytest.approx(c["win"]["2"] - 1 / 2 + c["win"]["3"] - 1 / 3)
        if c["factors"]:
            assert set(c["factors"]) == set(WEIGHT_NAMES) - {"vp", "solo", "solo_pace", "solo_projection"}
    assert base["index"] == 0
    # reproducible from its settings
    again = _run(tmp_path, "again", "--players", "2", "3", "--candidates", "3", "--deals", "1", "--seed", "5")
    assert again["candidates"] == cands
    # --center samples around the best candidate of a result; --check rescored balanced and the best
    local = _run(tmp_path, "local", "--players", "2", "--center", str(tmp_path / "random.json"),
                 "--candidates", "2", "--deals", "1", "--sigma", "0.1")
    best = next(c for c in cands if c["factors"])["factors"]
    assert next(c for c in local["candidates"] if c["index"] == 0)["factors"] == best
    check = _run(tmp_path, "check", "--players", "2", "--check", str(tmp_path / "random.json"),
                 "--top", "1", "--deals", "2", "--seed", "9")
    assert sorted(c["index"] for c in check["candidates"]) == [0, 1]
    assert next(c for c in check["candidates"] if c["index"] == 0)["factors"] == {}
    assert all(c["games"] == {"2": 4} for c in check["candidates"])


@pytest.mark.parametrize("args,message", [
    (["--deals", "0"], "--deals must be >= 1"), (["--sigma", "0"], "--sigma must be in"),
    (["--check", "a.json", "--center", "b.json"], "exclude each other")])
def test_bad_arguments_are_refused(tmp_path, capsys, args, message):
    assert T.main([*args, "--out", str(tmp_path / "x.json")]) == 2
    assert message in capsys.readouterr().err


def test_a_file_that_is_not_a_result_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"candidates": [{"factors": {"nonsense": 2.0}}]}))
    with pytest.raises(SystemExit, match="unknown weights"):
        T.main(["--check", str(bad), "--out", str(tmp_path / "x.json")])
    bad.write_text("[1, 2]")
    with pytest.raises(SystemExit, match="not a result of this tool"):
        T.main(["--center", str(bad), "--out", str(tmp_path / "x.json")])

"""maracaibo_env/training/expert_iteration.py: each stage runs (tiny), writes its checkpoint
files and logs, resumes without redoing a stage, exports, and refuses bad
arguments; the heuristic-game recorder keeps positions with their results."""
import csv
import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from maracaibo_env.maracaibo.agents.value_net import NUM_FEATURES, SEAT_FEATURES, ValueNet  # noqa: E402
from maracaibo_env.training.expert_iteration import Config, heuristic_games, heuristic_margin, main  # noqa: E402

TINY = ["--games0", "4", "--iterations", "1", "--search-games", "1", "--search-iters", "8", "--epochs", "2",
        "--counts", "1,2", "--no-progress"]


def test_heuristic_games_record_positions_with_their_results():
    X, y, g = heuristic_games(2, 3, 500, Config(sample=0.2))
    assert X.shape[1] == NUM_FEATURES and len(X) == len(y) == len(g) > 0
    assert set(np.unique(g)) <= {500, 501, 502}
    for seed in np.unique(g):   # a 2-player game: one result per seat, the two opposite
        m = abs(y[g == seed][0])
        assert set(np.round(y[g == seed], 9)) <= {round(m, 9), round(-m, 9)}
    assert np.all(X[:, 0] == 1) and np.all(X[:, SEAT_FEATURES] == 1) and not X[:, 2 * SEAT_FEATURES].any()
    assert np.isfinite(heuristic_margin(X)).all()


def test_a_run_trains_every_stage_resumes_and_exports(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["--run", str(run), *TINY]) == 0
    for k in (0, 1):
        assert (run / f"data_{k}.npz").exists()
        ValueNet.load(run / f"value_{k}.npz")
    stages = json.loads((run / "stages.json").read_text())
    assert [s["stage"] for s in stages] == [0, 1] and stages[1]["positions"] > stages[0]["positions"]
    rows = list(csv.DictReader((run / "log.csv").open()))
    assert [(r["stage"], r["epoch"]) for r in rows] == [("0", "0"), ("0", "1"), ("1", "0"), ("1", "1")]
    before = (run / "value_1.npz").stat().st_mtime_ns
    assert main(["--run", str(run), *TINY]) == 0        # resumed: nothing left to do
    assert (run / "value_1.npz").stat().st_mtime_ns == before
    assert len(list(csv.DictReader((run / "log.csv").open()))) == 4
    out = tmp_path / "v.npz"
    assert main(["--run", str(run), "--export", str(out)]) == 0
    assert ValueNet.load(out).hidden() == ValueNet.load(run / "value_1.npz").hidden()
    with pytest.raises(SystemExit, match="another configuration"):
        main(["--run", str(run), *TINY, "--lr", "0.01"])


def test_a_run_is_split_by_resuming_it_with_more_iterations(tmp_path):
    """Issue 39: a long run can be split over sessions: stage 0 now, stage 1
    later; the stage done is not redone, and the later stage builds on it."""
    run = tmp_path / "run"
    short = [a if a != "1" or TINY[i - 1] != "--iterations" else "0" for i, a in enumerate(TINY)]
    assert main(["--run", str(run), *short]) == 0
    assert (run / "value_0.npz").exists() and not (run / "data_1.npz").exists()
    stage0 = (run / "data_0.npz").stat().st_mtime_ns, (run / "value_0.npz").stat().st_mtime_ns
    assert main(["--run", str(run), *TINY]) == 0                 # --iterations 1: only stage 1 is played
    assert ((run / "data_0.npz").stat().st_mtime_ns, (run / "value_0.npz").stat().st_mtime_ns) == stage0
    assert [s["stage"] for s in json.loads((run / "stages.json").read_text())] == [0, 1]
    assert main(["--run", str(run), *short]) == 0                # fewer iterations later: nothing is lost
    assert json.loads((run / "config.json").read_text())["iterations"] == 1


@pytest.mark.parametrize("args", [["--hidden", "8"], ["--counts", "5"], ["--games0", "0"], ["--sample", "0"],
                                  ["--hidden", "a,b"]])
def test_bad_arguments_exit_2(tmp_path, args, capsys):
    assert main(["--run", str(tmp_path / "r"), *args]) == 2
    assert capsys.readouterr().err

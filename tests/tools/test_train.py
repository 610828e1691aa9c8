"""python -m maracaibo_env.training.ppo: the reference learning curve (issue 26)."""
import json

import numpy as np
import pytest

from maracaibo_env.training import ppo as T


def _row(steps, rung, low, rate=0.6):
    return T.EvalRow(steps=steps, train_minutes=steps / 1000, wall_minutes=steps / 900, level=0,
                     rung=rung, opponent=f"r{rung}", games=100, credit=rate * 100, win_rate=rate,
                     low=low, high=min(1.0, low + 0.2))


def test_a_rung_is_beaten_at_the_first_interval_above_one_half():
    rows = [_row(0, 0, 0.3), _row(0, 1, 0.1), _row(1000, 0, 0.55, 0.7), _row(1000, 1, 0.49),
            _row(2000, 0, 0.45), _row(2000, 1, 0.51, 0.62)]
    b = T.beaten(rows, ["r0", "r1", "r2"])
    assert [(x["rung"], x["steps"], x["win_rate"]) for x in b] == [(0, 1000, 0.7), (1, 2000, 0.62), (2, None, None)]
    assert [x["evaluations"] for x in b] == [3, 3, 0]


def test_the_summary_tells_a_rung_never_evaluated_from_one_not_beaten():
    """Issue 40: "not beaten" only for a rung that was played and never beaten."""
    rows = [_row(0, 0, 0.55, 0.7), _row(0, 1, 0.2, 0.3)]
    table = T._table({"beaten": T.beaten(rows, ["r0", "r1", "r2"])})
    lines = table.splitlines()[2:]
    assert "| 1,000 |" not in lines[0] and "| 0 | 0.0 | 70% |" in lines[0]
    assert "not beaten" in lines[1] and "not evaluated" in lines[2] and "not beaten" not in lines[2]


def test_the_curve_is_written_at_every_evaluation_and_before_the_model(tmp_path, monkeypatch):
    """Issue 40: a failing model.save at the end keeps the curve; each evaluation
    rewrites curve.json/csv/png (here: a stub model that only fails to save)."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    def broken_save(self, *a, **k):
        raise OSError("disk full")
    seen = []
    real_write = T.write_curve

    def spy(out, result, rows, rungs, players, plot=True):
        real_write(out, result, rows, rungs, players, plot)
        seen.append((len(rows), json.loads((out / "curve.json").read_text())["complete"]))
    monkeypatch.setattr(MaskablePPO, "save", broken_save)
    monkeypatch.setattr(T, "write_curve", spy)
    cfg = T.TrainConfig(minutes=0.02, n_envs=8, n_steps=16, batch_size=64, eval_every=512, eval_deals=1,
                        opponent="random", players=2, baseline=False, eval_mode="deterministic")
    with pytest.raises(OSError, match="disk full"):
        T.train(cfg, tmp_path, progress=False)
    assert len(seen) >= 3 and all(not done for _, done in seen[:-1]) and seen[-1][1] is True
    assert [n for n, _ in seen] == sorted(n for n, _ in seen)      # rows only grow
    stored = json.loads((tmp_path / "curve.json").read_text())
    assert stored["complete"] and stored["rows"] and (tmp_path / "curve.png").stat().st_size > 0
    assert not (tmp_path / "model.zip").exists()


def test_evaluate_counts_duplicate_games_with_shared_wins(monkeypatch):
    """A policy that plays the first legal move, against random: 2 seats x deals
    games, credit between 0 and the number of games."""
    class First:
        def predict(self, obs, action_masks, deterministic):
            assert obs.dtype == np.float32 and deterministic
            return action_masks.argmax(axis=1), None
    credit, games = T.evaluate(First(), "random", deals=6, seed=5)
    assert games == 12 and 0 <= credit <= 12
    again, _ = T.evaluate(First(), "random", deals=6, seed=5)
    assert again == credit                                  # the same deals, the same games


@pytest.mark.parametrize("argv, why", [
    (["--out", "x", "--minutes", "0"], "--minutes must be > 0"),
    (["--out", "x", "--promote", "1.5"], "--promote must be in"),
    (["--out", "x", "--eval-deals", "-1"], "--eval-deals must be > 0"),
])
def test_bad_arguments_are_usage_errors(argv, why, capsys):
    with pytest.raises(SystemExit) as e:
        T.main(argv)
    assert e.value.code == 2 and why in capsys.readouterr().err


@pytest.mark.slow
def test_a_short_run_writes_the_curve(tmp_path):
    pytest.importorskip("sb3_contrib")
    cfg = T.TrainConfig(minutes=0.15, n_envs=16, n_steps=32, batch_size=256, eval_every=1500,
                        eval_deals=3, window=20)
    result = T.train(cfg, tmp_path, progress=False)
    for name in ("curve.csv", "curve.json", "curve.png", "model.zip"):
        assert (tmp_path / name).stat().st_size > 0
    stored = json.loads((tmp_path / "curve.json").read_text())
    assert stored["steps"] == result["steps"] > 0
    assert stored["config"]["rungs"][0] == "random" and len(stored["beaten"]) == len(stored["config"]["rungs"])
    first = [r for r in stored["rows"] if r["steps"] == stored["rows"][0]["steps"]]
    assert [r["rung"] for r in first] == [0, 1, 2]           # the current rung and two above
    assert all(r["games"] == 6 and r["low"] <= r["win_rate"] <= r["high"] for r in stored["rows"])


def test_pirates_trains_on_its_own_vector_env_up_its_own_ladder(tmp_path):
    """Issue 40: `--game pirates` trains MaskablePPO on Pirates' vector env, its
    curriculum climbs Pirates' ladder, and the curve is Pirates'."""
    pytest.importorskip("sb3_contrib")
    from maracaibo_env.agents.ladder import ladder
    cfg = T.TrainConfig(game="pirates", minutes=0.02, n_envs=8, n_steps=16, batch_size=64, eval_every=1024,
                        eval_deals=2, window=20, eval_mode="deterministic", baseline=False)
    result = T.train(cfg, tmp_path, progress=False)
    stored = json.loads((tmp_path / "curve.json").read_text())
    assert stored["config"]["game"] == "pirates" and stored["config"]["rungs"] == list(ladder("pirates"))
    assert stored["rows"][0]["opponent"] == "random" and result["steps"] > 0
    assert result["eval_deterministic"]["games"] == 4          # 2 deals x 2 seats against the final rung
    assert (tmp_path / "model.zip").stat().st_size > 0


def test_the_solo_opponent_of_each_game_is_read_by_its_own_table(capsys):
    assert T.line_up(None, "jordan:3", None, "pirates")[:2] == (1, {"difficulty": 3})
    assert T.line_up(None, "jean:hard", None)[:2] == (1, {"difficulty": "hard"})
    with pytest.raises(ValueError):
        T.line_up(None, "jean:hard", None, "pirates")              # Jean is not Pirates' solo opponent
    with pytest.raises(SystemExit) as e:
        T.main(["--out", "x", "--game", "pirates", "--players", "1"])
    assert e.value.code == 2 and "jordan:<0-6>" in capsys.readouterr().err


# ---- maracaibo compile ----------------------------------------------------------------------
@pytest.mark.slow
def test_maracaibo_compile_runs_every_part_of_a_game(capsys):
    from maracaibo_env.cli import main
    from maracaibo_env.play.compile import parts
    assert main(["compile", "--game", "pirates", "--jobs", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    for p in parts():
        assert (p.name in out) == (p.game == "pirates"), p.name
    assert "compiled in" in out


def test_maracaibo_compile_starts_a_part_after_the_parts_it_reuses():
    from maracaibo_env.play.compile import _order, parts
    order = [(p.game, p.name) for p in _order(parts())]
    for p in parts():
        assert all(order.index((p.game, a)) < order.index((p.game, p.name)) for a in p.after), p.name
    assert {p.name for p in parts() if not p.after} == {"maracaibo core", "pirates core"}


def test_maracaibo_compile_refuses_a_part_after_an_unknown_one(monkeypatch):
    from maracaibo_env.play import compile as C
    rows = (("a", "first", lambda: None, ()), ("b", "second", lambda: None, ("a", "c")))
    monkeypatch.setattr(C, "game_part", lambda game, attribute: rows)
    with pytest.raises(ValueError, match=r"'b'.*\['c'\]"):
        C.parts(["maracaibo"])


def test_maracaibo_compile_refuses_bad_jobs(capsys):
    from maracaibo_env.cli import main
    assert main(["compile", "--jobs", "0"]) == 2
    assert "--jobs must be >= 1" in capsys.readouterr().out

"""Smoke tests of maracaibo_env/training/selfplay.py (imitation, PPO with a league, evaluation,
checkpoints, resume, export). The long runs are commands in maracaibo_env/training/README.md."""
import csv
import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from maracaibo_env.maracaibo.agents.policy import load_policy  # noqa: E402
from maracaibo_env.training import selfplay  # noqa: E402
from maracaibo_env.training.selfplay import Config, parse_league, split_envs, train  # noqa: E402

SMALL = dict(n_envs=12, rollout=8, epochs=1, minibatch=48, hidden=(32,),
             league="balanced=1,random=1,snapshots=1", snapshot_every=1, eval_every=2,
             eval_games=1, anchors=("random",), checkpoint_every=1, bc_games=3, bc_epochs=1,
             dagger_rounds=1, dagger_steps=3, dagger_envs=4, threads=1)


def _rows(run):
    with open(run / "log.csv", newline="") as f:
        return [(r["kind"], json.loads(r["json"])) for r in csv.DictReader(f)]


def test_league_parsing_and_split():
    w = parse_league("balanced=0.5, random=0.25,snapshots=0.25")
    assert split_envs(8, w) == {"balanced": 4, "random": 2, "snapshots": 2}
    assert sum(split_envs(7, w).values()) == 7
    for bad in ("jean=1", "balanced", "balanced=x", "balanced=0"):
        with pytest.raises(ValueError):
            parse_league(bad)


@pytest.mark.slow
def test_train_evaluate_resume_export(tmp_path):
    run = tmp_path / "run"
    cfg = Config(run=str(run), steps=2 * 12 * 8, **SMALL)
    final = train(cfg, progress_bar=False)
    rows = _rows(run)
    assert [k for k, _ in rows].count("imitation") == 1
    dagger = [r for k, r in rows if k == "dagger"]
    assert len(dagger) == 1 and dagger[0]["dagger_samples"] > 0   # 4 games x 3 new positions added
    assert 0 <= dagger[0]["dagger_new_match"] <= 1
    updates = [r for k, r in rows if k == "update"]
    assert [r["update"] for r in updates] == [1, 2]
    assert "eval_win_random" in updates[-1] and 0 <= updates[-1]["eval_win_random"] <= 1
    assert {"policy_loss", "value_loss", "entropy", "steps_per_s"} <= set(updates[0])
    assert (run / "snapshots" / "u0.npz").exists() and (run / "checkpoint.pt").exists()
    import importlib.util
    if importlib.util.find_spec("tensorboard"):   # the train extra installs it
        assert any((run / "tb").glob("events.out.tfevents.*"))
    net = load_policy(final)
    ck = torch.load(run / "checkpoint.pt", weights_only=False)
    # the numpy export is the torch network
    x = torch.randn(3, selfplay.NUM_FEATURES)
    with torch.no_grad():
        torch_net = selfplay.make_net((32,))
        torch_net.load_state_dict(ck["net"])
        t_logits, t_v = torch_net(x)
    n_logits, n_v = net.forward(x.numpy())
    np.testing.assert_allclose(n_logits, t_logits.numpy(), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(n_v, t_v.numpy(), rtol=1e-4, atol=1e-4)

    # resume: more steps continue from update 2, no update logged twice
    train(Config(run=str(run), steps=3 * 12 * 8, **SMALL), progress_bar=False)
    assert [r["update"] for k, r in _rows(run) if k == "update"] == [1, 2, 3]
    with pytest.raises(ValueError, match="other settings"):
        train(Config(run=str(run), steps=4 * 12 * 8, **(SMALL | {"lr": 1e-3})), progress_bar=False)
    out = tmp_path / "exported.npz"
    selfplay.export(str(run), str(out))
    assert load_policy(out).meta["num_players"] == 2


def test_cli_rejects_bad_settings(capsys):
    assert selfplay.main(["--league", "nobody=1"]) == 2
    assert "league entry" in capsys.readouterr().err
    assert selfplay.main(["--players", "5"]) == 2

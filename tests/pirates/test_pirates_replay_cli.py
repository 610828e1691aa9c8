"""Pirates replays (write, re-run, verify, refuse a tampered file), saved
games, and `maracaibo demo --game pirates`."""
import json

import numpy as np
import pytest

from maracaibo_env.cli import main
from maracaibo_env.pirates import Game
from maracaibo_env.framework.replay import ReplayError, load_replay, verify_replay


def _played(n=3, seed=2, steps=None):
    g = Game(n, seed=seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not g.is_over and (steps is None or k < steps):
        g.step(int(rng.choice(g.legal_actions())))
        k += 1
    return g


def test_replay_round_trip(tmp_path):
    g = _played()
    path = tmp_path / "p.jsonl"
    g.save_replay(path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["format"] == "pirates-replay" and header["setup"]["num_players"] == 3
    r = verify_replay(path)
    assert r.scores() == g.scores() and r.history == g.history and (r.state == g.state).all()


def test_unfinished_replay_needs_partial(tmp_path):
    g = _played(steps=50)
    path = tmp_path / "u.jsonl"
    g.save_replay(path)
    with pytest.raises(ReplayError, match="partial"):
        load_replay(path)
    r, final = load_replay(path, partial=True)
    assert final is None and (r.state == g.state).all()


def test_tampered_replay_is_refused(tmp_path):
    g = _played()
    path = tmp_path / "t.jsonl"
    g.save_replay(path)
    lines = path.read_text().splitlines()
    row = json.loads(lines[5])
    row["action"] = "acquire:s0" if row["action"] != "acquire:s0" else "take5"
    lines[5] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match=":6:"):
        verify_replay(path)


def test_saved_game_round_trip_and_refusals():
    g = _played(steps=120)
    d = g.to_dict()
    h = Game.from_dict(json.loads(json.dumps(d)))
    assert (h.state == g.state).all() and h.legal_actions() == g.legal_actions()
    bad = json.loads(json.dumps(d))
    bad["state"]["SLOT_CARD"][0] = 999
    with pytest.raises(ValueError, match="SLOT_CARD"):
        Game.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["state"]["players"][0]["EXPL"] = 400
    with pytest.raises(ValueError, match="EXPL"):
        Game.from_dict(bad)
    with pytest.raises(ValueError, match="data_hash"):
        Game.from_dict(dict(d, data_hash="0" * 64))


def test_demo_pirates_and_replay_command(tmp_path, capsys):
    path = tmp_path / "demo.jsonl"
    assert main(["demo", "--game", "pirates", "--players", "2", "--seed", "4", "--replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Pirates of Maracaibo demo" in out and "Final score breakdown" in out
    assert main(["replay", str(path)]) == 0
    assert "replay OK" in capsys.readouterr().out
    assert main(["demo", "--game", "pirates", "--players", "1", "--option", "difficulty=2"]) == 0
    out = capsys.readouterr().out
    assert "vs Jordan" in out and "jordan" in out                  # solo (§19)

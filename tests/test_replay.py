"""Replays: JSON lines written by Game / the CLI, re-run and verified."""
import json

import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.cli import main
from maracaibo_env.replay import verify_replay, ReplayError


def _random_game(n, seed, **kw):
    g = Game(n, seed=seed, **kw)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    return g


@pytest.mark.parametrize("n", [1, 2, 4])
def test_replay_round_trip(tmp_path, n):
    g = _random_game(n, 3, difficulty="hard") if n == 1 else _random_game(n, 3)
    path = tmp_path / "game.jsonl"
    g.save_replay(path)
    h = verify_replay(path)
    assert np.array_equal(h.state, g.state) and h.scores() == g.scores()


def test_replay_detects_tampering(tmp_path):
    g = _random_game(2, 4)
    path = tmp_path / "g.jsonl"
    g.save_replay(path)
    lines = path.read_text().splitlines()
    final = json.loads(lines[-1])
    final["final_scores"][0] += 1
    path.write_text("\n".join(lines[:-1] + [json.dumps(final)]) + "\n")
    with pytest.raises(ReplayError, match="differ"):
        verify_replay(path)
    bad = lines[:5] + [json.dumps({"player": 0, "action": "fly:to:moon"})]
    path.write_text("\n".join(bad) + "\n")
    with pytest.raises(ReplayError, match=":6:"):
        verify_replay(path)
    path.write_text('{"format": "nope"}\n')
    with pytest.raises(ReplayError, match="header"):
        verify_replay(path)


def test_cli_demo_writes_replay_and_replay_command_verifies(tmp_path, capsys):
    path = tmp_path / "demo.jsonl"
    assert main(["demo", "--players", "2", "--seed", "5", "--replay", str(path)]) == 0
    assert main(["replay", str(path)]) == 0
    assert "replay OK" in capsys.readouterr().out
    path.write_text(path.read_text().replace('"final_scores": [', '"final_scores": [1000, '))
    assert main(["replay", str(path)]) == 1

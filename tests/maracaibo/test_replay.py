"""Replays: JSON lines written by Game / the CLI, re-run and verified."""
import json

import numpy as np
import pytest

from maracaibo_env import Game
from maracaibo_env.cli import main
from maracaibo_env.framework.replay import verify_replay, ReplayError


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


# ---- strict parsing (issue 9, section 3) -------------------------------------------------------------
def _lines(tmp_path, n=2, seed=6, finished=True):
    g = _random_game(n, seed)
    if not finished:
        g = Game(n, seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(30):
            g.step(int(rng.choice(g.legal_actions())))
    path = tmp_path / "g.jsonl"
    g.save_replay(path)
    return path, path.read_text().splitlines()


def _write(path, lines, end="\n"):
    path.write_text("\n".join(lines) + end)


def test_replay_header_records_version_2_and_the_data_hash(tmp_path):
    path, lines = _lines(tmp_path)
    head = json.loads(lines[0])
    assert head["version"] == 2 and head["data_hash"] == Game(2).catalog.data_hash
    end = json.loads(lines[-1])
    assert end["end"] == "game_over" and end["actions"] == len(lines) - 2


@pytest.mark.parametrize("edit, needle", [
    (lambda ls: ls[:-1], "without its end line"),                      # final line missing
    (lambda ls: ls[:len(ls) // 2], "without its end line"),            # cut at a line end
    (lambda ls: ls[:1], "without its end line"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "version": 1})] + ls[1:], "version 1 was written by an older"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "version": 3})] + ls[1:], "version 3 is not supported"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "data_hash": "ab" * 32})] + ls[1:], "other game data"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "extra": 1})] + ls[1:], "header keys"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "setup": {"num_players": 2.0}})] + ls[1:],
     "num_players must be an int"),
    (lambda ls: [json.dumps({**json.loads(ls[0]), "setup": {"num_players": 2, "colour": 1}})] + ls[1:],
     "setup must be an object"),
    (lambda ls: ls[:1] + ["[1, 2]"] + ls[1:], ":2: expected a JSON object"),
    (lambda ls: ls[:1] + [""] + ls[1:], ":2: not a JSON line"),
    (lambda ls: ls[:1] + ['{"player": true, "action": "pass"}'] + ls[2:], ':2: expected {"player": <int>'),
    (lambda ls: ls[:1] + ['{"player": 0, "action": 3}'] + ls[2:], ':2: expected {"player": <int>'),
    (lambda ls: ls[:2] + ['{"player": 0, "action": "pass", "x": 1}'] + ls[3:], ':3: expected {"player"'),
    (lambda ls: ls[:-1] + [json.dumps({**json.loads(ls[-1]), "actions": 3})], "counts 3 actions"),
    (lambda ls: ls[:-1] + [json.dumps({"end": "over"})], 'end must be "game_over" or "unfinished"'),
    (lambda ls: ls[:-1] + [json.dumps({**json.loads(ls[-1]), "final_scores": [1.5, 2]})], "final_scores"),
    (lambda ls: ls + [ls[1]], "a line after the end line"),
    (lambda ls: ls[:5] + ls[6:], "recorded, but player"),
])
def test_malformed_replays_fail_clearly(tmp_path, edit, needle):
    path, lines = _lines(tmp_path)
    _write(path, edit(lines))
    with pytest.raises(ReplayError) as info:
        verify_replay(path)
    assert needle in str(info.value), str(info.value)
    assert main(["replay", str(path)]) == 1


def test_truncated_bytes_non_utf8_and_empty_files(tmp_path):
    path, lines = _lines(tmp_path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])                             # cut inside a line
    with pytest.raises(ReplayError, match="no line end: the file is truncated"):
        verify_replay(path)
    path.write_bytes(text[:40].encode() + b"\xff\xfe" + text[40:].encode())
    with pytest.raises(ReplayError, match="not UTF-8"):
        verify_replay(path)
    path.write_text("")
    with pytest.raises(ReplayError, match="empty file"):
        verify_replay(path)
    with pytest.raises(ReplayError, match="cannot read"):
        verify_replay(tmp_path / "missing.jsonl")
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 1


def test_unfinished_games_need_partial(tmp_path, capsys):
    path, lines = _lines(tmp_path, finished=False)
    assert json.loads(lines[-1]) == {"end": "unfinished", "actions": 30}
    with pytest.raises(ReplayError, match="unfinished game; pass partial=True / --partial"):
        verify_replay(path)
    g = verify_replay(path, partial=True)
    assert len(g.history) == 30 and not g.is_over
    assert main(["replay", str(path)]) == 1
    assert main(["replay", str(path), "--partial"]) == 0
    assert "game not finished" in capsys.readouterr().out
    _write(path, lines[:-1])                     # no end line at all: accepted only with --partial
    assert main(["replay", str(path)]) == 1
    assert main(["replay", str(path), "--partial"]) == 0
    finished, flines = _lines(tmp_path)           # a finished game recorded as unfinished
    _write(finished, flines[:-1] + [json.dumps({"end": "unfinished", "actions": len(flines) - 2})])
    with pytest.raises(ReplayError, match="recorded as unfinished, but the game is over"):
        verify_replay(finished, partial=True)


def test_demo_replay_into_a_missing_folder_fails_before_the_game(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "folder" / "game.jsonl"
    assert main(["demo", "--players", "2", "--seed", "1", "--replay", str(target)]) == 2
    out, err = capsys.readouterr()
    assert "does not exist" in err and "round 1" not in out and not target.exists()
    assert main(["demo", "--players", "2", "--replay", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_demo_rejects_a_solo_option_for_a_multiplayer_game(capsys):
    assert main(["demo", "--players", "3", "--difficulty", "hard"]) == 2
    assert "applies only to a solo game" in capsys.readouterr().err


def test_replay_written_atomically_over_an_old_file(tmp_path):
    path, _ = _lines(tmp_path)
    g = _random_game(3, 8)
    g.save_replay(path)
    assert verify_replay(path).scores() == g.scores()
    assert not list(tmp_path.glob("*.tmp"))

"""The safe file layer (issue 38 item 6, maracaibo_env.framework.files): each
attack of the issue's file review, tried as a careless user or a local
attacker would, against the real savers and loaders."""
import json
import os
import threading

import pytest

from maracaibo_env.maracaibo.campaign import Campaign, CampaignError
from maracaibo_env.framework.files import FileError, read_bytes, write_atomic
from maracaibo_env.maracaibo.game import Game
from maracaibo_env.framework.replay import ReplayError, load_replay, write_replay


def _played(n=12):
    g = Game(2, seed=3)
    for _ in range(n):
        g.step(int(g.legal_actions()[0]))
    return g


def test_a_planted_tmp_link_is_never_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "game.replay"
    (tmp_path / "game.replay.tmp").symlink_to(victim)       # the old, predictable temporary name
    write_replay(_played(), target)
    assert victim.read_text() == "precious"
    assert load_replay(target, partial=True)[0].history is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.replay", "game.replay.tmp", "victim.txt"]


def test_saving_through_a_symlink_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_at_once(device):
    with pytest.raises(FileError, match="is a device; a replay is a regular file"):
        read_bytes(device, what="replay")
    with pytest.raises(ReplayError, match="is a device"):
        load_replay(device)
    with pytest.raises(CampaignError, match="is a device"):
        Campaign.load(device)


def test_a_fifo_is_refused_without_hanging(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    out = {}

    def read():
        try:
            read_bytes(fifo)
        except FileError as exc:
            out["error"] = str(exc)

    t = threading.Thread(target=read, daemon=True)
    t.start()
    t.join(5)
    assert not t.is_alive(), "reading a FIFO hung"
    assert "is a FIFO" in out["error"]


def test_a_folder_and_a_file_over_the_cap_are_refused(tmp_path):
    with pytest.raises(FileError, match="is a folder"):
        read_bytes(tmp_path)
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(FileError, match="101 bytes; a file is at most 100 bytes"):
        read_bytes(big, limit=100)


def test_deeply_nested_json_is_a_one_line_error(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    p = tmp_path / "c.json"
    p.write_text(deep)
    with pytest.raises(CampaignError, match="not valid JSON"):
        Campaign.load(p)
    r = tmp_path / "r.replay"
    r.write_text(deep + "\n")
    with pytest.raises(ReplayError, match="not a JSON line"):
        load_replay(r)


def test_two_writers_of_one_campaign_do_not_lose_a_game(tmp_path):
    path = tmp_path / "camp.json"
    Campaign().save(path)
    first, second = Campaign.load(path), Campaign.load(path)
    first.save(path)                       # one process saves its game
    with pytest.raises(CampaignError, match="changed on disk since it was read"):
        second.save(path)                  # the other is told, instead of overwriting it
    first.save(path)                       # the writer that saw the file may save again
    assert json.loads(path.read_text())["format"]


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    with pytest.raises(FileError, match="cannot write"):
        write_atomic(tmp_path / "no_such_folder" / "x.json", "new")
    busy = tmp_path / "busy"                   # a folder where the file should go: the rename fails
    (busy / "inside").mkdir(parents=True)
    with pytest.raises(FileError, match="cannot write"):
        write_atomic(busy, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]


def test_a_written_file_keeps_the_usual_mode(tmp_path):
    fresh = tmp_path / "fresh.json"
    write_atomic(fresh, "{}")
    assert fresh.stat().st_mode & 0o777 == 0o644
    fresh.chmod(0o600)
    write_atomic(fresh, "{}")
    assert fresh.stat().st_mode & 0o777 == 0o600


def test_every_loader_refuses_a_device_at_once():
    """campaign show, serve --campaign, play --resume and replay read through the layer."""
    from maracaibo_env.play.session import PlayError, PlaySession
    from maracaibo_env.play.web.campaign import CampaignDesk
    with pytest.raises(PlayError, match="is a device"):
        PlaySession.load("/dev/zero")
    with pytest.raises(CampaignError, match="cannot read it: is a device"):
        CampaignDesk("/dev/zero")


def test_deeply_nested_toml_and_a_device_are_one_line_data_errors(tmp_path):
    """story.toml and --targets files: a RecursionError or a device is the usual DataError."""
    from maracaibo_env.calibration import load_targets
    from maracaibo_env.framework.datafiles import DataError
    deep = tmp_path / "calibration.toml"
    deep.write_text("x = " + "[" * 50_000 + "]" * 50_000 + "\n")
    with pytest.raises(DataError, match="calibration.toml: not valid TOML: nested too deeply"):
        load_targets("maracaibo", path=deep)
    link = tmp_path / "dev.toml"
    link.symlink_to("/dev/zero")
    from maracaibo_env.framework.datafiles import read_toml
    with pytest.raises(DataError, match="dev.toml: is a device"):
        read_toml(link)                        # every data, story and targets file is read here
    with pytest.raises(DataError, match="no calibration targets file"):
        load_targets("maracaibo", path=link)


@pytest.mark.parametrize("change,says", [
    ({"num_players": -5}, "num_players -5"),
    ({"game": 0}, "game 0"),
    ({"seed": -1}, "seed -1"),
    ({"winners": [3]}, "winners [3]"),
    ({"num_players": 1, "scores": [100]}, "1 scores"),     # solo: the player's and Jean's
    ({"scores": [100]}, "1 scores"),
    ({"num_players": 5, "scores": [1] * 5}, "num_players 5"),   # one past the 4 players
    ({"seed": 2**31}, f"seed {2**31}"),                          # one past the int32 seed
    ({"winners": [2]}, "winners [2]"),                           # seat 2 of a 2-player game
])
def test_campaign_game_summaries_are_range_checked(change, says):
    """A campaign file's games[] values (issue 38: num_players -5 was accepted)."""
    d = json.loads(Campaign().to_json())
    good = {"game": 1, "num_players": 2, "seed": 5, "scores": [100, 90], "winners": [0],
            "story": [], "start": {}, "archive": {}}
    Campaign.from_dict({**d, "games": [good]})                 # the shape record() writes
    import re
    with pytest.raises(CampaignError, match=rf"games\[0\]: out of range \(.*{re.escape(says)}"):
        Campaign.from_dict({**d, "games": [{**good, **change}]})


@pytest.mark.parametrize("change", [
    {"num_players": 4, "scores": [1, 2, 3, 4], "winners": [3]},   # the limits themselves
    {"seed": 2**31 - 1, "scores": [0, 0], "winners": [0, 1]},
    {"num_players": 1, "scores": [5, 9], "winners": [1]},          # solo: Jean (seat 1) won
])
def test_campaign_game_summaries_at_their_limits_load(change):
    d = json.loads(Campaign().to_json())
    good = {"game": 1, "num_players": 2, "seed": 5, "scores": [100, 90], "winners": [0],
            "story": [], "start": {}, "archive": {}}
    assert Campaign.from_dict({**d, "games": [{**good, **change}]}).games[0]["num_players"] == \
        change.get("num_players", 2)

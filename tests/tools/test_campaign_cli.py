"""`maracaibo campaign` and `maracaibo play --campaign`, run in-process."""
import io
import json

import pytest
from rich.console import Console

from maracaibo_env.maracaibo.campaign import Campaign
from maracaibo_env.cli import build_parser, main
from maracaibo_env.play import terminal


def run(capsys, *argv):
    rc = main(["campaign", *map(str, argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return rc, out, err


def test_new_next_show(tmp_path, capsys):
    f = tmp_path / "camp.json"
    rc, out, _ = run(capsys, "new", f)
    assert rc == 0 and "story card 01" in out
    assert Campaign.load(f).archive["pending"] == [1]
    rc, out, _ = run(capsys, "next", f, "--players", 2, "--seed", 6, "--agents", "random")   # a game whose story quest is fulfilled
    assert rc == 0
    c = Campaign.load(f)
    [game] = c.games
    assert game["num_players"] == 2 and game["seed"] == 6 and c.to_dict()["open"] is None
    assert game["story"][0] == [1, "drawn"]            # SETUP-18: the first game follows card 01
    for text in ("campaign game 1", "story cards this game", "drawn: its front followed", "scores",
                 "winner", "the archive now", "legacy tiles", "C-cards in the project pile", f"saved to {f}"):
        assert text in out, text
    # card 01's back was read: printed in no source, so nothing follows it and the
    # archive holds no story card; said at once, and `next` refuses (SETUP-18, L223)
    assert [1, "read"] in game["story"] and c.archive["in_play"] == c.archive["pending"] == []
    assert "its back read: printed in no source" in out and "the next game cannot start" in out
    rc, out, err = run(capsys, "next", f)
    assert rc == 2 and "holds no story card" in err and "card 01" in err and len(err.splitlines()) == 1
    assert len(Campaign.load(f).games) == 1
    assert run(capsys, "chapter", f, 2)[0] == 0      # the way on: a chapter (L227)
    # the next game: the last game's player count, seed = games so far, the strongest bots
    rc, out, _ = run(capsys, "next", f)
    assert rc == 0 and "campaign game 2" in out and "strongest" in out
    assert [(g["num_players"], g["seed"]) for g in Campaign.load(f).games] == [(2, 6), (2, 1)]
    rc, out, _ = run(capsys, "show", f)
    assert rc == 0 and "2 game(s) recorded" in out and "game 2: 2 players, seed 1" in out
    rc, out, _ = run(capsys, "show", f, "--json")
    assert rc == 0 and json.loads(out)["games"] == 2


def test_new_keeps_an_existing_file_unless_forced(tmp_path, capsys):
    f = tmp_path / "camp.json"
    f.write_text("keep me")
    rc, _, err = run(capsys, "new", f)
    assert rc == 2 and "exists" in err and f.read_text() == "keep me"
    assert run(capsys, "new", f, "--force")[0] == 0
    assert Campaign.load(f).games == []


def test_chapter(tmp_path, capsys):
    f = tmp_path / "camp.json"
    numbers = Campaign.new().catalog.story_numbers
    missing = next(n for n in range(2, 12) if 78 + n not in numbers)
    rc, _, err = run(capsys, "chapter", f, missing)
    assert rc == 2 and f"card {78 + missing} is not in story.toml" in err and len(err.splitlines()) == 1
    assert not f.exists()
    rc, _, err = run(capsys, "chapter", f, 12)
    assert rc == 2 and "allowed: 2..11" in err
    if 80 not in numbers:
        return
    rc, out, _ = run(capsys, "chapter", f, 2)            # the data has chapter 2's card 80
    assert rc == 0 and "story card 80" in out
    assert run(capsys, "next", f, "--players", 2, "--agents", "random")[0] == 0
    c = Campaign.load(f)
    assert c.chapter == 2 and c.games[0]["story"][0] == [80, "drawn"]


@pytest.mark.parametrize("argv, message", [
    (["show", "{dir}/nope.json"], "cannot read campaign file"),
    (["next", "{dir}/nope.json"], "cannot read campaign file"),
    (["show", "{dir}/bad.json"], "not valid JSON"),
    (["show", "{dir}/other.json"], "not a campaign file"),
    (["next", "{dir}/camp.json", "--agents", "bogus"], "unknown agent spec 'bogus'"),
    (["next", "{dir}/camp.json", "--agents", "jean:hard"], "solo opponent"),
    (["next", "{dir}/camp.json", "--agents", "random,random,random"], "1..2 agent specs"),
    (["next", "{dir}/camp.json", "--players", "0"], "allowed: 1..4"),
    (["next", "{dir}/camp.json", "--option", "legacy=L6"], "come from the archive"),
    (["next", "{dir}/camp.json", "--option", "bogus"], "unknown option 'bogus'"),
    (["new", "{dir}/no/such/dir/c.json"], "No such file or directory"),
])
def test_errors_are_one_clean_line(tmp_path, capsys, argv, message):
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    Campaign.new().save(tmp_path / "camp.json")
    before = (tmp_path / "camp.json").read_text()
    rc, out, err = run(capsys, *[a.format(dir=tmp_path) for a in argv])
    assert rc == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert (tmp_path / "camp.json").read_text() == before     # nothing recorded


def play(argv, answers=None):
    """`maracaibo play` in-process; answers (default: always "1") then EOF."""
    out = io.StringIO()
    lines = iter(answers) if answers is not None else iter(lambda: "1", None)

    def input_fn(prompt):
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    args = build_parser().parse_args(["play", *map(str, argv)])
    return terminal.main(args, input_fn=input_fn, console=Console(file=out, width=120)), out.getvalue()


def test_play_campaign_records_the_game(tmp_path, capsys):
    f = tmp_path / "camp.json"
    Campaign.new().save(f)
    rc, text = play(["--campaign", f, "--opponents", "random", "--seed", 3])
    assert rc == 0 and f"recorded into {f}" in text and "campaign game 1" in text
    [game] = Campaign.load(f).games
    assert game["seed"] == 3 and game["story"][0] == [1, "drawn"]


def test_play_campaign_saved_and_resumed(tmp_path, capsys):
    f, save = tmp_path / "camp.json", tmp_path / "game.json"
    Campaign.new().save(f)
    rc, text = play(["--campaign", f, "--opponents", "random", "--seed", 4], ["1", "1", f"quit {save}"])
    assert rc == 0 and "nothing recorded" in text
    assert Campaign.load(f).games == [] and Campaign.load(f).to_dict()["open"] is not None
    rc, text = play(["--resume", save, "--campaign", f])
    assert rc == 0 and f"recorded into {f}" in text
    assert len(Campaign.load(f).games) == 1
    rc, _ = play(["--resume", save, "--campaign", f])     # recorded already: refused
    assert rc == 2 and "is not the game in play" in capsys.readouterr().err


def test_play_campaign_records_only_its_own_game(tmp_path, capsys):
    a, b, save = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "game.json"
    Campaign.new().save(a)
    Campaign.new().save(b)
    play(["--campaign", a, "--opponents", "random", "--seed", 4], [f"quit {save}"])
    play(["--campaign", b, "--opponents", "random", "--seed", 5], ["quit"])    # b hands out another game
    before = b.read_text()
    rc, _ = play(["--resume", save, "--campaign", b])
    assert rc == 2 and "not recorded in" in capsys.readouterr().err
    assert b.read_text() == before


def test_play_campaign_is_maracaibos(tmp_path, capsys):
    f = tmp_path / "camp.json"
    Campaign.new().save(f)
    rc, _ = play(["--game", "pirates", "--campaign", f])
    assert rc == 2 and "--campaign is Maracaibo's campaign" in capsys.readouterr().err

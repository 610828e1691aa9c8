"""The game registry (maracaibo_env.registry): every registered game is made,
named and replayed through it, and a third game registered here (a dummy,
defined only in this file) is found by make, the replay loader, the CLI and
the web app's game list without a change anywhere else."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import maracaibo_env
from maracaibo_env import Game
from maracaibo_env.agents.adapter import get_adapter
from maracaibo_env.maracaibo.match import MaracaiboAdapter
from maracaibo_env.registry import (GameInfo, UnknownGameError, available_games, game_class,
                                    game_for_replay_format, game_id_of, game_info, register,
                                    registered, replay_formats, unregister)
from maracaibo_env.framework.replay import ReplayError, load_replay_rows, replay_rows

GAMES = available_games()     # the games registered by the package (before any test adds one)


def _played(gid: str, n: int = 2, seed: int = 5, moves: int = 60):
    """A game of `gid` with `moves` random decisions (fewer if it ends)."""
    g = maracaibo_env.make(gid, n, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.step(int(rng.choice(g.legal_actions())))
    return g


# ---- the registered games -----------------------------------------------------------------------
def test_the_package_registers_both_games():
    assert GAMES[:2] == ("maracaibo", "pirates")
    assert maracaibo_env.available_games() == available_games()
    assert "available_games" in maracaibo_env.__all__ and "make" in maracaibo_env.__all__


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_is_made_and_named_through_the_registry(gid):
    info = game_info(gid)
    g = maracaibo_env.make(gid, 2, seed=1)
    cls = game_class(gid)
    assert type(g) is cls and g.num_players == 2
    assert game_id_of(g) == gid and game_id_of(cls) == gid
    assert cls.REPLAY_FORMAT == info.replay_format
    assert game_for_replay_format(info.replay_format) == gid
    ad = get_adapter(gid)
    assert ad is get_adapter(gid)                    # one adapter object per game
    assert (ad.name, ad.title) == (gid, info.title) and ad.game_class() is cls
    assert ad.parse_spec(info.hint_agent) is not None
    if info.solo_opponent:
        solo = maracaibo_env.make(gid, 1, seed=1)
        assert solo.solo and isinstance(getattr(solo, info.solo_log)(), list)


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_round_trips_its_replay_through_the_format_lookup(gid):
    g = _played(gid)
    rows = json.loads(json.dumps(replay_rows(g)))
    assert rows[0]["format"] == game_info(gid).replay_format
    h, final = load_replay_rows(rows, f"{gid}.jsonl", partial=True)
    assert type(h) is type(g) and final is None
    assert h.history == g.history and np.array_equal(h.state, g.state)


def test_game_id_of_a_subclass_is_its_registered_parent():
    class Variant(Game):
        pass
    assert game_id_of(Variant) == "maracaibo"


def test_unknown_ids_list_the_known_ones():
    known = ", ".join(available_games())
    for call in (lambda: game_info("chess"), lambda: game_class("chess"), lambda: maracaibo_env.make("chess"),
                 lambda: get_adapter("chess")):
        with pytest.raises(UnknownGameError, match=f"unknown game 'chess'; known: {known}"):
            call()
    with pytest.raises(ValueError, match="known: maracaibo-replay, pirates-replay"):
        game_for_replay_format("chess-replay")
    with pytest.raises(UnknownGameError, match="not a registered game's class"):
        game_id_of(object())
    with pytest.raises(ReplayError, match="'pirates-replay'"):
        load_replay_rows([{"format": "chess-replay"}], "x.jsonl")


def test_register_refuses_a_taken_id_or_format():
    with pytest.raises(ValueError, match="already registered"):
        register(GameInfo(id="maracaibo", title="again", game=Game, replay_format="other-replay"))
    with pytest.raises(ValueError, match="already 'maracaibo'"):
        register(GameInfo(id="other", title="other", game=Game, replay_format="maracaibo-replay"))
    with pytest.raises(ValueError, match="lower-case identifier"):
        GameInfo(id="Two Words", title="x", game=Game, replay_format="x")
    assert available_games() == GAMES


def test_the_registry_imports_no_engine():
    # registry.py itself imports only the standard library ...
    tree = ast.parse(Path(maracaibo_env.registry.__file__).read_text())
    modules = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names} | \
              {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert modules <= {"__future__", "importlib", "sys", "contextlib", "dataclasses", "typing"}
    # ... and asking it about the games loads no other game's engine
    code = ("import sys, maracaibo_env\n"
            "from maracaibo_env.registry import available_games, game_info, game_for_replay_format\n"
            "assert [game_info(g).title for g in available_games()]\n"
            "assert game_for_replay_format('pirates-replay') == 'pirates'\n"
            # each game's folder holds its row (info.py): only that light module of it is loaded
            "assert not [m for m in sys.modules if m.startswith('maracaibo_env.pirates')\n"
            "            and m not in ('maracaibo_env.pirates', 'maracaibo_env.pirates.info')], sys.modules\n"
            "assert 'numba' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)


# ---- a third game, registered here only ------------------------------------------------------------
class DummyGame(Game):
    """Maracaibo's rules under another id and another replay format."""
    REPLAY_FORMAT, REPLAY_VERSION = "dummy-replay", 1


class DummyAdapter(MaracaiboAdapter):
    name, title = "dummy", "Dummy"

    def game_class(self):
        return DummyGame


DUMMY = GameInfo(id="dummy", title="Dummy", game=DummyGame, replay_format="dummy-replay",
                 adapter=DummyAdapter, hint_agent="random", solo_opponent="Jean", solo_log="jean_log")


@pytest.fixture
def dummy():
    with registered(DUMMY):
        yield DUMMY
    assert "dummy" not in available_games()


def test_a_dummy_game_is_found_by_make_and_the_replay_loader(dummy):
    assert available_games() == GAMES + ("dummy",) == maracaibo_env.available_games()
    assert replay_formats()[-1] == "dummy-replay"
    g = maracaibo_env.make("dummy", 2, seed=3)
    assert type(g) is DummyGame and game_id_of(g) == "dummy" and game_id_of(Game) == "maracaibo"
    for _ in range(40):
        g.step(int(np.random.default_rng(len(g.history)).choice(g.legal_actions())))
    rows = replay_rows(g)
    assert rows[0]["format"] == "dummy-replay"
    h, _ = load_replay_rows(rows, "dummy.jsonl", partial=True)
    assert type(h) is DummyGame and h.history == g.history and np.array_equal(h.state, g.state)
    assert get_adapter("dummy").game_class() is DummyGame


def test_a_dummy_game_plays_in_the_cli_demo_and_replays(dummy, tmp_path, capsys):
    from maracaibo_env.cli import main
    path = tmp_path / "d.jsonl"
    assert main(["demo", "--game", "dummy", "--players", "2", "--seed", "1", "--replay", str(path)]) == 0
    assert "Dummy demo: 2 random players" in capsys.readouterr().out
    assert json.loads(path.read_text().splitlines()[0])["format"] == "dummy-replay"
    assert main(["replay", str(path)]) == 0
    assert "replay OK" in capsys.readouterr().out


def test_a_dummy_game_is_on_the_web_page_list(dummy):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient
    from maracaibo_env.play.web.app import create_app
    client = TestClient(create_app(bot_workers=1), base_url="http://127.0.0.1")   # no lifespan: no workers
    games = client.get("/api/meta").json()["games"]
    assert games == [{"id": g, "title": game_info(g).title} for g in available_games()]
    assert games[-1] == {"id": "dummy", "title": "Dummy"}


def test_an_unregistered_game_is_gone(tmp_path):
    with registered(DUMMY):
        rows = replay_rows(_dummy_game())
    assert "dummy" not in available_games()
    with pytest.raises(ReplayError, match="got {'format': 'dummy-replay'"):
        load_replay_rows(rows, "dummy.jsonl", partial=True)
    with pytest.raises(UnknownGameError):
        unregister("dummy")


def _dummy_game():
    g = maracaibo_env.make("dummy", 2, seed=2)
    g.step(g.legal_actions()[0])
    return g

"""Issue 38 item 2: GameResult is game-neutral. What only one game records
(Maracaibo's career cards and story card) is in ``details``, under keys its
adapter documents (``result_details``) and reads (``taken``, ``story_of``,
``setup_of``); the tournament store keeps writing the careers and story
columns as before, so files written before and after the change read the same."""
import dataclasses
import json
import sqlite3
from types import SimpleNamespace

import pytest

from maracaibo_env.agents.adapter import get_adapter
from maracaibo_env.framework.match import OLD_FIELDS, GameResult
from maracaibo_env.registry import available_games
from maracaibo_env.tournament import TournamentConfig, load_results
from maracaibo_env.tournament.store import connect, create_tournament, insert_game


def _result(game="maracaibo", **kw):
    return GameResult(seed=4, specs=["random", "balanced"], scores=[50, 60], winners=[1],
                      breakdown=[{}, {}], decisions=9, turns=[[1, 2, 3, 4]] * 2, events=[(0, "card", 3, 1)],
                      game=game, **kw)


def test_the_fields_are_the_same_for_every_game():
    names = [f.name for f in dataclasses.fields(GameResult)]
    assert not set(OLD_FIELDS) & set(names)
    assert names == ["seed", "specs", "scores", "winners", "breakdown", "decisions", "turns", "events",
                     "difficulty", "data_hash", "history", "game", "details"]
    assert _result().details == {}


@pytest.mark.parametrize("game", available_games())
def test_each_game_writes_the_details_its_adapter_documents(game):
    ad = get_adapter(game)
    specs = ["random", "random"]
    r = ad.play_job(SimpleNamespace(specs=specs, seed=2, difficulty=None, story=ad.default_story,
                                    record_history=False, engine="auto", data_dir=None, options=()))
    assert set(r.details) == set(ad.result_details)
    assert ad.story_of(r) == ad.default_story
    assert GameResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_maracaibo_details_are_read_through_its_adapter():
    ad = get_adapter("maracaibo")
    r = _result(details={"careers": [3, -1], "story": 77})
    assert ad.story_of(r) == 77
    assert ad.taken(r, 0)["career"] == {3: 0} and ad.taken(r, 1)["career"] == {}
    assert ad.taken(r, 0)["story"] == {2: 0}            # 77: the third story card
    assert ad.setup_of(r, {}) == (2, {"story": 77})
    assert get_adapter("pirates").story_of(_result("pirates")) == 0


def test_a_result_dict_from_before_details_reads_the_same():
    old = {**_result().to_dict(), "careers": [1, 2], "story": 76}
    del old["details"]
    assert GameResult.from_dict(old).details == {"careers": [1, 2], "story": 76}
    # Pirates wrote no careers and story 0: it records no details
    old_p = {**_result("pirates").to_dict(), "careers": [], "story": 0}
    del old_p["details"]
    assert GameResult.from_dict(old_p).details == {}


def _stored(tmp_path, results, game="maracaibo"):
    db = tmp_path / "t.sqlite"
    con = connect(db)
    agents = ("random", get_adapter(game).default_agents[0])
    cfg = TournamentConfig(agents=agents, game=game).normalized().to_dict()
    tid = create_tournament(con, cfg, [("random", "random", "agent")], len(results), "0", "", game=game)
    for i, r in enumerate(results):
        assert insert_game(con, tid, SimpleNamespace(key=f"k{i}", index=i, lineup="x", deal=i), r, 0.1, "0")
    con.close()
    return db


def _columns(db):
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT careers, story, extra FROM games ORDER BY job_index").fetchall()
    finally:
        con.close()


def test_the_store_keeps_the_careers_and_story_columns(tmp_path):
    rs = [_result(details={"careers": [3, 5], "story": 76}),
          _result(details={"careers": [0, 1], "story": 75, "new_key": [1, 2]})]
    db = _stored(tmp_path, rs)
    # the columns as the store always wrote them; a key without a column goes to extra
    assert _columns(db) == [("[3,5]", 76, "{}"), ("[0,1]", 75, '{"details":{"new_key":[1,2]}}')]
    assert load_results(db) == rs


def test_pirates_rows_are_written_as_before(tmp_path):
    r = _result("pirates")
    db = _stored(tmp_path, [r], game="pirates")
    assert _columns(db) == [("[]", 0, "{}")]            # no careers, story 0
    assert load_results(db) == [r]


def test_a_row_written_before_details_reads_into_details(tmp_path):
    db = _stored(tmp_path, [_result(details={"careers": [3, 5], "story": 76})])
    con = sqlite3.connect(db)       # a row as the store wrote it before details (the same columns)
    con.execute("UPDATE games SET careers = '[7,-1]', story = 77, extra = '{}'")
    con.commit()
    con.close()
    (r,) = load_results(db)
    assert r.details == {"careers": [7, -1], "story": 77}

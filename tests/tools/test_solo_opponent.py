"""Issue 23: the solo opponent is one concept for every game. Both Game
classes answer ``solo_log()`` (the same as their ``jean_log`` / ``jordan_log``),
the agent table says which spec is a game's solo opponent, and tournaments
report a solo game the same way for both games: Maracaibo's jean:<level>
(the solo format) and Pirates' jordan:<k> (a pairing with him)."""
import numpy as np
import pytest

import maracaibo_env
from maracaibo_env.agents.adapter import get_adapter
from maracaibo_env.agents.registry import (AgentSpecError, solo_levels, solo_opponent,
                                          solo_spec)
from maracaibo_env.framework.match import GameResult
from maracaibo_env.registry import available_games, game_info


# ---------------------------------------------------------------- solo_log

@pytest.mark.parametrize("gid", available_games())
def test_solo_log_is_the_game_named_log(gid):
    named = getattr(type(maracaibo_env.make(gid, 2, seed=1)), game_info(gid).solo_log)
    assert maracaibo_env.make(gid, 2, seed=1).solo_log() == []          # no solo opponent
    g = maracaibo_env.make(gid, 1, seed=3)
    rng = np.random.default_rng(0)
    seen = 0
    while not g.is_over and seen < 4:
        legal = g.legal_actions()
        g.step(legal[rng.integers(len(legal))])
        assert g.solo_log() == named(g)
        seen += bool(g.solo_log())
    assert seen, "the solo opponent never played a turn"


# ---------------------------------------------------------------- the agent table

def test_the_table_names_each_games_solo_opponent():
    assert solo_levels("maracaibo") == ["very_easy", "easy", "medium", "hard", "very_hard"]
    assert solo_levels("pirates") == [str(k) for k in range(7)]
    assert solo_spec("maracaibo", "hard") == "jean:hard" and solo_spec("pirates", 3) == "jordan:3"
    with pytest.raises(AgentSpecError):
        solo_spec("pirates", 9)
    i, spec = solo_opponent(["balanced", "jean:hard"], "maracaibo")
    assert (i, spec.kind, spec.arg) == (1, "jean", "hard")
    i, spec = solo_opponent(["jordan:2", "raider"], "pirates")
    assert (i, spec.kind, spec.arg) == (0, "jordan", "2")
    assert solo_opponent(["raider", "random"], "pirates") is None
    assert solo_opponent(["jean:hard", "raider"], "pirates") is None         # another game's
    # other kinds' texts are never parsed (a python: class would be imported)
    assert solo_opponent(["python:no_such_module:X", "random"], "maracaibo") is None
    assert get_adapter("maracaibo").solo and get_adapter("pirates").solo
    # issue 24: both games have the solo format (--format solo, balance --solo); only
    # Pirates also plays its opponent in a line-up (jordan:<k> in a pairing)
    assert get_adapter("maracaibo").solo_format and get_adapter("pirates").solo_format
    assert get_adapter("pirates").solo_lineup and not get_adapter("maracaibo").solo_lineup


def _maracaibo_solo_json():
    """A Maracaibo solo GameResult as stored today (difficulty and specs)."""
    return {"seed": 5, "specs": ["balanced", "jean:hard"], "scores": [90, 95], "winners": [1],
            "breakdown": [{}, {}], "decisions": 10, "turns": [[1, 1, 1, 1]] * 2,
            "careers": [0, -1], "events": [], "story": 76, "difficulty": "hard",
            "data_hash": "", "history": None, "game": "maracaibo"}


def test_stored_maracaibo_solo_results_read_as_before():
    from maracaibo_env.tournament import ratings as R
    r = GameResult.from_dict(_maracaibo_solo_json())
    assert R.solo_of(r) == R.Solo(0, 1, "jean:hard", "hard")
    (row,) = R.solo_table([r])
    assert (row.agent, row.level, row.wins.count, row.mean_score, row.mean_jean) == \
        ("balanced", "hard", 0, 90, 95)
    assert row.mean_opponent == 95 and row.opponent == "jean:hard"
    assert get_adapter("maracaibo").setup_of(r, {}) == (1, {"difficulty": "hard", "story": 76})
    # a hand-made result with a difficulty and no jean spec is still Jean's game
    bare = GameResult.from_dict({**_maracaibo_solo_json(), "specs": ["balanced"]})
    assert R.solo_of(bare) == R.Solo(0, 1, "jean:hard", "hard")


def test_a_pirates_solo_result_recreates_its_game():
    from maracaibo_env.pirates import Game
    r = GameResult(seed=2, specs=["jordan:4", "raider"], scores=[1, 2], winners=[1],
                   breakdown=[{}, {}], decisions=0, turns=[], events=[], game="pirates")
    n, kw = get_adapter("pirates").setup_of(r, {"rubies": True})
    assert (n, kw) == (1, {"rubies": True, "difficulty": 4})
    assert Game(n, seed=r.seed, **kw).solo


# ---------------------------------------------------------------- a Pirates tournament

@pytest.fixture(scope="module")
def jordan_db(tmp_path_factory):
    pytest.importorskip("openskill")
    pytest.importorskip("statsmodels")
    from maracaibo_env.tournament import TournamentConfig, run_tournament
    db = tmp_path_factory.mktemp("jordan") / "j.sqlite"
    run_tournament(TournamentConfig(agents=("random", "jordan:0"), games=2, seed=1, game="pirates",
                                    replays=True), db, progress=False)
    return db


def test_a_pirates_tournament_with_jordan_has_the_solo_section(jordan_db):
    from maracaibo_env.tournament import load_results
    from maracaibo_env.tournament.report import build_report
    results = load_results(jordan_db)
    assert len(results) == 4 and {tuple(sorted(r.specs)) for r in results} == {("jordan:0", "random")}
    # the counts, independently from the stored results
    games = wins = mine = his = 0
    for r in results:
        j = r.specs.index("jordan:0")
        a = 1 - j
        games += 1
        wins += r.winners == [a]
        mine += r.scores[a]
        his += r.scores[j]
    rep = build_report(jordan_db, bootstrap=10)
    d = rep.to_dict()
    (row,) = d["solo"]
    assert (row["agent"], row["level"], row["opponent"]) == ("random", "0", "jordan:0")
    assert (row["games"], row["credit"]) == (games, wins)
    assert row["mean_score"] == pytest.approx(mine / games)
    assert row["mean_jean"] == row["mean_opponent"] == pytest.approx(his / games)
    # Jordan is rated as Jean is (openskill) and is in no multi-player table
    assert {s["agent"] for s in d["openskill"]} == {"random", "jordan:0"}
    assert d["agents"] == {} and d["pairwise"] == [] and d["bradley_terry"] is None
    assert d["vp_by_source"] == {} and d["length"]["games"] == 0


def test_the_pirates_solo_report_text_and_stored_roles(jordan_db):
    import sqlite3
    from rich.console import Console
    from maracaibo_env.tournament.report import build_report
    console = Console(width=200, record=True)
    build_report(jordan_db, bootstrap=10).print(console)
    text = " ".join(console.export_text().split())          # the tables wrap their titles
    assert "Solo against Jordan:" in text and "a tie goes to Jordan;" in text
    assert "replay the same game" in text and "Jean" not in text
    con = sqlite3.connect(jordan_db)
    roles = dict(con.execute("SELECT spec, role FROM agents").fetchall())
    con.close()
    assert roles == {"random": "agent", "jordan:0": "opponent"}


def test_a_stored_pirates_solo_game_replays_with_its_setup(jordan_db):
    from maracaibo_env.pirates import Game
    from maracaibo_env.tournament import load_results
    for r in load_results(jordan_db):
        n, kw = get_adapter("pirates").setup_of(r, {})
        g = Game(n, seed=r.seed, **kw)
        for a in r.history:
            g.step(a)
        j = r.specs.index("jordan:0")
        assert g.is_over and g.scores() == [r.scores[1 - j], r.scores[j]]

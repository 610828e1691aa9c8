"""Issue 24: the solo format is every game's that has a solo opponent, read
from the agent table. Pirates plays ``--format solo --levels 0 3`` against
Jordan (one game per deal and level; the result records [agent, jordan:<k>]
and k as text in ``difficulty``), a Pirates balance run takes ``--solo``, and
the balance report's solo section names the opponent (Maracaibo's keys stay
``jean_*``, Pirates' are ``jordan_*``). Pirates results stored from a line-up
``agent,jordan:<k>`` (difficulty None) are still solo games."""
import json
from collections import defaultdict

import pytest

from maracaibo_env.agents.registry import AgentSpecError
from maracaibo_env.framework.match import GameResult
from maracaibo_env.tournament import TournamentConfig
from maracaibo_env.tournament.formats import ScheduleError

LEVELS = ("0", "3")
AGENTS = ("raider", "random")


def _by_cell(results):
    """{(agent, level): [games, agent's wins, agent's VP, Jordan's VP]}, read from the
    results alone: Jordan is the jordan:<k> spec, the agent the other one."""
    acc = defaultdict(lambda: [0, 0, 0, 0])
    for r in results:
        j = next(i for i, s in enumerate(r.specs) if s.startswith("jordan:"))
        a = 1 - j
        e = acc[(r.specs[a], r.specs[j].split(":")[1])]
        e[0] += 1
        e[1] += r.scores[a] > r.scores[j]
        e[2] += r.scores[a]
        e[3] += r.scores[j]
    return acc


# ---------------------------------------------------------------- schedules

def test_the_pirates_solo_format_schedules_one_game_per_deal_and_level():
    c = TournamentConfig(agents=AGENTS, format="solo", levels=(0, 3), games=2, seed=1,
                         game="pirates").normalized()
    assert (c.format, c.players, c.levels) == ("solo", 1, LEVELS)   # ints read as Jordan's levels
    jobs = c.jobs()
    assert len(jobs) == len(AGENTS) * len(LEVELS) * 2                 # not twice: one seating
    assert {(j.specs, j.difficulty) for j in jobs} == {((a,), lv) for a in AGENTS for lv in LEVELS}
    assert jobs[0].key == "solo|raider|level=0|deal=0"
    assert TournamentConfig.from_dict(c.to_dict()) == c
    # Maracaibo's default levels are Jean's five, as before
    m = TournamentConfig(agents=("random",), players=1).normalized()
    assert m.levels == ("very_easy", "easy", "medium", "hard", "very_hard")


def test_solo_settings_that_are_refused():
    with pytest.raises(AgentSpecError, match="'jordan:0' is the solo opponent.*Jordan's levels"):
        TournamentConfig(agents=("raider", "jordan:0"), format="solo", game="pirates").normalized()
    with pytest.raises(AgentSpecError, match="'jean:hard' is the solo opponent.*Jean's levels"):
        TournamentConfig(agents=("random", "jean:hard")).normalized()
    with pytest.raises(ScheduleError, match="unknown level.* 7 of Jordan; known: 0, 1, 2"):
        TournamentConfig(agents=("raider",), players=1, levels=("7",), game="pirates").normalized()
    with pytest.raises(ScheduleError, match="1 player \\(against Jordan\\)"):
        TournamentConfig(agents=("raider",), format="solo", players=2, game="pirates").normalized()
    with pytest.raises(ScheduleError, match="Jordan's levels"):
        TournamentConfig(agents=("raider", "random"), levels=("3",), game="pirates").normalized()
    # the level is --levels' to choose, not an option's
    with pytest.raises(ScheduleError, match="'difficulty' is Jordan's level"):
        TournamentConfig(agents=("raider",), format="solo", game="pirates",
                         options={"difficulty": 3}).normalized()
    with pytest.raises(ScheduleError, match="'difficulty' is Jean's level"):
        TournamentConfig(agents=("random",), format="solo", options={"difficulty": "hard"}).normalized()
    # the line-up form of Pirates still schedules (both seatings of the pairing)
    c = TournamentConfig(agents=("raider", "jordan:0"), games=1, game="pirates").normalized()
    assert [j.specs for j in c.jobs()] == [("raider", "jordan:0"), ("jordan:0", "raider")]


def test_a_line_up_solo_game_records_jordan_s_level():
    from maracaibo_env.pirates.match import play_pirates_match
    a = play_pirates_match(["jordan:2", "random"], 11)
    b = play_pirates_match(["random", "jordan:2"], 11)
    assert a.specs == ["jordan:2", "random"] and a.difficulty == b.difficulty == "2"
    assert a.scores == b.scores[::-1] and a.num_players == b.num_players == 1


# ---------------------------------------------------------------- a tiny solo tournament

@pytest.fixture(scope="module")
def solo_db(tmp_path_factory):
    pytest.importorskip("openskill")
    pytest.importorskip("statsmodels")
    from maracaibo_env.tournament.cli import run as cli_run
    d = tmp_path_factory.mktemp("psolo")
    db, out = d / "s.sqlite", d / "s.json"
    assert cli_run(["--game", "pirates", "--format", "solo", "--agents", ",".join(AGENTS),
                    "--levels", *LEVELS, "--games", "2", "--seed", "4", "--db", str(db),
                    "--json", str(out), "--bootstrap", "0", "--no-progress"]) == 0
    return db, json.loads(out.read_text())


def test_the_pirates_solo_tournament_stores_and_reports_each_game_once(solo_db):
    import sqlite3
    from maracaibo_env.pirates.match import play_pirates_match
    from maracaibo_env.tournament import load_results
    db, rep = solo_db
    results = load_results(db)
    assert len(results) == len(AGENTS) * len(LEVELS) * 2
    for r in results:
        assert r.game == "pirates" and r.specs[1] == f"jordan:{r.difficulty}"
        assert r.specs[0] in AGENTS and r.difficulty in LEVELS and r.num_players == 1
    # the solo format plays the game a line-up of the agent and Jordan plays
    r = results[0]
    again = play_pirates_match(r.specs, r.seed)
    assert (again.scores, again.winners, again.difficulty) == (r.scores, r.winners, r.difficulty)
    # the table, against the counts computed from the stored results
    cells = _by_cell(results)
    assert {(x["agent"], x["level"]) for x in rep["solo"]} == set(cells)
    for x in rep["solo"]:
        n, w, mine, his = cells[(x["agent"], x["level"])]
        assert x["opponent"] == f"jordan:{x['level']}"
        assert (x["games"], x["credit"]) == (n, w)
        assert x["mean_score"] == pytest.approx(mine / n)
        assert x["mean_opponent"] == x["mean_jean"] == pytest.approx(his / n)
    assert rep["agents"] == {} and rep["pairwise"] == [] and rep["bradley_terry"] is None
    con = sqlite3.connect(db)
    roles = dict(con.execute("SELECT spec, role FROM agents").fetchall())
    con.close()
    assert roles == {"raider": "agent", "random": "agent", "jordan:0": "opponent",
                     "jordan:3": "opponent"}


def test_the_pirates_solo_tournament_text(solo_db):
    from rich.console import Console
    from maracaibo_env.tournament.report import build_report
    db, _ = solo_db
    console = Console(width=200, record=True)
    build_report(db, bootstrap=0).print(console)
    text = " ".join(console.export_text().split())
    assert "format solo, 1 player" in text and "per agent and level" in text
    assert "at every level of Jordan" in text and "Solo against Jordan:" in text
    assert "Jean" not in text


# ---------------------------------------------------------------- a tiny balance run

@pytest.fixture(scope="module")
def balance_run(tmp_path_factory):
    pytest.importorskip("matplotlib")
    from maracaibo_env.balance.cli import run as balance_cli
    d = tmp_path_factory.mktemp("pbal")
    out = d / "rep"
    assert balance_cli(["--game", "pirates", "--games", "1", "--players", "2", "--solo",
                        "--levels", ",".join(LEVELS), "--agents", ",".join(AGENTS), "--seed", "2",
                        "--no-progress", "--db", str(d / "b.sqlite"), "--out", str(out)]) == 0
    return d, out


def test_a_pirates_balance_run_with_solo(balance_run):
    from maracaibo_env.balance import load_report
    from maracaibo_env.balance.runner import read_db
    d, out = balance_run
    assert sorted(p.name for p in d.glob("*.sqlite")) == ["b-2p.sqlite", "b-solo.sqlite"]
    results, _ = read_db([d / "b.sqlite"])
    solo = [r for r in results if r.difficulty is not None]
    assert len(solo) == len(AGENTS) * len(LEVELS)
    a = load_report(out / "balance.json")
    s = a["solo"]
    assert (s["opponent"], s["key"]) == ("Jordan", "jordan") and list(s["levels"]) == list(LEVELS)
    assert "jordan.toml" in s["note"]
    assert a["meta"]["solo_games"] == {lv: len(AGENTS) for lv in LEVELS}
    assert a["meta"]["player_counts"] == [1, 2] and a["meta"]["multiplayer_games"] == {"2p": 2}
    # every solo figure against the stored results
    cells = _by_cell(solo)
    for lv in LEVELS:
        block = s["levels"][lv]
        his = [r.scores[1] for r in solo if r.difficulty == lv]
        assert block["games"] == len(his)
        assert block["jordan_vp"]["mean"] == pytest.approx(sum(his) / len(his))
        assert a["metrics"][f"solo/{lv}/jordan_vp"]["mean"] == pytest.approx(sum(his) / len(his))
        for ag in AGENTS:
            n, w, mine, jv = cells[(ag, lv)]
            x = block["agents"][ag]
            assert (x["games"], x["win"]["k"], x["win"]["n"]) == (n, w, n)
            assert x["vp"]["mean"] == pytest.approx(mine / n)
            assert x["jordan_vp"]["mean"] == pytest.approx(jv / n)
            assert a["metrics"][f"solo/{lv}/{ag}/win"]["k"] == w
        for src, m in block["jordan_sources"].items():
            assert m["mean"] == pytest.approx(
                sum(r.breakdown[1].get(src, 0) for r in solo if r.difficulty == lv) / len(his))
    assert len(a["length"]["1p"]["jordan_turns_per_round"]) == 3
    assert not any("jean" in k for k in a["metrics"])
    # the solo games are in no multi-player section
    assert set(a["seats"]) == {"2p"} and set(a["strategies"]["ratings"]) == set(AGENTS)
    md = (out / "balance.md").read_text()
    assert "## Solo against Jordan" in md and "### Jordan at level 3" in md
    assert "beats Jordan [95% CI]" in md and "Jordan's mean VP by source" in md
    assert "solo games (Jordan's level)" in md and "Jean" not in md
    html = (out / "balance.html").read_text()
    assert "<h2>Solo against Jordan</h2>" in html and "Jean" not in html


def test_two_pirates_reports_with_solo_compare(balance_run):
    from maracaibo_env.balance import compare_reports, load_report
    from maracaibo_env.balance.compare import render_markdown
    _, out = balance_run
    a = load_report(out / "balance.json")
    c = compare_reports(a, a)
    assert c["game"] == "pirates" and "solo/3/jordan_vp" in {r["key"] for r in c["rows"]}
    assert "## Solo against Jordan" in render_markdown(c)


# ---------------------------------------------------------------- stored results

def _result(specs, scores, difficulty=None, game="pirates"):
    n = len(specs)
    return GameResult(seed=7, specs=list(specs), scores=list(scores),
                      winners=[max(range(n), key=lambda s: scores[s])], breakdown=[{"raids": v} for v in scores],
                      decisions=5, turns=[[2, 3, 4]] * n, events=[],
                      difficulty=difficulty, game=game)


def test_a_stored_pirates_line_up_solo_result_is_still_solo():
    from maracaibo_env.balance.analysis import analyze
    from maracaibo_env.tournament import ratings as R
    # as a line-up tournament stored it before the solo format: Jordan first, no difficulty
    from maracaibo_env.tournament.store import result_from_dict
    old = result_from_dict({**_result(["jordan:2", "raider"], [90, 80]).to_dict(), "difficulty": None})
    assert R.solo_of(old) == R.Solo(1, 0, "jordan:2", "2") and old.num_players == 1
    new = _result(["raider", "jordan:2"], [95, 70], difficulty="2")
    (row,) = R.solo_table([old, new])
    assert (row.agent, row.level, row.wins.count, row.wins.n) == ("raider", "2", 1, 2)
    assert (row.mean_score, row.mean_opponent) == (87.5, 80)
    duel = _result(["raider", "random"], [50, 60])
    a = analyze([old, new, duel], min_takers=1)
    lv = a["solo"]["levels"]["2"]
    assert lv["games"] == 2 and lv["jordan_vp"]["mean"] == 80
    assert lv["agents"]["raider"]["win"]["k"] == 1 and lv["agents"]["raider"]["vp"]["mean"] == 87.5
    assert lv["jordan_sources"]["raids"]["mean"] == 80
    assert a["meta"]["solo_games"] == {"2": 2} and a["seats"]["2p"]["games"] == 1
    assert set(a["strategies"]["ratings"]) == {"raider", "random"}


def test_maracaibo_solo_keys_are_unchanged():
    from maracaibo_env.balance.analysis import analyze
    games = [GameResult(seed=s, specs=["balanced", "jean:hard"], scores=[100 + s, 102],
                        winners=[0] if s > 2 else [1], breakdown=[{"cards": 100 + s}, {"automa": 102}],
                        decisions=10, turns=[[1, 2, 3, 4], [5, 6, 7, 8]], events=[],
                        difficulty="hard", details={"careers": [0, -1], "story": 75}) for s in range(5)]
    a = analyze(games, min_takers=1)
    s = a["solo"]
    assert (s["opponent"], s["key"]) == ("Jean", "jean") and "automa.toml" in s["note"]
    hard = s["levels"]["hard"]
    assert set(hard) == {"games", "agents", "jean_vp", "jean_sources"}
    assert set(hard["agents"]["balanced"]) == {"games", "win", "vp", "jean_vp", "margin"}
    assert hard["agents"]["balanced"]["win"]["k"] == 2                 # 103, 104 beat 102
    assert {"solo/hard/jean_vp", "solo/hard/jean_source/automa", "solo/hard/balanced/win"} <= set(a["metrics"])
    assert [m["mean"] for m in a["length"]["1p"]["jean_turns_per_round"]] == [5, 6, 7, 8]

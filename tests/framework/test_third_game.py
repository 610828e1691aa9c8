"""One home per game (issue 38): a third game, Harbour Race (tests/dummy_game/,
written from scratch on the framework's public classes), registered by ONE
GameInfo row that names its parts by strings, goes through everything a game
goes through: maracaibo_env.make, the PettingZoo AEC env (framework/aec.py),
replays, a play session, the opponent ladder, a tournament and its report, a
balance analysis and report, the balance runner and the calibration. No tool
names the game: each asks the row, the game's adapter or the agent table.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

import maracaibo_env
from maracaibo_env.agents import registry as agent_registry
from maracaibo_env.framework.errors import IllegalActionError
from maracaibo_env.registry import GameInfo, available_games, game_id_of, registered

RACE = GameInfo(
    id="race", title="Harbour Race",
    game="dummy_game.game:Game", replay_format="race-replay",
    adapter="dummy_game.match:RaceAdapter",
    hint_agent="strongest", strongest={2: "greedy", 3: "greedy", 4: "greedy"},
    determinize="dummy_game.game:Game.determinize",
    view="dummy_game.view",
    agents="dummy_game.kinds",
    ladder=("random", "greedy:eps=0.5", "greedy"),
    calibration_stats="dummy_game.calibration_stats",
    calibration_targets="dummy_game:data/calibration.toml")


@pytest.fixture(scope="module", autouse=True)
def race():
    with registered(RACE):
        yield RACE
    # the game's own agent rows (GameInfo.agents, imported on the table's first use) go with
    # it: the agent table lists no kind of a game that is not registered
    assert "race" not in available_games()
    assert not [r for r in agent_registry.agent_kinds() if r.games and "race" in r.games]


def _random_game(n=3, seed=5):
    g = maracaibo_env.make("race", n, seed=seed)
    rng = np.random.default_rng(seed)
    while not g.is_over:
        g.step(int(rng.choice(g.legal_actions())))
    return g


# ---- the game through the registry ------------------------------------------------------------------
def test_make_builds_the_game_and_it_keeps_the_base_contract():
    from dummy_game.game import Game
    g = maracaibo_env.make("race", 3, seed=5)
    assert type(g) is Game and game_id_of(g) == "race" and "race" in maracaibo_env.available_games()
    assert g.legal_action_names() == ["sail:1", "sail:2", "trade"]      # seat 0 has 1 coin
    with pytest.raises(IllegalActionError, match="legal now: sail:1, sail:2, trade"):
        g.step("buy:gem")
    c = g.clone()
    g.step("sail:2")
    assert c.history == [] and g.history == [1] and not np.array_equal(c.state, g.state)
    low, high = Game.observation_bounds()
    done = _random_game()
    assert done.is_over and done.current_player == -1 and not done.action_mask().any()
    assert sum(done.score_breakdown()[0].values()) == done.scores()[0]
    assert done.winners() and all(0 <= p < 3 for p in done.winners())
    for p in range(3):
        assert ((low <= done.observe(p)) & (done.observe(p) <= high)).all()
    back = Game.from_json(json.dumps(done.to_dict()))
    assert np.array_equal(back.state, done.state) and back.scores() == done.scores()
    d = done.to_dict()
    d["state"]["players"][0]["VP"] += 1            # a state the rules cannot reach is refused
    with pytest.raises(ValueError, match="VP_SRC"):
        Game.from_dict(d)
    h = maracaibo_env.registry.determinizer("race")(g, 1, np.random.default_rng(0))
    assert np.array_equal(h.observe(1), g.observe(1)) and h.legal_actions() == g.legal_actions()


# ---- the PettingZoo AEC env (the framework's adapter with the game's description) ---------------
def test_the_aec_env_passes_pettingzoo_api_test():
    from pettingzoo.test import api_test
    from dummy_game.aec import env, raw_env
    api_test(env(num_players=3), num_cycles=200)
    e = raw_env(num_players=2, render_mode="ansi")
    e.reset(seed=4)
    assert e.metadata["name"] == "race_v0" and "Harbour Race" in e.render()
    total = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        total += reward
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.game.is_over and set(info) == {"score", "score_breakdown"}


# ---- replays ------------------------------------------------------------------------------------------
def test_a_replay_is_written_and_verified(tmp_path):
    from maracaibo_env.framework.replay import ReplayError, load_replay, verify_replay
    g = _random_game(4, seed=9)
    path = tmp_path / "race.jsonl"
    g.save_replay(path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "race-replay" and json.loads(lines[0])["setup"] == g.config
    h = verify_replay(path)
    assert h.history == g.history and h.scores() == g.scores()
    end = json.loads(lines[-1])
    end["final_scores"][0] += 1
    path.write_text("\n".join([*lines[:-1], json.dumps(end)]) + "\n")
    with pytest.raises(ReplayError, match="differ from the recorded"):
        verify_replay(path)
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:5]) + "\n")
    game, final = load_replay(part, partial=True)
    assert final is None and game.history == g.history[:4]


# ---- a play session (play/session.py with the game's view hooks, GameInfo.view) ----------------
def test_a_play_session_shows_acts_hints_undoes_and_saves(tmp_path):
    from maracaibo_env.play.session import PlaySession
    s = PlaySession("race", players=2, seat=1, opponents=["greedy"], seed=3)
    assert s.bot_to_act == 0 and not s.log                      # round 1: seat 0 first, then you
    assert s.advance() == 1 and s.human_to_act
    v = s.view()
    assert v["game"] == "race" and v["title"] == "Harbour Race" and v["rounds"] == 5
    assert [n["label"] for n in v["map"]["nodes"]][:2] == ["Quay", "Reef"]
    items = {i["name"]: i["detail"] for grp in v["actions"] for i in grp["items"]}
    assert items["sail:1"].startswith("to space") and v["players"][1]["name"] == "you"
    hint = s.hint()
    assert hint["agent"] == "strongest" and hint["name"] in items
    entry = s.act("trade")                                      # the bot answers at once
    assert entry["action"] == "trade" and entry["who"] == "you" and s.log[-1]["who"] == "greedy"
    s.undo()
    s.act(hint["name"])
    s.save(tmp_path / "s.json")
    t = PlaySession.load(tmp_path / "s.json")
    assert t.game.history == s.game.history and t.seats == s.seats and t.log == s.log
    while not s.game.is_over:
        s.act(s.game.legal_actions()[0])
    assert s.view()["final"]["sources"] == ["race", "gems", "bonus"]
    watch = PlaySession("race", players=3, seat=None, opponents=["greedy", "trader", "random"])
    while watch.step_bot() is not None:
        pass
    assert watch.game.is_over and len(watch.log) == 30


# ---- the opponent ladder -----------------------------------------------------------------------------
def test_the_ladder_is_the_rows_and_every_rung_plays():
    from maracaibo_env.agents.adapter import get_adapter
    from maracaibo_env.agents.ladder import ladder, ladders
    assert ladder("race") == ["random", "greedy:eps=0.5", "greedy"] == ladders()["race"]
    assert agent_registry.available_agents("race")[:3] == ["random", "greedy", "trader"]
    ad = get_adapter("race")
    assert not ad.solo and ad.known_specs() == agent_registry.available_agents("race")
    from dummy_game.match import play_race_match
    r = play_race_match(ladder("race"), seed=1)
    assert r.game == "race" and r.turns == [[2] * 5] * 3
    with pytest.raises(agent_registry.AgentSpecError, match="known: random, greedy, trader"):
        ad.parse_spec("balanced")


# ---- a tournament, its report, a balance analysis and report ---------------------------------------
def test_a_tournament_its_report_and_a_balance_analysis(tmp_path, capsys):
    pytest.importorskip("openskill")
    pytest.importorskip("scipy")
    from maracaibo_env.balance import analyze, write_report
    from maracaibo_env.cli import main
    from maracaibo_env.tournament import TournamentConfig, load_games, load_results, run_tournament
    from maracaibo_env.tournament.report import build_report
    db = tmp_path / "race.sqlite"
    cfg = TournamentConfig(agents=("greedy", "trader", "random"), format="ffa", players=3, games=4,
                           seed=1, engine="python", game="race", replays=True)
    tid = run_tournament(cfg, db, progress=False)
    results = load_results(db, tid)
    assert len(results) == 4 * 6 and {r.game for r in results} == {"race"}
    assert all(r.history and r.details == {} for r in results)
    games = load_games(db, tid)
    assert len(games) == len(results)
    rep = build_report(str(db), tid)
    d = rep.to_dict()
    assert d["tournament"]["game"] == "race" and set(d["agents"]) == {"greedy", "trader", "random"}
    assert set(d["vp_by_source"]["greedy"]["sources"]) == {"race", "gems", "bonus"}
    assert main(["tournament", "--show", "--db", str(db)]) == 0
    assert "Harbour Race" in capsys.readouterr().out

    a = analyze(results)
    assert a["meta"]["game"] == "race" and a["title"] == "Harbour Race balance report"
    assert set(a["components"]) == {"space", "_tests"} and len(a["components"]["space"]["items"]) == 9
    assert a["provenance"]["kinds"]["space"]["counts"]["reconstructed"] == 3
    assert a["sources_order"] == ["race", "gems", "bonus"] and a["solo"] == {}
    assert len(a["length"]["3p"]["turns_per_round"]) == 5           # rounds past IV: their number
    assert a["meta"]["duplicate"]["sets"] == 4
    paths = write_report(a, tmp_path / "report")
    md = open(paths["md"], encoding="utf-8").read()
    assert "Harbour Race balance report" in md and "turns IV | turns 5 |" in md and "bonus spaces" in md


def test_the_balance_runner_plays_the_game(tmp_path, capsys):
    pytest.importorskip("openskill")
    pytest.importorskip("scipy")
    from maracaibo_env.cli import main
    out = tmp_path / "bal"
    assert main(["balance", "--game", "race", "--players", "2,4", "--games", "1",
                 "--agents", "greedy,trader,random,greedy:eps=0.5", "--out", str(out),
                 "--no-progress"]) == 0
    a = json.loads((out / "balance.json").read_text())
    assert a["meta"]["game"] == "race" and a["meta"]["multiplayer_games"] == {"2p": 12, "4p": 24}


# ---- the calibration ------------------------------------------------------------------------------------
def test_the_calibration_measures_the_games_own_statistics(tmp_path):
    pytest.importorskip("scipy")
    pytest.importorskip("statsmodels")
    from maracaibo_env.calibration import load_targets, measure, play
    from maracaibo_env.calibration.targets import player_counts, targets_path
    from maracaibo_env.cli import main
    assert targets_path("race").parent.parent.name == "dummy_game" and player_counts("race") == (2, 3, 4)
    targets = load_targets("race")
    records = play("race", players=(2, 3), games=3, seed=0)
    interims = ["interim1", "interim2", "interim3", "interim4"]            # after rounds 1-4 of 5
    assert {r["game"] for r in records} == {"race"} and set(records[0]["snaps"]) == {*interims, "end"}
    rows = measure("race", records, targets)
    turns = [r for r in rows if r["name"] == "two_turns_a_round"]
    assert [r["players"] for r in turns] == [2, 3, 4] and [r["in_range"] for r in turns] == [True, True, None]
    coins = [r for r in rows if r["name"] == "coins_after_a_round"]
    assert [r["at"] for r in coins] == interims and coins[0]["n"] == 6
    assert main(["calibrate", "--game", "race", "--players", "2", "--games", "2", "--no-progress",
                 "--json", str(tmp_path / "cal.json")]) == 0
    assert {r["players"] for r in json.loads((tmp_path / "cal.json").read_text())} == {2}

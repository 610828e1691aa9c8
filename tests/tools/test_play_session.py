"""PlaySession: what the terminal and the web app share (bots answer, undo,
hint, save and resume, solo opponents, watching), and its refusals."""
from __future__ import annotations

import json

import numpy as np
import pytest

from maracaibo_env.framework.game import GameConfigError, IllegalActionError
from maracaibo_env.play.session import PlaySession, PlayError


def _first_legal(s):
    return s.game.legal_actions()[0]


@pytest.mark.parametrize("game,opp", [("maracaibo", "balanced"), ("pirates", "raider")])
def test_undo_restores_the_state_and_the_bots_answer_again_the_same(game, opp):
    s = PlaySession(game, players=3, seat=1, opponents=[opp, "random"], seed=5)
    s.advance()
    for _ in range(6):
        s.act(_first_legal(s))
    state, log = s.game.state.copy(), list(s.log)
    a = s.game.legal_actions()[-1]
    s.act(a)
    after = s.game.state.copy()
    s.undo()
    assert np.array_equal(s.game.state, state) and s.log == log
    s.act(a)                                        # the bots' generator was rewound too
    assert np.array_equal(s.game.state, after)
    for _ in range(7):
        s.undo()
    with pytest.raises(PlayError, match="nothing to undo"):
        s.undo()


def test_illegal_or_untimely_decisions_change_nothing():
    s = PlaySession("maracaibo", players=2, seat=0, opponents=["random"], seed=1)
    s.advance()
    state = s.game.state.copy()
    illegal = next(a for a in range(s.game.NUM_ACTIONS) if a not in s.game.legal_actions())
    for bad in (illegal, "no:such", -3, 2.0, None):
        with pytest.raises(IllegalActionError):
            s.act(bad)
        assert np.array_equal(s.game.state, state) and not s.view()["can_undo"]
    watch = PlaySession("maracaibo", players=2, seat=None, opponents=["random"])
    with pytest.raises(PlayError, match="watch"):
        watch.act(0)
    assert watch.advance() > 100 and watch.game.is_over
    with pytest.raises(PlayError, match="over"):
        s.game = watch.game
        s.act(0)


def test_hint_is_a_legal_move_of_the_strongest_agent():
    s = PlaySession("maracaibo", players=2, seat=0, opponents=["random"], seed=2, hint="balanced")
    s.advance()
    h = s.hint()
    assert h["id"] in s.game.legal_actions() and h["agent"] == "balanced"
    assert h["name"] == s.game.action_names[h["id"]]
    p = PlaySession("pirates", players=2, seat=0, opponents=["random"], seed=2)
    p.advance()
    assert p.hint()["id"] in p.game.legal_actions() and p.hint_spec == "strongest"


@pytest.mark.parametrize("game", ["maracaibo", "pirates"])
def test_save_and_resume(tmp_path, game):
    s = PlaySession(game, players=2, seat=1, opponents=["random"], seed=9, agent_seed=4)
    s.advance()
    for _ in range(10):
        s.act(_first_legal(s))
    path = tmp_path / "s.json"
    s.save(path)
    r = PlaySession.load(path)
    assert r.game.history == s.game.history and np.array_equal(r.game.state, s.game.state)
    assert r.log == s.log and r.seats == s.seats and r.seat == 1 and len(r._undo) == len(s._undo)
    # the resumed game goes on exactly as the original
    for x in (s, r):
        for _ in range(5):
            if x.human_to_act:
                x.act(_first_legal(x))
    assert r.game.history == s.game.history
    r.undo()


def test_a_tampered_save_is_refused_with_the_reason(tmp_path):
    s = PlaySession("maracaibo", players=2, seat=0, opponents=["random"], seed=3)
    s.advance()
    s.act(_first_legal(s))
    good = s.to_dict()
    cases = [
        (lambda d: d.update(format="x"), "not a saved session"),
        (lambda d: d.update(extra=1), "exactly the keys"),
        (lambda d: d.update(seats=["random", "random"]), "seats must list"),
        (lambda d: d.update(seat=7), "seats must list"),
        (lambda d: d.update(seats=[None, "python:os:system"]), "cannot import|unknown|python"),
        (lambda d: d.update(agent_seed=-1), "agent_seed"),
        (lambda d: d.update(rng={"bit_generator": "PCG64", "state": "x"}), "rng"),
        (lambda d: d["replay"][1].update(action="sail:99:mp1"), "unknown action name"),
        (lambda d: d["replay"].pop(), "end line"),
        (lambda d: d["replay"][-1].update(actions=99), "counts"),
        (lambda d: d.update(replay="abc"), "list of lines"),
        (lambda d: d.update(replay=[1, {"end": "unfinished", "actions": 0}]), "JSON object"),
        (lambda d: d.update(game="chess"), "game must be"),
        (lambda d: d.update(hint=3), "hint"),
    ]
    for change, says in cases:
        d = json.loads(json.dumps(good))
        change(d)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(d))
        with pytest.raises((PlayError, ValueError), match=says):
            PlaySession.load(path)
    path.write_text("{not json")
    with pytest.raises(PlayError, match="not JSON"):
        PlaySession.load(path)
    with pytest.raises(PlayError, match="cannot read"):
        PlaySession.load(tmp_path / "missing.json")


def test_solo_games_log_the_solo_opponent():
    s = PlaySession("maracaibo", players=1, seat=0, options={"difficulty": "hard"}, seed=1)
    s.advance()
    for _ in range(40):
        s.act(_first_legal(s))
    assert any(e["who"] == "Jean" and e["action"] == "turn" for e in s.log)
    assert s.view()["players"][1]["name"] == "Jean (Automa)"
    p = PlaySession("pirates", players=1, seat=0, options={"difficulty": 3}, seed=1)
    for _ in range(40):
        p.act(_first_legal(p))
    assert any(e["who"] == "Jordan" and e["action"] == "turn" for e in p.log)


def test_bad_configurations():
    for kw, says in (({"seat": 2}, "seat must be"), ({"seat": "0"}, "seat must be"),
                     ({"opponents": ["nonsense"]}, "unknown agent spec"),
                     ({"opponents": ["jean:hard"]}, "solo opponent"), ({"agent_seed": -1}, "agent_seed"),
                     ({"hint": "nonsense"}, "unknown agent spec"), ({"players": 5}, "num_players")):
        with pytest.raises((GameConfigError, ValueError), match=says):
            PlaySession("maracaibo", **{"players": 2, **kw})
    with pytest.raises(GameConfigError, match="game must be"):
        PlaySession("chess")

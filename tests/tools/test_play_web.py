"""The web app's API and its safety rules (Starlette's TestClient, in-process):
illegal actions change nothing, each game is reachable only by its
unguessable id, uploads are size-limited and parsed strictly, only offered
files can be read, and no agent from the page can run code or read files."""
from __future__ import annotations

import json

import numpy as np
import pytest

from starlette.testclient import TestClient  # noqa: E402  (the test extra has starlette and httpx2)

from maracaibo_env.play.web.app import create_app, MAX_UPLOAD  # noqa: E402


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    from maracaibo_env import Game
    d = tmp_path_factory.mktemp("replays")
    g = Game(2, seed=4)
    g.play_random(0, np.array([3], np.uint64))
    g.save_replay(d / "m.jsonl")
    (d / "secret.txt").write_text("do not serve")
    return d


@pytest.fixture(scope="module")
def client(folder):
    # as a context manager: one event loop, the app's lifespan (its bot workers) started and stopped
    with TestClient(create_app([folder], [], bot_workers=1, watch_tick=0.0), base_url="http://127.0.0.1") as c:
        yield c


def _step_to_end(client, gid, view, limit=5000):
    """The bots' decisions one request at a time (the server plays at most one per request)."""
    for _ in range(limit):
        if not view["bot_to_act"]:
            return view
        r = client.post(f"/api/games/{gid}/step", json={"seen": view["decisions"]})
        assert r.status_code == 200, r.text
        view = r.json()
    raise AssertionError("the bots did not finish")


def _new(client, **kw):
    body = {"game": "maracaibo", "players": 2, "seat": 0, "opponents": ["random"], "seed": 2, **kw}
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()["id"], r.json()["view"]


def test_illegal_actions_change_nothing(client):
    gid, view = _new(client)
    legal = {it["id"] for g in view["actions"] for it in g["items"]}
    illegal = next(a for a in range(546) if a not in legal)
    for bad, says in ((illegal, "is not legal"), ("sail:99:mp1", "unknown action name"), (-1, "out of range"),
                      (10**9, "out of range"), (True, "int id or a name"), ([1], "int id or a name"),
                      (None, "int id or a name")):
        r = client.post(f"/api/games/{gid}/act", json={"action": bad, "seen": view["decisions"]})
        assert r.status_code == 400 and says in r.json()["error"], (bad, r.text)
        assert client.get(f"/api/games/{gid}").json() == view
    r = client.post(f"/api/games/{gid}/act", json={"action": 1, "seen": view["decisions"], "extra": 2})
    assert r.status_code == 400
    r = client.post(f"/api/games/{gid}/act", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/undo", json={"seen": view["decisions"]})
    assert r.status_code == 400 and "nothing to undo" in r.json()["error"]


def test_game_ids_are_unguessable_and_private(client):
    a, _ = _new(client)
    b, _ = _new(client)
    assert a != b and len(a) >= 24                        # 18 random bytes, url-safe
    for path in ("/api/games/0", "/api/games/" + a[:-1] + ("x" if a[-1] != "x" else "y"), "/api/games/..%2f"):
        assert client.get(path).status_code == 404
    assert client.post("/api/games/nope/act", json={"action": 0}).status_code == 404


def test_bad_configurations_are_refused_with_the_reason(client):
    for body, says in (({"game": "chess"}, "game must be"), ({"players": 9}, "num_players"),
                       ({"seat": 5}, "seat must be"), ({"opponents": ["python:os:system"]}, "run code"),
                       ({"opponents": ["policy:/etc/passwd"]}, "policy"),
                       ({"opponents": ["mcts:iters=100000"]}, "at most 2000"),
                       ({"opponents": ["nonsense"]}, "unknown agent spec"),
                       ({"options": ["legacy=L99"]}, "legacy"), ({"options": "skirmish"}, "options must be"),
                       ({"colour": "red"}, "unknown keys")):
        r = client.post("/api/games", json={"game": "maracaibo", **body})
        assert r.status_code == 400 and says in r.json()["error"], (body, r.text)


def test_only_offered_replays_can_be_read(client, folder):
    src = client.get("/api/sources").json()
    assert src["files"] == ["m.jsonl"]                     # not secret.txt
    for name in ("secret.txt", "../m.jsonl", str(folder / "m.jsonl"), "/etc/passwd", None, 3):
        r = client.post("/api/replays/open", json={"source": "file", "name": name})
        assert r.status_code == 404, name
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2f..%2fgame.py", "/static/nope.js"):
        assert client.get(path).status_code == 404, path
    assert client.get("/static/app.js").status_code == 200
    r = client.post("/api/replays/open", json={"source": "db", "db": 0, "tournament": 1, "game_id": 1})
    assert r.status_code == 400                            # no databases configured
    r = client.post("/api/replays/open", json={"source": "file", "name": "m.jsonl"})
    assert r.status_code == 200
    rid, steps = r.json()["id"], r.json()["steps"]
    assert client.get(f"/api/replays/{rid}/{steps}").json()["over"] is True
    for k in (steps + 1, -1, "x"):
        assert client.get(f"/api/replays/{rid}/{k}").status_code in (400, 404)


def test_uploads_are_size_limited_and_strict(client, folder):
    good = (folder / "m.jsonl").read_bytes()

    def upload(data: bytes):   # the file's text in JSON; bytes that are not UTF-8 as lone surrogates
        body = json.dumps({"replay": data.decode("utf-8", "surrogateescape")})
        return client.post("/api/replays", content=body.encode(), headers={"content-type": "application/json"})
    r = upload(good)
    assert r.status_code == 200 and r.json()["steps"] > 100
    big = b" " * (MAX_UPLOAD + 1)
    assert upload(big).status_code == 413
    lines = good.decode().splitlines()
    for bad, says in ((b"", "empty"), (b"\xff\xfe", "not UTF-8"), (good[:-1], "truncated"),
                      ((lines[0][:-1] + ', "extra": 1}\n' + "\n".join(lines[1:]) + "\n").encode(), "header keys"),
                      (("\n".join([lines[0], json.dumps({"player": json.loads(lines[1])["player"], "action": "fly"}),
                                  lines[-1]]) + "\n").encode(),
                       "unknown action name"),
                      (b'[1, 2]\n', "JSON object")):
        r = upload(bad)
        assert r.status_code == 400 and says in r.json()["error"], (bad[:40], r.text)


@pytest.mark.slow
def test_watch_steps_bots_and_explain(client):
    r = client.post("/api/games", json={"game": "pirates", "players": 2, "seat": None,
                                        "opponents": ["raider", "random"]})
    gid = r.json()["id"]
    assert r.json()["view"]["actions"] == [] and r.json()["view"]["viewer"] is None
    v = _step_to_end(client, gid, r.json()["view"])
    assert v["over"] and v["final"]["scores"] == [p["vp"] for p in v["players"]]
    assert client.post(f"/api/games/{gid}/step", json={"n": 0}).status_code == 400
    assert client.post(f"/api/games/{gid}/step", json={"seen": v["decisions"]}).status_code == 400   # over
    r = client.post(f"/api/games/{gid}/act", json={"action": 0, "seen": v["decisions"]})
    assert r.status_code == 400 and "nobody is human" in r.json()["error"]
    gid, view = _new(client)
    name = view["actions"][0]["items"][0]["name"]
    text = client.get(f"/api/explain/{gid}", params={"action": name}).json()["text"]
    assert text.startswith(name) and "(" in text
    assert client.get(f"/api/explain/{gid}", params={"action": "x" * 5000}).status_code == 400
    rep = client.get(f"/api/games/{gid}/replay").text.splitlines()
    assert json.loads(rep[0])["format"] == "maracaibo-replay" and json.loads(rep[-1])["end"] == "unfinished"


def test_request_bodies_are_size_limited(client):
    r = client.post("/api/games", content=b"{" + b" " * (70 << 10) + b"}",
                    headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_tournament_games_are_listed_and_opened_by_id(tmp_path):
    from maracaibo_env.tournament import TournamentConfig, run_tournament
    db = tmp_path / "p.sqlite"
    run_tournament(TournamentConfig(agents=("raider", "random"), players=2, games=1, replays=True,
                                    game="pirates", options={"rubies": True}), db, progress=False)
    client = TestClient(create_app([], [db]), base_url="http://localhost")
    listed = client.get("/api/sources").json()["tournament_games"]
    assert len(listed) == 2 and {g["game"] for g in listed} == {"pirates"}
    g = listed[0]
    r = client.post("/api/replays/open", json={"source": "db", "db": 0, "tournament": g["tournament"],
                                               "game_id": g["game_id"]})
    assert r.status_code == 200, r.text
    last = client.get(f"/api/replays/{r.json()['id']}/{r.json()['steps']}").json()
    assert last["final"]["scores"] == g["scores"] and last["options"]["rubies"] is True
    for t, gid in ((g["tournament"] + 1, g["game_id"]), (g["tournament"], 10**6)):
        r = client.post("/api/replays/open", json={"source": "db", "db": 0, "tournament": t, "game_id": gid})
        assert r.status_code == 404, r.text


@pytest.mark.slow
def test_bots_in_worker_processes_decide_as_in_the_session(client):
    """A watched game stepped through the server's worker processes is the game the same
    session plays in its own process: same deal, same agent seed, same decisions."""
    from maracaibo_env.play.session import PlaySession
    setup = {"game": "maracaibo", "players": 3, "seat": None, "seed": 5, "agent_seed": 9,
             "opponents": ["balanced", "mcts:iters=60", "random"]}
    r = client.post("/api/games", json=setup)
    gid, v = r.json()["id"], r.json()["view"]
    for _ in range(40):
        v = client.post(f"/api/games/{gid}/step", json={"seen": v["decisions"]}).json()
    local = PlaySession("maracaibo", 3, None, setup["opponents"], seed=5, agent_seed=9)
    for _ in range(40):
        local.step_bot()
    served = [e["action"] for e in v["log"]]
    assert v["decisions"] == 40 and served == [e["action"] for e in local.log][-len(served):]


def test_a_game_past_its_bot_time_budget_is_refused(folder):
    """Issue 22: each game has a budget of worker time (here none at all): 429, nothing played."""
    c = TestClient(create_app([folder], [], game_cpu_budget=0.0), base_url="http://localhost")
    r = c.post("/api/games", json={"game": "pirates", "players": 2, "seat": None})
    gid, v = r.json()["id"], r.json()["view"]
    r = c.post(f"/api/games/{gid}/step", json={"seen": 0})
    assert r.status_code == 429 and "bot time" in r.json()["error"]
    assert c.get(f"/api/games/{gid}").json()["decisions"] == 0


def test_a_full_bot_queue_is_refused_at_once():
    """Issue 22: jobs beyond the queue's cap get PoolBusy (503 from the app) instead of waiting."""
    import asyncio
    from maracaibo_env import Game
    from maracaibo_env.play.web.workers import BotPool, PoolBusy
    pool = BotPool(1, max_queue=0)
    try:
        with pytest.raises(PoolBusy, match="waiting for a worker"):
            asyncio.run(pool.decide("maracaibo", "random", Game(2, seed=1),
                                    np.random.default_rng(0).bit_generator.state))
    finally:
        pool.close()


def test_an_oversized_stored_game_is_refused_unread(tmp_path):
    """Issue 22 item 6: a stored game is capped like a replay file before it is read into memory."""
    import sqlite3
    from maracaibo_env.tournament import TournamentConfig, run_tournament
    db = tmp_path / "big.sqlite"
    run_tournament(TournamentConfig(agents=("raider", "random"), players=2, games=1, replays=True,
                                    game="pirates"), db, progress=False)
    con = sqlite3.connect(db)
    tid, gid = con.execute("SELECT tournament_id, id FROM games LIMIT 1").fetchone()
    con.execute("UPDATE games SET history = ? WHERE id = ?", ("[" + "1," * (MAX_UPLOAD // 2) + "1]", gid))
    con.commit()
    con.close()
    client = TestClient(create_app([], [db]), base_url="http://localhost")
    r = client.post("/api/replays/open", json={"source": "db", "db": 0, "tournament": tid, "game_id": gid})
    assert r.status_code == 413 and "big.sqlite" in r.json()["error"] and str(tmp_path) not in r.text

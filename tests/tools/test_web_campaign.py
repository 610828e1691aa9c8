"""`maracaibo serve --campaign FILE`: the page's campaign game is the campaign's
next game, one at a time; whichever endpoint ends it (act or step) records it
into the file once, and its view carries the story cards and the archive. The
API in-process (Starlette's TestClient), one small game clicked in Chromium."""
from __future__ import annotations

import json
import time

import numpy as np
import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient  # noqa: E402

from maracaibo_env.maracaibo.campaign import Campaign, CampaignError  # noqa: E402
from maracaibo_env.cli import main  # noqa: E402
from maracaibo_env.play.web.app import create_app  # noqa: E402

GAME = {"game": "maracaibo", "players": 2, "seat": 0, "opponents": ["random"], "seed": 3}


def _campaign_file(folder, name="camp.json"):
    f = folder / name
    Campaign.new().save(f)
    return f


@pytest.fixture(scope="module")
def camp_file(tmp_path_factory):
    return _campaign_file(tmp_path_factory.mktemp("campaign"))


@pytest.fixture(scope="module")
def client(camp_file):
    # as a context manager: one event loop, the app's bot workers started (the random opponent)
    app = create_app([], [], bot_workers=1, watch_tick=0.0, campaign=camp_file)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def _new(client, **kw):
    r = client.post("/api/games", json={**GAME, **kw})
    assert r.status_code == 200, r.text
    return r.json()["id"], r.json()["view"]


def _play_to_end(client, gid, v, rng, limit=5000):
    """Random legal decisions for the person (act), the bots' one request at a time (step);
    returns the last view and the endpoint that ended the game."""
    for _ in range(limit):
        if v["bot_to_act"]:
            where, body = "step", {"seen": v["decisions"]}
        else:
            ids = [it["id"] for grp in v["actions"] for it in grp["items"]]
            where, body = "act", {"action": int(rng.choice(ids)), "seen": v["decisions"]}
        r = client.post(f"/api/games/{gid}/{where}", json=body)
        assert r.status_code == 200, r.text
        v = r.json()
        if v["over"]:
            return v, where
    raise AssertionError("the game does not end")


def _stored(f) -> dict:
    return json.loads(f.read_text())


def test_a_campaign_game_is_recorded_once_when_it_ends(client, camp_file):
    gid, v = _new(client, campaign=True)
    assert v["campaign"] == {"file": "camp.json", "game": 1, "summary": None, "error": None}
    status = client.get("/api/campaign").json()["campaign"]
    assert status["in_play"] == gid and status["games"] == 0 and status["file"] == "camp.json"
    # another tab's campaign game is refused while this one is unfinished; a free game is not
    r = client.post("/api/games", json={**GAME, "campaign": True, "seed": 4})
    assert r.status_code == 409 and "campaign game of camp.json is in progress" in r.json()["error"]
    free, fv = _new(client)
    assert "campaign" not in fv
    assert _stored(camp_file)["games"] == [] and _stored(camp_file)["open"] is None   # nothing written yet

    v, ended_in = _play_to_end(client, gid, v, np.random.default_rng(0))
    s = v["campaign"]["summary"]
    assert v["campaign"]["error"] is None and s is not None, v["campaign"]
    c = Campaign.load(camp_file)
    assert len(c.games) == 1 and c.to_dict()["open"] is None
    [g] = c.games
    assert (g["num_players"], g["seed"], g["scores"]) == (2, 3, v["final"]["scores"])
    assert [[e["card"], e["event"]] for e in s["story"]] == g["story"] and g["story"][0] == [1, "drawn"]
    assert s["story"][0]["text"] == "drawn: its front followed"
    assert s["archive"] == c.archive and s["game"] == 1 and s["games_recorded"] == 1
    print(f"the game ended in {ended_in}")

    # exactly once: reading it again records nothing, and a recorded game cannot be undone
    assert client.get(f"/api/games/{gid}").json()["campaign"]["summary"] == s
    r = client.post(f"/api/games/{gid}/undo", json={"seen": v["decisions"]})
    assert r.status_code == 409 and "cannot be undone" in r.json()["error"]
    assert len(Campaign.load(camp_file).games) == 1
    status = client.get("/api/campaign").json()["campaign"]
    assert status["in_play"] is None and status["games"] == 1 and status["last"] == s
    # card 01's back was read: printed in no source, so the archive holds no story card and
    # the next campaign game is refused, saying why (SETUP-18, L223; docs/rulings.md)
    assert [1, "read"] in g["story"] and c.archive["in_play"] == c.archive["pending"] == []
    assert "printed in no source" in next(e["text"] for e in s["story"] if e["event"] == "read")
    r = client.post("/api/games", json={**GAME, "campaign": True, "seed": 4})
    assert r.status_code == 400 and "holds no story card" in r.json()["error"]
    assert client.get("/api/campaign").json()["campaign"]["in_play"] is None


def test_a_solo_game_ends_in_act_and_changes_made_elsewhere_are_not_overwritten(tmp_path):
    """Solo: every decision is the person's (act). Without `with`, no bot workers start."""
    f = _campaign_file(tmp_path)
    client = TestClient(create_app([], [], campaign=f), base_url="http://localhost")
    gid, v = _new(client, players=1, opponents=None, campaign=True)
    v, ended_in = _play_to_end(client, gid, v, np.random.default_rng(1))
    assert ended_in == "act" and v["campaign"]["summary"]["game"] == 1
    assert [g["num_players"] for g in Campaign.load(f).games] == [1]
    # `maracaibo campaign next` on the same file while a campaign game is played here
    gid, v = _new(client, players=1, opponents=None, campaign=True, seed=8)
    other = Campaign.load(f)
    other.start_chapter(2)
    other.save(f)
    before = f.read_bytes()
    v, _ = _play_to_end(client, gid, v, np.random.default_rng(2))
    assert v["campaign"]["summary"] is not None and "changed or removed by another program" in v["campaign"]["error"]
    assert f.read_bytes() == before
    r = client.post("/api/games", json={**GAME, "campaign": True})
    assert r.status_code == 409 and "does not write over it" in r.json()["error"]
    assert client.get("/api/campaign").json()["campaign"]["stuck"]


def test_tabs_asking_at_once_get_one_campaign_game(tmp_path):
    """Two new-game requests at the same time (the set-up runs in a worker thread): one game."""
    import asyncio
    import httpx2 as httpx
    f = _campaign_file(tmp_path)
    app = create_app([], [], campaign=f)

    async def both():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as c:
            return await asyncio.gather(*(c.post("/api/games", json={**GAME, "campaign": True, "seed": s})
                                          for s in (5, 6)))
    codes = sorted(r.status_code for r in asyncio.run(both()))
    assert codes == [200, 409]
    assert app.state.campaign.campaign.to_dict()["open"]["seed"] in (5, 6)


def test_campaign_requests_that_are_refused(tmp_path):
    plain = TestClient(create_app([], []), base_url="http://localhost")
    assert plain.get("/api/campaign").json() == {"campaign": None}
    r = plain.post("/api/games", json={**GAME, "campaign": True})
    assert r.status_code == 400 and "no campaign" in r.json()["error"]
    client = TestClient(create_app([], [], campaign=_campaign_file(tmp_path)), base_url="http://localhost")
    for body, status, says in (({"game": "pirates", "opponents": ["raider"]}, 400, "campaign is Maracaibo's"),
                               ({"campaign": "yes"}, 400, "true (the campaign's next game) or false"),
                               ({"options": ["legacy=L6"]}, 400, "come from the archive")):
        r = client.post("/api/games", json={**GAME, "campaign": True, **body})
        assert r.status_code == status and says in r.json()["error"], (body, r.text)
    assert client.get("/api/campaign").json()["campaign"]["in_play"] is None     # nothing started


def test_a_bad_campaign_file_refuses_to_start(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    for text, says in ((None, "cannot read it: No such file"), ("{not json", "not valid JSON"),
                       ('{"format": "other"}', "not a campaign file")):
        if text is not None:
            bad.write_text(text)
        assert main(["serve", "--campaign", str(bad), "--port", "0"]) == 2
        out, err = capsys.readouterr()
        assert err.startswith(f"maracaibo serve: --campaign {bad}: ") and says in err and "Traceback" not in err
        assert len(err.splitlines()) == 1
        with pytest.raises(CampaignError, match=says):
            create_app([], [], campaign=bad)
    with pytest.raises(SystemExit) as exc:      # the page picks the game; serve has no --game
        main(["serve", "--campaign", str(bad), "--game", "pirates"])
    assert exc.value.code == 2


@pytest.mark.slow
def test_a_campaign_game_clicked_in_the_browser(browser, tmp_path):
    """The page starts the campaign game, a second tab is refused and offered to continue it,
    and the finished game shows its campaign panel (story cards, the archive)."""
    from web_helpers import start_server, stop_server
    f = _campaign_file(tmp_path)
    url, proc = start_server("--campaign", str(f))
    try:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#campaign:checked")
        page.fill("#opponents", "random")
        page.fill("#seed", "11")
        page.click("#play")
        page.wait_for_selector("#campaign-panel", timeout=300_000)
        assert "campaign game 1 of camp.json" in page.inner_text("#campaign-panel")
        other = browser.new_page()
        other.goto(url)
        other.wait_for_selector("#campaign-continue")
        other.click("#play")
        other.wait_for_selector("#error:not(.hidden)")
        assert "is in progress" in other.inner_text("#error")
        other.close()
        for _ in range(2000):
            page.wait_for_selector("button.action, #final", timeout=60_000)
            if page.query_selector("#final") is not None:
                break
            draws = page.evaluate("+document.querySelector('.page').dataset.draws")
            page.click("button.action >> nth=0")
            end = time.monotonic() + 30
            while page.evaluate("+document.querySelector('.page').dataset.draws") == draws:
                assert time.monotonic() < end, "the page did not redraw"
                time.sleep(0.05)
        page.wait_for_selector("#campaign-summary")
        assert page.is_disabled("#undo")
        text = page.inner_text("#campaign-panel")
        assert "game 1 recorded into camp.json" in text and "drawn: its front followed" in text
        assert "the archive now" in text and len(Campaign.load(f).games) == 1
        page.click("#new")
        page.wait_for_selector("#campaign-setup label")
        # the new-game page may first show the list it fetched before the game ended: wait
        # (up to 10 s) for the fresh /api/campaign answer, then check it
        try:
            page.wait_for_function("() => document.querySelector('#campaign-setup').innerText"
                                   ".includes('1 game(s) recorded')", timeout=10000)
        except Exception:
            pass
        text = page.inner_text("#campaign-setup")
        assert "1 game(s) recorded" in text and "continue" not in text and "null" not in text
    finally:
        stop_server(proc)

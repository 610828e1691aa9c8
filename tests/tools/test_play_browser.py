"""`maracaibo serve` end to end in a real headless Chromium (Debian's
chromium driven by Playwright): the server runs as its own process, a whole
game is played by clicking, the final score shown must be the engine's, a
replay file and a tournament game are stepped back and forth, bots are
watched live, and the one-page replay works with no server. Screenshots and
the clicked game's timing are kept in tests/artifacts/web/."""
from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest

from conftest import ARTIFACTS
from web_helpers import start_server, stop_server

pytestmark = pytest.mark.slow   # an integration module: `pytest -m "not slow"` leaves it out

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

SHOTS = ARTIFACTS / "web"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """A folder with a Pirates replay and a tournament database with stored histories."""
    from maracaibo_env.pirates import Game as PiratesGame
    from maracaibo_env.tournament import TournamentConfig, run_tournament
    d = tmp_path_factory.mktemp("served")
    g = PiratesGame(2, seed=5)
    g.play_random(0, np.array([7], np.uint64))
    g.save_replay(d / "pirates.jsonl")
    (d / "not_a_replay.txt").write_text("secret")
    db = d / "rr.sqlite"
    run_tournament(TournamentConfig(agents=("balanced", "random"), players=2, games=1, replays=True),
                   db, progress=False)
    return d, db


@pytest.fixture(scope="module")
def server(sources):
    folder, db = sources
    url, proc = start_server("--replays", str(folder), "--db", str(db))
    yield url
    stop_server(proc)


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def _wait_js(page, expr: str, timeout: float = 30_000) -> None:
    """page.wait_for_function without its eval, which the server's CSP (default-src 'self')
    forbids: page.evaluate (run by the browser's debugging protocol) polled."""
    end = time.monotonic() + timeout / 1000
    while not page.evaluate(f"() => Boolean({expr})"):
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {expr}")
        time.sleep(0.05)


def _draws(page) -> int:
    return int(page.evaluate("+document.querySelector('.page').dataset.draws || 0"))


def _page(browser, url):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # what the server's CSP blocked (an inline script or style of ours) is an error too
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "Content Security Policy"
            in m.text else None)
    page.goto(url)
    return page, errors


def test_play_a_whole_game_by_clicking(browser, server):
    """Each decision is a click on the first legal action's button; the bots
    answer on the server. The final VP shown are the engine's: the page's
    replay download, re-run by the engine, gives the same scores."""
    from maracaibo_env.framework.replay import load_replay_bytes
    page, errors = _page(browser, server)
    page.select_option("#game", "maracaibo")
    page.fill("#players", "2")
    page.fill("#opponents", "random")
    page.fill("#seed", "11")
    page.click("#play")
    page.wait_for_selector("button.action", timeout=300_000)    # the first game compiles the engine
    _shot(page, "web_play_maracaibo.png")
    t0, clicks = time.perf_counter(), 0
    while True:
        page.wait_for_selector("button.action, #final", timeout=60_000)   # the bots answer first
        if page.query_selector("#final") is not None:
            break
        before = _draws(page)
        page.click("button.action >> nth=0")
        _wait_js(page, f"(+document.querySelector('.page').dataset.draws || 0) > {before}")
        clicks += 1
        if clicks == 40:
            _shot(page, "web_play_midgame.png")
        assert clicks < 2000, "the game does not end"
    seconds = time.perf_counter() - t0
    shown = [int(page.inner_text(f"[data-testid=final-score-{p}]")) for p in range(2)]
    href = page.get_attribute("#download", "href")
    data = urllib.request.urlopen(server + href, timeout=30).read()
    game, final = load_replay_bytes(data, "download")
    assert game.is_over and shown == game.scores() == final
    assert page.inner_text("#winners").startswith("winner:")
    assert page.query_selector("#chart rect") is not None          # the VP-by-source chart
    _shot(page, "web_final.png")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "clicked_game.json").write_text(json.dumps(
        {"clicks": clicks, "seconds": round(seconds, 1), "per_click_ms": round(1000 * seconds / clicks, 1),
         "decisions": len(game.history), "scores": shown}))
    print(f"\nclicked game: {clicks} clicks, {seconds:.1f} s ({1000 * seconds / clicks:.0f} ms per click)")
    assert not errors


def test_illegal_action_from_the_page_changes_nothing(browser, server):
    page, errors = _page(browser, server)
    page.select_option("#game", "pirates")
    page.fill("#opponents", "raider")
    page.click("#play")
    page.wait_for_selector("button.action", timeout=300_000)
    gid = page.get_attribute("#download", "href").split("/")[3]
    before = page.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")
    res = page.evaluate(f"""fetch('/api/games/{gid}/act', {{method: 'POST',
        headers: {{'Content-Type': 'application/json'}}, body: JSON.stringify({{action: 'no:such:move', seen: {before['decisions']}}})}})
        .then(async r => [r.status, await r.json()])""")
    assert res[0] == 400 and "unknown action name" in res[1]["error"]
    after = page.evaluate(f"fetch('/api/games/{gid}').then(r => r.json())")
    assert after == before
    # "?" explains a kind of action with its rule text and checklist IDs
    page.click("button.explain >> nth=0")
    _wait_js(page, "/[A-Z]+-\\d+/.test(document.querySelector('#info').textContent)")
    # the hint marks a button; undo takes the last decision back
    page.click("#hint")
    page.wait_for_selector("button.action.hinted")
    assert "hint (strongest)" in page.inner_text("#info")
    page.click("button.action >> nth=0")
    page.wait_for_selector("#undo:not([disabled])")
    page.click("#undo")
    page.wait_for_selector("#undo[disabled]")
    for _ in range(30):                     # into round 1's sailing, for the screenshot
        before = _draws(page)
        page.click("button.action >> nth=-1")
        _wait_js(page, f"(+document.querySelector('.page').dataset.draws || 0) > {before}")
    _shot(page, "web_play_pirates.png")
    assert not errors


def test_step_a_replay_file_back_and_forth(browser, server, sources):
    from maracaibo_env.framework.replay import load_replay
    game, _ = load_replay(sources[0] / "pirates.jsonl")
    page, errors = _page(browser, server)
    page.wait_for_selector("button.open-file")
    assert page.locator("button.open-file").all_inner_texts() == ["pirates.jsonl"]   # not the .txt
    page.click("button.open-file")
    page.wait_for_selector("#slider")

    def at(k):
        _wait_js(page, f"document.querySelector('#status').textContent.includes('decision {k} of')")
        g = type(game)(**game.config)
        for a in game.history[:k]:
            g.step(a)
        assert [int(page.inner_text(f"[data-testid=vp-{p}]").split()[0]) for p in range(2)] == g.scores()

    for _ in range(3):
        page.click("#next")
    at(3)
    page.click("#prev")
    at(2)
    page.click("#last")
    at(len(game.history))
    assert page.query_selector("#final") is not None
    page.click("#first")
    at(0)
    page.fill("#slider", "120")      # drag the slider
    at(120)
    _shot(page, "web_replay.png")
    assert not errors


def test_step_a_tournament_game(browser, server):
    page, errors = _page(browser, server)
    page.wait_for_selector("button.open-db")
    assert "balanced" in page.inner_text("button.open-db >> nth=0")
    page.click("button.open-db >> nth=0")
    page.wait_for_selector("#slider")
    page.click("#last")
    page.wait_for_selector("#final")
    assert not errors


def test_watch_bots_live(browser, server):
    page, errors = _page(browser, server)
    page.fill("#players", "3")
    page.fill("#opponents", "balanced,random")
    page.click("#watch")
    page.wait_for_selector("#pause", timeout=300_000)
    _wait_js(page, "document.querySelectorAll('#log div').length >= 10", timeout=60_000)
    page.click("#pause")
    assert page.query_selector("button.action") is None       # a spectator has no moves
    _shot(page, "web_watch.png")
    assert not errors


def test_one_page_replay_works_offline(browser, sources, tmp_path):
    """`maracaibo replay FILE --html OUT`: one file, nothing fetched, steps both ways."""
    out = tmp_path / "game.html"
    r = subprocess.run([sys.executable, "-m", "maracaibo_env", "replay", str(sources[0] / "pirates.jsonl"),
                        "--html", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    outside = []
    page.on("request", lambda req: outside.append(req.url) if not req.url.startswith(("file:", "data:")) else None)
    page.goto(out.as_uri())
    page.click("#next")
    page.click("#next")
    page.click("#prev")
    _wait_js(page, "document.querySelector('#status').textContent.includes('decision 1 of')")
    page.click("#last")
    page.wait_for_selector("#final")
    _shot(page, "replay_page.png")
    assert outside == []

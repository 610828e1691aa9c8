"""The balance report in a real browser: headless Chromium (Debian's
/usr/bin/chromium, driven by Playwright for Python) opens a report made from a
few real games and must show the findings, the tables and every figure,
without fetching anything. Screenshots are kept in tests/artifacts/."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.slow   # an integration module: `pytest -m "not slow"` leaves it out

pytest.importorskip("matplotlib")
pytest.importorskip("openskill")
pytest.importorskip("scipy")

ARTIFACTS = Path(__file__).parents[1] / "artifacts"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    from maracaibo_env.maracaibo.match import play_match
    from maracaibo_env.balance import analyze, write_report
    games = [play_match(specs, seed) for seed in (1, 2) for specs in (["balanced", "random"], ["random", "balanced"])]
    games += [play_match(["balanced", "explorer_quests", "random"][r:] + ["balanced", "explorer_quests", "random"][:r], 3)
              for r in range(3)]
    games += [play_match(["balanced"], s, difficulty="easy") for s in (4, 5)]
    a = analyze(games, min_takers=2)
    return write_report(a, tmp_path_factory.mktemp("balance"))["html"]


def test_report_renders_in_chromium(browser, report):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    outside = []
    page.on("request", lambda req: outside.append(req.url)
            if not req.url.startswith(("file:", "data:")) else None)
    page.goto(report.as_uri())
    page.wait_for_load_state("load")
    images = page.evaluate(
        "Array.from(document.images).map(i => [i.alt, i.complete, i.naturalWidth, i.naturalHeight])")
    assert len(images) >= 8
    broken = [alt for alt, done, w, h in images if not (done and w > 0 and h > 0)]
    assert not broken, f"figures that did not render: {broken}"
    findings = page.locator("#findings li")
    assert findings.count() >= 4
    assert page.get_by_role("heading", name="Findings").is_visible()
    assert page.locator("#findings").inner_text().count("seat advantage") >= 1
    assert page.locator("table").count() >= 10
    assert page.locator("#seats table tbody tr").count() >= 2
    assert "reconstructed: 157 of 157 project cards" in page.locator("#components-card ~ p.prov").first.inner_text()
    assert not outside, f"the report fetched {outside}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "balance_report.png"))
    page.locator("#fig-seat-win").screenshot(path=str(ARTIFACTS / "balance_report_seats.png"))
    page.locator("#components").scroll_into_view_if_needed()
    page.locator("#fig-components-card").screenshot(path=str(ARTIFACTS / "balance_report_cards.png"))
    assert (ARTIFACTS / "balance_report.png").stat().st_size > 10_000
    page.close()

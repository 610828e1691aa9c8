"""Fixtures shared by several test modules, and CI's rule on skips: with the
environment variable CI set (as .ci/run runs), a test or module skipped because
a dependency of the `all` extra (or Debian's chromium, which .ci/run installs)
is missing fails instead, so a green suite has run every test."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).parent / "artifacts"   # screenshots kept by CI (git-ignored)


def chromium_path() -> str | None:
    """Debian's chromium (installed by .ci/run), or None."""
    for c in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if c and Path(c).exists():
            return c
    return None


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium driven by Playwright (skipped, with the reason, without one)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright for Python is not installed (pip install 'maracaibo-env[browser]')")
    exe = chromium_path()
    if exe is None:
        pytest.skip("no chromium executable (apt-get install chromium; .ci/run installs it)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, headless=True)
        yield b
        b.close()


#: skip reasons that mean "a dependency is missing" (pytest.importorskip, the browser fixture)
DEPENDENCY_SKIPS = ("could not import", "no chromium executable", "Playwright for Python is not installed")


def _missing_dependency(report) -> str | None:
    if not (os.environ.get("CI") and report.skipped):
        return None
    reason = str(report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr)
    return reason if any(s in reason for s in DEPENDENCY_SKIPS) else None


def _fail_in_ci(report) -> None:
    reason = _missing_dependency(report)
    if reason is not None:
        report.outcome = "failed"
        report.longrepr = f"CI is set, so a missing dependency fails instead of skipping: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_in_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_in_ci(outcome.get_result())

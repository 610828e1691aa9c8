"""Fixtures shared by several test modules."""
from __future__ import annotations

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

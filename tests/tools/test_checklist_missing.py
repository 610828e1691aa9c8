"""tests/checklist_coverage.py fails loudly when a checklist is missing: a non-zero
exit and the path it looked at, never a quiet "Nothing was checked" with exit 0."""
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "checklist_coverage.py"


def _run(*args, env=None):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), timeout=60)


def test_a_missing_checklist_exits_non_zero_naming_the_path(tmp_path):
    missing = tmp_path / "no" / "maracaibo-rules-checklist.md"
    for r in (_run("--game", "maracaibo", "--checklist", str(missing)),
              _run("--game", "maracaibo", env={"MARACAIBO_CHECKLIST": str(missing)}),
              _run("--game", "maracaibo", "--checklist", str(missing), "--strict")):
        assert r.returncode == 1
        assert f"checklist not found: {missing}" in r.stderr and "error:" in r.stderr
        assert "Traceback" not in r.stdout + r.stderr


def test_one_game_found_and_one_missing_still_fails_after_the_found_table(tmp_path):
    found = tmp_path / "m.md"
    found.write_text("## 1. Setup (SETUP)\n- **SETUP-01** a rule.\n", encoding="utf-8")
    missing = tmp_path / "none.md"
    r = _run("--checklist", str(found), "--pirates-checklist", str(missing))
    assert r.returncode == 1
    assert f"Maracaibo: checklist {found}" in r.stdout             # the found game is reported
    assert f"Pirates of Maracaibo: checklist not found: {missing}" in r.stderr
    assert "--pirates-checklist PATH" in r.stderr

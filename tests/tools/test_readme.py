"""Every ```python and ```bash block of README.md runs as written, and so do
those of the docs that took the README's long sections (issue 26: MOVED).

Each block runs alone in a fresh interpreter / bash (so a block must import
what it uses). Python blocks run in a scratch folder; bash blocks in the
repository root, in a shell that first does what the README tells the reader
to do once after the set-up, `. .venv/bin/activate` (ACTIVATE): nothing here
puts a virtual environment on PATH, so a block that only works with some other
PATH fails. Blocks that build a virtual environment from scratch are skipped
here (they download and install packages for minutes);
MARACAIBO_README_INSTALL=1 runs the first of them in a copy of the checkout.
The checklist coverage block reads the rules indexes in the repository
(maracaibo_env/<game>/facts/rules_index.toml), so it runs in any checkout.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow   # an integration module: `pytest -m "not slow"` leaves it out

ROOT = Path(__file__).resolve().parents[2]
BLOCK_RE = re.compile(r"^```(python|bash)\n(.*?)^```", re.S | re.M)
README_BLOCKS = BLOCK_RE.findall((ROOT / "README.md").read_text(encoding="utf-8"))
#: the docs the README's long sections moved to (their blocks were README blocks)
MOVED = ("docs/architecture.md", "docs/figures.md", "docs/ratings.md")
#: docs whose python blocks run too (their bash blocks are long measurement runs)
PYTHON_ONLY = ("docs/opponent_ladder.md", "docs/openspiel.md", "docs/pettingzoo.md")
BLOCKS = [("README.md", lang, code) for lang, code in README_BLOCKS] + [
    (name, lang, code) for name in MOVED
    for lang, code in BLOCK_RE.findall((ROOT / name).read_text(encoding="utf-8"))] + [
    (name, lang, code) for name in PYTHON_ONLY
    for lang, code in BLOCK_RE.findall((ROOT / name).read_text(encoding="utf-8")) if lang == "python"]
INSTALL = os.environ.get("MARACAIBO_README_INSTALL") == "1"
#: the README's own line after the set-up command, run before every other bash block
ACTIVATE = ". .venv/bin/activate"


def _skip_reason(lang: str, code: str) -> str | None:
    if lang == "bash" and "-m pytest" in code:
        return "builds a virtual environment and runs this whole test suite (what .ci/run does)"
    if lang == "bash" and "pip install" in code and not INSTALL:
        return ("builds a virtual environment and installs the package (minutes, needs the "
                "package index); MARACAIBO_README_INSTALL=1 runs it in a copy of the checkout")
    if lang == "bash" and "pip install" not in code and not (ROOT / ".venv" / "bin" / "activate").is_file():
        return f"no .venv in {ROOT}: the README's set-up command makes the one its blocks activate"
    return None


def test_readme_says_to_activate_the_virtual_environment():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.index("```bash\npython3 -m venv .venv")
    assert f"`{ACTIVATE}`" in text[setup:setup + 600]      # right after the first set-up command


def test_readme_has_python_and_bash_blocks():
    langs = [lang for lang, _ in README_BLOCKS]
    assert langs.count("python") >= 2 and langs.count("bash") >= 2


@pytest.mark.parametrize("doc,lang,code", BLOCKS,
                         ids=[f"{lang}-{i}" if doc == "README.md" else f"{doc}-{lang}-{i}"
                              for i, (doc, lang, _) in enumerate(BLOCKS)])
def test_readme_block_runs_verbatim(doc, lang, code, tmp_path):
    reason = _skip_reason(lang, code)
    if reason:
        pytest.skip(reason)
    env = dict(os.environ)
    if lang == "python":
        r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=900)
    else:
        cwd = ROOT
        if "pip install" in code:  # opted in: a fresh virtual environment in a copy
            cwd = tmp_path / "checkout"
            files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                                   check=True).stdout.split()
            for f in files:
                (cwd / f).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / f, cwd / f)
        else:       # as a reader runs it: in the activated virtual environment
            code = f"{ACTIVATE}\n{code}"
        r = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", code], cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, f"{doc} {lang} block failed:\n{code}\n--- stdout\n{r.stdout[-3000:]}\n--- stderr\n{r.stderr[-3000:]}"

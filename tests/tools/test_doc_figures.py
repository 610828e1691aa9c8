"""The counts the README and the docs quote are the code's (issue 26, item 8).

The observation sizes, action counts, state sizes, the shipped data's hash and
the checklist coverage are written in prose in README.md, docs/*.md and
maracaibo_env/training/README.md. Each is computed here from the code and compared with
every place that quotes it. A figure that changed in the code (a new
observation slice, a new action, a new test for a checklist rule) fails here
with the file, the text and the value to write.

Two kinds of check:

* QUOTES: phrases that state a current figure for one game. Each phrase must
  be found at least once, so that rewording it does not silently drop the
  check. Every occurrence must hold the computed value.
* SWEEPS: wider patterns, for example any "N action ids" or "N raw observation
  values" in the scanned files. The number must be a current figure of one of
  the games. This is what catches a stale 543 or 636 in a new sentence.
  Sentences that report a past state say so: a sentence with "had", "then",
  "when measured", "was trained" or "before issue" is not swept.

docs/benchmarks.md and the dated reports (balance_*, ladder, agents, rulings)
are logs of measurements as they were at the time, so they are not scanned.

Also checked: `maracaibo --version` prints each game's data hash in the form
that `maracaibo tournament` prints (the same 12 hex digits of
Catalog.data_hash).
"""
from __future__ import annotations

import importlib.util
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: dated logs: each figure in them is what was measured then (see the module docstring)
LOGS = {"benchmarks.md", "ladder.md", "agents.md", "rulings.md", "balance_calibration_compare.md",
        "balance_report_101k.md", "balance_report_tuned_50k.md", "balance_strong_players.md",
        "balance_report_default_15k.md"}
SCANNED = [ROOT / "README.md", ROOT / "maracaibo_env" / "training" / "README.md"] + sorted(
    p for p in (ROOT / "docs").glob("*.md") if p.name not in LOGS)
HISTORICAL = re.compile(r"\b(had|then|when measured|was trained|before issue)\b")


def _int(text: str) -> int:
    return 0 if text == "none" else int(text.replace(",", ""))


def _kb(nbytes: int) -> str:
    return f"{nbytes / 1000:.1f} KB"


@pytest.fixture(scope="module")
def figures() -> dict:
    """Every quoted figure, computed from the code."""
    import maracaibo_env
    from maracaibo_env.agents.adapter import get_adapter
    from maracaibo_env.maracaibo.core.actions import NUM_ACTIONS as M_ACTIONS
    from maracaibo_env.pirates.core.constants import NUM_ACTIONS as P_ACTIONS
    f = {}
    for game, actions in (("maracaibo", M_ACTIONS), ("pirates", P_ACTIONS)):
        g = maracaibo_env.make(game, 2, seed=0)
        f[game] = {"obs": int(g.observe(0).size), "actions": int(actions),
                   "state_ints": int(g.state.size), "state_bytes": int(g.state.nbytes),
                   "hash": get_adapter(game).load_catalog(None).data_hash}
    return f


def _text(path: Path) -> str:
    """The file with every run of white space one space (prose is wrapped anywhere)."""
    return " ".join(path.read_text(encoding="utf-8").split())


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence (or table row) around text[start:end]."""
    lo = max(text.rfind(". ", 0, start), text.rfind(" | ", 0, start), text.rfind("; ", 0, start))
    ends = [i for i in (text.find(". ", end), text.find(" | ", end), text.find("; ", end)) if i >= 0]
    return text[lo + 1:min(ends) if ends else len(text)].strip()


def _found(pattern: str, files=None) -> list[tuple[str, re.Match]]:
    rx = re.compile(pattern, re.S)
    return [(p.relative_to(ROOT).as_posix(), m) for p in (files or SCANNED) for m in rx.finditer(_text(p))]


# (pattern, which figure of which game per group, the file it must be found in)
QUOTES = [
    (r"`maracaibo_env.maracaibo.core.actions`, (?P<maracaibo_actions>[\d,]+) ids with readable names",
     "README.md"),
    (r"\*\*Decisions\.\*\* (?P<pirates_actions>[\d,]+) action ids", "README.md"),
    (r"One `int32` vector \((?P<maracaibo_state_ints>[\d,]+) ints, (?P<maracaibo_kb>[\d.]+ KB)\)", "README.md"),
    (r"One `int32` vector of (?P<pirates_state_ints>[\d,]+) ints \((?P<pirates_kb>[\d.]+ KB)\)", "README.md"),
    (r"\(Maracaibo (?P<maracaibo_obs>[\d,]+) numbers, Pirates (?P<pirates_obs>[\d,]+)\)", "docs/openspiel.md"),
    (r"\| state size \| (?P<maracaibo_state_bytes>[\d,]+) bytes per game \|", "docs/figures.md"),
    (r"\| observation \(`Game.observe`, int32 values\) \| (?P<maracaibo_obs>[\d,]+) \| (?P<pirates_obs>[\d,]+) \|",
     "docs/architecture.md"),
    (r"\| action ids \(`NUM_ACTIONS`\) \| (?P<maracaibo_actions>[\d,]+) \| (?P<pirates_actions>[\d,]+) \|",
     "docs/architecture.md"),
    (r"\| state \(int32 values\) \| (?P<maracaibo_state_ints>[\d,]+) \| (?P<pirates_state_ints>[\d,]+) \|",
     "docs/architecture.md"),
    (r"\| state bytes per game \| (?P<maracaibo_state_bytes>[\d,]+) \| (?P<pirates_state_bytes>[\d,]+) \|",
     "docs/architecture.md"),
    (r"the symlog of the (?P<maracaibo_obs>[\d,]+) raw observation values", "maracaibo_env/training/README.md"),
    (r"2,160 → 256 → 256 → (?P<maracaibo_actions>[\d,]+) logits", "maracaibo_env/training/README.md"),
    (r"on the default data, hash (?P<maracaibo_hash>[0-9a-f]{12})", "docs/calibration.md"),
    (r"Measured on the shipped Pirates data, hash (?P<pirates_hash>[0-9a-f]{12})", "docs/calibration.md"),
]

#: (pattern with one group, the figure it must be one of the games' values of)
SWEEPS = [
    (r"\b(\d[\d,]*)[ -](?:action ids|action logits|logits|ids with readable names)\b", "actions"),
    (r"\b(\d[\d,]*) (?:raw )?observation values\b", "obs"),
    (r"\b(\d[\d,]*) bytes (?:per game|of state)\b", "state_bytes"),
]


def _expected(figures: dict, key: str):
    game, _, what = key.partition("_")
    f = figures[game]
    if what == "kb":
        return _kb(f["state_bytes"])
    if what == "hash":
        return f["hash"][:12]
    return f[what]


@pytest.mark.parametrize("pattern,where", QUOTES, ids=[f"{w}-{i}" for i, (_, w) in enumerate(QUOTES)])
def test_quoted_figures_are_the_codes(figures, pattern, where):
    hits = _found(pattern)
    assert any(name == where for name, _ in hits), (
        f"{where} no longer quotes this figure in the checked form {pattern!r}: quote it again, or "
        "change this test's pattern together with the text")
    for name, m in hits:
        for key, text in m.groupdict().items():
            want = _expected(figures, key)
            got = text if isinstance(want, str) else _int(text)
            assert got == want, f"{name}: {m.group(0)!r} says {text}; the code has {want:,}" \
                if not isinstance(want, str) else f"{name}: {m.group(0)!r} says {text}; the code has {want}"


@pytest.mark.parametrize("pattern,what", SWEEPS, ids=[w for _, w in SWEEPS])
def test_no_stale_count_in_the_docs(figures, pattern, what):
    allowed = {figures[g][what] for g in figures}
    stale = []
    for p in SCANNED:
        text = _text(p)
        for m in re.finditer(pattern, text):
            sentence = _sentence(text, m.start(), m.end())
            if _int(m.group(1)) not in allowed and not HISTORICAL.search(sentence):
                stale.append(f"{p.relative_to(ROOT)}: {m.group(0)!r} in {sentence[:160]!r}")
    assert not stale, f"{what}: the code has {sorted(allowed)}; stale:\n" + "\n".join(stale)


def test_the_sweeps_see_the_figures(figures):
    """The sweeps match the sentences that quote the current figures (so they are not vacuous)."""
    for pattern, what in SWEEPS[:2]:
        hits = {_int(m.group(1)) for _, m in _found(pattern)}
        assert figures["maracaibo"][what] in hits, (what, hits)


# ---- checklist coverage: README's "Status" -------------------------------------------------
def _coverage_module():
    spec = importlib.util.spec_from_file_location("checklist_coverage", ROOT / "tests" / "checklist_coverage.py")
    cc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(cc)
    return cc


CC = _coverage_module()
COVERAGE = {
    "maracaibo": (r"Of Maracaibo's (?P<ids>\d+) IDs of §(?P<lo>\d+)–§(?P<hi>\d+), (?P<tested>\d+) have a test, "
                  r"(?P<ruling>\d+) only a ruling.*?, (?P<not_modelled>\d+) (?:is|are) ruled not modelled"
                  r".*?and (?P<uncovered>none|\d+) (?:is|are) uncovered"),
    "pirates": (r"of Pirates of Maracaibo's (?P<ids>\d+) IDs, (?P<tested>\d+) have a test, (?P<ruling>\d+) only "
                r"a ruling, (?P<not_modelled>\d+) (?:is|are) ruled not modelled.*?, (?P<uncovered>none|\d+) "
                r"(?:is|are) uncovered"),
}


@pytest.mark.parametrize("game", sorted(COVERAGE))
def test_checklist_coverage_in_the_readme_is_the_scripts(game):
    spec = CC.GAMES[game]
    path, looked = CC.find_checklist(None, spec)
    assert path is not None, f"no rules index for {game}: looked at {looked}"
    m = re.search(COVERAGE[game], _text(ROOT / "README.md"), re.S)
    assert m, f"README.md no longer states {game}'s coverage in the checked form {COVERAGE[game]!r}"
    sections = (int(m["lo"]), int(m["hi"])) if m.groupdict().get("lo") else (
        CC._sections(spec.sections) if spec.sections else None)
    if spec.sections:
        assert sections == CC._sections(spec.sections), "README's sections are not the script's default"
    c = CC.run_game(spec, path, sections, False, out=io.StringIO())
    said = {k: _int(m[k]) for k in ("tested", "ruling", "not_modelled", "uncovered")}
    computed = {"tested": c["tested"], "ruling": c["ruling only"], "not_modelled": c["not modelled"],
                "uncovered": c["uncovered"]}
    assert (_int(m["ids"]), said) == (sum(c.values()), computed), (
        f"README.md says {game}: {m['ids']} IDs, {said}; tests/checklist_coverage.py counts "
        f"{sum(c.values())} IDs, {computed}")


# ---- the data hash: --version and tournaments print the same ------------------------------
def _run(*args: str) -> str:
    env = dict(os.environ, COLUMNS="400", TERM="dumb")
    r = subprocess.run([sys.executable, "-m", "maracaibo_env", *args], capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return " ".join(r.stdout.split())


def test_version_prints_the_hash_tournaments_print(figures, tmp_path):
    version = _run("--version")
    for game, agents in (("maracaibo", "random,balanced"), ("pirates", "random,raider")):
        m = re.search(rf"\b{game} ([0-9a-f]+)\b", version)
        assert m and m.group(1) == figures[game]["hash"][:12], (game, version)
        out = _run("tournament", "--game", game, "--players", "2", "--agents", agents, "--games", "1",
                   "--workers", "1", "--no-progress", "--db", str(tmp_path / f"{game}.sqlite"))
        printed = re.search(r"\bdata ([0-9a-f]+)\b", out)
        assert printed, out[-500:]
        assert printed.group(1) == m.group(1), (
            f"{game}: --version prints data {m.group(1)}, the tournament {printed.group(1)}")

"""tests/checklist_coverage.py: its groups, its per-section counts, the rules indexes it reads
by default, and other lists named on the command line."""
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "checklist_coverage.py"
spec = importlib.util.spec_from_file_location("checklist_coverage", SCRIPT)
cc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cc)

CHECKLIST = """# Checklist
## 0. Preface
- **INFO-01** public things.
## 1. Setup (SETUP)
- **SETUP-01** tested rule.
- **SETUP-02 Title.** a rule with only a ruling.
- **SETUP-03** a campaign rule.
- **SETUP-04** nobody covers this.
## 2. Villages (VILL)
- **NVA-01** range start.
- **NVA-03** inside the range.
- **NVA-05** past the range.
- **SHIP-00e** a lettered ID, tested.
- **TV-08 [R] Example** (a test vector).
"""
RULINGS = """# Rulings
- SETUP-02 / INFO-01: a reading.
- NVA-01..04: one option per action.
- SETUP-03: story tiles are campaign-only; not modelled.
- SETUP-01: also not modelled in part (a test outranks the ruling).
"""
TESTS = """
def test_setup_01_something(): pass
def test_ship_00e_disc(): pass
def test_tv_08(): pass
def test_setup_04x_other_rule(): pass
"""


def _fixture(tmp_path):
    (tmp_path / "checklist.md").write_text(CHECKLIST, encoding="utf-8")
    (tmp_path / "rulings.md").write_text(RULINGS, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(TESTS, encoding="utf-8")
    ids = cc.checklist_ids(tmp_path / "checklist.md")
    tests = cc.collect_test_names(tmp_path / "tests")
    ruled, not_modelled = cc.ruled_ids(tmp_path / "rulings.md")
    return ids, tests, cc.classify(ids, tests, ruled, not_modelled)


def test_groups_tested_ruling_not_modelled_uncovered(tmp_path):
    ids, _, groups = _fixture(tmp_path)
    assert [(s, i) for s, _, i in ids] == [
        (0, "INFO-01"), (1, "SETUP-01"), (1, "SETUP-02"), (1, "SETUP-03"), (1, "SETUP-04"),
        (2, "NVA-01"), (2, "NVA-03"), (2, "NVA-05"), (2, "SHIP-00e"), (2, "TV-08")]
    assert groups == {
        "INFO-01": "ruling only", "SETUP-01": "tested", "SETUP-02": "ruling only",
        "SETUP-03": "not modelled", "SETUP-04": "uncovered",  # test_setup_04x is another ID
        "NVA-01": "ruling only", "NVA-03": "ruling only",    # NVA-01..04 is a range
        "NVA-05": "uncovered", "SHIP-00e": "tested", "TV-08": "tested"}


def test_report_counts_per_section_and_lists_uncovered(tmp_path):
    import io
    ids, tests, groups = _fixture(tmp_path)
    out = io.StringIO()
    cc.report(ids, groups, tests, listing=False, out=out)
    lines = out.getvalue().splitlines()
    row = next(line for line in lines if line.startswith("§1 Setup"))
    assert row.split()[2:] == ["4", "1", "1", "1", "1"]  # IDs, tested, ruling only, not modelled, uncovered
    total = next(line for line in lines if line.startswith("total"))
    assert total.split()[1:] == ["10", "3", "4", "1", "2"]
    listed = [line.split()[2] for line in lines if line.startswith("uncovered ")]
    assert listed == ["SETUP-04", "NVA-05"]


def _run(*args, env=None):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          env=dict(os.environ, **(env or {})), timeout=60)


def test_missing_checklist_says_so_without_a_traceback(tmp_path):
    missing = tmp_path / "no" / "checklist.md"
    r = _run("--checklist", str(missing))
    assert r.returncode == 1          # a missing checklist fails loudly (issue 38)
    assert "checklist not found" in r.stderr and str(missing) in r.stderr
    assert "--checklist PATH" in r.stderr and "Traceback" not in r.stderr + r.stdout
    strict = _run("--checklist", str(missing), "--strict")
    assert strict.returncode == 1 and "Traceback" not in strict.stderr


def test_environment_variable_names_the_checklist(tmp_path):
    path = tmp_path / "elsewhere.md"
    path.write_text("## 1. Setup (SETUP)\n- **SETUP-01** a rule.\n- **ZZZ-99** nobody's rule.\n",
                    encoding="utf-8")
    r = _run(env={cc.ENV_VAR: str(path)})
    assert r.returncode == 0, r.stderr
    assert str(path) in r.stdout and "uncovered     §1  ZZZ-99" in r.stdout
    assert _run("--strict", env={cc.ENV_VAR: str(path)}).returncode == 1  # ZZZ-99 is uncovered


def test_every_base_game_and_solo_rule_has_a_test_or_a_ruling():
    r = _run("--game", "maracaibo", "--sections", "0-26", "--strict")
    assert r.returncode == 0, r.stdout[-3000:]
    assert " 0 uncovered" in r.stdout


# ---- two games: Maracaibo and Pirates of Maracaibo ------------------------------------
SPLIT_RULINGS = """# Rulings
- CON-08: a Maracaibo reading.
- CON-10: not modelled (campaign-only).
# Pirates of Maracaibo
- CON-09: a Pirates reading.
- SOLO-01..03: not modelled.
"""


def test_tests_and_rulings_are_split_between_the_games(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_x.py").write_text("def test_zzm_06_maracaibo(): pass\n", encoding="utf-8")
    (tests / "test_pirates_y.py").write_text("def test_zzp_07_pirates(): pass\n", encoding="utf-8")
    (tests / "pirates_helpers.py").write_text("def test_zzh_01_in_a_helper(): pass\n", encoding="utf-8")
    assert cc.collect_test_names(tests, "maracaibo") == {"test_zzm_06_maracaibo"}
    assert cc.collect_test_names(tests, "pirates") == {"test_zzp_07_pirates", "test_zzh_01_in_a_helper"}
    assert cc.collect_test_names(tests) == {"test_zzm_06_maracaibo", "test_zzp_07_pirates"}
    rulings = tmp_path / "rulings.md"
    rulings.write_text(SPLIT_RULINGS, encoding="utf-8")
    assert cc.ruled_ids(rulings, "maracaibo") == ({"CON-08", "CON-10"}, {"CON-10"})
    assert cc.ruled_ids(rulings, "pirates") == ({"CON-09", "SOLO-01", "SOLO-02", "SOLO-03"},
                                                {"SOLO-01", "SOLO-02", "SOLO-03"})
    named, _ = cc.ruled_ids(rulings)
    assert named == {"CON-08", "CON-09", "CON-10", "SOLO-01", "SOLO-02", "SOLO-03"}
    # a Pirates test named after ZZP-07 does not cover a Maracaibo ZZP-07
    ids = [(1, "Setup", "ZZM-06"), (1, "Setup", "ZZP-07")]
    groups = cc.classify(ids, cc.collect_test_names(tests, "maracaibo"), set(), set())
    assert groups == {"ZZM-06": "tested", "ZZP-07": "uncovered"}


def test_game_option_prints_one_table_per_game(tmp_path):
    mara = tmp_path / "m.md"
    mara.write_text("## 1. Setup (SETUP)\n- **SETUP-01** a rule.\n", encoding="utf-8")
    pir = tmp_path / "p.md"
    pir.write_text("## 2. Setup (SET)\n- **ZZP-01** a Pirates rule.\n", encoding="utf-8")
    both = _run("--pirates-checklist", str(pir), env={cc.ENV_VAR: str(mara)})
    assert both.returncode == 0, both.stderr
    assert f"Maracaibo: checklist {mara}" in both.stdout
    assert f"Pirates of Maracaibo: checklist {pir}, sections all" in both.stdout
    assert "uncovered     §2  ZZP-01" in both.stdout
    only = _run("--game", "pirates", "--checklist", str(pir))
    assert only.returncode == 0
    assert not any(line.startswith("Maracaibo:") for line in only.stdout.splitlines())
    assert "ZZP-01" in only.stdout
    assert _run("--game", "pirates", "--checklist", str(pir), "--strict").returncode == 1
    missing = _run("--game", "pirates", "--pirates-checklist", str(tmp_path / "none.md"))
    assert missing.returncode == 1 and "--pirates-checklist PATH" in missing.stderr



# ---- the rules indexes in the repository ------------------------------------------------
INDEX = """game = "x"
default_sections = [1, 1]

[[section]]
number = 1
title = "Setup"
rules = [
    { id = "SETUP-01", title = "a rule" },
    { id = "SETUP-01a", title = "a part of it", nested = true },
    { id = "ZZZ-99", title = "nobody's rule" },
]

[[section]]
number = 2
title = "Later"
rules = [{ id = "LATE-01", title = "another rule" }]
"""


def test_a_rules_index_lists_its_ids_without_the_nested_ones(tmp_path):
    path = tmp_path / "rules_index.toml"
    path.write_text(INDEX, encoding="utf-8")
    assert cc.checklist_ids(path) == [(1, "Setup", "SETUP-01"), (1, "Setup", "ZZZ-99"), (2, "Later", "LATE-01")]
    assert [i for _, _, i, _ in cc.index_rules(path, nested=True)] == ["SETUP-01", "SETUP-01a", "ZZZ-99", "LATE-01"]
    r = _run("--game", "maracaibo", "--checklist", str(path), "--strict")
    assert r.returncode == 1 and "uncovered     §1  ZZZ-99" in r.stdout          # named on the command line
    assert "SETUP-01a" not in r.stdout


@pytest.mark.parametrize("game", sorted(cc.GAMES))
def test_without_options_the_repository_index_is_read(game):
    spec = cc.GAMES[game]
    env = {k: v for k, v in os.environ.items() if k not in (cc.MARACAIBO.env_var, cc.PIRATES.env_var)}
    r = subprocess.run([sys.executable, str(SCRIPT), "--game", game], capture_output=True, text=True, env=env,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    shown = "0-29" if game == "maracaibo" else "all"
    assert f"{spec.title}: checklist maracaibo_env/{game}/facts/rules_index.toml, sections {shown}:" in r.stdout
    assert spec.index.is_file() and cc.find_checklist(None, spec)[0] == spec.index


def test_the_default_sections_come_from_the_index():
    assert cc.MARACAIBO.sections == "0-29"      # base game, solo, variants, legacy tiles, retirement
    assert cc.PIRATES.sections is None          # every section

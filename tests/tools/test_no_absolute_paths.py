"""No file of the package, the tests, the docs, the benchmarks or the README names
an absolute path of a development machine (a home or work folder): such a path
means nothing in another clone. Describe places relatively instead ("the shared
folder beside the checkout", "maracaibo_env/maracaibo/facts/").

Scratch paths under the temporary folder in example commands are fine (they
are the reader's own); this test looks for the folders that belong to one
machine's user or workspace.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("maracaibo_env", "tests", "docs", "benchmarks", "README.md", "CHANGELOG.md")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".json", ".js", ".html", ".css", ".cfg", ".ini", ".sh",
                 ".yml", ".yaml", ".csv", ".rst"}
#: top-level folders that hold one machine's users or workspaces; written without
#: their slashes here so that this file does not name them as paths itself
MACHINE_FOLDERS = ("work", "root", "home", "Users", "mnt")
UNIX = re.compile(r"(?<![\w.~-])/(?:" + "|".join(MACHINE_FOLDERS) + r")/")
WINDOWS = re.compile(r"\b[A-Za-z]:\\(?:Users|home)\\", re.I)


def scanned_files() -> list[Path]:
    out = []
    for name in SCANNED:
        p = ROOT / name
        if p.is_file():
            out.append(p)
        elif p.is_dir():
            out += [f for f in p.rglob("*") if f.is_file() and f.suffix in TEXT_SUFFIXES
                    and "__pycache__" not in f.parts and ".hypothesis" not in f.parts]
    return sorted(out)


def absolute_paths(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every line naming a machine's absolute path."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
            if UNIX.search(line) or WINDOWS.search(line)]


def test_the_patterns_find_machine_paths_and_nothing_else():
    slash = "/"
    bad = [f"see {slash}work{slash}shared{slash}spec", f"cd {slash}home{slash}me{slash}repo",
           f'Path("{slash}root{slash}x")', "C:\\Users\\me\\repo", f"`{slash}Users{slash}me`"]
    fine = ["../shared/spec/", "maracaibo_env/maracaibo/work/x", "https://example.org/work/page",
            "/tmp/readme-rr.sqlite", "~/spec/checklist.md", "the work folder", "./home/x"]
    assert [s for s in bad if not absolute_paths(s)] == []
    assert [s for s in fine if absolute_paths(s)] == []


def test_no_file_names_a_development_machines_absolute_path():
    files = scanned_files()
    assert len(files) > 100 and ROOT / "README.md" in files
    found = [f"{f.relative_to(ROOT)}:{n}: {line[:160]}" for f in files
             for n, line in absolute_paths(f.read_text(encoding="utf-8", errors="replace"))]
    assert not found, "absolute paths of a development machine (describe the place relatively):\n" + "\n".join(found)

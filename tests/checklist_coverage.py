"""Checklist coverage: which rule IDs of the checklist have a test or a ruling.

    python tests/checklist_coverage.py [--sections 1-25] [--list]

A test covers an ID when its name carries the ID in lower case with '_' for
'-' (test_combat_04_..., test_tv_08_...). A ruling covers an ID named in
docs/rulings.md. Prints one line per uncovered ID and a summary.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT.parent / "shared" / "spec" / "maracaibo-rules-checklist.md"
ID_RE = re.compile(r"^- \*\*([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)[*\s]", re.M)
SECTION_RE = re.compile(r"^## (\d+)\. ", re.M)


def checklist_ids(path: Path = CHECKLIST) -> list[tuple[int, str]]:
    text = path.read_text(encoding="utf-8")
    out, section = [], 0
    for line in text.splitlines():
        m = SECTION_RE.match(line)
        if m:
            section = int(m.group(1))
        m = ID_RE.match(line)
        if m:
            out.append((section, m.group(1)))
    return out


def covered_ids() -> set[str]:
    found = set()
    for f in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", f.read_text(encoding="utf-8")):
            found.add(name.lower())
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8") \
        if (ROOT / "docs" / "rulings.md").exists() else ""
    ruled = set(re.findall(r"\b([A-Z]+[0-9]*(?:-[A-Z0-9]+)+)\b", rulings))
    return found, ruled


def is_covered(rule_id: str, tests: set[str], ruled: set[str]) -> bool:
    if rule_id in ruled:
        return True
    key = "_" + rule_id.lower().replace("-", "_")
    return any(key + "_" in t or t.endswith(key) for t in tests)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sections", default="0-25", help="section range, e.g. 1-25")
    ap.add_argument("--list", action="store_true", help="also list covered IDs")
    args = ap.parse_args(argv)
    lo, hi = (int(x) for x in args.sections.split("-"))
    tests, ruled = covered_ids()
    ids = [(s, i) for s, i in checklist_ids() if lo <= s <= hi]
    missing = [(s, i) for s, i in ids if not is_covered(i, tests, ruled)]
    for s, i in missing:
        print(f"uncovered §{s} {i}")
    if args.list:
        for s, i in ids:
            if (s, i) not in missing:
                print(f"covered   §{s} {i}")
    print(f"checklist coverage §{lo}-§{hi}: {len(ids) - len(missing)}/{len(ids)} IDs covered, "
          f"{len(missing)} uncovered")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

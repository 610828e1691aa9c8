"""Checklist coverage: which rule IDs of the rules checklist have a test, only a ruling, or none.

    python tests/checklist_coverage.py                      # sections 0-26 (base game and solo)
    python tests/checklist_coverage.py --sections 0-30 --list
    python tests/checklist_coverage.py --checklist PATH     # or MARACAIBO_CHECKLIST=PATH

Every checklist ID falls in exactly one group:

* tested        a test's name carries the ID in lower case with '_' for '-'
                (test_combat_04_..., test_tv_08_...);
* not modelled  no test, and a line of docs/rulings.md that names the ID says
                the rule is not modelled (out of scope, campaign- or legacy-only);
* ruling only   no test, but docs/rulings.md names the ID (a reading of an
                unclear rule, or where its data lives);
* uncovered     none of these.

The checklist lives outside the repository (../shared/spec/ next to the
checkout). Without it the script says where it looked and exits 0: a clone
without the checklist is not a fault of the code (--strict makes it, and any
uncovered ID, exit 1).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST_NAME = "maracaibo-rules-checklist.md"
ENV_VAR = "MARACAIBO_CHECKLIST"
DEFAULT_PLACES = (ROOT.parent / "shared" / "spec" / CHECKLIST_NAME,
                  ROOT / "shared" / "spec" / CHECKLIST_NAME)

ID_RE = re.compile(r"^- \*\*([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)[*\s]")
SECTION_RE = re.compile(r"^## (\d+)\. (.*)")
RULING_ID_RE = re.compile(r"\b([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)(?:\.\.(\d+))?")
NOT_MODELLED_RE = re.compile(r"not modell?ed|out of scope|campaign-only|legacy-only", re.I)
GROUPS = ("tested", "ruling only", "not modelled", "uncovered")


def find_checklist(option: str | None) -> tuple[Path | None, list[Path]]:
    """(the checklist, or None; the places looked at): --checklist, then
    $MARACAIBO_CHECKLIST, then ../shared/spec/ and shared/spec/ of the checkout."""
    if option:
        places = [Path(option)]
    elif os.environ.get(ENV_VAR):
        places = [Path(os.environ[ENV_VAR])]
    else:
        places = list(DEFAULT_PLACES)
    for p in places:
        if p.is_file():
            return p, places
    return None, places


def checklist_ids(path: Path) -> list[tuple[int, str, str]]:
    """(section number, section title, ID) of every checklist item, in order."""
    out, section, title = [], 0, "Preface"
    for line in path.read_text(encoding="utf-8").splitlines():
        m = SECTION_RE.match(line)
        if m:
            section = int(m.group(1))
            title = re.split(r" \(| — ", m.group(2))[0].strip()
        m = ID_RE.match(line)
        if m:
            out.append((section, title, m.group(1)))
    return out


def collect_test_names(tests_dir: Path) -> set[str]:
    """Names of every test function in tests_dir/**/test_*.py (lower case)."""
    names = set()
    for f in sorted(tests_dir.rglob("test_*.py")):
        names.update(n.lower() for n in re.findall(r"def (test_\w+)", f.read_text(encoding="utf-8")))
    return names


def ruled_ids(rulings: Path) -> tuple[set[str], set[str]]:
    """(IDs named in rulings.md, IDs named on a line that says they are not
    modelled). 'NVA-01..04' names NVA-01 to NVA-04."""
    if not rulings.is_file():
        return set(), set()
    named, not_modelled = set(), set()
    for line in rulings.read_text(encoding="utf-8").splitlines():
        ids = set()
        for m in RULING_ID_RE.finditer(line):
            ids.add(m.group(1))
            if m.group(2):  # a range PREFIX-NN..MM
                prefix, _, first = m.group(1).rpartition("-")
                if first.isdigit():
                    ids.update(f"{prefix}-{k:0{len(first)}d}"
                               for k in range(int(first), int(m.group(2)) + 1))
        named |= ids
        if NOT_MODELLED_RE.search(line):
            not_modelled |= ids
    return named, not_modelled


def tests_for(rule_id: str, tests: set[str]) -> list[str]:
    key = "_" + rule_id.lower().replace("-", "_")
    return sorted(t for t in tests if key + "_" in t or t.endswith(key))


def classify(ids, tests: set[str], ruled: set[str], not_modelled: set[str]) -> dict[str, str]:
    """ID -> its group (GROUPS); a test outranks a ruling."""
    out = {}
    for _, _, i in ids:
        if tests_for(i, tests):
            out[i] = "tested"
        elif i in not_modelled:
            out[i] = "not modelled"
        elif i in ruled:
            out[i] = "ruling only"
        else:
            out[i] = "uncovered"
    return out


def _sections(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def report(ids, groups: dict[str, str], tests: set[str], listing: bool, out=sys.stdout) -> None:
    per = {}
    for s, title, i in ids:
        per.setdefault((s, title), Counter())[groups[i]] += 1
    w = max([len(f"§{s} {t}") for s, t in per] + [len("section")])
    head = f"{'section':<{w}}  {'IDs':>4}  " + "  ".join(f"{g:>12}" for g in GROUPS)  # noqa: E501
    print(head, file=out)
    print("-" * len(head), file=out)
    for (s, title), c in per.items():
        name = f"§{s} {title}"
        print(f"{name:<{w}}  {sum(c.values()):>4}  " + "  ".join(f"{c[g]:>12}" for g in GROUPS), file=out)
    total = Counter(groups.values())
    print("-" * len(head), file=out)
    print(f"{'total':<{w}}  {len(ids):>4}  " + "  ".join(f"{total[g]:>12}" for g in GROUPS), file=out)
    for s, _, i in ids:
        g = groups[i]
        if g == "uncovered" or listing:
            extra = ", ".join(tests_for(i, tests)[:3]) if g == "tested" else ""
            print(f"{g:<12}  §{s:<2} {i:<12} {extra}".rstrip(), file=out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  python tests/checklist_coverage.py\n"
               "  python tests/checklist_coverage.py --sections 6 --list\n"
               "  MARACAIBO_CHECKLIST=~/spec/maracaibo-rules-checklist.md python tests/checklist_coverage.py")
    ap.add_argument("--checklist", metavar="PATH",
                    help=f"the checklist file (default ${ENV_VAR}, else ../shared/spec/{CHECKLIST_NAME})")
    ap.add_argument("--sections", default="0-26",
                    help="a section or range, e.g. 6 or 0-26 (default 0-26: base game and solo)")
    ap.add_argument("--list", action="store_true", help="list every ID with its group (and tests)")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 when the checklist is missing or an ID is uncovered")
    args = ap.parse_args(argv)
    try:
        lo, hi = _sections(args.sections)
    except ValueError:
        ap.error(f"--sections must be N or N-M, got {args.sections!r}")

    path, looked = find_checklist(args.checklist)
    if path is None:
        print("checklist not found; looked at:\n" + "\n".join(f"  {p}" for p in looked)
              + f"\nThe checklist is not part of the repository; give it with --checklist PATH "
                f"or ${ENV_VAR}. Nothing was checked.", file=sys.stderr)
        return 1 if args.strict else 0

    ids = [x for x in checklist_ids(path) if lo <= x[0] <= hi]
    tests = collect_test_names(ROOT / "tests")
    ruled, not_modelled = ruled_ids(ROOT / "docs" / "rulings.md")
    groups = classify(ids, tests, ruled, not_modelled)
    print(f"checklist {path}, sections {lo}-{hi}: {len(ids)} IDs")
    report(ids, groups, tests, args.list)
    c = Counter(groups.values())
    print(f"{c['tested']} tested, {c['ruling only']} with a ruling only, "
          f"{c['not modelled']} ruled not modelled, {c['uncovered']} uncovered")
    return 1 if args.strict and c["uncovered"] else 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # output piped into head
        sys.stderr.close()
        raise SystemExit(0)

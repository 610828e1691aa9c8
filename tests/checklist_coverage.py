"""Checklist coverage: which rule IDs of a rules checklist have a test, only a ruling, or none.

    python tests/checklist_coverage.py                      # both games, one table each
    python tests/checklist_coverage.py --game maracaibo --sections 0-30 --list
    python tests/checklist_coverage.py --game pirates --list
    python tests/checklist_coverage.py --checklist PATH     # or MARACAIBO_CHECKLIST=PATH
    python tests/checklist_coverage.py --pirates-checklist PATH   # or PIRATES_CHECKLIST=PATH

The rule IDs come from each game's rules index in the repository,
maracaibo_env/<game>/facts/rules_index.toml (every ID of the game's rules
checklist, by section, with a short title). --checklist / --pirates-checklist
(or the environment variables) name another list instead: a rules index
(.toml) or a rules checklist in Markdown (its "- **ID" items), such as the
full checklist kept in the shared folder beside the checkout.

Two games share the tests folder and docs/rulings.md:

* Maracaibo: maracaibo_env/maracaibo/facts/rules_index.toml (default sections
  0-29, the index's default_sections: base game, solo, variants, legacy tiles,
  retirement), the tests in every tests/**/test_*.py except test_pirates_*.py,
  and the rulings outside the "# Pirates of Maracaibo" section;
* Pirates of Maracaibo: maracaibo_env/pirates/facts/rules_index.toml (default:
  every section), the tests in tests/**/test_pirates_*.py and
  tests/**/pirates_*.py, and the rulings of the "# Pirates of Maracaibo" section.

So a Pirates test named test_con_06_... never counts for Maracaibo's CON-06.

Every checklist ID falls in exactly one group:

* tested        a test's name carries the ID in lower case with '_' for '-'
                (test_combat_04_..., test_tv_08_...);
* not modelled  no test, and a line of the game's rulings that names the ID says
                the rule is not modelled (out of scope, campaign- or legacy-only);
* ruling only   no test, but the game's rulings name the ID (a reading of an
                unclear rule, or where its data lives);
* uncovered     none of these.

A list that is not there (a --checklist PATH that does not exist, or a rules
index missing from a broken checkout) is an error: the script names the path
it looked at and exits 1 (after the tables of the games it did find), so a run
that checked nothing never passes for one that checked everything.
--strict also makes any uncovered ID exit 1.
"""
from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class GameSpec(NamedTuple):
    key: str
    title: str
    checklist_name: str
    env_var: str
    option: str                 # the command-line option naming its checklist

    @property
    def index(self) -> Path:
        """The game's rules index in the repository (the default list of IDs)."""
        return ROOT / "maracaibo_env" / self.key / "facts" / "rules_index.toml"

    @property
    def sections(self) -> str | None:
        """The default --sections, from the index's default_sections (None: all)."""
        bounds = load_index(self.index).get("default_sections") if self.index.is_file() else None
        return f"{bounds[0]}-{bounds[1]}" if bounds else None

    @property
    def places(self) -> tuple[Path, Path]:
        """Where the game's full rules checklist lies when the shared folder is
        there: beside the checkout, or inside it."""
        return (ROOT.parent / "shared" / "spec" / self.checklist_name,
                ROOT / "shared" / "spec" / self.checklist_name)


MARACAIBO = GameSpec("maracaibo", "Maracaibo", "maracaibo-rules-checklist.md",
                     "MARACAIBO_CHECKLIST", "--checklist")
PIRATES = GameSpec("pirates", "Pirates of Maracaibo", "pirates-rules-checklist.md",
                   "PIRATES_CHECKLIST", "--pirates-checklist")
GAMES = {g.key: g for g in (MARACAIBO, PIRATES)}
PIRATES_RULINGS = "Pirates of Maracaibo"        # its top-level heading in docs/rulings.md

# the Maracaibo names, kept for callers of the single-game script
CHECKLIST_NAME = MARACAIBO.checklist_name
ENV_VAR = MARACAIBO.env_var
DEFAULT_PLACES = (MARACAIBO.index,)

ID_RE = re.compile(r"^- \*\*([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)[*\s]")
SECTION_RE = re.compile(r"^## (\d+)\. (.*)")
RULING_ID_RE = re.compile(r"\b([A-Z]+[0-9]*(?:-[A-Za-z0-9]+)+)(?:\.\.(\d+))?")
NOT_MODELLED_RE = re.compile(r"not modell?ed|out of scope|campaign-only|legacy-only", re.I)
GROUPS = ("tested", "ruling only", "not modelled", "uncovered")

# which option of the game a checklist ID belongs to (the first match; else "base game"):
# (option, ID prefixes, sections)
OPTION_GROUPS = {
    "maracaibo": [("legacy", ("LEG-", "JLEG-"), (28,)),
                  ("solo (Jean)", ("JACT-", "JCOMBAT-", "JEND-"), (26,)),
                  ("retirement", ("RET-",), (29,)),
                  ("open_prestige", ("VAR-01",), ()),
                  ("variants", ("VAR-",), (27,))],
    "pirates": [("solo (Jordan)", ("SOLO-",), (19,)),
                ("fog_locations", ("FOWL-",), ()), ("fog_improvements", ("FOWI-",), ()),
                ("skirmish", ("SKIR-",), ()), ("quest_hunters", ("QH-",), ()),
                ("rubies", ("RUBY-",), ()), ("retirement", ("RET-",), ())],
}


def option_of(game: str, section: int, rule_id: str) -> str:
    for name, prefixes, sections in OPTION_GROUPS.get(game, ()):
        if rule_id.startswith(prefixes) or section in sections:
            return name
    return "base game"


def report_by_option(game: str, ids, groups: dict[str, str], out=sys.stdout) -> None:
    """The IDs per option (solo opponent, modules, variants) and their groups."""
    per: dict[str, Counter] = {}
    for s, _, i in ids:
        per.setdefault(option_of(game, s, i), Counter())[groups[i]] += 1
    if len(per) < 2:
        return
    w = max(len(k) for k in per) + 2
    head = f"{'option':<{w}}  {'IDs':>4}  " + "  ".join(f"{g:>12}" for g in GROUPS)
    print("by option:", file=out)
    print(head, file=out)
    for name, c in per.items():
        print(f"{name:<{w}}  {sum(c.values()):>4}  " + "  ".join(f"{c[g]:>12}" for g in GROUPS), file=out)


def find_checklist(option: str | None, game: GameSpec = MARACAIBO) -> tuple[Path | None, list[Path]]:
    """(the game's list of rule IDs, or None; the places looked at): the option,
    then its environment variable, then the game's rules index in the repository."""
    if option:
        places = [Path(option)]
    elif os.environ.get(game.env_var):
        places = [Path(os.environ[game.env_var])]
    else:
        places = [game.index]
    for p in places:
        if p.is_file():
            return p, places
    return None, places


@functools.lru_cache(maxsize=None)
def load_index(path: Path) -> dict:
    """A rules index (maracaibo_env/<game>/facts/rules_index.toml) as TOML."""
    with open(path, "rb") as f:
        return tomllib.load(f)


def index_rules(path: Path, nested: bool = False) -> list[tuple[int, str, str, str]]:
    """(section number, section title, ID, rule title) of every rule of a rules
    index, in order; items listed inside another (nested = true) only when asked."""
    return [(s["number"], s["title"], r["id"], r["title"]) for s in load_index(path)["section"]
            for r in s["rules"] if nested or not r.get("nested", False)]


def checklist_ids(path: Path) -> list[tuple[int, str, str]]:
    """(section number, section title, ID) of every item of a rules index (.toml,
    nested items left out) or of a Markdown checklist (its "- **ID" items), in order."""
    if path.suffix == ".toml":
        return [(s, title, i) for s, title, i, _ in index_rules(path)]
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


def is_pirates_test_file(path: Path) -> bool:
    return path.name.startswith(("test_pirates_", "pirates_"))


def collect_test_names(tests_dir: Path, game: str | None = None) -> set[str]:
    """Names of every test function (lower case) in tests_dir/**: for game None
    every test_*.py; "pirates": test_pirates_*.py and pirates_*.py;
    "maracaibo": every test_*.py but test_pirates_*.py."""
    if game == "pirates":
        files = set(tests_dir.rglob("test_pirates_*.py")) | set(tests_dir.rglob("pirates_*.py"))
    else:
        files = set(tests_dir.rglob("test_*.py"))
        if game == "maracaibo":
            files = {f for f in files if not is_pirates_test_file(f)}
    names = set()
    for f in sorted(files):
        names.update(n.lower() for n in re.findall(r"def (test_\w+)", f.read_text(encoding="utf-8")))
    return names


def rulings_lines(text: str, game: str | None = None) -> list[str]:
    """The lines of docs/rulings.md that rule for a game: None, all of them;
    "pirates", those of the "# Pirates of Maracaibo" section; "maracaibo", the rest."""
    if game is None:
        return text.splitlines()
    out, pirates = [], False
    for line in text.splitlines():
        if line.startswith("# "):
            pirates = line[2:].strip() == PIRATES_RULINGS
        if pirates == (game == "pirates"):
            out.append(line)
    return out


def ruled_ids(rulings: Path, game: str | None = None) -> tuple[set[str], set[str]]:
    """(IDs named in rulings.md, IDs named on a line that says they are not
    modelled), of the game's part of it (rulings_lines). 'NVA-01..04' names
    NVA-01 to NVA-04."""
    if not rulings.is_file():
        return set(), set()
    named, not_modelled = set(), set()
    for line in rulings_lines(rulings.read_text(encoding="utf-8"), game):
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


def _shown_path(path: Path) -> str:
    """The index of the repository relative to it; any other path as given."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def run_game(game: GameSpec, path: Path, sections: tuple[int, int] | None, listing: bool,
             out=sys.stdout) -> Counter:
    """Print one game's table; returns its counts per group."""
    ids = checklist_ids(path)
    if sections is not None:
        ids = [x for x in ids if sections[0] <= x[0] <= sections[1]]
    shown = f"{sections[0]}-{sections[1]}" if sections else "all"
    tests = collect_test_names(ROOT / "tests", game.key)
    ruled, not_modelled = ruled_ids(ROOT / "docs" / "rulings.md", game.key)
    groups = classify(ids, tests, ruled, not_modelled)
    print(f"{game.title}: checklist {_shown_path(path)}, sections {shown}: {len(ids)} IDs", file=out)
    report(ids, groups, tests, listing, out=out)
    report_by_option(game.key, ids, groups, out=out)
    c = Counter(groups.values())
    print(f"{c['tested']} tested, {c['ruling only']} with a ruling only, "
          f"{c['not modelled']} ruled not modelled, {c['uncovered']} uncovered", file=out)
    return c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  python tests/checklist_coverage.py\n"
               "  python tests/checklist_coverage.py --game maracaibo --sections 6 --list\n"
               "  python tests/checklist_coverage.py --game pirates --sections 2-5 --list\n"
               "  MARACAIBO_CHECKLIST=../shared/spec/maracaibo-rules-checklist.md python tests/checklist_coverage.py")
    ap.add_argument("--game", choices=("maracaibo", "pirates", "all"), default="all",
                    help="which game's checklist to report (default all: one table per game)")
    ap.add_argument("--checklist", metavar="PATH",
                    help=f"the Maracaibo rule IDs: a rules index (.toml) or a Markdown checklist "
                         f"(default ${MARACAIBO.env_var}, else {MARACAIBO.index.relative_to(ROOT)}); "
                         "with --game pirates, the Pirates ones")
    ap.add_argument("--pirates-checklist", metavar="PATH",
                    help=f"the Pirates rule IDs (default ${PIRATES.env_var}, else "
                         f"{PIRATES.index.relative_to(ROOT)})")
    ap.add_argument("--sections", default=None,
                    help="a section or range, e.g. 6 or 0-26, for every game reported (default: "
                         "0-29 for Maracaibo: base game, solo, variants, legacy tiles, retirement; "
                         "every section for Pirates)")
    ap.add_argument("--list", action="store_true", help="list every ID with its group (and tests)")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 when an ID is uncovered (a missing checklist always does)")
    args = ap.parse_args(argv)
    try:
        chosen = _sections(args.sections) if args.sections is not None else None
    except ValueError:
        ap.error(f"--sections must be N or N-M, got {args.sections!r}")

    games = list(GAMES.values()) if args.game == "all" else [GAMES[args.game]]
    options = {"maracaibo": args.checklist,
               "pirates": args.pirates_checklist or (args.checklist if args.game == "pirates" else None)}
    failed, missing = False, []
    for i, game in enumerate(games):
        if i:
            print()
        path, looked = find_checklist(options[game.key], game)
        if path is None:
            missing.append(game)
            print(f"error: {game.title}: checklist not found: "
                  + ", ".join(str(p) for p in looked)
                  + f"\nGive an existing rules index or checklist with {game.option} PATH or "
                    f"${game.env_var} (without either, the repository's "
                    f"{game.index.relative_to(ROOT)} is used). {game.title} was not checked.",
                  file=sys.stderr)
            continue
        sections = chosen if chosen is not None else (
            _sections(game.sections) if game.sections else None)
        c = run_game(game, path, sections, args.list)
        failed = failed or c["uncovered"] > 0
    if missing:
        return 1
    return 1 if args.strict and failed else 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # output piped into head
        sys.stderr.close()
        raise SystemExit(0)

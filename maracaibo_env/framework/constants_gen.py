"""Writes each game core's explicit constants module, ``core/constants.py``.

    python -m maracaibo_env.framework.constants_gen              # every registered game
    python -m maracaibo_env.framework.constants_gen pirates      # one game
    python -m maracaibo_env.framework.constants_gen --check      # exit 1 if a file is stale
    python maracaibo_env/framework/constants_gen.py              # the same, without importing
                                                                 # the games (see below)

A core declares most of its numeric names in tables: layout.py's LAYOUT makes
G_<field> / P_<field>, the catalog layout's CATALOG makes C_<field>,
actions.py's ACTION_OFFSETS makes A_<kind>, and each module's ENUM_PREFIXES
makes one name per tuple entry (constants_check.table_constants). Searching
for ``G_RAID_POWER =`` in the sources finds none of them. constants.py writes
every int constant of a core's source modules (SOURCES), written there or made
by their tables, as a plain ``NAME = 123  # meaning`` line, grouped by source,
and lists them in ``__all__``; the rule modules import them from there by name,
and numba freezes them at compile time. The sources stay the truth: each
core's common.py checks the file against them at import, and
tests/framework/test_constants_generated.py fails, naming the command above,
when a file no longer matches what this module writes.

A game's core is ``<the package of its Game module>.core`` (the registry's
game_info(id).game); the games are imported by name only when asked for, so
the framework imports no game. Run as a file, the script loads the source
modules without running the game packages' ``__init__`` (which import the
whole engine): that still works when a stale constants.py stops the package
from importing.
"""
from __future__ import annotations

import ast
import importlib
import io
import sys
import tokenize
import types
from pathlib import Path


def _stub(name: str, folder: Path) -> None:
    """An empty package standing in for `name` (its __init__ is not run)."""
    m = types.ModuleType(name)
    m.__path__ = [str(folder)]
    sys.modules[name] = m


_AS_FILE = __name__ == "__main__" and not __package__
if _AS_FILE:                                     # run as a file: import no game package's __init__
    _BASE = Path(__file__).resolve().parents[2]
    sys.path[0] = str(_BASE)                     # not this folder: its modules would shadow others
    _stub("maracaibo_env", _BASE / "maracaibo_env")
    __package__ = "maracaibo_env.framework"      # noqa: A001  (PEP 366: relative imports work)

from .constants_check import SOURCES, TARGET, table_constants, written_constants  # noqa: E402


# ---- which game, which core --------------------------------------------------------------------
def core_package(game_id: str) -> str:
    """The dotted name of a registered game's core package ("maracaibo_env.pirates.core")."""
    from ..registry import game_info
    game = game_info(game_id).game
    module = game.partition(":")[0] if isinstance(game, str) else game.__module__
    return module.rpartition(".")[0] + ".core"


def game_title(game_id: str) -> str:
    from ..registry import game_info
    return game_info(game_id).title


def target_path(core: str) -> Path:
    return Path(importlib.import_module(core).__path__[0]) / f"{TARGET}.py"


# ---- reading a source module ----------------------------------------------------------------------
def _source_facts(path: Path):
    """What the source text says: (names a top-level import binds, names a top-level
    assignment of no call binds and nothing changes later, {name: the comment on its assignment line}, {declared entry:
    the comment on its line} for the (name, size) entries of a list literal, where the
    line declares one entry)."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    comments = {tok.start[0]: tok.string.lstrip("#").strip()
                for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT}
    imported, assigned, said, entries = set(), set(), {}, {}
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imported.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign):
            for n in (n for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)):
                if not isinstance(node.value, ast.Call):
                    assigned.add(n.id)
                if node.lineno in comments:
                    said.setdefault(n.id, comments[node.lineno])
            if isinstance(node.value, ast.List):
                per_line = {}
                for e in node.value.elts:
                    if isinstance(e, ast.Tuple) and e.elts and isinstance(e.elts[0], ast.Constant):
                        per_line.setdefault(e.lineno, []).append(e.elts[0].value)
                for line, names in per_line.items():
                    if len(names) == 1 and line in comments:
                        entries.setdefault(names[0], comments[line])
    assigned -= {n.target.id for n in ast.walk(tree)
                 if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)}
    return imported, assigned, said, entries


def _made_comments(ns: dict, entries: dict[str, str]) -> dict[str, str]:
    """What a name made by a table means: an enum index, or a state, catalog or
    action offset (with the comment on its declaration)."""
    out = {}

    def plural(n, unit):
        return f"{n} {unit}" + ("" if n == 1 else "s")

    def said(f):
        return f"; {entries[f]}" if f in entries else ""

    for prefix, names in ns.get("ENUM_PREFIXES", {}).items():
        tname = next(k for k, v in ns.items() if v is names and k.isupper() and not k.startswith("_"))
        for i, n in enumerate(names):
            out[prefix + n.upper()] = f"{tname}[{i}] {n!r}"
    layout = ns.get("LAYOUT")
    if layout is not None and hasattr(layout, "glob"):
        for f, (_, size) in layout.glob.items():
            out["G_" + f] = f"state field {f}, {plural(size, 'int')}{said(f)}"
        for f, (_, size) in layout.player.items():
            out["P_" + f] = f"player-block field {f}, {plural(size, 'int')}{said(f)}"
        out.update(PLAYERS="offset of player 0's block", PLAYER_SIZE="ints per player block",
                   STATE_SIZE="ints in a state vector")
    if isinstance(ns.get("CATALOG"), dict):
        for f, (_, size) in ns["CATALOG"].items():
            out["C_" + f] = f"catalog field {f}, {plural(size, 'int')}{said(f)}"
        out["CATALOG_SIZE"] = "ints in a catalog vector"
    if isinstance(ns.get("ACTION_OFFSETS"), dict):
        for k, (off, n) in ns["ACTION_OFFSETS"].items():
            out["A_" + k] = f"action {k}: " + (f"id {off}" if n == 1 else f"ids {off}..{off + n - 1}") + said(k)
        out["NUM_ACTIONS"] = "size of the action space"
    return out


def collect(core: str) -> list[tuple[str, list[tuple[str, int, str, bool]]]]:
    """[(source module, [(name, value, comment, computed), ...]), ...] for one core, in
    source order; computed: no top-level assignment in the source names it (its
    tables make it, or a call, a loop or an augmented assignment does)."""
    groups = []
    for src in SOURCES:
        name = f"{core}.{src}"
        if importlib.util.find_spec(name) is None:
            continue
        mod = importlib.import_module(name)
        imported, assigned, said, entries = _source_facts(Path(mod.__file__))
        ns = vars(mod)
        own = {k: v for k, v in written_constants(ns).items() if k not in imported}
        made = table_constants(ns)
        twice = sorted(set(own) & set(made))
        if twice:
            raise ValueError(f"{name}: {', '.join(twice)} both written and made by a table")
        comments = _made_comments(ns, entries)
        rows = [(k, v, comments.get(k) or said.get(k, ""), k not in assigned) for k, v in own.items()]
        rows += [(k, v, comments.get(k, ""), True) for k, v in made.items()]
        groups.append((src, sorted(rows, key=lambda r: r[3])))     # as written, then computed
    return groups


def _all_lines(names: list[str], width: int = 100) -> list[str]:
    """``__all__ = [...]``, the names quoted, as many to a line as fit in width."""
    lines, line = ["__all__ = ["], "   "
    for n in names:
        item = f' "{n}",'
        if len(line) + len(item) > width:
            lines.append(line)
            line = "   "
        line += item
    return lines + [line, "]"]


# ---- writing ------------------------------------------------------------------------------------
def render(core: str, title: str) -> str:
    """The text of a core's constants.py."""
    groups = collect(core)
    files = ", ".join(f"{src}.py" for src, _ in groups)
    lines = [
        f'"""Every int constant of the {title} rules core, written out. GENERATED: do not edit.',
        "",
        "Made by maracaibo_env/framework/constants_gen.py from the core's",
        f"{files}, which stay the source (many of these",
        "names are made by their tables). The rule modules import them from here by",
        "name; numba freezes them at compile time. After changing a source, regenerate",
        "with",
        "",
        "    python -m maracaibo_env.framework.constants_gen",
        "",
        "(tests/framework/test_constants_generated.py fails until this file matches).",
        '"""',
    ]
    for src, entries in groups:
        lines.append("")
        was = None
        for name, value, comment, computed in entries:
            if computed != was:
                how = "computed there" if computed else "as written there"
                lines += ["", f"# ---- {src}.py, {how} " + "-" * (80 - len(src) - len(how))]
            was = computed
            line = f"{name} = {value}"
            if comment:
                line = f"{line:<32}  # {comment}"
            lines.append(line)
    names = list(dict.fromkeys(name for _, entries in groups for name, *_ in entries))
    lines += ["", ""] + _all_lines(names)
    return "\n".join(lines) + "\n"


def write(game_ids=None, check: bool = False) -> list[Path]:
    """Regenerate the constants.py of the given (default: all registered) games; the
    paths whose text changed (with check=True: that would change; nothing is written)."""
    from ..registry import available_games
    changed = []
    for gid in game_ids or available_games():
        core = core_package(gid)
        text = render(core, game_title(gid))
        path = target_path(core)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(path)
            if not check:
                path.write_text(text, encoding="utf-8")
    return changed


def _bare_cores(games) -> None:
    """Stand-ins for each game's package and core, so that its source modules
    import without their __init__ (which import the whole engine)."""
    from ..registry import available_games
    base = Path(__file__).resolve().parents[2]
    for gid in games or available_games():
        core = core_package(gid)
        for pkg in (core.rpartition(".")[0], core):
            _stub(pkg, base.joinpath(*pkg.split(".")))


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m maracaibo_env.framework.constants_gen",
                                 description="Write each game core's core/constants.py.")
    ap.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    args = ap.parse_args(argv)
    changed = write(args.games, check=args.check)
    for path in changed:
        print(("stale: " if args.check else "wrote ") + str(path))
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":
    if _AS_FILE:
        _bare_cores([a for a in sys.argv[1:] if not a.startswith("-")])
    sys.exit(main())

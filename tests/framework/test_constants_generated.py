"""Issue 23: each core's int constants are written out in its generated
core/constants.py (framework/constants_gen.py), and the rule modules read them
from there, so that searching `G_RAID_POWER =` finds the definition. Issue 38:
by name (no star import, no name written into a module's globals()), the
table-made names (G_*, A_*, PH_* ...) checked against their tables."""
from __future__ import annotations

import ast
import builtins
import importlib
import sys
from pathlib import Path

import pytest

from maracaibo_env.framework import constants_gen
from maracaibo_env.framework.constants_check import SOURCES, TARGET, table_constants, verify
from maracaibo_env.registry import available_games

REGEN = "python -m maracaibo_env.framework.constants_gen"


def _core_files(game):
    core = constants_gen.core_package(game)
    return core, sorted(constants_gen.target_path(core).parent.glob("*.py"))


@pytest.mark.parametrize("game", available_games())
def test_the_committed_constants_are_what_the_generator_writes(game):
    core = constants_gen.core_package(game)
    path = constants_gen.target_path(core)
    want = constants_gen.render(core, constants_gen.game_title(game))
    assert path.exists(), f"{path} is missing: run {REGEN}"
    assert path.read_text(encoding="utf-8") == want, \
        f"{path} is stale (a layout, catalog, enum or action table changed): run {REGEN}"


@pytest.mark.parametrize("game", available_games())
def test_the_constants_module_is_plain_assignments(game):
    core, _ = _core_files(game)
    tree = ast.parse(constants_gen.target_path(core).read_text(encoding="utf-8"))
    *body, last = tree.body[1:]                           # after the docstring, before __all__
    assert body and all(isinstance(n, ast.Assign) and len(n.targets) == 1
                        and isinstance(n.targets[0], ast.Name) and isinstance(n.value, (ast.Constant, ast.UnaryOp))
                        for n in body)
    assert isinstance(last, ast.Assign) and [t.id for t in last.targets] == ["__all__"]
    consts = importlib.import_module(f"{core}.{TARGET}")
    assert consts.__all__ == list(dict.fromkeys(n.targets[0].id for n in body))   # each name once
    for src in SOURCES:                                   # every computed name is there, e.g. G_*/A_*
        name = f"{core}.{src}"
        if importlib.util.find_spec(name) is None:
            continue
        mod = importlib.import_module(name)
        for k, v in vars(mod).items():
            if type(v) is int and k.isupper() and not k.startswith("_"):
                assert getattr(consts, k, None) == v, f"{src}.{k}"
        for k, v in table_constants(vars(mod)).items():   # made by its tables, not written there
            assert k not in vars(mod), f"{src}.{k} is in the module's namespace"
            assert getattr(consts, k, None) == v == getattr(mod, k), f"{src}.{k}"


def _free_names(tree) -> set[str]:
    """Names a module reads but does not bind itself (what `import *` supplies)."""
    bound = set(dir(builtins))
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            bound.add(n.name)
        elif isinstance(n, ast.arg):
            bound.add(n.arg)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            bound.add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in n.names if a.name != "*")
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound


@pytest.mark.parametrize("game", available_games())
def test_rule_modules_read_every_constant_from_the_constants_module(game):
    core, files = _core_files(game)
    consts = vars(importlib.import_module(f"{core}.{TARGET}"))
    for f in files:
        if f.stem in SOURCES or f.stem in (TARGET, "__init__"):
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        # no star import at all; of a source module, no name computed there (it has no `NAME =` line)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom):
                assert all(a.name != "*" for a in n.names), f"{f.name}: from {n.module} import *"
            if isinstance(n, ast.ImportFrom) and n.level == 1 and n.module in SOURCES:
                src = importlib.import_module(f"{core}.{n.module}")
                _, written, _, _ = constants_gen._source_facts(Path(src.__file__))
                made = table_constants(vars(src))
                for a in n.names:
                    assert a.name != "*", f"{f.name}: from .{n.module} import *"
                    assert (not isinstance(vars(src).get(a.name), int) or a.name in written) \
                        and a.name not in made, \
                        f"{f.name} imports {a.name}, computed in {n.module}.py: import it from {TARGET}.py"
        # every name a star import supplies resolves, constants to the constants module's value
        mod = importlib.import_module(f"{core}.{f.stem}")
        for name in sorted(_free_names(tree)):
            assert hasattr(mod, name), f"{f.name} reads {name}, which nothing defines"
            if name in consts:
                assert getattr(mod, name) == consts[name], f"{f.name}: {name}"


def test_a_stale_constants_module_refuses_to_import(tmp_path, monkeypatch):
    core = tmp_path / "fakegame" / "core"
    core.mkdir(parents=True)
    (tmp_path / "fakegame" / "__init__.py").write_text("")
    (core / "__init__.py").write_text("")
    (core / "layout.py").write_text("G_A = 0\nG_B = 1\n")
    (core / f"{TARGET}.py").write_text("G_A = 0\nG_B = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        verify("fakegame.core")                                   # matches: nothing raised
        (core / "layout.py").write_text("G_A = 0\nG_NEW = 1\nG_B = 2\n")
        importlib.reload(sys.modules["fakegame.core.layout"])
        with pytest.raises(ImportError, match=r"G_B, G_NEW differ .*constants_gen"):
            verify("fakegame.core")
    finally:
        for m in [m for m in sys.modules if m.startswith("fakegame")]:
            del sys.modules[m]


def test_a_constants_module_with_a_name_no_source_makes_refuses_to_import(tmp_path, monkeypatch):
    core = tmp_path / "fakegame2" / "core"
    core.mkdir(parents=True)
    (tmp_path / "fakegame2" / "__init__.py").write_text("")
    (core / "__init__.py").write_text("")
    (core / "layout.py").write_text("G_A = 0\nENUM_PREFIXES = {'K_': ('one', 'two')}\n")
    (core / f"{TARGET}.py").write_text("G_A = 0\nK_ONE = 0\nK_TWO = 1\nG_GONE = 1\n")   # a removed field
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        with pytest.raises(ImportError, match=r"G_GONE differ"):
            verify("fakegame2.core")
        (core / f"{TARGET}.py").write_text("G_A = 0\nK_ONE = 0\nK_TWO = 1\n")
        del sys.modules["fakegame2.core.constants"]                 # (a reload keeps the old names)
        verify("fakegame2.core")
    finally:
        for m in [m for m in sys.modules if m.startswith("fakegame2")]:
            del sys.modules[m]


def test_table_constants_name_every_entry_once():
    ns = {"ENUM_PREFIXES": {"K_": ("a", "b")}, "ACTION_OFFSETS": {"PASS": (0, 1), "SAIL": (1, 9)},
          "CATALOG": {"N": (0, 1), "X": (1, 4)}}
    assert table_constants(ns) == {"K_A": 0, "K_B": 1, "C_N": 0, "C_X": 1, "A_PASS": 0, "A_SAIL": 1}
    with pytest.raises(ValueError, match="C_X is made twice"):
        table_constants({"ENUM_PREFIXES": {"C_": ("x",)}, "CATALOG": {"X": (3, 1)}})


@pytest.mark.parametrize("game", available_games())
def test_a_source_module_serves_its_table_names_from_the_constants_module(game):
    core = constants_gen.core_package(game)
    consts = importlib.import_module(f"{core}.{TARGET}")
    layout = importlib.import_module(f"{core}.layout")
    assert layout.G_NP == consts.G_NP == layout.LAYOUT.glob["NP"][0]
    assert layout.STATE_SIZE == consts.STATE_SIZE == layout.LAYOUT.size
    with pytest.raises(AttributeError):
        layout.G_NO_SUCH_FIELD
    with pytest.raises(AttributeError):
        layout.describe_nothing


def test_no_core_or_framework_module_writes_its_globals():
    base = Path(constants_gen.__file__).resolve().parents[1]
    files = sorted(base.glob("framework/*.py"))
    for game in available_games():
        files += _core_files(game)[1]
    for f in files:
        calls = [n for n in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "globals"]
        assert not calls, f"{f.relative_to(base)} calls globals() (line {calls[0].lineno})"

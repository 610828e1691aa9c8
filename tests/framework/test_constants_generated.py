"""Issue 23: each core's int constants are written out in its generated
core/constants.py (framework/constants_gen.py), and the rule modules read them
from there, so that searching `G_RAID_POWER =` finds the definition."""
from __future__ import annotations

import ast
import builtins
import importlib
import sys
from pathlib import Path

import pytest

from maracaibo_env.framework import constants_gen
from maracaibo_env.framework.constants_check import SOURCES, TARGET, verify
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
    body = tree.body[1:]                                  # after the docstring
    assert body and all(isinstance(n, ast.Assign) and len(n.targets) == 1
                        and isinstance(n.targets[0], ast.Name) and isinstance(n.value, (ast.Constant, ast.UnaryOp))
                        for n in body)
    consts = importlib.import_module(f"{core}.{TARGET}")
    for src in SOURCES:                                   # every computed name is there, e.g. G_*/A_*
        name = f"{core}.{src}"
        if importlib.util.find_spec(name) is None:
            continue
        mod = importlib.import_module(name)
        for k, v in vars(mod).items():
            if type(v) is int and k.isupper() and not k.startswith("_"):
                assert getattr(consts, k, None) == v, f"{src}.{k}"


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
        # no star import of a source module, no name computed there (it has no `NAME =` line)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.level == 1 and n.module in SOURCES:
                src = importlib.import_module(f"{core}.{n.module}")
                _, written, _, _ = constants_gen._source_facts(Path(src.__file__))
                for a in n.names:
                    assert a.name != "*", f"{f.name}: from .{n.module} import *"
                    assert not isinstance(vars(src).get(a.name), int) or a.name in written, \
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

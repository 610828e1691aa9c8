"""Issue 23: the package's modules import each other without cycles, counting
imports inside functions too (only `if TYPE_CHECKING:` blocks, which never run,
are left out), and the framework imports no game."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("maracaibo_env", "agents")


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for f in (ROOT / pkg).rglob("*.py"):
            name = ".".join(f.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = f
    return out


def _targets(mods: dict, cur: str, node) -> list[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = cur.split(".")
        if node.level:
            keep = len(base) - node.level + (1 if mods[cur].name == "__init__.py" else 0)
            prefix = ".".join(base[:keep] + ([node.module] if node.module else []))
        else:
            prefix = node.module or ""
        names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in mods else prefix for a in node.names]
    out = []
    for n in names:
        while n and n not in mods:
            n = n.rpartition(".")[0]
        if n and n != cur:
            out.append(n)
    return out


def import_graph() -> dict[str, set[str]]:
    """module -> the package modules it imports (anywhere in its source)."""
    mods = _modules()
    graph = {m: set() for m in mods}
    for m, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test):
                n.body = []
        for n in ast.walk(tree):
            if isinstance(n, (ast.Import, ast.ImportFrom)) and getattr(n, "module", None) != "__future__":
                graph[m].update(_targets(mods, m, n))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles():
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_cycle_finder_finds_a_planted_cycle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(g) == [["a", "b", "c"]]


def test_the_framework_imports_no_game():
    games = ("maracaibo_env.maracaibo.core", "maracaibo_env.pirates", "maracaibo_env.maracaibo.game", "maracaibo_env.maracaibo.catalog")
    for m, deps in import_graph().items():
        if m.startswith("maracaibo_env.framework"):
            bad = sorted(d for d in deps if d.startswith(games))
            assert not bad, f"{m} imports {bad}"

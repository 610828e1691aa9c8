"""The package's imports run one way: framework -> games -> agents -> matches
-> tools -> apps, without cycles, counting imports inside functions too (only
`if TYPE_CHECKING:` blocks, which never run, are left out). Imports made by
name through importlib (the registries' "module:attribute" rows) are data,
not arrows.

    python tests/framework/test_import_graph.py   # the arrows against the order, and the cycles
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("maracaibo_env",)

#: the games: every folder of the package with a game.py and a rules core (each has the same roles)
GAMES = tuple(sorted(f.parent.name for f in (ROOT / "maracaibo_env").glob("*/game.py") if (f.parent / "core").is_dir()))
#: a game folder's modules by role: its rules and data are the games layer, and
#: these modules of it sit higher (its agents; its matches, envs with opponents and
#: warm-ups; its campaign; its views)
GAME_ROLES = {"agents": "agents", "match": "matches", "vector": "matches", "single": "matches",
              "warm": "matches", "preload": "matches", "campaign": "tools", "view": "apps",
              "demo": "apps"}
#: layer -> module prefixes (full dotted names); the longest matching prefix decides
LAYERS: dict[str, tuple[str, ...]] = {
    "framework": ("maracaibo_env.framework", "maracaibo_env.registry"),
    "games": tuple(f"maracaibo_env.{g}" for g in GAMES),
    "agents": ("maracaibo_env.agents",),
    "matches": (),
    "tools": ("maracaibo_env.tournament", "maracaibo_env.balance", "maracaibo_env.calibration",
              "maracaibo_env.training"),
    "apps": ("maracaibo_env", "maracaibo_env.cli", "maracaibo_env.play"),
}
for _g in GAMES:
    for _role, _layer in GAME_ROLES.items():
        LAYERS[_layer] += (f"maracaibo_env.{_g}.{_role}",)
ORDER = list(LAYERS)


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


def layer_of(module: str) -> str:
    """The layer of a module: the one of its longest matching prefix."""
    best, best_len = "apps", -1
    for layer, prefixes in LAYERS.items():
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best_len:
                best, best_len = layer, len(p)
    return best


def against_order(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """(importer, imported) pairs where a module imports a higher layer."""
    return sorted((m, t) for m, ts in graph.items() for t in ts
                  if ORDER.index(layer_of(t)) > ORDER.index(layer_of(m)))


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The imports between packages: a module counts as its package's part in its
    layer ("maracaibo_env.pirates" for the rules, "maracaibo_env.pirates[matches]"
    for its match.py: a game folder holds several layers); a package's imports of
    its own subpackages are not arrows between packages."""
    mods = _modules()

    def unit(m):
        pkg = m if mods[m].name == "__init__.py" else m.rpartition(".")[0]
        layer = layer_of(m)
        return pkg if layer == layer_of(pkg) else f"{pkg}[{layer}]"
    out: dict[str, set[str]] = {unit(m): set() for m in graph}
    for m, ts in graph.items():
        u = unit(m)
        base = u.partition("[")[0]
        out[u].update(q for q in map(unit, ts) if q != u and not q.startswith(base + "."))
    return out


def test_every_import_follows_the_layer_order():
    bad = against_order(import_graph())
    assert not bad, f"{len(bad)} imports against the order {' -> '.join(ORDER)}:\n" + \
        "\n".join(f"  {m} ({layer_of(m)}) imports {t} ({layer_of(t)})" for m, t in bad)


def test_no_package_cycles():
    found = cycles(package_graph(import_graph()))
    assert found == [], "package cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_layer_check_finds_a_planted_import_against_the_order():
    g = {"maracaibo_env.maracaibo.game": {"maracaibo_env.tournament.runner"},
         "maracaibo_env.maracaibo.agents.mcts": {"maracaibo_env.maracaibo.game"},
         "maracaibo_env.tournament.runner": set()}
    assert against_order(g) == [("maracaibo_env.maracaibo.game", "maracaibo_env.tournament.runner")]
    assert layer_of("maracaibo_env.pirates.agents.mcts") == "agents"
    assert layer_of("maracaibo_env.pirates.core.engine") == "games"


if __name__ == "__main__":
    g = import_graph()
    for m, t in against_order(g):
        print(f"{layer_of(m):>9} {m}  ->  {t} ({layer_of(t)})")
    print(f"{len(against_order(g))} against the order; cycles: {cycles(g)}; "
          f"package cycles: {cycles(package_graph(g))}")

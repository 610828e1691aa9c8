"""The check that a core's generated constants module still matches its sources.

A source module declares its numeric names in tables and writes out only a few
plain ``NAME = 123`` lines; `table_constants` says which names its tables
make (G_<field>, A_<kind>, PH_<phase> ...). The generated constants module
(framework/constants_gen.py) writes both kinds out, and the rule modules import
them from there by name.

Each core's common.py calls ``verify(__package__)`` at import. The generator
is framework/constants_gen.py (kept apart, so that running it with ``python -m``
does not find it imported already by the cores).
"""
from __future__ import annotations

import functools
import importlib
import importlib.util
import sys

#: the core modules whose int constants constants.py writes out, in this order (those a core has)
SOURCES = ("layout", "catalog_layout", "enums", "actions")
TARGET = "constants"


def table_constants(ns: dict) -> dict[str, int]:
    """{name: value} of the names a source module's tables make, in this order:
    ``<prefix><NAME>`` = index for each (prefix, names) of its ENUM_PREFIXES;
    G_<field> / P_<field> / PLAYERS / PLAYER_SIZE / STATE_SIZE of its LAYOUT
    (a framework.layout.StateLayout); C_<field> = offset of its CATALOG
    ({field: (offset, size)}); A_<kind> = first id of its ACTION_OFFSETS.
    ValueError if two of them make one name."""
    made: list[tuple[str, int]] = []
    for prefix, names in ns.get("ENUM_PREFIXES", {}).items():
        made += [(prefix + n.upper(), i) for i, n in enumerate(names)]
    layout = ns.get("LAYOUT")
    if layout is not None and hasattr(layout, "constants"):
        made += list(layout.constants().items())
    if isinstance(ns.get("CATALOG"), dict):
        made += [("C_" + name, off) for name, (off, _) in ns["CATALOG"].items()]
    if isinstance(ns.get("ACTION_OFFSETS"), dict):
        made += [("A_" + kind, off) for kind, (off, _) in ns["ACTION_OFFSETS"].items()]
    out: dict[str, int] = {}
    for name, value in made:
        if name in out:
            raise ValueError(f"{name} is made twice by the tables of {ns.get('__name__')}")
        out[name] = value
    return out


def written_constants(ns: dict) -> dict[str, int]:
    """{name: value} of the public int names a module binds (its own or imported)."""
    return {k: v for k, v in ns.items() if type(v) is int and k.isupper() and not k.startswith("_")}


def table_getattr(module_name: str):
    """A module ``__getattr__`` (PEP 562) for a source module: ``L.G_CUR`` or
    ``from .layout import A_PASS`` in Python code outside the rule modules
    reads a name the module's tables make from the generated constants module
    (rule modules import them from there themselves)."""
    @functools.lru_cache(maxsize=None)
    def made() -> frozenset:
        return frozenset(table_constants(vars(sys.modules[module_name])))

    def __getattr__(name: str):
        if name.startswith("_") or name not in made():
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        core = module_name.rpartition(".")[0]
        return getattr(importlib.import_module(f"{core}.{TARGET}"), name)
    return __getattr__


def verify(core: str) -> None:
    """ImportError unless the core's constants module holds every int constant of its
    source modules (written there or made by their tables) with the same value, and
    no other: its compiled code would read stale offsets otherwise. A core's common.py
    calls it once at import (a dict walk, about a millisecond)."""
    have = written_constants(vars(importlib.import_module(f"{core}.{TARGET}")))
    sources = [importlib.import_module(f"{core}.{src}") for src in SOURCES
               if importlib.util.find_spec(f"{core}.{src}") is not None]
    want = {}
    for m in sources:
        want.update(written_constants(vars(m)))
        want.update(table_constants(vars(m)))
    bad = sorted({k for k, v in want.items() if have.get(k) != v} | (set(have) - set(want)))
    if bad:
        shown = ", ".join(bad[:6]) + (f" and {len(bad) - 6} more" if len(bad) > 6 else "")
        raise ImportError(f"{core}.{TARGET} is out of date ({shown} differ from "
                          f"{', '.join(m.__name__.rpartition('.')[2] + '.py' for m in sources)}); "
                          "regenerate it: python maracaibo_env/framework/constants_gen.py "
                          "(or python -m maracaibo_env.framework.constants_gen)")

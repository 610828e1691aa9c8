"""Old import paths of modules that moved, so that scripts and pickles of
earlier versions keep working: ``import maracaibo_env.game`` gives the module
``maracaibo_env.maracaibo.game`` itself (one module object under both names),
with a DeprecationWarning naming the new path.

Maracaibo's files moved from the package's top level into
``maracaibo_env/maracaibo/`` (the same file set as ``maracaibo_env/pirates/``).
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings

#: old name -> new name (a package maps its submodules too)
MOVED = {
    **{f"maracaibo_env.{m}": f"maracaibo_env.maracaibo.{m}" for m in (
        "game", "core", "catalog", "data_load", "validate", "aec", "single", "batch", "render",
        "legacy", "invariants", "obs_bounds", "description", "vector", "match")},
    "maracaibo_env.pirates_match": "maracaibo_env.pirates.match",
}


def new_name(old: str) -> str | None:
    """The module's current name, or None if `old` did not move."""
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before):]
    return None


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        new = new_name(fullname)
        if new is None:
            return None
        module = importlib.import_module(new)
        spec = importlib.util.spec_from_loader(fullname, self, is_package=hasattr(module, "__path__"))
        spec.loader_state = (module, module.__spec__)
        return spec

    def create_module(self, spec):
        warnings.warn(f"{spec.name} moved to {spec.loader_state[0].__name__}; import that instead",
                      DeprecationWarning, stacklevel=3)
        return spec.loader_state[0]

    def exec_module(self, module):
        # already executed under its new name; the import system set its __spec__ to the
        # alias's: give it back its own (relative imports inside it read it)
        module.__spec__ = module.__spec__.loader_state[1]


def install() -> None:
    if not any(isinstance(f, _Alias) for f in sys.meta_path):
        sys.meta_path.insert(0, _Alias())

"""The check that a core's generated constants module still matches its sources.

Each core's common.py calls ``verify(__package__)`` at import. The generator
is framework/constants_gen.py (kept apart, so that running it with ``python -m``
does not find it imported already by the cores).
"""
from __future__ import annotations

import importlib
import importlib.util

#: the core modules whose int constants constants.py writes out, in this order (those a core has)
SOURCES = ("layout", "catalog_layout", "enums", "actions")
TARGET = "constants"


def verify(core: str) -> None:
    """ImportError unless the core's constants module holds every int constant of its
    source modules, with the same value: its compiled code would read stale offsets
    otherwise. A core's common.py calls it once at import (a dict walk, microseconds)."""
    have = vars(importlib.import_module(f"{core}.{TARGET}"))
    sources = [importlib.import_module(f"{core}.{src}") for src in SOURCES
               if importlib.util.find_spec(f"{core}.{src}") is not None]
    bad = sorted({k for m in sources for k, v in vars(m).items()
                  if type(v) is int and k.isupper() and not k.startswith("_") and have.get(k) != v})
    if bad:
        shown = ", ".join(bad[:6]) + (f" and {len(bad) - 6} more" if len(bad) > 6 else "")
        raise ImportError(f"{core}.{TARGET} is out of date ({shown} differ from "
                          f"{', '.join(m.__name__.rpartition('.')[2] + '.py' for m in sources)}); "
                          "regenerate it: python maracaibo_env/framework/constants_gen.py "
                          "(or python -m maracaibo_env.framework.constants_gen)")

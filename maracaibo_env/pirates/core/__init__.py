"""The Pirates of Maracaibo rules core: numba functions over one int32 state
vector (layout.py) and one int32 catalog vector (catalog_layout.py).

numba's on-disk cache is keyed on each function's own file, but every module
here reads constants (offsets) from constants.py, generated from layout.py
and catalog_layout.py (framework/constants_gen.py), so the
cached code is dropped whenever any module this core imports, transitively,
changes (framework/numba_cache.py). Compiled callers elsewhere (agents,
tests) call `drop_stale_cache(__file__)` before their first compiled call.
"""
from pathlib import Path

from ...framework.numba_cache import guard_core

drop_stale_cache = guard_core(Path(__file__).parent)

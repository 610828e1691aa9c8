"""The numba core: arrays and ints only; nothing here imports gymnasium or pettingzoo.

numba's on-disk cache (cache=True) is keyed on each function's own source
file, but compiled code freezes constants from the modules it imports
(constants.py, generated from layout.py, enums.py ...). So the cached code is dropped
whenever any module this core imports, transitively, changes
(framework/numba_cache.py). Modules outside the core with njit(cache=True)
functions that call into it call `drop_stale_cache(__file__)` before their
first compiled call.
"""
from pathlib import Path

from ...framework.numba_cache import guard_core

drop_stale_cache = guard_core(Path(__file__).parent)

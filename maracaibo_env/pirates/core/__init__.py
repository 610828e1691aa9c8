"""The Pirates of Maracaibo rules core: numba functions over one int32 state
vector (layout.py) and one int32 catalog vector (catalog_layout.py).

numba's on-disk cache is keyed on each function's own file, but every module
here reads constants (offsets) from layout.py and catalog_layout.py, so a
change to any core source drops all of this core's cached code (as the
Maracaibo core does). Compiled callers elsewhere (agents, tests) call
`drop_stale_cache(__file__)` before their first compiled call.
"""
import hashlib
from pathlib import Path

from ...core import _cache_dir, _drop_if_changed

_HERE = Path(__file__).parent
_SHARED = [_HERE.parent.parent / "core" / "jit.py",
           _HERE.parent.parent / "framework" / "rng.py",
           _HERE.parent.parent / "framework" / "random_play.py",
           _HERE.parent.parent / "framework" / "batch_kernels.py",
           _HERE.parent.parent / "framework" / "event_log.py",
           _HERE.parent / "data_load.py"]          # the effect vocabulary's order


def _stamp(extra=()) -> str:
    digest = hashlib.sha256()
    for f in sorted(_HERE.glob("*.py")) + _SHARED + list(extra):
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def drop_stale_cache(py_file, *also) -> None:
    """Drop the numba cache of the module py_file (outside this core) when that
    file, a file in `also` (other modules whose compiled functions it calls)
    or any Pirates core source changed since it was compiled."""
    here = Path(py_file).resolve()
    extra = (here, *(Path(f).resolve() for f in also))
    _drop_if_changed(_cache_dir(here.parent), f"{here.stem}.", _stamp(extra))


_drop_if_changed(_cache_dir(_HERE), "", _stamp())

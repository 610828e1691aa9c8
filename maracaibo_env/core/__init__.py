"""The numba core: arrays and ints only; nothing here imports gymnasium or pettingzoo.

numba's on-disk cache (cache=True) is keyed on each function's own source
file, but every module here reads constants from layout.py, enums.py and the
others, and compiled callers elsewhere (agents, benchmarks) link the engine's
code. So cached code is dropped whenever any core source changes: a stamp of
the sources is kept next to the cache files. Modules outside the core with
njit(cache=True) functions that call into it call `drop_stale_cache(__file__)`
before their first compiled call.
"""
import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).parent


def _stamp(extra: tuple[Path, ...] = ()) -> str:
    digest = hashlib.sha256()
    for f in sorted(_HERE.glob("*.py")) + list(extra):
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def _cache_dir(src_dir: Path) -> Path:
    """Where numba keeps the cache of modules in src_dir: __pycache__, or with
    NUMBA_CACHE_DIR "<dir name>_<sha1 of the dir path>" below it (numba's locator)."""
    root = os.environ.get("NUMBA_CACHE_DIR")
    src = os.path.abspath(str(src_dir))
    if root:
        return Path(root) / f"{Path(src).name}_{hashlib.sha1(src.encode()).hexdigest()}"
    return Path(src) / "__pycache__"


def _drop_if_changed(cache: Path, prefix: str, stamp: str) -> None:
    """Delete the cache files starting with prefix unless the marker holds stamp."""
    marker = cache / f"{prefix}numba_sources.sha256"
    try:
        if marker.read_text() == stamp:
            return
    except OSError:
        pass
    try:
        cache.mkdir(parents=True, exist_ok=True)
        for f in list(cache.glob(f"{prefix}*.nbi")) + list(cache.glob(f"{prefix}*.nbc")):
            f.unlink(missing_ok=True)
        marker.write_text(stamp)
    except OSError:  # read-only install: numba falls back to compiling in memory
        pass


def drop_stale_cache(py_file) -> None:
    """Drop the numba cache of the module py_file (outside the core) when that
    file or any core source changed since it was compiled."""
    here = Path(py_file).resolve()
    _drop_if_changed(_cache_dir(here.parent), f"{here.stem}.", _stamp((here,)))


_drop_if_changed(_cache_dir(_HERE), "", _stamp())

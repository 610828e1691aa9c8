"""The numba core: arrays and ints only; nothing here imports gymnasium or pettingzoo.

numba's on-disk cache (cache=True) is keyed on each function's own source
file, but every module here reads constants from layout.py, enums.py and the
others. So the cache is dropped whenever any core source changes: a stamp of
all core sources is kept next to the cache files.
"""
import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).parent


def _drop_stale_cache() -> None:
    digest = hashlib.sha256()
    for f in sorted(_HERE.glob("*.py")):
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    stamp = digest.hexdigest()
    # where numba keeps this package's cache: __pycache__, or with NUMBA_CACHE_DIR
    # "<dir name>_<sha1 of the dir path>" below it (numba's cache locator)
    root = os.environ.get("NUMBA_CACHE_DIR")
    src = os.path.abspath(str(_HERE))
    cache = (Path(root) / f"{_HERE.name}_{hashlib.sha1(src.encode()).hexdigest()}" if root
             else _HERE / "__pycache__")
    marker = cache / "numba_sources.sha256"
    try:
        if marker.read_text() == stamp:
            return
    except OSError:
        pass
    try:
        cache.mkdir(parents=True, exist_ok=True)
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        marker.write_text(stamp)
    except OSError:  # read-only install: numba falls back to compiling in memory
        pass


_drop_stale_cache()

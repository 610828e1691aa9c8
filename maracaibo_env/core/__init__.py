"""The numba core: arrays and ints only; nothing here imports gymnasium or pettingzoo.

numba's on-disk cache (cache=True) is keyed on each function's own source
file, but every module here reads constants from layout.py, enums.py and the
others, and compiled callers elsewhere (agents, benchmarks) link the engine's
code. So cached code is dropped whenever any core source changes: a stamp of
the sources is kept next to the cache files. Modules outside the core with
njit(cache=True) functions that call into it call `drop_stale_cache(__file__)`
before their first compiled call.

Where the cache lives follows numba's own choice (caching._CacheImpl): the
folder NUMBA_CACHE_DIR names, else a writable __pycache__ beside the sources,
else the user-wide cache folder (~/.cache/numba). On a read-only install with
none of them writable, the core compiles into a fresh temporary folder for
this process (numba.config.CACHE_DIR, removed at exit): nothing is written
beside the package and nothing is kept between runs.
"""
import atexit
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from numba.core import config as _numba_config

_HERE = Path(__file__).parent


# framework modules whose numba functions the core compiles into its own code
_SHARED = tuple(_HERE.parent / "framework" / f for f in ("rng.py", "random_play.py", "batch_kernels.py",
                                                         "event_log.py"))


def _stamp(extra: tuple[Path, ...] = ()) -> str:
    digest = hashlib.sha256()
    for f in sorted(_HERE.glob("*.py")) + list(_SHARED) + list(extra):
        digest.update(f.name.encode())
        digest.update(f.read_bytes())
    return digest.hexdigest()


def _writable(folder: Path) -> bool:
    """numba's own test of a cache folder (_CacheLocator.ensure_cache_path)."""
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
        return True
    except OSError:
        return False


def _subpath(src: str) -> str:
    """"<dir name>_<sha1 of the dir path>": numba's name for a source folder's
    cache below a cache root (get_suitable_cache_subpath)."""
    return f"{Path(src).name}_{hashlib.sha1(src.encode()).hexdigest()}"


def _user_cache_root() -> Path:
    from numba.misc.appdirs import AppDirs
    return Path(AppDirs(appname="numba", appauthor=False).user_cache_dir)


def _cache_dir(src_dir: Path) -> Path | None:
    """Where numba keeps the cache of modules in src_dir, in numba's locator
    order: NUMBA_CACHE_DIR, __pycache__, the user-wide folder (None: nowhere
    writable)."""
    src = os.path.abspath(str(src_dir))
    root = os.environ.get("NUMBA_CACHE_DIR") or _numba_config.CACHE_DIR
    candidates = [Path(root) / _subpath(src)] if root else []
    candidates += [Path(src) / "__pycache__", _user_cache_root() / _subpath(src)]
    for folder in candidates:
        if _writable(folder):
            return folder
    return None


def _drop_if_changed(cache: Path | None, prefix: str, stamp: str) -> None:
    """Delete the cache files starting with prefix (and their wrapper-less
    "callee-" copies, core/jit.py) unless the marker holds stamp."""
    if cache is None:
        return
    marker = cache / f"{prefix}numba_sources.sha256"
    try:
        if marker.read_text() == stamp:
            return
    except OSError:
        pass
    try:
        cache.mkdir(parents=True, exist_ok=True)
        for f in [f for p in (prefix, f"callee-{prefix}") for ext in ("nbi", "nbc")
                  for f in cache.glob(f"{p}*.{ext}")]:
            f.unlink(missing_ok=True)
        marker.write_text(stamp)
    except OSError:  # the folder turned read-only under us: numba picks another
        pass


def drop_stale_cache(py_file, *also) -> None:
    """Drop the numba cache of the module py_file (outside the core) when that
    file, a file in `also` (other modules whose compiled functions it calls)
    or any core source changed since it was compiled."""
    here = Path(py_file).resolve()
    extra = (here, *(Path(f).resolve() for f in also))
    _drop_if_changed(_cache_dir(here.parent), f"{here.stem}.", _stamp(extra))


def _use_private_cache() -> None:
    """Read-only install: compile into a temporary folder of this process
    (numba would otherwise refuse every cache=True function)."""
    try:
        folder = tempfile.mkdtemp(prefix="maracaibo-numba-")
    except OSError as exc:
        raise ImportError("maracaibo_env: no writable folder for numba's compiled code (the package's "
                          "__pycache__, the user cache folder and the temporary folder are all read-only); "
                          "set NUMBA_CACHE_DIR to a writable folder") from exc
    _numba_config.CACHE_DIR = folder
    atexit.register(shutil.rmtree, folder, True)


_CACHE = _cache_dir(_HERE)
if _CACHE is None:
    _use_private_cache()
else:
    _drop_if_changed(_CACHE, "", _stamp())

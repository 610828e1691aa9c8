"""Keeps numba's on-disk cache (cache=True) from running stale compiled code.

numba keys each cached function on its own source file only, but compiled code
freezes what it reads from other modules: a core's rule modules read offsets
from their layout (computed by framework/layout.py), call the framework's
kernels (rng.py, random_play.py) and are compiled by framework/jit.py. So each
core keeps a stamp of every source its compiled code depends on next to its
cache files, and drops the cache when the stamp changes:

    stamp(core) = sha256 of every module reached from the core's *.py files by
                  following imports inside the package (ast, transitively)

(`from P import a` counts P and a, if a is a module; imports inside functions
count too). `guard_core(core_dir)`, called by a core's ``__init__`` before any
of its modules is imported, drops that core's stale cache (and that of each
module it reaches outside its folder that compiles numba functions, stamped
with that module's own imports) and returns the core's `drop_stale_cache`.
Modules outside a core with njit(cache=True) functions that call into it
(agents, benchmarks) call ``drop_stale_cache(__file__)`` before their first
compiled call; their stamp is the core's plus what they import. Nothing here
names a game.

Where the cache lives follows numba's own choice (caching._CacheImpl): the
folder NUMBA_CACHE_DIR names, else a writable __pycache__ beside the sources,
else the user-wide cache folder (~/.cache/numba). On a read-only install with
none of them writable, a core compiles into a fresh temporary folder of this
process (numba.config.CACHE_DIR, removed at exit): nothing is written beside
the package and nothing is kept between runs.
"""
from __future__ import annotations

import ast
import atexit
import functools
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from numba.core import config as _numba_config

PACKAGE = __name__.split(".")[0]                    # the package whose imports are followed
_PACKAGE_BASE = Path(__file__).resolve().parents[2]  # the folder that holds it
PRIVATE_PREFIX = "maracaibo-numba-"                  # name of a read-only install's temporary cache


# -- the stamp: what compiled code depends on ----------------------------------------------
#
# Parsing is what costs (~2 ms a file, ~70 files for both cores and the agents):
# each file's import statements are kept, keyed by the sha256 of its source,
# in IMPORTS_FILE in the framework's cache folder, so a warm import only reads
# and hashes the sources.

# (the name carries the parsing rules' version: a file parsed under older
# rules, e.g. before njit_noalloc counted as compiling, is parsed again)
IMPORTS_FILE = "numba_imports.v2.json"
_JIT_NAMES = {"njit", "jit", "njit_noalloc"}   # imported by a module that compiles numba functions
_PARSED: dict[Path, tuple[bytes, tuple[Path, ...], bool]] = {}  # per process: source, imports, compiles
_SPECS: dict | None = None   # {sha256 of a source: [import statements, compiles]}, from IMPORTS_FILE
_SPECS_DIRTY = False
_SPECS_KEPT = 400            # more entries than this (old versions of edited files): keep this process's


def _base(py_file: Path) -> Path:
    """The folder absolute imports of py_file start from: above its top-level
    package, or its own folder for a module outside any package."""
    return _above_packages(py_file.parent)


@functools.lru_cache(maxsize=None)
def _above_packages(folder: Path) -> Path:
    while (folder / "__init__.py").is_file():
        folder = folder.parent
    return folder


@functools.lru_cache(maxsize=None)
def _locate_cached(base: Path, parts: tuple[str, ...]) -> Path | None:
    p = base.joinpath(*parts)
    if (p / "__init__.py").is_file():
        return (p / "__init__.py").resolve()
    q = p.parent / f"{p.name}.py"
    return q.resolve() if q.is_file() else None


def _locate(base: Path, parts: list[str]) -> Path | None:
    """The file of module `parts` below base (its __init__.py for a package)."""
    return _locate_cached(base, tuple(parts)) if parts else None


def _statements(body):
    """Every statement in body and in the blocks nested in it (functions,
    classes, if/try/with/for/match): imports are statements, so expressions
    need no visit."""
    for node in body:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from _statements(getattr(node, field, ()))


def _import_statements(source: bytes, name: str) -> list:
    """[import statements, compiles]: every `import a.b` as [0, "a.b", None] and
    `from ..m import x, y` as [2, "m", ["x", "y"]] (anywhere in the module), and
    whether it imports a numba decorator (njit, jit)."""
    found, compiles = [], False
    for node in _statements(ast.parse(source, filename=name).body):
        if isinstance(node, ast.Import):
            found += [[0, a.name, None] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append([node.level, node.module or "", [a.name for a in node.names]])
            compiles = compiles or any(a.name in _JIT_NAMES for a in node.names)
    return [found, compiles]


def _specs() -> dict:
    global _SPECS
    if _SPECS is None:
        _SPECS = {}
        folder = cache_dir(Path(__file__).parent)
        try:
            loaded = json.loads((folder / IMPORTS_FILE).read_text()) if folder else {}
            _SPECS = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            pass
    return _SPECS


def _save_specs() -> None:
    """Write IMPORTS_FILE if new files were parsed (atomically; nowhere if no
    cache folder is writable)."""
    global _SPECS_DIRTY
    folder = cache_dir(Path(__file__).parent) if _SPECS_DIRTY else None
    _SPECS_DIRTY = False
    if folder is None:
        return
    specs = _SPECS
    if len(specs) > _SPECS_KEPT:
        used = {hashlib.sha256(source).hexdigest() for source, *_ in _PARSED.values()}
        specs = {k: v for k, v in specs.items() if k in used}
    tmp = folder / f"{IMPORTS_FILE}.{os.getpid()}.tmp"
    try:
        tmp.write_text(json.dumps(specs))
        os.replace(tmp, folder / IMPORTS_FILE)
    except OSError:
        tmp.unlink(missing_ok=True)


def _resolve(py_file: Path, statements: list) -> tuple[Path, ...]:
    """Files of the modules the import statements of py_file name that lie in
    this package or in py_file's own top-level package. `from P import a, b`
    counts P and each of a, b that is a module of P."""
    base = _base(py_file)
    here = list(py_file.parent.relative_to(base).parts)  # its package (its own, for an __init__.py)
    own_top = here[0] if here else None

    def find(parts):
        if parts and (parts[0] == own_top or own_top is None):
            found = _locate(base, parts)
            if found is not None:
                return found
        return _locate(_PACKAGE_BASE, parts) if parts and parts[0] == PACKAGE else None

    found = []
    for level, module, names in statements:
        if names is None:
            found.append(find(module.split(".")))
            continue
        if level - 1 > len(here):
            continue
        parts = (here[:len(here) - (level - 1)] if level else []) + (module.split(".") if module else [])
        package = find(parts)
        found.append(package)
        if package is not None and package.name == "__init__.py":
            found += [find(parts + [a]) for a in names if a != "*"]
    return tuple(sorted({f for f in found if f is not None}))


def _parse(py_file: Path, fresh: bool) -> tuple[bytes, tuple[Path, ...], bool]:
    """py_file's source, the files it imports and whether it compiles numba
    functions (read once per process unless fresh)."""
    global _SPECS_DIRTY
    if fresh or py_file not in _PARSED:
        source = py_file.read_bytes()
        key = hashlib.sha256(source).hexdigest()
        specs = _specs()
        try:
            statements, compiles = specs[key]
            imported = _resolve(py_file, statements)
        except (KeyError, TypeError, ValueError):  # not parsed yet (or a damaged entry)
            statements, compiles = specs[key] = _import_statements(source, str(py_file))
            imported = _resolve(py_file, statements)
            _SPECS_DIRTY = True
        _PARSED[py_file] = (source, imported, bool(compiles))
    return _PARSED[py_file]


def import_closure(roots: Iterable[Path | str], fresh: bool = False) -> list[Path]:
    """The roots and every module they reach by imports inside the package (and
    inside each root's own top-level package), transitively, sorted. Each file
    is read once per process (the version this process imported), the roots
    again when fresh."""
    roots = {Path(r).resolve() for r in roots}
    seen, todo = set(), sorted(roots)
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo += [g for g in _parse(f, fresh=fresh and f in roots)[1] if g not in seen]
    return sorted(seen)


def _label(py_file: Path) -> str:
    """py_file's path from above its top-level package (the same for every copy)."""
    return py_file.relative_to(_base(py_file)).as_posix()


def source_stamp(roots: Iterable[Path | str], fresh: bool = False) -> str:
    """sha256 over the name and source of every file in import_closure(roots)."""
    digest = hashlib.sha256()
    for f in import_closure(roots, fresh):
        digest.update(_label(f).encode() + b"\0")
        digest.update(_parse(f, fresh=False)[0])
    _save_specs()
    return digest.hexdigest()


def core_files(core_dir: Path | str) -> list[Path]:
    """The files a core's stamp covers: its own modules and all they import."""
    return import_closure(Path(core_dir).glob("*.py"))


# -- where numba keeps a folder's cache ----------------------------------------------------

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


def cache_dir(src_dir: Path | str) -> Path | None:
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


def drop_if_changed(cache: Path | None, prefix: str, stamp: str) -> None:
    """Delete the cache files starting with prefix (and their wrapper-less
    "callee-" copies, framework/jit.py) unless the marker holds stamp."""
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


def drop_stale_module_cache(py_file: Path | str, stamp: str) -> None:
    """Drop the cache of the one module py_file unless it was compiled under stamp."""
    here = Path(py_file).resolve()
    drop_if_changed(cache_dir(here.parent), f"{here.stem}.", stamp)


def use_private_cache() -> None:
    """Read-only install: compile into a temporary folder of this process
    (numba would otherwise refuse every cache=True function)."""
    if PRIVATE_PREFIX in Path(_numba_config.CACHE_DIR or "").name:
        return  # already set up (by the other core)
    try:
        folder = tempfile.mkdtemp(prefix=PRIVATE_PREFIX)
    except OSError as exc:
        raise ImportError(f"{PACKAGE}: no writable folder for numba's compiled code (the package's "
                          "__pycache__, the user cache folder and the temporary folder are all read-only); "
                          "set NUMBA_CACHE_DIR to a writable folder") from exc
    _numba_config.CACHE_DIR = folder
    atexit.register(shutil.rmtree, folder, True)


def guard_core(core_dir: Path | str) -> Callable[..., None]:
    """Drop the stale cache of the core in core_dir (one folder of numba
    modules; call this from its __init__) and return its drop_stale_cache.

    Also drops, one module at a time, the stale cache of the modules it
    reaches outside its folder that compile numba functions (the framework's
    kernels), each stamped with its own import closure."""
    core_dir = Path(core_dir).resolve()
    roots = sorted(core_dir.glob("*.py"))
    stamp = source_stamp(roots)
    cache = cache_dir(core_dir)
    if cache is None:
        use_private_cache()  # a fresh folder: nothing in it can be stale
    else:
        drop_if_changed(cache, "", stamp)
        for f in import_closure(roots):
            if f.parent != core_dir and _parse(f, fresh=False)[2]:
                drop_stale_module_cache(f, source_stamp([f]))

    def drop_stale_cache(py_file, *also) -> None:
        """Drop the numba cache of the module py_file (outside the core) when
        py_file, a file in `also` (other modules whose compiled functions it
        calls), anything they import or any of the core's sources changed
        since it was compiled."""
        own = source_stamp([py_file, *also], fresh=True)
        drop_stale_module_cache(py_file, hashlib.sha256(f"{stamp}{own}".encode()).hexdigest())

    return drop_stale_cache

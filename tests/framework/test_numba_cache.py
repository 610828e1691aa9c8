"""The numba cache stamps (framework/numba_cache.py): each core's stamp covers
every module its compiled code imports, framework/layout.py included, and a
change there drops the compiled code instead of running it stale."""
import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import maracaibo_env
from maracaibo_env.framework import numba_cache

PKG = Path(maracaibo_env.__file__).resolve().parent
ROOT = PKG.parent
CORES = {"maracaibo": PKG / "maracaibo" / "core", "pirates": PKG / "pirates" / "core"}


def _relative_imports(py_file: Path):
    """Files named by py_file's relative imports (what the core modules use),
    found without numba_cache: `from .m import x`, `from ..framework import m`."""
    for node in ast.walk(ast.parse(py_file.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = py_file.parent
            for _ in range(node.level - 1):
                base = base.parent
            target = base.joinpath(*node.module.split(".")) if node.module else base
            if (target / "__init__.py").is_file():
                yield target / "__init__.py"
                yield from (target / f"{a.name}.py" for a in node.names if (target / f"{a.name}.py").is_file())
            else:
                yield target.parent / f"{target.name}.py"


def _labels(files):
    return {f.relative_to(ROOT).as_posix() for f in files}


@pytest.mark.parametrize("game", CORES)
def test_each_core_stamp_covers_the_framework_modules_it_imports(game):
    core = CORES[game]
    files = set(numba_cache.core_files(core))
    assert set(core.resolve().glob("*.py")) <= files
    assert {"maracaibo_env/framework/layout.py", "maracaibo_env/framework/jit.py",
            "maracaibo_env/framework/rng.py", "maracaibo_env/framework/random_play.py",
            "maracaibo_env/framework/batch_kernels.py", "maracaibo_env/framework/event_log.py"} <= _labels(files)
    for f in files:  # closed under imports: whatever a covered module imports is covered
        assert {g.resolve() for g in _relative_imports(f)} <= files, f


def test_the_pirates_core_stamp_needs_no_maracaibo_code():
    assert not any(f.is_relative_to(CORES["maracaibo"].resolve()) for f in numba_cache.core_files(CORES["pirates"]))
    assert all(f.parent == PKG / "framework" for f in numba_cache.import_closure(
        [PKG / "framework" / "jit.py", PKG / "framework" / "numba_cache.py"]))


def test_a_compiled_caller_outside_the_core_is_stamped_with_what_it_imports():
    files = _labels(numba_cache.import_closure([ROOT / "maracaibo_env" / "maracaibo" / "agents" / "mcts.py"]))
    assert {"maracaibo_env/maracaibo/agents/mcts.py", "maracaibo_env/maracaibo/agents/heuristics.py", "maracaibo_env/maracaibo/core/engine.py",
            "maracaibo_env/framework/layout.py"} <= files


def test_the_stamp_follows_a_framework_edit_and_ignores_other_files(tmp_path, monkeypatch):
    monkeypatch.setattr(numba_cache, "_PARSED", {})      # read the copies, not this process's files
    monkeypatch.setattr(numba_cache, "_save_specs", lambda: None)
    shutil.copytree(PKG, tmp_path / "maracaibo_env", ignore=shutil.ignore_patterns("__pycache__"))
    copy = tmp_path / "maracaibo_env"

    def stamp():
        numba_cache._PARSED.clear()
        return numba_cache.source_stamp((copy / "maracaibo" / "core").glob("*.py"))

    before = stamp()
    assert before == numba_cache.source_stamp(CORES["maracaibo"].glob("*.py"))  # the same for every copy
    (copy / "cli.py").write_text((copy / "cli.py").read_text() + "\n# not imported by the core\n")
    assert stamp() == before
    layout = copy / "framework" / "layout.py"
    layout.write_text(layout.read_text() + "\n# a comment\n")
    assert stamp() != before


def test_a_damaged_imports_file_is_parsed_again(monkeypatch):
    monkeypatch.setattr(numba_cache, "_PARSED", {})
    monkeypatch.setattr(numba_cache, "_save_specs", lambda: None)
    good = numba_cache.core_files(CORES["pirates"])
    monkeypatch.setattr(numba_cache, "_SPECS", {k: "damaged" for k in numba_cache._specs()})
    numba_cache._PARSED.clear()
    assert numba_cache.core_files(CORES["pirates"]) == good


def test_cache_folder_follows_numbas_locator_order(tmp_path, monkeypatch):
    nc = numba_cache
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setattr(nc._numba_config, "CACHE_DIR", "")
    src = tmp_path / "pkg"
    src.mkdir()
    user = tmp_path / "user"
    monkeypatch.setattr(nc, "_user_cache_root", lambda: user)
    assert nc.cache_dir(src) == src / "__pycache__"          # writable beside the sources
    writable = {"dirs": {user / nc._subpath(os.path.abspath(src))}}
    monkeypatch.setattr(nc, "_writable", lambda d: d in writable["dirs"])
    assert nc.cache_dir(src) == user / nc._subpath(os.path.abspath(src))  # the user-wide folder
    writable["dirs"] = set()
    assert nc.cache_dir(src) is None                           # nothing: a private temporary folder
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    writable["dirs"] = {tmp_path / "mine" / nc._subpath(os.path.abspath(src))}
    assert nc.cache_dir(src) == tmp_path / "mine" / nc._subpath(os.path.abspath(src))


def test_private_cache_is_set_for_numba(monkeypatch):
    monkeypatch.setattr(numba_cache._numba_config, "CACHE_DIR", "")
    numba_cache.use_private_cache()
    folder = numba_cache._numba_config.CACHE_DIR
    assert Path(folder).is_dir() and numba_cache.PRIVATE_PREFIX in folder
    numba_cache.use_private_cache()                            # the second core keeps it
    assert numba_cache._numba_config.CACHE_DIR == folder
    shutil.rmtree(folder)


# A core function that reads an offset framework/layout.py computes (frozen
# into its compiled code), and a compiled caller outside the core.
CHILD = """
import maracaibo_env
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core.common import pb
import maracaibo_env.maracaibo.agents.heuristics
print("package", maracaibo_env.__file__)
print("compiled", pb(1), "python", L.PLAYERS + L.PLAYER_SIZE)
print("hits", sum(pb.stats.cache_hits.values()), "misses", sum(pb.stats.cache_misses.values()))
"""
# framework/layout.py, changed: 8 spare ints after the global fields (every player offset moves)
MORE_GLOBALS = """

_init = StateLayout.__init__


def _roomier(self, *args, **kwargs):
    _init(self, *args, **kwargs)
    self.players += 8
    self.size += 8


StateLayout.__init__ = _roomier
"""


@pytest.mark.slow
def test_a_framework_change_drops_the_compiled_code(tmp_path):
    for name in ("maracaibo_env",):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "PYTHON"))}
    env.update(PYTHONPATH=str(tmp_path), NUMBA_CACHE_DIR=str(cache), MARACAIBO_COMPILE_NOTICE_DELAY="0")

    def run():
        r = subprocess.run([sys.executable, "-c", CHILD], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, r.stderr[-3000:]
        out = r.stdout.split()
        assert out[1].startswith(str(tmp_path))                  # the copy was imported
        assert out[3] == out[5]                                   # compiled code agrees with the layout
        return dict(compiled=int(out[3]), hits=int(out[7]), misses=int(out[9]), notice="compiling" in r.stderr)

    def markers():
        return {p.relative_to(cache).as_posix().split("_", 1)[0] + "/" + p.name: p.read_text()
                for p in cache.glob("*/*numba_sources.sha256")}

    def index():
        (f,) = cache.glob("core_*/common.pb-*.nbi")
        return f, f.stat().st_mtime_ns

    first = run()
    assert first["misses"] == 1 and first["notice"]
    stamps, (nbi, mtime) = markers(), index()
    assert {"core/numba_sources.sha256", "agents/heuristics.numba_sources.sha256",
            "framework/rng.numba_sources.sha256"} <= set(stamps)

    warm = run()                                                   # nothing changed: loaded, not compiled
    assert warm == dict(first, hits=1, misses=0, notice=False) and markers() == stamps

    layout = tmp_path / "maracaibo_env" / "framework" / "layout.py"
    layout.write_text(layout.read_text() + MORE_GLOBALS)
    # the rule code reads the offsets from each core's generated constants.py: regenerate
    # them, as a layout change requires (the stale file would refuse to import)
    subprocess.run([sys.executable, str(tmp_path / "maracaibo_env" / "framework" / "constants_gen.py")],
                   cwd=tmp_path, env=env, check=True, capture_output=True, timeout=300)
    changed = run()
    assert changed["compiled"] == first["compiled"] + 8            # not the stale offset
    assert changed["misses"] == 1 and changed["hits"] == 0 and changed["notice"]
    now = markers()
    assert now["core/numba_sources.sha256"] != stamps["core/numba_sources.sha256"]
    assert now["agents/heuristics.numba_sources.sha256"] != stamps["agents/heuristics.numba_sources.sha256"]
    assert now["framework/rng.numba_sources.sha256"] == stamps["framework/rng.numba_sources.sha256"]  # no layout
    assert index() != (nbi, mtime)                                 # the old index was dropped, a new one written

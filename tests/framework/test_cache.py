"""numba's on-disk cache is dropped when the core (or the caller's file) changes."""
from maracaibo_env.maracaibo.core import drop_stale_cache


def test_drop_stale_cache_keeps_fresh_and_drops_stale_files(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    mod = tmp_path / "kernels.py"
    mod.write_text("x = 1\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    stale = cache / "kernels.play-10.py311.nbi"
    other = cache / "other.play-3.py311.nbi"  # another module's cache is not touched
    stale.write_text("old"), other.write_text("keep")
    drop_stale_cache(mod)  # no marker yet: dropped, marker written
    assert not stale.exists() and other.exists()
    assert (cache / "kernels.numba_sources.sha256").exists()
    stale.write_text("new")
    drop_stale_cache(mod)  # nothing changed: kept
    assert stale.exists()
    mod.write_text("x = 2\n")
    drop_stale_cache(mod)  # the caller's file changed: dropped
    assert not stale.exists()


def test_drop_stale_cache_follows_numba_cache_dir(tmp_path, monkeypatch):
    import hashlib
    root = tmp_path / "cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(root))
    src = tmp_path / "pkg"
    src.mkdir()
    mod = src / "kernels.py"
    mod.write_text("x = 1\n")
    where = root / f"pkg_{hashlib.sha1(str(src.resolve()).encode()).hexdigest()}"
    where.mkdir(parents=True)
    stale = where / "kernels.play-10.py311.nbc"
    stale.write_text("old")
    drop_stale_cache(mod)
    assert not stale.exists()


def test_drop_stale_cache_drops_the_callee_copies_and_follows_other_files(tmp_path, monkeypatch):
    """core/jit.py also caches wrapper-less copies ("callee-<module>..."); a
    compiled caller of another module's functions names that module too."""
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    mod, helper = tmp_path / "fast.py", tmp_path / "helpers.py"
    mod.write_text("x = 1\n"), helper.write_text("y = 1\n")
    cache = tmp_path / "__pycache__"
    cache.mkdir()
    callee = cache / "callee-fast.play-10.py311.1.nbc"
    callee.write_text("old")
    drop_stale_cache(mod, helper)
    assert not callee.exists()
    callee.write_text("new")
    drop_stale_cache(mod, helper)          # nothing changed: kept
    assert callee.exists()
    helper.write_text("y = 2\n")           # the other module changed: dropped
    drop_stale_cache(mod, helper)
    assert not callee.exists()


def test_every_cached_module_that_links_a_core_guards_its_cache():
    """numba's cache is keyed on a function's own file, so a module outside a
    core whose njit(cache=True) functions call the core must drop its cache
    when the core changes (drop_stale_cache). maracaibo_env/training/expert_iteration.py
    lacked it and ran stale constants after the campaign's layout change."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    missing = []
    for f in sorted(root.glob("**/*.py")):
        rel = f.relative_to(root).as_posix()
        if rel.startswith((".venv/", "runs/", "build/")) or "/core/" in rel or rel.startswith("maracaibo_env/framework/"):
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        if "cache=True" in text and re.search(r"^from [\w.]*core[\w.]* import|^import [\w.]*\.core", text, re.M) \
                and "drop_stale_cache(" not in text:
            missing.append(rel)
    assert missing == [], f"njit(cache=True) modules linking a core without drop_stale_cache: {missing}"

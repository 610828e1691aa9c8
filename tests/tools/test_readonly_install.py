"""Import works on a read-only install (issue 9, section 3): no writable
cache beside the package, no writable user cache folder. The core then
compiles into a temporary folder of the process; nothing is written beside
the package. Proved by copying the package to a read-only folder and
importing + playing a game in a subprocess (run as root, the subprocess
gives up the capabilities that let root ignore file modes)."""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import maracaibo_env

PKG = Path(maracaibo_env.__file__).parent
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3

CHILD = """
import numpy as np, numba, tempfile
import maracaibo_env
from maracaibo_env import Game
g = Game(2, seed=3)
rng = np.random.default_rng(3)
while not g.is_over:
    g.step(int(rng.choice(g.legal_actions())))
print("scores", g.scores())
print("cache", numba.config.CACHE_DIR)
print("package", maracaibo_env.__file__)
"""


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def _read_only(root: Path) -> None:
    for p in [root, *root.rglob("*")]:
        mode = p.stat().st_mode
        p.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) | stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
                | (stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH if p.is_dir() else 0))


def _drop_root_override():
    """Root ignores file modes through these capabilities; drop them from the
    bounding set so the exec'd child has them no more (needs CAP_SETPCAP)."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def _preexec():
    if os.geteuid() != 0:
        return None
    probe = subprocess.run([sys.executable, "-c", "pass"], preexec_fn=_drop_root_override, capture_output=True)
    if probe.returncode != 0:
        pytest.skip("running as root without CAP_SETPCAP: file modes cannot be enforced")
    return _drop_root_override


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_read_only_install_imports_and_plays():
    root = Path(tempfile.mkdtemp(prefix="maracaibo-ro-", dir="/tmp"))
    try:
        root.chmod(0o755)
        site = root / "site"
        shutil.copytree(PKG, site / "maracaibo_env", ignore=shutil.ignore_patterns("__pycache__"))
        home = root / "home"
        home.mkdir()
        _read_only(root)
        before = _tree(site)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_", "PYTHON"))}
        env.update(PYTHONPATH=str(site), HOME=str(home))
        preexec = _preexec()
        denied = subprocess.run([sys.executable, "-c", f"open({str(site / 'probe')!r}, 'w')"],
                                preexec_fn=preexec, capture_output=True)
        assert denied.returncode != 0                       # the copy really is read-only for the child
        r = subprocess.run([sys.executable, "-c", CHILD], cwd=home, env=env, capture_output=True, text=True,
                           timeout=1800, preexec_fn=preexec)
        assert r.returncode == 0, r.stderr[-3000:]
        out = dict(line.split(" ", 1) for line in r.stdout.strip().splitlines())
        assert out["package"].startswith(str(site))       # the read-only copy was imported
        assert out["cache"].startswith(tempfile.gettempdir()) and "maracaibo-numba-" in out["cache"]
        assert _tree(site) == before                       # nothing written beside the package
        assert not Path(out["cache"]).exists()             # the private cache is removed at exit
    finally:
        for p in [root, *root.rglob("*")]:
            try:
                p.chmod(0o700)
            except OSError:
                pass
        shutil.rmtree(root, ignore_errors=True)

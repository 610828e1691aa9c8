"""The status line while numba compiles: shown on a cold cache, silent on a warm one.

Each case runs a fresh interpreter with its own NUMBA_CACHE_DIR and compiles
one small core function (not the whole engine, which takes a minute), with
the line's delay set to 0 so that even this short compile shows it.
"""
import os
import subprocess
import sys

import pytest

CODE = "from maracaibo_env.maracaibo.core.common import popcount; assert popcount(5) == 2"
NOTICE = "maracaibo_env: compiling the numba core"


def _run(cache, code=CODE, **env):
    e = dict(os.environ, NUMBA_CACHE_DIR=str(cache), MARACAIBO_COMPILE_NOTICE_DELAY="0", **env)
    r = subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r


@pytest.mark.slow
def test_cold_cache_shows_the_line_and_the_compile_time_on_stderr(tmp_path):
    r = _run(tmp_path)
    assert NOTICE in r.stderr and r.stdout == ""
    assert "maracaibo_env: compiled in" in r.stderr.split(NOTICE, 1)[1]
    warm = _run(tmp_path)  # the same cache, now filled: no compile, no line
    assert warm.stderr == ""


def test_it_can_be_turned_off(tmp_path):
    assert _run(tmp_path, MARACAIBO_COMPILE_NOTICE="0").stderr == ""


def test_other_code_compiling_shows_nothing(tmp_path):
    code = ("import maracaibo_env\nfrom numba import njit\n"
            "@njit(cache=False)\ndef f(x):\n    return x + 1\nassert f(1) == 2")
    assert _run(tmp_path, code).stderr == ""

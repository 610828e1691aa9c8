"""Rule code compiled without reference counting (framework/jit.njit_noalloc,
framework/scratch.stack_array): what it rejects, and that whole games leak
no reference (NRT's own counters, in a child process)."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from numba.core.errors import TypingError

from maracaibo_env.framework.jit import FAST_COMPILE, njit, njit_noalloc
from maracaibo_env.framework.scratch import stack_array

_N = 12


@njit_noalloc(cache=False)
def _prefix_sums(x):
    """Prefix sums of x[:_N] in a stack scratch array, then its total."""
    acc = stack_array(_N, np.int64)
    s = 0
    for i in range(_N):
        s += x[i]
        acc[i] = s
    t = 0
    for i in range(_N):
        t += acc[i]
    return t


@njit_noalloc(cache=False)
def _called_a_million_times(x):
    t = 0
    for _ in range(1_000_000):  # a stack array per call: the stack must not grow
        t += _prefix_sums(x)
    return t


def test_stack_array_is_a_working_scratch_array():
    x = np.arange(1, _N + 1, dtype=np.int32)
    expected = int(np.cumsum(x).sum())  # 1 + 3 + 6 + ... + 78 = 364
    assert expected == 364
    assert _prefix_sums(x) == 364
    assert _called_a_million_times(x) == 364 * 1_000_000


@njit(cache=False)
def _counted_allocator(n):
    return np.zeros(n, np.int64)


@njit_noalloc(cache=False)
def _takes_counted_array(n):
    return _counted_allocator(n).shape[0]


@njit_noalloc(cache=False)
def _allocates(n):
    return np.zeros(n, np.int64).shape[0]


@njit_noalloc(cache=False)
def _non_constant_size(n):
    a = stack_array(n, np.int64)
    a[0] = 1
    return a[0]


@pytest.mark.skipif(not FAST_COMPILE, reason="the check lives in the framework's dispatcher")
def test_an_array_back_from_a_counted_function_is_refused():
    with pytest.raises(TypeError, match="_takes_counted_array.*without reference counting.*"
                                        "_counted_allocator"):
        _takes_counted_array(3)


def test_allocating_without_reference_counting_fails_at_compile_time():
    with pytest.raises(TypingError):
        _allocates(3)


def test_stack_array_needs_a_constant_size():
    with pytest.raises(TypingError, match="n must be a positive constant"):
        _non_constant_size(4)


_CHILD = r"""
import json
import numpy as np
from numba.core.runtime import rtsys
from maracaibo_env.maracaibo.game import Game
from maracaibo_env.pirates.game import Game as PGame

def play(games):
    rng = np.array([12345], np.uint64)
    for s in range(games):
        for g in (Game(1, seed=s), Game(4, seed=s), Game(3, seed=s, legacy=["L4", "L6", "L9", "L11", "L20"],
                                                         retirement=True),
                  PGame(1, seed=s), PGame(4, seed=s, skirmish=True, rubies=True, fog_locations=True)):
            g.play_random(0, rng)

def live():
    st = rtsys.get_allocation_stats()
    return st.alloc - st.free, st.mi_alloc - st.mi_free

play(2)
before = live()
play(12)
print(json.dumps({"before": before, "after": live()}))
"""


@pytest.mark.slow
def test_whole_games_leak_no_reference():
    """An array that compiled code allocated and never released (what a
    function without counting does with an array a counted callee hands
    back) stays alive: NRT's live counts would grow with the games played."""
    env = dict(os.environ, NUMBA_NRT_STATS="1", MARACAIBO_COMPILE_NOTICE="0")
    r = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["after"] == counts["before"], counts


@pytest.mark.parametrize("length", [1, 7, 8, 9, 63, 546])
def test_mask_counting_listing_and_finding_agree_with_numpy(length):
    from maracaibo_env.framework.masks import count_legal, legal_list, nth_legal
    rng = np.random.default_rng(length)
    for density in (0.0, 0.05, 0.5, 1.0):
        mask = (rng.random(length) < density).astype(np.int8)
        legal = np.flatnonzero(mask)
        assert count_legal(mask) == legal.size
        out = np.full(length, -1, np.int64)
        assert legal_list(mask, out) == legal.size
        assert out[:legal.size].tolist() == legal.tolist()
        for r in range(legal.size + 2):
            assert nth_legal(mask, r) == (legal[r] if r < legal.size else -1)


def test_a_strided_mask_is_refused_at_compile_time():
    from maracaibo_env.framework.masks import count_legal
    with pytest.raises(TypingError, match="contiguous 1-D int8"):
        count_legal(np.ones(20, np.int8)[::2])


@njit_noalloc(cache=False)
def _size_zero():
    a = stack_array(0, np.int64)
    return a.shape[0]


@njit_noalloc(cache=False)
def _size_one():
    a = stack_array(1, np.int64)
    a[0] = 7
    return a[0] + a.shape[0]


def test_stack_array_size_boundary():
    with pytest.raises(TypingError, match="n must be a positive constant"):
        _size_zero()
    assert _size_one() == 8

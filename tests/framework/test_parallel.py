"""framework/parallel.ChunkLoop: every game once, in chunks; an engine error
becomes a Python exception; and the parallel loop links none of the body's
callees (the point of the module: numba linked and re-optimised the engine
four times per prange kernel)."""
import numpy as np
import pytest
from numba import prange

from maracaibo_env.framework import parallel
from maracaibo_env.framework.jit import njit, njit_noalloc
from maracaibo_env.framework.parallel import ChunkLoop


_MAGIC = 987_654_321


@njit_noalloc(cache=False)
def _square_or_raise(x):
    if x < 0:
        raise ValueError("negative")
    if x == _MAGIC:              # a constant that shows in the IR of whatever links this function
        return 3
    return x * x


@njit_noalloc(cache=False)
def _square_chunk(lo, hi, values, out):
    for i in range(lo, hi):
        out[i] = _square_or_raise(values[i])


_squares = ChunkLoop(_square_chunk, chunk=4)


@pytest.mark.parametrize("n", [0, 1, 3, 4, 5, 17])
def test_every_game_once(n):
    values = np.arange(n, dtype=np.int64)
    out = np.full(n, -1, np.int64)
    _squares(n, values, out)
    assert out.tolist() == [i * i for i in range(n)]


def test_argument_types_compile_apart():
    values = np.arange(6, dtype=np.float64) / 2
    out = np.zeros(6, np.float64)
    _squares(6, values, out)
    assert out.tolist() == [(i / 2) ** 2 for i in range(6)]
    _squares(6, np.arange(6, dtype=np.int64), np.zeros(6, np.int64))
    assert len(_squares._address) >= 2


def test_a_narrow_scalar_is_refused():
    with pytest.raises(TypeError, match="int64"):
        _squares(2, np.arange(2, dtype=np.int64), np.int32(3))


def test_an_error_in_a_single_chunk_raises_the_engines_own_error():
    values = np.array([1, -1], np.int64)           # one chunk: run in this thread
    with pytest.raises(ValueError, match="negative"):
        _squares(2, values, np.zeros(2, np.int64))


def test_an_error_in_the_body_raises_and_names_the_chunk():
    values = np.arange(10, dtype=np.int64)
    values[6] = -1                       # chunk 4..7 fails
    out = np.zeros(10, np.int64)
    with pytest.raises(RuntimeError, match=r"_square_chunk.*games 4\.\.7"):
        _squares(10, values, out)
    assert out[:4].tolist() == [0, 1, 4, 9] and out[8:].tolist() == [64, 81]   # the other chunks ran


def test_the_parallel_loop_links_no_callee_of_the_body():
    values, out = np.arange(5, dtype=np.int64), np.zeros(5, np.int64)
    _squares(5, values, out)
    address = next(iter(_squares._address.values()))
    fresh = njit(cache=False, parallel=True)(parallel._for_chunks.py_func)   # compiled here, not loaded
    fresh(address, 5, 4, np.zeros(2, np.uint8), values, out)
    ir = "".join(str(cres.library._final_module) for cres in fresh.overloads.values())
    assert "_for_chunks" in ir and str(_MAGIC) not in ir
    linked = njit(cache=False, parallel=True)(_direct_squares)   # a plain prange loop links it
    linked(values, out)
    assert str(_MAGIC) in "".join(str(c.library._final_module) for c in linked.overloads.values())


def _direct_squares(values, out):
    for i in prange(values.shape[0]):
        out[i] = _square_or_raise(values[i])

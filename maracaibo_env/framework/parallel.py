"""Parallel loops over games whose body is compiled once: `ChunkLoop`.

numba turns a `prange` loop into four compiled libraries (the loop body, its
gufunc wrapper, the parallel launcher and the function itself), and each one
links and re-optimises everything the body calls. A vector env's kernel calls
the whole engine, so numba optimised and generated machine code for the
engine four times per kernel: 75% of the vector env's compile (issue 40).

Here the body is an ordinary compiled function (cached like any kernel), and
`_for_chunks`, the one parallel loop, calls it through its address: the loop
links nothing of the engine. A body is ``body(lo, hi, *args)``: games
lo..hi-1 of the loop's arguments (one chunk of them).
"""
from __future__ import annotations

import numba
import numpy as np
from numba import prange, types
from numba.core import cgutils
from numba.extending import intrinsic

from .jit import _canonical, njit

try:                      # numba's own fast type key of a value (its dispatcher's)
    from numba._dispatcher import compute_fingerprint as _type_key
except ImportError:       # pragma: no cover  (another numba release)
    _type_key = numba.typeof


@intrinsic
def _call_body(typingctx, address, lo, hi, args):
    """body(lo, hi, *args) for the compiled function at `address` (numba's own
    calling convention, so the types must be exactly those it was compiled
    for); True when it raised."""
    arg_types = (types.int64, types.int64, *args.types)

    def codegen(context, builder, sig, llargs):
        address_v, lo_v, hi_v, tup = llargs
        values = [lo_v, hi_v] + [builder.extract_value(tup, k) for k in range(len(args.types))]
        fnty = context.call_conv.get_function_type(types.none, arg_types)
        fn = builder.inttoptr(address_v, fnty.as_pointer())
        status, _ = context.call_conv.call_function(builder, fn, types.none, arg_types, values)
        return cgutils.as_bool_bit(builder, status.is_error)
    return types.boolean(address, lo, hi, args), codegen


@njit(cache=True, parallel=True)
def _for_chunks(address, n, chunk, errors, *args):
    for c in prange((n + chunk - 1) // chunk):
        lo = np.int64(c) * chunk
        if _call_body(address, lo, min(lo + chunk, n), args):
            errors[c] = 1


class ChunkLoop:
    """``loop(n, *args)`` runs ``body(lo, hi, *args)`` over games 0..n-1 in
    chunks of `chunk` games, in parallel (numba's threads; up to one chunk
    in the calling thread). `body` is a compiled function (framework.jit's
    njit or njit_noalloc); scalar arguments must be int64 or float64."""

    def __init__(self, body, chunk: int = 16):
        self.body, self.chunk = body, chunk
        self._address: dict[tuple, int] = {}

    def __call__(self, n: int, *args) -> None:
        key = tuple(map(_type_key, args))
        address = self._address.get(key)
        if address is None:
            address = self._address[key] = self._compile(args)
        if n <= self.chunk:            # one chunk: no threads to start (a Python call of the body)
            self.body(0, n, *args)
            return
        errors = np.zeros((n + self.chunk - 1) // self.chunk, np.uint8)
        _for_chunks(address, n, self.chunk, errors, *args)
        if errors.any():
            lo = int(np.flatnonzero(errors)[0]) * self.chunk
            raise RuntimeError(f"internal error in {self.body.py_func.__qualname__}: the engine raised "
                               f"in games {lo}..{min(lo + self.chunk, n) - 1} (replay one of them with "
                               "Game to see the error)")

    def _compile(self, args) -> int:
        arg_types = (types.int64, types.int64, *map(numba.typeof, args))
        if any(_canonical(t) != t for t in arg_types):
            raise TypeError(f"{self.body.py_func.__qualname__}: pass integer scalars as int64 "
                            f"(the body is compiled for int64), got {arg_types[2:]}")
        self.body.compile(arg_types)
        cres = self.body.overloads[arg_types]
        return cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)

"""`njit` for the core: numba's njit(cache=True), compiled once per kind of argument.

numba compiles a separate version of a function for every distinct argument
type at its call sites, and a constant argument is a type of its own
(Literal[int](3)): `add_vp(state, p, 2, VP_X)` and `add_vp(state, p, 3, VP_Y)`
were two compilations, an int32 and an int64 player two more. Every version
links and re-optimises the function's whole call tree, so the core had 365
versions of ~175 functions. This dispatcher compiles every scalar integer
argument as int64 and drops literal types (state values are int32, Python
ints int64; widening is exact), so each function has one version per array
layout; LLVM still inlines and folds constants where a call is hot.

It also skips numba's C-callback wrapper (`no_cfunc_wrapper`), which only a
function passed around as a first-class function value would use.
"""
from numba import types
from numba.core.registry import CPUDispatcher


def _canonical(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64  # int8..int32, uint8..uint32: exactly representable
    return t


class CoreDispatcher(CPUDispatcher):
    """CPUDispatcher that compiles for canonical argument types; a call with
    narrower or literal ints then uses that version (numba converts safely)."""

    def compile(self, sig):
        if isinstance(sig, tuple):  # argument types of a call; a full Signature stays as given
            sig = tuple(_canonical(t) for t in sig)
        return super().compile(sig)


def njit(func=None, *, cache=True, **options):
    """@njit or @njit(cache=True, parallel=..., inline=...), with CoreDispatcher."""
    def wrap(f):
        opts = dict(options, nopython=True, boundscheck=None, no_cfunc_wrapper=True)
        disp = CoreDispatcher(py_func=f, locals={}, targetoptions=opts)
        if cache:
            disp.enable_caching()
        return disp
    return wrap(func) if func is not None else wrap

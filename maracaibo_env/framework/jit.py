"""`njit` for the game cores and the framework kernels they call: numba's
njit(cache=True) with a shorter cold compile.

numba compiles a function once per distinct argument types at its call sites,
and every version links and re-optimises the function's whole call tree.
Three things made a core's first compile take minutes; this dispatcher
removes them without touching any rule code:

1. Literal and narrow-int versions. A constant argument is a type of its own
   (Literal[int](3)), so `add_vp(state, p, 2, VP_X)` and `add_vp(state, p, 3,
   VP_Y)` were two compilations, an int32 and an int64 player two more: 365
   versions of ~175 functions. Here every scalar integer argument compiles as
   int64 and literal types are dropped (state values are int32, Python ints
   int64; widening is exact), so each function has one version per array
   layout; LLVM still inlines and folds constants where a call is hot.
2. Python wrappers nobody calls. A function is compiled with the wrapper that
   lets Python call it only when Python calls it; a version compiled because
   another compiled function calls it has none (and is cached apart, so a
   later Python call compiles its own wrapped version).
3. numba's C-callback wrapper (`no_cfunc_wrapper`), only used when a function
   is passed around as a first-class function value, which no core does.

`njit_noalloc` compiles a function without numba's reference counting
(NRT): every array passed into a compiled function was incref'd and decref'd
with atomic operations, 60% of a Maracaibo core step (perf, issue 40). Rule
code works in the state it is given and allocates nothing per step, so it
needs none. numba rejects an allocation in such a function at compile time;
a call to a counted function that returns an array would leak its
reference, so the dispatcher rejects that too (`_check_noalloc`). Scratch
space comes from `stack_array` (scratch.py).

Cached code is dropped when a source it depends on changes: numba_cache.py.
"""
import os

import numba
from numba import types
from numba.core import ir

# The dispatcher below reaches into numba internals that change between
# releases; it is used only with the numba versions it was tested with (else,
# or with MARACAIBO_PLAIN_JIT=1, plain numba.njit: the same code, a longer
# first compile).
TESTED_NUMBA = ((0, 68),)
try:
    from numba.core import event, typing
    from numba.core.caching import CompileResultCacheImpl, FunctionCache
    from numba.core.compiler_lock import global_compiler_lock
    from numba.core.dispatcher import _FunctionCompiler
    from numba.core.registry import CPUDispatcher
    FAST_COMPILE = (tuple(int(x) for x in numba.__version__.split(".")[:2]) in TESTED_NUMBA
                    and os.environ.get("MARACAIBO_PLAIN_JIT", "") in ("", "0"))
except (ImportError, ValueError):  # pragma: no cover  (another numba release)
    FAST_COMPILE = False
    CompileResultCacheImpl = FunctionCache = CPUDispatcher = object


def _canonical(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.bitwidth < 64:
        return types.int64  # int8..int32, uint8..uint32: exactly representable
    return t


class _CalleeCacheImpl(CompileResultCacheImpl):
    def get_filename_base(self, fullname, abiflags):
        return "callee-" + super().get_filename_base(fullname, abiflags)


class _CalleeCache(FunctionCache):
    """On-disk cache of the wrapper-less versions ("callee-<name>...nbi")."""
    _impl_class = _CalleeCacheImpl


def _holds_array(t) -> bool:
    if isinstance(t, types.Array):
        return True
    return isinstance(t, types.BaseTuple) and any(_holds_array(x) for x in t.types)


def _check_noalloc(name, cres) -> None:
    """A function compiled without reference counting may take arrays back
    only from functions compiled the same way (a counted one hands back a
    new reference that nothing would release). Checked on fresh compiles
    (a cached version passed this check when it was compiled)."""
    fndesc = getattr(cres, "fndesc", None)
    typemap, calltypes = getattr(fndesc, "typemap", None), getattr(fndesc, "calltypes", None)
    if not typemap or not calltypes:
        return
    for expr, sig in calltypes.items():
        if not (isinstance(expr, ir.Expr) and expr.op == "call" and sig is not None):
            continue
        fnty = typemap.get(expr.func.name)
        callee = getattr(fnty, "dispatcher", None)
        if callee is not None and _holds_array(sig.return_type) \
                and not getattr(callee, "noalloc", False):
            raise TypeError(
                f"{name} is compiled without reference counting (njit_noalloc) but takes an "
                f"array back from {callee.py_func.__qualname__}, which counts references: "
                f"make that one njit_noalloc too, or {name} a plain njit")


class CoreDispatcher(CPUDispatcher):
    """CPUDispatcher with canonical argument types and wrapper-less versions
    for compiled callers (see the module docstring)."""

    def __init__(self, py_func, locals=None, targetoptions=None, **kws):
        super().__init__(py_func, locals=locals, targetoptions=targetoptions, **kws)
        c = self._compiler
        self._callee_compiler = _FunctionCompiler(
            py_func, self.targetdescr, dict(c.targetoptions, no_cpython_wrapper=True), c.locals,
            c.pipeline_class)
        self._callee_cache = None
        self._callee_only = set()  # argument tuples whose version has no Python wrapper
        self.noalloc = (targetoptions or {}).get("_nrt") is False

    def enable_caching(self):
        super().enable_caching()
        self._callee_cache = _CalleeCache(self.py_func)

    def compile(self, sig):
        """A version callable from Python (numba calls this for Python calls)."""
        if isinstance(sig, tuple):  # argument types of a call; a full Signature stays as given
            sig = tuple(_canonical(t) for t in sig)
            with global_compiler_lock:
                if sig in self._callee_only:  # compiled for a compiled caller first
                    self._callee_only.discard(sig)
                    del self.overloads[sig]
        return super().compile(sig)

    def add_overload(self, cres):
        if self.noalloc:
            _check_noalloc(self.py_func.__qualname__, cres)
        super().add_overload(cres)

    def get_call_template(self, args, kws):
        """Typing a call from compiled code (numba's own method, except that the
        version it ensures is the canonical, wrapper-less one)."""
        pysig, args = self._compiler.fold_argument_types(args, kws)
        if self._can_compile:
            self._compile_for_callers(tuple(_canonical(t) for t in args))
        name = self.py_func.__name__
        template = typing.make_concrete_template(f"CallTemplate({name})", key=name,
                                                 signatures=self.nopython_signatures)
        return template, pysig, args, {}

    def _compile_for_callers(self, args):
        with global_compiler_lock, self._compiling_counter:
            if args in self.overloads:
                return
            cache = self._callee_cache
            cres = cache.load_overload(args, self.targetctx) if cache is not None else None
            if cres is None:
                data = dict(dispatcher=self, args=args, return_type=None)
                with event.trigger_event("numba:compile", data=data):
                    cres = self._callee_compiler.compile(args, None)
                if self.noalloc:
                    _check_noalloc(self.py_func.__qualname__, cres)
                if cache is not None:
                    cache.save_overload(args, cres)
            self.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
            # not added to the table of Python-callable versions (it has no wrapper)
            self.overloads[args] = cres
            self._callee_only.add(args)


def njit(func=None, *, cache=True, refcount=True, **options):
    """@njit or @njit(cache=True, parallel=..., inline=...), with CoreDispatcher.
    refcount=False: see njit_noalloc."""
    # explicit either way: numba lets a function without the option inherit its
    # first caller's, so a counted helper first called from rule code would lose it
    options = dict(options, _nrt=refcount)
    if not FAST_COMPILE:
        return numba.njit(func, cache=cache, **options) if func is not None \
            else numba.njit(cache=cache, **options)

    def wrap(f):
        opts = dict(options, nopython=True, boundscheck=None, no_cfunc_wrapper=True)
        disp = CoreDispatcher(py_func=f, locals={}, targetoptions=opts)
        if cache:
            disp.enable_caching()
        return disp
    return wrap(func) if func is not None else wrap


def njit_noalloc(func=None, **options):
    """njit for a function that allocates nothing (rule code): compiled without
    reference counting (the module docstring says why)."""
    return njit(func, refcount=False, **options)


# a status line while numba compiles (first run only): every compiled kernel comes through here
from . import compile_notice  # noqa: E402

compile_notice.install()

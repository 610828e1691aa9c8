"""Array helpers for the numba kernels of every game.

`copy_into` exists because numba compiles ``dst[:] = src`` between two
arrays as a general broadcast that first copies src into a temporary (it
cannot rule out overlap): about 530 ns for a 1,689-value Maracaibo state,
where an element loop that LLVM vectorises takes about 90 ns (measured on
this project's 2-core machine). The searches copy a state before every probe,
so this was about 40% of a heuristic decision's time.
"""
from .jit import njit_noalloc


@njit_noalloc
def copy_into(dst, src):
    """dst[i] = src[i] for every i (same length, no overlap: a state into its
    scratch copy)."""
    for i in range(src.shape[0]):
        dst[i] = src[i]

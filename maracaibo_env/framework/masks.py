"""Counting and finding legal actions in an action mask (an int8 array of
0s and 1s), eight entries at a time, for both games' engines and random
players.

numba compiles ``n += mask[i]`` over a 546-entry mask to about 41 ns; one
unaligned 64-bit load per eight entries, whose bytes (each 0 or 1) a
multiplication adds up, takes about 14 ns (measured on this project's 2-core
machine). A Maracaibo decision counts its mask at least twice (the engine's
forced-move check, the random player), so this was about a sixth of a core
decision.
"""
import numpy as np
from llvmlite import ir
from numba import types
from numba.core.errors import TypingError
from numba.extending import intrinsic

from .jit import njit_noalloc

_BYTE_SUM = np.uint64(0x0101010101010101)  # w * this >> 56: the sum of w's eight bytes (each <= 1)
_TOP_BYTE = np.uint64(56)


@intrinsic
def _word_at(typingctx, mask, i):
    """mask[i:i + 8] as one uint64 (an unaligned load; the caller keeps i + 8 <= len)."""
    if not (isinstance(mask, types.Array) and mask.ndim == 1 and mask.layout == "C"
            and mask.dtype in (types.int8, types.uint8)):
        raise TypingError(f"an action mask must be a contiguous 1-D int8 array, got {mask}")

    def codegen(context, builder, sig, args):
        ary = context.make_array(sig.args[0])(context, builder, args[0])
        ptr = builder.gep(ary.data, [args[1]])
        return builder.load(builder.bitcast(ptr, ir.IntType(64).as_pointer()), align=1)
    return types.uint64(mask, types.intp), codegen


@njit_noalloc
def count_legal(mask):
    """How many entries of mask are 1 (every entry must be 0 or 1)."""
    m = mask.shape[0]
    words = m >> 3
    n = np.uint64(0)
    for w in range(words):
        n += (_word_at(mask, w << 3) * _BYTE_SUM) >> _TOP_BYTE
    total = np.int64(n)
    for a in range(words << 3, m):
        total += mask[a]
    return total


@njit_noalloc
def nth_legal(mask, r):
    """The index of the r-th (0-based) entry that is 1; -1 if there are not r + 1."""
    m = mask.shape[0]
    start = 0
    while start + 8 <= m:  # skip whole words
        c = np.int64((_word_at(mask, start) * _BYTE_SUM) >> _TOP_BYTE)
        if r < c:
            break
        r -= c
        start += 8
    for a in range(start, m):  # r falls below 0 at the wanted entry
        r -= mask[a]
        if r < 0:
            return a
    return -1


@njit_noalloc
def legal_list(mask, out):
    """out[:n] = the indices of mask's 1 entries in increasing order; returns n
    (zero words skipped: a decision has a few dozen legal actions of 546)."""
    m = mask.shape[0]
    n = 0
    start = 0
    while start + 8 <= m:
        if _word_at(mask, start) != 0:
            for a in range(start, start + 8):
                if mask[a]:
                    out[n] = a
                    n += 1
        start += 8
    for a in range(start, m):
        if mask[a]:
            out[n] = a
            n += 1
    return n

"""Scratch arrays on the stack, for code compiled without reference counting
(jit.njit_noalloc): `stack_array(n, dtype)` is np.empty(n, dtype) whose
memory is the calling function's stack frame, so it costs no allocation and
no reference count. n must be a compile-time constant (a module constant or
a literal); the array must not outlive the function that made it (never
returned, never stored)."""
from numba import types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array


@intrinsic
def stack_array(typingctx, n, dtype):
    if not isinstance(n, types.IntegerLiteral) or n.literal_value <= 0:
        raise TypingError(f"stack_array(n, dtype): n must be a positive constant, got {n}")
    if not isinstance(dtype, (types.NumberClass, types.DType)):
        raise TypingError(f"stack_array(n, dtype): dtype must be a numpy number type, got {dtype}")
    elem = dtype.dtype if isinstance(dtype, types.DType) else dtype.instance_type
    arrty = types.Array(elem, 1, "C")
    size = n.literal_value

    def codegen(context, builder, sig, args):
        data = cgutils.alloca_once(builder, context.get_data_type(elem), size=size)  # entry block
        ary = make_array(arrty)(context, builder)
        itemsize = context.get_abi_sizeof(context.get_data_type(elem))
        intp = context.get_value_type(types.intp)
        populate_array(ary, data=data, shape=[intp(size)], strides=[intp(itemsize)],
                       itemsize=intp(itemsize), meminfo=None)
        return ary._getvalue()
    return arrty(n, dtype), codegen


"""The framework's `njit` (maracaibo_env/framework/jit.py), under its old name."""
from ...framework.jit import FAST_COMPILE, TESTED_NUMBA, CoreDispatcher, njit

__all__ = ["FAST_COMPILE", "TESTED_NUMBA", "CoreDispatcher", "njit"]

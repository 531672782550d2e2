"""Bit tricks for the kernel's hand masks (bit q = hand position q).

``ctz_nb(m)``: the index of the lowest set bit of a non-zero int64 mask, one instruction (LLVM's
``cttz``) in compiled code, so loops can visit only the set bits::

    while m != 0:
        q = ctz_nb(m)
        m &= m - 1
        ...
"""

from __future__ import annotations

import numba
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


def ctz_py(m):
    """Plain-Python ctz (what ctz_nb is under NUMBA_DISABLE_JIT=1)."""
    m = int(m)
    return (m & -m).bit_length() - 1


if numba.config.DISABLE_JIT:
    ctz_nb = ctz_py
else:

    @intrinsic
    def _cttz(typingctx, x):
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))  # 1: zero input is undefined

        return x(x), codegen

    @njit(cache=True, inline="always")
    def ctz_nb(m):
        return _cttz(m)

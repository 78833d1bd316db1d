"""Helpers shared by the kernel files: build cuTile export signatures.

Each kernel file defines EXPORTS, a list of Export records; export.py compiles every
record to Tile IR bytecode (cuda.tile.compilation.export_kernel) and disassembles it.
"""
from dataclasses import dataclass
from typing import Any, Sequence

import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, ScalarConstraint


def arr(dtype, ndim=1, *, index=ct.int32, contiguous=True, div=1, alias=()):
    """An array parameter: non-negative strides, C-contiguous (last stride 1) by default."""
    stride_constant = None
    if contiguous and ndim > 0:
        stride_constant = [None] * (ndim - 1) + [1]
    return ArrayConstraint(dtype, ndim, index_dtype=index, stride_lower_bound_incl=0,
                           alias_groups=alias, may_alias_internally=False,
                           stride_constant=stride_constant,
                           stride_divisible_by=[div] * (ndim - 1) + [1] if contiguous and ndim > 0 else div, shape_divisible_by=div,
                           base_addr_divisible_by=16 if div > 1 else 1)


def scalar(dtype):
    return ScalarConstraint(dtype)


@dataclass
class Export:
    name: str                 # output file stem
    kernel: Any               # @ct.kernel function
    params: Sequence[Any]     # one constraint (or constant value) per kernel parameter
    # (bytecode version, gpu_code or None) pairs; gpu_code None = architecture-independent
    # bytecode (13.3+). 13.1/13.2 bytecode needs a gpu_code.
    targets: Sequence[tuple] = (("13.3", None),)
    debug: bool = False       # also write a `tileirdisasm -g` (debug-info) variant
    check: Sequence[str] = ("sm_80", "sm_90", "sm_100", "sm_120")  # tileiras --gpu-name checks

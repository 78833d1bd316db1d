"""The exact values the probe's double-precision reference is checked against
(server/tests/probe_reference.rs): reads `NAME X [Y [Z]]` lines (arguments as exact hex floats; an
integer argument as its value in the same form),
evaluates NAME at 200 bits with mpmath and writes each value as a double-double `HI LO`
(hex floats; `none` where the result is not a finite real number)."""

import sys

import mpmath
from mpmath import mp

mp.prec = 200

FUNCTIONS = {
    "sin": mp.sin,
    "cos": mp.cos,
    "tan": mp.tan,
    "asin": mp.asin,
    "acos": mp.acos,
    "atan": mp.atan,
    "sinh": mp.sinh,
    "cosh": mp.cosh,
    "tanh": mp.tanh,
    "asinh": mp.asinh,
    "acosh": mp.acosh,
    "atanh": mp.atanh,
    "sinpi": mp.sinpi,
    "cospi": mp.cospi,
    "tanpi": lambda x: mp.sinpi(x) / mp.cospi(x),
    "asinpi": lambda x: mp.asin(x) / mp.pi,
    "acospi": lambda x: mp.acos(x) / mp.pi,
    "atanpi": lambda x: mp.atan(x) / mp.pi,
    "exp": mp.exp,
    "exp2": lambda x: mp.power(2, x),
    "exp10": lambda x: mp.power(10, x),
    "expm1": mp.expm1,
    "log": mp.log,
    "log2": lambda x: mp.log(x, 2),
    "log10": mp.log10,
    "log1p": mp.log1p,
    "sqrt": mp.sqrt,
    "rsqrt": lambda x: 1 / mp.sqrt(x),
    "cbrt": mp.cbrt,
    "erf": mp.erf,
    "erfc": mp.erfc,
    "tgamma": mp.gamma,
    "degrees": lambda x: x * 180 / mp.pi,
    "radians": lambda x: x * mp.pi / 180,
    "atan2": mp.atan2,
    "atan2pi": lambda y, x: mp.atan2(y, x) / mp.pi,
    "pow": mp.power,
    "powr": mp.power,
    "hypot": mp.hypot,
    "fma": lambda x, y, z: x * y + z,
    "add": lambda x, y: x + y,
    "subtract": lambda x, y: x - y,
    "multiply": lambda x, y: x * y,
    "divide": lambda x, y: x / y,
    "ldexp": lambda x, k: mp.ldexp(x, int(k)),
    "pown": lambda x, n: mp.power(x, int(n)),
    "rootn": lambda x, n: mp.root(x, int(n)) if x > 0 else -mp.root(-x, int(n)),
}


def double_double(value):
    if not isinstance(value, mpmath.mpf) or not mp.isfinite(value):
        return "none"
    hi = float(value)
    lo = float(value - hi)
    return f"{hi.hex()} {lo.hex()}"


def main():
    out = []
    for line in sys.stdin:
        name, *args = line.split()
        try:
            value = FUNCTIONS[name](*(mp.mpf(float.fromhex(a)) for a in args))
        except (ValueError, ZeroDivisionError, OverflowError):
            value = None
        out.append(double_double(value))
    sys.stdout.write("\n".join(out) + "\n")


main()

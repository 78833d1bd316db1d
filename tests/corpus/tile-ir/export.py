#!/usr/bin/env python3
"""Compile the cuTile kernels in kernels/*.py to Tile IR bytecode (no GPU needed).

usage: export.py OUTDIR [kernel-file-stem ...]
Writes OUTDIR/<name>-v<major>_<minor>[-<sm>].tileirbc and prints one line per file.
Run from tests/corpus/tile-ir so that debug info records the relative path kernels/<file>.py.
"""
import os
import sys
import types

import cuda.tile as ct
from cuda.tile.compilation import export_kernel, KernelSignature, CallingConvention

sys.path.insert(0, "kernels")


def main():
    outdir = sys.argv[1]
    only = set(sys.argv[2:])
    os.makedirs(outdir, exist_ok=True)
    files = sorted(f for f in os.listdir("kernels") if f.endswith(".py") and not f.startswith("_"))
    fail = 0
    for f in files:
        stem = f[:-3]
        if only and stem not in only:
            continue
        # Compile with the relative file name, so that debug info (di_file) does not carry
        # the absolute path of the generating machine.
        rel = os.path.join("kernels", f)
        mod = types.ModuleType(stem)
        mod.__file__ = rel
        sys.modules[stem] = mod
        with open(rel) as src:
            exec(compile(src.read(), rel, "exec"), mod.__dict__)
        for e in mod.EXPORTS:
            sig = KernelSignature(e.params, CallingConvention.cutile_python_v1(), symbol=e.name)
            for version, gpu in e.targets:
                out = f"{e.name}-v{version.replace('.', '_')}" + (f"-{gpu}" if gpu else "")
                path = os.path.join(outdir, out + ".tileirbc")
                try:
                    export_kernel(e.kernel, [sig], path, gpu_code=gpu,
                                  output_format="tileir_bytecode", bytecode_version=version)
                except Exception as exc:  # report and continue with the rest
                    print(f"FAIL export {out}: {type(exc).__name__}: {exc}", file=sys.stderr)
                    fail = 1
                    continue
                checks = " ".join(e.check)
                print(f"{out}\t{version}\t{gpu or '-'}\t{int(e.debug)}\t{checks}")
    sys.exit(fail)


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Regenerates tests/corpus/tile-ir/valid/*.mlir from the cuTile Python kernels in kernels/.
#
#  1. export.py compiles every kernel (kernels/*.py, EXPORTS lists) to Tile IR bytecode with
#     cuTile Python's export API (cuda.tile.compilation.export_kernel, output_format=
#     "tileir_bytecode"); this needs no GPU and no driver.
#  2. tileiras (13.5) compiles each bytecode file to a cubin for every --gpu-name listed in
#     its Export record: the corpus only holds modules NVIDIA's assembler accepts.
#     With TILEIRAS_13_3 set (path to a 13.3 tileiras), bytecode <= 13.3 is checked by it too.
#  3. tileirdisasm (13.5) prints the textual form: valid/<name>.mlir, and for records with
#     debug=True also valid/<name>-g.mlir (tileirdisasm -g: loc(...) and #cuda_tile.di_*).
#
# Tools are pip packages, installed into a venv (default: $here/.venv, override with VENV=):
#   cuda-tile==1.7.0  nvidia-cuda-tileiras==13.5.37 (pulls nvidia-cuda-nvcc/nvidia-nvvm 13.5.37)
# Exits non-zero if any export, tileiras check or disassembly fails; valid/ is then untouched.
# CORPUS=DIR builds another corpus laid out the same way (DIR/kernels/*.py -> DIR/valid/),
# with this folder's export.py and kernels/_sig.py.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
corpus="$(cd "${CORPUS:-$here}" && pwd)"
venv="${VENV:-$here/.venv}"
py="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
  "$py" -m venv "$venv"
  "$venv/bin/pip" install -q cuda-tile==1.7.0 nvidia-cuda-tileiras==13.5.37 \
    nvidia-cuda-nvcc==13.5.37 nvidia-nvvm==13.5.37 nvidia-nvjitlink==13.5.37
fi
bindir="$("$venv/bin/python" -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "bin"))')"
tileiras="$bindir/tileiras"
disasm="$bindir/tileirdisasm"
echo "using $tileiras: $("$tileiras" --version | grep release)"
echo "using cuda-tile $("$venv/bin/python" -c 'import cuda.tile; print(cuda.tile.__version__)')"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cd "$corpus"   # so that debug info records kernels/<file>.py, not an absolute path
PYTHONPATH="$here/kernels${PYTHONPATH:+:$PYTHONPATH}" "$venv/bin/python" "$here/export.py" "$tmp/bc" > "$tmp/list"

fail=0
count=0
mkdir -p "$tmp/out"
while IFS=$'\t' read -r name version gpu debug checks; do
  bc="$tmp/bc/$name.tileirbc"
  for sm in $checks; do
    if ! "$tileiras" --gpu-name="$sm" "$bc" -o "$tmp/$name-$sm.cubin" 2>"$tmp/log"; then
      cat "$tmp/log" >&2; echo "FAIL tileiras --gpu-name=$sm $name" >&2; fail=1
    fi
  done
  if [ -n "${TILEIRAS_13_3:-}" ] && [[ "$version" =~ ^13\.[123]$ ]]; then
    for sm in $checks; do
      if ! "$TILEIRAS_13_3" --gpu-name="$sm" "$bc" -o "$tmp/$name-133.cubin" 2>"$tmp/log"; then
        cat "$tmp/log" >&2; echo "FAIL tileiras-13.3 --gpu-name=$sm $name" >&2; fail=1
      fi
    done
  fi
  if ! "$disasm" "$bc" > "$tmp/out/$name.mlir"; then
    echo "FAIL tileirdisasm $name" >&2; fail=1; continue
  fi
  count=$((count + 1))
  if [ "$debug" = 1 ]; then
    if ! "$disasm" -g "$bc" > "$tmp/out/$name-g.mlir"; then
      echo "FAIL tileirdisasm -g $name" >&2; fail=1; continue
    fi
    count=$((count + 1))
  fi
  echo "ok   $name (bytecode $version, checked: $checks)"
done < "$tmp/list"

if [ "$fail" -ne 0 ]; then
  echo "generate.sh: failures; $corpus/valid left untouched" >&2
  exit 1
fi
rm -rf "$corpus/valid"
mkdir -p "$corpus/valid"
cp "$tmp"/out/*.mlir "$corpus/valid/"
echo "generated $count Tile IR text files into $corpus/valid"

#!/usr/bin/env bash
# Regenerates tests/corpus/ptx/llvm/valid/*.ptx with LLVM's NVPTX back end: clang turns each
# CUDA source in src/ (written without the CUDA headers) or each LLVM IR file in src/ into
# LLVM IR, and llc writes PTX for every target of the matrix below. Each result is checked
# with ptxas for its target; only files ptxas accepts are kept, the others are reported.
#
#   generate.sh            every source
#   generate.sh calls      only the named sources
#
# Tools: CLANG (default clang-15), LLC (default llc-19), PTXAS (default: PATH, else the
# `nvidia` pip wheel's cu13/bin/ptxas).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/src"
out="$here/valid"
clang="${CLANG:-clang-15}"
llc="${LLC:-llc-19}"
ptxas="${PTXAS:-$(command -v ptxas || python3 -c 'import nvidia, os; print(os.path.join(nvidia.__path__[0], "cu13", "bin", "ptxas"))')}"
for tool in "$clang" "$llc" "$ptxas"; do
  command -v "$tool" >/dev/null || { echo "generate.sh: $tool not found" >&2; exit 1; }
done

# source : space-separated variants, each sm_XX:ptxNN[:O0] (the target, the PTX ISA
# version llc writes, and optionally no optimisation).
matrix=(
  "calls:    sm_75:ptx64 sm_80:ptx70 sm_86:ptx75 sm_87:ptx74 sm_90:ptx78 sm_90:ptx83:O0"
  "atomics:  sm_75:ptx63 sm_80:ptx71 sm_89:ptx78 sm_90:ptx80 sm_90a:ptx85 sm_86:ptx73:O0"
  "warp:     sm_75:ptx64 sm_80:ptx70 sm_90:ptx78 sm_86:ptx74:O0"
  "math:     sm_75:ptx63 sm_80:ptx72 sm_89:ptx81 sm_90:ptx84 sm_86:ptx75:O0"
  "vectors:  sm_75:ptx65 sm_80:ptx70 sm_89:ptx78 sm_90:ptx85 sm_86:ptx73:O0"
  "shared:   sm_75:ptx64 sm_86:ptx71 sm_90:ptx82 sm_89:ptx80:O0"
  "control:  sm_75:ptx63 sm_80:ptx76 sm_90a:ptx80 sm_89:ptx78:O0"
  "memory:   sm_75:ptx64 sm_80:ptx70 sm_90:ptx83 sm_87:ptx74"
  "wide:     sm_75:ptx65 sm_80:ptx70 sm_90:ptx85 sm_86:ptx72:O0"
  "nvvm:     sm_90:ptx80 sm_90a:ptx85"
  "params:   sm_75:ptx64 sm_80:ptx77 sm_90:ptx83 sm_86:ptx74:O0"
)

selected=" $* "
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0
for row in "${matrix[@]}"; do
  name="${row%%:*}"
  variants="${row#*:}"
  [ "$#" -eq 0 ] || [[ "$selected" == *" $name "* ]] || continue
  for variant in $variants; do
    IFS=: read -r sm ptx opt <<<"$variant"
    level="-O2"
    suffix=""
    if [ "${opt:-}" = O0 ]; then level="-O0"; suffix="-O0"; fi
    file="$name-$sm-$ptx$suffix.ptx"
    if [ -f "$src/$name.cu" ]; then
      "$clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_75 \
        -Xclang -target-feature -Xclang +ptx64 "$level" -S -emit-llvm \
        "$src/$name.cu" -o "$tmp/$name.ll" || { echo "clang failed: $name.cu" >&2; failed=1; continue; }
      ir="$tmp/$name.ll"
    else
      ir="$src/$name.ll"
    fi
    # clang records its own target in every function; llc's -mcpu/-mattr decide instead.
    sed -E 's/"target-cpu"="[^"]*"//; s/"target-features"="[^"]*"//' "$ir" >"$tmp/input.ll"
    if ! "$llc" -march=nvptx64 -mcpu="$sm" -mattr="+$ptx" "$level" "$tmp/input.ll" -o "$tmp/$file" 2>"$tmp/llc.txt"; then
      echo "llc failed: $file: $(grep -m1 -i error "$tmp/llc.txt")" >&2; failed=1; continue
    fi
    if "$ptxas" -arch="$sm" "$tmp/$file" -o /dev/null 2>"$tmp/ptxas.txt"; then
      cp "$tmp/$file" "$out/$file"
      echo "ok       $file"
    else
      echo "rejected $file (not kept): $(head -1 "$tmp/ptxas.txt")" >&2
    fi
  done
done
exit "$failed"

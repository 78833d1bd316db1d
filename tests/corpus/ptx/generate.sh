#!/usr/bin/env bash
# Regenerates tests/corpus/ptx/valid/*.ptx from tests/corpus/ptx/cuda/*.cu with nvcc,
# and checks every generated file with ptxas for the matching target.
# Exits non-zero if any compile or ptxas check fails.
#
#   generate.sh                    every source of the matrix below
#   generate.sh memory atomics2    only the named sources (others' files are left alone)
#
# nvcc/ptxas are taken from PATH, or else from the pip wheels
#   pip install nvidia-cuda-nvcc nvidia-cuda-cccl   (CUDA 13.x)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$here/cuda"
out="$here/valid"

if ! command -v nvcc >/dev/null 2>&1 || ! command -v ptxas >/dev/null 2>&1; then
  bindir="$(python3 -c 'import nvidia, os; p = [os.path.join(d, "cu13", "bin") for d in nvidia.__path__]; print(next((x for x in p if os.path.isdir(x)), ""))' 2>/dev/null || true)"
  if [ -n "$bindir" ]; then export PATH="$bindir:$PATH"; fi
fi
command -v nvcc >/dev/null || { echo "generate.sh: nvcc not found (pip install nvidia-cuda-nvcc)" >&2; exit 1; }
command -v ptxas >/dev/null || { echo "generate.sh: ptxas not found" >&2; exit 1; }
echo "using $(command -v nvcc): $(nvcc --version | tail -1)"

# Sources compiled with relocatable device code (-rdc=true): they contain .extern/.weak
# symbols, so ptxas checks them with -c (compile only, no whole-program link).
rdc_sources=" calls extern_link "

# kernel : space-separated variants.  A variant is sm_XX, or sm_XX-G (debug info, -G),
# sm_XX-lineinfo (-lineinfo), sm_XX-jt (jump tables enabled), sm_XX-fastmath (-use_fast_math).
matrix=(
  "arith:       sm_75 sm_80 sm_89 sm_100 sm_120 sm_80-G sm_90-lineinfo sm_86-fastmath"
  "halfbf16:    sm_75 sm_80 sm_90 sm_120 sm_86-lineinfo sm_90-fastmath"
  "warp:        sm_75 sm_86 sm_90 sm_75-G"
  "atomics:     sm_75 sm_80 sm_90 sm_100 sm_90-G"
  "shared:      sm_75 sm_86 sm_89 sm_100a sm_80-lineinfo"
  "wmma:        sm_75 sm_80 sm_86 sm_90 sm_100 sm_120"
  "mma_asm:     sm_80 sm_89 sm_90a sm_120 sm_120a"
  "async_copy:  sm_75 sm_80 sm_90 sm_100 sm_89-lineinfo"
  "texsurf:     sm_75 sm_86 sm_100 sm_86-G"
  "calls:       sm_75 sm_80 sm_90 sm_120 sm_90-G sm_100-lineinfo"
  "extern_link: sm_80 sm_90"
  "gridsync:    sm_80 sm_90 sm_100"
  "control:     sm_75 sm_89 sm_90 sm_100-G sm_75-lineinfo sm_80-jt sm_90a-jt sm_100-jt"
  "hopper:      sm_90 sm_90a sm_100 sm_100a sm_120 sm_90a-lineinfo"
  "blackwell:   sm_89 sm_100 sm_100a sm_120 sm_120a"
  "memory:      sm_75 sm_80 sm_90 sm_100 sm_120 sm_80-lineinfo"
  "atomics2:    sm_75 sm_80 sm_90 sm_100 sm_120"
  "matrix:      sm_75 sm_80 sm_89 sm_90 sm_100 sm_120"
  "texsurf2:    sm_75 sm_90 sm_120"
  "tma:         sm_90 sm_90a sm_100 sm_100a sm_120 sm_90-G"
  "wgmma:       sm_90a sm_90a-lineinfo"
  "tcgen05:     sm_100a sm_100a-lineinfo"
  "ptx9x:       sm_90 sm_100a sm_100f sm_103a sm_107f sm_110f sm_120 sm_120f sm_121a"
)

# Named sources on the command line restrict the matrix to them.
if [ "$#" -gt 0 ]; then
  selected=()
  for want in "$@"; do
    found=0
    for entry in "${matrix[@]}"; do
      if [ "${entry%%:*}" = "$want" ]; then selected+=("$entry"); found=1; fi
    done
    [ "$found" -eq 1 ] || { echo "generate.sh: no source '$want' in the matrix" >&2; exit 1; }
  done
  matrix=("${selected[@]}")
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0
count=0
for entry in "${matrix[@]}"; do
  kernel="${entry%%:*}"
  variants="${entry#*:}"
  rdc=()
  ptxas_c=()
  if [[ "$rdc_sources" == *" $kernel "* ]]; then rdc=(-rdc=true); ptxas_c=(-c); fi
  for v in $variants; do
    arch="${v%%-*}"
    dbg=()
    case "$v" in
      *-G) dbg=(-G) ;;
      *-lineinfo) dbg=(-lineinfo) ;;
      # cicc does not emit jump tables by default; this LLVM option turns them on,
      # so dense switch statements become brx.idx with a .branchtargets list.
      *-jt) dbg=(-Xcicc -jump-table-density=10) ;;
      *-fastmath) dbg=(-use_fast_math) ;;
    esac
    name="$kernel-$v.ptx"
    # Compile from inside the source dir so .file directives carry a relative path.
    if ! (cd "$src" && nvcc -ptx -std=c++17 -arch="$arch" "${rdc[@]}" "${dbg[@]}" "$kernel.cu" -o "$tmp/$name"); then
      echo "FAIL nvcc   $name" >&2; fail=1; continue
    fi
    if ! ptxas -arch="$arch" "${ptxas_c[@]}" "$tmp/$name" -o "$tmp/$name.cubin" 2>"$tmp/$name.log"; then
      cat "$tmp/$name.log" >&2
      echo "FAIL ptxas  $name" >&2; fail=1; continue
    fi
    echo "ok   $name ($(wc -c <"$tmp/$name") bytes)"
    count=$((count + 1))
  done
done

if [ "$fail" -ne 0 ]; then
  echo "generate.sh: failures; $out left untouched" >&2
  exit 1
fi

mkdir -p "$out"
# Drop previously generated files for our kernels, then install the fresh set.
for entry in "${matrix[@]}"; do
  kernel="${entry%%:*}"
  rm -f "$out/$kernel"-sm_*.ptx
done
cp "$tmp"/*.ptx "$out"/
echo "generated $count PTX files into $out"

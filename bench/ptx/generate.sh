#!/usr/bin/env bash
# Regenerates bench/ptx/large.ptx (the fixed benchmark input) from large.cu and checks it
# with ptxas. Requires nvcc/ptxas on PATH or from the pip wheels
#   pip install nvidia-cuda-nvcc nvidia-cuda-cccl   (CUDA 13.x; the committed file came from 13.5)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v nvcc >/dev/null 2>&1 || ! command -v ptxas >/dev/null 2>&1; then
  bindir="$(python3 -c 'import nvidia, os; p = [os.path.join(d, "cu13", "bin") for d in nvidia.__path__]; print(next((x for x in p if os.path.isdir(x)), ""))' 2>/dev/null || true)"
  if [ -n "$bindir" ]; then export PATH="$bindir:$PATH"; fi
fi
command -v nvcc >/dev/null || { echo "generate.sh: nvcc not found (pip install nvidia-cuda-nvcc)" >&2; exit 1; }
command -v ptxas >/dev/null || { echo "generate.sh: ptxas not found" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$here" && nvcc -ptx -arch=sm_90 large.cu -o "$tmp/large.ptx")
# compute_90: parse and check only (fast); sm_90: full assembly.
ptxas -arch=compute_90 "$tmp/large.ptx" -o /dev/null
size=$(wc -c <"$tmp/large.ptx")
if [ "$size" -lt 3000000 ]; then
  echo "generate.sh: large.ptx is only $size bytes (want >= 3 MB)" >&2
  exit 1
fi
cp "$tmp/large.ptx" "$here/large.ptx"
echo "wrote $here/large.ptx ($size bytes, $(wc -l <"$here/large.ptx") lines)"

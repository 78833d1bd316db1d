#!/usr/bin/env bash
# Ask NVIDIA's tools whether a one-op Tile IR module is valid.
#
# usage: check-tileiras.sh "GPUS" OP [key=value ...]      e.g.
#   check-tileiras.sh "sm_80 sm_90" atomic_rmw dtype=bf16 mode=addf
#   check-tileiras.sh sm_90 addf dtype=f64 ftz=1
# encode.py builds the bytecode (see its docstring for OPs and keys); then
#   * tileirdisasm -g   prints the module, or the verifier error with its location
#                       (loc("case.tileir":LINE:3); LINE is the "op-line" encode.py prints);
#   * tileiras --gpu-name=SM for each SM in GPUS (target checks happen only here).
# Tools: $TILEIRAS / $TILEIRDISASM, else the nvidia-cuda-tileiras wheel of $PYTHON
# (default: python3) - which must also have cuda-tile installed (pip install cuda-tile==1.7.0
# nvidia-cuda-tileiras==13.5.37). Set TILEIRAS to a 13.3 tileiras to ask that version.
# Exit status: 0 when every tileiras run accepted the module, 1 otherwise.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
py="${PYTHON:-python3}"
gpus="$1"; shift
bindir="$("$py" -c 'import nvidia.cu13, os; print(os.path.join(nvidia.cu13.__path__[0], "bin"))')"
tileiras="${TILEIRAS:-$bindir/tileiras}"
disasm="${TILEIRDISASM:-$bindir/tileirdisasm}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

"$py" "$here/encode.py" "$tmp/case.tileirbc" "$@" || exit 2
echo "--- tileirdisasm -g"
"$disasm" -g "$tmp/case.tileirbc" 2>&1 | grep -v '^#\(di_\|loc\)'
status=0
for sm in $gpus; do
  echo "--- tileiras --gpu-name=$sm ($("$tileiras" --version | grep -o 'V[0-9][0-9.]*'))"
  if "$tileiras" --gpu-name="$sm" "$tmp/case.tileirbc" -o "$tmp/case.cubin" 2>&1; then
    echo "accepted"
  else
    status=1
  fi
done
exit $status

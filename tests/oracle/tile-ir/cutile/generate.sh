#!/usr/bin/env bash
# Regenerates valid/*.mlir here from the cuTile Python kernels in kernels/, with the real
# corpus's pipeline (tests/corpus/tile-ir/generate.sh: export with cuTile, tileiras for every
# listed GPU, tileirdisasm). VENV= and TILEIRAS_13_3= work as there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CORPUS="$here" exec "$here/../../../corpus/tile-ir/generate.sh" "$@"

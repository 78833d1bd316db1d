#!/usr/bin/env bash
# End-to-end check of the VS Code extension in the real VS Code workbench: code-server (from
# npm) with the extension's platform .vsix installed (`--install-extension`, the speclint binary
# bundled), driven by headless Chromium through puppeteer-core (tests/editors/vscode/e2e.mjs).
# For a PTX, a Tile IR (.mlir) and a SPIR-V file: the language, the status bar item, the
# diagnostic in the Problems panel on its line, a hover, a quick-fix that changes the text,
# highlighting (token classes), and no error notification; MLIR of another dialect left alone;
# a click on the "▶ Run" lens of a SPIR-V kernel with a run comment, its report in the "speclint
# run" output channel; a `.cu` file (VS Code's cuda-cpp) with its finding in the Problems panel
# (code and line) and its squiggle inside the asm string, none for host C++ with x86 asm, and
# `speclint.inlinePtx.enable: false` taking it away (and back when on again); the SASS lens of a
# PTX kernel opening the SASS view beside it, the cursor on a source line highlighting its SASS;
# then a rule ignored in the settings and a bad `speclint.server.path` (an error with an Open
# Setting button). Screenshots are kept in $SPECLINT_ARTEFACTS (default target/vscode-e2e/).
#
# Usage: tests/editors/vscode_e2e.sh [path/to/speclint]   (default: builds the debug speclint)
# Installs what it needs (scripts/lib.sh). Exits 0 on success, 1 on a failure, 77 when a tool
# cannot be installed (under CI=true that is a failure: 1).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../../scripts/lib.sh
source "$root/scripts/lib.sh"
started=$SECONDS

skip() {
  if [[ ${CI:-} == true ]]; then
    echo "vscode_e2e.sh: FAILED: $* (CI=true: a missing tool is a failure)" >&2
    exit 1
  fi
  echo "vscode_e2e.sh: SKIPPED: $*" >&2
  exit 77
}

ensure_chromium || skip "no chromium"
ensure_code_server || skip "code-server $SPECLINT_CODE_SERVER_VERSION could not be installed"
ensure_puppeteer_core || skip "puppeteer-core could not be installed"
# The SASS view compiles with ptxas and disassembles with nvdisasm; the server finds them
# through these variables, which code-server passes on.
ensure_ptxas || skip "no ptxas"
ensure_nvdisasm || skip "no nvdisasm"
export PTXAS NVDISASM

if [[ $# -ge 1 ]]; then
  speclint="$(realpath "$1")"
else
  (cd "$root" && cargo build -q -p speclint) || exit 1
  speclint="${CARGO_TARGET_DIR:-$root/target}/debug/speclint"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The platform package, with this speclint as its bundled binary (in $work: not the release
# packages of vscode-extension/build).
platform="$(node -p 'process.platform + "-" + process.arch')"
(
  cd "$root/vscode-extension"
  [[ -d node_modules ]] || quietly npm ci --no-audit --no-fund
  quietly node esbuild.mjs --production
  SPECLINT_BINARIES="$platform=$speclint" SPECLINT_VSIX_DIR="$work/vsix" quietly node scripts/package.mjs
) || exit 1
version="$(node -p 'require(process.argv[1]).version' "$root/vscode-extension/package.json")"
vsix="$work/vsix/speclint-$platform-$version.vsix"
mkdir -p "$work/ws" "$work/data/User" "$work/extensions"
cp "$root/tests/lsp/errors.ptx" "$here/nvim/errors.mlir" "$here/nvim/plain.mlir" "$here/nvim/errors.spvasm" \
  "$here/vscode/inline.cu" "$here/vscode/host.cpp" "$here/vscode/sass.ptx" "$work/ws/"
# The Run lens: the vector add of tests/run/spirv with a run comment above its entry point.
sed 's|^\( *\)%191 = OpFunction|; speclint: run --grid 4 --block 16 --arg a=range:f32[64] --arg b=fill:2:f32[64] --arg c=zeros:f32[64] --arg n=64\n&|' \
  "$root/tests/run/spirv/kernels.spvasm" >"$work/ws/run.spvasm"
cat >"$work/data/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "workbench.tips.enabled": false,
  "extensions.ignoreRecommendations": true,
  "update.mode": "none"
}
EOF
code_server=(node "$CODE_SERVER" --config "$work/config.yaml" --user-data-dir "$work/data"
  --extensions-dir "$work/extensions")
quietly "${code_server[@]}" --install-extension "$vsix" || exit 1

port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
"${code_server[@]}" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
  --disable-update-check --disable-workspace-trust >"$work/code-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null && break
  sleep 0.2
done

artefacts="${SPECLINT_ARTEFACTS:-$root/target/vscode-e2e}"
rm -rf "$artefacts" && mkdir -p "$artefacts"
status=0
URL="http://127.0.0.1:$port/?folder=$work/ws" WORKSPACE="$work/ws" ARTEFACTS="$artefacts" SETTINGS="$work/data/User/settings.json" \
  timeout 300 node "$here/vscode/e2e.mjs" || status=$?
cp "$work/code-server.log" "$artefacts/" 2>/dev/null || true
echo "vscode_e2e.sh: $( ((status == 0)) && echo passed || echo FAILED) in $(fmt_secs $((SECONDS - started))); screenshots in $artefacts"
exit $((status == 0 ? 0 : 1))

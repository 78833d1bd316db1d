#!/usr/bin/env bash
# End-to-end check of `speclint lsp` in Neovim (0.7+, headless): diagnostics with UTF-16
# columns converted by Neovim, hovers, quick-fixes and incremental edits in a PTX file; then, in
# a Tile IR (cuda_tile) `.mlir` file, a diagnostic, hovers, go-to-definition and a fixing edit,
# and no diagnostics for an MLIR file of another dialect; then, in a SPIR-V `.spvasm` file, a
# diagnostic, hovers, the quick-fix that declares a capability, and go-to-definition; then the
# SASS lens of a PTX kernel, whose command opens the SASS view in a split.
#
# Usage: tests/editors/nvim_lsp.sh [path/to/speclint]   (default: builds target/debug/speclint)
# Exits 0 on success, 1 on a mismatch, 77 when nvim is not installed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=../../scripts/lib.sh
source "$root/scripts/lib.sh"

if ! command -v nvim >/dev/null 2>&1; then
  echo "nvim_lsp.sh: nvim not found (apt-get install neovim)" >&2
  exit 77
fi

if [[ $# -ge 1 ]]; then
  speclint="$(realpath "$1")"
else
  if ! (cd "$root" && cargo build -q -p speclint 2>"${TMPDIR:-/tmp}/nvim_lsp_build.log"); then
    cat "${TMPDIR:-/tmp}/nvim_lsp_build.log" >&2
    exit 1
  fi
  speclint="$root/target/debug/speclint"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$root/tests/lsp/errors.ptx" "$work/errors.ptx"
cp "$here/nvim/errors.mlir" "$here/nvim/plain.mlir" "$here/nvim/errors.spvasm" "$work/"
cp "$here/vscode/sass.ptx" "$work/"

# Isolate Neovim from the user's configuration and state.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
export SPECLINT="$speclint"

cd "$work"
failures=0

# run_nvim NAME FILE LUA: opens FILE in Neovim, runs the Lua call LUA (which writes $out) and
# prints the result; sets $out, $log and $status.
run_nvim() {
  out="$work/$1.txt"
  log="$work/$1.log"
  status=0
  timeout 120 nvim --headless -n -i NONE -u "$here/nvim/init.lua" "$2" \
    -c "lua $3" >"$log" 2>&1 || status=$?
  if [[ ! -f "$out" ]]; then
    echo "nvim_lsp.sh: no result for $2 (nvim exit status $status)" >&2
    cat "$log" >&2
    exit 1
  fi
  echo "--- result ($2) ---"
  cat "$out"
  echo "--------------"
}
# Counts a non-zero nvim exit status as a failure.
check_status() {
  if [[ $status -ne 0 ]]; then
    echo "FAIL: nvim exited with status $status"
    failures=$((failures + 1))
  fi
}
expect() {
  if grep -qxF -- "$1" "$out"; then
    echo "ok:   $1"
  else
    echo "FAIL: expected the line: $1"
    failures=$((failures + 1))
  fi
}
expect_match() {
  if grep -qE -- "$1" "$out"; then
    echo "ok:   /$1/"
  else
    echo "FAIL: expected a line matching /$1/"
    failures=$((failures + 1))
  fi
}
expect_count() {
  local n
  n="$(grep -cE -- "$2" "$out" || true)"
  if [[ "$n" -eq "$1" ]]; then
    echo "ok:   $1 line(s) matching /$2/"
  else
    echo "FAIL: expected $1 line(s) matching /$2/, found $n"
    failures=$((failures + 1))
  fi
}

run_nvim ptx errors.ptx "SpeclintE2E('$work/ptx.txt')"

expect "encoding utf-16"
# `rcp.f32` after `\t/* é 😀 */ `: the server sends UTF-16 columns 12-19, which Neovim turns
# into byte columns 15-22.
expect_match '^diagnostic PTX004 10:15-10:22 `rcp\.f32` requires one of `\.approx`, `\.rn`'
expect_match '^diagnostic PTX002 12:1-12:3 `ad` is not a PTX instruction'
expect "hover 11:3 range 11:1-11:11"
expect_match '^\| ### `rcp`'
expect_match '^\| \*\*Requires:\*\*'
expect_match '^\| \*\*Accuracy:\*\*'
expect "hover 10:16 range 10:12-10:19"
expect "hover 11:18 range 11:17-11:20"
expect_match '^\| register `%f1`.*declared on line 7'
expect "action Insert \`.approx\` (preferred)"
expect "action Insert \`.rn\`"
expect $'edited \t/* é 😀 */ rcp.rn.f32 %f2, %f1;'
expect "after fix"
expect $'edited \t/* é 😀 */ rcp.f32 %f2, %f1;'
expect "after edit"
expect "status ok"
check_status
ptx_failures=$failures

run_nvim tile-ir errors.mlir "SpeclintE2ETileIr('$work/tile-ir.txt', 'plain.mlir')"
expect "filetype mlir"
# `flush_to_zero` (line 6, 0-based 5) is not allowed on f16; the only diagnostic.
expect_match '^diagnostic TILE010 5:21-5:34 `addf` does not support `flush_to_zero` on f16'
expect_count 1 '^diagnostic '
# The op's card, with the f16 column of its modifier table marked.
expect "hover 5:9 range 5:9-5:13"
expect_match '^\| \*\*cuda_tile\.addf\*\*: '
expect_match '^\| \| modifier \|.* \*\*f16\*\* ◀ \|'
expect_match '^\| \| `flush_to_zero` \|.* \*\*no\*\* \|$'
expect "hover 5:14 range 5:14-5:16"
expect_match '^\| result of `constant`, defined on line 4$'
# `%b` on line 6 is defined on line 5 (0-based 4), at its name.
expect "definition 5:18 -> 4:4"
expect "edited     %s = addf %a, %b : tile<4xf16>"
expect "after fix 0"
# plain.mlir (func.func): attached, one empty publish, nothing shown, no hover.
expect "plain filetype mlir attached true published 0 shown 0"
expect "plain hover 0:0 none"
expect "status ok"
check_status

run_nvim spirv errors.spvasm "SpeclintE2ESpirv('$work/spirv.txt')"
expect "filetype spirv"
# The 64-bit integer type on line 9 (0-based 8) without the Int64 capability.
expect_match '^diagnostic SPV009 8:0-8:22 OpTypeInt 64 needs the `Int64` capability'
expect_count 1 '^diagnostic '
expect "hover 15:6 range 15:5-15:11"
expect_match '^\| \*\*OpLoad\*\* — Memory instruction'
expect "hover 16:27 range 16:27-16:30"
expect_match '^\| \| float \| <= 4 ulp \|'
expect "action Declare \`OpCapability Int64\`"
expect "edited OpCapability Int64"
expect "after fix 0"
# `%p` in `OpStore %p` jumps to its definition on line 15 (0-based 14).
expect "definition 18:8 -> 14:0"
expect "status ok"
check_status

# The SASS lens: its command (init.lua's handler) opens the view in a split, at the kernel. It
# needs ptxas and nvdisasm (installed by scripts/lib.sh where missing).
if ensure_ptxas && ensure_nvdisasm; then
  export PTXAS NVDISASM
  run_nvim sass sass.ptx "SpeclintE2ESass('$work/sass.txt')"
  expect "lens SASS axpy"
  expect_match '^view at // kernel axpy: [0-9]+ instructions'
  expect_match '^store +\| [0-9a-f]{4}  STG\.E \[R[0-9]+\.64\], R[0-9]+'
  expect "modifiable false"
  expect "status ok"
  check_status
elif [[ ${CI:-} == true ]]; then
  echo "FAIL: no ptxas or nvdisasm (CI=true: the SASS view must be checked)"
  failures=$((failures + 1))
else
  echo "nvim_lsp.sh: SKIPPED the SASS view (no ptxas or nvdisasm)" >&2
fi

if [[ $failures -ne 0 ]]; then
  echo "nvim_lsp.sh: $failures check(s) failed ($ptx_failures in the PTX part)" >&2
  for l in ptx tile-ir spirv sass; do
    echo "--- nvim log ($l) ---" >&2
    cat "$work/$l.log" >&2
  done
  exit 1
fi
echo "nvim_lsp.sh: all checks passed"

#!/usr/bin/env bash
# End-to-end check of `speclint lsp` in Neovim (0.7+, headless): diagnostics with UTF-16
# columns converted by Neovim, hovers, quick-fixes and incremental edits.
#
# Usage: tests/editors/nvim_lsp.sh [path/to/speclint]   (default: builds target/debug/speclint)
# Exits 0 on success, 1 on a mismatch, 77 when nvim is not installed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

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
out="$work/result.txt"

# Isolate Neovim from the user's configuration and state.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
export SPECLINT="$speclint"

cd "$work"
status=0
timeout 120 nvim --headless -n -i NONE -u "$here/nvim/init.lua" errors.ptx \
  -c "lua SpeclintE2E('$out')" >"$work/nvim.log" 2>&1 || status=$?

if [[ ! -f "$out" ]]; then
  echo "nvim_lsp.sh: no result (nvim exit status $status)" >&2
  cat "$work/nvim.log" >&2
  exit 1
fi

echo "--- result ---"
cat "$out"
echo "--------------"

failures=0
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

if [[ $status -ne 0 ]]; then
  echo "FAIL: nvim exited with status $status"
  failures=$((failures + 1))
fi
if [[ $failures -ne 0 ]]; then
  echo "nvim_lsp.sh: $failures check(s) failed; nvim log:" >&2
  cat "$work/nvim.log" >&2
  exit 1
fi
echo "nvim_lsp.sh: all checks passed"

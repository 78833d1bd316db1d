#!/usr/bin/env bash
# The one test command: installs what the tests need (if missing), then builds and runs
# everything. Exits non-zero when any step fails.
#
#   scripts/test.sh
#
# Steps: setup (ptxas from the nvidia-cuda-nvcc wheel, tileiras/tileirdisasm from the
# nvidia-cuda-tileiras wheel with cuTile Python, Debian neovim, rustfmt), cargo build (all
# targets), cargo test (workspace; includes the ptxas and tileiras oracles and the grammar
# corpus), grammar corpus, Neovim LSP end-to-end, the VS Code extension (type check, its unit
# tests, and the end-to-end test in code-server with headless Chromium), oracle fixtures vs
# ptxas, fuzz (every libFuzzer target for a bounded time; fails when one crashes), cargo fmt
# --check, cargo clippy with warnings denied.
#
# Environment:
#   SPECLINT_NO_INSTALL=1  never install anything (missing tools fail their step)
#   FAIL_FAST=1            stop at the first failing step (default: setup/build failures stop,
#                          later steps all run so one report shows every failure)
#   TREE_SITTER_CLI=1      also run `tree-sitter test` (needs the tree-sitter CLI on PATH)
#   PTXAS=/path/to/ptxas   use this ptxas instead of the wheel's
#   TILEIRAS=, TILEIRDISASM=  use these instead of the nvidia-cuda-tileiras wheel's
#   FUZZ_SECONDS=60        how long each fuzz target runs (0 skips the fuzz step; 15 under
#                          $CI, where the 2-core machine's 30 minutes are shared by all steps)
# shellcheck disable=SC2329 # the step_* functions are invoked through run_step
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/lib.sh
source "$root/scripts/lib.sh"

export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
export RUST_BACKTRACE="${RUST_BACKTRACE:-0}"

logdir="$(mktemp -d "${TMPDIR:-/tmp}/speclint-test.XXXXXX")"
trap 'rm -rf "$logdir"' EXIT

steps=()    # names
results=()  # "ok" / "FAIL" / "skipped"
times=()    # seconds
failed=0
total_start=$SECONDS
nsteps=10

# run_step NAME FATAL FUNCTION: banner, run FUNCTION in a `set -e` subshell, record the outcome
# (exit 77: skipped, with the reason printed by the step).
run_step() {
  local name=$1 fatal=$2 fn=$3 start rc
  local n=$((${#steps[@]} + 1))
  printf '\n==> [%d/%d] %s\n' "$n" "$nsteps" "$name"
  start=$SECONDS
  set +e
  ( set -euo pipefail; "$fn" )
  rc=$?
  set -e
  local took=$((SECONDS - start))
  steps+=("$name")
  times+=("$took")
  if [[ $rc -eq 0 ]]; then
    results+=("ok")
    printf '<== %s: ok (%s)\n' "$name" "$(fmt_secs "$took")"
  elif [[ $rc -eq 77 ]]; then
    results+=("skipped")
    printf '<== %s: skipped (%s)\n' "$name" "$(fmt_secs "$took")"
  else
    results+=("FAIL")
    failed=$((failed + 1))
    printf '<== %s: FAILED (exit %d, %s)\n' "$name" "$rc" "$(fmt_secs "$took")"
    if [[ $fatal == fatal || "${FAIL_FAST:-0}" == 1 ]]; then
      finish
    fi
  fi
}

finish() {
  local i line=""
  printf '\n==> summary\n'
  for i in "${!steps[@]}"; do
    printf '  %-6s %-28s %s\n' "${results[$i]}" "${steps[$i]}" "$(fmt_secs "${times[$i]}")"
    line+="${line:+, }${steps[$i]} $(fmt_secs "${times[$i]}")"
    case ${results[$i]} in
      FAIL) line+=" FAILED" ;;
      skipped) line+=" skipped" ;;
    esac
  done
  local total
  total="$(fmt_secs $((SECONDS - total_start)))"
  if [[ $failed -eq 0 ]]; then
    local skipped=0 result
    for result in "${results[@]}"; do [[ $result != skipped ]] || skipped=$((skipped + 1)); done
    if [[ $skipped -eq 0 ]]; then
      printf 'test.sh: PASS - all %d steps ok in %s (%s)\n' "${#steps[@]}" "$total" "$line"
    else
      printf 'test.sh: PASS - %d steps ok, %d skipped, in %s (%s)\n' \
        "$((${#steps[@]} - skipped))" "$skipped" "$total" "$line"
    fi
    exit 0
  fi
  printf 'test.sh: FAIL - %d of the %d steps run failed (%d steps in all) in %s (%s)\n' \
    "$failed" "${#steps[@]}" "$nsteps" "$total" "$line"
  exit 1
}

step_setup() {
  ensure_ptxas
  echo "  ptxas: $PTXAS ($("$PTXAS" --version | sed -n 's/^Cuda compilation tools, //p'))"
  ensure_nvdisasm
  echo "  nvdisasm: $NVDISASM ($("$NVDISASM" --version | sed -n 's/^Cuda compilation tools, //p'))"
  ensure_cuda_headers
  echo "  <nv/target>: $(dirname "$PTXAS")/../include/nv/target"
  ensure_tileiras
  echo "  tileiras: $TILEIRAS ($("$TILEIRAS" --version | sed -n 's/^Cuda compilation tools, //p'))"
  echo "  tileirdisasm: $TILEIRDISASM"
  ensure_spirv_tools
  echo "  spirv-val: $(command -v spirv-val) ($(spirv-val --version | head -n1))"
  ensure_opencl_cpu
  echo "  OpenCL CPU runtime: $(cat "$SPECLINT_OPENCL_ICD")"
  ensure_nvim
  echo "  nvim:  $(command -v nvim) ($(nvim --version | head -n1))"
  ensure_rustfmt
  ensure_clippy
  echo "  cargo: $(cargo --version)"
  ensure_mpmath
  echo "  mpmath: $(python3 -c 'import mpmath; print(mpmath.__version__)')"
  # The fuzz step and the occupancy oracle (cuda_occupancy.h) need it: without one, the fuzz
  # step says so and is skipped, and the oracle fails under CI.
  ensure_cxx || echo "  no C++ compiler: the fuzz step will be skipped"
}

# Warnings fail the build. Cargo replays a crate's cached warnings on a no-op build, so this
# catches them without a RUSTFLAGS=-Dwarnings that would rebuild everything apart from the
# developer's own builds.
step_build() {
  local log="$logdir/cargo-build.log"
  cargo build --workspace --all-targets 2>&1 | tee "$log"
  if grep -q '^warning' "$log"; then
    echo "the build has warnings (listed above); CI denies them" >&2
    return 1
  fi
}

step_cargo_test() {
  local log="$logdir/cargo-test.log"
  local rc=0
  cargo test --workspace --no-fail-fast 2>&1 | tee "$log" || rc=$?
  awk '
    /^test result: / {
      bins++
      for (i = 1; i <= NF; i++) {
        if ($(i + 1) ~ /^passed/) p += $i
        if ($(i + 1) ~ /^failed/) f += $i
        if ($(i + 1) ~ /^ignored/) g += $i
      }
    }
    END { printf "cargo test: %d passed, %d failed, %d ignored (%d test binaries/doc-test runs)\n", p, f, g, bins }
  ' "$log"
  # A suite that cannot find its tool or device prints `SKIPPED NAME` and passes; here that
  # fails the step (each marker, then what did not run).
  local marker why
  while IFS='|' read -r marker why; do
    if grep -q "SKIPPED $marker" "$log"; then
      echo "cargo test: $why"
      rc=1
    fi
  done <<'SKIPS'
ptxas_oracle|the ptxas oracle did not run (ptxas missing)
nvcc_oracle|the nvcc oracle for inline PTX did not run (nvcc or g++ missing)
cuda_mutants|the inline PTX mutant oracle did not run (nvcc missing)
spirv_binary|the SPIR-V binary round trip did not run (spirv-as or spirv-dis missing)
spirv_oracle|the SPIR-V oracle did not run (spirv-as, spirv-val or spirv-dis missing)
spirv_heldout|the held-out SPIR-V corpus did not run (spirv-as or spirv-val missing)
probe_reference|the probe reference check did not run (python3's mpmath missing)
probe |the OpenCL.std probes did not run (no OpenCL CPU runtime)
spirv_assemble|the SPIR-V assembler oracle did not run (spirv-as missing)
run_spirv|the SPIR-V run tests did not run (no OpenCL CPU runtime)
tileiras_oracle|the tileiras oracle did not run (tileiras, tileirdisasm or cuda-tile missing)
SKIPS
  return "$rc"
}

step_corpus() {
  # The binary `cargo test --workspace` built: `cargo test -p tree-sitter-ptx` would resolve
  # features differently and recompile half the dependency tree.
  local exes
  exes="$(cargo test --workspace --no-run --message-format=json 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "corpus" and m.get("executable"):
        print(m["executable"])
')"
  # One corpus binary per grammar (tree-sitter-ptx, tree-sitter-cuda-tile, tree-sitter-spirv).
  [[ "$(wc -l <<<"$exes")" -ge 3 ]] || { echo "expected a corpus test binary per grammar, found: $exes"; return 1; }
  local exe
  while read -r exe; do
    "$exe" --quiet --nocapture || return 1
  done <<<"$exes"
  if [[ "${TREE_SITTER_CLI:-0}" == 1 ]]; then
    (cd grammars/tree-sitter-ptx && tree-sitter test)
    (cd grammars/tree-sitter-cuda-tile && tree-sitter test)
    (cd grammars/tree-sitter-spirv && tree-sitter test)
  fi
}

step_nvim() {
  local target
  target="$(cargo_target_dir)"
  local rc=0
  tests/editors/nvim_lsp.sh "$target/debug/speclint" || rc=$?
  if [[ $rc -eq 77 ]]; then
    echo "nvim_lsp.sh skipped itself (nvim missing) - counted as a failure here"
    return 1
  fi
  return "$rc"
}

step_vscode() {
  # The extension's type check and unit tests (grammars tokenised with vscode-textmate, word
  # patterns), then the real workbench: code-server with the .vsix, driven by Chromium.
  (cd vscode-extension && { [[ -d node_modules ]] || npm ci --no-audit --no-fund --loglevel=error; } \
    && npm run --silent typecheck && npm test --silent)
  local rc=0
  tests/editors/vscode_e2e.sh "$(cargo_target_dir)/debug/speclint" || rc=$?
  if [[ $rc -eq 77 ]]; then
    echo "vscode_e2e.sh skipped itself (a tool could not be installed) - counted as a failure here"
    return 1
  fi
  return "$rc"
}

step_oracle_fixtures() {
  tests/oracle/ptx/check-ptxas.sh
}

step_fuzz() {
  local default=60
  [[ -z ${CI:-} ]] || default=15
  local seconds="${FUZZ_SECONDS:-$default}"
  if [[ $seconds == 0 ]]; then
    echo "fuzz: FUZZ_SECONDS=0, not run"
    return 77
  fi
  if ! ensure_cxx; then
    echo "fuzz: no C++ compiler (c++, g++ or clang++) to build libFuzzer with; not run"
    return 77
  fi
  # Its own target directory: the coverage flags would otherwise invalidate the normal build.
  FUZZ_TARGET_DIR="$(cargo_target_dir)/fuzz" scripts/fuzz.sh --time "$seconds"
}

step_fmt() {
  cargo fmt --all -- --check
  cargo fmt --manifest-path fuzz/Cargo.toml -- --check
}

step_clippy() {
  # The lints are the workspace's (`[workspace.lints]` in Cargo.toml); any warning fails.
  cargo clippy --workspace --all-targets -- -D warnings
}

run_step "setup" fatal step_setup
run_step "cargo build" fatal step_build
run_step "cargo test" keep-going step_cargo_test
run_step "grammar corpus" keep-going step_corpus
run_step "neovim lsp e2e" keep-going step_nvim
run_step "vs code extension" keep-going step_vscode
run_step "oracle fixtures vs ptxas" keep-going step_oracle_fixtures
run_step "fuzz" keep-going step_fuzz
run_step "cargo fmt --check" keep-going step_fmt
run_step "cargo clippy -D warnings" keep-going step_clippy
finish

#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/) with libFuzzer on stable Rust and runs each for a bounded time.
# Exits non-zero when a target crashes, panics, times out or leaks past its limits; the input that
# did it is left in fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh [TARGET...] [--time SECONDS] [--build-only] [-- LIBFUZZER_ARGS...]
#
# With no TARGET, every target runs, each first on the inputs that once crashed it
# (fuzz/regressions/<target>/). Corpora: fuzz/corpus/<target> (the committed seeds; new
# inputs found go to a scratch copy so the committed corpus stays small) and dictionaries
# fuzz/dict/<target>.dict where there is one.
#
# Environment:
#   FUZZ_SECONDS=60          time per target (--time overrides)
#   FUZZ_TARGET_DIR=DIR      where the instrumented build goes (default fuzz/target)
#   FUZZ_KEEP_CORPUS=1       add what the run finds to fuzz/corpus/<target> itself
#
# No nightly: coverage comes from LLVM's SanitizerCoverage pass through stable `-C` flags, and
# libfuzzer-sys compiles libFuzzer with the system C++ compiler (g++ or clang++).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz="$root/fuzz"
all_targets=(ptx_parse tile_ir_parse spirv_text_parse spirv_binary analysis lsp_edits)

seconds="${FUZZ_SECONDS:-60}"
build_only=0
targets=()
extra=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --time) seconds=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

host="$(rustc -vV | sed -n 's/^host: //p')"
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$fuzz/target}"
# The flags cargo-fuzz passes with `--sanitizer none`, all stable. `--target` keeps them off
# build scripts and proc macros, which run on the host uninstrumented.
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks ${RUSTFLAGS:-}"

build_start=$SECONDS
bins=()
for target in "${targets[@]}"; do bins+=(--bin "$target"); done
(cd "$fuzz" && cargo build --release --locked --target "$host" "${bins[@]}")
echo "fuzz.sh: built ${#targets[@]} target(s) in $((SECONDS - build_start)) s"
[[ $build_only == 0 ]] || exit 0

failed=()
for target in "${targets[@]}"; do
  exe="$CARGO_TARGET_DIR/$host/release/$target"
  seeds="$fuzz/corpus/$target"
  artifacts="$fuzz/artifacts/$target"
  mkdir -p "$seeds" "$artifacts"
  if [[ "${FUZZ_KEEP_CORPUS:-0}" == 1 ]]; then
    corpus="$seeds"
  else
    corpus="$(mktemp -d "${TMPDIR:-/tmp}/speclint-fuzz-$target.XXXXXX")"
  fi
  # An execution of the whole analysis costs about its input's length: short inputs reach
  # its corners sooner (1 KB: ~1,600 runs/s here, where 4 KB gives ~350).
  case $target in
    analysis | lsp_edits) max_len=1024 ;;
    *) max_len=8192 ;;
  esac
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len"
        -print_final_stats=1 -artifact_prefix="$artifacts/")
  [[ -f "$fuzz/dict/$target.dict" ]] && args+=(-dict="$fuzz/dict/$target.dict")
  echo "==> $target (${seconds}s)"
  # The inputs that once crashed it, each run once first.
  regressions=("$fuzz/regressions/$target"/*)
  if [[ -e ${regressions[0]} ]] && ! "$exe" "${regressions[@]}" >/dev/null 2>&1; then
    "$exe" "${regressions[@]}" 2>&1 | tail -n 40
    echo "<== $target: FAILED on an input in fuzz/regressions/$target/"
    failed+=("$target")
    continue
  fi
  log="$(mktemp)"
  stamp="$(mktemp)" # older than any input this run leaves in $artifacts
  rc=0
  # New inputs go to $corpus (first directory); the seeds are read from the second.
  "$exe" "${args[@]}" "${extra[@]}" "$corpus" "$seeds" >"$log" 2>&1 || rc=$?
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
  speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)"
  if [[ $rc -ne 0 ]]; then
    tail -n 60 "$log"
    echo "<== $target: FAILED (exit $rc) after ${runs:-?} executions; the input is in ${artifacts#"$root"/}/"
    # CI keeps no files: print the input too, to be reproduced with
    # `base64 -d >crash <<<'...'; scripts/fuzz.sh $target --build-only; <exe> crash`.
    find "$artifacts" -type f -size -65k -newer "$stamp" -print0 | while IFS= read -r -d '' input; do
      echo "    $(basename "$input") (base64): $(base64 -w0 "$input")"
    done
    failed+=("$target")
  else
    echo "<== $target: ok, ${runs:-?} executions (${speed:-?}/s)"
  fi
  rm -f "$log" "$stamp"
  [[ "${FUZZ_KEEP_CORPUS:-0}" == 1 ]] || rm -rf "$corpus"
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: FAIL - ${failed[*]}"
  exit 1
fi
echo "fuzz.sh: ok - ${targets[*]}"

#!/usr/bin/env bash
# speclint vs ptxas on bench/ptx/large.ptx (3.8 MB of nvcc output), or speclint alone on a
# generated 50,000-line Tile IR module.
#
#   scripts/bench.sh [FILE.ptx]        BENCH_RUNS=7 (runs per tool), BENCH_ARCH=compute_90
#   scripts/bench.sh tile-ir           the module from bench/tile-ir/generate.py
#   scripts/bench.sh lsp               the language server's keystroke latency: 50 edits in the
#                                      middle of bench/ptx/large.ptx, of the Tile IR module and
#                                      of the 3000-kernel SPIR-V module
#                                      (scripts/lsp_latency.py; BENCH_EDITS=50)
#   scripts/bench.sh spirv             speclint vs spirv-val on bench/spirv/generate.py's module
#                                      of 3000 kernels, then 6000 (BENCH_KERNELS="3000 6000")
#   scripts/bench.sh cuda              speclint on a CUDA C++ header tree from bench/cuda/generate.py
#                                      (500 headers with 5,000 asm statements, 3,000 without asm),
#                                      against the 1 s target; nvcc on one header, for scale
#
# Builds speclint in release, checks that speclint reports nothing on the (valid) file and does
# report an error planted near its end (so it really reads the whole file), then runs
# `speclint check FILE` and `ptxas -arch=ARCH FILE -o /dev/null` alternately, one untimed warm-up
# each, and prints the median/min/max wall time, the peak RSS and the ratios. Tile IR has no
# text-form reference tool (tileiras reads bytecode only): its figures are compared with the
# 100 ms target instead.
# Exits non-zero only when something fails (a tool errors, speclint reports findings on the valid
# file or misses the planted error), never because of the figures themselves.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# shellcheck source=scripts/lib.sh
source "$root/scripts/lib.sh"

file="${1:-bench/ptx/large.ptx}"
runs="${BENCH_RUNS:-7}"
arch="${BENCH_ARCH:-compute_90}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { log "bench.sh: BENCH_RUNS must be a positive integer"; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/speclint-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
tile_ir=0
spirv=0
if [[ "$file" == lsp ]]; then
  python3 bench/tile-ir/generate.py >"$tmp/large.mlir"
  python3 bench/spirv/generate.py 3000 >"$tmp/k3000.spvasm"
  log "building speclint (release)"
  quietly cargo build --release -p speclint --bin speclint
  python3 scripts/lsp_latency.py --edits "${BENCH_EDITS:-50}" "$(cargo_target_dir)/release/speclint" \
    bench/ptx/large.ptx "$tmp/large.mlir" "$tmp/k3000.spvasm"
  echo "machine:  $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
  exit 0
fi
if [[ "$file" == spirv ]]; then
  spirv=1
  file="$tmp/k3000.spvasm"
  python3 bench/spirv/generate.py 3000 >"$file"
fi
if [[ "$file" == tile-ir ]]; then
  tile_ir=1
  file="$tmp/large.mlir"
  python3 bench/tile-ir/generate.py >"$file"
fi
cuda=0
[[ "$file" != cuda ]] || cuda=1
[[ $cuda == 1 || -f "$file" ]] || { log "bench.sh: $file not found"; exit 1; }

if [[ $spirv == 1 ]]; then
  ensure_spirv_tools || { log "bench.sh: no spirv-tools"; exit 1; }
elif [[ $tile_ir == 0 && $cuda == 0 ]]; then
  ensure_ptxas || { log "bench.sh: no ptxas"; exit 1; }
fi
ensure_time || { log "bench.sh: no /usr/bin/time"; exit 1; }

log "building speclint (release)"
quietly cargo build --release -p speclint --bin speclint
speclint="$(cargo_target_dir)/release/speclint"

# --- measuring -------------------------------------------------------------------------------------
# measure NAME CMD...: appends "seconds peak_rss_kib" to $tmp/NAME; fails when CMD does.
measure() {
  local name=$1 t0 t1 rc=0
  shift
  # $EPOCHREALTIME is read by bash itself: `$(date …)` would fork inside the timed interval.
  t0=${EPOCHREALTIME/[.,]/}
  /usr/bin/time -f '%M' -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/stderr" || rc=$?
  t1=${EPOCHREALTIME/[.,]/}
  if [[ $rc -ne 0 ]]; then
    log "bench.sh: $* failed ($rc):"
    cat "$tmp/stderr" >&2
    exit 1
  fi
  echo "$((t1 - t0)) $(tail -n1 "$tmp/rss")" >>"$tmp/$name"
}

# stats NAME -> "median_us min_us max_us max_rss_kib"
stats() {
  sort -n "$tmp/$1" | awk '
    { t[NR] = $1; if ($2 > rss) rss = $2 }
    END {
      med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
      printf "%d %d %d %d\n", med, t[1], t[NR], rss
    }'
}

# The Tile IR run: speclint alone, against the target.
tile_ir_timing() {
  log "warm-up"
  measure warmup "$speclint" check "$file"
  log "timing $runs runs"
  for ((i = 1; i <= runs; i++)); do
    measure speclint "$speclint" check "$file"
  done
  read -r s_med s_min s_max s_rss <<<"$(stats speclint)"
  echo
  echo "file:     $file ($(wc -l <"$file" | tr -d ' ') lines, from bench/tile-ir/generate.py); speclint: no findings, $planted"
  echo "machine:  $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
  echo "runs:     $runs after one warm-up; wall time, peak RSS (max over runs)"
  echo
  awk -v sm="$s_med" -v sn="$s_min" -v sx="$s_max" -v sr="$s_rss" 'BEGIN {
    printf "| %-14s | %10s | %8s | %8s | %14s |\n", "tool", "median (s)", "min (s)", "max (s)", "peak RSS (MiB)"
    printf "|%s|%s|%s|%s|%s|\n", "----------------", "------------", "----------", "----------", "----------------"
    printf "| %-14s | %10.3f | %8.3f | %8.3f | %14.1f |\n", "speclint check", sm / 1e6, sn / 1e6, sx / 1e6, sr / 1024
    printf "\nmedian %.0f ms against the 100 ms target: %s\n", sm / 1e3, (sm <= 100000 ? "met" : "NOT met")
  }'
}

# The SPIR-V run: for each kernel count, the module is assembled with spirv-as; spirv-val
# (--target-env opencl2.2) must accept it, speclint must check it clean and must report an error
# planted in its last kernel; then both are timed alternately on the same module (speclint on
# the assembly text, spirv-val on the assembled binary it needs).
spirv_bench() {
  local kernels="${BENCH_KERNELS:-3000 6000}" n src bin planted_src last rows="" first_med=""
  local spirv_val_ver
  spirv_val_ver="$(spirv-val --version 2>&1 | head -n1)"
  for n in $kernels; do
    src="$tmp/k$n.spvasm"
    bin="$tmp/k$n.spv"
    python3 bench/spirv/generate.py "$n" >"$src"
    spirv-as --target-env spv1.0 "$src" -o "$bin"
    spirv-val --target-env opencl2.2 "$bin" || { log "bench.sh: spirv-val rejects the $n-kernel module"; exit 1; }
    local rc=0 count
    "$speclint" check --format json --opencl-version 2.2 "$src" >"$tmp/findings.json" 2>"$tmp/err" || rc=$?
    count="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$tmp/findings.json" 2>/dev/null || echo "?")"
    if [[ $rc -ne 0 || "$count" != 0 ]]; then
      log "bench.sh: speclint reports $count finding(s) (exit $rc) on the valid $n-kernel module:"
      head -c 2000 "$tmp/findings.json" >&2
      exit 1
    fi
    last="$(grep -n 'OpReturn$' "$src" | tail -n1 | cut -d: -f1)"
    planted_src="$tmp/planted$n.spvasm"
    sed "${last}s/OpReturn/OpReturnn/" "$src" >"$planted_src"
    "$speclint" check --format json --opencl-version 2.2 "$planted_src" >"$tmp/planted.json" 2>&1 || true
    python3 - "$tmp/planted.json" "$last" <<'PY' || { log "bench.sh: speclint missed the error planted on line $last"; exit 1; }
import json, sys
diags = json.load(open(sys.argv[1]))
sys.exit(0 if any(d.get("line") == int(sys.argv[2]) for d in diags) else 1)
PY
    log "$n kernels: warm-up"
    measure "warm$n" "$speclint" check --opencl-version 2.2 "$src"
    measure "warm$n" spirv-val --target-env opencl2.2 "$bin"
    log "$n kernels: timing $runs runs each, alternating"
    for ((i = 1; i <= runs; i++)); do
      measure "speclint$n" "$speclint" check --opencl-version 2.2 "$src"
      measure "spirvval$n" spirv-val --target-env opencl2.2 "$bin"
    done
    local s_med s_min s_max s_rss v_med v_min v_max v_rss size
    read -r s_med s_min s_max s_rss <<<"$(stats "speclint$n")"
    read -r v_med v_min v_max v_rss <<<"$(stats "spirvval$n")"
    size="$(awk -v b="$(wc -c <"$src")" 'BEGIN { printf "%.1f", b / 1e6 }')"
    rows+="$n $size $s_med $s_min $s_max $s_rss $v_med $v_min $v_max $v_rss"$'\n'
    [[ -n "$first_med" ]] || first_med="$s_med $v_med $n"
  done
  echo
  echo "module:   bench/spirv/generate.py N (N kernels, each with its own GlobalInvocationId, loads, arithmetic, sqrt, a branch and a phi); speclint: no findings, a planted error is reported"
  echo "machine:  $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
  echo "spirv-val: $spirv_val_ver, --target-env opencl2.2 on the spirv-as binary; speclint: check --opencl-version 2.2 on the assembly"
  echo "runs:     $runs each, alternating, after one warm-up each; wall time, peak RSS (max over runs)"
  echo
  printf '%s' "$rows" | awk -v first="$first_med" 'BEGIN {
    split(first, f, " ")
    printf "| %7s | %7s | %-14s | %10s | %8s | %8s | %14s |\n", "kernels", "MB", "tool", "median (s)", "min (s)", "max (s)", "peak RSS (MiB)"
    printf "|---------|---------|----------------|------------|----------|----------|----------------|\n"
  }
  NF == 10 {
    printf "| %7d | %7.1f | %-14s | %10.3f | %8.3f | %8.3f | %14.1f |\n", $1, $2, "speclint check", $3 / 1e6, $4 / 1e6, $5 / 1e6, $6 / 1024
    printf "| %7d | %7.1f | %-14s | %10.3f | %8.3f | %8.3f | %14.1f |\n", $1, $2, "spirv-val", $7 / 1e6, $8 / 1e6, $9 / 1e6, $10 / 1024
    ratio[NR] = sprintf("%d kernels: speclint is %.1fx faster than spirv-val (median %.3f s vs %.3f s)", $1, $7 / $3, $3 / 1e6, $7 / 1e6)
    if (NR > 1) growth[NR] = sprintf("%d -> %d kernels: speclint takes %.2fx the time (spirv-val %.2fx)", f[3], $1, $3 / f[1], $7 / f[2])
  }
  END {
    print ""
    for (i = 1; i <= NR; i++) print ratio[i]
    for (i = 2; i <= NR; i++) print growth[i]
  }'
}

if [[ $spirv == 1 ]]; then
  spirv_bench
  exit 0
fi

# Valid input gets no finding, else the run stops with what speclint said.
expect_no_findings() {
  local rc=0 n
  "$speclint" check --format json "$1" >"$tmp/findings.json" 2>"$tmp/err" || rc=$?
  n="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$tmp/findings.json" 2>/dev/null || echo "?")"
  if [[ $rc -ne 0 || "$n" != 0 ]]; then
    log "bench.sh: speclint check $1 exited $rc with $n finding(s) on valid input:"
    head -c 2000 "$tmp/findings.json" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
}

# The CUDA C++ run: `speclint check DIR` over the generated tree (a walk: sniffing every header,
# parsing those with PTX asm, checking each statement), against the 1 s target. It must report
# nothing on the tree and, after an error is planted in the last statement of the last asm
# header, that error. nvcc compiling the tree's kernels.cu (one header's statements, called from
# a kernel, to a cubin) gives the scale of what a build spends on the same code.
cuda_bench() {
  local dir="$tmp/tree" last_file last_line nvcc_bin=""
  python3 bench/cuda/generate.py "$dir"
  local headers statements
  headers="$(find "$dir" -name '*.hpp' | wc -l | tr -d ' ')"
  statements="$(grep -rhoE '\basm(\(| volatile\()' "$dir" --include='asm_*.hpp' | wc -l | tr -d ' ')"
  expect_no_findings "$dir"
  if ensure_ptxas; then
    nvcc_bin="$(dirname "$PTXAS")/nvcc"
    [[ -x "$nvcc_bin" ]] && command -v c++ >/dev/null 2>&1 || nvcc_bin=""
  fi
  log "warm-up"
  measure warmup "$speclint" check "$dir"
  [[ -z "$nvcc_bin" ]] || measure warmup "$nvcc_bin" -I "$dir" -arch=sm_90 -cubin -o "$tmp/k.cubin" "$dir/kernels.cu"
  log "timing $runs runs each, alternating"
  for ((i = 1; i <= runs; i++)); do
    measure speclint "$speclint" check "$dir"
    [[ -z "$nvcc_bin" ]] || measure nvcc "$nvcc_bin" -I "$dir" -arch=sm_90 -cubin -o "$tmp/k.cubin" "$dir/kernels.cu"
  done
  # The planted error: `add.u32` misspelt in the last asm header's last use of it.
  last_file="$(find "$dir" -name 'asm_*.hpp' | sort -t_ -k2 | tail -n1)"
  last_line="$(grep -n '"add.u32' "$last_file" | tail -n1 | cut -d: -f1)"
  sed -i "${last_line}s/\"add.u32/\"addd.u32/" "$last_file"
  "$speclint" check --format json "$dir" >"$tmp/planted.json" 2>&1 || true
  python3 - "$tmp/planted.json" "$last_file" "$last_line" <<'PY' || { log "bench.sh: speclint missed the error planted on $last_file:$last_line"; exit 1; }
import json, os, sys
diags = json.load(open(sys.argv[1]))
want = (os.path.basename(sys.argv[2]), int(sys.argv[3]))
sys.exit(0 if any((os.path.basename(d.get("path", "")), d.get("line")) == want and d.get("severity") == "error" for d in diags) else 1)
PY
  local s_med s_min s_max s_rss n_med=0 n_min=0 n_max=0 n_rss=0 size
  read -r s_med s_min s_max s_rss <<<"$(stats speclint)"
  [[ -z "$nvcc_bin" ]] || read -r n_med n_min n_max n_rss <<<"$(stats nvcc)"
  size="$(du -sm "$dir" | cut -f1)"
  echo
  echo "tree:     bench/cuda/generate.py: $headers headers ($size MB), $statements asm statements in 500 of them; speclint: no findings, an error planted in the last statement is reported"
  echo "machine:  $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"
  [[ -z "$nvcc_bin" ]] || echo "nvcc:     $("$nvcc_bin" --version | sed -n 's/^Cuda compilation tools, //p'), -arch=sm_90 -cubin kernels.cu (one header: its statements called from a kernel)"
  echo "runs:     $runs each, alternating, after one warm-up each; wall time, peak RSS (max over runs)"
  echo
  awk -v sm="$s_med" -v sn="$s_min" -v sx="$s_max" -v sr="$s_rss" \
      -v nm="$n_med" -v nn="$n_min" -v nx="$n_max" -v nr="$n_rss" -v st="$statements" 'BEGIN {
    printf "| %-22s | %10s | %8s | %8s | %14s |\n", "tool", "median (s)", "min (s)", "max (s)", "peak RSS (MiB)"
    printf "|%s|%s|%s|%s|%s|\n", "------------------------", "------------", "----------", "----------", "----------------"
    printf "| %-22s | %10.3f | %8.3f | %8.3f | %14.1f |\n", "speclint check DIR", sm / 1e6, sn / 1e6, sx / 1e6, sr / 1024
    if (nm > 0) printf "| %-22s | %10.3f | %8.3f | %8.3f | %14.1f |\n", "nvcc kernels.cu", nm / 1e6, nn / 1e6, nx / 1e6, nr / 1024
    printf "\nmedian %.0f ms for %d statements against the 1 s target: %s\n", sm / 1e3, st, (sm <= 1000000 ? "met" : "NOT met")
    if (nm > 0) printf "the whole tree takes speclint %.2fx the time nvcc takes for one header of it (median %.3f s vs %.3f s)\n", sm / nm, sm / 1e6, nm / 1e6
  }'
}

if [[ $cuda == 1 ]]; then
  cuda_bench
  exit 0
fi

# --- sanity: no findings on the valid file, and the planted error near the end is found ---------
expect_no_findings "$file"
if [[ $tile_ir == 1 ]]; then
  last_ret="$(grep -n '^    return$' "$file" | tail -n1 | cut -d: -f1)"
  planted_file="$tmp/planted.mlir"
  [[ -z "$last_ret" ]] || sed "${last_ret}s/return/returnn/" "$file" >"$planted_file"
else
  last_ret="$(grep -n $'^\tret;$' "$file" | tail -n1 | cut -d: -f1)"
  planted_file="$tmp/planted.ptx"
  [[ -z "$last_ret" ]] || sed "${last_ret}s/ret;/rett;/" "$file" >"$planted_file"
fi
if [[ -n "$last_ret" ]]; then
  "$speclint" check --format json "$planted_file" >"$tmp/planted.json" 2>&1 || true
  if ! python3 - "$tmp/planted.json" "$last_ret" <<'EOF'
import json, sys
diags = json.load(open(sys.argv[1]))
line = int(sys.argv[2])
sys.exit(0 if any(d.get("line") == line and d.get("severity") == "error" for d in diags) else 1)
EOF
  then
    log "bench.sh: speclint missed the unknown instruction planted on line $last_ret of a copy of $file:"
    head -c 2000 "$tmp/planted.json" >&2
    exit 1
  fi
  planted="an error planted on line $last_ret is reported"
else
  planted="(no return line to plant an error on)"
fi
if [[ $tile_ir == 1 ]]; then
  tile_ir_timing
  exit 0
fi
ptxas_out="$("$PTXAS" -arch="$arch" "$file" -o /dev/null 2>&1)" || {
  log "bench.sh: ptxas rejects $file:"
  printf '%s\n' "$ptxas_out" >&2
  exit 1
}

speclint_cmd=("$speclint" check "$file")
ptxas_cmd=("$PTXAS" "-arch=$arch" "$file" -o /dev/null)

log "warm-up"
measure warmup "${speclint_cmd[@]}"
measure warmup "${ptxas_cmd[@]}"
log "timing $runs runs each, alternating"
for ((i = 1; i <= runs; i++)); do
  measure speclint "${speclint_cmd[@]}"
  measure ptxas "${ptxas_cmd[@]}"
done

read -r s_med s_min s_max s_rss <<<"$(stats speclint)"
read -r p_med p_min p_max p_rss <<<"$(stats ptxas)"

size_mb="$(awk -v b="$(wc -c <"$file")" 'BEGIN { printf "%.1f", b / 1e6 }')"
lines="$(wc -l <"$file" | tr -d ' ')"
ptxas_ver="$("$PTXAS" --version | sed -n 's/^Cuda compilation tools, //p')"
cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)"

echo
echo "file:     $file ($size_mb MB, $lines lines); speclint: no findings, $planted"
echo "machine:  $(nproc) CPUs, ${cpu:-unknown CPU}"
echo "ptxas:    $ptxas_ver, -arch=$arch (parse and check only, no SASS)"
echo "runs:     $runs each, alternating, after one warm-up each; wall time, peak RSS (max over runs)"
echo
awk -v sm="$s_med" -v sn="$s_min" -v sx="$s_max" -v sr="$s_rss" \
    -v pm="$p_med" -v pn="$p_min" -v px="$p_max" -v pr="$p_rss" 'BEGIN {
  printf "| %-14s | %10s | %8s | %8s | %14s |\n", "tool", "median (s)", "min (s)", "max (s)", "peak RSS (MiB)"
  printf "|%s|%s|%s|%s|%s|\n", "----------------", "------------", "----------", "----------", "----------------"
  printf "| %-14s | %10.3f | %8.3f | %8.3f | %14.1f |\n", "speclint check", sm / 1e6, sn / 1e6, sx / 1e6, sr / 1024
  printf "| %-14s | %10.3f | %8.3f | %8.3f | %14.1f |\n", "ptxas", pm / 1e6, pn / 1e6, px / 1e6, pr / 1024
  printf "\nspeclint is %.1fx faster than ptxas (median %.3f s vs %.3f s)\n", pm / sm, sm / 1e6, pm / 1e6
  if (sr <= pr) printf "speclint uses %.1fx less memory than ptxas (peak RSS %.1f MiB vs %.1f MiB)\n", pr / sr, sr / 1024, pr / 1024
  else          printf "speclint uses %.1fx more memory than ptxas (peak RSS %.1f MiB vs %.1f MiB)\n", sr / pr, sr / 1024, pr / 1024
}'

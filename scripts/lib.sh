# Shared helpers for scripts/test.sh and scripts/bench.sh (sourced, not executed).
#
# Installs are idempotent and quiet: each `ensure_*` returns at once when the tool is already
# there. Set SPECLINT_NO_INSTALL=1 to never install anything (missing tools then fail the step).
#
#   ensure_ptxas   ptxas from the `nvidia-cuda-nvcc` wheel (pip); exports PTXAS
#   ensure_tileiras tileiras and tileirdisasm from the `nvidia-cuda-tileiras` wheel, and cuTile
#                  Python (`cuda-tile`: the Tile IR oracle's bytecode encoder) (pip); exports
#                  TILEIRAS and TILEIRDISASM
#   ensure_spirv_tools spirv-as, spirv-val, spirv-dis from Debian `spirv-tools` (apt-get)
#   ensure_nvim    Debian `neovim` (apt-get)
#   ensure_time    Debian `time` (/usr/bin/time)
#   ensure_rustfmt rustfmt via rustup
#   ensure_cxx     a C++ compiler for libFuzzer (the fuzz targets): Debian `g++` (apt-get)

# shellcheck shell=bash

# The wheel the oracle fixtures and bench/ptx/large.ptx (`.version 9.5`) were checked with.
SPECLINT_NVCC_WHEEL="${SPECLINT_NVCC_WHEEL:-nvidia-cuda-nvcc==13.5.37}"
# The wheels the Tile IR oracle (tests/oracle/tile-ir/cases.txt) was checked with. The tileiras
# wheel's own dependencies (nvcc, nvvm, nvJitLink) are unpinned: pin them to the same release.
SPECLINT_TILEIRAS_WHEELS="${SPECLINT_TILEIRAS_WHEELS:-cuda-tile==1.7.0 nvidia-cuda-tileiras==13.5.37 $SPECLINT_NVCC_WHEEL nvidia-nvvm==13.5.37 nvidia-nvjitlink==13.5.37}"

_lib_apt_updated=0

log() { printf '%s\n' "$*" >&2; }

no_install() {
  if [[ "${SPECLINT_NO_INSTALL:-0}" == 1 ]]; then
    log "  $1 is missing and SPECLINT_NO_INSTALL=1: not installing it"
    return 0
  fi
  return 1
}

# Runs a command as root (directly, or through sudo -n when not root).
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@"
  else
    log "  need root (or sudo) to run: $*"
    return 1
  fi
}

# Runs a command with its output captured; prints the output only when it fails.
quietly() {
  local out rc=0
  out="$(mktemp)"
  "$@" >"$out" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]]; then
    log "  failed ($rc): $*"
    sed 's/^/    /' "$out" >&2
  fi
  rm -f "$out"
  return "$rc"
}

apt_install() {
  command -v apt-get >/dev/null 2>&1 || { log "  apt-get not available; install $* by hand"; return 1; }
  if [[ $_lib_apt_updated -eq 0 ]]; then
    log "  apt-get update"
    quietly as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    _lib_apt_updated=1
  fi
  log "  apt-get install $*"
  quietly as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "$@" </dev/null
}

# Prints the path of ptxas: $PTXAS, else nvidia/cu13/bin/ptxas in any `nvidia` package path,
# else ptxas on PATH. Returns 1 when there is none.
find_ptxas() {
  if [[ -n "${PTXAS:-}" ]]; then
    [[ -x "$PTXAS" ]] || { log "  PTXAS=$PTXAS is not an executable file"; return 1; }
    printf '%s\n' "$PTXAS"
    return 0
  fi
  local p
  p="$(python3 - 2>/dev/null <<'EOF' || true
import os
try:
    import nvidia
except ImportError:
    raise SystemExit(0)
for d in nvidia.__path__:
    p = os.path.join(d, "cu13", "bin", "ptxas")
    if os.access(p, os.X_OK):
        print(p)
        break
EOF
)"
  [[ -n "$p" ]] || p="$(command -v ptxas 2>/dev/null || true)"
  [[ -n "$p" ]] || return 1
  printf '%s\n' "$p"
}

# pip_install WHEEL...: quietly, into python3 (the interpreter the tests use); prints pip's
# output only when it fails.
pip_install() {
  command -v python3 >/dev/null 2>&1 || { log "  python3 not found (needed to pip install $*)"; return 1; }
  log "  pip install $*"
  local pip=(python3 -m pip install -q --no-input --disable-pip-version-check "$@")
  local out rc=0
  out="$(mktemp)"
  PIP_ROOT_USER_ACTION=ignore "${pip[@]}" >"$out" 2>&1 || rc=$?
  if [[ $rc -ne 0 ]] && grep -q externally-managed-environment "$out"; then
    # Debian's own python3 (PEP 668): this is a throwaway test machine, so install anyway.
    rc=0
    PIP_ROOT_USER_ACTION=ignore "${pip[@]}" --break-system-packages >"$out" 2>&1 || rc=$?
  fi
  if [[ $rc -ne 0 ]]; then
    log "  pip install failed ($rc):"
    sed 's/^/    /' "$out" >&2
    rm -f "$out"
    return 1
  fi
  rm -f "$out"
}

ensure_ptxas() {
  local p
  if p="$(find_ptxas)"; then
    export PTXAS="$p"
    return 0
  fi
  [[ -z "${PTXAS:-}" ]] || return 1 # an explicit PTXAS that does not exist: do not paper over it
  no_install ptxas && return 1
  pip_install "$SPECLINT_NVCC_WHEEL" || return 1
  p="$(find_ptxas)" || { log "  ptxas still not found after installing $SPECLINT_NVCC_WHEEL"; return 1; }
  export PTXAS="$p"
}

# Prints the bin directory holding tileiras and tileirdisasm of python3's nvidia-cuda-tileiras
# wheel, when python3 can also import cuTile Python's bytecode encoder (cuda.tile._bytecode,
# which tests/oracle/tile-ir/encode.py needs). Returns 1 otherwise.
find_tileiras_bin() {
  local d
  d="$(python3 - 2>/dev/null <<'EOF' || true
import os
try:
    import cuda.tile._bytecode
    import nvidia.cu13
except ImportError:
    raise SystemExit(0)
for d in nvidia.cu13.__path__:
    b = os.path.join(d, "bin")
    if all(os.access(os.path.join(b, t), os.X_OK) for t in ("tileiras", "tileirdisasm")):
        print(b)
        break
EOF
)"
  [[ -n "$d" ]] || return 1
  printf '%s\n' "$d"
}

# tileiras, tileirdisasm and cuda-tile for tests/tileiras_oracle.rs. An explicit TILEIRAS or
# TILEIRDISASM is kept (it must be an executable file); the wheels are installed when python3
# lacks either of them or cuda.tile.
ensure_tileiras() {
  local var
  for var in TILEIRAS TILEIRDISASM; do
    if [[ -n "${!var:-}" && ! -x "${!var}" ]]; then
      log "  $var=${!var} is not an executable file"
      return 1
    fi
  done
  local bin
  if ! bin="$(find_tileiras_bin)"; then
    no_install tileiras && return 1
    # shellcheck disable=SC2086 # a list of wheels, split on blanks
    pip_install $SPECLINT_TILEIRAS_WHEELS || return 1
    bin="$(find_tileiras_bin)" || {
      log "  tileiras, tileirdisasm or cuda.tile still missing after installing $SPECLINT_TILEIRAS_WHEELS"
      return 1
    }
  fi
  export TILEIRAS="${TILEIRAS:-$bin/tileiras}"
  export TILEIRDISASM="${TILEIRDISASM:-$bin/tileirdisasm}"
}

# spirv-as, spirv-val and spirv-dis for tests/spirv_oracle.rs (the cases were checked with
# SPIRV-Tools v2023.1, Debian bookworm's spirv-tools).
ensure_spirv_tools() {
  command -v spirv-as >/dev/null 2>&1 && command -v spirv-val >/dev/null 2>&1 &&
    command -v spirv-dis >/dev/null 2>&1 && return 0
  no_install spirv-tools && return 1
  apt_install spirv-tools && command -v spirv-val >/dev/null 2>&1
}

ensure_nvim() {
  command -v nvim >/dev/null 2>&1 && return 0
  no_install nvim && return 1
  apt_install neovim && command -v nvim >/dev/null 2>&1
}

ensure_time() {
  [[ -x /usr/bin/time ]] && return 0
  no_install /usr/bin/time && return 1
  apt_install time && [[ -x /usr/bin/time ]]
}

ensure_rustfmt() {
  cargo fmt --version >/dev/null 2>&1 && return 0
  no_install rustfmt && return 1
  command -v rustup >/dev/null 2>&1 || { log "  rustfmt missing and no rustup to add it"; return 1; }
  quietly rustup component add rustfmt
}

ensure_cxx() {
  local cxx
  for cxx in "${CXX:-}" c++ g++ clang++; do
    [[ -n $cxx ]] && command -v "$cxx" >/dev/null 2>&1 && return 0
  done
  no_install g++ && return 1
  apt_install g++ && command -v g++ >/dev/null 2>&1
}

# The cargo target directory (honours CARGO_TARGET_DIR and .cargo/config build.target-dir).
cargo_target_dir() {
  cargo metadata --format-version 1 --no-deps 2>/dev/null |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'
}

# Seconds as "1m05s" / "42s".
fmt_secs() {
  local s=$1
  if ((s >= 60)); then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

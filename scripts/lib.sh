# Shared helpers for scripts/test.sh and scripts/bench.sh (sourced, not executed).
#
# Installs are idempotent and quiet: each `ensure_*` returns at once when the tool is already
# there. Set SPECLINT_NO_INSTALL=1 to never install anything (missing tools then fail the step).
#
#   ensure_ptxas   ptxas from the `nvidia-cuda-nvcc` wheel (pip); exports PTXAS
#   ensure_nvdisasm nvdisasm from the `nvidia-cuda-nvdisasm` wheel (pip); exports NVDISASM
#   ensure_cuda_headers nvcc's headers for CUDA C++ fixtures: `<nv/target>` from the
#                  `nvidia-cuda-cccl` wheel, the runtime and crt headers (pip; the runtime's
#                  `cuda_occupancy.h` is the occupancy oracle)
#   ensure_tileiras tileiras and tileirdisasm from the `nvidia-cuda-tileiras` wheel, and cuTile
#                  Python (`cuda-tile`: the Tile IR oracle's bytecode encoder) (pip); exports
#                  TILEIRAS and TILEIRDISASM
#   ensure_spirv_tools spirv-as, spirv-val, spirv-dis from Debian `spirv-tools` (apt-get)
#   ensure_nvim    Debian `neovim` (apt-get)
#   ensure_time    Debian `time` (/usr/bin/time)
#   ensure_rustfmt rustfmt via rustup
#   ensure_clippy  clippy via rustup
#   ensure_cxx     a C++ compiler for libFuzzer (the fuzz targets) and the occupancy oracle
#                  (crates/sass/tests/occupancy_oracle.rs): Debian `g++` (apt-get)
#   ensure_mpmath  python3's mpmath (pip): the exact values server/tests/probe_reference.rs checks
#                  `speclint probe`'s reference against
#   ensure_opencl_cpu Intel's CPU OpenCL runtime (`intel-opencl-rt` wheel, pip) behind the
#                  Debian ICD loader (`ocl-icd-libopencl1`, apt-get), registered in
#                  /etc/OpenCL/vendors (`speclint run` on SPIR-V, server/tests/run_spirv.rs)

# shellcheck shell=bash

# The wheel the oracle fixtures and bench/ptx/large.ptx (`.version 9.5`) were checked with.
SPECLINT_NVCC_WHEEL="${SPECLINT_NVCC_WHEEL:-nvidia-cuda-nvcc==13.5.37}"
# The disassembler `speclint sass` runs (server/tests/sass.rs), from the same release.
SPECLINT_NVDISASM_WHEEL="${SPECLINT_NVDISASM_WHEEL:-nvidia-cuda-nvdisasm==13.5.37}"
# No 13.5 build of the cccl wheel is on PyPI (2026-12-02): its newest, which nvcc 13.5 takes.
SPECLINT_CUDA_HEADER_WHEELS="${SPECLINT_CUDA_HEADER_WHEELS:-nvidia-cuda-cccl==13.3.5.0.6 nvidia-cuda-crt==13.5.37 nvidia-cuda-runtime==13.5.37}"
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
# Prints the path of a CUDA tool: $VARIABLE, else python3's nvidia wheels' cu13/bin, else PATH.
find_cuda_tool() {
  local name="$1" variable="$2" p
  if [[ -n "${!variable:-}" ]]; then
    [[ -x "${!variable}" ]] || { log "  $variable=${!variable} is not an executable file"; return 1; }
    printf '%s\n' "${!variable}"
    return 0
  fi
  p="$(python3 - "$name" 2>/dev/null <<'EOF' || true
import os, sys
try:
    import nvidia
except ImportError:
    raise SystemExit(0)
for d in nvidia.__path__:
    p = os.path.join(d, "cu13", "bin", sys.argv[1])
    if os.access(p, os.X_OK):
        print(p)
        break
EOF
)"
  [[ -n "$p" ]] || p="$(command -v "$name" 2>/dev/null || true)"
  [[ -n "$p" ]] || return 1
  printf '%s\n' "$p"
}

find_ptxas() { find_cuda_tool ptxas PTXAS; }

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

ensure_nvdisasm() {
  local p
  if p="$(find_cuda_tool nvdisasm NVDISASM)"; then
    export NVDISASM="$p"
    return 0
  fi
  [[ -z "${NVDISASM:-}" ]] || return 1 # an explicit NVDISASM that does not exist
  no_install nvdisasm && return 1
  pip_install "$SPECLINT_NVDISASM_WHEEL" || return 1
  p="$(find_cuda_tool nvdisasm NVDISASM)" || { log "  nvdisasm still not found after installing $SPECLINT_NVDISASM_WHEEL"; return 1; }
  export NVDISASM="$p"
}

# The headers nvcc needs for the CUDA C++ fixtures of server/tests/nvcc_oracle.rs (`#include
# <nv/target>`), in the include directory beside nvcc (the wheels install there).
ensure_cuda_headers() {
  ensure_ptxas || return 1
  local include
  include="$(dirname "$PTXAS")/../include"
  [[ -f "$include/nv/target" && -f "$include/cuda_runtime.h" ]] && return 0
  no_install "CUDA headers" && return 1
  # shellcheck disable=SC2086 # a list of wheels
  pip_install $SPECLINT_CUDA_HEADER_WHEELS || return 1
  [[ -f "$include/nv/target" ]] || { log "  <nv/target> still not in $include"; return 1; }
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

# tileiras, tileirdisasm and cuda-tile for server/tests/tileiras_oracle.rs. An explicit TILEIRAS or
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

# spirv-as, spirv-val and spirv-dis for server/tests/spirv_oracle.rs (the cases were checked with
# SPIRV-Tools v2023.1, Debian bookworm's spirv-tools).
ensure_spirv_tools() {
  command -v spirv-as >/dev/null 2>&1 && command -v spirv-val >/dev/null 2>&1 &&
    command -v spirv-dis >/dev/null 2>&1 && return 0
  no_install spirv-tools && return 1
  apt_install spirv-tools && command -v spirv-val >/dev/null 2>&1
}

# The wheels server/tests/run_spirv.rs was checked with: the runtime and the Intel compiler runtime
# libraries it links (libimf, libsvml, libintlc), which the wheel does not pull in itself.
SPECLINT_OPENCL_CPU_WHEELS="${SPECLINT_OPENCL_CPU_WHEELS:-intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0}"
SPECLINT_OPENCL_ICD=/etc/OpenCL/vendors/speclint-intel-cpu.icd

# Prints the path of the intel-opencl-rt wheel's libintelocl.so (where pip put it: the wheel
# installs it as data, under sys.prefix or /usr/local) when every library it needs resolves.
find_intel_ocl() {
  local lib
  lib="$(python3 - 2>/dev/null <<'EOF'
import importlib.metadata, os
try:
    dist = importlib.metadata.distribution("intel-opencl-rt")
except importlib.metadata.PackageNotFoundError:
    raise SystemExit(0)
for f in dist.files or []:
    if f.name == "libintelocl.so":
        print(os.path.realpath(dist.locate_file(f)))
        break
EOF
)"
  [[ -n "$lib" && -f "$lib" ]] || return 1
  ! ldd "$lib" 2>/dev/null | grep -q "not found" || return 1
  printf '%s\n' "$lib"
}

# Intel's CPU OpenCL runtime, loaded through the Debian ICD loader (libOpenCL.so.1), which
# reads /etc/OpenCL/vendors/*.icd (or the directory OCL_ICD_VENDORS names).
ensure_opencl_cpu() {
  local lib
  if ! ldconfig -p 2>/dev/null | grep -q 'libOpenCL\.so\.1 '; then
    no_install ocl-icd-libopencl1 && return 1
    apt_install ocl-icd-libopencl1 || return 1
  fi
  if ! lib="$(find_intel_ocl)"; then
    no_install intel-opencl-rt && return 1
    # shellcheck disable=SC2086 # a list of wheels, split on blanks
    pip_install $SPECLINT_OPENCL_CPU_WHEELS || return 1
    lib="$(find_intel_ocl)" || { log "  libintelocl.so missing or unresolved after installing $SPECLINT_OPENCL_CPU_WHEELS"; return 1; }
  fi
  if [[ "$(cat "$SPECLINT_OPENCL_ICD" 2>/dev/null)" != "$lib" ]]; then
    as_root mkdir -p "$(dirname "$SPECLINT_OPENCL_ICD")" || return 1
    printf '%s\n' "$lib" | as_root tee "$SPECLINT_OPENCL_ICD" >/dev/null || return 1
  fi
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

ensure_clippy() {
  cargo clippy --version >/dev/null 2>&1 && return 0
  no_install clippy && return 1
  command -v rustup >/dev/null 2>&1 || { log "  clippy missing and no rustup to add it"; return 1; }
  quietly rustup component add clippy
}

ensure_cxx() {
  local cxx
  for cxx in "${CXX:-}" c++ g++ clang++; do
    [[ -n $cxx ]] && command -v "$cxx" >/dev/null 2>&1 && return 0
  done
  no_install g++ && return 1
  apt_install g++ && command -v g++ >/dev/null 2>&1
}

SPECLINT_MPMATH_WHEEL="${SPECLINT_MPMATH_WHEEL:-mpmath==1.3.0}"

ensure_mpmath() {
  python3 -c 'import mpmath' >/dev/null 2>&1 && return 0
  no_install mpmath && return 1
  pip_install "$SPECLINT_MPMATH_WHEEL" && python3 -c 'import mpmath' >/dev/null 2>&1
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

# --- The VS Code end-to-end test (tests/editors/vscode_e2e.sh) ---------------------------------
#   ensure_chromium       Debian `chromium` (apt-get); exports CHROMIUM
#   ensure_ripgrep        Debian `ripgrep` (apt-get): code-server's search, instead of the
#                         binary @vscode/ripgrep would download from GitHub
#   ensure_code_server    code-server from npm, its native modules built against this Node;
#                         exports CODE_SERVER (the entry script, run with node)
#   ensure_puppeteer_core puppeteer-core from npm; exports E2E_MODULES (its install prefix)
# npm packages go to $SPECLINT_CACHE (default ~/.cache/speclint), one folder per version.

SPECLINT_CODE_SERVER_VERSION="${SPECLINT_CODE_SERVER_VERSION:-4.99.4}"
SPECLINT_PUPPETEER_VERSION="${SPECLINT_PUPPETEER_VERSION:-24.43.1}"

speclint_cache() { printf '%s\n' "${SPECLINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/speclint}"; }

ensure_chromium() {
  local c
  for c in "${CHROMIUM:-}" chromium chromium-browser; do
    if [[ -n $c ]] && command -v "$c" >/dev/null 2>&1; then
      CHROMIUM="$(command -v "$c")"
      export CHROMIUM
      return 0
    fi
  done
  no_install chromium && return 1
  apt_install chromium || return 1
  CHROMIUM="$(command -v chromium)" && export CHROMIUM
}

ensure_ripgrep() {
  command -v rg >/dev/null 2>&1 && return 0
  no_install ripgrep && return 1
  apt_install ripgrep && command -v rg >/dev/null 2>&1
}

# code-server 4.99 runs on Node 20 only. Its npm install scripts would download prebuilt native
# modules and ripgrep from GitHub; instead the packages are installed without scripts, the
# native modules that load on Linux are built with npm's node-gyp against this Node's headers,
# and @vscode/ripgrep's binary is Debian's rg. (kerberos, only for proxy authentication, needs
# libkrb5-dev and is left out; the Windows-only modules too.) Then what postinstall.sh would do.
ensure_code_server() {
  local dir package ready
  dir="$(speclint_cache)/code-server-$SPECLINT_CODE_SERVER_VERSION"
  package="$dir/package"
  ready="$dir/.speclint-ready"
  if [[ -f $ready ]]; then
    CODE_SERVER="$package/out/node/entry.js" && export CODE_SERVER
    return 0
  fi
  no_install code-server && return 1
  local node_major
  node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)"
  if [[ $node_major != 20 ]]; then
    log "  code-server $SPECLINT_CODE_SERVER_VERSION needs Node 20 (found: $node_major)"
    return 1
  fi
  command -v npm >/dev/null 2>&1 || { log "  npm not found"; return 1; }
  ensure_cxx && command -v make >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 \
    || { log "  building code-server's native modules needs g++, make and python3"; return 1; }
  ensure_ripgrep || return 1
  local gyp nodedir
  gyp="$(npm prefix -g 2>/dev/null)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  [[ -f $gyp ]] || { log "  npm's node-gyp not found at $gyp"; return 1; }
  nodedir="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  [[ -f $nodedir/include/node/node.h ]] || { log "  Node headers not found in $nodedir/include/node"; return 1; }
  log "  installing code-server $SPECLINT_CODE_SERVER_VERSION into $dir (a few minutes)"
  rm -rf "$dir" && mkdir -p "$dir" || return 1
  local npm_install=(npm install --omit=dev --ignore-scripts --no-audit --no-fund)
  (cd "$dir" && quietly npm pack "code-server@$SPECLINT_CODE_SERVER_VERSION" &&
    tar xzf "code-server-$SPECLINT_CODE_SERVER_VERSION.tgz") || return 1
  (cd "$package" && quietly "${npm_install[@]}") || return 1
  (cd "$package/lib/vscode" && quietly "${npm_install[@]}") || return 1
  (cd "$package/lib/vscode/extensions" && quietly "${npm_install[@]}") || return 1
  local module
  for module in @parcel/watcher @vscode/deviceid @vscode/spdlog native-watchdog node-pty; do
    (cd "$package/lib/vscode/node_modules/$module" &&
      quietly node "$gyp" rebuild --nodedir="$nodedir" -j "$(nproc)") || return 1
  done
  (cd "$package/node_modules/argon2" &&
    quietly ../.bin/node-pre-gyp rebuild --nodedir="$nodedir") || return 1
  (cd "$package/lib/vscode" && ln -sfn node_modules node_modules.asar &&
    ln -sfn code-linux.sh bin/remote-cli/code-server &&
    ln -sfn browser-linux.sh bin/helpers/browser.sh &&
    mkdir -p node_modules/@vscode/ripgrep/bin &&
    ln -sfn "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg) || return 1
  touch "$ready"
  CODE_SERVER="$package/out/node/entry.js" && export CODE_SERVER
}

ensure_puppeteer_core() {
  local dir
  dir="$(speclint_cache)/puppeteer-core-$SPECLINT_PUPPETEER_VERSION"
  if [[ ! -f $dir/node_modules/puppeteer-core/package.json ]]; then
    no_install puppeteer-core && return 1
    command -v npm >/dev/null 2>&1 || { log "  npm not found"; return 1; }
    log "  npm install puppeteer-core@$SPECLINT_PUPPETEER_VERSION"
    mkdir -p "$dir" &&
      quietly npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund \
        "puppeteer-core@$SPECLINT_PUPPETEER_VERSION" || return 1
  fi
  E2E_MODULES="$dir" && export E2E_MODULES
}

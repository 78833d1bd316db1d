#!/usr/bin/env bash
# Regenerates the held-out SPIR-V corpus (see README.md) from src/: OpenCL C (*.cl) through
# clang-15 and llvm-spirv-15, hand-written LLVM IR (*.ll) through llvm-as-15 and llvm-spirv-15,
# then spirv-dis. Every module is validated with spirv-val in its OpenCL environment; only
# accepted modules are kept, the others are recorded in manifest.toml with spirv-val's error.
#
# Source headers (first lines):
#   // versions: 1.2 2.0 3.0        OpenCL C versions to build (.cl, required)
#   // extensions: +cl_khr_fp16     clang -cl-ext= (optional)
#   // spirv-max-version: 1.4       for SPIR-V 1.3+ features (optional)
#   ; opencl: 1.2                   the OpenCL version a .ll file is for (required)
#
# Each source also gets one "headered" text module (from its newest build): a 200-line licence
# and notes comment first, and no `; SPIR-V` / `; Version:` / generator header lines, so
# detection and the SPIR-V version must come from elsewhere. It is checked by assembling it with
# spirv-as and validating the result.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")"

need=()
command -v clang-15 >/dev/null || need+=(clang-15)
command -v llvm-spirv-15 >/dev/null || need+=(llvm-spirv-15)
command -v llvm-as-15 >/dev/null || need+=(llvm-15)
{ command -v spirv-val && command -v spirv-dis && command -v spirv-as; } >/dev/null || need+=(spirv-tools)
if ((${#need[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get install -y "${need[@]}"
fi

pkg_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo unknown; }
toml_str() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\t'/ }; printf '"%s"' "$s"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The OpenCL environment spirv-val checks a module of OpenCL version $1 with (spirv-tools 2023.1
# has no opencl3.0: OpenCL 3.0 is checked as 2.2), and the SPIR-V version llvm-spirv may use.
val_env() { case $1 in 1.2) echo opencl1.2 ;; 2.0) echo opencl2.0 ;; 3.0) echo opencl2.2 ;; esac; }
max_spirv() { case $1 in 3.0) echo 1.2 ;; *) echo 1.0 ;; esac; }

# 200 lines of licence and test notes, the way hand-maintained test files start.
licence_header() {
  local name=$1
  echo "; $name: a kernel of the speclint held-out corpus, disassembled and re-headered."
  echo ";"
  local i
  for i in $(seq 1 24); do
    echo "; Copyright (c) 2026 The speclint authors. Licensed under the Apache License, Version 2.0"
    echo "; (the \"License\"); you may not use this file except in compliance with the License."
    echo "; Unless required by applicable law or agreed to in writing, software distributed under"
    echo "; the License is distributed on an \"AS IS\" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF"
    echo "; ANY KIND, either express or implied. See the License for the specific language"
    echo "; governing permissions and limitations under the License. (Paragraph $i of 24.)"
    echo ";"
  done
  for i in $(seq 1 29); do
    echo "; Test note $i: this module is checked as it stands; the line has no instruction."
  done
  echo ";"
}

rm -rf spv spvasm
mkdir -p spv spvasm
manifest="$work/manifest"
: >"$manifest"

# build NAME OPENCL BC: translate, disassemble and validate one module built into BC.
build() {
  local name=$1 ver=$2 bc=$3 maxver=$4
  local env; env=$(val_env "$ver")
  [ "$maxver" = 1.4 ] && env=spv1.4
  local err="$work/$name.err"
  {
    echo "[[module]]"
    echo "name = $(toml_str "$name")"
    echo "opencl = $(toml_str "$ver")"
    echo "target_env = $(toml_str "$env")"
  } >>"$manifest"
  if ! llvm-spirv-15 --spirv-max-version="$maxver" "$bc" -o "spv/$name.spv" 2>"$err"; then
    rm -f "spv/$name.spv"
    { echo "kept = false"; echo "stage = \"llvm-spirv\""
      echo "error = $(toml_str "$(head -n1 "$err")")"; echo; } >>"$manifest"
    return 0
  fi
  if ! spirv-val --target-env "$env" "spv/$name.spv" >"$err" 2>&1; then
    rm -f "spv/$name.spv"
    { echo "kept = false"; echo "stage = \"spirv-val\""
      echo "error = $(toml_str "$(grep -m1 . "$err")")"; echo; } >>"$manifest"
    return 0
  fi
  spirv-dis "spv/$name.spv" -o "spvasm/$name.spvasm"
  local spirv_version
  spirv_version=$(sed -n 's/^; Version: //p' "spvasm/$name.spvasm" | head -n1)
  {
    echo "kept = true"
    echo "spirv_version = $(toml_str "$spirv_version")"
    echo "spv = $(toml_str "spv/$name.spv")"
    echo "spvasm = $(toml_str "spvasm/$name.spvasm")"
    echo "capabilities = [$(sed -n 's/^ *OpCapability //p' "spvasm/$name.spvasm" |
      sed 's/.*/"&"/' | paste -sd, | sed 's/,/, /g')]"
    echo
  } >>"$manifest"
}

# headered NAME: the headered text form of a kept module (see the top of this file).
headered() {
  local name=$1 ver=$2 env=$3
  local out="spvasm/$name.headered.spvasm" version
  [ -f "spvasm/$name.spvasm" ] || return 0
  version=$(sed -n 's/^; Version: //p' "spvasm/$name.spvasm" | head -n1)
  { licence_header "$name"
    grep -v -E '^; (SPIR-V|Version:|Generator:|Bound:|Schema:)' "spvasm/$name.spvasm"
  } >"$out"
  spirv-as --target-env "spv$version" "$out" -o "$work/h.spv"
  spirv-val --target-env "$env" "$work/h.spv"
  {
    echo "[[headered]]"
    echo "name = $(toml_str "$name.headered")"
    echo "opencl = $(toml_str "$ver")"
    echo "target_env = $(toml_str "$env")"
    echo "spirv_version = $(toml_str "$version")"
    echo "spvasm = $(toml_str "$out")"
    echo
  } >>"$work/headered"
}
: >"$work/headered"

for src in src/*.cl; do
  base=$(basename "$src" .cl)
  read -r -a versions <<<"$(sed -n '1,8{s|^// versions: *||p}' "$src")"
  exts=$(sed -n '1,8{s|^// extensions: *||p}' "$src")
  maxhdr=$(sed -n '1,8{s|^// spirv-max-version: *||p}' "$src")
  for ver in "${versions[@]}"; do
    maxver=${maxhdr:-$(max_spirv "$ver")}
    name="$base.cl${ver/./}"
    if ! clang-15 -c -target spir64 -cl-std="CL$ver" -O2 ${exts:+-Xclang -cl-ext="$exts"} -emit-llvm \
        -o "$work/$name.bc" "$src" 2>"$work/$name.clang"; then
      echo "$src: clang-15 -cl-std=CL$ver fails:" >&2; cat "$work/$name.clang" >&2; exit 1
    fi
    build "$name" "$ver" "$work/$name.bc" "$maxver"
  done
  # The 32-bit spir target at -O0, for the lowest version.
  ver=${versions[0]}
  name="$base.cl${ver/./}.spir32-O0"
  clang-15 -c -target spir -cl-std="CL$ver" -O0 ${exts:+-Xclang -cl-ext="$exts"} -emit-llvm \
    -o "$work/$name.bc" "$src"
  build "$name" "$ver" "$work/$name.bc" "${maxhdr:-$(max_spirv "$ver")}"
  last=${versions[-1]}
  env=$(val_env "$last"); [ "${maxhdr:-}" = 1.4 ] && env=spv1.4
  headered "$base.cl${last/./}" "$last" "$env"
done

for src in src/*.ll; do
  base=$(basename "$src" .ll)
  ver=$(sed -n '1,8{s|^; opencl: *||p}' "$src")
  name="$base.ll${ver/./}"
  llvm-as-15 -o "$work/$name.bc" "$src"
  build "$name" "$ver" "$work/$name.bc" "$(max_spirv "$ver")"
  headered "$name" "$ver" "$(val_env "$ver")"
done

{
  echo "# Generated by generate.sh; do not edit. [[module]]: one per build (kept = spirv-val accepts it"
  echo "# for target_env, and the files are here); [[headered]]: text forms with a 200-line comment"
  echo "# header and no version line, which spirv-as assembles and spirv-val accepts for target_env."
  echo "compiler = $(toml_str "clang-15 $(pkg_version clang-15) + llvm-spirv-15 $(pkg_version llvm-spirv-15)")"
  echo "validator = $(toml_str "spirv-tools $(pkg_version spirv-tools)")"
  echo
  cat "$manifest" "$work/headered"
} >manifest.toml
total=$(grep -c '^\[\[module\]\]' manifest.toml)
kept=$(grep -c '^kept = true' manifest.toml || true)
echo "modules: $total, kept: $kept, headered: $(grep -c '^\[\[headered\]\]' manifest.toml)"

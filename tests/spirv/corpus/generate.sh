#!/usr/bin/env bash
# Regenerates the real SPIR-V corpus from the OpenCL C sources in src/.
#
# Each source starts with header comments that drive this script:
#   // versions: 1.2 2.0 3.0           OpenCL C versions the file is valid for (required)
#   // extensions: +cl_khr_fp16        passed to clang as -cl-ext= (optional)
#   // spirv-ext: +SPV_KHR_...         passed to llvm-spirv as --spirv-ext= (optional)
#   // spirv-max-version: 1.4          for features that need SPIR-V newer than the default (optional)
#   // variants: O0 spir32 spv14       extra variants (optional; none by default, to keep the
#                                      corpus small)
#
# For every source and version it builds spir64 at -O2 (the main module) with llvm-spirv
# limited to the SPIR-V version that the matching OpenCL environment consumes (1.0 for OpenCL
# C 1.2 and 2.0, 1.2 for 3.0, so that spirv-val's opencl2.2 environment applies). Variants:
# O0 is built at the highest listed version, spir32 (the 32-bit `spir` target, -O2) at the
# lowest, and spv14 (OpenCL C 3.0 with SPIR-V up to 1.4, llvm-spirv-15's newest) at 3.0. Every module is disassembled with spirv-dis and checked with spirv-val in each
# OpenCL target environment that spirv-tools knows, and manifest.toml records the outcome.
# The outputs depend only on the sources and the tool versions, so a second run changes nothing.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")"

CLANG=clang-15
LLVM_SPIRV=llvm-spirv-15
# spirv-val 2023.1 has no opencl3.0 environment: OpenCL C 3.0 modules are aimed at opencl2.2,
# the newest OpenCL environment it knows.
VAL_ENVS="opencl1.2 opencl1.2embedded opencl2.0 opencl2.1 opencl2.2"

need=()
command -v "$CLANG" >/dev/null || need+=(clang-15)
command -v "$LLVM_SPIRV" >/dev/null || need+=(llvm-spirv-15)
{ command -v spirv-val && command -v spirv-dis; } >/dev/null || need+=(spirv-tools)
if ((${#need[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get install -y "${need[@]}"
fi

pkg_version() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo unknown; }
COMPILER="clang-15 $(pkg_version clang-15) + llvm-spirv-15 $(pkg_version llvm-spirv-15)"
VALIDATOR="spirv-tools $(pkg_version spirv-tools)"
export CLANG LLVM_SPIRV VAL_ENVS COMPILER

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work

# header KEY FILE: the value of the "// KEY:" line among the first lines of FILE.
header() { sed -n "1,8{s|^// $1: *||p}" "$2" | head -n1; }
# TOML basic string.
toml_str() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\t'/ }; printf '"%s"' "$s"; }
export -f header toml_str

# build_one SRC CLVER TRIPLE OPT VARIANT MAXVER: compile, translate, disassemble and validate one
# module; writes its manifest entry to $work/NAME.toml.
build_one() {
  local src=$1 ver=$2 triple=$3 opt=$4 variant=$5 maxver=$6
  local base; base=$(basename "$src" .cl)
  local name="$base.cl${ver/./}${variant:+.$variant}"
  local exts spvext
  exts=$(header extensions "$src"); spvext=$(header spirv-ext "$src")
  maxver=$(header spirv-max-version "$src"); maxver=${maxver:-$6}
  local target_env
  case $ver in 1.2) target_env=opencl1.2 ;; 2.0) target_env=opencl2.0 ;; 3.0) target_env=opencl2.2 ;; esac
  # No OpenCL environment of spirv-val 2023.1 takes SPIR-V 1.4: the universal one is the best.
  [ "$maxver" = 1.4 ] && target_env=spv1.4
  local out="$work/$name.toml" err="$work/$name.err" bc="$work/$name.bc"
  {
    echo "[[module]]"
    echo "name = $(toml_str "$name")"
    echo "source = $(toml_str "$src")"
    echo "opencl_c = $(toml_str "$ver")"
    echo "triple = $(toml_str "$triple")"
    echo "opt = $(toml_str "$opt")"
    echo "spirv_max_version = $(toml_str "$maxver")"
    echo "compiler = $(toml_str "$COMPILER")"
    [ -n "$exts" ] && echo "cl_ext = $(toml_str "$exts")"
    [ -n "$spvext" ] && echo "spirv_ext = $(toml_str "$spvext")"
  } >"$out"
  if ! "$CLANG" -c -target "$triple" -cl-std="CL$ver" "-$opt" ${exts:+-cl-ext="$exts"} \
      -emit-llvm -o "$bc" "$src" 2>"$err"; then
    { echo "compiled = false"; echo "stage = \"clang\""
      echo "error = $(toml_str "$(grep -m1 'error' "$err")")"; echo; } >>"$out"
    return 0
  fi
  if ! "$LLVM_SPIRV" --spirv-max-version="$maxver" ${spvext:+--spirv-ext="$spvext"} \
      "$bc" -o "spv/$name.spv" 2>"$err"; then
    rm -f "spv/$name.spv"
    { echo "compiled = false"; echo "stage = \"llvm-spirv\""
      # llvm-spirv names the failing instruction on the line after the message.
      echo "error = $(toml_str "$(head -n2 "$err" | tr -s ' \n' ' ' | sed -e 's/ *\[Src: .*//' -e 's/ *$//')")"; echo; } >>"$out"
    return 0
  fi
  spirv-dis "spv/$name.spv" -o "spvasm/$name.spvasm"
  local spv_version
  spv_version=$(sed -n 's/^; Version: //p' "spvasm/$name.spvasm" | head -n1)
  {
    echo "compiled = true"
    echo "spv = $(toml_str "spv/$name.spv")"
    echo "spvasm = $(toml_str "spvasm/$name.spvasm")"
    echo "spirv_version = $(toml_str "$spv_version")"
    echo "target_env = $(toml_str "$target_env")"
    echo "capabilities = [$(sed -n 's/^ *OpCapability //p' "spvasm/$name.spvasm" |
      sed 's/.*/"&"/' | paste -sd, | sed 's/,/, /g')]"
    echo "extensions = [$(sed -n 's/^ *OpExtension "\(.*\)"/"\1"/p' "spvasm/$name.spvasm" |
      paste -sd, | sed 's/,/, /g')]"
  } >>"$out"
  local env envs="$VAL_ENVS spv$spv_version"
  # A module aimed at spv1.4 may still come out older: check it against its target too.
  [[ " $envs " == *" $target_env "* ]] || envs="$envs $target_env"
  echo "accepted = [$(for env in $envs; do spirv-val --target-env "$env" "spv/$name.spv" \
    >/dev/null 2>&1 && printf '"%s"\n' "$env"; done | paste -sd, | sed 's/,/, /g')]" >>"$out"
  echo "[module.rejected]" >>"$out"
  for env in $envs; do
    if ! spirv-val --target-env "$env" "spv/$name.spv" >"$err" 2>&1; then
      echo "\"$env\" = $(toml_str "$(grep -m1 . "$err")")" >>"$out"
    fi
  done
  echo >>"$out"
}
export -f build_one

rm -rf spv spvasm
mkdir -p spv spvasm
jobs_file="$work/jobs"
for src in src/*.cl; do
  read -r -a versions <<<"$(header versions "$src")"
  if ((${#versions[@]} == 0)); then echo "$src: no '// versions:' header" >&2; exit 1; fi
  variants=$(header variants "$src")
  spv_for() { case $1 in 3.0) echo 1.2 ;; *) echo 1.0 ;; esac; }
  for ver in "${versions[@]}"; do echo "$src $ver spir64 O2 - $(spv_for "$ver")"; done
  for v in $variants; do
    case $v in
      O0) echo "$src ${versions[-1]} spir64 O0 O0 $(spv_for "${versions[-1]}")" ;;
      spir32) echo "$src ${versions[0]} spir O2 spir32 $(spv_for "${versions[0]}")" ;;
      spv14)
        if [[ " ${versions[*]} " != *" 3.0 "* ]]; then echo "$src: spv14 needs version 3.0" >&2; exit 1; fi
        echo "$src 3.0 spir64 O2 spv14 1.4" ;;
      *) echo "$src: unknown variant $v" >&2; exit 1 ;;
    esac
  done
done >"$jobs_file"
# shellcheck disable=SC2016
xargs -P "$(nproc)" -L1 bash -c 'build_one "$1" "$2" "$3" "$4" "${5#-}" "$6"' _ <"$jobs_file"

{
  echo "# Generated by generate.sh; do not edit. One [[module]] per (source, OpenCL C version, variant)."
  echo "# accepted: the spirv-val target environments that accept the module; [module.rejected]: the"
  echo "# first line of spirv-val's complaint for each one that does not. target_env is the environment"
  echo "# the module is meant for (OpenCL C 3.0 -> opencl2.2: spirv-val 2023.1 has no opencl3.0)."
  echo "validator = $(toml_str "$VALIDATOR")"
  echo "environments = [$(for e in $VAL_ENVS; do printf '"%s"\n' "$e"; done | paste -sd, | sed 's/,/, /g'), \"spv<module version>\", \"<target_env>\"]"
  echo
  for f in $(cd "$work" && ls -- *.toml | sort); do cat "$work/$f"; done
} >manifest.toml
total=$(grep -c '^\[\[module\]\]' manifest.toml)
ok=$(grep -c '^compiled = true' manifest.toml || true)
echo "modules: $total, compiled: $ok, failed to compile: $((total - ok))"

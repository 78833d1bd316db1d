#!/usr/bin/env bash
# Rebuilds kernels.spv and kernels.spvasm from kernels.cl (clang-15, llvm-spirv-15 and
# spirv-dis from Debian; installed with apt-get when missing). Parameter names are kept
# (-fno-discard-value-names) so that `--arg` can name them.
set -euo pipefail
cd "$(dirname "$0")"
need=()
command -v clang-15 >/dev/null || need+=(clang-15)
command -v llvm-spirv-15 >/dev/null || need+=(llvm-spirv-15)
command -v spirv-dis >/dev/null || need+=(spirv-tools)
if ((${#need[@]})); then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get install -y "${need[@]}"
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
clang-15 -c -target spir64 -cl-std=CL1.2 -O2 -fno-discard-value-names -emit-llvm \
  -o "$tmp/kernels.bc" kernels.cl
llvm-spirv-15 --spirv-max-version=1.0 "$tmp/kernels.bc" -o kernels.spv
spirv-dis kernels.spv -o kernels.spvasm

#!/usr/bin/env bash
# Rebuilds the disassembled SPIR-V files of this directory, which tests/real_files.rs parses
# (every one must parse without an ERROR or MISSING node). Needs clang-15, llvm-spirv-15 and
# SPIRV-Tools (spirv-as, spirv-dis, spirv-val) on PATH:
#   apt-get install -y clang-15 llvm-spirv-15 spirv-tools
# Each output is validated with spirv-val first, so only real modules are committed.
set -euo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# OpenCL C kernels: clang-15 -> LLVM bitcode -> llvm-spirv-15 -> spirv-dis.
# (-O2: at -Os the translator writes a module spirv-val rejects for images_and_math.cl.)
for cl in *.cl; do
  name="${cl%.cl}"
  clang-15 -cl-std=CL2.0 -target spir64 -O2 -emit-llvm -c -Xclang -finclude-default-header \
    "$cl" -o "$tmp/$name.bc"
  llvm-spirv-15 "$tmp/$name.bc" -o "$tmp/$name.spv"
  spirv-val "$tmp/$name.spv"
  spirv-dis "$tmp/$name.spv" -o "$name.spvasm"
done
# The same first kernel unoptimised (Function-storage variables, more loads and stores).
clang-15 -cl-std=CL2.0 -target spir64 -O0 -emit-llvm -c -Xclang -finclude-default-header \
  vector_add.cl -o "$tmp/vector_add_O0.bc"
llvm-spirv-15 "$tmp/vector_add_O0.bc" -o "$tmp/vector_add_O0.spv"
spirv-val "$tmp/vector_add_O0.spv"
spirv-dis "$tmp/vector_add_O0.spv" -o vector_add_O0.spvasm
# With OpenCL.DebugInfo.100 debug information (OpString, OpLine, Debug* extended instructions).
# Not validated: spirv-val 2023.1 rejects the translator's DebugTypePointer to a
# DebugTypeQualifier.
clang-15 -cl-std=CL2.0 -target spir64 -O0 -g -fdebug-prefix-map="$PWD"=. -emit-llvm -c \
  -Xclang -finclude-default-header vector_add.cl -o "$tmp/vector_add_debug.bc"
llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$tmp/vector_add_debug.bc" \
  -o "$tmp/vector_add_debug.spv"
spirv-dis "$tmp/vector_add_debug.spv" -o vector_add_debug.spvasm

# Hand-written assembly: spirv-as -> spirv-dis, in the disassembler's other layouts too.
spirv-as --target-env spv1.0 hand_written.spvasm.in -o "$tmp/hand_written.spv"
spirv-val "$tmp/hand_written.spv"
spirv-dis "$tmp/hand_written.spv" -o hand_written.spvasm
spirv-dis --raw-id --no-header "$tmp/hand_written.spv" -o hand_written_raw_ids.spvasm
spirv-dis --comment "$tmp/hand_written.spv" -o hand_written_comments.spvasm
spirv-dis --offsets --no-indent "$tmp/images_and_math.spv" -o images_and_math_offsets.spvasm

#!/usr/bin/env bash
# Rebuilds the seed corpora fuzz/corpus/<target> from the repository's test inputs: small files
# only (at most 2 KB, a bounded number per language), so the committed corpora stay small.
#
#   fuzz/make-seeds.sh
#
# analysis seeds are "<language byte><2 position bytes><document>"; lsp_edits seeds are
# "<language byte><document>\0<edit bytes>" (see the targets). Language bytes follow the
# registry: 0 PTX, 1 Tile IR, 2 SPIR-V text; 3 is a SPIR-V binary for `analysis`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
corpus=fuzz/corpus

# small FIND_ARGS... : the first files (sorted) of at most 2 KB.
small() { find "$@" -type f -size -2049c | LC_ALL=C sort; }

ptx=$( { small tests/cli/cases -name '*.ptx'; small tests/oracle/ptx/valid -name '*.ptx' | sed -n 1,10p; small tests/hover tests/lsp -name '*.ptx'; } )
tile=$( { small tests/cli/cases -name '*.mlir'; small tests/tile-ir/valid -name '*.mlir'; small tests/tile-ir/invalid -name '*.mlir' | awk 'NR % 4 == 1'; } )
spirv=$( { small tests/cli/cases -name '*.spvasm'; small tests/spirv/binary -name '*.spvasm'; small tests/spirv/oracle -name '*.spvasm' | sed -n 1,30p; } )
binary=$(find tests -name "*.spv" -size -6145c | LC_ALL=C sort | sed -n 1,8p)

rm -rf "$corpus"
mkdir -p "$corpus"/{ptx_parse,tile_ir_parse,spirv_text_parse,spirv_binary,analysis,lsp_edits}
name() { printf '%s' "$1" | sed 's|^tests/||; s|/|_|g'; }
add() { # add LANGUAGE_BYTE FILE PARSE_TARGET
  local byte=$1 file=$2 target=$3 n
  n="$(name "$file")"
  cp "$file" "$corpus/$target/$n"
  { printf "\\x$byte\\x10\\x00"; cat "$file"; } >"$corpus/analysis/$n"
}
while read -r f; do add 00 "$f" ptx_parse; done <<<"$ptx"
while read -r f; do add 01 "$f" tile_ir_parse; done <<<"$tile"
while read -r f; do add 02 "$f" spirv_text_parse; done <<<"$spirv"
while read -r f; do add 03 "$f" spirv_binary; done <<<"$binary"

# A few documents per language for the edit sequences, each with a handful of edit bytes.
edits='\x01\x02\x00\x01\x00\x03\x00\x04\x00\x05\x02ab\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\n'
for pair in "00:$(head -n 8 <<<"$ptx")" "01:$(head -n 8 <<<"$tile")" "02:$(head -n 8 <<<"$spirv")"; do
  byte=${pair%%:*}
  while read -r f; do
    { printf "\\x$byte"; cat "$f"; printf '\0'; printf "$edits"; } >"$corpus/lsp_edits/$(name "$f")"
  done <<<"${pair#*:}"
done
for d in "$corpus"/*; do echo "$(basename "$d"): $(find "$d" -type f | wc -l) files, $(du -sk "$d" | cut -f1) KB"; done

# Dictionaries: the words the test inputs use most (directives, opcodes and modifiers, MLIR
# keywords and op names, SPIR-V opcodes and enumerants), which random mutation rarely spells.
mkdir -p fuzz/dict
top() { # top N: the N most frequent words on stdin, as libFuzzer dictionary entries
  LC_ALL=C sort | uniq -c | LC_ALL=C sort -k1,1nr -k2 | awk -v n="$1" 'NR <= n { printf "\"%s\"\n", $2 }'
}
find tests -name '*.ptx' -size -200k -print0 | LC_ALL=C sort -z | xargs -0 cat \
  | grep -aoE '(\.[a-z_][a-z0-9_]*|[a-z][a-z0-9_]*|%[a-z_]+)' | top 400 >fuzz/dict/ptx_parse.dict
find tests -name '*.mlir' -print0 | LC_ALL=C sort -z | xargs -0 cat \
  | grep -aoE '[a-z_][a-z0-9_.]*' | top 400 >fuzz/dict/tile_ir_parse.dict
find tests -name '*.spvasm' -print0 | LC_ALL=C sort -z | xargs -0 cat \
  | grep -aoE '[A-Za-z][A-Za-z0-9_]*' | top 400 >fuzz/dict/spirv_text_parse.dict
# The whole analysis also reads suppression comments: their words, and a few rule codes.
suppression=('"speclint: ignore"' '"speclint: ignore["' '"// speclint: ignore["'
             '"; speclint: ignore["' '"PTX005"' '"TILE002"' '"SPV009"' '"SUP001"')
{ cat fuzz/dict/{ptx_parse,tile_ir_parse,spirv_text_parse}.dict; printf '%s\n' "${suppression[@]}"; } \
  | LC_ALL=C sort -u >fuzz/dict/analysis.dict
cp fuzz/dict/analysis.dict fuzz/dict/lsp_edits.dict
wc -l fuzz/dict/*.dict

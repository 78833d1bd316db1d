// External scanner for tree-sitter-cuda-tile.
//
// One token, `_result_list_start`: an empty token in front of the result list of an
// operation (`%a =`, `%a, %b =`, `%a:2 =`, `%a:2, %b =`). The scanner looks ahead past the
// result list to the `=`; without it, a value after an operand would be ambiguous between
// "one more operand" and "the first result of the next operation" until the `=`.

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType {
  RESULT_LIST_START,
  ERROR_SENTINEL,
};

void *tree_sitter_cuda_tile_external_scanner_create(void) { return NULL; }

void tree_sitter_cuda_tile_external_scanner_destroy(void *payload) { (void)payload; }

unsigned tree_sitter_cuda_tile_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}

void tree_sitter_cuda_tile_external_scanner_deserialize(void *payload, const char *buffer,
                                                        unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static bool is_space(int32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

static void skip_space(TSLexer *lexer) {
  while (is_space(lexer->lookahead)) lexer->advance(lexer, false);
}

// The characters of a value name after `%` (MLIR suffix-id).
static bool is_value_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.' || c == '-';
}

static bool is_digit(int32_t c) { return c >= '0' && c <= '9'; }

// `%name` with an optional `:count`; the lexer is at `%`.
static bool scan_result(TSLexer *lexer) {
  if (lexer->lookahead != '%') return false;
  lexer->advance(lexer, false);
  if (!is_value_char(lexer->lookahead)) return false;
  while (is_value_char(lexer->lookahead)) lexer->advance(lexer, false);
  skip_space(lexer);
  if (lexer->lookahead == ':') {
    lexer->advance(lexer, false);
    skip_space(lexer);
    if (!is_digit(lexer->lookahead)) return false;
    while (is_digit(lexer->lookahead)) lexer->advance(lexer, false);
    skip_space(lexer);
  }
  return true;
}

bool tree_sitter_cuda_tile_external_scanner_scan(void *payload, TSLexer *lexer,
                                                 const bool *valid_symbols) {
  (void)payload;
  if (!valid_symbols[RESULT_LIST_START]) return false;
  // No special case for error recovery (`ERROR_SENTINEL` valid): the runtime ignores empty
  // external tokens while it recovers from an error.
  while (is_space(lexer->lookahead)) lexer->advance(lexer, true);
  if (lexer->lookahead != '%') return false;
  lexer->mark_end(lexer);
  for (;;) {
    if (!scan_result(lexer)) return false;
    if (lexer->lookahead == ',') {
      lexer->advance(lexer, false);
      skip_space(lexer);
      continue;
    }
    if (lexer->lookahead != '=') return false;
    lexer->result_symbol = RESULT_LIST_START;
    return true;
  }
}

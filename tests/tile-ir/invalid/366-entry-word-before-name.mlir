// expect: TILE001 line 4
// rule: entry is followed directly by its name, an @-symbol (op-entry.md: sym_name); a word before the name is a syntax error.
cuda_tile.module @m {
  entry kernel @k() {
    return
  }
}

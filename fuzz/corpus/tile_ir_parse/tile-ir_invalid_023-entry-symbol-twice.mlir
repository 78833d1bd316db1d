// expect: TILE004 line 7
// rule: Two entries are named `@kernel`; entry names must be unique in the module (op-entry.md: 'It has a unique name per-module'; module is a SymbolTable, op-module.md).
cuda_tile.module @m {
  entry @kernel() {
    return
  }
  entry @kernel() {
    return
  }
}

// expect: TILE017 line 3 warning
// rule: a module's attribute dictionary holds `producer` only (op-module.md); `produced_by` is not an attribute of cuda_tile.module. MLIR keeps unknown attributes, but bytecode has no place for them: a warning.
cuda_tile.module @m attributes {produced_by = "my compiler"} {
  entry @k() {
    return
  }
}

// expect: TILE002 line 4
// rule: the top level of a cuda_tile module holds entry and global ops only (op-module.md: only cuda_tile operations); func.func belongs to another dialect.
cuda_tile.module @m {
  func.func @helper() {
    return
  }
  entry @k() {
    return
  }
}

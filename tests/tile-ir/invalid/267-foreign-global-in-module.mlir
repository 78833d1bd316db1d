// expect: TILE002 line 4
// rule: module-level data is a cuda_tile global (op-global.md); another dialect's global is not allowed in a cuda_tile module (op-module.md).
cuda_tile.module @m {
  llvm.mlir.global internal @counter(0 : i32) : i32
  entry @k() {
    return
  }
}

// expect: TILE016 line 6
// rule: MLIR float literals need a `.`: 1e4 reads as the integer 1 followed by a name (write 1.0e4) (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f16: 1e4> : tile<16xf16>
    return
  }
}

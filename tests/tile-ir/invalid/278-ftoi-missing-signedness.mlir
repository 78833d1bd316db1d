// expect: TILE001 line 6
// rule: ftoi must say whether the result is signed; without it the op is a syntax error (op-ftoi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f16: 1.0> : tile<f16>
    %x = ftoi %c : tile<f16> -> tile<i32>
    return
  }
}

// expect: TILE016 line 6
// rule: a float constant takes float literals (with a `.`) or hexadecimal bit patterns; the decimal integer 1 is rejected (write 1.0) (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f32: [0.5, 1]> : tile<2xf32>
    return
  }
}

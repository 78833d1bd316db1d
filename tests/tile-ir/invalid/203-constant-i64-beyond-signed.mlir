// expect: TILE016 line 6
// rule: an i64 literal must fit a signed 64-bit integer; 2^63 does not (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i64: 9223372036854775808> : tile<i64>
    return
  }
}

// expect: TILE016 line 6
// rule: the smallest i8 literal is -128; -129 does not fit 8 bits (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i8: [1, -129]> : tile<2xi8>
    return
  }
}

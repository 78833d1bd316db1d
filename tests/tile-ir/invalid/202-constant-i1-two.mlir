// expect: TILE016 line 6
// rule: an i1 literal is true, false, 0, 1 or -1; 2 does not fit one bit (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i1: [1, 0, 2, 1]> : tile<4xi1>
    return
  }
}

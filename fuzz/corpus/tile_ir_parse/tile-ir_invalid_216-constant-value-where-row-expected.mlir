// expect: TILE016 line 6
// rule: a list literal for a 2-d tile is a list of rows: each element of the outer list must itself be a list of 2 values, not a single value (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f32: [1.0, 2.0]> : tile<2x2xf32>
    return
  }
}

// expect: TILE016 line 6
// rule: every row of a list literal has the tile's row length: the second row of a 2x2 literal has one value (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i32: [[1, 2], [3]]> : tile<2x2xi32>
    return
  }
}

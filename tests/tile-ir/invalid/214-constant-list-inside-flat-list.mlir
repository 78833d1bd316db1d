// expect: TILE016 line 6
// rule: a list literal is as deep as the tile's rank: a nested list inside the list of a 1-d tile (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i32: [1, [2]]> : tile<2xi32>
    return
  }
}

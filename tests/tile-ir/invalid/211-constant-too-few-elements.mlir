// expect: TILE016 line 6
// rule: a list literal has the tile's shape: tile<4xf32> needs 4 values, the list has 2 (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f32: [1.0, 2.0]> : tile<4xf32>
    return
  }
}

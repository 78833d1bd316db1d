// expect: TILE016 line 6
// rule: a list literal has the tile's shape: tile<4xi32> needs 4 values, the list has 5; the long form is checked the same way (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = cuda_tile.constant <i32: [0, 1, 2, 3, 4]> : !cuda_tile.tile<4xi32>
    return
  }
}

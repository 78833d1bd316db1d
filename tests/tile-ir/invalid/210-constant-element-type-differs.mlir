// expect: TILE016 line 6
// rule: the literal's element type must be the tile's element type: value and result have the same element type (op-constant.md, DenseConstant / AllTypesMatch[value, result]).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i32: 1> : tile<4xf32>
    return
  }
}

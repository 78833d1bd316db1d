// expect: TILE015 line 4
// rule: a tensor_view has one stride per dimension (types.md#tensor_view); a rank-2 view with three strides is invalid.
cuda_tile.module @m {
  entry @k(%t: tensor_view<64x32xf32, strides=[32,1,1]>) {
    return
  }
}

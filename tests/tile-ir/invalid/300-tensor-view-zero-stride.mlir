// expect: TILE015 line 4
// rule: a tensor_view's strides are strictly positive or `?` (types.md#tensor_view); 0 is neither.
cuda_tile.module @m {
  entry @k(%t: tensor_view<64xf32, strides=[0]>) {
    return
  }
}

// expect: TILE015 line 4
// rule: a tensor_view's sizes are strictly positive or `?` (types.md#tensor_view); a dimension of size 0 is not.
cuda_tile.module @m {
  entry @k(%t: tensor_view<16x0xf32, strides=[1,1]>) {
    return
  }
}

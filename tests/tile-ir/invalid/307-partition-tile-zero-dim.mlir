// expect: TILE015 line 4
// rule: a partition_view's tile dimensions are strictly positive powers of two (types.md#partition_view); 0 is not one.
cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(16x0), tensor_view<64x32xf32, strides=[32,1]>>) {
    return
  }
}

// expect: TILE015 line 4
// rule: a partition_view's tile_shape is an i32 array (types.md#partition_view, Parameters); 4294967296 (2^32) is a power of two but does not fit.
cuda_tile.module @m {
  entry @k(%v: partition_view<tile=(4294967296), tensor_view<?xf32, strides=[1]>>) {
    return
  }
}

// expect: TILE015 line 7
// rule: a partition_view's tile_shape is an i32 array (types.md#partition_view, Parameters); 4294967296 (2^32) is a power of two but does not fit.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %n = constant <i32: 64> : tile<i32>
    %t = make_tensor_view %base, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(4294967296), tensor_view<?xf32, strides=[1]>>
    return
  }
}

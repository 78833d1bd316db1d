// expect: TILE015 line 6
// rule: a partition_view's tile dimensions are strictly positive powers of two (types.md#partition_view); 0 is not one.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x0), tensor_view<64x32xf32, strides=[32,1]>>
    return
  }
}

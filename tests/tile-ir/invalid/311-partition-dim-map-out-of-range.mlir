// expect: TILE015 line 6
// rule: each dim_map entry names a dimension of the tensor_view (types.md#partition_view); a rank-2 tensor_view has dimensions 0 and 1 only.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>, dim_map=[0, 2]>
    return
  }
}

// expect: TILE015 line 6
// rule: dim_map gives one tensor_view dimension for each tile dimension (types.md#partition_view); a 2-d tile needs two entries.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1]>
    return
  }
}

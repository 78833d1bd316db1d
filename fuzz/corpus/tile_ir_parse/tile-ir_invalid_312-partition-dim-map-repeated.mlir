// expect: TILE015 line 6
// rule: dim_map maps each tile dimension to its own tensor_view dimension (types.md#partition_view); mapping both to dimension 1 is invalid.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>, dim_map=[1, 1]>
    return
  }
}

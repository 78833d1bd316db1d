// expect: TILE015 line 6
// rule: dim_map entries are tensor_view dimensions, counted from 0 (types.md#partition_view); -1 names none.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>, dim_map=[-1, 0]>
    return
  }
}

// expect: TILE006 line 9
// rule: store_view_tko takes one index per dimension of the view's index space (op-store_view_tko.md); three indices for a view over a rank-2 tensor_view are too many.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    %x = constant <f32: 0.0> : tile<16x8xf32>
    %tok = store_view_tko weak %x, %v[%i, %i, %i] : tile<16x8xf32>, partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

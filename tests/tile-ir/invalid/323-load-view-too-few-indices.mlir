// expect: TILE006 line 8
// rule: load_view_tko takes one index per dimension of the view's index space, which for a partition_view is the tensor_view's rank (op-load_view_tko.md, types.md#partition_view); a rank-2 view needs two.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    %x, %tok = load_view_tko weak %v[%i] : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<16x8xf32>, token
    return
  }
}

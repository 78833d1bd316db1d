// expect: TILE008 line 8
// rule: load_view_tko's result tile has the view's tile shape (op-load_view_tko.md); a 16x8 partition loads tile<16x8xf32>, not tile<8x16xf32>.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    %x, %tok = load_view_tko weak %v[%i, %i] : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x16xf32>, token
    return
  }
}

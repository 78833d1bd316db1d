// expect: TILE008 line 9
// rule: store_view_tko stores a tile with the element type of the view's tensor_view (op-store_view_tko.md); an f16 tile does not go into an f32 view.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    %x = constant <f16: 0.0> : tile<16x8xf16>
    %tok = store_view_tko weak %x, %v[%i, %i] : tile<16x8xf16>, partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

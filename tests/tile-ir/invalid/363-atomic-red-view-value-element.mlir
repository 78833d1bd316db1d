// expect: TILE008 line 9
// rule: atomic_red_view_tko's value has the view's element type (op-atomic_red_view_tko.md); an i32 tile does not go into an f32 view.
cuda_tile.module @m {
  entry @k(%ptr: tile<ptr<f32>>) {
    %tv = make_tensor_view %ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <i32: 1> : tile<64x64xi32>
    %t = atomic_red_view_tko relaxed device %pv[%c0, %c0], add, %v : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

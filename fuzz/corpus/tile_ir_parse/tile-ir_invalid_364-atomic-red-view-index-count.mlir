// expect: TILE006 line 9
// rule: atomic_red_view_tko takes one index per dimension of the view's index space (op-atomic_red_view_tko.md); a 2-d partition view needs 2, not 1.
cuda_tile.module @m {
  entry @k(%ptr: tile<ptr<f32>>) {
    %tv = make_tensor_view %ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 1.0> : tile<64x64xf32>
    %t = atomic_red_view_tko relaxed device %pv[%c0], addf, %v : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// expect: TILE007 line 10
// rule: each index of atomic_red_view_tko is a rank-0 integer tile (op-atomic_red_view_tko.md); %i is a tile<1xi32>.
cuda_tile.module @m {
  entry @k(%ptr: tile<ptr<f32>>) {
    %tv = make_tensor_view %ptr, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 1.0> : tile<64x64xf32>
    %i = constant <i32: [0]> : tile<1xi32>
    %t = atomic_red_view_tko relaxed device %pv[%c0, %i], addf, %v : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32>, tile<1xi32> -> token
    return
  }
}

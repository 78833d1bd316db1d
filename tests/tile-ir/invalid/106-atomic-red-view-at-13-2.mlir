// expect: TILE012 line 10
// rule: atomic_red_view_tko was added in Tile IR 13.3 (INDEX.md, op-atomic_red_view_tko.md); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 1.0> : tile<128xf32>
    %t = atomic_red_view_tko relaxed device %pv[%c0], addf, %v : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// expect: TILE006 line 8
// rule: load_view_tko has two results, the tile and the result token (op-load_view_tko.md Results); only one is bound.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = load_view_tko weak %pv[%c0] : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    return
  }
}

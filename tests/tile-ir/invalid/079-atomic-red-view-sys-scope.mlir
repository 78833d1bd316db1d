// expect: TILE010 line 9
// rule: atomic_red_view_tko accepts the memory scopes tl_blk and device only (op-atomic_red_view_tko.md: 'not supported by this operation: sys').
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <f32: 1.0> : tile<128xf32>
    %t = atomic_red_view_tko relaxed sys %pv[%c0], addf, %v : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// expect: TILE013 line 10
// rule: atomic_red_view_tko with mode addf on bf16 needs sm_90 or newer (op-atomic_red_view_tko.md note); the target is sm_80.
// target: sm_80
cuda_tile.module @m {
  entry @k(%p: tile<ptr<bf16>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xbf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<1024xbf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <bf16: 1.0> : tile<128xbf16>
    %t = atomic_red_view_tko relaxed device %pv[%c0], addf, %v : tile<128xbf16>, partition_view<tile=(128), tensor_view<1024xbf16, strides=[1]>>, tile<i32> -> token
    return
  }
}

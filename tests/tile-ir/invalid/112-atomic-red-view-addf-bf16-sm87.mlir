// expect: TILE013 line 10
// rule: atomic_red_view_tko addf on bf16 is supported from sm_90 (Hopper) onward (op-atomic_red_view_tko.md note); sm_87 (Ampere) is older.
// target: sm_87
cuda_tile.module @m {
  entry @k(%p: tile<ptr<bf16>>) {
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xbf16, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), tensor_view<64x64xbf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <bf16: 1.0> : tile<16x64xbf16>
    %t = atomic_red_view_tko relaxed tl_blk %pv[%c0, %c0], addf, %v : tile<16x64xbf16>, partition_view<tile=(16x64), tensor_view<64x64xbf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// expect: TILE013 line 12
// rule: atomic_rmw_tko addf on bf16 is supported from sm_90 onward (op-atomic_rmw_tko.md); sm_86 (Ampere) is older, with or without a mask.
// target: sm_86
cuda_tile.module @m {
  entry @k(%p: tile<ptr<bf16>>) {
    %p1 = reshape %p : tile<ptr<bf16>> -> tile<1xptr<bf16>>
    %pv = broadcast %p1 : tile<1xptr<bf16>> -> tile<16xptr<bf16>>
    %off = iota : tile<16xi32>
    %ptrs = offset %pv, %off : tile<16xptr<bf16>>, tile<16xi32> -> tile<16xptr<bf16>>
    %v = constant <bf16: 0.5> : tile<16xbf16>
    %m = constant <i1: true> : tile<16xi1>
    %old, %t = atomic_rmw_tko relaxed device %ptrs, addf, %v, %m : tile<16xptr<bf16>>, tile<16xbf16>, tile<16xi1> -> tile<16xbf16>, token
    return
  }
}

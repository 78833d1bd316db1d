// expect: TILE013 line 7
// rule: atomic_rmw_tko with mode addf on bf16 needs sm_90 or newer (op-atomic_rmw_tko.md note: 'bf16 is supported from Hopper (sm90) onward'); the target is sm_80.
// target: sm_80
cuda_tile.module @m {
  entry @k(%p: tile<ptr<bf16>>) {
    %v = constant <bf16: 1.0> : tile<bf16>
    %old, %t = atomic_rmw_tko relaxed device %p, addf, %v : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    return
  }
}

// expect: TILE010 line 6
// rule: atomic_rmw_tko accepts relaxed, acquire, release or acq_rel only (op-atomic_rmw_tko.md: 'not supported by this operation: weak').
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %one = constant <i32: 1> : tile<i32>
    %old, %t = atomic_rmw_tko weak device %p, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// expect: TILE010 line 5
// rule: an atomic mode that is no AtomicRMWMode case is reported at the keyword (op-atomic_rmw_tko.md).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %r, %t = atomic_rmw_tko relaxed device %p, sub, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

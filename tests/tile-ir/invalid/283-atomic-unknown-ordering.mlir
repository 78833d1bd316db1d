// expect: TILE010 line 5
// rule: a memory ordering that is no MemoryOrderingSemantics case is reported at the keyword (attributes.md#memoryorderingsemantics).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %r, %t = atomic_rmw_tko seq_cst device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// expect: TILE010 line 5
// rule: a memory scope that is no MemoryScope case is reported at the keyword, naming tl_blk, device and sys (attributes.md#memoryscope).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %r, %t = atomic_rmw_tko relaxed gpu %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

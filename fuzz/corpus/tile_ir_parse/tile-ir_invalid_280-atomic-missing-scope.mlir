// expect: TILE001 line 5
// rule: atomic_rmw_tko takes a memory scope after its ordering; a value where the scope belongs is reported as the missing scope (op-atomic_rmw_tko.md).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %r, %t = atomic_rmw_tko relaxed %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

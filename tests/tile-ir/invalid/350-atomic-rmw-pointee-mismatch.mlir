// expect: TILE008 line 5
// rule: atomic_rmw_tko's pointers must point to the element type of arg (op-atomic_rmw_tko.md: the pointee type matches arg and result); here the pointers point to f32 and arg is i32.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %v: tile<i32>) {
    %r, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
    return
  }
}

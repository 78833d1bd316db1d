// expect: TILE008 line 5
// rule: atomic_cas_tko's pointers must point to the element type of cmp and val (op-atomic_cas_tko.md); here the pointers point to f32 and val is i32.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %c: tile<i32>, %v: tile<i32>) {
    %r, %t = atomic_cas_tko relaxed device %p, %c, %v : tile<ptr<f32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// expect: TILE007 line 5
// rule: atomic_cas_tko takes elements of 32 or 64 bits only: i32, i64, f32, f64 (op-atomic_cas_tko.md); i8 is not one.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i8>>, %c: tile<i8>, %v: tile<i8>) {
    %r, %t = atomic_cas_tko relaxed device %p, %c, %v : tile<ptr<i8>>, tile<i8> -> tile<i8>, token
    return
  }
}

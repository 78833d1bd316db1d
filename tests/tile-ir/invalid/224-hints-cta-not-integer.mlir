// expect: TILE017 line 4
// rule: num_cta_in_cga takes an integer, not a string (attributes.md optimization_hints).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = "two"}> {
    return
  }
}

// expect: TILE017 line 4 warning
// rule: num_cta_in_cga must be a power of two no greater than 16; 6 is not a power of two (attributes.md optimization_hints).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_cta_in_cga = 6}> {
    return
  }
}

// expect: TILE017 line 4
// rule: each GPU appears once in optimization_hints (cuda_tile parser: duplicate optimization_hints key).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {occupancy = 2}, sm_90 = {num_cta_in_cga = 2}> {
    return
  }
}

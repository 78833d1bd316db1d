// expect: TILE017 line 4 warning
// rule: GPUs before sm_90 have no thread-block clusters: num_cta_in_cga must be 1 for sm_80 (cuda_tile verifier).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_80 = {num_cta_in_cga = 4}> {
    return
  }
}

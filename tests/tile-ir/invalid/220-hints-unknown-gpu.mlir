// expect: TILE017 line 4 warning
// rule: optimization_hints is keyed by `default` or a GPU name the verifier knows; `sm_100a` (an arch-specific variant) is none of them (attributes.md optimization_hints; cuda_tile verifier).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_100a = {num_cta_in_cga = 2}> {
    return
  }
}

// expect: TILE017 line 4 warning
// rule: `num_ctas` is not an optimization hint; entries take num_cta_in_cga, num_worker_warps_per_cta and occupancy (attributes.md Optimization Hints table).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_ctas = 2}> {
    return
  }
}

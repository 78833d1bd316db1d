// expect: TILE017 line 4 warning
// rule: num_worker_warps_per_cta supports only 4 and 8 (attributes.md optimization_hints).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = {num_worker_warps_per_cta = 16}> {
    return
  }
}

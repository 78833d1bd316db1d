// expect: TILE017 line 4 warning
// rule: latency is a hint of loads and stores, not of entry (attributes.md Optimization Hints table: latency is `no` for EntryOp).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {latency = 3}> {
    return
  }
}

// expect: TILE017 line 4
// rule: each GPU of optimization_hints maps to a dictionary of hints, not to a bare value (attributes.md optimization_hints: nested dictionaries).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<sm_100 = 4> {
    return
  }
}

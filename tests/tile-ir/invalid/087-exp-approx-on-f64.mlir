// expect: TILE010 line 6
// rule: The exp Modifiers table marks approx 'no' for Float64 (op-exp.md: approx is f32 only).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f64: 1.0> : tile<4xf64>
    %y = exp %x rounding<approx> : tile<4xf64>
    return
  }
}

// expect: TILE010 line 6
// rule: The tanh Modifiers table marks approx 'no' for Float64 (op-tanh.md: approx is f32 only).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f64: 0.5> : tile<4xf64>
    %t = tanh %a rounding<approx> : tile<4xf64>
    return
  }
}

// expect: TILE010 line 6
// rule: The divf Modifiers table marks full 'no' for Float64 (op-divf.md: approx and full are f32 only).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f64: 3.0> : tile<4xf64>
    %q = divf %a, %a rounding<full> : tile<4xf64>
    return
  }
}

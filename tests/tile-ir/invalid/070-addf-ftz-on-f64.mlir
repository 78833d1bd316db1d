// expect: TILE010 line 6
// rule: The addf Modifiers table marks flush_to_zero 'no' for Float64 (op-addf.md: flush_to_zero is f32 only).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f64: 1.0> : tile<4xf64>
    %s = addf %a, %a flush_to_zero : tile<4xf64>
    return
  }
}

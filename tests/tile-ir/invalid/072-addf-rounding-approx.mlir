// expect: TILE010 line 6
// rule: addf supports only the IEEE rounding modes nearest_even, zero, negative_inf and positive_inf (op-addf.md Modifiers table); approx is not one of them.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addf %a, %a rounding<approx> : tile<4xf32>
    return
  }
}

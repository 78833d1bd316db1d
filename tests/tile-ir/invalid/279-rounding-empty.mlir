// expect: TILE001 line 6
// rule: `rounding<>` names no rounding mode: a syntax error naming the RoundingMode cases (op-addf.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    %x = addf %c, %c rounding<> : tile<f32>
    return
  }
}

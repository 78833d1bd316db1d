// expect: TILE003 line 6
// rule: `%x` is used but never defined in the entry (every operand must be an SSA value defined before its use).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addf %a, %x : tile<4xf32>
    return
  }
}

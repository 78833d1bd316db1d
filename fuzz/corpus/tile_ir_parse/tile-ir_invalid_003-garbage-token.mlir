// expect: TILE001 line 6
// rule: '$' is not a token of the textual IR; addf's format only allows operands, an optional rounding/flush_to_zero modifier and the ':' type (op-addf.md assembly format).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addf %a, %a $ : tile<4xf32>
    return
  }
}

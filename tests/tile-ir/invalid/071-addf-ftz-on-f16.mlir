// expect: TILE010 line 6
// rule: The addf Modifiers table marks flush_to_zero 'no' for Float16 (op-addf.md).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<4xf16>
    %s = addf %a, %a flush_to_zero : tile<4xf16>
    return
  }
}

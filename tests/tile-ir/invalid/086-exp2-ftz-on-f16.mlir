// expect: TILE010 line 6
// rule: The exp2 Modifiers table marks flush_to_zero 'no' for Float16 (op-exp2.md).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f16: 1.0> : tile<4xf16>
    %y = exp2 %x flush_to_zero : tile<4xf16>
    return
  }
}

// expect: TILE011 line 6
// rule: The mulf Modifiers table marks rounding<negative_inf> 'yes*' for Float16 (op-mulf.md: emulated in f32).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.5> : tile<8xf16>
    %p = mulf %a, %a rounding<negative_inf> : tile<8xf16>
    return
  }
}

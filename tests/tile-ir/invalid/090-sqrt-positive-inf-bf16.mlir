// expect: TILE011 line 6
// rule: The sqrt Modifiers table marks rounding<positive_inf> 'yes*' for BFloat16 (op-sqrt.md: emulated in f32).
cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 2.0> : tile<8xbf16>
    %r = sqrt %a rounding<positive_inf> : tile<8xbf16>
    return
  }
}

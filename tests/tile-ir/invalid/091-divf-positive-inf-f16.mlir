// expect: TILE011 line 6
// rule: The divf Modifiers table marks rounding<positive_inf> 'yes*' for Float16 (op-divf.md: emulated in f32).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 3.0> : tile<8xf16>
    %q = divf %a, %a rounding<positive_inf> : tile<8xf16>
    return
  }
}

// expect: TILE011 line 6
// rule: The addf Modifiers table marks rounding<zero> 'yes*' for BFloat16: supported but emulated in f32 (op-addf.md), so this is a performance hint, not an error.
cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.0> : tile<8xbf16>
    %s = addf %a, %a rounding<zero> : tile<8xbf16>
    return
  }
}

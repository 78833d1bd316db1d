// expect: TILE011 line 6
// rule: The tanh Modifiers table marks full 'yes*' for BFloat16 (op-tanh.md: emulated in f32).
cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 0.5> : tile<8xbf16>
    %t = tanh %a rounding<full> : tile<8xbf16>
    return
  }
}

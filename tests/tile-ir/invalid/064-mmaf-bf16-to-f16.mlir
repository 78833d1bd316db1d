// expect: TILE009 line 7
// rule: The mmaf Supported Data Types table allows only f32 output for bf16 inputs (op-mmaf.md); an f16 accumulator is given.
cuda_tile.module @m {
  entry @k() {
    %a = constant <bf16: 1.0> : tile<16x16xbf16>
    %c = constant <f16: 0.0> : tile<16x16xf16>
    %d = mmaf %a, %a, %c : tile<16x16xbf16>, tile<16x16xbf16>, tile<16x16xf16>
    return
  }
}

// expect: TILE009 line 12
// rule: The mmaf_scaled Supported Data Types table pairs f8E4M3FN scales only with f4E2M1FN inputs (op-mmaf_scaled.md); f8E5M2 inputs need f8E8M0FNU scales.
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<32x64xf16>
    %hb = constant <f16: 1.0> : tile<64x32xf16>
    %a = ftof %h : tile<32x64xf16> -> tile<32x64xf8E5M2>
    %b = ftof %hb : tile<64x32xf16> -> tile<64x32xf8E5M2>
    %sa = constant <f8E4M3FN: 1.0> : tile<32x2xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<2x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<32x64xf8E5M2>, tile<64x32xf8E5M2>, tile<32x32xf32>, tile<32x2xf8E4M3FN>, tile<2x32xf8E4M3FN>
    return
  }
}

// expect: TILE012 line 15
// rule: mmaf_scaled was added in Tile IR 13.3 (INDEX.md, op-mmaf_scaled.md); the file is checked against 13.2 (its f8E4M3FN and f8E8M0FNU operand types exist in 13.2).
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<32x64xf16>
    %hb = constant <f16: 1.0> : tile<64x32xf16>
    %a = ftof %h : tile<32x64xf16> -> tile<32x64xf8E4M3FN>
    %b = ftof %hb : tile<64x32xf16> -> tile<64x32xf8E4M3FN>
    %one = constant <f32: 1.0> : tile<32x2xf32>
    %oneb = constant <f32: 1.0> : tile<2x32xf32>
    %sa = ftof %one rounding<positive_inf> : tile<32x2xf32> -> tile<32x2xf8E8M0FNU>
    %sb = ftof %oneb rounding<positive_inf> : tile<2x32xf32> -> tile<2x32xf8E8M0FNU>
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    return
  }
}

// expect: TILE012 line 9
// rule: mmaf's fast_acc flag exists since Tile IR 13.3 (op-mmaf.md Parameters); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<16x16xf16>
    %q = ftof %h : tile<16x16xf16> -> tile<16x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %q, %q, %c fast_acc : tile<16x16xf8E4M3FN>, tile<16x16xf8E4M3FN>, tile<16x16xf32>
    return
  }
}

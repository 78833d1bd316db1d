// expect: TILE009 line 8
// rule: The mmaf Supported Data Types table allows f16 or f32 output for f8E4M3FN inputs (op-mmaf.md); f64 is not among them.
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<16x16xf16>
    %q = ftof %h : tile<16x16xf16> -> tile<16x16xf8E4M3FN>
    %c = constant <f64: 0.0> : tile<16x16xf64>
    %d = mmaf %q, %q, %c : tile<16x16xf8E4M3FN>, tile<16x16xf8E4M3FN>, tile<16x16xf64>
    return
  }
}

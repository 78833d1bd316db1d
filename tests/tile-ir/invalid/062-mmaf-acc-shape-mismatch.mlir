// expect: TILE009 line 8
// rule: mmaf's accumulator must be M x N (op-mmaf.md); for 16x32 times 32x8 it must be 16x8, not 16x16.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x32xf16>
    %b = constant <f16: 1.0> : tile<32x8xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x32xf16>, tile<32x8xf16>, tile<16x16xf32>
    return
  }
}

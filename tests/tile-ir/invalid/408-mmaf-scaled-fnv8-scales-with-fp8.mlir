// expect: TILE009 line 10
// rule: fnv8E5M3FNU scales go with f4E2M1FN elements only (13.4 release notes; tileirdisasm 13.5: "Scale type 'fnv8E5M3FNU' expects lhs and rhs element types to be 'f4E2M1FN'").
cuda_tile.module @m {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %sa = constant <fnv8E5M3FNU: 1.0> : tile<16x2xfnv8E5M3FNU>
    %sb = constant <fnv8E5M3FNU: 1.0> : tile<2x16xfnv8E5M3FNU>
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xfnv8E5M3FNU>, tile<2x16xfnv8E5M3FNU>
    return
  }
}

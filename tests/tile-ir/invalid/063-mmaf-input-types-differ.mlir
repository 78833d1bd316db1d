// expect: TILE009 line 8
// rule: mmaf's lhs and rhs must have the same element type (op-mmaf.md: 'Input operands must be of the same element type'); f16 and bf16 are mixed.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %b = constant <bf16: 1.0> : tile<16x16xbf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x16xf16>, tile<16x16xbf16>, tile<16x16xf32>
    return
  }
}

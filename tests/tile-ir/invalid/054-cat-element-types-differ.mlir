// expect: TILE008 line 7
// rule: cat inputs and result must have the same element type (op-cat.md: AllElementTypeMatch[lhs, rhs, result]); f32 and f16 are mixed.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x4xf32>
    %b = constant <f16: 1.0> : tile<2x4xf16>
    %c = cat %a, %b dim = 0 : tile<2x4xf32>, tile<2x4xf16> -> tile<4x4xf32>
    return
  }
}

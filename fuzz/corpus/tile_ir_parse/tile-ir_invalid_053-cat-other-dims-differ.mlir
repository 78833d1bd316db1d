// expect: TILE008 line 7
// rule: cat inputs must have the same shape in every dimension except the concatenated one (op-cat.md); along dim 1 the row counts 2 and 4 differ.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x4xf32>
    %b = constant <f32: 1.0> : tile<4x4xf32>
    %c = cat %a, %b dim = 1 : tile<2x4xf32>, tile<4x4xf32> -> tile<2x8xf32>
    return
  }
}

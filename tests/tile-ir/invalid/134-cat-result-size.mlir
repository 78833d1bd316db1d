// expect: TILE008 line 7
// rule: cat's result size along dim is the sum of the operands' sizes (op-cat.md, spec-db rule concat-size); 4 + 4 along dim 0 is 8, not 16.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<4x4xf32>
    %b = constant <f32: 1.0> : tile<4x4xf32>
    %c = cat %a, %b dim = 0 : tile<4x4xf32>, tile<4x4xf32> -> tile<16x4xf32>
    return
  }
}

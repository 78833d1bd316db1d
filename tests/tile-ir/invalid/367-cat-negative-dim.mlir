// expect: TILE010 line 6
// rule: cat's dim names a dimension of its operands, 0 to rank-1 (op-cat.md); a negative dim such as -1 is not one (it does not count from the end).
cuda_tile.module @m {
  entry @k() {
    %s = constant <f32: 0.0> : tile<2x2xf32>
    %c = cat %s, %s dim = -1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
    return
  }
}

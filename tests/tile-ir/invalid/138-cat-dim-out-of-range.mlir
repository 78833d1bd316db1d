// expect: TILE010 line 7
// rule: cat's `dim` names a dimension of the operands, 0 <= dim < rank (op-cat.md); rank-2 tiles have no dimension 2.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 0.0> : tile<2x4xf32>
    %b = constant <f32: 1.0> : tile<2x4xf32>
    %c = cat %a, %b dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    return
  }
}

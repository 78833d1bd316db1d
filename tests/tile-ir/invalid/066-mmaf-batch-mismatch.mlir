// expect: TILE009 line 8
// rule: Batched mmaf expects B x M x K, B x K x N and B x M x N with one batch size B (op-mmaf.md); the rhs batch is 4 while lhs and acc use 2.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<2x16x8xf32>
    %b = constant <f32: 1.0> : tile<4x8x16xf32>
    %c = constant <f32: 0.0> : tile<2x16x16xf32>
    %d = mmaf %a, %b, %c : tile<2x16x8xf32>, tile<4x8x16xf32>, tile<2x16x16xf32>
    return
  }
}

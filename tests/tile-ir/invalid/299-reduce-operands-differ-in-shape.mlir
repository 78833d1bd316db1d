// expect: TILE008 line 7
// rule: reduce's operands all have the same shape (trait SameOperandsShape, op-reduce.md): a 128-element tile and a 64-element tile cannot be reduced together.
cuda_tile.module @m {
  entry @k() {
    %vals = constant <f32: 0.0> : tile<128xf32>
    %idx = iota : tile<64xi32>
    %best, %best_idx = reduce %vals, %idx dim=0 identities=[0.000000e+00 : f32, 0 : i32] : tile<128xf32>, tile<64xi32> -> tile<f32>, tile<i32>
    (%v: tile<f32>, %v_acc: tile<f32>, %i: tile<i32>, %i_acc: tile<i32>) {
      %nv = maxf %v, %v_acc : tile<f32>
      %ni = maxi %i, %i_acc signed : tile<i32>
      yield %nv, %ni : tile<f32>, tile<i32>
    }
    return
  }
}

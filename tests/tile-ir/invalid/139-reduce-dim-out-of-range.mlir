// expect: TILE010 line 6
// rule: reduce's `dim` is non-negative and less than the operands' rank (op-reduce.md); a rank-1 tile has only dimension 0.
cuda_tile.module @m {
  entry @k() {
    %v = constant <f32: 1.0> : tile<64xf32>
    %s = reduce %v dim=1 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<f32>
    (%acc: tile<f32>, %x: tile<f32>) {
      %sum = addf %acc, %x : tile<f32>
      yield %sum : tile<f32>
    }
    return
  }
}

// expect: TILE008 line 9
// rule: reduce's body yields the new accumulator, typed like the accumulator argument of its pair (op-reduce.md); here it yields f16 for an f32 accumulator.
cuda_tile.module @m {
  entry @k() {
    %v = constant <f32: 1.0> : tile<64xf32>
    %s = reduce %v dim=0 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<f32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %h = ftof %x : tile<f32> -> tile<f16>
      yield %h : tile<f16>
    }
    return
  }
}

// expect: TILE014 line 8
// rule: only pure operations are allowed in the body of reduce (op-reduce.md note; spec-db rule pure-body); print_tko has a side effect.
cuda_tile.module @m {
  entry @k() {
    %v = constant <f32: 1.0> : tile<64xf32>
    %s = reduce %v dim=0 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<f32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %t = print_tko "step %f\0A", %x : tile<f32> -> token
      %sum = addf %x, %acc : tile<f32>
      yield %sum : tile<f32>
    }
    return
  }
}

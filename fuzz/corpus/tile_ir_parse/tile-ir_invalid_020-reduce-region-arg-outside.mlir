// expect: TILE003 line 11
// rule: `%elem` is an argument of the reduce body region and is not visible after the reduce (op-reduce.md: the body receives element/accumulator pairs).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<8xf32>
    %sum = reduce %x dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32>
    (%elem: tile<f32>, %acc: tile<f32>) {
      %s = addf %elem, %acc : tile<f32>
      yield %s : tile<f32>
    }
    %y = addf %sum, %elem : tile<f32>
    return
  }
}

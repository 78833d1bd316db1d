// expect: TILE001 line 6
// rule: a cmpf without its comparison ordering (ordered / unordered) is a syntax error at the first operand (op-cmpf.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    %x = cmpf less_than %c, %c : tile<f32> -> tile<i1>
    return
  }
}

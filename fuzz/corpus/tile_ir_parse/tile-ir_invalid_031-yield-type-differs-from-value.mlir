// expect: TILE005 line 10
// rule: The else-branch yield writes tile<f32> for `%k`, which is defined as tile<i32> (yield lists the types of its operands, op-yield.md).
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %one = constant <f32: 1.0> : tile<f32>
    %k = constant <i32: 1> : tile<i32>
    %r = if %flag -> (tile<f32>) {
      yield %one : tile<f32>
    } else {
      yield %k : tile<f32>
    }
    return
  }
}

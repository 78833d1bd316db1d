// expect: TILE008 line 10
// rule: Both branches of an if with results must yield the result types (op-if.md: 'the types of yielded values must match'); the else branch yields tile<i32> for a tile<f32> result.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %one = constant <f32: 1.0> : tile<f32>
    %k = constant <i32: 1> : tile<i32>
    %r = if %flag -> (tile<f32>) {
      yield %one : tile<f32>
    } else {
      yield %k : tile<i32>
    }
    return
  }
}

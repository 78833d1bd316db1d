// expect: TILE014 line 6
// rule: an if that yields values needs an else branch that yields them too (op-if.md: 'If yielding values the else branch is required and must also yield a value').
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %a = constant <f32: 1.0> : tile<f32>
    %r = if %flag -> (tile<f32>) {
      yield %a : tile<f32>
    }
    return
  }
}

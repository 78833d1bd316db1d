// expect: TILE006 line 8
// rule: each branch of an if with results yields one value per result (op-if.md: 'the result type of the if operation will be the same as the yielded values'); the then branch yields none for two results.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %a = constant <f32: 1.0> : tile<f32>
    %b = constant <f32: 2.0> : tile<f32>
    %x, %y = if %flag -> (tile<f32>, tile<f32>) {
      yield
    } else {
      yield %a, %b : tile<f32>, tile<f32>
    }
    return
  }
}

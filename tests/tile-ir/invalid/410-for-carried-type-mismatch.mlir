// expect: TILE008 line 10
// expect: TILE005 line 11
// expect: TILE008 line 11
// rule: for's initValues and resultValues match value by value (AllTypesMatch[initValues, resultValues], op-for.md): the second carried value starts as bf16 but the result says f32.
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %h = constant <bf16: 1.0> : tile<bf16>
    %r:2 = for %iv in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a = %c0, %b = %h) -> (tile<i32>, tile<f32>) {
      continue %a, %b : tile<i32>, tile<bf16>
    }
    return
  }
}

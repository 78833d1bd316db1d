// expect: TILE003 line 9
// rule: `%inner` is defined inside the then-region of `if` and is not visible after the `if`; values leave an if only through yield and the if results (op-if.md).
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %one = constant <f32: 1.0> : tile<f32>
    if %flag {
      %inner = addf %one, %one : tile<f32>
    }
    %out = mulf %inner, %one : tile<f32>
    return
  }
}

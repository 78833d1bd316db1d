// expect: TILE005 line 7
// rule: cmpf writes its operand type as tile<4xf16> but `%x` and `%y` are tile<4xf32> (op-cmpf.md format `: type($lhs) -> type($result)`).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = constant <f32: 2.0> : tile<4xf32>
    %lt = cmpf less_than ordered %x, %y : tile<4xf16> -> tile<4xi1>
    return
  }
}

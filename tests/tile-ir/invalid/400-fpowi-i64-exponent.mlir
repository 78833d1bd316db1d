// expect: TILE007 line 7
// rule: fpowi (13.4) takes an exponent tile of i1, i8, i16 or i32 (13.4 release notes; tileirdisasm 13.5: "operand #1 must be tile of i1 or i8 or i16 or i32 values").
cuda_tile.module @m {
  entry @k() {
    %b = constant <f32: 2.0> : tile<4xf32>
    %e = constant <i64: 3> : tile<4xi64>
    %p = fpowi %b, %e : tile<4xf32>, tile<4xi64>
    return
  }
}

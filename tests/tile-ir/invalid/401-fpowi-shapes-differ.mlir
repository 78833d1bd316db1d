// expect: TILE008 line 7
// rule: fpowi's base and exponent have the same shape (tileirdisasm 13.5: "all of {source, exponent} have same shape").
cuda_tile.module @m {
  entry @k() {
    %b = constant <f32: 2.0> : tile<4xf32>
    %e = constant <i32: 3> : tile<2xi32>
    %p = fpowi %b, %e : tile<4xf32>, tile<2xi32>
    return
  }
}

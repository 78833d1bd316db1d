// expect: TILE006 line 8
// rule: insert takes one slice index per destination dimension (tileirdisasm 13.5: "expected 2 indices, but got 1").
cuda_tile.module @m {
  entry @k() {
    %s = constant <f32: 1.0> : tile<2x2xf32>
    %d = constant <f32: 0.0> : tile<4x4xf32>
    %i = constant <i32: 0> : tile<i32>
    %r = insert %s, %d[%i] : tile<2x2xf32>, tile<4x4xf32>
    return
  }
}

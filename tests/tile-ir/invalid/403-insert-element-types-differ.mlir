// expect: TILE008 line 8
// rule: insert keeps the destination's element type: the source has it too (tileirdisasm 13.5: "source and result element type do not match").
cuda_tile.module @m {
  entry @k() {
    %s = constant <f16: 1.0> : tile<2xf16>
    %d = constant <f32: 0.0> : tile<8xf32>
    %i = constant <i32: 0> : tile<i32>
    %r = insert %s, %d[%i] : tile<2xf16>, tile<8xf32>
    return
  }
}

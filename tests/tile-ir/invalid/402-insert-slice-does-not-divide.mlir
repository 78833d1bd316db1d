// expect: TILE008 line 8
// rule: insert (13.4) writes a whole slice: each source dimension divides the destination's (13.4 release notes; tileirdisasm 13.5: "must be evenly divisible by source dimension").
cuda_tile.module @m {
  entry @k() {
    %s = constant <f32: 1.0> : tile<2x4xf32>
    %d = constant <f32: 0.0> : tile<4x2xf32>
    %i = constant <i32: 0> : tile<i32>
    %r = insert %s, %d[%i, %i] : tile<2x4xf32>, tile<4x2xf32>
    return
  }
}

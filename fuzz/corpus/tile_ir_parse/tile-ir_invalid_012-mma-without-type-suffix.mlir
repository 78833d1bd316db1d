// expect: TILE002 line 7
// rule: There is no generic `mma` op; matrix multiply-accumulate is `mmaf` (float) or `mmai` (integer) (INDEX.md).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mma %a, %a, %c : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// valid: fnv8E5M3FNU (13.4, a developer preview that tileiras 13.5 compiles for sm_107 only): block scales of an f4E2M1FN mmaf_scaled, made by ftof from f32 and written as a constant
cuda_tile.module @m {
  entry @k() {
    %a = constant <f4E2M1FN: 1.0> : tile<16x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 0.5> : tile<64x16xf4E2M1FN>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %s32 = constant <f32: 2.0> : tile<16x4xf32>
    %sa = ftof %s32 : tile<16x4xf32> -> tile<16x4xfnv8E5M3FNU>
    %sb = constant <fnv8E5M3FNU: 1.0> : tile<4x16xfnv8E5M3FNU>
    %r = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<16x64xf4E2M1FN>, tile<64x16xf4E2M1FN>, tile<16x16xf32>, tile<16x4xfnv8E5M3FNU>, tile<4x16xfnv8E5M3FNU>
    %pr = print_tko "%f\0A", %r : tile<16x16xf32> -> token
    return
  }
}

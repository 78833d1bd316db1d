// expect: TILE010 line 6
// rule: in 13.4 a narrowing ftof to a standard type rounds with nearest_even or zero only (f64 to f32 also with the infinities); tileirdisasm 13.5: "Only 'nearest_even' and 'zero' are supported for narrowing conversions to standard types".
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x rounding<negative_inf> : tile<4xf32> -> tile<4xf16>
    return
  }
}

// expect: TILE010 line 6
// rule: Converting to f8E8M0FNU accepts only rounding<zero> and rounding<positive_inf> (op-ftof.md); with no rounding written the default nearest_even applies, which is not one of them.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x : tile<4xf32> -> tile<4xf8E8M0FNU>
    return
  }
}

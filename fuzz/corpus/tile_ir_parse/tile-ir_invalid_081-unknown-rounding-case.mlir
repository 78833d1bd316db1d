// expect: TILE010 line 6
// rule: `bogus` is not a case of the RoundingMode enum (attributes.md#roundingmode: nearest_even, zero, negative_inf, positive_inf, approx, full, nearest_int_to_zero).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = mulf %a, %a rounding<bogus> : tile<4xf32>
    return
  }
}

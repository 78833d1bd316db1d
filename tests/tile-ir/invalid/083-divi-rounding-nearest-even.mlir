// expect: TILE010 line 6
// rule: divi allows only the default zero, positive_inf (ceiling) or negative_inf (floor) rounding (op-divi.md: 'other values are illegal').
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 7> : tile<4xi32>
    %q = divi %a, %a signed rounding<nearest_even> : tile<4xi32>
    return
  }
}

// expect: TILE010 line 6
// rule: divi with `unsigned` and rounding<negative_inf> is not a valid combination (op-divi.md).
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 7> : tile<4xi32>
    %q = divi %a, %a unsigned rounding<negative_inf> : tile<4xi32>
    return
  }
}

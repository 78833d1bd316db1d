// expect: TILE010 line 6
// rule: nearest_int_to_zero is not a row of the divf Modifiers table (op-divf.md lists approx, full and the four IEEE modes).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 3.0> : tile<4xf32>
    %q = divf %a, %a rounding<nearest_int_to_zero> : tile<4xf32>
    return
  }
}

// expect: TILE017 line 6
// rule: the divisor of div_by must be a positive power of two; 12 is not (attributes.md div_by).
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %b = assume bounded<0, ?>, %n : tile<i32>
    %a = assume div_by<12>, %b : tile<i32>
    return
  }
}

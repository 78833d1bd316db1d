// expect: TILE017 line 5
// rule: the divisor of div_by must be a positive power of two; 0 is not positive (attributes.md div_by).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>) {
    %a = assume #cuda_tile.div_by<0>, %p : tile<ptr<f16>>
    return
  }
}

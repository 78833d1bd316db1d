// expect: TILE017 line 5
// rule: every/along split a dimension into groups; a 0-d tile has none, so div_by may not use them there (attributes.md div_by).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = assume div_by<16, every 4 along 0>, %p : tile<ptr<f32>>
    return
  }
}

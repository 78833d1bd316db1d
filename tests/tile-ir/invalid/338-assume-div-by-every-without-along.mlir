// expect: TILE001 line 6
// rule: every and along go together in div_by: `every 4` alone does not parse (attributes.md div_by).
cuda_tile.module @m {
  entry @k() {
    %x = iota : tile<16xi32>
    %a = assume div_by<1, every 4>, %x : tile<16xi32>
    return
  }
}

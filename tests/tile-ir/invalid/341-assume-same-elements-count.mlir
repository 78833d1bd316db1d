// expect: TILE017 line 6
// rule: same_elements gives one group size per dimension: a 2-d tile needs two, not one (attributes.md same_elements).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i16: 0> : tile<4x8xi16>
    %a = assume same_elements<[4]>, %x : tile<4x8xi16>
    return
  }
}

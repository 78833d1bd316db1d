// expect: TILE007 line 6
// rule: same_elements describes a tile of integers or pointers, not of floats (attributes.md same_elements).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f16: 0.0> : tile<8xf16>
    %a = assume same_elements<[8]>, %x : tile<8xf16>
    return
  }
}

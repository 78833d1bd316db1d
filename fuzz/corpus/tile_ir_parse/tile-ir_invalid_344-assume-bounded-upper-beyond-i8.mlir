// expect: TILE017 line 6
// rule: a bound of bounded lies in the signed range of the element type: i8 reaches 127, not 200 (attributes.md bounded).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: 1> : tile<16xi8>
    %a = assume bounded<0, 200>, %x : tile<16xi8>
    return
  }
}

// expect: TILE017 line 6
// rule: a bound of bounded lies in the signed range of the element type: i16 starts at -32768, so -40000 is out (attributes.md bounded).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i16: 1> : tile<16xi16>
    %a = assume #cuda_tile.bounded<-40000, ?>, %x : tile<16xi16>
    return
  }
}

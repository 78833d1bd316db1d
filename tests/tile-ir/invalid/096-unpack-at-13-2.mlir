// expect: TILE012 line 7
// rule: unpack was added in Tile IR 13.3 (INDEX.md, op-unpack.md); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %b = constant <i8: 0> : tile<32xi8>
    %h = unpack %b : tile<32xi8> -> tile<16xf16>
    return
  }
}

// expect: TILE012 line 7
// rule: pack was added in Tile IR 13.3 (INDEX.md, op-pack.md); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 1.0> : tile<16xf16>
    %b = pack %h : tile<16xf16> -> tile<32xi8>
    return
  }
}

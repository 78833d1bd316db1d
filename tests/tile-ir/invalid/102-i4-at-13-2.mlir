// expect: TILE012 line 7
// rule: The i4 element type exists since Tile IR 13.3 (types.md#element-types); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %b = constant <i8: 3> : tile<8xi8>
    %n = trunci %b : tile<8xi8> -> tile<8xi4>
    return
  }
}

// expect: TILE012 line 7
// rule: The f8E8M0FNU element type exists since Tile IR 13.2 (types.md#element-types); the file is checked against 13.1.
// version: 13.1
cuda_tile.module @m {
  entry @k() {
    %b = constant <i8: 127> : tile<4xi8>
    %s = bitcast %b : tile<4xi8> -> tile<4xf8E8M0FNU>
    return
  }
}

// expect: TILE012 line 5
// rule: global's `constant` flag exists since Tile IR 13.3 (op-global.md Parameters); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  global constant @lut <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  entry @k() {
    return
  }
}

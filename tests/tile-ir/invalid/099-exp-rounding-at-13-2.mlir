// expect: TILE012 line 7
// rule: exp's rounding_mode attribute exists since Tile IR 13.3 (op-exp.md Parameters); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 0.5> : tile<4xf32>
    %e = exp %x rounding<approx> : tile<4xf32>
    return
  }
}

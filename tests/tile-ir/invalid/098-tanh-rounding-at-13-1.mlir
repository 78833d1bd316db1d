// expect: TILE012 line 7
// rule: tanh's rounding_mode attribute exists since Tile IR 13.2 (op-tanh.md Parameters); at 13.1 tanh takes no rounding modifier.
// version: 13.1
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 0.5> : tile<4xf32>
    %t = tanh %x rounding<approx> : tile<4xf32>
    return
  }
}

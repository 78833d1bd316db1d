// atan2 and tanh's rounding attribute are newer than Tile IR 13.1.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = atan2 %a, %a : tile<4xf32>
    %c = tanh %a rounding<approx> : tile<4xf32>
    return
  }
}

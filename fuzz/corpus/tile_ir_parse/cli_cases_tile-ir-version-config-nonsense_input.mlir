cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = atan2 %a, %a : tile<4xf32>
    return
  }
}

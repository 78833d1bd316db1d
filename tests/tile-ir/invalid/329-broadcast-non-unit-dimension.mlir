// expect: TILE008 line 6
// rule: broadcast only grows size-1 dimensions; every other source dimension equals the result's (op-broadcast.md); 4 cannot become 8.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 0.0> : tile<4x16xf32>
    %y = broadcast %x : tile<4x16xf32> -> tile<8x16xf32>
    return
  }
}

// expect: TILE002 line 7
// rule: the 13.3 op list names op code 84 `pow`; `fpowf` is how tileirdisasm 13.5 prints it, not a name Tile IR 13.3 text uses (reported with the safe rename; under 13.4 and later it is read as `pow`).
cuda_tile.module @m {
  entry @k() {
    %b = constant <f32: 2.0> : tile<4xf32>
    %e = constant <f32: 3.0> : tile<4xf32>
    %p = fpowf %b, %e : tile<4xf32>
    return
  }
}

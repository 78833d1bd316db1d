// expect: TILE012 line 8
// rule: atan2 was added in Tile IR 13.2 (INDEX.md, op-atan2.md 'Since: Tile IR 13.2'); the file is checked against 13.1.
// version: 13.1
cuda_tile.module @m {
  entry @k() {
    %y = constant <f32: 1.0> : tile<4xf32>
    %x = constant <f32: 2.0> : tile<4xf32>
    %a = atan2 %y, %x : tile<4xf32>
    return
  }
}

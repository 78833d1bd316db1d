// expect: TILE001 line 3
// rule: the version pragma names a version older than the first Tile IR release (13.1), which no Tile IR module can be for.
// speclint: tile-ir-version=13.0
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = addf %a, %a : tile<4xf32>
    return
  }
}

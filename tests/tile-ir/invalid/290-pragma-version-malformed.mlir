// expect: TILE001 line 3
// rule: the version pragma names no Tile IR version (`13.x` is not MAJOR.MINOR); the file is checked against the default, 13.3.
// speclint: tile-ir-version=13.x
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = addf %a, %a : tile<4xf32>
    return
  }
}

// expect: TILE019 line 4
// expect: TILE001 line 8
// rule: a newer version adds words to an op's form, not type syntax: a type where `:` must come is still a syntax error.
// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = addf %a, %a tile<4xf32>
    return
  }
}

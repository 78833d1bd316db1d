// expect: TILE019 line 4
// expect: TILE002 line 8
// rule: a newer Tile IR version adds cuda_tile ops, never ops of another dialect: `arith.addf` is still not allowed in a cuda_tile module.
// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = arith.addf %a, %a : tile<4xf32>
    return
  }
}

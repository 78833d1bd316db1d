// expect: TILE006 line 6
// rule: addf has exactly one result (op-addf.md Results); two names are bound to it.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s, %t = addf %a, %a : tile<4xf32>
    return
  }
}

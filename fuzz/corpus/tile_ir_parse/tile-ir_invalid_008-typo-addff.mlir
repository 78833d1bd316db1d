// expect: TILE002 line 6
// rule: `addff` is not an operation of the cuda_tile dialect (INDEX.md lists the 100 ops; the float add is `addf`).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addff %a, %a : tile<4xf32>
    return
  }
}

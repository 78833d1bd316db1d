// expect: TILE006 line 7
// rule: select takes three operands, cond, val_if_true and val_if_false (op-select.md); the false value is missing.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i1: true> : tile<4xi1>
    %a = constant <f32: 1.0> : tile<4xf32>
    %r = select %c, %a : tile<4xi1>, tile<4xf32>
    return
  }
}

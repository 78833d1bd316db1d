// expect: TILE006 line 6
// rule: addf takes exactly two operands, lhs and rhs (op-addf.md); only one is given.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addf %a : tile<4xf32>
    return
  }
}

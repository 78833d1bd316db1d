// expect: TILE006 line 6
// rule: fma takes three operands, lhs, rhs and acc (op-fma.md); the accumulator is missing.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<8xf32>
    %r = fma %a, %a : tile<8xf32>
    return
  }
}

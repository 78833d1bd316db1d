// expect: TILE006 line 8
// rule: mmaf's type list names the lhs, rhs and acc types (op-mmaf.md format: three types); the acc type is missing.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x32xf16>
    %b = constant <f16: 1.0> : tile<32x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x32xf16>, tile<32x16xf16>
    return
  }
}

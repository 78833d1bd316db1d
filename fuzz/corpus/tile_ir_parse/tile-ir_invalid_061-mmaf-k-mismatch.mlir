// expect: TILE009 line 8
// rule: mmaf operands must be M x K, K x N and M x N (op-mmaf.md); lhs is 16x32 but rhs has 16 rows instead of K = 32.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<16x32xf16>
    %b = constant <f16: 1.0> : tile<16x16xf16>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    %d = mmaf %a, %b, %c : tile<16x32xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

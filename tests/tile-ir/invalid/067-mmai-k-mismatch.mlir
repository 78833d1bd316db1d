// expect: TILE009 line 8
// rule: mmai operands must be M x K, K x N and M x N (op-mmai.md); lhs 16x64 and rhs 32x16 disagree on K.
cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<16x64xi8>
    %b = constant <i8: 1> : tile<32x16xi8>
    %c = constant <i32: 0> : tile<16x16xi32>
    %d = mmai %a, %b, %c signed signed : tile<16x64xi8>, tile<32x16xi8>, tile<16x16xi32>
    return
  }
}

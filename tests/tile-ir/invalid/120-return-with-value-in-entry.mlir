// expect: TILE014 line 6
// rule: Kernels do not return values: return in an entry takes no operands (op-return.md warning; op-entry.md: 'A kernel can not return any value').
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    return %c : tile<f32>
  }
}

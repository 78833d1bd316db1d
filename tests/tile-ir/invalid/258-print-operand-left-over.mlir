// expect: TILE018 line 7
// rule: print_tko prints one operand per format expression (op-print_tko.md); `100%%` is a literal percent sign, so one conversion is left for two operands.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 5.0> : tile<f32>
    %y = constant <f32: 6.0> : tile<f32>
    %t = print_tko "100%% of %f\0A", %x, %y : tile<f32>, tile<f32> -> token
    return
  }
}

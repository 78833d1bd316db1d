// expect: TILE008 line 8
// rule: select's val_if_true and val_if_false must have the same type as the result (op-select.md: AllTypesMatch[val_if_true, val_if_false, result]); `%h` is tile<4xf16> while `%f` and the result are tile<4xf32>.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i1: true> : tile<4xi1>
    %f = constant <f32: 1.0> : tile<4xf32>
    %h = constant <f16: 2.0> : tile<4xf16>
    %r = select %c, %f, %h : tile<4xi1>, tile<4xf32>
    return
  }
}

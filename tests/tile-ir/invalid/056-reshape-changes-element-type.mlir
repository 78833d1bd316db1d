// expect: TILE008 line 6
// rule: reshape keeps the element type (op-reshape.md: SameOperandsAndResultElementType); f32 -> i32 needs bitcast.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<2x4xf32>
    %y = reshape %x : tile<2x4xf32> -> tile<8xi32>
    return
  }
}

// expect: TILE008 line 6
// rule: reshape keeps the number of elements (op-reshape.md, spec-db rule element-count); 2x4 has 8 elements, 4x4 has 16.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<2x4xf32>
    %y = reshape %x : tile<2x4xf32> -> tile<4x4xf32>
    return
  }
}

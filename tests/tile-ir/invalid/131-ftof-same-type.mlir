// expect: TILE007 line 6
// rule: ftof converts between different float types (op-ftof.md, spec-db rule different-types); f32 -> f32 is rejected by tileiras.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x : tile<4xf32> -> tile<4xf32>
    return
  }
}
